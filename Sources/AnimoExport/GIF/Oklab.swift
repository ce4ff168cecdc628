// Oklab: the perceptual color space the GIF quantizer works in.
//
// Source: Björn Ottosson, "A perceptual color space for image processing" (2020,
// https://bottosson.github.io/posts/oklab/). The two 3×3 matrices (linear sRGB → LMS, and
// cube-rooted LMS → Lab) and their inverses below are the ones published there. Euclidean distance
// in Oklab approximates perceived color difference; a just-noticeable difference is about 0.02
// (used only to pick thresholds, see `GIFQuantizer`).
// sRGB transfer function: IEC 61966-2-1 (c ≤ 0.04045 → c/12.92, else ((c+0.055)/1.055)^2.4).
//
// Representation: SIMD4<Float> (L, a, b, 0); the fourth lane is free for weights or is zero.
import Foundation

enum Oklab {
    /// sRGB 8-bit code → linear light, a 256-entry table (IEC 61966-2-1 decoding).
    static let linearFromSRGB8: [Float] = (0..<256).map { i in
        let c = Double(i) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }

    /// Cube root for non-negative Float: exponent trick for a first guess, then two Newton steps
    /// (x ← x − (x³ − v)/(3x²)); relative error below 1e-6 on 1e-6…1, far under 8-bit steps.
    @inline(__always) static func cbrt(_ v: Float) -> Float {
        guard v > 1e-12 else { return 0 }
        // Bit-level guess: dividing the biased exponent by 3 (Blinn, "Floating-point tricks", 1997).
        var x = Float(bitPattern: v.bitPattern / 3 &+ 709_921_077)
        x = x - (x * x * x - v) / (3 * x * x)
        x = x - (x * x * x - v) / (3 * x * x)
        x = x - (x * x * x - v) / (3 * x * x)
        return x
    }

    /// Linear-light sRGB (r, g, b) → Oklab (L, a, b, 0). Ottosson 2020, matrices M1 and M2.
    @inline(__always) static func fromLinear(_ r: Float, _ g: Float, _ b: Float) -> SIMD4<Float> {
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return SIMD4(0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                     1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                     0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s, 0)
    }

    /// 8-bit sRGB → Oklab.
    @inline(__always) static func fromSRGB8(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> SIMD4<Float> {
        let t = linearFromSRGB8
        return fromLinear(t[Int(r)], t[Int(g)], t[Int(b)])
    }

    /// Oklab → linear-light sRGB (may fall outside 0…1 for out-of-gamut input). Ottosson 2020, the
    /// inverse matrices.
    static func toLinear(_ c: SIMD4<Float>) -> SIMD3<Float> {
        let l_ = c.x + 0.3963377774 * c.y + 0.2158037573 * c.z
        let m_ = c.x - 0.1055613458 * c.y - 0.0638541728 * c.z
        let s_ = c.x - 0.0894841775 * c.y - 1.2914855480 * c.z
        let l = l_ * l_ * l_, m = m_ * m_ * m_, s = s_ * s_ * s_
        return SIMD3(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
                     -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
                     -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s)
    }

    /// Oklab → 8-bit sRGB, clamped to the gamut, rounded to nearest (IEC 61966-2-1 encoding).
    static func toSRGB8(_ c: SIMD4<Float>) -> SIMD3<UInt8> {
        let lin = toLinear(c)
        func enc(_ v: Float) -> UInt8 {
            let x = Double(min(max(v, 0), 1))
            let e = x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1 / 2.4) - 0.055
            return UInt8(min(max((e * 255).rounded(), 0), 255))
        }
        return SIMD3(enc(lin.x), enc(lin.y), enc(lin.z))
    }
}
