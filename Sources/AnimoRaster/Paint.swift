// Paints: what fills a shape. Solid colors, SwiftUI's three gradient kinds and images.
//
// Gradient geometry is given in a gradient space; `transform` maps it to user space (e.g. the unit
// square mapped onto a shape's frame), and the drawing context's current transform then maps user
// space to device pixels. Each pixel is shaded at its center (x + 0.5, y + 0.5) mapped back into
// gradient space by the inverse transform, so non-uniform scales give elliptical radial gradients
// as SwiftUI's unit-space gradients do. All gradients extend with pad (end colors continue).
import AnimoGeometry
import Foundation

/// How an image is sampled when drawn through a transform.
public enum ImageSampling: Sendable, Hashable {
    /// The nearest source pixel (pixel-art look, no blur).
    case nearest
    /// Bilinear interpolation of the four nearest pixel centers (premultiplied), edges clamped.
    case bilinear
}

/// What a fill paints with.
public enum Paint: Sendable {
    /// One straight-alpha color.
    case solid(Color)
    /// SwiftUI's `LinearGradient`: t = 0 at `start`, 1 at `end`, constant along perpendiculars.
    case linearGradient(Gradient, start: Point, end: Point, transform: Transform = .identity)
    /// SwiftUI's `RadialGradient`: t = (distance from `center` − startRadius) / (endRadius − startRadius).
    case radialGradient(Gradient, center: Point, startRadius: Double, endRadius: Double, transform: Transform = .identity)
    /// SwiftUI's `AngularGradient` (conic): angles in radians, 0 at 3 o'clock, increasing clockwise
    /// on screen (y down). t = 0 at `startAngle`, 1 at `endAngle`. A sweep over 2π draws only its
    /// last full turn; a sweep under 2π fills the missing sector with the colors at 1 and then 0,
    /// switching halfway across it (SwiftUI `AngularGradient` documentation). A zero sweep is a full
    /// turn starting at `startAngle` (our choice: SwiftUI's initializers default both angles to 0).
    case angularGradient(Gradient, center: Point, startAngle: Double, endAngle: Double, transform: Transform = .identity)
    /// An image: pixel (i, j) of the pixmap covers [i, i+1] × [j, j+1] of image space, which
    /// `transform` maps to user space.
    case image(Pixmap, transform: Transform = .identity, sampling: ImageSampling = .bilinear)

    /// Convenience for an opaque-or-not solid color.
    public static func color(_ c: Color) -> Paint { .solid(c) }
}

/// A paint resolved for one draw: device-space inverse mappings and premultiplied ramps, ready to
/// shade rows of pixels. Built once per fill; `shadeRow` does no allocation.
struct Shader {
    enum Kind {
        case solid(SIMD4<Float>)
        /// t = a·x + b·y + c in device pixels.
        case linear(a: Double, b: Double, c: Double, Gradient.Ramp)
        /// (u, v) = inverse(x, y) in gradient space; t = (|(u, v)| − r0) / (r1 − r0)
        case radial(inv: Transform, r0: Double, invDr: Double, Gradient.Ramp)
        /// angle of inverse(x, y); start, signed sweep, missing gap handling
        case angular(inv: Transform, start: Double, sweep: Double, Gradient.Ramp)
        case image(Pixmap, inv: Transform, sampling: ImageSampling, opacity: Float)
        /// Nothing is painted (degenerate paint, e.g. a singular transform).
        case none
    }
    let kind: Kind

    /// True when every pixel gets the same color (fast path).
    var solidColor: SIMD4<Float>? { if case .solid(let c) = kind { return c } else { return nil } }
    var paintsNothing: Bool { if case .none = kind { return true } else { return false } }

    /// Resolves `paint` under `ctm` (user → device) with an opacity multiplier (clamped to 0…1).
    init(_ paint: Paint, ctm: Transform, opacity: Double) {
        let op = Float(opacity.isFinite ? min(max(opacity, 0), 1) : 0)
        switch paint {
        case .solid(let c):
            kind = .solid(c.premultiplied.simd * op)
        case .linearGradient(let g, let p0, let p1, let t):
            let m = t.concatenating(ctm)
            let d0 = m.apply(p0), d1 = m.apply(p1)
            // In device space a linear gradient stays linear; map start/end and project. For a
            // non-uniform transform, the isolines are the images of the gradient-space perpendiculars:
            // t(x) = ⟨inv(x) − p0, p1 − p0⟩ / |p1 − p0|² with inv affine, so t is affine in x.
            guard let inv = m.inverted, d0.isFinite, d1.isFinite else { kind = .none; return }
            let v = p1 - p0
            let len2 = v.lengthSquared
            guard len2 > 0, len2.isFinite else {
                // Degenerate: start == end. Our choice: the whole plane takes the last color (pad past the end).
                kind = .solid(g.ramp(opacity: op).premultiplied(at: 1)); return
            }
            // t = (v.x·(inv.a x + inv.c y + inv.tx − p0.x) + v.y·(inv.b x + inv.d y + inv.ty − p0.y)) / len2
            let a = (v.x * inv.a + v.y * inv.b) / len2
            let b = (v.x * inv.c + v.y * inv.d) / len2
            let c = (v.x * (inv.tx - p0.x) + v.y * (inv.ty - p0.y)) / len2
            kind = .linear(a: a, b: b, c: c, g.ramp(opacity: op))
        case .radialGradient(let g, let center, let r0, let r1, let t):
            let m = Transform.translation(center.x, center.y).concatenating(t).concatenating(ctm)
            guard let inv = m.inverted, r0.isFinite, r1.isFinite else { kind = .none; return }
            let dr = r1 - r0
            // Equal radii: every point at distance ≥ r0 is past the end (pad to the last color),
            // points inside before the start (first color).
            kind = .radial(inv: inv, r0: r0, invDr: dr != 0 ? 1 / dr : .infinity, g.ramp(opacity: op))
        case .angularGradient(let g, let center, let a0, let a1, let t):
            let m = Transform.translation(center.x, center.y).concatenating(t).concatenating(ctm)
            guard let inv = m.inverted, a0.isFinite, a1.isFinite else { kind = .none; return }
            var start = a0, sweep = a1 - a0
            let full = 2 * Double.pi
            if sweep == 0 { sweep = full }
            if abs(sweep) > full { start = a1 - (sweep > 0 ? full : -full); sweep = sweep > 0 ? full : -full }
            kind = .angular(inv: inv, start: start, sweep: sweep, g.ramp(opacity: op))
        case .image(let pm, let t, let sampling):
            guard let inv = t.concatenating(ctm).inverted else { kind = .none; return }
            kind = .image(pm, inv: inv, sampling: sampling, opacity: op)
        }
    }

    /// Writes premultiplied colors for pixels (x … x+count−1, y) into `out`.
    func shadeRow(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let py = Double(y) + 0.5
        switch kind {
        case .none:
            out.update(repeating: .zero, count: count)
        case .solid(let c):
            out.update(repeating: c, count: count)
        case .linear(let a, let b, let c, let ramp):
            var t = a * (Double(x) + 0.5) + b * py + c
            for i in 0..<count {
                out[i] = ramp.premultiplied(at: Float(t))
                t += a
            }
        case .radial(let inv, let r0, let invDr, let ramp):
            for i in 0..<count {
                let p = inv.apply(Point(Double(x + i) + 0.5, py))
                let d = p.length
                let t: Double = invDr.isInfinite ? (d < r0 ? 0 : 1) : (d - r0) * invDr
                out[i] = ramp.premultiplied(at: Float(t))
            }
        case .angular(let inv, let start, let sweep, let ramp):
            let full = 2 * Double.pi
            let span = abs(sweep), dir: Double = sweep < 0 ? -1 : 1
            for i in 0..<count {
                let p = inv.apply(Point(Double(x + i) + 0.5, py))
                // atan2 on y-down coordinates: 0 at 3 o'clock, growing clockwise on screen.
                var a = ((atan2(p.y, p.x) - start) * dir).truncatingRemainder(dividingBy: full)
                if a < 0 { a += full }
                let t: Double
                if a <= span { t = a / span } else {
                    t = (a - span) / (full - span) < 0.5 ? 1 : 0
                }
                out[i] = ramp.premultiplied(at: Float(t))
            }
        case .image(let pm, let inv, let sampling, let op):
            pm.pixels.withUnsafeBufferPointer { src in
                for i in 0..<count {
                    let p = inv.apply(Point(Double(x + i) + 0.5, py))
                    out[i] = Shader.sample(src, pm.width, pm.height, p, sampling) * op
                }
            }
        }
    }

    /// Samples premultiplied pixels at image-space point `p` (pixel centers at +0.5), clamped to edges.
    @inline(__always)
    static func sample(_ src: UnsafeBufferPointer<SIMD4<Float>>, _ w: Int, _ h: Int, _ p: Point,
                       _ sampling: ImageSampling) -> SIMD4<Float> {
        guard p.isFinite else { return .zero }
        switch sampling {
        case .nearest:
            let ix = min(max(Int(p.x.rounded(.down).clamped(-1, Double(w))), 0), w - 1)
            let iy = min(max(Int(p.y.rounded(.down).clamped(-1, Double(h))), 0), h - 1)
            return src[iy * w + ix]
        case .bilinear:
            let fx = (p.x - 0.5).clamped(-1, Double(w)), fy = (p.y - 0.5).clamped(-1, Double(h))
            let x0f = fx.rounded(.down), y0f = fy.rounded(.down)
            let tx = Float(fx - x0f), ty = Float(fy - y0f)
            let x0 = min(max(Int(x0f), 0), w - 1), x1 = min(max(Int(x0f) + 1, 0), w - 1)
            let y0 = min(max(Int(y0f), 0), h - 1), y1 = min(max(Int(y0f) + 1, 0), h - 1)
            let top = src[y0 * w + x0] * (1 - tx) + src[y0 * w + x1] * tx
            let bot = src[y1 * w + x0] * (1 - tx) + src[y1 * w + x1] * tx
            return top * (1 - ty) + bot * ty
        }
    }
}

extension Double {
    @inline(__always) fileprivate func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(Swift.max(self, lo), hi) }
}
