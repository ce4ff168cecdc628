// chromaticAberration — red and blue channels sampled from opposite offsets, as a layer effect.
// Twin: Shaders/Metal/ChromaticAberration.metal.
//
// Contract (docs/semantics.md §72): r = sample(p − offset), g = sample(p), b = sample(p + offset);
// output (r.r, g.g, b.b, max(r.a, g.a, b.a)). Each channel is ≤ its own alpha ≤ the output
// alpha, so the result stays a valid premultiplied colour. `maxSampleOffset` = |offset|.

import AnimoEffects

/// The decoded arguments of `chromaticAberration`.
public struct ChromaticAberrationUniforms: Sendable {
    public var offset: SIMD2<Float>
}

/// `chromaticAberration(float2 offset)`.
public enum ChromaticAberration: LayerEffectKernel {
    public static let name = "chromaticAberration"
    public static let parameters: [ShaderParameter] = [.init("offset", .float2)]

    public static func decode(_ a: ShaderArguments) -> ChromaticAberrationUniforms {
        ChromaticAberrationUniforms(offset: a.float2(0))
    }

    @inline(__always)
    public static func color<L: LayerSampler>(at position: SIMD2<Float>, layer: L, uniforms u: ChromaticAberrationUniforms) -> SIMD4<Float> {
        let r = layer.sample(position - u.offset)
        let g = layer.sample(position)
        let b = layer.sample(position + u.offset)
        return SIMD4(r.x, g.y, b.z, max(r.w, max(g.w, b.w)))
    }
}
