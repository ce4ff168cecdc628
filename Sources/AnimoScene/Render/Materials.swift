// SwiftUI's materials as backdrop recipes (docs/semantics.md §219–§222): each material blurs what
// lies behind it, saturates and brightens it, then pulls its luminance toward the recipe's
// luminance curve, in the canvas's colour scheme.
//
// The numbers are CoreMaterial's recipes as reverse-engineered for UIKit's system materials
// (§220 light, §221 dark): ultraThin, thin, regular and thick use the matching
// `platformContent…` recipes; ultraThick and `bar` use `platformChrome` (§222, the likely
// mapping). What is not known is approximated, and written here as animo-render's choice:
// - the blur is a Gaussian whose σ in points is the recipe's blur number (the backdrop scale of
//   0.25 is not reproduced);
// - the luminance lookup image is not public, so its four values are read as a curve through
//   luminance 0, 1/3, 2/3 and 1 (piecewise linear), and each colour moves by
//   amount × (curve(L) − L) on every channel;
// - where nothing is behind (transparent pixels) the material shows the curve's value at
//   luminance 0 as a grey at the recipe's amount.
// A material sees the canvas drawn before it, not content inside an open layer (a mask, an
// effect or a canvas node it is part of).
import AnimoSpec
import AnimoGeometry

/// One material recipe for one appearance.
public struct DisplayMaterial: Sendable, Equatable {
    /// Gaussian σ in points.
    public var blur: Double
    public var saturation: Double
    /// Added to each channel.
    public var brightness: Double
    /// How far colours move toward the luminance curve (0…1).
    public var luminanceAmount: Double
    /// The curve at luminance 0, 1/3, 2/3, 1.
    public var luminanceValues: [Double]

    /// The curve at luminance `l` (0…1).
    public func curve(_ l: Double) -> Double {
        let v = luminanceValues
        let x = min(max(l, 0), 1) * Double(v.count - 1)
        let i = min(Int(x), v.count - 2)
        return v[i] + (v[i + 1] - v[i]) * (x - Double(i))
    }

    /// The colour of the material over nothing: the curve at 0 as a grey, at the amount.
    public var tint: Color {
        let g = curve(0)
        return Color(red: g, green: g, blue: g, alpha: luminanceAmount)
    }

    /// §220 (light) and §221 (dark): blur, saturation, brightness, luminance amount and values.
    public static func recipe(_ m: SpecMaterial, _ scheme: SpecColorScheme) -> DisplayMaterial {
        let light = scheme == .light
        switch m {
        case .ultraThinMaterial:
            return light ? .init(blur: 22.5, saturation: 1.1, brightness: 0.12, luminanceAmount: 0.5, luminanceValues: [0.45, 0.55, 0.65, 0.68])
                         : .init(blur: 22.5, saturation: 1.1, brightness: 0, luminanceAmount: 0.5, luminanceValues: [0.24, 0.24, 0.3, 0.39])
        case .thinMaterial:
            return light ? .init(blur: 30, saturation: 1.35, brightness: 0.12, luminanceAmount: 0.6, luminanceValues: [0.725, 0.825, 0.76, 0.73])
                         : .init(blur: 30, saturation: 1.35, brightness: 0, luminanceAmount: 0.6, luminanceValues: [0.2, 0.21, 0.1, 0.15])
        case .regularMaterial:
            return light ? .init(blur: 30, saturation: 1.5, brightness: 0.1, luminanceAmount: 0.75, luminanceValues: [0.9, 0.83, 0.925, 0.815])
                         : .init(blur: 30, saturation: 1.5, brightness: 0, luminanceAmount: 0.75, luminanceValues: [0.16, 0.26, 0.1, 0.1])
        case .thickMaterial:
            return light ? .init(blur: 45, saturation: 1.5, brightness: 0.045, luminanceAmount: 0.88, luminanceValues: [0.99, 0.95, 0.98, 0.905])
                         : .init(blur: 45, saturation: 1.5, brightness: 0, luminanceAmount: 0.88, luminanceValues: [0.14, 0.16, 0.1, 0.03])
        case .ultraThickMaterial, .bar:
            return light ? .init(blur: 22.5, saturation: 1.1, brightness: 0.1, luminanceAmount: 0.75, luminanceValues: [0.8, 0.9, 1.1, 0.825])
                         : .init(blur: 22.5, saturation: 2.0, brightness: -0.1, luminanceAmount: 0.75, luminanceValues: [0.23, 0.52, 0.27, 0.255])
        }
    }
}
