import Foundation
import Testing
import AnimoTestSupport
import AnimoRaster
import AnimoGeometry
@testable import AnimoEffects

@Suite struct FilterOrderTests {
    /// A bar `height` px tall across a 200 px wide transparent image (rows 45…45+height−1).
    func bar(height: Int) throws -> Pixmap {
        var p = try Pixmap(width: 200, height: 100)
        for y in 45..<(45 + height) { for x in 0..<200 { p.setPixel(x: x, y: y, PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)) } }
        return p
    }

    // docs/architecture.md, "The traps" thin fill: a bar of height 10 keeps erf(10/(2√2σ)) of its alpha at its centre line.
    @Test(arguments: [(5.0, true), (9.0, false)])
    func thinFillTrap(sigma: Double, survives: Bool) throws {
        let img = try bar(height: 10)
        var blurred = img
        try GaussianBlur(sigma: sigma).apply(to: &blurred)
        // The bar's centre lies between rows 49 and 50.
        let centre = Double(blurred.pixel(x: 100, y: 49)!.alpha + blurred.pixel(x: 100, y: 50)!.alpha) / 2
        let expected = erf(10 / (2 * 2.0.squareRoot() * sigma))
        #expect(abs(centre - expected) < 0.01, "σ \(sigma): centre alpha \(centre), erf gives \(expected)")
        // Goo order: threshold added first, blur second → blur runs first.
        var goo = img
        try apply(filters: [.alphaThreshold(min: 0.5, color: .white), .blur(radius: sigma)], to: &goo)
        let kept = (0..<100).filter { goo.pixel(x: 100, y: $0)!.alpha > 0 }.count
        if survives { #expect(kept > 0) } else { #expect(kept == 0) }
    }

    @Test func lastAddedFilterRunsFirst() throws {
        // Threshold at 0.5 of a soft-edged disk, then blur (list order: blur added first) → blurred
        // hard disk: values strictly between 0 and 1 appear. Reverse order → only 0 or the colour.
        var ctx = try DrawingContext(width: 60, height: 60)
        ctx.fill(Path.circle(in: Rect(x: 15, y: 15, width: 30, height: 30)), with: .color(.white))
        let img = ctx.finish()
        var blurLast = img
        try apply(filters: [.alphaThreshold(min: 0.5, color: .white), .blur(radius: 3)], to: &blurLast)
        #expect(blurLast.pixels.allSatisfy { $0.w == 0 || $0.w == 1 })
        var thresholdLast = img
        try apply(filters: [.blur(radius: 3), .alphaThreshold(min: 0.5, color: .white)], to: &thresholdLast)
        #expect(thresholdLast.pixels.contains { $0.w > 0.05 && $0.w < 0.95 })
        // The fused path equals blur-then-threshold run separately on all channels.
        var separate = img
        try GaussianBlur(sigma: 3).apply(to: &separate)
        try AlphaThreshold(min: 0.5, color: .white).apply(to: &separate)
        #expect(separate == blurLast)
    }

    @Test func thresholdIsAHardEdge() throws {
        var p = try Pixmap(width: 11, height: 1)
        for x in 0..<11 { p.setPixel(x: x, y: 0, PremultipliedColor(red: 0, green: 0, blue: 0, alpha: Float(x) / 10)) }
        let red = Color(red: 1, green: 0, blue: 0, alpha: 0.8)
        try AlphaThreshold(min: 0.3, max: 0.7, color: red).apply(to: &p)
        for x in 0..<11 {
            let a = Float(x) / 10
            let inRange = a >= 0.3 && a <= 0.7
            #expect(p.pixel(x: x, y: 0)!.simd == (inRange ? SIMD4<Float>(0.8, 0, 0, 0.8) : .zero), "alpha \(a)")
        }
    }

    @Test func rejectsBadParameters() {
        let bad: [Filter] = [.blur(radius: -1), .blur(radius: .nan), .alphaThreshold(min: -0.1), .alphaThreshold(min: 0.6, max: 0.4),
                             .alphaThreshold(min: 0.2, max: 1.5), .alphaThreshold(min: .nan), .saturation(.infinity),
                             .shadow(color: .black, radius: -2), .opacity(.nan), .hueRotation(radians: .nan)]
        for f in bad { #expect(throws: FilterError.self) { try f.validate() } }
        // Error messages name the rule.
        do { try Filter.alphaThreshold(min: 0.6, max: 0.4).validate() } catch { #expect(error.description.contains("min ≤ max")) }
        do { try Filter.blur(radius: -3).validate() } catch { #expect(error.description.contains("≥ 0")) }
        // Nothing changes when a later filter is invalid.
        var p = try! Pixmap(width: 4, height: 4, fill: Color.white.premultiplied)
        let before = p
        #expect(throws: FilterError.self) { try apply(filters: [.opacity(0.5), .blur(radius: .nan)], to: &p) }
        #expect(p == before)
    }

    @Test func opacityScalesPremultiplied() throws {
        var p = try Pixmap(width: 2, height: 1, fill: Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5).premultiplied)
        try apply(filters: [.opacity(0.5)], to: &p)
        let v = p.pixel(x: 0, y: 0)!.simd
        #expect(abs(v.w - 0.25) < 1e-6 && abs(v.x - 0.05) < 1e-6 && abs(v.z - 0.15) < 1e-6)
    }

    @Test func shadowSitsUnderTheLayerOffset() throws {
        var p = try Pixmap(width: 40, height: 40)
        for y in 10..<20 { for x in 10..<20 { p.setPixel(x: x, y: y, Color.white.premultiplied) } }
        let img = p
        try apply(filters: [.shadow(color: Color(red: 0, green: 0, blue: 1, alpha: 1), radius: 2, x: 8, y: 8)], to: &p)
        // The layer is unchanged where opaque.
        #expect(p.pixel(x: 15, y: 15) == img.pixel(x: 15, y: 15))
        // The shadow's centre moved by (8, 8): blurred alpha of the square at its centre, in blue.
        let ref = Ref.blur(Ref.channel(img, 3), w: 40, h: 40, sigma: 2)
        let s = p.pixel(x: 22, y: 22)!.simd  // = blurred alpha at (14, 14)... outside the layer
        #expect(abs(Double(s.z) - ref[14 * 40 + 14]) < 3e-3 && s.x == 0, "\(s) vs \(ref[14 * 40 + 14])")
        let s2 = p.pixel(x: 27, y: 27)!.simd  // blurred alpha at (19, 19), the square's corner
        #expect(abs(Double(s2.w) - ref[19 * 40 + 19]) < 3e-3)
        #expect(p.pixel(x: 5, y: 5)!.alpha < 1e-3)
    }
}
