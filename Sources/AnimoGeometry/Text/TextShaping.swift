// Turning a string into positioned glyphs, one cluster per Character (a grapheme cluster: what
// a reader sees as one character, and what line breaking and truncation cut between).
//
// Each Unicode scalar maps to a glyph of the primary face through its cmap, else of the fallback
// face (DejaVu Sans), else to the primary face's .notdef box. Pair kerning (GPOS `kern`, OpenType
// "kern" feature, on by default as in Core Text) applies between neighbouring glyphs of the same
// face; `spacing` (the system tracking plus `tracking`/`kerning`) is added after every cluster.
// There is no other shaping: no ligatures, no mark positioning, no bidirectional reordering.

/// One glyph of a cluster: its face, index, and pen position (points) from the cluster's origin.
public struct ShapedGlyph: @unchecked Sendable {
    public let font: Font
    public let index: UInt32
    public let x: Double
    /// Points per font unit.
    public let scale: Double
}

/// One Character's glyphs and advance.
public struct ShapedCluster: Sendable {
    public let character: Character
    public var glyphs: [ShapedGlyph]
    /// Advance in points, spacing included.
    public var advance: Double
    /// The kerning (points) between this cluster's last glyph and the next cluster's first.
    public var kernAfter: Double
    public let isWhitespace: Bool
    public let isNewline: Bool
    /// A line may break after this cluster (after a space run, a hyphen, an ideograph).
    public var breakAfter: Bool
}

public enum TextShaper {
    /// Shapes `characters` with `font`, adding `spacing` points after each cluster.
    public static func shape(_ characters: [Character], font: ResolvedFont, spacing: Double) -> [ShapedCluster] {
        var out: [ShapedCluster] = []
        out.reserveCapacity(characters.count)
        let size = font.font.size
        for ch in characters {
            if ch.isNewline {
                out.append(ShapedCluster(character: ch, glyphs: [], advance: 0, kernAfter: 0, isWhitespace: true, isNewline: true, breakAfter: true))
                continue
            }
            var glyphs: [ShapedGlyph] = []
            var pen = 0.0
            for scalar in ch.unicodeScalars {
                // Controls (other than line breaks) draw nothing and take no space.
                if scalar.properties.generalCategory == .control && scalar != "\t" { continue }
                let s: Unicode.Scalar = scalar == "\t" ? " " : scalar
                var face = font.primary
                var index = face.glyphIndex(s)
                if index == 0, let fb = font.fallback {
                    let j = fb.glyphIndex(s)
                    if j != 0 { face = fb; index = j }
                }
                let scale = size / face.unitsPerEm
                let advance = face.glyphOutline(index).advance * scale
                if let last = glyphs.last, last.font === face {
                    pen += face.kerning(between: last.index, and: index) * scale
                }
                glyphs.append(ShapedGlyph(font: face, index: index, x: pen, scale: scale))
                pen += advance
            }
            let ws = ch.isWhitespace
            out.append(ShapedCluster(character: ch, glyphs: glyphs, advance: glyphs.isEmpty ? 0 : pen + spacing, kernAfter: 0,
                                     isWhitespace: ws, isNewline: false, breakAfter: false))
        }
        for i in out.indices {
            guard i + 1 < out.count else { break }
            let a = out[i], b = out[i + 1]
            if let g = a.glyphs.last, let h = b.glyphs.first, g.font === h.font {
                out[i].kernAfter = g.font.kerning(between: g.index, and: h.index) * g.scale
            }
            out[i].breakAfter = Self.breakAfter(a, b)
        }
        return out
    }

    /// Line-break opportunities (a subset of UAX #14): after a run of spaces, after a hyphen or
    /// dash between two non-spaces, and on either side of an ideograph or Hangul syllable.
    static func breakAfter(_ a: ShapedCluster, _ b: ShapedCluster) -> Bool {
        if a.isNewline { return true }
        if a.isWhitespace { return !b.isWhitespace }
        if b.isWhitespace { return false }
        if let s = a.character.unicodeScalars.first, ["-", "\u{2010}", "\u{2013}", "\u{2014}"].contains(s) { return true }
        return isIdeographic(a.character) || isIdeographic(b.character)
    }

    static func isIdeographic(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x3000...0x9FFF).contains(v) || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v) || (0x20000...0x2FFFF).contains(v)
    }
}
