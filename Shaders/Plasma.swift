// plasma — an animated, domain-warped fBm field through a cosine palette, as a colour effect
// (swiftui-microinteractions skill, archetype table: "plasma / lava / nebula / aurora / fluid ink → FBM field in a
// .colorEffect"). Twin: Shaders/Metal/Plasma.metal.
//
// Pixel contract: replaces the colour with the field, premultiplied by the source alpha.
//
// Model (constants chosen here unless cited): s = 3·position / min(size);
// domain warping (Quílez, "Domain Warping", 2002): q = (fbm(s + 0.12t), fbm(s + (5.2, 1.3) − 0.1t)),
// v = fbm(s + 2q + (1.7, 9.2) + 0.07t); colour = palette(1.6v + 0.4q.x + 0.05t) with the cosine
// palette (Quílez 2015; his example a = b = 0.5, c = (1, 1, 0.5), d = (0.8, 0.9, 0.3)), scaled by 0.6 + 0.8v, clamped.

import AnimoEffects

/// The decoded arguments of `plasma`.
public struct PlasmaUniforms: Sendable {
    public var inverseExtent: Float
    public var time: Float
}

/// `plasma(float2 size, float time)`: a flowing plasma field.
public enum Plasma: ColorEffectKernel {
    public static let name = "plasma"
    public static let parameters: [ShaderParameter] = [.init("size", .float2), .init("time", .float)]

    public static func decode(_ a: ShaderArguments) -> PlasmaUniforms {
        let size = a.float2(0)
        return PlasmaUniforms(inverseExtent: 1 / max(min(size.x, size.y), 1), time: a.float(1))
    }

    @inline(__always)
    public static func color(at position: SIMD2<Float>, color: SIMD4<Float>, uniforms u: PlasmaUniforms) -> SIMD4<Float> {
        let s = 3 * position * u.inverseExtent
        let t = u.time
        let qx = fbm(s.x + 0.12 * t, s.y + 0.12 * t, octaves: 5)
        let qy = fbm(s.x + 5.2 - 0.1 * t, s.y + 1.3 - 0.1 * t, octaves: 5)
        let v = fbm(s.x + 2 * qx + 1.7 + 0.07 * t, s.y + 2 * qy + 9.2 + 0.07 * t, octaves: 5)
        let hue = 1.6 * v + 0.4 * qx + 0.05 * t
        let palette = cosinePalette(hue, SIMD3(repeating: 0.5), SIMD3(repeating: 0.5), SIMD3(1, 1, 0.5),
                                    SIMD3(0.8, 0.9, 0.3))
        let rgb = saturate(palette * (0.6 + 0.8 * v))
        return SIMD4(rgb * color.w, color.w)
    }
}
