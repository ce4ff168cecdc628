// SwiftUI's `Font`: a text style or a system font of a size, with weight and design. Drawn with
// the renderer's stand-ins for SF (docs/semantics.md).
internal import AnimoViewRecord

public struct Font: Hashable, Sendable {
    var recorded: RecordedFont

    public static func == (a: Font, b: Font) -> Bool { a.recorded == b.recorded }
    public func hash(into h: inout Hasher) { h.combine("\(recorded)") }

    public enum TextStyle: String, CaseIterable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2, extraLargeTitle, extraLargeTitle2
    }

    public struct Weight: Hashable, Sendable {
        let name: String
        public static let ultraLight = Weight(name: "ultraLight"), thin = Weight(name: "thin"), light = Weight(name: "light")
        public static let regular = Weight(name: "regular"), medium = Weight(name: "medium"), semibold = Weight(name: "semibold")
        public static let bold = Weight(name: "bold"), heavy = Weight(name: "heavy"), black = Weight(name: "black")
    }

    public enum Design: String, Hashable, Sendable { case `default`, serif, rounded, monospaced }

    static func style(_ s: TextStyle) -> Font {
        let name = s == .extraLargeTitle || s == .extraLargeTitle2 ? "largeTitle" : s.rawValue
        return Font(recorded: .style(name, weight: nil, design: nil))
    }

    public static let largeTitle = style(.largeTitle), title = style(.title), title2 = style(.title2), title3 = style(.title3)
    public static let headline = style(.headline), subheadline = style(.subheadline), body = style(.body), callout = style(.callout)
    public static let footnote = style(.footnote), caption = style(.caption), caption2 = style(.caption2)

    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(recorded: .system(size: Double(size), weight: weight?.name, design: design?.rawValue))
    }
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        var f = Font.style(style)
        if case .style(let n, _, _) = f.recorded { f.recorded = .style(n, weight: weight?.name, design: design?.rawValue) }
        return f
    }
    /// A font by name: drawn with the system font of that size (the named font is not shipped).
    public static func custom(_ name: String, size: CGFloat) -> Font { .system(size: size) }
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font { .system(size: size) }
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font { .system(size: fixedSize) }

    public func weight(_ weight: Weight) -> Font {
        var f = self
        switch recorded {
        case .style(let n, _, let d): f.recorded = .style(n, weight: weight.name, design: d)
        case .system(let s, _, let d): f.recorded = .system(size: s, weight: weight.name, design: d)
        }
        return f
    }
    public func bold() -> Font { weight(.bold) }
    public func italic() -> Font { self }
    public func monospacedDigit() -> Font { self }
    public func monospaced() -> Font {
        var f = self
        switch recorded {
        case .style(let n, let w, _): f.recorded = .style(n, weight: w, design: "monospaced")
        case .system(let s, let w, _): f.recorded = .system(size: s, weight: w, design: "monospaced")
        }
        return f
    }
}
