// Compositor8: span compositing into 8-bit premultiplied pixels (Pixmap8.swift), the twin of
// Compositor.swift's Float32 loops for a DrawingContext over a Pixmap8.
//
// Arithmetic. The rule is Compositor.swift's, in units of 1/255: with coverage k and a solid
// premultiplied source s, d' = 255·s·k + d·(1 − s.a·k), computed in Float32 and rounded to the nearest
// byte (`cvtps2dq`, ties to even) with saturation to 0…255. So every draw rounds once, to half a
// level, where an integer blend with a ÷255 approximation would add its own error; four pixels are
// converted and blended per step (SSE2 intrinsics from the toolchain's `_Builtin_intrinsics.intel`
// module; other architectures take the scalar loop, which computes the same values).
//
// On processors with AVX2 the spans go to RasterAVX2's loops instead (same values, eight pixels per
// step and the remainder masked; see that module for why it is separate).
// `ANIMO_SIMD=sse2` in the environment keeps to the SSE2 loops (to compare the two).
//
// Only source-over of solid colours has its own loops (what fills and strokes of a frame are). Every
// other case (blend modes, gradients, images, clips, layers) widens the span to Float32, runs the
// Float32 compositor on it and narrows it back (`throughFloat`): the same rule, one rounding.
import AnimoGeometry
import Foundation
#if arch(x86_64)
import _Builtin_intrinsics.intel
import AnimoRasterAVX2
#endif

enum Compositor8 {
    /// Whether the AVX2 loops run: the processor and OS support them and `ANIMO_SIMD` is not `sse2`.
    static let usesAVX2: Bool = {
        #if arch(x86_64)
        return CPUFeatures.avx2 && ProcessInfo.processInfo.environment["ANIMO_SIMD"] != "sse2"
        #else
        return false
        #endif
    }()

    /// Source-over of the solid premultiplied colour `s` (0…1) over `count` pixels of coverage `k`;
    /// `avx2`: through RasterAVX2 instead (only where `usesAVX2`; the same bytes).
    @inline(__always)
    static func solidSpan(_ dst: UnsafeMutablePointer<UInt32>, _ k: Float, _ count: Int, _ s: SIMD4<Float>,
                          avx2: Bool) {
        if k == 1 && s.w == 1 {
            dst.update(repeating: Pixmap8.pack(s), count: count)
            return
        }
        // The source scaled by k, rounded to bytes once: d' = src + d·(255 − src.a)/255, the division
        // rounded to nearest: for t = x + 128 with x ≤ 255·255, ⌊t·257 / 65536⌋ = ⌊(t + ⌊t/256⌋)/256⌋ =
        // round(x/255) (one `pmulhuw`; the test checks every x).
        let src = round(s * (255 * k))
        let inv = 255 &- (src >> 24)
        var i = 0
        #if arch(x86_64)
        if avx2 { AVX2Kernels.solidSpan(dst, count, src); return }
        let z = _mm_setzero_si128()
        let src16 = _mm_unpacklo_epi8(_mm_set1_epi32(Int32(bitPattern: src)), z)       // two pixels, 16-bit lanes
        let inv16 = _mm_set1_epi16(Int16(inv)), c128 = _mm_set1_epi16(128), c257 = _mm_set1_epi16(257)
        @inline(__always) func blend(_ d: SIMD2<Int64>) -> SIMD2<Int64> {
            _mm_add_epi16(_mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(d, inv16), c128), c257), src16)
        }
        while i &+ 8 <= count {
            let p = UnsafeMutableRawPointer(dst + i)
            let v = p.loadUnaligned(as: SIMD2<Int64>.self), u = p.loadUnaligned(fromByteOffset: 16, as: SIMD2<Int64>.self)
            p.storeBytes(of: _mm_packus_epi16(blend(_mm_unpacklo_epi8(v, z)), blend(_mm_unpackhi_epi8(v, z))), as: SIMD2<Int64>.self)
            p.storeBytes(of: _mm_packus_epi16(blend(_mm_unpacklo_epi8(u, z)), blend(_mm_unpackhi_epi8(u, z))),
                         toByteOffset: 16, as: SIMD2<Int64>.self)
            i &+= 8
        }
        if i &+ 4 <= count {
            let v = UnsafeRawPointer(dst + i).loadUnaligned(as: SIMD2<Int64>.self)
            let r = _mm_packus_epi16(blend(_mm_unpacklo_epi8(v, z)), blend(_mm_unpackhi_epi8(v, z)))
            UnsafeMutableRawPointer(dst + i).storeBytes(of: r, as: SIMD2<Int64>.self)
            i &+= 4
        }
        #endif
        while i < count {
            let d = dst[i]
            var o: UInt32 = 0
            for sh in stride(from: 0 as UInt32, to: 32, by: 8) {
                let t = ((d >> sh) & 0xFF) &* inv &+ 128
                o |= (((t &* 257) >> 16) &+ ((src >> sh) & 0xFF)) << sh
            }
            dst[i] = o
            i &+= 1
        }
    }

    /// Source-over of the solid premultiplied colour `s` over `count` pixels with per-pixel coverage;
    /// `avx2` as for `solidSpan`.
    @inline(__always)
    static func solidRow(_ dst: UnsafeMutablePointer<UInt32>, _ cov: UnsafePointer<Float>, _ count: Int, _ s: SIMD4<Float>,
                         avx2: Bool) {
        let s255 = s * 255, sa = s.w
        var i = 0
        #if arch(x86_64)
        if avx2 { AVX2Kernels.solidRow(dst, cov, count, s255, sa); return }
        while i &+ 4 <= count {
            let k = UnsafeRawPointer(cov + i).loadUnaligned(as: SIMD4<Float>.self)
            let f = 1 - sa * k
            let (d0, d1, d2, d3) = load4(dst + i)
            store4(dst + i, s255 * k.x + d0 * f.x, s255 * k.y + d1 * f.y, s255 * k.z + d2 * f.z, s255 * k.w + d3 * f.w)
            i &+= 4
        }
        #endif
        while i < count {
            let k = cov[i]
            dst[i] = round(s255 * k + widen(dst[i]) * (1 - sa * k))
            i &+= 1
        }
    }

    /// Widens `count` pixels to Float32 in `scratch` (0…1), runs `body` on them and narrows the result
    /// back (`Pixmap8.pack`): the general path, for every rule Compositor.swift implements.
    @inline(__always)
    static func throughFloat(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ scratch: UnsafeMutablePointer<SIMD4<Float>>,
                             _ body: (UnsafeMutablePointer<SIMD4<Float>>) -> Void) {
        for i in 0..<count { scratch[i] = Pixmap8.unpack(dst[i]) }
        body(scratch)
        for i in 0..<count { dst[i] = Pixmap8.pack(scratch[i]) }
    }

    /// One pixel's bytes as Float32 in 0…255.
    @inline(__always)
    static func widen(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24))
    }

    /// A 0…255 Float32 pixel rounded to the nearest bytes (ties to even), saturated to 0…255 (NaN → 0).
    @inline(__always)
    static func round(_ v: SIMD4<Float>) -> UInt32 {
        #if arch(x86_64)
        let i = _mm_cvtps_epi32(v)
        let b = _mm_packus_epi16(_mm_packs_epi32(i, i), _mm_setzero_si128())
        return UInt32(bitPattern: _mm_cvtsi128_si32(b))
        #else
        @inline(__always) func b(_ x: Float) -> UInt32 {
            let c: Float = x > 0 ? (x < 255 ? x : 255) : 0
            return UInt32(c.rounded(.toNearestOrEven))
        }
        return b(v.x) | b(v.y) << 8 | b(v.z) << 16 | b(v.w) << 24
        #endif
    }

    #if arch(x86_64)
    /// Four pixels' bytes as four Float32 vectors in 0…255 (unaligned load).
    @inline(__always)
    static func load4(_ p: UnsafeMutablePointer<UInt32>) -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
        let z = _mm_setzero_si128()
        let v = UnsafeRawPointer(p).loadUnaligned(as: SIMD2<Int64>.self)
        let lo = _mm_unpacklo_epi8(v, z), hi = _mm_unpackhi_epi8(v, z)
        return (_mm_cvtepi32_ps(_mm_unpacklo_epi16(lo, z)), _mm_cvtepi32_ps(_mm_unpackhi_epi16(lo, z)),
                _mm_cvtepi32_ps(_mm_unpacklo_epi16(hi, z)), _mm_cvtepi32_ps(_mm_unpackhi_epi16(hi, z)))
    }

    /// Rounds four 0…255 Float32 pixels to bytes (`cvtps2dq`, then saturating packs) and stores them.
    @inline(__always)
    static func store4(_ p: UnsafeMutablePointer<UInt32>, _ a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>, _ d: SIMD4<Float>) {
        let ab = _mm_packs_epi32(_mm_cvtps_epi32(a), _mm_cvtps_epi32(b))
        let cd = _mm_packs_epi32(_mm_cvtps_epi32(c), _mm_cvtps_epi32(d))
        UnsafeMutableRawPointer(p).storeBytes(of: _mm_packus_epi16(ab, cd), as: SIMD2<Int64>.self)
    }
    #endif
}

