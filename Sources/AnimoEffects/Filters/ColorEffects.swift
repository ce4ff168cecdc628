// ColorEffects: the matrices of SwiftUI's colour filters and modifiers, each from docs/semantics.md
// (§48–55; coefficients as recorded there, from OpenSwiftUI `ColorMatrix.swift` and Apple's
// docs). All act on non-premultiplied, gamma-encoded sRGB values (§56–57) through
// `ColorMatrix.apply(to:)`, which unpremultiplies, applies, clamps to 0…1 and re-premultiplies.
// The factories validate their amounts (finite) and throw `FilterError` otherwise.
import Foundation
import AnimoRaster
import AnimoGeometry

extension ColorMatrix {
    static func finite(_ v: Double, _ name: String) throws(FilterError) {
        guard v.isFinite else { throw .nonFinite(parameter: name, value: v) }
    }

    /// Fact 48: `saturation(s)`, the SVG `saturate` matrix; s < 0 is clamped to 0.
    public static func saturation(_ amount: Double) throws(FilterError) -> ColorMatrix {
        try finite(amount, "saturation")
        let s = max(amount, 0)
        return ColorMatrix(validated: [
            [0.2126 + 0.7873 * s, 0.7152 - 0.7152 * s, 0.0722 - 0.0722 * s, 0, 0],
            [0.2126 - 0.2126 * s, 0.7152 + 0.2848 * s, 0.0722 - 0.0722 * s, 0, 0],
            [0.2126 - 0.2126 * s, 0.7152 - 0.7152 * s, 0.0722 + 0.9278 * s, 0, 0],
            [0, 0, 0, 1, 0],
        ])
    }

    /// Fact 49: `hueRotation(θ)`, the SVG `hue-rotate` matrix, θ in radians.
    public static func hueRotation(radians theta: Double) throws(FilterError) -> ColorMatrix {
        try finite(theta, "hueRotation")
        let c = cos(theta), s = sin(theta)
        return ColorMatrix(validated: [
            [0.2126 + 0.7873 * c - 0.2126 * s, 0.7152 - 0.7152 * c - 0.7152 * s, 0.0722 - 0.0722 * c + 0.9278 * s, 0, 0],
            [0.2126 - 0.2126 * c + 0.1430 * s, 0.7152 + 0.2848 * c + 0.1400 * s, 0.0722 - 0.0722 * c - 0.2830 * s, 0, 0],
            [0.2126 - 0.2126 * c - 0.7873 * s, 0.7152 - 0.7152 * c + 0.7152 * s, 0.0722 + 0.9278 * c + 0.0722 * s, 0, 0],
            [0, 0, 0, 1, 0],
        ])
    }

    /// Fact 50: `brightness(b)` adds b to R, G and B, alpha unchanged (CIColorControls, not SVG).
    public static func brightness(_ b: Double) throws(FilterError) -> ColorMatrix {
        try finite(b, "brightness")
        return ColorMatrix(validated: [[1, 0, 0, 0, b], [0, 1, 0, 0, b], [0, 0, 1, 0, b], [0, 0, 0, 1, 0]])
    }

    /// Fact 51: `contrast(c)`: x′ = c·x + (1 − c)/2 on RGB (pivot 0.5); negative c also inverts.
    public static func contrast(_ c: Double) throws(FilterError) -> ColorMatrix {
        try finite(c, "contrast")
        let o = (1 - c) / 2
        return ColorMatrix(validated: [[c, 0, 0, 0, o], [0, c, 0, 0, o], [0, 0, c, 0, o], [0, 0, 0, 1, 0]])
    }

    /// Fact 52: `grayscale(a)`: x′ = (1 − a)·x + a·(.2126R + .7152G + .0722B). a is clamped to 0…1.
    public static func grayscale(_ amount: Double) throws(FilterError) -> ColorMatrix {
        try finite(amount, "grayscale")
        let a = min(max(amount, 0), 1), l = [0.2126, 0.7152, 0.0722]
        var rows: [[Double]] = []
        for i in 0..<3 {
            rows.append((0..<3).map { j in (i == j ? 1 - a : 0) + a * l[j] } + [0, 0])
        }
        rows.append([0, 0, 0, 1, 0])
        return ColorMatrix(validated: rows)
    }

    /// Fact 53: `colorInvert(a)`: x′ = (1 − 2a)·x + a on RGB, alpha unchanged. a is clamped to 0…1.
    public static func colorInvert(_ amount: Double = 1) throws(FilterError) -> ColorMatrix {
        try finite(amount, "colorInvert")
        let a = min(max(amount, 0), 1), k = 1 - 2 * a
        return ColorMatrix(validated: [[k, 0, 0, 0, a], [0, k, 0, 0, a], [0, 0, k, 0, a], [0, 0, 0, 1, 0]])
    }

    /// Fact 54: `colorMultiply(color)`: diag(r, g, b, a) of the colour's sRGB-encoded components.
    public static func colorMultiply(_ color: Color) throws(FilterError) -> ColorMatrix {
        for (n, v) in [("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha)] {
            try finite(v, "colorMultiply color.\(n)")
        }
        let r = color.red, g = color.green, b = color.blue, a = min(max(color.alpha, 0), 1)
        return ColorMatrix(validated: [[r, 0, 0, 0, 0], [0, g, 0, 0, 0], [0, 0, b, 0, 0], [0, 0, 0, a, 0]])
    }

    /// Fact 55: `luminanceToAlpha`: RGB → 0, A′ = .2126R + .7152G + .0722B (input alpha ignored).
    /// (SVG's row .2125/.7154/.0721 differs by under 3e-4; the OpenSwiftUI weights are used.)
    public static let luminanceToAlpha = ColorMatrix(validated: [
        [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0.2126, 0.7152, 0.0722, 0, 0],
    ])
}
