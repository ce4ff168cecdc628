// Colors: straight-alpha sRGB (`Color`, what specs and SwiftUI's `Color.Resolved` speak) and
// premultiplied RGBA (`PremultipliedColor`, what pixmaps store and compositing works on).
// They are distinct types so a straight value can never be blended as if premultiplied.
//
// Components are gamma-encoded sRGB (DESIGN.md §4, SEMANTICS.md fact 57: compositing happens in
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

    /// Premultiplied form: rgb × alpha with alpha clamped to 0…1. Non-finite components become 0,
    /// so a NaN color paints nothing instead of poisoning the pixmap.
    @inlinable public var premultiplied: PremultipliedColor {
        guard isFinite else { return .clear }
        let a = Float(min(max(alpha, 0), 1))
        return PremultipliedColor(SIMD4<Float>(Float(red) * a, Float(green) * a, Float(blue) * a, a))
    }

    public var description: String { "Color(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}

/// A premultiplied RGBA color: each color channel already multiplied by alpha.
///
/// Invariant (kept by every constructor except `init(unchecked:)`): alpha is in 0…1 and the
/// components are finite. Color channels may exceed alpha only for extended-range input.
public struct PremultipliedColor: Hashable, Sendable {
    /// (r·a, g·a, b·a, a) as Float32, the pixmap's storage format.
    public var simd: SIMD4<Float>

    /// Wraps premultiplied components; non-finite values become 0 and alpha is clamped to 0…1.
    @inlinable public init(_ v: SIMD4<Float>) {
        var w = v
        for i in 0..<4 where !w[i].isFinite { w[i] = 0 }
        w.w = min(max(w.w, 0), 1)
        simd = w
    }
    /// Wraps components without any check: for hot loops that already hold valid values.
    @inlinable public init(unchecked v: SIMD4<Float>) { simd = v }

    /// Premultiplied components, each clamped to 0…1 after the check above.
    @inlinable public init(red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(SIMD4(red, green, blue, alpha))
    }

    public static let clear = PremultipliedColor(unchecked: .zero)

    @inlinable public var red: Float { simd.x }
    @inlinable public var green: Float { simd.y }
    @inlinable public var blue: Float { simd.z }
    @inlinable public var alpha: Float { simd.w }

    /// The straight-alpha color (rgb ÷ alpha); fully transparent gives `Color.clear`.
    @inlinable public var straight: Color {
        guard simd.w > 0 else { return .clear }
        let inv = 1 / simd.w
        return Color(red: Double(simd.x * inv), green: Double(simd.y * inv), blue: Double(simd.z * inv),
                     alpha: Double(simd.w))
    }

    /// Every component scaled by `k` (opacity or coverage).
    @inlinable public func scaled(by k: Float) -> PremultipliedColor { PremultipliedColor(unchecked: simd * k) }
}
