// Argument values that passed `ShaderSignature.validate`, read by a kernel's `decode` once per
// frame (never per pixel).

/// Validated argument values, in declaration order.
///
/// Only `ShaderSignature.validate` makes these, so each index holds a value of the declared
/// type (or an accepted equivalent, see `ShaderArgumentType.accepts`). The typed accessors
/// therefore never fail for a kernel reading its own declared indices; on a mismatched or
/// out-of-range index they return zero / empty instead of trapping.
public struct ShaderArguments: Sendable, Equatable {
    public let values: [ShaderArgument]

    init(validated values: [ShaderArgument]) {
        self.values = values
    }

    public var count: Int { values.count }

    @inline(__always)
    func lanes(_ i: Int) -> SIMD4<Float> {
        guard values.indices.contains(i) else { return .zero }
        return values[i].components ?? .zero
    }

    /// `float` or `half` argument `i`.
    public func float(_ i: Int) -> Float { lanes(i).x }
    /// `float2` or `half2` argument `i`.
    public func float2(_ i: Int) -> SIMD2<Float> { let v = lanes(i); return SIMD2(v.x, v.y) }
    /// `float3` or `half3` argument `i`.
    public func float3(_ i: Int) -> SIMD3<Float> { let v = lanes(i); return SIMD3(v.x, v.y, v.z) }
    /// `float4`, `half4` or `color` argument `i` (colours premultiplied).
    public func float4(_ i: Int) -> SIMD4<Float> { lanes(i) }
    /// `color` argument `i`, premultiplied RGBA.
    public func color(_ i: Int) -> SIMD4<Float> { lanes(i) }

    /// `floatArray` argument `i` (empty when it is not one).
    public func floatArray(_ i: Int) -> [Float] {
        guard values.indices.contains(i), case .floatArray(let a) = values[i] else { return [] }
        return a
    }

    /// `image` argument `i` (`nil` when it is not one).
    public func image(_ i: Int) -> ShaderImage? {
        guard values.indices.contains(i), case .image(let im) = values[i] else { return nil }
        return im
    }
}
