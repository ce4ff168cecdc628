import Testing
import AnimoTestSupport
@testable import AnimoRaster
@testable import AnimoGeometry

@Test func textOutlinesHaveTheFontsProportions() throws {
    let font = try Font.standard()
    let (path, width) = font.layout("H", size: 100, at: Point(10, 120))
    let b = try #require(path.tightBounds)
    // DejaVu Sans' cap height is 0.729 em (font metrics: 1493 of 2048 units); the glyph sits on the baseline.
    #expect(abs(b.maxY - 120) < 0.5)
    #expect(abs(b.height - 72.9) < 1.5)
    #expect(width > 60 && width < 90)
    // "HH" is twice as wide as "H" (no kerning between identical straight glyphs).
    #expect(abs(font.width(of: "HH", size: 100) - 2 * width) < 1e-9)
}

@Test func textFillsWithTheRasterizer() throws {
    let font = try Font.standard()
    var ctx = try DrawingContext(width: 120, height: 40)
    ctx.fill(font.layout("Test", size: 24, at: Point(4, 30)).path, with: .solid(.black))
    let img = ctx.finish()
    var ink = 0.0
    for p in img.pixels { ink += Double(p.w) }
    // Some ink, but far from a filled box: letters, not rectangles.
    #expect(ink > 150 && ink < 0.5 * 120 * 40)
}

@Test func missingFontIsAThrownError() {
    #expect(throws: FontError.self) { _ = try Font(path: "/nonexistent/font.ttf") }
}
