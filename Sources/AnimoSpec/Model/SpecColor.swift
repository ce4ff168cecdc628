// Colors: gamma-encoded sRGB components in 0…1 with a straight (not premultiplied) opacity.

/// A color in the sRGB color space, components and opacity in 0…1 (not premultiplied).
public struct SpecColor: Sendable, Equatable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var opacity: Double

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.opacity = opacity
    }

    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// The colour drawn for linear sRGB channels and an opacity computed while rendering (an
    /// expression's or an animation's values): each clamped to 0…1, NaN read as 0, so that a
    /// spring's overshoot does not leave the gamut; the channels then gamma-encoded.
    public init(clampingLinearRed red: Double, green: Double, blue: Double, opacity: Double) {
        func unit(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
        self.init(red: ColorTransfer.encoded(unit(red)), green: ColorTransfer.encoded(unit(green)),
                  blue: ColorTransfer.encoded(unit(blue)), opacity: unit(opacity))
    }

    public static let clear = SpecColor(red: 0, green: 0, blue: 0, opacity: 0)
    public static let black = SpecColor(white: 0)
    public static let white = SpecColor(white: 1)

    /// The forms a color may take, for error messages.
    public static let acceptedForms = "\"#RRGGBB\", \"#RRGGBBAA\", a SwiftUI color name (white, black, clear, red, blue, …), {\"white\": w, \"opacity\": a} or {\"red\": r, \"green\": g, \"blue\": b, \"opacity\": a}"

    /// Parses "#RRGGBB" or "#RRGGBBAA" (hex digits in either case).
    public static func hex(_ text: String) -> SpecColor? {
        let digits = Array(text.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        var values: [Double] = []
        var i = 1
        while i < digits.count {
            guard let hi = hexDigit(digits[i]), let lo = hexDigit(digits[i + 1]) else { return nil }
            values.append(Double(hi * 16 + lo) / 255)
            i += 2
        }
        return SpecColor(red: values[0], green: values[1], blue: values[2], opacity: values.count == 4 ? values[3] : 1)
    }

    private static func hexDigit(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(b - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(b - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    public var description: String {
        "rgba(\(formatNumber(red)), \(formatNumber(green)), \(formatNumber(blue)), \(formatNumber(opacity)))"
    }
}
