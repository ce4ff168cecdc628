// UIKit's names that animation code touches, as far as a rendered frame needs them: the system
// colours (`Color(.systemPink)`, `Color(uiColor:)`), the screen's size, haptics and the app.
@_exported import AnimoClock

public final class UIColor: @unchecked Sendable {
    /// What SwiftUI's `Color(uiColor:)` reads: a system colour's name (nil for components), and
    /// the components, sRGB red, green, blue or hue, saturation, brightness, then the opacity.
    public let _name: String?
    public let _components: [Double]
    public let _isHSB: Bool
    init(name: String?, components: [Double], hsb: Bool = false) {
        _name = name
        _components = components
        _isHSB = hsb
    }
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(name: nil, components: [Double(red), Double(green), Double(blue), Double(alpha)])
    }
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(name: nil, components: [Double(white), Double(white), Double(white), Double(alpha)])
    }
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        self.init(name: nil, components: [Double(hue), Double(saturation), Double(brightness), Double(alpha)], hsb: true)
    }
    /// A colour of the asset catalogue, by name.
    public convenience init?(named name: String) { self.init(name: "asset:" + name, components: [0, 0, 0, 1]) }
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(name: _name, components: Array(_components.prefix(3)) + [Double(alpha)], hsb: _isHSB)
    }
    static func named(_ n: String) -> UIColor { UIColor(name: n, components: [0, 0, 0, 1]) }
    public static let systemRed = named("red"), systemOrange = named("orange"), systemYellow = named("yellow")
    public static let systemGreen = named("green"), systemMint = named("mint"), systemTeal = named("teal")
    public static let systemCyan = named("cyan"), systemBlue = named("blue"), systemIndigo = named("indigo")
    public static let systemPurple = named("purple"), systemPink = named("pink"), systemBrown = named("brown")
    // The renderer's names for the system greys are gray … gray6.
    public static let systemGray = named("gray"), systemGray2 = named("gray2"), systemGray3 = named("gray3")
    public static let systemGray4 = named("gray4"), systemGray5 = named("gray5"), systemGray6 = named("gray6")
    public static let systemBackground = named("systemBackground"), secondarySystemBackground = named("secondarySystemBackground")
    public static let tertiarySystemBackground = named("tertiarySystemBackground"), systemGroupedBackground = named("systemGroupedBackground")
    public static let secondarySystemGroupedBackground = named("secondarySystemGroupedBackground"), tertiarySystemGroupedBackground = named("tertiarySystemGroupedBackground")
    public static let label = named("label"), secondaryLabel = named("secondaryLabel"), tertiaryLabel = named("tertiaryLabel"), quaternaryLabel = named("quaternaryLabel")
    public static let separator = named("separator"), opaqueSeparator = named("opaqueSeparator"), link = named("link"), placeholderText = named("placeholderText")
    public static let systemFill = named("systemFill"), secondarySystemFill = named("secondarySystemFill")
    public static let tertiarySystemFill = named("tertiarySystemFill"), quaternarySystemFill = named("quaternarySystemFill")
    // UIKit's fixed colours are not the system ones: `UIColor.red` is sRGB (1, 0, 0), and so on,
    // as Apple documents each.
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1), green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1), yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1), purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1), gray = UIColor(white: 0.5, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1), magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let white = named("white"), black = named("black"), clear = named("clear")
    public static let lightGray = UIColor(white: 2 / 3, alpha: 1), darkGray = UIColor(white: 1 / 3, alpha: 1)
}

/// The screen the preview runs on: the render's default device, iPhone 16 (393 × 852 pt at 3×).
public final class UIScreen: @unchecked Sendable {
    public static let main = UIScreen()
    public let bounds = CGRect(x: 0, y: 0, width: 393, height: 852)
    public let scale: CGFloat = 3
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: 1179, height: 2556) }
}

public final class UIApplication: @unchecked Sendable {
    public static let shared = UIApplication()
    public func open(_ url: URL, options: [AnyHashable: Any] = [:], completionHandler: ((Bool) -> Void)? = nil) {}
    public func canOpenURL(_ url: URL) -> Bool { false }
    public var isIdleTimerDisabled = false
    /// The preview's one window, the screen's size, with iPhone 16's safe area.
    public var windows: [UIWindow] { [UIWindow()] }
    public var connectedScenes: Set<AnyHashable> { [] }
}



public class UIImpactFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable { case light, medium, heavy, soft, rigid }
    public init(style: FeedbackStyle = .medium) {}
    public func impactOccurred() {}
    public func impactOccurred(intensity: CGFloat) {}
    public func prepare() {}
}

public class UINotificationFeedbackGenerator {
    public enum FeedbackType: Int, Sendable { case success, warning, error }
    public init() {}
    public func notificationOccurred(_ type: FeedbackType) {}
    public func prepare() {}
}

public class UISelectionFeedbackGenerator {
    public init() {}
    public func selectionChanged() {}
    public func prepare() {}
}
