// The text engine against values computed independently: advances read from FreeType directly,
// kerning pairs and metrics read from the font files with another tool (fontTools) and typed
// here, wraps and truncations worked out by hand on a monospaced face (JetBrains Mono: every
// glyph 600 of 1000 units, so 6 pt at 10 pt; hhea ascender 1020, descender −300, line gap 0),
// and the HIG's tables typed from docs/semantics.md §128–131.
import Testing
import CFreeType
@testable import AnimoGeometry

private let mono = TextFont(size: 10, design: .monospaced)

private func layout(_ s: String, _ font: TextFont = mono, width: Double? = nil, height: Double? = nil,
                    _ options: TextLayoutOptions = TextLayoutOptions()) throws -> TextLayout {
    TextLayout.make(s, font: try font.resolve(), options: options, width: width, height: height)
}

private func layout(_ s: String, width: Double? = nil, height: Double? = nil, _ options: TextLayoutOptions) throws -> TextLayout {
    try layout(s, mono, width: width, height: height, options)
}

private func lineTexts(_ l: TextLayout) -> [String] {
    l.lines.map { line in
        var s = ""
        var last = -2
        for g in line.glyphs where g.cluster != last {
            last = g.cluster
            s.append(g.cluster < 0 ? "…" : l.characters[g.cluster])
        }
        return s
    }
}

/// FreeType's unscaled advance of a character, read without the engine.
private func freeTypeAdvance(_ path: String, _ c: Unicode.Scalar) -> (advance: Double, unitsPerEm: Double) {
    var lib: FT_Library?
    FT_Init_FreeType(&lib)
    defer { FT_Done_FreeType(lib) }
    var face: FT_Face?
    FT_New_Face(lib, path, 0, &face)
    defer { FT_Done_Face(face) }
    let index = FT_Get_Char_Index(face, FT_ULong(c.value))
    FT_Load_Glyph(face, index, Int32(FT_LOAD_NO_SCALE))
    return (Double(face!.pointee.glyph.pointee.advance.x), Double(face!.pointee.units_per_EM))
}

@Test func helloIsFreeTypesAdvancesPlusSFTracking() throws {
    let font = TextFont(size: 17)
    let path = try font.resolve().primary.path
    var expected = 0.0
    for c in "Hello".unicodeScalars {
        let (a, upm) = freeTypeAdvance(path, c)
        expected += a * 17 / upm
    }
    // §131: −26/1000 em at 17 pt after each of the five characters; Inter has no kerning
    // between H-e, e-l, l-l, l-o (fontTools).
    expected += 5 * (-26.0 * 17 / 1000)
    let l = try layout("Hello", font)
    #expect(abs(l.size.width - expected) < 1e-9)
    // SF's own "Hello" at 17 pt is 38.814 pt (§126): the stand-in is within 1%.
    #expect(abs(l.size.width / 38.814 - 1) < 0.01)
    // One line of the default design is SF's 1.193359375 em (§125).
    #expect(abs(l.size.height - 17 * 1.193359375) < 1e-9)
    #expect(abs(l.firstBaseline - 17 * 1950 / 2048) < 1e-9)
}

@Test func gposPairKerningMatchesTheFontFiles() throws {
    let inter = try TextFont(size: 10).resolve().primary
    func pair(_ f: Font, _ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Double { f.kerning(between: f.glyphIndex(a), and: f.glyphIndex(b)) }
    #expect(pair(inter, "T", "o") == -224)
    #expect(pair(inter, "A", "V") == -192)
    #expect(pair(inter, "L", "T") == -272)
    #expect(pair(inter, "H", "e") == 0)
    let rounded = try TextFont(size: 10, design: .rounded).resolve().primary
    #expect(pair(rounded, "A", "V") == -92)
    #expect(pair(rounded, "l", "o") == -10)
    let serif = try TextFont(size: 10, design: .serif).resolve().primary
    #expect(pair(serif, "T", "o") == -50)
    // In a layout, "To" is narrower than "T" + "o" by the kerning.
    let to = try layout("To", TextFont(size: 28.16)).size.width
    let t = try layout("T", TextFont(size: 28.16)).size.width
    let o = try layout("o", TextFont(size: 28.16)).size.width
    #expect(abs(to - (t + o - 224 * 28.16 / 2816)) < 1e-9)
}

@Test func wrapsAtWordBoundaries() throws {
    let l = try layout("aaa bbb ccc", width: 50)
    #expect(lineTexts(l) == ["aaa bbb", "ccc"])
    #expect(abs(l.size.width - 42) < 1e-9)
    #expect(abs(l.size.height - 2 * 13.2) < 1e-9)
    // A word that fits on no line alone breaks between characters.
    #expect(lineTexts(try layout("abcdefghij", width: 25)) == ["abcd", "efgh", "ij"])
    // The ideal size never wraps; explicit line breaks still break.
    let ideal = try layout("ab\ncde")
    #expect(lineTexts(ideal) == ["ab", "cde"])
    #expect(abs(ideal.size.width - 18) < 1e-9)
    // Trailing spaces hang: "aa " fits 12 pt.
    #expect(lineTexts(try layout("aa bb", width: 12)) == ["aa", "bb"])
}

@Test func truncatesTailHeadAndMiddle() throws {
    func t(_ mode: TruncationMode) throws -> TextLayout {
        try layout("aaaa bbbb", width: 40, TextLayoutOptions(lineLimit: 1, truncation: mode))
    }
    let tail = try t(.tail), head = try t(.head), middle = try t(.middle)
    #expect(lineTexts(tail) == ["aaaa…"] && abs(tail.size.width - 30) < 1e-9 && tail.isTruncated)
    #expect(lineTexts(head) == ["…bbbb"] && abs(head.size.width - 30) < 1e-9)
    #expect(lineTexts(middle) == ["aaa…bb"] && abs(middle.size.width - 36) < 1e-9)
    // lineLimit 2 keeps the first line and truncates the rest of the paragraph on the second.
    // (truncation cuts between characters: "ccc dd" is 36 pt, plus the 6 pt ellipsis.)
    let two = try layout("aaa bbb ccc ddd eee", width: 42, TextLayoutOptions(lineLimit: 2))
    #expect(lineTexts(two) == ["aaa bbb", "ccc dd…"])
    // A proposed height of 30 pt fits two 13.2 pt lines.
    let short = try layout("a b c", width: 6, height: 30)
    #expect(lineTexts(short) == ["a", "b…"] || lineTexts(short) == ["a", "…"])
    #expect(short.lines.count == 2)
    // Text that fits is not truncated.
    #expect(!(try layout("aaaa", width: 40, TextLayoutOptions(lineLimit: 1))).isTruncated)
}

@Test func baselinesAndLineSpacing() throws {
    let l = try layout("a\nb\nc", TextLayoutOptions(lineSpacing: 4))
    #expect(abs(l.firstBaseline - 10.2) < 1e-9)
    #expect(abs(l.lastBaseline - (10.2 + 2 * (13.2 + 4))) < 1e-9)
    #expect(abs(l.size.height - (3 * 13.2 + 2 * 4)) < 1e-9)
    let empty = try layout("")
    #expect(empty.size == Size(0, 0) && empty.lines.isEmpty)
}

@Test func alignsLinesWithinTheWidestLine() throws {
    let centre = try layout("a\nccc", TextLayoutOptions(alignment: .center))
    #expect(centre.lines[0].x == 6 && centre.lines[1].x == 0)
    let trailing = try layout("a\nccc", TextLayoutOptions(alignment: .trailing))
    #expect(trailing.lines[0].x == 12)
    let rtl = try layout("a\nccc", TextLayoutOptions(alignment: .leading, rightToLeft: true))
    #expect(rtl.lines[0].x == 12)
}

@Test func minimumScaleFactorShrinksToFit() throws {
    // 10 characters need 60 pt at 10 pt; in 30 pt they fit at 5 pt, half the size.
    let l = try layout("abcdefghij", width: 30, TextLayoutOptions(lineLimit: 1, minimumScaleFactor: 0.4))
    #expect(!l.isTruncated)
    #expect(abs(l.font.font.size - 5) < 0.01)
    // Not allowed to shrink that far: truncated at the smallest size.
    let t = try layout("abcdefghij", width: 30, TextLayoutOptions(lineLimit: 1, minimumScaleFactor: 0.8))
    #expect(t.isTruncated && t.font.font.size == 8)
}

@Test func trackingAndKerningAddAfterEveryCharacter() throws {
    let kerned = try layout("abc", TextLayoutOptions(kerning: 2)).size.width
    let tracked = try layout("abc", TextLayoutOptions(kerning: 2, tracking: 1)).size.width
    #expect(abs(kerned - 24) < 1e-9)
    #expect(abs(tracked - 21) < 1e-9)
}

@Test func glyphOutlinesHaveTheFontsCapHeight() throws {
    let l = try layout("H", TextFont(size: 100))
    let b = try #require(l.path().tightBounds)
    // Inter's OS/2 cap height is 2048 of 2816 units (fontTools); the glyph sits on the baseline.
    #expect(abs(b.height - 100 * 2048 / 2816) < 0.2)
    #expect(abs(b.maxY - l.firstBaseline) < 0.2)
    // The synthetic oblique of the rounded design leans right: the top moves right of the bottom.
    let up = try #require(try layout("l", TextFont(size: 100, design: .rounded)).path().tightBounds)
    let it = try #require(try layout("l", TextFont(size: 100, design: .rounded, italic: true)).path().tightBounds)
    #expect(it.width > up.width + 10)
}

@Test func textStylesFollowTheDynamicTypeTables() {
    #expect(TextStyle.body.pointSize() == 17)
    #expect(TextStyle.largeTitle.pointSize(.large) == 34)
    #expect(TextStyle.title3.pointSize(.xSmall) == 17)
    #expect(TextStyle.footnote.pointSize(.xxxLarge) == 19)
    #expect(TextStyle.caption2.pointSize(.accessibility5) == 40)
    #expect(TextStyle.subheadline.pointSize(.accessibility3) == 36)
    #expect(TextStyle.headline.weight == .semibold && TextStyle.body.weight == .regular)
    #expect(TextStyle.title2.emphasizedWeight == .bold && TextStyle.caption.emphasizedWeight == .semibold)
    #expect(TextStyle.body.higLeading() == 22)
    #expect(DynamicTypeSize.accessibility1.index == 7 && DynamicTypeSize.accessibility1.isAccessibilitySize)
}

@Test func systemTrackingFollowsTheTable() {
    #expect(SystemTracking.thousandths(design: .default, size: 17) == -26)
    #expect(SystemTracking.thousandths(design: .default, size: 29) == 14)
    #expect(abs(SystemTracking.thousandths(design: .default, size: 57) - 5.5) < 1e-12)
    #expect(SystemTracking.thousandths(design: .default, size: 5) == 41)
    #expect(SystemTracking.thousandths(design: .default, size: 120) == 0)
    #expect(abs(SystemTracking.points(design: .default, size: 17) - (-0.442)) < 1e-12)
    #expect(SystemTracking.thousandths(design: .rounded, size: 17) == 22)
    #expect(SystemTracking.thousandths(design: .serif, size: 34) == -14)
    #expect(SystemTracking.thousandths(design: .monospaced, size: 17) == 0)
}

@Test func aMissingStandInNamesItsPackage() {
    let face = StandInFace(file: "NoSuchFont-Regular.ttf", folder: "/nonexistent", package: "fonts-nosuch", syntheticOblique: false)
    #expect(throws: FontError.self) { _ = try StandInFonts.font(face, design: .rounded) }
    do {
        _ = try StandInFonts.font(face, design: .rounded)
    } catch {
        #expect("\(error)".contains("fonts-nosuch") && "\(error)".contains("rounded"))
    }
}

@Test func longTextLaysOutInLinearTime() throws {
    // 20,000 characters wrap to ~1,000 lines without a quadratic blow-up.
    let s = String(repeating: "word ", count: 4000)
    let l = try layout(s, width: 120)
    #expect(l.lines.count == 1000)
}
