// identityColor — returns the colour unchanged: the runtime's own per-pixel overhead, for
// benchmarks (its target: ≥ 200 Mpx/s) and as a no-op baseline in tests.
// Twin: Shaders/Metal/IdentityColor.metal.

import AnimoEffects

/// `identityColor()`: the source colour, unchanged.
public enum IdentityColor: ColorEffectKernel {
    public static let name = "identityColor"
    public static let parameters: [ShaderParameter] = []

    public static func decode(_ a: ShaderArguments) {}

    @inline(__always)
    public static func color(at position: SIMD2<Float>, color: SIMD4<Float>, uniforms: Void) -> SIMD4<Float> {
        color
    }
}
