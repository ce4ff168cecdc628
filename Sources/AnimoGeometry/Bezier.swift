// Evaluation, splitting and extrema of quadratic and cubic Bézier segments (Bernstein form).
import Foundation

public enum Bezier {
    @inlinable public static func quadPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ t: Double) -> Point {
        let mt = 1 - t
        return p0 * (mt * mt) + p1 * (2 * mt * t) + p2 * (t * t)
    }
    @inlinable public static func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let mt = 1 - t
        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
        return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
    /// First derivative of a cubic at t.
    @inlinable public static func cubicDerivative(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let mt = 1 - t
        return (p1 - p0) * (3 * mt * mt) + (p2 - p1) * (6 * mt * t) + (p3 - p2) * (3 * t * t)
    }
    @inlinable public static func quadDerivative(_ p0: Point, _ p1: Point, _ p2: Point, _ t: Double) -> Point {
        (p1 - p0) * (2 * (1 - t)) + (p2 - p1) * (2 * t)
    }

    /// De Casteljau split of a cubic at t: the two halves' control points.
    public static func splitCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, at t: Double)
        -> ((Point, Point, Point, Point), (Point, Point, Point, Point)) {
        let a = p0.lerp(p1, t), b = p1.lerp(p2, t), c = p2.lerp(p3, t)
        let d = a.lerp(b, t), e = b.lerp(c, t)
        let f = d.lerp(e, t)
        return ((p0, a, d, f), (f, e, c, p3))
    }
    public static func splitQuad(_ p0: Point, _ p1: Point, _ p2: Point, at t: Double)
        -> ((Point, Point, Point), (Point, Point, Point)) {
        let a = p0.lerp(p1, t), b = p1.lerp(p2, t), m = a.lerp(b, t)
        return ((p0, a, m), (m, b, p2))
    }

    /// Parameters in (0, 1) where a quad's x or y derivative vanishes.
    public static func quadExtrema(_ p0: Point, _ p1: Point, _ p2: Point) -> [Double] {
        var ts: [Double] = []
        for (a, b, c) in [(p0.x, p1.x, p2.x), (p0.y, p1.y, p2.y)] {
            let den = a - 2 * b + c
            if den != 0 { let t = (a - b) / den; if t > 0 && t < 1 { ts.append(t) } }
        }
        return ts
    }

    /// Parameters in (0, 1) where a cubic's x or y derivative vanishes.
    public static func cubicExtrema(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Double] {
        var ts: [Double] = []
        for (a, b, c, d) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
            // derivative / 3 = A t² + B t + C
            let A = -a + 3 * b - 3 * c + d
            let B = 2 * (a - 2 * b + c)
            let C = b - a
            for t in solveQuadratic(A, B, C) where t > 0 && t < 1 { ts.append(t) }
        }
        return ts
    }

    /// Real roots of A t² + B t + C = 0 (a linear equation when A is ~0).
    public static func solveQuadratic(_ A: Double, _ B: Double, _ C: Double) -> [Double] {
        if abs(A) < 1e-12 {
            if abs(B) < 1e-12 { return [] }
            return [-C / B]
        }
        let disc = B * B - 4 * A * C
        if disc < 0 { return [] }
        let s = disc.squareRoot()
        // Numerically stable form.
        let q = -0.5 * (B + (B < 0 ? -s : s))
        var r: [Double] = []
        if q != 0 { r.append(C / q) }
        r.append(q / A)
        return r
    }
}
