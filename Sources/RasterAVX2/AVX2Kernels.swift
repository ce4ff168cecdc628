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
// same saturating packs. Pixmap8Tests compares both paths bit for bit. Each call handles the whole
// groups of eight pixels and returns how many pixels it did; the caller finishes the rest with its
// own loops.
#if arch(x86_64)
import _Builtin_intrinsics.intel

public enum AVX2Kernels {
    /// Source-over of the premultiplied bytes `src` (a solid colour already scaled by its coverage)
    /// over the first ⌊count/8⌋·8 pixels: d' = src + round(d·(255 − src.a)/255), the division as
    /// ⌊(x + 128)·257 / 65536⌋ in 16-bit lanes. Returns the number of pixels done.
    public static func solidSpan(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32) -> Int {
        let inv = Int16(truncatingIfNeeded: 255 &- (src >> 24))
        let z = _mm256_setzero_si256()
        // Two pixels of src per 128-bit lane, 16 bits per channel (the unpacks work lane by lane).
        let src16 = _mm256_unpacklo_epi8(_mm256_set1_epi32(Int32(bitPattern: src)), z)
        let inv16 = _mm256_set1_epi16(inv), c128 = _mm256_set1_epi16(128), c257 = _mm256_set1_epi16(257)
        @inline(__always) func blend(_ d: SIMD4<Int64>) -> SIMD4<Int64> {
            _mm256_add_epi16(_mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(d, inv16), c128), c257), src16)
        }
        // Unpacking low and high halves of each lane and packing them back restores the pixel order.
        @inline(__always) func eight(_ p: UnsafeMutableRawPointer) {
            let v = p.loadUnaligned(as: SIMD4<Int64>.self)
            p.storeBytes(of: _mm256_packus_epi16(blend(_mm256_unpacklo_epi8(v, z)), blend(_mm256_unpackhi_epi8(v, z))),
                         as: SIMD4<Int64>.self)
        }
        var i = 0
        while i &+ 16 <= count {
            eight(UnsafeMutableRawPointer(dst + i))
            eight(UnsafeMutableRawPointer(dst + (i &+ 8)))
            i &+= 16
        }
        if i &+ 8 <= count {
            eight(UnsafeMutableRawPointer(dst + i))
            i &+= 8
        }
        return i
    }

    /// Source-over of the solid premultiplied colour `s255` (0…255 per channel, alpha `sa` in 0…1)
    /// with per-pixel coverage `cov` over the first ⌊count/8⌋·8 pixels:
    /// d' = round(s255·k + d·(1 − sa·k)), as Compositor8.solidRow. Returns the number of pixels done.
    public static func solidRow(_ dst: UnsafeMutablePointer<UInt32>, _ cov: UnsafePointer<Float>, _ count: Int,
                                _ s255: SIMD4<Float>, _ sa: Float) -> Int {
        let s2 = SIMD8<Float>(lowHalf: s255, highHalf: s255)             // two pixels' worth
        let one = SIMD8<Float>(repeating: 1), saV = SIMD8<Float>(repeating: sa)
        // Coverage lane j of the eight, spread over the four channels of two pixels.
        let pick = (_mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1), _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3),
                    _mm256_setr_epi32(4, 4, 4, 4, 5, 5, 5, 5), _mm256_setr_epi32(6, 6, 6, 6, 7, 7, 7, 7))
        // After the lane-wise packs the pixels sit in the order 0 2 4 6 | 1 3 5 7.
        let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7)
        @inline(__always) func two(_ p: UnsafeMutablePointer<UInt32>, _ k: SIMD8<Float>, _ f: SIMD8<Float>,
                                   _ sel: SIMD4<Int64>) -> SIMD4<Int64> {
            let bytes = _mm_cvtsi64_si128(UnsafeRawPointer(p).loadUnaligned(as: Int64.self))
            let d = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(bytes))
            let kk = _mm256_permutevar8x32_ps(k, sel), ff = _mm256_permutevar8x32_ps(f, sel)
            return _mm256_cvtps_epi32(s2 * kk + d * ff)
        }
        var i = 0
        while i &+ 8 <= count {
            let k = UnsafeRawPointer(cov + i).loadUnaligned(as: SIMD8<Float>.self)
            let f = one - saV * k
            let p = dst + i
            let r01 = two(p, k, f, pick.0), r23 = two(p + 2, k, f, pick.1)
            let r45 = two(p + 4, k, f, pick.2), r67 = two(p + 6, k, f, pick.3)
            let bytes = _mm256_packus_epi16(_mm256_packs_epi32(r01, r23), _mm256_packs_epi32(r45, r67))
            UnsafeMutableRawPointer(p).storeBytes(of: _mm256_permutevar8x32_epi32(bytes, order), as: SIMD4<Int64>.self)
            i &+= 8
        }
        return i
    }
}
#endif
