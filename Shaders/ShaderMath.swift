// Shared math of the catalogue, written to match MSL built-ins one for one, so that each
// kernel's `.metal` twin can state the same formulas (each twin repeats the helpers it uses as
// `static` functions, since every .metal file is compiled on its own).
//
// - `mix`, `smoothstep`, `saturate`, `fract`: the MSL definitions (Metal Shading Language
//   Specification §6.5 common functions): mix(x, y, a) = x + (y − x)·a; smoothstep(e0, e1, x) =
//   t²(3 − 2t) with t = clamp((x − e0)/(e1 − e0), 0, 1).
// - `pcgHash`: the PCG hash of Jarzynski & Olano, "Hash Functions for GPU Rendering", JCGT 9(3),
//   2020 (state = v·747796405 + 2891336453; word = ((state >> ((state >> 28) + 4)) ^ state)·277803737;
//   result = (word >> 22) ^ word). Integer-exact, so CPU and GPU agree bit for bit.
// - `valueNoise`: lattice value noise, bilinear between hashed corners with Perlin's quintic
//   fade 6t⁵ − 15t⁴ + 10t³ (Perlin, "Improving Noise", SIGGRAPH 2002): C² continuous, so
//   normals taken from the field show no lattice creases.
// - `fbm`: fractional Brownian motion, a sum of octaves with lacunarity 2 and gain 0.5
//   (Musgrave, "Texturing & Modeling", 2003), rotating the domain each octave by the 3-4-5
//   rotation (cos = 0.8, sin = 0.6) to hide the lattice axes.

#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

// Float libm entry points under short names, so kernel files need no platform import.
@inline(__always) func fsin(_ x: Float) -> Float { sinf(x) }
@inline(__always) func fcos(_ x: Float) -> Float { cosf(x) }
@inline(__always) func fexp(_ x: Float) -> Float { expf(x) }
@inline(__always) func fpow(_ x: Float, _ y: Float) -> Float { powf(x, y) }

@inline(__always) func mix(_ a: Float, _ b: Float, _ t: Float) -> Float { a + (b - a) * t }

@inline(__always) func mix(_ a: SIMD3<Float>, _ b: SIMD3<Float>, _ t: Float) -> SIMD3<Float> { a + (b - a) * t }

@inline(__always) func saturate(_ x: Float) -> Float { min(max(x, 0), 1) }

@inline(__always) func saturate(_ v: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3(saturate(v.x), saturate(v.y), saturate(v.z))
}

@inline(__always) func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
    let t = saturate((x - e0) / (e1 - e0))
    return t * t * (3 - 2 * t)
}

@inline(__always) func fract(_ x: Float) -> Float { x - x.rounded(.down) }

@inline(__always) func dot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float { (a * b).sum() }

@inline(__always) func length(_ v: SIMD2<Float>) -> Float { (v * v).sum().squareRoot() }

@inline(__always) func normalize(_ v: SIMD3<Float>) -> SIMD3<Float> { v / dot(v, v).squareRoot() }

/// PCG hash (Jarzynski & Olano 2020), wrapping 32-bit arithmetic like MSL `uint`.
@inline(__always) func pcgHash(_ v: UInt32) -> UInt32 {
    let state = v &* 747_796_405 &+ 2_891_336_453
    let word = ((state >> ((state >> 28) &+ 4)) ^ state) &* 277_803_737
    return (word >> 22) ^ word
}

/// A lattice coordinate as the hash input: the floor value clamped to ±1e9 (so huge or NaN
/// positions cannot trap the integer conversion; MSL: `uint(int(clamp(f, -1e9, 1e9)))`).
@inline(__always) func latticeIndex(_ f: Float) -> UInt32 {
    let c = f.isNaN ? 0 : min(max(f, -1e9), 1e9)
    return UInt32(bitPattern: Int32(c))
}

/// Hash of a lattice point to [0, 1) using its top 24 bits (exact in Float on both sides).
@inline(__always) func latticeValue(_ ix: UInt32, _ iy: UInt32) -> Float {
    Float(pcgHash(ix &+ pcgHash(iy)) >> 8) * (1.0 / 16_777_216.0)
}

/// Value noise in [0, 1).
@inline(__always) func valueNoise(_ x: Float, _ y: Float) -> Float {
    let fx = x.rounded(.down), fy = y.rounded(.down)
    let ix = latticeIndex(fx), iy = latticeIndex(fy)
    let tx = x - fx, ty = y - fy
    let ux = tx * tx * tx * (tx * (6 * tx - 15) + 10), uy = ty * ty * ty * (ty * (6 * ty - 15) + 10)
    let a = latticeValue(ix, iy), b = latticeValue(ix &+ 1, iy)
    let c = latticeValue(ix, iy &+ 1), d = latticeValue(ix &+ 1, iy &+ 1)
    return mix(mix(a, b, ux), mix(c, d, ux), uy)
}

/// fBm of value noise over `octaves` octaves, normalized to [0, 1) by the sum of amplitudes.
@inline(__always) func fbm(_ x: Float, _ y: Float, octaves: Int) -> Float {
    var px = x, py = y
    var sum: Float = 0, norm: Float = 0, amplitude: Float = 0.5
    for _ in 0..<octaves {
        sum += amplitude * valueNoise(px, py)
        norm += amplitude
        // p = 2·R·p + 17 with R the 3-4-5 rotation; the offset decorrelates octaves at 0.
        let nx = 2 * (0.8 * px - 0.6 * py) + 17
        let ny = 2 * (0.6 * px + 0.8 * py) + 17
        px = nx
        py = ny
        amplitude *= 0.5
    }
    return norm > 0 ? sum / norm : 0
}

/// Value noise and its gradient: (v, ∂v/∂x, ∂v/∂y). With the quintic fade u(t), u'(t) = 30t²(t − 1)²;
/// expanding the bilinear mix, v = a + (b − a)uₓ + (c − a)u_y + (a − b − c + d)uₓu_y, so
/// ∂v/∂x = uₓ'·((b − a) + (a − b − c + d)u_y) and symmetrically for y.
@inline(__always) func valueNoiseGradient(_ x: Float, _ y: Float) -> SIMD3<Float> {
    let fx = x.rounded(.down), fy = y.rounded(.down)
    let ix = latticeIndex(fx), iy = latticeIndex(fy)
    let tx = x - fx, ty = y - fy
    let ux = tx * tx * tx * (tx * (6 * tx - 15) + 10), uy = ty * ty * ty * (ty * (6 * ty - 15) + 10)
    let dux = 30 * tx * tx * (tx - 1) * (tx - 1), duy = 30 * ty * ty * (ty - 1) * (ty - 1)
    let a = latticeValue(ix, iy), b = latticeValue(ix &+ 1, iy)
    let c = latticeValue(ix, iy &+ 1), d = latticeValue(ix &+ 1, iy &+ 1)
    let k = a - b - c + d
    return SIMD3(a + (b - a) * ux + (c - a) * uy + k * ux * uy,
                 dux * ((b - a) + k * uy),
                 duy * ((c - a) + k * ux))
}

/// `fbm` and its gradient with respect to (x, y): (v, ∂v/∂x, ∂v/∂y). Octave i samples at
/// pᵢ = (2R)ⁱp + const, so its gradient is Jᵢᵀ∇n with Jᵢ = (2R)ⁱ (chain rule), tracked as a 2×2 matrix.
@inline(__always) func fbmGradient(_ x: Float, _ y: Float, octaves: Int) -> SIMD3<Float> {
    var px = x, py = y
    var sum: Float = 0, norm: Float = 0, amplitude: Float = 0.5
    var gx: Float = 0, gy: Float = 0
    var j00: Float = 1, j01: Float = 0, j10: Float = 0, j11: Float = 1
    for _ in 0..<octaves {
        let n = valueNoiseGradient(px, py)
        sum += amplitude * n.x
        norm += amplitude
        gx += amplitude * (j00 * n.y + j10 * n.z)
        gy += amplitude * (j01 * n.y + j11 * n.z)
        let nx = 2 * (0.8 * px - 0.6 * py) + 17
        let ny = 2 * (0.6 * px + 0.8 * py) + 17
        px = nx
        py = ny
        let m00 = 2 * (0.8 * j00 - 0.6 * j10), m01 = 2 * (0.8 * j01 - 0.6 * j11)
        let m10 = 2 * (0.6 * j00 + 0.8 * j10), m11 = 2 * (0.6 * j01 + 0.8 * j11)
        j00 = m00; j01 = m01; j10 = m10; j11 = m11
        amplitude *= 0.5
    }
    return norm > 0 ? SIMD3(sum, gx, gy) / norm : .zero
}

/// Cosine palette a + b·cos(2π(c·t + d)) (Quílez, "Palettes", 2015): smooth cyclic colour ramps.
@inline(__always) func cosinePalette(_ t: Float, _ a: SIMD3<Float>, _ b: SIMD3<Float>, _ c: SIMD3<Float>, _ d: SIMD3<Float>) -> SIMD3<Float> {
    let k = (c * t + d) * (2 * Float.pi)
    return a + b * SIMD3(cosf(k.x), cosf(k.y), cosf(k.z))
}
