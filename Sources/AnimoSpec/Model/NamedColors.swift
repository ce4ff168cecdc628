// SwiftUI's named colors with sRGB values.
//
// Source: Apple Human Interface Guidelines, "Color" → "Specifications" → "System colors", iOS
// default (light) appearance, as published from iOS 15 to iOS 18 (the page was revised in June
// 2025 with slightly different values for iOS 26; we keep the long-standing values that most
// devices show). SwiftUI's `Color.red` etc. are these system colors (Apple docs, `Color`:
// "A context-dependent red color suitable for use in UI elements"). They are dynamic on device
// (dark mode, increased contrast); a renderer has no appearance, so the light values are used.
// `white`, `black`, `clear` are exact; `gray` is systemGray (142, 142, 147).
// `primary` and `secondary` are label colors in light mode: black, and (60, 60, 67) at 0.6
// opacity (HIG "Foreground colors", secondaryLabel).

extension SpecColor {
    /// Named SwiftUI colors, light appearance, as 8-bit sRGB (see the file header for the source).
    public static let named: [String: SpecColor] = {
        func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> SpecColor {
            SpecColor(red: r / 255, green: g / 255, blue: b / 255, opacity: a)
        }
        return [
            "clear": .clear,
            "black": .black,
            "white": .white,
            "primary": .black,
            "secondary": rgb(60, 60, 67, 0.6),
            "red": rgb(255, 59, 48),
            "orange": rgb(255, 149, 0),
            "yellow": rgb(255, 204, 0),
            "green": rgb(52, 199, 89),
            "mint": rgb(0, 199, 190),
            "teal": rgb(48, 176, 199),
            "cyan": rgb(50, 173, 230),
            "blue": rgb(0, 122, 255),
            "indigo": rgb(88, 86, 214),
            "purple": rgb(175, 82, 222),
            "pink": rgb(255, 45, 85),
            "brown": rgb(162, 132, 94),
            "gray": rgb(142, 142, 147),
        ]
    }()
}
