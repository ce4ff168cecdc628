// CIELAB conversion and CIE76 ΔE against published values, and the colour mask.
import Testing
import AnimoRaster
@testable import AnimoCheck

struct ColorDifferenceTests {
    /// sRGB → CIELAB (D65) reference values (Bruce Lindbloom's calculator, sRGB companding).
    @Test(arguments: [
        (1.0, 0.0, 0.0, 53.2408, 80.0925, 67.2032),
        (0.0, 1.0, 0.0, 87.7347, -86.1827, 83.1793),
        (0.0, 0.0, 1.0, 32.2970, 79.1875, -107.8602),
        (1.0, 1.0, 1.0, 100.0, 0.0, 0.0),
        (0.50196078, 0.50196078, 0.50196078, 53.5850, 0.0, 0.0),
    ])
    func labOfSRGB(r: Double, g: Double, b: Double, l: Double, a: Double, bb: Double) {
        let lab = LabColor(red: r, green: g, blue: b)
        #expect(abs(lab.l - l) < 0.01 && abs(lab.a - a) < 0.01 && abs(lab.b - bb) < 0.01, "\(lab)")
    }

    @Test func deltaEIsTheLabDistanceAndTransparencyIsOverWhite() {
        #expect(abs(LabColor(red: 1, green: 1, blue: 1).deltaE(LabColor(red: 0, green: 0, blue: 0)) - 100) < 1e-4)
        // Half-transparent black over white is mid grey (composited in gamma-encoded sRGB).
        #expect(LabColor(red: 0, green: 0, blue: 0, alpha: 0.5).deltaE(LabColor(red: 0.5, green: 0.5, blue: 0.5)) < 1e-9)
    }

    @Test func colorMaskCountsOnlyNearbyColours() throws {
        // 2×1: pure red, then a slightly darker red (ΔE ≈ 2.5 apart).
        let image = try RGBAImage(width: 2, height: 1, bytes: [255, 0, 0, 255, 250, 0, 0, 255])
        let red = LabColor(red: 1, green: 0, blue: 0)
        #expect(VisibleMask(image: image, matching: red, deltaE: 1, region: nil).visibleCount == 1)
        #expect(VisibleMask(image: image, matching: red, deltaE: 5, region: nil).visibleCount == 2)
    }
}
