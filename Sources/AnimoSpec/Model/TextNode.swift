// The `text` node (docs/spec.md "text"): SwiftUI's Text with its font, paragraph options,
// foreground style, placement and content transition; and the environment values a spec sets on
// its canvas (colour scheme, Dynamic Type size, reduce motion, layout direction).
import Foundation

/// `Font.Weight`.
public enum SpecFontWeight: String, Sendable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
}

/// `Font.Design`.
public enum SpecFontDesign: String, Sendable, CaseIterable {
    case `default`, rounded, monospaced, serif
}

/// `Font.TextStyle`.
public enum SpecTextStyle: String, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2
}

/// `DynamicTypeSize`, smallest first.
public enum SpecDynamicTypeSize: String, Sendable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
}

/// A font: a text style (sized by the Dynamic Type size) or a point size, with a weight, a
/// design and a posture. Unset parts come from the enclosing `font` modifier, then from `.body`.
public struct SpecFont: Sendable {
    public var style: SpecTextStyle?
    public var size: SpecNumber?
    public var weight: SpecFontWeight?
    public var design: SpecFontDesign?
    public var italic: Bool?
    /// `.bold()`: the style's emphasised weight (bold for the title styles, semibold otherwise).
    public var bold: Bool?

    public init(style: SpecTextStyle? = nil, size: SpecNumber? = nil, weight: SpecFontWeight? = nil, design: SpecFontDesign? = nil, italic: Bool? = nil, bold: Bool? = nil) {
        self.style = style
        self.size = size
        self.weight = weight
        self.design = design
        self.italic = italic
        self.bold = bold
    }

    /// `self` with the unset parts taken from `outer` (an enclosing `font` modifier).
    public func over(_ outer: SpecFont?) -> SpecFont {
        guard let o = outer else { return self }
        var f = self
        if f.style == nil && f.size == nil { f.style = o.style; f.size = o.size }
        f.weight = f.weight ?? o.weight
        f.design = f.design ?? o.design
        f.italic = f.italic ?? o.italic
        f.bold = f.bold ?? o.bold
        return f
    }
}

/// `multilineTextAlignment`.
public enum SpecTextAlignment: String, Sendable, CaseIterable {
    case leading, center, trailing
}

/// `truncationMode`.
public enum SpecTruncationMode: String, Sendable, CaseIterable {
    case head, middle, tail
}

/// `contentTransition` for a Text whose string changes (docs/semantics.md §136–137).
public enum SpecContentTransition: Sendable, Equatable {
    /// Cross-fade (SwiftUI's default for a Text, and `.opacity`, `.interpolate`).
    case opacity
    case identity
    /// Digits roll: `countsDown` nil = the direction of the value's change (`numericText(value:)`).
    case numericText(countsDown: Bool?)

    public static let names = ["opacity", "interpolate", "identity", "numericText"]
}

/// What a Text shows: a literal string, or a number from an expression formatted by a
/// printf-style pattern with one conversion (`%d`, `%.1f`, `%05.2f`, `%g`, …).
public enum SpecTextContent: Sendable {
    case literal(String)
    case value(SpecExpression, format: String)
}

/// Where a text node goes before there is a layout system: in a frame (the proposal, the text
/// placed by `alignment`), about a centre point (with an optional proposed width), or centred on
/// the canvas (proposed the canvas size).
public enum SpecTextPlacement: Sendable {
    case frame(SpecRect, alignment: UnitPoint)
    case center(SpecPoint, width: SpecNumber?)
    case canvas
}

public struct TextNode: Sendable {
    public var content: SpecTextContent
    public var font: SpecFont?
    public var kerning: SpecNumber?
    public var tracking: SpecNumber?
    public var lineLimit: Int?
    public var lineSpacing: SpecNumber?
    public var alignment: SpecTextAlignment?
    public var truncationMode: SpecTruncationMode?
    public var minimumScaleFactor: Double?
    public var foregroundStyle: SpecPaint?
    public var placement: SpecTextPlacement
    public var contentTransition: SpecContentTransition?

    /// The longest string a text node takes (characters, after formatting).
    public static let maxCharacters = 10_000

    public init(content: SpecTextContent, font: SpecFont? = nil, kerning: SpecNumber? = nil, tracking: SpecNumber? = nil, lineLimit: Int? = nil,
                lineSpacing: SpecNumber? = nil, alignment: SpecTextAlignment? = nil, truncationMode: SpecTruncationMode? = nil,
                minimumScaleFactor: Double? = nil, foregroundStyle: SpecPaint? = nil, placement: SpecTextPlacement = .canvas,
                contentTransition: SpecContentTransition? = nil) {
        self.content = content
        self.font = font
        self.kerning = kerning
        self.tracking = tracking
        self.lineLimit = lineLimit
        self.lineSpacing = lineSpacing
        self.alignment = alignment
        self.truncationMode = truncationMode
        self.minimumScaleFactor = minimumScaleFactor
        self.foregroundStyle = foregroundStyle
        self.placement = placement
        self.contentTransition = contentTransition
    }
}

/// printf-style formatting of one number (the `format` of a text node).
public enum TextFormat {
    /// The pattern applied to a value: `%d` and `%i` take the whole part (toward zero, as
    /// `Int(x)` does); a value that is not finite counts as 0.
    public static func format(_ value: Double, _ pattern: String) -> String {
        let v = value.isFinite ? value : 0
        var out = ""
        var it = Array(pattern.unicodeScalars)[...]
        while let c = it.popFirst() {
            guard c == "%" else { out.unicodeScalars.append(c); continue }
            if it.first == "%" { it.removeFirst(); out += "%"; continue }
            var spec = "%"
            while let f = it.first, "-+ 0.123456789".unicodeScalars.contains(f) { spec.unicodeScalars.append(f); it.removeFirst() }
            guard let x = it.popFirst() else { break }
            if x == "d" || x == "i" {
                let n = Int64(max(min(v, 9.2e18), -9.2e18).rounded(.towardZero))
                // Without flags, width or precision "%lld" is the plain decimal; Foundation's
                // String(format:) costs more than the layout of the text it formats.
                out += spec == "%" ? String(n) : String(format: spec + "lld", n)
            } else {
                out += String(format: spec + String(x), v)
            }
        }
        return out
    }

    /// SwiftUI's `Text("\(value)")` for a whole number, else the shortest form: "3", "2.5".
    public static let shortest = "%g"

    /// Checks a pattern: literal text, `%%`, and exactly one conversion `%[flags][width][.precision]X`
    /// with flags from "-+ 0" and X one of d i f F e E g G. Answers a message when it is not.
    public static func problem(_ pattern: String) -> String? {
        var conversions = 0
        var it = Array(pattern.unicodeScalars)[...]
        while let c = it.popFirst() {
            guard c == "%" else { continue }
            if it.first == "%" { it.removeFirst(); continue }
            while let f = it.first, "-+ 0".unicodeScalars.contains(f) { it.removeFirst() }
            var digits = 0
            while let d = it.first, ("0"..."9").contains(d) { it.removeFirst(); digits += 1 }
            if it.first == "." {
                it.removeFirst()
                while let d = it.first, ("0"..."9").contains(d) { it.removeFirst(); digits += 1 }
            }
            if digits > 4 { return "a width or precision of at most 2 digits each" }
            guard let x = it.popFirst(), "difFeEgG".unicodeScalars.contains(x) else {
                return "a conversion is one of %d %i %f %e %g (with flags, width and precision, e.g. %05.1f); %% prints %"
            }
            conversions += 1
        }
        return conversions == 1 ? nil : "the pattern needs exactly one conversion such as %d or %.1f, found \(conversions)"
    }
}

/// `canvas.layoutDirection`.
public enum SpecLayoutDirection: String, Sendable, CaseIterable {
    case leftToRight, rightToLeft
}
