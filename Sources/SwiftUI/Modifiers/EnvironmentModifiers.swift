// Modifiers that change the environment of the views inside.

extension View {
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modifier(ContextModifier { $0.environment[keyPath: keyPath] = value })
    }

    /// An `@Observable` object for `@Environment(Type.self)` inside.
    public func environment<T: AnyObject>(_ object: T?) -> some View {
        modifier(ContextModifier { c in
            if let object { c.environment.objects[ObjectIdentifier(T.self)] = object }
        })
    }

    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        modifier(ContextModifier { $0.environment.objects[ObjectIdentifier(T.self)] = object })
    }

    /// The preview's colour scheme: the canvas takes it, as the device's window does.
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View {
        modifier(ContextModifier { c in
            guard let colorScheme else { return }
            c.environment.colorScheme = colorScheme
            c.graph.recording.preferredColorScheme = colorScheme == .dark ? "dark" : "light"
        })
    }

    public func colorScheme(_ colorScheme: ColorScheme) -> some View {
        environment(\.colorScheme, colorScheme)
    }
}

extension View {
    // Modifiers with no drawing effect in a rendered frame.
    public func navigationTitle(_ title: String) -> some View { self }
    public func navigationTitle(_ title: LocalizedStringKey) -> some View { self }
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> some View { self }
    public func navigationBarHidden(_ hidden: Bool) -> some View { self }
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View { self }
    public func statusBarHidden(_ hidden: Bool = true) -> some View { self }
    public func statusBar(hidden: Bool) -> some View { self }
    public func accessibilityLabel(_ label: Text) -> some View { self }
    public func accessibilityLabel(_ label: String) -> some View { self }
    public func accessibilityHidden(_ hidden: Bool) -> some View { self }
    public func accessibilityHint(_ hint: Text) -> some View { self }
    public func accessibilityHint(_ hint: String) -> some View { self }
    public func accessibilityValue(_ value: Text) -> some View { self }
    public func accessibilityValue(_ value: String) -> some View { self }
    public func accessibilityIdentifier(_ identifier: String) -> some View { self }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { self }
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View { self }
    public func accessibilitySortPriority(_ priority: Double) -> some View { self }
    public func accessibilityAction(named name: String, _ handler: @escaping () -> Void) -> some View { self }
    public func accessibilityAction(_ actionKind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void) -> some View { self }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { self }
    public func previewLayout(_ value: PreviewLayout) -> some View { self }
    public func previewDisplayName(_ value: String?) -> some View { self }
    public func previewDevice(_ value: PreviewDevice?) -> some View { self }
    public func buttonStyle<S>(_ style: S) -> some View { self }
}

public struct NavigationBarItem {
    public enum TitleDisplayMode: Sendable { case automatic, inline, large }
}
public struct AccessibilityChildBehavior: Sendable {
    public static let ignore = AccessibilityChildBehavior(), contain = AccessibilityChildBehavior(), combine = AccessibilityChildBehavior()
}
public struct SensoryFeedback: Sendable {
    public static let success = SensoryFeedback(), warning = SensoryFeedback(), error = SensoryFeedback(), selection = SensoryFeedback()
    public static let increase = SensoryFeedback(), decrease = SensoryFeedback(), start = SensoryFeedback(), stop = SensoryFeedback()
    public static func impact(weight: Int = 0, intensity: Double = 1) -> SensoryFeedback { SensoryFeedback() }
    public static let impact = SensoryFeedback()
}
public enum PreviewLayout: Sendable {
    case device, sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}
public struct PreviewDevice: Sendable, ExpressibleByStringLiteral {
    public init(rawValue: String) {}
    public init(stringLiteral value: String) {}
}
public struct PlainButtonStyle { public init() {} }
public struct BorderlessButtonStyle { public init() {} }

public struct AccessibilityTraits: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1)
    public static let isHeader = AccessibilityTraits(rawValue: 2)
    public static let isSelected = AccessibilityTraits(rawValue: 4)
    public static let isLink = AccessibilityTraits(rawValue: 8)
    public static let isImage = AccessibilityTraits(rawValue: 16)
    public static let isStaticText = AccessibilityTraits(rawValue: 32)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 64)
    public static let isModal = AccessibilityTraits(rawValue: 128)
}

public struct AccessibilityActionKind: Sendable {
    public static let `default` = AccessibilityActionKind()
    public static let escape = AccessibilityActionKind()
    public static let magicTap = AccessibilityActionKind()
}

