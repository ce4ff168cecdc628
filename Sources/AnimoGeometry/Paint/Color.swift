// Color: straight-alpha sRGB, what specs and SwiftUI's `Color.Resolved` speak. Its premultiplied
// counterpart, what pixmaps store and compositing works on, is `PremultipliedColor` in AnimoRaster:
// distinct types, so a straight value can never be blended as if premultiplied.
//
// Components are gamma-encoded sRGB (docs/architecture.md, "Pixels", docs/semantics.md §57: compositing happens in
// the destination's non-linear values, as Core Graphics does by default).

/// A straight-alpha (non-premultiplied) color with gamma-encoded sRGB components.
///
/// Components are stored as given (no clamping), so extended-range values survive until they
/// are premultiplied; `premultiplied` clamps alpha to 0…1 and leaves color channels alone.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// A color from straight sRGB components, each nominally in 0…1.
    @inlinable public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A color from 8-bit straight components (0…255), as in PNG files and the peers' scenes.
    @inlinable public init(rgba8 r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// True when every component is finite.
    @inlinable public var isFinite: Bool {
        red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite
    }

    /// The color with its alpha multiplied by `opacity` (clamped to 0…1).
    @inlinable public func withOpacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * min(max(opacity, 0), 1))
    }


    public var description: String { "Color(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}
