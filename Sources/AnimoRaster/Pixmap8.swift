// Pixmap8: a rectangle of premultiplied RGBA pixels, gamma-encoded sRGB, 8 bits per channel packed in
// a UInt32 (R in the low byte, so the little-endian bytes are R, G, B, A): the format of Core
// Graphics' and Blend2D's bitmap contexts, and of the peers' benchmark surfaces.
//
// Why a second pixmap. `Pixmap` (Float32, 16 B/px) is the working format of layers and effects
// (Pixmap.swift says why: blur, colour matrices and alpha thresholds need more than 8 bits). A final
// frame that only receives fills and finished layers does not: it is quantized to 8 bits at export
// anyway. Written at 4 B/px it moves a quarter of the bytes, and on the peers' raster workloads the
// Float32 frame's clear alone was 16–22 % of the fill frame (README "Raster"). A DrawingContext over
// a Pixmap8 (`DrawingContext(pixmap8:)`) composites fills straight into it (Compositor8.swift) and
// keeps its layers Float32.
//
// Precision. Each composite rounds to the nearest of 256 levels, so a pixel drawn over n times can
// drift up to n/2 levels from the Float32 result (tests bound it); fills over an opaque background,
// the common frame, are exact to half a level per draw. Colour is premultiplied, so a translucent
// pixel of alpha a keeps only a + 1 colour levels (as in Core Graphics); the export to straight alpha
// (`rgba8Straight()`) divides by alpha with exact rounding.

import AnimoGeometry
import Foundation

/// Premultiplied RGBA pixels, 8 bits per channel (gamma-encoded sRGB), width × height.
///
/// Invariant: `width` and `height` are in 1…`Pixmap.maxSide`, `width × height ≤ Pixmap.maxPixels`,
/// `pixels.count == width × height`, and no colour byte exceeds its pixel's alpha byte.
public struct Pixmap8: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major pixels, index y × width + x; each R | G << 8 | B << 16 | A << 24, premultiplied.
    public var pixels: [UInt32]

    /// A transparent pixmap. Throws `PixmapError` for zero, negative or too large sizes.
    public init(width: Int, height: Int) throws {
        try Pixmap.validate(width: width, height: height)
        self.width = width; self.height = height
        pixels = [UInt32](repeating: 0, count: width * height)
    }

    /// A pixmap filled with `color` (quantized as `Pixmap8.pack` does).
    public init(width: Int, height: Int, fill color: PremultipliedColor) throws {
        try Pixmap.validate(width: width, height: height)
        self.width = width; self.height = height
        let n = width * height, v = Pixmap8.pack(color.simd)
        pixels = [UInt32](unsafeUninitializedCapacity: n) { p, count in
            Pixmap8.fill(p.baseAddress!, v, count: n)
            count = n
        }
    }

    /// `pixmap` quantized pixel by pixel (`pack`).
    public init(_ pixmap: Pixmap) {
        width = pixmap.width; height = pixmap.height
        pixels = pixmap.pixels.map(Pixmap8.pack)
    }

    /// The pixmap's bounds as integer rectangle in pixels.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The premultiplied color at (x, y) as Float32 (each byte ÷ 255); nil outside the pixmap.
    public func pixel(x: Int, y: Int) -> PremultipliedColor? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return PremultipliedColor(unchecked: Pixmap8.unpack(pixels[y * width + x]))
    }

    /// Replaces every pixel with `color` (transparent by default).
    public mutating func clear(_ color: PremultipliedColor = .clear) {
        let v = Pixmap8.pack(color.simd)
        pixels.withUnsafeMutableBufferPointer { Pixmap8.fill($0.baseAddress!, v, count: $0.count) }
    }

    /// Sets `count` pixels from `dst` on to `value` (a transparent run is one memset).
    @inline(__always)
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, _ value: UInt32, count: Int) {
        if value == 0 { _ = memset(dst, 0, count * 4) } else { dst.update(repeating: value, count: count) }
    }

    /// Every pixel as Float32 (each byte ÷ 255): the same image in the working format.
    public var floatPixmap: Pixmap {
        var p = (try? Pixmap(width: width, height: height))!   // same, validated size
        p.pixels.withUnsafeMutableBufferPointer { d in
            for i in 0..<pixels.count { d[i] = Pixmap8.unpack(pixels[i]) }
        }
        return p
    }

    // MARK: Conversions

    /// A premultiplied Float32 pixel as bytes: each channel clamped to 0…1 (NaN → 0), ⌊v·255 + 0.5⌋,
    /// and each colour byte limited to the alpha byte (premultiplied values of a valid pixel never
    /// exceed alpha; the limit keeps the invariant for values that do).
    @inline(__always)
    public static func pack(_ v: SIMD4<Float>) -> UInt32 {
        @inline(__always) func q(_ x: Float) -> UInt32 {
            let c: Float = x > 0 ? (x < 1 ? x : 1) : 0
            return UInt32(Int32(c * 255 + 0.5))
        }
        let a = q(v.w)
        return min(q(v.x), a) | min(q(v.y), a) << 8 | min(q(v.z), a) << 16 | a << 24
    }

    /// Bytes back to Float32 channels (each ÷ 255).
    @inline(__always)
    public static func unpack(_ p: UInt32) -> SIMD4<Float> { Compositor8.widen(p) * (1 / 255) }

    /// Straight (unpremultiplied) value of colour byte `c` under alpha byte `a`, for every a, c:
    /// round(c · 255 / a) limited to 255, 0 for a = 0. Indexed a << 8 | c (64 KB).
    static let straightTable: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 65536)
        for a in 1..<256 {
            for c in 0..<256 { t[a << 8 | c] = UInt8(min(255, (c * 255 + a / 2) / a)) }
        }
        return t
    }()

    /// The pixels as 8-bit straight-alpha RGBA bytes (row-major, 4 per pixel), for PNG and GIF:
    /// alpha as stored, each colour round(c · 255 / a) (`straightTable`), all zero where a = 0.
    public func rgba8Straight() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: pixels.count * 4) { o, n in
            Pixmap8.straightTable.withUnsafeBufferPointer { t in
                pixels.withUnsafeBufferPointer { p in
                    for i in 0..<p.count {
                        let v = p[i], a = Int(v >> 24) << 8
                        o[4 * i] = t[a | Int(v & 0xFF)]
                        o[4 * i + 1] = t[a | Int((v >> 8) & 0xFF)]
                        o[4 * i + 2] = t[a | Int((v >> 16) & 0xFF)]
                        o[4 * i + 3] = UInt8(v >> 24)
                    }
                }
            }
            n = pixels.count * 4
        }
    }
}
