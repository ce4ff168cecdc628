// UnitCurve: SwiftUI's unit curves mapping progress in [0, 1] to a fraction (docs/semantics.md §23, 25).
import Foundation

/// A function from progress (0…1) to fraction complete, like SwiftUI's `UnitCurve`.
public struct UnitCurve: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case linear
        case bezier(CubicBezierSolver, c0x: Double, c0y: Double, c1x: Double, c1y: Double)
        case circularEaseIn, circularEaseOut, circularEaseInOut
        case inverse(Box)
    }
    /// Indirection for `inverse` of a non-Bézier curve.
    final class Box: Sendable, Hashable {
        let curve: UnitCurve
        init(_ c: UnitCurve) { curve = c }
        static func == (a: Box, b: Box) -> Bool { a.curve == b.curve }
        func hash(into h: inout Hasher) { h.combine(curve) }
    }
    let kind: Kind

    /// Linear: y = x.
    public static let linear = UnitCurve(kind: .linear)
    /// easeIn control points (0.42, 0, 1, 1) (§23: ADOC `unitcurve/easein`).
    public static let easeIn = UnitCurve(uncheckedBezier: 0.42, 0, 1, 1)
    /// easeOut control points (0, 0, 0.58, 1) (§23).
    public static let easeOut = UnitCurve(uncheckedBezier: 0, 0, 0.58, 1)
    /// easeInOut control points (0.42, 0, 0.58, 1) (§23: ADOC `unitcurve/easeinout`).
    public static let easeInOut = UnitCurve(uncheckedBezier: 0.42, 0, 0.58, 1)
    /// y = 1 − √(1 − x²) (§25: ADOC "fourth quadrant of a unit circle").
    public static let circularEaseIn = UnitCurve(kind: .circularEaseIn)
    /// y = √(1 − (1 − x)²) (§25).
    public static let circularEaseOut = UnitCurve(kind: .circularEaseOut)
    /// Piecewise circular ease in-out (§25).
    public static let circularEaseInOut = UnitCurve(kind: .circularEaseInOut)

    init(kind: Kind) { self.kind = kind }

    init(uncheckedBezier c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) {
        kind = .bezier(CubicBezierSolver(c0x: c0x, c0y: c0y, c1x: c1x, c1y: c1y),
                       c0x: c0x, c0y: c0y, c1x: c1x, c1y: c1y)
    }

    /// `UnitCurve.bezier(startControlPoint:endControlPoint:)`: control points are clamped to
    /// [0, 1] as in the port (§25, OSUI `UnitCurve.swift`). NaN or infinite → error.
    public static func bezier(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) throws -> UnitCurve {
        for (v, n) in [(c0x, "c0x"), (c0y, "c0y"), (c1x, "c1x"), (c1y, "c1y")] {
            try MotionError.requireFinite(v, n)
        }
        func c(_ v: Double) -> Double { min(max(v, 0), 1) }
        return UnitCurve(uncheckedBezier: c(c0x), c(c0y), c(c1x), c(c1y))
    }

    /// A timing-curve Bézier for `Animation.timingCurve`: x controls are clamped to [0, 1]
    /// (needed for a monotone x), y controls are kept so curves may overshoot like CSS.
    static func timingBezier(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) throws -> UnitCurve {
        for (v, n) in [(c0x, "c0x"), (c0y, "c0y"), (c1x, "c1x"), (c1y, "c1y")] {
            try MotionError.requireFinite(v, n)
        }
        return UnitCurve(uncheckedBezier: c0x, c0y, c1x, c1y)
    }

    /// The fraction complete at `progress` (clamped to [0, 1]).
    public func value(at progress: Double) -> Double {
        let x = min(max(progress, 0), 1)
        switch kind {
        case .linear: return x
        case .bezier(let s, _, _, _, _): return s.value(at: x)
        case .circularEaseIn: return 1 - (1 - x * x).squareRoot()
        case .circularEaseOut: return (1 - (1 - x) * (1 - x)).squareRoot()
        case .circularEaseInOut:
            return x < 0.5 ? (1 - (1 - 4 * x * x).squareRoot()) / 2
                           : ((max(0, 8 * x - 4 * x * x - 3)).squareRoot() + 1) / 2
        case .inverse(let b): return Self.invert(b.curve, x)
        }
    }

    /// d(fraction)/d(progress) at `progress` (0 outside [0, 1]; infinite slopes of the circular
    /// curves at their ends are capped at 1e6).
    public func velocity(at progress: Double) -> Double {
        guard progress >= 0, progress <= 1 else { return 0 }
        let x = progress, cap = 1e6
        switch kind {
        case .linear: return 1
        case .bezier(let s, _, _, _, _): return s.slope(at: x)
        case .circularEaseIn:
            let r = (1 - x * x).squareRoot(); return r > 0 ? min(x / r, cap) : cap
        case .circularEaseOut:
            let r = (1 - (1 - x) * (1 - x)).squareRoot(); return r > 0 ? min((1 - x) / r, cap) : cap
        case .circularEaseInOut:
            if x < 0.5 { let r = (1 - 4 * x * x).squareRoot(); return r > 0 ? min(2 * x / r, cap) : cap }
            let r = max(0, 8 * x - 4 * x * x - 3).squareRoot()
            return r > 0 ? min((2 - x) / r, cap) : cap
        case .inverse(let b):
            let y = Self.invert(b.curve, x)
            let d = b.curve.velocity(at: y)
            return d > 1e-12 ? min(1 / d, cap) : cap
        }
    }

    /// The curve with x and y swapped (§25: `inverse` swaps the control points' coordinates).
    public var inverse: UnitCurve {
        switch kind {
        case .linear: return self
        case .bezier(_, let a, let b, let c, let d): return UnitCurve(uncheckedBezier: b, a, d, c)
        case .inverse(let box): return box.curve
        default: return UnitCurve(kind: .inverse(Box(self)))
        }
    }

    /// Numerical inverse by bisection for monotone non-Bézier curves.
    static func invert(_ c: UnitCurve, _ y: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let m = 0.5 * (lo + hi)
            if c.value(at: m) < y { lo = m } else { hi = m }
        }
        return 0.5 * (lo + hi)
    }
}
