// Device presets for `canvas.device` (docs/spec.md, "Canvas and devices"): an iPhone's screen in
// portrait, in points, with its UIKit scale, safe-area insets and display corner radius. Each
// figure comes from docs/semantics.md: sizes and scales §138, safe-area insets §140, display
// corner radii §142.

/// Insets in points on the four edges of the screen.
public struct DeviceInsets: Sendable, Equatable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = DeviceInsets()
}

/// A device's screen in portrait.
public struct DevicePreset: Sendable, Equatable {
    public var name: String
    /// Points.
    public var width: Double
    public var height: Double
    /// UIKit scale (pixels per point).
    public var scale: Double
    public var safeAreaInsets: DeviceInsets
    /// The display's corner radius in points (`UIScreen._displayCornerRadius`).
    public var displayCornerRadius: Double

    public init(name: String, width: Double, height: Double, scale: Double, safeAreaInsets: DeviceInsets, displayCornerRadius: Double) {
        self.name = name
        self.width = width
        self.height = height
        self.scale = scale
        self.safeAreaInsets = safeAreaInsets
        self.displayCornerRadius = displayCornerRadius
    }

    static func portrait(_ name: String, _ w: Double, _ h: Double, scale: Double = 3, top: Double, bottom: Double, corner: Double) -> DevicePreset {
        DevicePreset(name: name, width: w, height: h, scale: scale, safeAreaInsets: DeviceInsets(top: top, bottom: bottom), displayCornerRadius: corner)
    }

    /// The presets, by the name `canvas.device` takes.
    public static let all: [DevicePreset] = [
        // 4.7-inch (3rd generation): HIG-L 375×667 @2x (§138); insets 20 / 0 (§140); corner 0 (§142).
        .portrait("iPhone SE", 375, 667, scale: 2, top: 20, bottom: 0, corner: 0),
        // §138 390×844 @3x; §140 47 / 34; §142 47.33.
        .portrait("iPhone 16e", 390, 844, top: 47, bottom: 34, corner: 47.33),
        // §138 393×852 @3x; §140 59 / 34; §142 55.
        .portrait("iPhone 16", 393, 852, top: 59, bottom: 34, corner: 55),
        // §138 430×932 @3x; §140 59 / 34; §142 55.
        .portrait("iPhone 16 Plus", 430, 932, top: 59, bottom: 34, corner: 55),
        // §138 402×874 @3x; §140 62 / 34; §142 62.
        .portrait("iPhone 16 Pro", 402, 874, top: 62, bottom: 34, corner: 62),
        // §138 440×956 @3x; §140 62 / 34; §142 62.
        .portrait("iPhone 16 Pro Max", 440, 956, top: 62, bottom: 34, corner: 62),
        // §138 402×874 @3x; §140 62 / 34; §142 62.
        .portrait("iPhone 17", 402, 874, top: 62, bottom: 34, corner: 62),
        // §138 420×912 @3x; §140 68 / 34; §142 62.
        .portrait("iPhone Air", 420, 912, top: 68, bottom: 34, corner: 62),
        // §138 402×874 @3x; §140 62 / 34; §142 62.
        .portrait("iPhone 17 Pro", 402, 874, top: 62, bottom: 34, corner: 62),
        // §138 440×956 @3x; §140 62 / 34; §142 62.
        .portrait("iPhone 17 Pro Max", 440, 956, top: 62, bottom: 34, corner: 62),
    ]

    public static let names: [String] = all.map(\.name)

    public static func named(_ name: String) -> DevicePreset? { all.first { $0.name == name } }
}
