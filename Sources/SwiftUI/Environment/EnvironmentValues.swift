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
