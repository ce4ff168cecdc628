// CubicBezierSolver: CSS-style unit cubic Bézier timing function with P0 = (0, 0), P3 = (1, 1)
// (docs/semantics.md §24). Given progress x, solve x(s) = x for the curve parameter s, return y(s).
//
// Solver: Newton's method from s = x (at most 8 iterations), falling back to bisection on [0, 1]
// when the derivative vanishes or Newton leaves the interval. Tolerance 1e-9 in x, so the result
// is accurate to well under 1e-6 in progress (the bound the tests hold it to is 1e-6). The port (OSUI
// `UnitCurve.swift`) uses epsilon 2⁻²⁰ and rounds output to a 2⁻²⁰ grid; we do not round
// (a choice: the difference is < 1e-6 and rounding would make velocities stair-stepped).

/// The polynomial form of a unit cubic Bézier. x control coordinates are clamped to [0, 1]
/// so that x(s) is monotone and the solve is well-defined.
public struct CubicBezierSolver: Sendable, Hashable {
    // x(s) = ((ax·s + bx)·s + cx)·s, same for y (Horner form of the Bernstein polynomial).
    let ax, bx, cx, ay, by, cy: Double

    /// Solver tolerance in x.
    static let epsilon = 1e-9

    public init(c0x: Double, c0y: Double, c1x: Double, c1y: Double) {
        let x1 = min(max(c0x, 0), 1), x2 = min(max(c1x, 0), 1)
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * c0y
        by = 3 * (c1y - c0y) - cy
        ay = 1 - cy - by
    }

    @inline(__always) func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inline(__always) func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inline(__always) func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    @inline(__always) func dy(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The curve parameter s in [0, 1] with x(s) = progress (progress clamped to [0, 1]).
    public func parameter(forProgress progress: Double) -> Double {
        guard progress > 0 else { return 0 }
        guard progress < 1 else { return 1 }
        var s = progress
        for _ in 0..<8 {
            let err = x(s) - progress
            if abs(err) < Self.epsilon { return s }
            let d = dx(s)
            if abs(d) < 1e-12 { break }
            let next = s - err / d
            if next < 0 || next > 1 { break }
            s = next
        }
        // Bisection fallback: x is monotone on [0, 1] because x control points are in [0, 1].
        var lo = 0.0, hi = 1.0
        s = progress
        for _ in 0..<64 {
            let v = x(s)
            if abs(v - progress) < Self.epsilon { return s }
            if v < progress { lo = s } else { hi = s }
            s = 0.5 * (lo + hi)
        }
        return s
    }

    /// y at the given progress (x).
    public func value(at progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        return y(parameter(forProgress: progress))
    }

    /// dy/dx at the given progress (the curve's slope; 0 outside [0, 1]).
    public func slope(at progress: Double) -> Double {
        guard progress >= 0, progress <= 1 else { return 0 }
        let s = parameter(forProgress: progress)
        let d = dx(s)
        if abs(d) < 1e-12 {
            // Vertical tangent at the ends (e.g. x control at 0): use the limit ratio of the
            // second derivatives, or a large finite slope when that too vanishes.
            let ddx = 6 * ax * s + 2 * bx, ddy = 6 * ay * s + 2 * by
            return abs(ddx) > 1e-12 ? ddy / ddx : 0
        }
        return dy(s) / d
    }
}
