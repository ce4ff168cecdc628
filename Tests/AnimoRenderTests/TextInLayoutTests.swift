// Text and images as views of SwiftUI's layout: sized by their content for the proposal, wrapped
// in a narrow frame, aligned on their baselines, placed by stacks and spacers. Positions are
// measured on the pixels, by colour.
import Foundation
import Testing
import AnimoTestSupport
import AnimoRaster
import AnimoSpec
import AnimoRender

private func render(_ content: String, width: Int = 400, height: Int = 200) throws -> Pixmap {
    let s = try Spec.load(json: """
        {"canvas": {"width": \(width), "height": \(height), "scale": 1}, "duration": 1, "content": \(content)}
        """)
    return try SceneRenderer(spec: s).render(at: 0)
}

/// The bounding box of pixels whose channel (0 red, 1 green, 2 blue; premultiplied) is above 0.5
/// while the other two are below 0.2.
private func box(_ p: Pixmap, channel: Int) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var b: (Int, Int, Int, Int)?
    for y in 0..<p.height {
        for x in 0..<p.width {
            let px = p.pixels[y * p.width + x]
            let c = [px.x, px.y, px.z]
            guard c[channel] > 0.5, c.indices.allSatisfy({ $0 == channel || c[$0] < 0.2 }) else { continue }
            b = b.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
        }
    }
    return b.map { ($0.0, $0.1, $0.2, $0.3) }
}

@Test func aTextInAStackTakesItsOwnWidthAndASpacerTheRest() throws {
    // Alone, a text is centred on the canvas; first in a full-width stack with a spacer, it
    // starts at the leading edge and the square after the spacer ends at the trailing edge.
    let img = try render(#"""
        [{"hstack": [{"text": {"string": "HH", "font": {"size": 60}}, "modifiers": [{"foregroundColor": "#FF0000"}]},
                     {"spacer": {}},
                     {"rectangle": {}, "fill": "#0000FF", "modifiers": [{"frame": {"width": 20, "height": 20}}]}],
          "modifiers": [{"frame": {"maxWidth": "infinity"}}]}]
        """#)
    let text = try #require(box(img, channel: 0))
    let square = try #require(box(img, channel: 2))
    #expect(text.minX < 12, "the text's ink starts at \(text.minX), not at the leading edge")
    #expect(text.maxX < 120)
    #expect(square.maxX == 399 && square.minX == 380)
}

@Test func firstTextBaselineAlignsTextsOfTwoSizes() throws {
    // H has no descender: its ink ends on the baseline. Aligned by their bottoms instead, the
    // 100-pt H's baseline would sit about 16 pt above the 30-pt one's (their descents differ).
    let img = try render(#"""
        [{"hstack": {"alignment": "firstTextBaseline", "content": [
            {"text": {"string": "H", "font": {"size": 100}}, "modifiers": [{"foregroundColor": "#FF0000"}]},
            {"text": {"string": "H", "font": {"size": 30}}, "modifiers": [{"foregroundColor": "#0000FF"}]}]}}]
        """#)
    let big = try #require(box(img, channel: 0))
    let small = try #require(box(img, channel: 2))
    #expect(abs(big.maxY - small.maxY) <= 1, "baselines at \(big.maxY) and \(small.maxY)")
    #expect(small.minX > big.maxX, "the small H follows the big one")
}

@Test func aTextWrapsInANarrowFrameAndKeepsItsLinesWhenDrawn() throws {
    let img = try render(#"""
        [{"text": {"string": "HH HH HH HH", "font": {"size": 40}}, "modifiers": [{"foregroundColor": "#FF0000"}, {"frame": {"width": 150}}]}]
        """#)
    let ink = try #require(box(img, channel: 0))
    // Four words of about 58 pt: two per 150-pt line (a word and a space are about 70 pt), so two lines, about 48 pt apart.
    #expect(ink.maxX - ink.minX + 1 <= 150)
    #expect(ink.maxY - ink.minY > 70 && ink.maxY - ink.minY < 110, "ink \(ink.minX)…\(ink.maxX) × \(ink.minY)…\(ink.maxY)")
}

@Test func aSystemImageInAStackIsTheSizeOfItsSymbol() throws {
    // With no spacing, the square starts where the symbol ends, below it.
    let img = try render(#"""
        [{"vstack": {"spacing": 0, "content": [
            {"image": {"systemName": "circle.fill", "font": {"size": 40}}, "modifiers": [{"foregroundColor": "#0000FF"}]},
            {"rectangle": {}, "fill": "#FF0000", "modifiers": [{"frame": {"width": 10, "height": 10}}]}]}}]
        """#)
    let symbol = try #require(box(img, channel: 2))
    let square = try #require(box(img, channel: 0))
    #expect(symbol.maxY - symbol.minY > 25, "the symbol is drawn at the font's size")
    #expect(square.minY >= symbol.maxY && square.minY - symbol.maxY <= 4, "square at \(square.minY), symbol ends at \(symbol.maxY)")
}

@Test func rightToLeftMirrorsStacksButNotTheirContents() throws {
    // A full-width stack of a red square, a spacer and a blue square: the red one leads, which is
    // the left edge left to right and the right edge right to left (docs/semantics.md §258).
    func render(_ direction: String) throws -> Pixmap {
        let s = try Spec.load(json: """
            {"canvas": {"width": 200, "height": 60, "scale": 1, "layoutDirection": "\(direction)"}, "duration": 1, "content": [
              {"hstack": [{"rectangle": {}, "fill": "#FF0000", "modifiers": [{"frame": {"width": 20, "height": 20}}]},
                          {"spacer": {}},
                          {"rectangle": {}, "fill": "#0000FF", "modifiers": [{"frame": {"width": 30, "height": 20}}]}],
               "modifiers": [{"padding": {"leading": 10}}, {"frame": {"maxWidth": "infinity"}}]}]}
            """)
        return try SceneRenderer(spec: s).render(at: 0)
    }
    let ltr = try render("leftToRight"), rtl = try render("rightToLeft")
    let (lr, lb) = (try #require(box(ltr, channel: 0)), try #require(box(ltr, channel: 2)))
    let (rr, rb) = (try #require(box(rtl, channel: 0)), try #require(box(rtl, channel: 2)))
    #expect(lr.minX == 10 && lb.maxX == 199, "left to right: red \(lr), blue \(lb)")
    // Mirrored: the leading padding is on the right, red ends 10 pt from the right edge.
    #expect(rr.maxX == 189 && rr.minX == 170 && rb.minX == 0 && rb.maxX == 29, "right to left: red \(rr), blue \(rb)")
}
