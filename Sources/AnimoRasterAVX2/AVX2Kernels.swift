// RasterAVX2: the 8-bit compositing loops of Raster's Compositor8 in 256-bit AVX2 registers, eight
// pixels per step where Compositor8's SSE2 loops take four (solid rows) or two (solid spans).
//
// Why a module of its own. Swift has no per-function target attribute: code is compiled for one CPU
// level per module. Raster stays baseline x86-64 (SSE2), so it runs everywhere; this module alone is
// compiled for AVX2 (Package.swift: `-target-cpu haswell` on x86-64 hosts), and Raster calls it only
// after `CPUFeatures.avx2` (Raster, compiled for the baseline) says the processor and the OS support
// AVX2. Any code here may use AVX2 instructions, so the module holds these loops and nothing else.
//
// Same values. Every loop computes exactly what the SSE2 loop it replaces computes, lane by lane:
// the solid span is integer arithmetic (the same ÷255 by `pmulhuw` 257); the solid row is the same
// IEEE Float32 multiplies and adds in the same order (Swift does not contract a·b + c into a fused
// multiply-add, so `-target-cpu haswell` changes no rounding), rounded by the same `cvtps2dq` and the
// same saturating packs. Pixmap8Tests compares both paths bit for bit. Each call does the whole span:
// groups of eight, then the remainder as one group through masked loads and stores (for the short
// spans of edge rows, most of the work: a fill frame's per-pixel spans average five pixels).
#if arch(x86_64)
import _Builtin_intrinsics.intel

public enum AVX2Kernels {
    /// Lanes 0..<n set (n in 0…8), for the masked loads and stores of a last, partial group.
    @inline(__always) static func mask(_ n: Int) -> SIMD4<Int64> {
        _mm256_cmpgt_epi32(_mm256_set1_epi32(Int32(truncatingIfNeeded: n)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7))
    }

    /// Source-over of the premultiplied bytes `src` (a solid colour already scaled by its coverage)
    /// over `count` pixels: d' = src + round(d·(255 − src.a)/255), the division as
    /// ⌊(x + 128)·257 / 65536⌋ in 16-bit lanes. The last partial group of eight goes through masked
    /// loads and stores (`vpmaskmovd`: lanes outside the span are neither read nor written).
    public static func solidSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32) {
        let inv = Int16(truncatingIfNeeded: 255 &- (src >> 24))
        let z = _mm256_setzero_si256()
        // Two pixels of src per 128-bit lane, 16 bits per channel (the unpacks work lane by lane).
        let src16 = _mm256_unpacklo_epi8(_mm256_set1_epi32(Int32(bitPattern: src)), z)
        let inv16 = _mm256_set1_epi16(inv), c128 = _mm256_set1_epi16(128), c257 = _mm256_set1_epi16(257)
        @inline(__always) func blend(_ d: SIMD4<Int64>) -> SIMD4<Int64> {
            _mm256_add_epi16(_mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(d, inv16), c128), c257), src16)
        }
        // Unpacking low and high halves of each lane and packing them back restores the pixel order.
        @inline(__always) func eight(_ v: SIMD4<Int64>) -> SIMD4<Int64> {
            _mm256_packus_epi16(blend(_mm256_unpacklo_epi8(v, z)), blend(_mm256_unpackhi_epi8(v, z)))
        }
        var i = 0
        while i &+ 8 <= count {
            let p = UnsafeMutableRawPointer(dst + i)
            p.storeBytes(of: eight(p.loadUnaligned(as: SIMD4<Int64>.self)), as: SIMD4<Int64>.self)
            i &+= 8
        }
        if i < count {
            let m = mask(count &- i)
            let p = UnsafeMutableRawPointer(dst + i).assumingMemoryBound(to: Int32.self)
            _mm256_maskstore_epi32(p, m, eight(_mm256_maskload_epi32(p, m)))
        }
    }

    /// Source-over of the solid premultiplied colour `s255` (0…255 per channel, alpha `sa` in 0…1)
    /// with per-pixel coverage `cov` over `count` pixels: d' = round(s255·k + d·(1 − sa·k)), as
    /// Compositor8.solidRow; the last partial group of eight masked as in `solidSpan`.
    public static func solidRow(_ dst: UnsafeMutablePointer<UInt32>, _ cov: UnsafePointer<Float>, _ count: Int,
                                _ s255: SIMD4<Float>, _ sa: Float) {
        let s2 = SIMD8<Float>(lowHalf: s255, highHalf: s255)             // two pixels' worth
        let one = SIMD8<Float>(repeating: 1), saV = SIMD8<Float>(repeating: sa)
        // Coverage lane j of the eight, spread over the four channels of two pixels.
        let pick = (_mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1), _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3),
                    _mm256_setr_epi32(4, 4, 4, 4, 5, 5, 5, 5), _mm256_setr_epi32(6, 6, 6, 6, 7, 7, 7, 7))
        let upper = _mm256_setr_epi32(4, 5, 6, 7, 4, 5, 6, 7)
        // After the lane-wise packs the pixels sit in the order 0 2 4 6 | 1 3 5 7.
        let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7)
        // Two pixels (the low 8 bytes of `px`) blended with coverage lanes `sel` of k.
        @inline(__always) func two(_ px: SIMD2<Int64>, _ k: SIMD8<Float>, _ f: SIMD8<Float>, _ sel: SIMD4<Int64>) -> SIMD4<Int64> {
            let d = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(px))
            let kk = _mm256_permutevar8x32_ps(k, sel), ff = _mm256_permutevar8x32_ps(f, sel)
            return _mm256_cvtps_epi32(s2 * kk + d * ff)
        }
        @inline(__always) func eight(_ v: SIMD4<Int64>, _ k: SIMD8<Float>) -> SIMD4<Int64> {
            let f = one - saV * k
            let lo = _mm256_castsi256_si128(v), hi = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(v, upper))
            let r01 = two(lo, k, f, pick.0), r23 = two(_mm_unpackhi_epi64(lo, lo), k, f, pick.1)
            let r45 = two(hi, k, f, pick.2), r67 = two(_mm_unpackhi_epi64(hi, hi), k, f, pick.3)
            let bytes = _mm256_packus_epi16(_mm256_packs_epi32(r01, r23), _mm256_packs_epi32(r45, r67))
            return _mm256_permutevar8x32_epi32(bytes, order)
        }
        var i = 0
        while i &+ 8 <= count {
            let p = UnsafeMutableRawPointer(dst + i)
            let k = UnsafeRawPointer(cov + i).loadUnaligned(as: SIMD8<Float>.self)
            p.storeBytes(of: eight(p.loadUnaligned(as: SIMD4<Int64>.self), k), as: SIMD4<Int64>.self)
            i &+= 8
        }
        if i < count {
            let m = mask(count &- i)
            let p = UnsafeMutableRawPointer(dst + i).assumingMemoryBound(to: Int32.self)
            _mm256_maskstore_epi32(p, m, eight(_mm256_maskload_epi32(p, m), _mm256_maskload_ps(cov + i, m)))
        }
    }
}
#endif
