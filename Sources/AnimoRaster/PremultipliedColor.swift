// PremultipliedColor: premultiplied RGBA, what pixmaps store and compositing works on, and the
// conversion from the straight `Color` (AnimoGeometry). Distinct types, so a straight value can
// never be blended as if premultiplied.
import AnimoGeometry

extension Color {
    /// Premultiplied form: rgb × alpha with alpha clamped to 0…1. Non-finite components become 0,
    /// so a NaN color paints nothing instead of poisoning the pixmap.
    @inlinable public var premultiplied: PremultipliedColor {
        guard isFinite else { return .clear }
        let a = Float(min(max(alpha, 0), 1))
        return PremultipliedColor(SIMD4<Float>(Float(red) * a, Float(green) * a, Float(blue) * a, a))
    }
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
