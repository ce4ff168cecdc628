// Blend modes on premultiplied, gamma-encoded sRGB values (docs/semantics.md §57).
//
// Separable and non-separable modes: W3C "Compositing and Blending Level 1" (Candidate
// Recommendation, 2015-01-13), sections "Blending" (Cs' = (1 − αb)·Cs + αb·B(Cb, Cs)), "Separable
// blend modes" and "Non-separable blend modes". The blended source is composited source-over,
// which in premultiplied form is (the spec's general Porter-Duff formula with Fa = 1, Fb = 1 − αs):
//     co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)      (cs, cb premultiplied; Cs, Cb straight)
//     αo = αs + αb·(1 − αs)
// Porter-Duff operators: the same document's "Porter Duff Compositing Operators" (Fa, Fb), identical to the formulas in
// Apple's CGContext.h comments for kCGBlendModeSourceIn … kCGBlendModeXOR.
// plusLighter: CGContext.h, kCGBlendModePlusLighter "R = MIN(1, S + D)" on premultiplied values
// (alpha likewise). plusDarker: CGContext.h, kCGBlendModePlusDarker "R = MAX(0, 1 − ((1 − D) +
// (1 − S)))". Read literally on premultiplied values with alpha, a fully transparent source would
// darken and erase the destination, so we apply it to opaque-equivalent terms: with
// αo = min(1, αs + αb), co = max(0, αo − ((αs − cs) + (αb − cb))). For opaque inputs this is the
// header's formula exactly; a transparent source leaves the destination unchanged (our derivation).
import AnimoGeometry

extension BlendMode {
    /// The result of compositing premultiplied source `s` over premultiplied destination `d` at full
    /// coverage. Inputs should have alpha in 0…1; the result is premultiplied.
    @inline(__always)
    public func apply(source s: SIMD4<Float>, destination d: SIMD4<Float>) -> SIMD4<Float> {
        let sa = s.w, da = d.w
        switch self {
        case .normal: return s + d * (1 - sa)
        case .clear: return .zero
        case .copy: return s
        case .sourceIn: return s * da
        case .sourceOut: return s * (1 - da)
        case .sourceAtop:
            var r = s * da + d * (1 - sa); r.w = da; return r
        case .destinationOver: return s * (1 - da) + d
        case .destinationIn: return d * sa
        case .destinationOut: return d * (1 - sa)
        case .destinationAtop:
            var r = d * sa + s * (1 - da); r.w = sa; return r
        case .xor: return s * (1 - da) + d * (1 - sa)
        case .plusLighter:
            return (s + d).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
        case .plusDarker:
            let ao = min(1, sa + da)
            var r = SIMD4<Float>(repeating: ao) - ((SIMD4(repeating: sa) - s) + (SIMD4(repeating: da) - d))
            r = r.replacing(with: 0, where: r .< 0)
            r.w = ao
            return r
        default:
            // Blend B(Cb, Cs) on straight colors, then the general source-over formula above.
            let cs = sa > 0 ? s / sa : .zero
            let cb = da > 0 ? d / da : .zero
            let b = BlendMode.blendFunction(self, cb: cb, cs: cs)
            var r = s * (1 - da) + d * (1 - sa) + b * (sa * da)
            r.w = sa + da * (1 - sa)
            return r
        }
    }

    /// B(Cb, Cs) for the separable and non-separable modes (W3C Compositing 1); the w lane is unused.
    @inline(__always)
    static func blendFunction(_ mode: BlendMode, cb: SIMD4<Float>, cs: SIMD4<Float>) -> SIMD4<Float> {
        let one = SIMD4<Float>(repeating: 1)
        switch mode {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return hardLight(cs: cb, cb: cs)           // overlay(Cb, Cs) = hardlight(Cs, Cb)
        case .darken: return pointwiseMin(cb, cs)
        case .lighten: return pointwiseMax(cb, cs)
        case .colorDodge:
            // Cb = 0 → 0; Cs = 1 → 1; else min(1, Cb / (1 − Cs))
            var r = pointwiseMin(one, cb / pointwiseMax(one - cs, SIMD4(repeating: 1e-30)))
            r = r.replacing(with: 1, where: cs .>= 1)
            return r.replacing(with: 0, where: cb .<= 0)
        case .colorBurn:
            // Cb = 1 → 1; Cs = 0 → 0; else 1 − min(1, (1 − Cb) / Cs)
            var r = one - pointwiseMin(one, (one - cb) / pointwiseMax(cs, SIMD4(repeating: 1e-30)))
            r = r.replacing(with: 0, where: cs .<= 0)
            return r.replacing(with: 1, where: cb .>= 1)
        case .hardLight: return hardLight(cs: cs, cb: cb)
        case .softLight:
            // Cs ≤ 0.5: Cb − (1 − 2Cs)·Cb·(1 − Cb); else Cb + (2Cs − 1)·(D(Cb) − Cb),
            // D(Cb) = ((16Cb − 12)Cb + 4)Cb for Cb ≤ 0.25, else √Cb.
            let dLow = ((16 * cb - 12) * cb + 4) * cb
            let dcb = dLow.replacing(with: pointwiseMax(cb, .zero).squareRoot(), where: cb .> 0.25)
            let low = cb - (one - 2 * cs) * cb * (one - cb)
            let high = cb + (2 * cs - one) * (dcb - cb)
            return low.replacing(with: high, where: cs .> 0.5)
        case .difference: return pointwiseMax(cb - cs, cs - cb)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return cs
        }
    }

    /// hardlight: Cs ≤ 0.5 → Multiply(Cb, 2Cs), else Screen(Cb, 2Cs − 1).
    @inline(__always) static func hardLight(cs: SIMD4<Float>, cb: SIMD4<Float>) -> SIMD4<Float> {
        let m = cb * (2 * cs)
        let t = 2 * cs - 1
        let sc = cb + t - cb * t
        return m.replacing(with: sc, where: cs .> 0.5)
    }

    // Non-separable helpers (W3C Compositing 1, "Non-separable blend modes"): Lum = 0.3R + 0.59G + 0.11B.
    @inline(__always) static func lum(_ c: SIMD4<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    @inline(__always) static func clipColor(_ c: SIMD4<Float>) -> SIMD4<Float> {
        let l = lum(c)
        let n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
        var r = c
        if n < 0 { r = SIMD4(repeating: l) + (r - SIMD4(repeating: l)) * (l / max(l - n, 1e-30)) }
        if x > 1 { r = SIMD4(repeating: l) + (r - SIMD4(repeating: l)) * ((1 - l) / max(x - l, 1e-30)) }
        return r
    }

    @inline(__always) static func setLum(_ c: SIMD4<Float>, _ l: Float) -> SIMD4<Float> {
        clipColor(c + SIMD4(repeating: l - lum(c)))
    }

    @inline(__always) static func sat(_ c: SIMD4<Float>) -> Float { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

    /// SetSat: the max channel becomes s, the min 0, the middle one scaled proportionally.
    @inline(__always) static func setSat(_ c: SIMD4<Float>, _ s: Float) -> SIMD4<Float> {
        let mx = max(c.x, c.y, c.z), mn = min(c.x, c.y, c.z)
        guard mx > mn else { return .zero }
        var r = (c - SIMD4(repeating: mn)) * (s / (mx - mn))
        r.w = 0
        return r
    }
}
