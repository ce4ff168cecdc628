import Foundation
import Testing
@testable import AnimoMotion

/// Control points from docs/semantics.md §23 (ADOC `unitcurve/*`), typed again here.
let easePoints: [(UnitCurve, Double, Double, Double, Double)] = [
    (.easeIn, 0.42, 0, 1, 1), (.easeOut, 0, 0, 0.58, 1), (.easeInOut, 0.42, 0, 0.58, 1),
]

@Test func bezierSolverMatchesParametricCurve() throws {
    // Sample the parametric curve at s, then ask the solver for y at x(s): must be y(s) within 1e-6.
    for (curve, x1, y1, x2, y2) in easePoints {
        for i in 0...200 {
            let s = Double(i) / 200
            let x = bernstein(x1, x2, s), y = bernstein(y1, y2, s)
            #expect(close(curve.value(at: x), y, 1e-6))
        }
    }
    let custom = try UnitCurve.bezier(0.2, 0.9, 0.1, 1.0)
    for i in 0...100 {
        let s = Double(i) / 100
        #expect(close(custom.value(at: bernstein(0.2, 0.1, s)), bernstein(0.9, 1.0, s), 1e-6))
    }
}

@Test func bezierSlopeMatchesFiniteDifference() {
    for (curve, _, _, _, _) in easePoints {
        for x in stride(from: 0.05, through: 0.95, by: 0.05) {
            let h = 1e-5
            let fd = (curve.value(at: x + h) - curve.value(at: x - h)) / (2 * h)
            #expect(close(curve.velocity(at: x), fd, 1e-4))
        }
    }
}

@Test func curvesFixEndpoints() {
    for c in [UnitCurve.linear, .easeIn, .easeOut, .easeInOut, .circularEaseIn, .circularEaseOut, .circularEaseInOut] {
        #expect(c.value(at: 0) == 0)
        #expect(close(c.value(at: 1), 1, 1e-12))
        #expect(c.value(at: -1) == 0 && close(c.value(at: 2), 1, 1e-12))
    }
}

@Test func circularCurvesFollowTheUnitCircle() {
    for x in stride(from: 0.0, through: 1.0, by: 0.1) {
        #expect(close(UnitCurve.circularEaseIn.value(at: x), 1 - sqrt(1 - x * x), 1e-12))
        #expect(close(UnitCurve.circularEaseOut.value(at: x), sqrt(1 - (1 - x) * (1 - x)), 1e-12))
    }
    // In-out: 0.25 → (1 − √0.75)/2, 0.75 → (√(6 − 2.25 − 3) + 1)/2.
    #expect(close(UnitCurve.circularEaseInOut.value(at: 0.25), (1 - sqrt(0.75)) / 2, 1e-12))
    #expect(close(UnitCurve.circularEaseInOut.value(at: 0.75), (sqrt(0.75) + 1) / 2, 1e-12))
    #expect(close(UnitCurve.circularEaseInOut.value(at: 0.5), 0.5, 1e-12))
}

@Test func inverseSwapsAxes() {
    // easeIn's inverse has control points (0, 0.42, 1, 1): check against the parametric form.
    let inv = UnitCurve.easeIn.inverse
    for i in 0...50 {
        let s = Double(i) / 50
        #expect(close(inv.value(at: bernstein(0, 1, s)), bernstein(0.42, 1, s), 1e-6))
    }
    // Circular inverse: y = f(x) ⇒ inverse(y) = x.
    let c = UnitCurve.circularEaseIn
    for x in stride(from: 0.1, through: 0.9, by: 0.2) {
        #expect(close(c.inverse.value(at: c.value(at: x)), x, 1e-9))
    }
}

@Test func bezierRejectsNaN() {
    #expect(throws: MotionError.self) { try UnitCurve.bezier(.nan, 0, 1, 1) }
}
