// SwiftUI's `Text`: a string drawn in a font, laid out as SwiftUI lays text out (AnimoScene).
internal import AnimoViewRecord

public struct Text: View, PrimitiveView, Equatable {
    var content: RecordedText
    var site: SourceSite

    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        content = RecordedText(string: key.text)
        site = SwiftUI.site(file, line, column)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.content = RecordedText(string: String(content))
        site = SwiftUI.site(file, line, column)
    }

    public init(verbatim content: String, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.content = RecordedText(string: content)
        site = SwiftUI.site(file, line, column)
    }

    public init<F: FormatStyle>(_ input: F.FormatInput, format: F, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) where F.FormatOutput == String {
        content = RecordedText(string: format.format(input))
        site = SwiftUI.site(file, line, column)
    }

    public var body: Never { neverBody() }

    func record(_ context: RecordContext) -> RecordNode {
        // A view's `fontWeight`, `bold`, `italic` and `fontDesign` reach the texts inside it,
        // under the text's own.
        var t = content
        let env = context.environment
        if t.weight == nil { t.weight = env.textWeight }
        if t.kerning == nil { t.kerning = env.textKerning }
        switch env.textCase {
        case .uppercase?: t.string = t.string.uppercased()
        case .lowercase?: t.string = t.string.lowercased()
        case nil: break
        }
        if env.textBold { t.bold = true }
        if env.textItalic { t.italic = true }
        if let design = env.textDesign {
            switch t.font ?? env.textFont {
            case .style(let s, let w, nil)?: t.font = .style(s, weight: w, design: design)
            case .system(let size, let w, nil)?: t.font = .system(size: size, weight: w, design: design)
            case nil: t.font = .style("body", weight: nil, design: design)
            default: break
            }
        }
        return RecordNode(context.at(site), .text(t))
    }

    private func with(_ change: (inout RecordedText) -> Void) -> Text {
        var t = self
        change(&t.content)
        return t
    }

    public enum Case: Hashable, Sendable { case uppercase, lowercase }

    public func font(_ font: Font?) -> Text { with { $0.font = font?.recorded } }
    public func fontWeight(_ weight: Font.Weight?) -> Text { with { $0.weight = weight?.name } }
    public func bold() -> Text { with { $0.bold = true } }
    public func bold(_ isActive: Bool) -> Text { with { $0.bold = isActive } }
    public func italic() -> Text { with { $0.italic = true } }
    public func italic(_ isActive: Bool) -> Text { with { $0.italic = isActive } }
    public func foregroundColor(_ color: Color?) -> Text { with { $0.foreground = color.map { .color($0.recorded) } } }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { with { $0.foreground = style.recordedPaint } }
    public func kerning(_ kerning: CGFloat) -> Text { with { $0.kerning = Double(kerning) } }
    public func tracking(_ tracking: CGFloat) -> Text { with { $0.kerning = Double(tracking) } }
    public func monospacedDigit() -> Text { self }

    public static func + (a: Text, b: Text) -> Text {
        var t = a
        t.content.string += b.content.string
        return t
    }
}
