import Foundation
import Testing
@testable import AnimoMotion

@Test func vectorArithmeticIsComponentWise() {
    let a = AnimatableVector(1, 2, 3, 4), b = AnimatableVector(0.5, -1, 2, 0)
    #expect((a + b) == AnimatableVector(1.5, 1, 5, 4))
    #expect((a - b) == AnimatableVector(0.5, 3, 1, 4))
    #expect(a.scaled(by: 2) == AnimatableVector(2, 4, 6, 8))
    #expect(a.magnitudeSquared == 30)
    #expect(Double(3).scaled(by: 2) == 6)
}

@Test func angleAndUnitPointUseUnitScale128() {
    // docs/semantics.md §21: angle radians × 128.
    let a = AnimatableVector.angle(degrees: 180)
    #expect(close(a.x, Double.pi * 128, 1e-12))
    #expect(close(a.degrees, 180, 1e-12))
    let u = AnimatableVector.unitPoint(x: 0.5, y: 1)
    #expect(u.x == 64 && u.y == 128)
}

@Test func colorsRoundTripThroughLinearSRGB() {
    // sRGB 0.5 → linear ((0.5 + 0.055)/1.055)^2.4 ≈ 0.21404 (IEC 61966-2-1).
    let c = AnimatableVector.color(red: 0.5, green: 0, blue: 1, opacity: 0.25)
    #expect(close(c.x / 128, pow(0.555 / 1.055, 2.4), 1e-12))
    #expect(c.z == 128 && c.w == 32)
    let back = c.color
    #expect(close(back.red, 0.5, 1e-12) && close(back.blue, 1, 1e-12) && close(back.opacity, 0.25, 1e-12))
    // Midpoint of black→white animates in linear space: linear 0.5 → sRGB ≈ 0.7354.
    let mid = (AnimatableVector.color(red: 0, green: 0, blue: 0, opacity: 1)
        + AnimatableVector.color(red: 1, green: 1, blue: 1, opacity: 1)).scaled(by: 0.5)
    #expect(close(mid.color.red, 1.055 * pow(0.5, 1 / 2.4) - 0.055, 1e-12))
}
