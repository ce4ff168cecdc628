// SwiftUI's named and semantic colours, in both appearances, as 8-bit sRGB.
//
// Sources (docs/semantics.md):
// - System colours (`red` … `brown`): iOS 15–18, light and dark, §204 (HIG, "Color" →
//   "Specifications", revision of June 2023; OpenSwiftUI's table agrees but for the slips of
//   §206). The iOS 26 values published in June 2025 (§200–§202) are used with
//   `canvas.systemColors: "iOS26"`; the default stays iOS 15–18, the values most devices show
//   and the ones every v1 spec was rendered with. `gray` is systemGray (142, 142, 147) in both.
// - Grays `gray2` … `gray6` (UIKit's systemGray2…6; SwiftUI has only `gray`): §203, unchanged in 2025.
// - Labels: `primary` = `label` (black / white), `secondary` = `secondaryLabel`
//   (60,60,67 @0.6 / 235,235,245 @0.6), `tertiary` = `tertiaryLabel` (@0.3 / @0.3),
//   `quaternary` = `quaternaryLabel` (@0.18 / @0.16), `placeholderText` = `tertiaryLabel`: §208, §211.
// - Backgrounds (base level; dark elevated values are not used): §209. Separators, `link` and the
//   fills: §210.
// - `accentColor`: systemBlue, the default accent of an app without one.
// - `white`, `black`, `clear` are constants that ignore the appearance (§211).
//
// Colours are resolved when the spec is decoded, with the canvas's `colorScheme`; the light
// iOS 15–18 values are exactly those v1 always used.

/// `canvas.colorScheme`.
public enum SpecColorScheme: String, Sendable, CaseIterable {
    case light, dark
}

/// `canvas.systemColors`: which published set of system colour values to use.
public enum SpecSystemColors: String, Sendable, CaseIterable {
    case iOS18, iOS26
}

extension SpecColor {
    private static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> SpecColor {
        SpecColor(red: r / 255, green: g / 255, blue: b / 255, opacity: a)
    }

    /// (light, dark) pairs of every name except the twelve system colours.
    private static let common: [String: (SpecColor, SpecColor)] = {
        let label = (rgb(0, 0, 0), rgb(255, 255, 255))
        let secondary = (rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6))
        let tertiary = (rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3))
        let quaternary = (rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16))
        return [
            "clear": (.clear, .clear),
            "black": (.black, .black),
            "white": (.white, .white),
            "primary": label, "label": label,
            "secondary": secondary, "secondaryLabel": secondary,
            "tertiary": tertiary, "tertiaryLabel": tertiary, "placeholderText": tertiary,
            "quaternary": quaternary, "quaternaryLabel": quaternary,
            "gray": (rgb(142, 142, 147), rgb(142, 142, 147)),
            "gray2": (rgb(174, 174, 178), rgb(99, 99, 102)),
            "gray3": (rgb(199, 199, 204), rgb(72, 72, 74)),
            "gray4": (rgb(209, 209, 214), rgb(58, 58, 60)),
            "gray5": (rgb(229, 229, 234), rgb(44, 44, 46)),
            "gray6": (rgb(242, 242, 247), rgb(28, 28, 30)),
            "systemBackground": (rgb(255, 255, 255), rgb(0, 0, 0)),
            "secondarySystemBackground": (rgb(242, 242, 247), rgb(28, 28, 30)),
            "tertiarySystemBackground": (rgb(255, 255, 255), rgb(44, 44, 46)),
            "systemGroupedBackground": (rgb(242, 242, 247), rgb(0, 0, 0)),
            "secondarySystemGroupedBackground": (rgb(255, 255, 255), rgb(28, 28, 30)),
            "tertiarySystemGroupedBackground": (rgb(242, 242, 247), rgb(44, 44, 46)),
            "separator": (rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6)),
            "opaqueSeparator": (rgb(198, 198, 200), rgb(56, 56, 58)),
            "link": (rgb(0, 122, 255), rgb(9, 132, 255)),
            "systemFill": (rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36)),
            "secondarySystemFill": (rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32)),
            "tertiarySystemFill": (rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24)),
            "quaternarySystemFill": (rgb(116, 116, 128, 0.08), rgb(116, 116, 128, 0.18)),
        ]
    }()

    /// §204: iOS 15–18, (light, dark).
    private static let systemIOS18: [String: (SpecColor, SpecColor)] = [
        "red": (rgb(255, 59, 48), rgb(255, 69, 58)),
        "orange": (rgb(255, 149, 0), rgb(255, 159, 10)),
        "yellow": (rgb(255, 204, 0), rgb(255, 214, 10)),
        "green": (rgb(52, 199, 89), rgb(48, 209, 88)),
        "mint": (rgb(0, 199, 190), rgb(102, 212, 207)),
        "teal": (rgb(48, 176, 199), rgb(64, 200, 224)),
        "cyan": (rgb(50, 173, 230), rgb(100, 210, 255)),
        "blue": (rgb(0, 122, 255), rgb(10, 132, 255)),
        "indigo": (rgb(88, 86, 214), rgb(94, 92, 230)),
        "purple": (rgb(175, 82, 222), rgb(191, 90, 242)),
        "pink": (rgb(255, 45, 85), rgb(255, 55, 95)),
        "brown": (rgb(162, 132, 94), rgb(172, 142, 104)),
    ]

    /// §200–§202: since June 2025 (iOS 26), (light, dark).
    private static let systemIOS26: [String: (SpecColor, SpecColor)] = [
        "red": (rgb(255, 56, 60), rgb(255, 66, 69)),
        "orange": (rgb(255, 141, 40), rgb(255, 146, 48)),
        "yellow": (rgb(255, 204, 0), rgb(255, 214, 0)),
        "green": (rgb(52, 199, 89), rgb(48, 209, 88)),
        "mint": (rgb(0, 200, 179), rgb(0, 218, 195)),
        "teal": (rgb(0, 195, 208), rgb(0, 210, 224)),
        "cyan": (rgb(0, 192, 232), rgb(60, 211, 254)),
        "blue": (rgb(0, 136, 255), rgb(0, 145, 255)),
        "indigo": (rgb(97, 85, 245), rgb(109, 124, 255)),
        "purple": (rgb(203, 48, 224), rgb(219, 52, 242)),
        "pink": (rgb(255, 45, 85), rgb(255, 55, 95)),
        "brown": (rgb(172, 127, 94), rgb(183, 138, 102)),
    ]

    /// The colour a name has in an appearance, nil when the name is unknown.
    public static func named(_ name: String, scheme: SpecColorScheme, systemColors: SpecSystemColors = .iOS18) -> SpecColor? {
        let system = systemColors == .iOS18 ? systemIOS18 : systemIOS26
        if name == "accentColor", let b = system["blue"] { return scheme == .light ? b.0 : b.1 }
        guard let pair = system[name] ?? common[name] else { return nil }
        return scheme == .light ? pair.0 : pair.1
    }

    /// Every name, with its light iOS 15–18 value (the v1 table).
    public static let named: [String: SpecColor] = {
        var out: [String: SpecColor] = [:]
        for n in Array(common.keys) + Array(systemIOS18.keys) + ["accentColor"] {
            out[n] = named(n, scheme: .light)
        }
        return out
    }()

    /// The names in short, for messages (docs/spec.md "Colors" lists them all).
    public static let nameSummary = "clear, black, white, primary … quaternary, red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray … gray6, accentColor, and the label, background, separator and fill families (docs/spec.md, Colors)"

    /// The default foreground of shapes, text and symbols: `primary` in the appearance (§212).
    public static func foreground(_ scheme: SpecColorScheme) -> SpecColor { scheme == .light ? .black : .white }
}
