// StraightRGBA8: premultiplied Float32 pixels → 8-bit straight RGBA, bit-identical to
// `Pixmap.rgba8Straight()` (same operations in the same order: clamp alpha, multiply by 1/a,
// clamp to 0…1, ⌊v·255 + 0.5⌋) but written with scalar Float → Int32 conversions, which the
// compiler turns into single instructions; the generic SIMD4<Int32>(SIMD4<Float>) initializer took
// a quarter of the GIF benchmark's CPU time in a perf profile (2026-11-29).
import Raster

enum StraightRGBA8 {
    /// Clamp written so NaN maps to 0 (a NaN pixel must not trap the Int32 conversion); equal to
    /// min(max(v, 0), 1) for every other value.
    @inline(__always) private static func q(_ v: Float) -> UInt32 {
        let c: Float = v > 0 ? (v < 1 ? v : 1) : 0
        return UInt32(Int32((c * 255 + 0.5).rounded(.down)))
    }

    /// One pixel as packed 0xAABBGGRR.
    @inline(__always) static func pack(_ v: SIMD4<Float>) -> UInt32 {
        let a: Float = v.w > 0 ? (v.w < 1 ? v.w : 1) : 0
        guard a > 0 else { return 0 }
        let s = v * (1 / a)
        return q(s.x) | q(s.y) << 8 | q(s.z) << 16 | q(a) << 24
    }

    /// All pixels packed 0xAABBGGRR (little-endian memory order R, G, B, A).
    static func packed(_ p: Pixmap) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: p.pixels.count)
        out.withUnsafeMutableBufferPointer { o in
            p.pixels.withUnsafeBufferPointer { s in for i in 0..<s.count { o[i] = pack(s[i]) } }
        }
        return out
    }

    /// All pixels as R, G, B, A bytes (the layout of `Pixmap.rgba8Straight()`).
    static func bytes(_ p: Pixmap) -> [UInt8] {
        let w = packed(p)
        var out = [UInt8](repeating: 0, count: w.count * 4)
        for i in w.indices {
            let v = w[i]
            out[4 * i] = UInt8(v & 0xFF); out[4 * i + 1] = UInt8((v >> 8) & 0xFF)
            out[4 * i + 2] = UInt8((v >> 16) & 0xFF); out[4 * i + 3] = UInt8(v >> 24)
        }
        return out
    }
}
