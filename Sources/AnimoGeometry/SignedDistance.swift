// Signed distances to the shapes Liquid Glass fills, and their smooth union (docs/semantics.md
// §237, §256). Negative inside, positive outside, in the outline's units.
//
// - Rounded rectangle (capsule, circle and rectangle are special cases): the exact distance to a
//   box of half-size b with corner radius r is |max(q, 0)| + min(max(q.x, q.y), 0) − r, where
//   q = |p − centre| − (b − r) per axis (the standard box distance, offset by r). SwiftUI's
//   continuous corners are drawn as circular ones here: the glass outline's corners differ from
//   a `.continuous` path's by under 2.5 % of the radius.
// - Ellipse: the first-order approximation (|p/a| − 1)·|p/a| / |p/a²| (a the semi-axes), exact on
//   the outline and on circles, within a few per cent of the true distance near the outline.
// - Blend (a morph between two outlines, docs/semantics.md §268): (1 − w)·a + w·b, the two
//   distances mixed by the morph's progress w. Its zero set moves continuously from a's outline
//   (w = 0) to b's (w = 1); it is a distance bound rather than an exact distance in between, close
//   to exact where the outlines are near each other, which is all coverage and the rim read.
// - Erosion: the distance plus e moves the outline inward by e. The smooth union of a shape with
//   a copy of itself eroded by at least k is the shape itself (|a − b| ≥ k), which lets a shape
//   grow out of another without the pair bulging at the start.
// - Smooth union: the quadratic smooth minimum of two distances a, b with width k,
//   min(a, b) − h²·k/4 with h = max(k − |a − b|, 0)/k. It equals min(a, b) once |a − b| ≥ k and is
//   continuous in a, b, so a union of moving shapes changes continuously. Two shapes whose gap is g
//   meet midway at distance g/2 each, where the union is g/2 − k/4: they are one shape exactly when
//   g < k/2. A container of spacing s therefore uses k = 2s.
import Foundation

/// A glass outline in its own coordinates.
public enum GlassOutline: Sendable, Equatable {
    /// A rectangle with circular corners of `radius` (clamped to half the shorter side).
    case roundedRect(Rect, radius: Double)
    case ellipse(Rect)
    /// Two outlines mixed: (1 − weight)·first + weight·second (0 = the first, 1 = the second).
    indirect case blend(GlassOutline, GlassOutline, weight: Double)
    /// The outline moved inward by `by` (≥ 0): its distance + `by`.
    indirect case eroded(GlassOutline, by: Double)

    /// A capsule filling `r`.
    public static func capsule(_ r: Rect) -> GlassOutline { .roundedRect(r, radius: min(r.width, r.height) / 2) }

    /// A circle inscribed in `r` (centred, diameter the shorter side), as SwiftUI's `Circle`.
    public static func circle(_ r: Rect) -> GlassOutline {
        let d = min(r.width, r.height)
        return .roundedRect(Rect(x: r.midX - d / 2, y: r.midY - d / 2, width: d, height: d), radius: d / 2)
    }

    /// The outline's bounds.
    public var bounds: Rect {
        switch self {
        case .roundedRect(let r, _), .ellipse(let r): return r
        case .blend(let a, let b, _): return a.bounds.union(b.bounds)
        case .eroded(let a, _): return a.bounds
        }
    }

    /// The signed distance from `p` to the outline (negative inside).
    @inlinable public func distance(_ p: Point) -> Double {
        switch self {
        case .roundedRect(let r, let radius):
            let hx = max(r.width, 0) / 2, hy = max(r.height, 0) / 2
            let rr = min(max(radius, 0), min(hx, hy))
            let qx = abs(p.x - r.midX) - (hx - rr), qy = abs(p.y - r.midY) - (hy - rr)
            let ox = max(qx, 0), oy = max(qy, 0)
            return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - rr
        case .ellipse(let r):
            let a = max(r.width / 2, 1e-9), b = max(r.height / 2, 1e-9)
            let x = p.x - r.midX, y = p.y - r.midY
            let k0 = ((x / a) * (x / a) + (y / b) * (y / b)).squareRoot()
            let k1 = ((x / (a * a)) * (x / (a * a)) + (y / (b * b)) * (y / (b * b))).squareRoot()
            guard k1 > 1e-12 else { return -min(a, b) }
            return k0 * (k0 - 1) / k1
        case .blend(let a, let b, let w):
            return a.distance(p) * (1 - w) + b.distance(p) * w
        case .eroded(let a, let by):
            return a.distance(p) + by
        }
    }
}

/// The quadratic smooth minimum of two signed distances with blend width `k` (≥ 0), and how much
/// of `b` the result is made of (0…1), for mixing the two shapes' other properties.
@inlinable public func smoothUnion(_ a: Double, _ b: Double, width k: Double) -> (distance: Double, weightOfB: Double) {
    guard k > 0 else { return (min(a, b), a <= b ? 0 : 1) }
    let h = max(k - abs(a - b), 0) / k
    let w = min(max(0.5 + 0.5 * (a - b) / k, 0), 1)
    return (min(a, b) - h * h * k / 4, w)
}
