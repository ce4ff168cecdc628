internal import AnimoViewRecord
/// SwiftUI's environment: values every view inherits from above it.
public struct EnvironmentValues {
    public var colorScheme: ColorScheme = .light
    public var layoutDirection: LayoutDirection = .leftToRight
    public var accessibilityReduceMotion: Bool = false
    public var isEnabled: Bool = true
    public var displayScale: CGFloat = 3
    public var dismiss: DismissAction = DismissAction()
    public var openURL: OpenURLAction = OpenURLAction()
    var objects: [ObjectIdentifier: AnyObject] = [:]
    /// What a view's `fontWeight`, `bold`, `italic` and `fontDesign` set for the texts inside it.
    var textWeight: String?
    /// The font a view's `.font` set (a text without its own takes it).
    var textFont: RecordedFont?
    var textBold = false
    var textItalic = false
    var textDesign: String?
    var textKerning: Double?
    public var textCase: Text.Case? = nil
    /// The foreground style set above (`foregroundStyle`, `foregroundColor`): what a stroke
    /// without a paint of its own is drawn in.
    var foreground: RecordedPaint?
    /// The spinner's colour: `.tint`, or a `CircularProgressViewStyle(tint:)`.
    var progressTint: RecordedColor?
    public init() {}

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { custom[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }
    var custom: [ObjectIdentifier: Any] = [:]
}

public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

public enum LayoutDirection: Hashable, Sendable, CaseIterable {
    case leftToRight, rightToLeft
}

public struct DismissAction {
    public func callAsFunction() {}
}

public struct OpenURLAction {
    public func callAsFunction(_ url: URL) {}
}

/// `@Entry`: a custom environment value with its default, without writing the key type.
@attached(accessor)
@attached(peer, names: prefixed(__Key_))
public macro Entry() = #externalMacro(module: "AnimoPreviewMacros", type: "EntryMacro")
