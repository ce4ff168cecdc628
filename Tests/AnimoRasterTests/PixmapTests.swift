import Testing
import AnimoTestSupport
@testable import AnimoRaster
@testable import AnimoGeometry

@Test(arguments: [(0, 10), (10, 0), (-5, 10), (16385, 1), (1, 16385), (16384, 16384)])
func pixmapRejectsInvalidSizes(_ size: (Int, Int)) {
    #expect(throws: PixmapError.self) { try Pixmap(width: size.0, height: size.1) }
}

@Test func pixmapStartsTransparentAndFills() throws {
    var p = try Pixmap(width: 3, height: 2)
    #expect(p.pixels.count == 6 && p.pixels.allSatisfy { $0 == .zero })
    p.clear(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultiplied)
    #expect(p.pixel(x: 2, y: 1)!.simd == SIMD4<Float>(0.5, 0.25, 0, 0.5))
    #expect(p.pixel(x: 3, y: 0) == nil)
}

@Test func straightRGBA8ConversionRoundsAndRoundTrips() throws {
    // Premultiplied (0.3·0.6, 0.5·0.6, 1·0.6, 0.6): straight 0.3 → 76.5 → 77 (round half up), 0.5 → 128.
    var p = try Pixmap(width: 2, height: 1)
    p.setPixel(x: 0, y: 0, PremultipliedColor(red: 0.18, green: 0.3, blue: 0.6, alpha: 0.6))
    let b = p.rgba8Straight()
    #expect(Array(b[0..<4]) == [77, 128, 255, 153])
    #expect(Array(b[4..<8]) == [0, 0, 0, 0])
    // Every byte pattern with alpha > 0 survives import then export.
    var bytes: [UInt8] = []
    for a in stride(from: 1, through: 255, by: 17) {
        for c in stride(from: 0, through: 255, by: 5) { bytes += [UInt8(c), UInt8(255 - c), UInt8(c / 2), UInt8(a)] }
    }
    let n = bytes.count / 4
    let q = try Pixmap(width: n, height: 1, rgba8Straight: bytes)
    #expect(q.rgba8Straight() == bytes)
    #expect(throws: PixmapError.self) { try Pixmap(width: 2, height: 2, rgba8Straight: [1, 2, 3]) }
}

@Test func colorTypesKeepStraightAndPremultipliedApart() {
    let c = Color(red: 0.4, green: 0.2, blue: 1, alpha: 0.5)
    let p = c.premultiplied
    #expect(p.simd == SIMD4<Float>(0.2, 0.1, 0.5, 0.5))
    let back = p.straight
    #expect(abs(back.red - 0.4) < 1e-6 && abs(back.alpha - 0.5) < 1e-6)
    #expect(Color(red: .nan, green: 0, blue: 0).premultiplied == .clear)
    #expect(Color(red: 1, green: 1, blue: 1, alpha: 3).premultiplied.alpha == 1)
}

@Test func nanColorChannelsQuantizeToZeroInsteadOfTrapping() throws {
    // A shader or filter can produce NaN; export must not trap on the Int32 conversion.
    var p = try Pixmap(width: 2, height: 1)
    p.pixels[0] = SIMD4(.nan, 0.25, .nan, 0.5)
    p.pixels[1] = SIMD4(0.2, 0.2, 0.2, .nan)
    let bytes = p.rgba8Straight()
    #expect(Array(bytes[0..<4]) == [0, 128, 0, 128])   // 0.25 / 0.5 = 0.5 → 128; alpha 0.5 → 128
    #expect(Array(bytes[4..<8]) == [0, 0, 0, 0])       // NaN alpha is transparent
}
