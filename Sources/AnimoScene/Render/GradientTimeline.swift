// A gradient whose stops read the state: the gradient in force after each state change, and how
// an animated change blends the gradients before and after it (docs/semantics.md §315–§318).
//
// SwiftUI animates a resolved gradient as a vector of stops: two gradients whose stops sit at the
// same locations interpolate colour by colour; otherwise each is sampled at the other's locations
// and the union of stops interpolates, so locations never slide: the ramp cross-fades point by
// point. Colours are blended premultiplied in the space the ramp is drawn in (gamma sRGB here,
// Gradient.swift). Interrupted animations add up as every animated number does:
// drawn = G(now) + Σ offset_k × (G(after k) − G(before k)), offset_k going from −1 to 0.
import AnimoGeometry

/// A gradient of a paint: fixed, or changing with the state.
enum RGradient: Sendable {
    case constant(Gradient)
    case stateful(GradientTimeline)
}

/// The gradients a paint takes as the state changes, known once the scene is resolved.
struct GradientTimeline: Sendable {
    /// One change of the gradient: its unit track (0 → 1 with the change's animation) and the
    /// gradients before and after it.
    struct Change: Sendable {
        var track: Int
        var before: Gradient
        var after: Gradient
    }

    /// The gradient before the first change.
    var initial: Gradient
    /// The gradient after each change, with the time of the change (ascending).
    var steps: [(time: Double, gradient: Gradient)] = []
    /// The animated changes.
    var changes: [Change] = []

    /// The gradient in force at t (the last change at or before t), without animation.
    func target(at t: Double) -> Gradient {
        let n = steps.prefixCount { $0.time <= t }
        return n == 0 ? initial : steps[n - 1].gradient
    }

    /// The gradient drawn at t: the target, blended with every change still animating. At rest it
    /// is the target itself (no allocation); while a change animates, one array of stops.
    func gradient(at t: Double, tracks: [PropertyTrack]) -> Gradient {
        let base = target(at: t)
        var animating = false
        for c in changes where tracks[c.track].offset(at: t) != 0 { animating = true; break }
        guard animating else { return base }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: changes.count) { offsets in
            var capacity = base.stops.count
            for (k, c) in changes.enumerated() {
                let o = tracks[c.track].offset(at: t)
                offsets[k] = o.isFinite ? o : 0
                if offsets[k] != 0 { capacity += c.before.stops.count + c.after.stops.count }
            }
            return Self.blend(base, changes, offsets, capacity: capacity)
        }
    }

    /// base + Σ offsets[k] × (after_k − before_k), sampled at the union of their locations.
    static func blend(_ base: Gradient, _ changes: [Change], _ offsets: UnsafeMutableBufferPointer<Double>, capacity: Int) -> Gradient {
        var out: [Gradient.Stop] = []
        out.reserveCapacity(2 * capacity)
        var current = -Double.infinity
        while true {
            // The next location of any of the gradients.
            var next = nextLocation(base.stops, after: current)
            for (k, c) in changes.enumerated() where offsets[k] != 0 {
                next = min(next, nextLocation(c.before.stops, after: current), nextLocation(c.after.stops, after: current))
            }
            guard next.isFinite else { break }
            // A gradient may jump at a location (two stops there): the colour just before it and
            // the colour at it both become stops.
            var left = premultiplied(base, at: next, fromBelow: true)
            var right = premultiplied(base, at: next, fromBelow: false)
            for (k, c) in changes.enumerated() where offsets[k] != 0 {
                let o = offsets[k]
                left += o * (premultiplied(c.after, at: next, fromBelow: true) - premultiplied(c.before, at: next, fromBelow: true))
                right += o * (premultiplied(c.after, at: next, fromBelow: false) - premultiplied(c.before, at: next, fromBelow: false))
            }
            out.append(Gradient.Stop(color: straight(left), location: next))
            if left != right { out.append(Gradient.Stop(color: straight(right), location: next)) }
            current = next
        }
        return Gradient(orderedStops: out)
    }

    /// The first location after `x` (stops are in ascending order); infinity when none.
    static func nextLocation(_ stops: [Gradient.Stop], after x: Double) -> Double {
        for s in stops where s.location > x { return s.location }
        return .infinity
    }

    /// The ramp's colour at `x` as it is drawn, premultiplied: the value just below `x` or at it
    /// (`Gradient.color(at:fromBelow:)`).
    static func premultiplied(_ g: Gradient, at x: Double, fromBelow: Bool) -> SIMD4<Double> {
        premultiplied(g.color(at: x, fromBelow: fromBelow))
    }

    static func premultiplied(_ c: Color) -> SIMD4<Double> {
        let a = min(max(c.alpha, 0), 1)
        return SIMD4(c.red * a, c.green * a, c.blue * a, a)
    }

    /// A premultiplied blend back to a straight colour, clamped to the gamut (a spring overshoots).
    static func straight(_ p: SIMD4<Double>) -> Color {
        func unit(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
        let a = unit(p.w)
        guard a > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        return Color(red: unit(p.x / p.w), green: unit(p.y / p.w), blue: unit(p.z / p.w), alpha: a)
    }
}
