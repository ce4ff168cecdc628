// A font as SwiftUI describes one — `Font.system(size:weight:design:)` or a text style at a
// Dynamic Type size, optionally italic — and its resolution to a stand-in face (StandInFonts),
// the system tracking for its size (SystemTracking) and its line metrics.
//
// Line metrics. One line is ascent + descent + leading (docs/semantics.md §124). For the default
// and rounded designs they are SF's published metrics (§125: ascender 1950, descender 494, line
// gap 0 of 2048 units per em), so lines, baselines and text heights match a device whatever the
// stand-in's own metrics; SF Pro Rounded is taken to share SF Pro's vertical metrics. The
// monospaced and serif designs use their stand-in's own (hhea) metrics: SF Mono's and New York's
// are not recorded here. Text styles add no leading (§127: no source gives it).

/// `Font`: a size, a weight, a design and a posture.
public struct TextFont: Sendable, Hashable {
    public var size: Double
    public var weight: FontWeight
    public var design: FontDesign
    public var italic: Bool

    public init(size: Double, weight: FontWeight = .regular, design: FontDesign = .default, italic: Bool = false) {
        self.size = size
        self.weight = weight
        self.design = design
        self.italic = italic
    }

    /// `Font.system(style, design:, weight:)` at a Dynamic Type size (§128–130).
    public static func style(_ style: TextStyle, _ category: DynamicTypeSize = .large, design: FontDesign = .default, weight: FontWeight? = nil, italic: Bool = false) -> TextFont {
        TextFont(size: style.pointSize(category), weight: weight ?? style.weight, design: design, italic: italic)
    }

    /// SwiftUI's default font, `.body` at the Large size: 17 pt regular.
    public static let body = TextFont.style(.body)

    /// The same font at another size.
    public func sized(_ s: Double) -> TextFont {
        var f = self
        f.size = s
        return f
    }

    /// The stand-in face that draws it.
    public var face: StandInFace { StandInFonts.face(design: design, weight: weight, italic: italic) }

    /// Loads the faces; throws `FontError.missingStandIn` when a file is not installed.
    public func resolve() throws -> ResolvedFont {
        let f = face
        let primary = try StandInFonts.font(f, design: design)
        let fallback = try? StandInFonts.font(StandInFonts.fallback, design: design)
        return ResolvedFont(font: self, primary: primary, fallback: fallback, oblique: f.syntheticOblique ? StandInFonts.obliqueSlant : 0)
    }
}

/// SF's vertical metrics (§125), in em.
public enum SFMetrics {
    public static let ascender = 1950.0 / 2048
    public static let descender = 494.0 / 2048
    public static let capHeight = 1443.0 / 2048
    public static let xHeight = 1078.0 / 2048
}

/// A font with its faces loaded: metrics in points at its size.
public struct ResolvedFont: @unchecked Sendable {
    public let font: TextFont
    public let primary: Font
    /// Draws characters the primary face lacks (DejaVu Sans), when installed.
    public let fallback: Font?
    /// Horizontal slant of a synthetic oblique (0 = upright).
    public let oblique: Double

    /// Ascent, descent (positive, below the baseline) and leading in points.
    public var ascent: Double {
        switch font.design {
        case .default, .rounded: return SFMetrics.ascender * font.size
        default: return primary.ascender / primary.unitsPerEm * font.size
        }
    }
    public var descent: Double {
        switch font.design {
        case .default, .rounded: return SFMetrics.descender * font.size
        default: return -primary.descender / primary.unitsPerEm * font.size
        }
    }
    public var leading: Double {
        switch font.design {
        case .default, .rounded: return 0
        default: return primary.lineGap / primary.unitsPerEm * font.size
        }
    }
    /// One line: ascent + descent + leading (§124).
    public var lineHeight: Double { ascent + descent + leading }
    /// The system tracking at this size, in points (SystemTracking).
    public var tracking: Double { SystemTracking.points(design: font.design, size: font.size) }
    /// Cap height in points, from the stand-in's OS/2 table.
    public var capHeight: Double { primary.capHeight / primary.unitsPerEm * font.size }

    /// The same faces at another size.
    public func sized(_ s: Double) -> ResolvedFont {
        ResolvedFont(font: font.sized(s), primary: primary, fallback: fallback, oblique: oblique)
    }
}
