// glassRefraction — a rounded-rect glass lens as a layer effect: inside the shape the layer is
// sampled at an offset along the shape's inward normal, strongest at the rim, plus a specular
// rim light. The base for Liquid Glass previews. Twin: Shaders/Metal/GlassRefraction.metal.
//
// Contract (docs/semantics.md §72): the shape is the rounded rect filling (0, 0)–size in view-local
// points, corner radius clamped to min(size)/2 (docs/semantics.md §65). Outside it the layer is
// returned unchanged; across the edge the two are blended by the coverage saturate(0.5 − d)
// (one point of anti-aliasing). `maxSampleOffset` = refraction.
//
// Model:
// - d = signed distance to the rounded rect (Quílez, "2D distance functions":
//   q = |p − c| − b + r; d = |max(q, 0)| + min(max(q.x, q.y), 0) − r, with b the half size).
// - outward normal g = normalize(∇d), central differences 0.5 pt apart.
// - rim = 1 − saturate(−d / bezelWidth) (1 at the edge, 0 deeper than the bezel);
//   offset = −g · rim² · refraction: samples from further inside, a magnifying edge.
// - specular: light from the top-left, h = 0.7·saturate(g·(−0.6, −0.8))²·rim³ plus a weaker
//   0.25·saturate(g·(0.6, 0.8))²·rim³ from the opposite side (the rim's back reflection);
//   composited as white with alpha h over the refracted colour: out = h + (1 − h)·glass.

import AnimoEffects

/// The decoded arguments of `glassRefraction`.
public struct GlassRefractionUniforms: Sendable {
    public var halfSize: SIMD2<Float>
    public var cornerRadius: Float
    public var bezelWidth: Float
    public var refraction: Float
}

/// `glassRefraction(float2 size, float cornerRadius, float bezelWidth, float refraction)`.
public enum GlassRefraction: LayerEffectKernel {
    public static let name = "glassRefraction"
    public static let parameters: [ShaderParameter] = [
        .init("size", .float2), .init("cornerRadius", .float), .init("bezelWidth", .float), .init("refraction", .float),
    ]

    public static func decode(_ a: ShaderArguments) -> GlassRefractionUniforms {
        let half = SIMD2(max(a.float2(0).x, 0), max(a.float2(0).y, 0)) * 0.5
        let radius = min(max(a.float(1), 0), min(half.x, half.y))
        return GlassRefractionUniforms(halfSize: half, cornerRadius: radius, bezelWidth: max(a.float(2), 1), refraction: a.float(3))
    }

    /// Signed distance from `q` (relative to the centre) to the rounded rect; negative inside.
    @inline(__always)
    static func distance(_ q: SIMD2<Float>, _ u: GlassRefractionUniforms) -> Float {
        let kx = abs(q.x) - u.halfSize.x + u.cornerRadius
        let ky = abs(q.y) - u.halfSize.y + u.cornerRadius
        return length(SIMD2(max(kx, 0), max(ky, 0))) + min(max(kx, ky), 0) - u.cornerRadius
    }

    @inline(__always)
    public static func color<L: LayerSampler>(at position: SIMD2<Float>, layer: L, uniforms u: GlassRefractionUniforms) -> SIMD4<Float> {
        let outside = layer.sample(position)
        let q = position - u.halfSize
        let d = distance(q, u)
        guard d < 0.5 else { return outside }
        let gx = distance(q + SIMD2(0.5, 0), u) - distance(q - SIMD2(0.5, 0), u)
        let gy = distance(q + SIMD2(0, 0.5), u) - distance(q - SIMD2(0, 0.5), u)
        let gl = (gx * gx + gy * gy).squareRoot()
        let g = gl > 1e-6 ? SIMD2(gx, gy) / gl : SIMD2<Float>(0, 0)
        let rim = 1 - saturate(-d / u.bezelWidth)
        let glass = layer.sample(position - g * (rim * rim * u.refraction))
        let key = saturate(-0.6 * g.x - 0.8 * g.y)
        let back = saturate(0.6 * g.x + 0.8 * g.y)
        let highlight = (0.7 * key * key + 0.25 * back * back) * rim * rim * rim
        let lit = SIMD4<Float>(repeating: highlight) + glass * (1 - highlight)
        let coverage = saturate(0.5 - d)
        return outside + (lit - outside) * coverage
    }
}
