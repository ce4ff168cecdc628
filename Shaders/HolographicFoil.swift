// holographicFoil — Fresnel-driven thin-film iridescence as a colour effect (swiftui-microinteractions skill, archetype
// table: "holographic / iridescent / oil film / foil / prism → Fresnel iridescence in a
// .colorEffect"; "iridescent sheen through Fresnel, not a flat overlay"). Twin:
// Shaders/Metal/HolographicFoil.metal.
//
// Pixel contract: mixes the (unpremultiplied) source colour toward the film colour and
// re-premultiplies by the source alpha. Output 0…1, premultiplied.
//
// Model (constants chosen here unless cited):
// - s = position / min(size). Micro-relief g(s) = 0.5·noise(8s) + 0.25·noise(16s) (value noise,
//   ShaderMath); normal from forward differences one point apart, n = normalize(−0.08∇g, 1).
// - view per pixel (a near camera): V = normalize(tilt + 0.6(s − 0.5), 1); `tilt` is the card's
//   view angle as a slope (tan of the angle) per axis.
// - cosθ = saturate(n·V); refraction into a film of index 1.33 by Snell's law:
//   cosθt = sqrt(1 − (1 − cos²θ)/1.33²).
// - film thickness d(s, t) = 0.8 + 0.4·noise(3s + 0.1t); the interference order
//   2·d·cosθt (the optical path difference 2·n·d·cosθt, Born & Wolf §7.5, in arbitrary units)
//   plus 0.15t picks a hue from the rainbow cosine palette (Quílez 2015) a = b = 0.5, c = 1,
//   d = (0, 0.33, 0.67).
// - Schlick's Fresnel with F0 = 0.04 (a dielectric film): F = F0 + (1 − F0)(1 − cosθ)^5;
//   strength = 0.45 + 0.55·saturate(4F); plus a grazing sheen 0.25(1 − cosθ)².

import AnimoEffects

/// The decoded arguments of `holographicFoil`.
public struct HolographicFoilUniforms: Sendable {
    public var inverseExtent: Float
    public var time: Float
    public var tilt: SIMD2<Float>
}

/// `holographicFoil(float2 size, float time, float2 tilt)`: iridescent foil over the content.
public enum HolographicFoil: ColorEffectKernel {
    public static let name = "holographicFoil"
    public static let parameters: [ShaderParameter] = [
        .init("size", .float2), .init("time", .float), .init("tilt", .float2),
    ]

    public static func decode(_ a: ShaderArguments) -> HolographicFoilUniforms {
        let size = a.float2(0)
        return HolographicFoilUniforms(inverseExtent: 1 / max(min(size.x, size.y), 1), time: a.float(1), tilt: a.float2(2))
    }

    @inline(__always)
    static func relief(_ s: SIMD2<Float>) -> Float {
        0.5 * valueNoise(8 * s.x, 8 * s.y) + 0.25 * valueNoise(16 * s.x, 16 * s.y)
    }

    @inline(__always)
    public static func color(at position: SIMD2<Float>, color: SIMD4<Float>, uniforms u: HolographicFoilUniforms) -> SIMD4<Float> {
        let s = position * u.inverseExtent
        let g0 = relief(s)
        let gx = (relief(s + SIMD2(u.inverseExtent, 0)) - g0) / u.inverseExtent
        let gy = (relief(s + SIMD2(0, u.inverseExtent)) - g0) / u.inverseExtent
        let n = normalize(SIMD3(-0.08 * gx, -0.08 * gy, 1))
        let slope = u.tilt + 0.6 * (s - 0.5)
        let v = normalize(SIMD3(slope.x, slope.y, 1))
        let cosTheta = saturate(dot(n, v))
        let sin2Transmitted = (1 - cosTheta * cosTheta) / (1.33 * 1.33)
        let cosTransmitted = max(1 - sin2Transmitted, 0).squareRoot()
        let thickness = 0.8 + 0.4 * valueNoise(3 * s.x + 0.1 * u.time, 3 * s.y + 0.1 * u.time)
        let order = 2 * thickness * cosTransmitted + 0.15 * u.time
        let film = cosinePalette(order, SIMD3(repeating: 0.5), SIMD3(repeating: 0.5), SIMD3(repeating: 1),
                                 SIMD3(0, 0.33, 0.67))
        let grazing = 1 - cosTheta
        let fresnel = 0.04 + 0.96 * fpow(grazing, 5)
        let strength = 0.45 + 0.55 * saturate(4 * fresnel)
        let alpha = color.w
        let straight = alpha > 0 ? SIMD3(color.x, color.y, color.z) / alpha : SIMD3<Float>(repeating: 0)
        let rgb = saturate(mix(straight, film, strength) + SIMD3(repeating: 0.25 * grazing * grazing))
        return SIMD4(rgb * alpha, alpha)
    }
}
