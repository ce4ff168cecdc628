// Pixmap: a rectangle of premultiplied RGBA pixels, gamma-encoded sRGB, Float32 per channel.
//
// Storage choice, from a measurement (throwaway probe, 2026-11-29, this 2-core Zen 3 VM, swiftc -O):
// clear + source-over of 200 anti-aliased circles (r 10…80, coverage from distance) on 1170×1170,
// median of 10 frames, two runs:
//   - 8-bit RGBA packed in UInt32, integer (v·(255−a) + 128)/255 blend:   22.1–24.0 ms/frame,  5.5 MB
//   - 16-bit per channel (SIMD4<UInt16>, converted through Float):       113–117 ms/frame,   11.0 MB
//   - Float32 per channel (SIMD4<Float>, one fused multiply-add):          8.1–8.6 ms/frame,  21.9 MB
// Float32 was the fastest as written (the compiler vectorizes SIMD4<Float> blends to one SSE/AVX
// op per pixel; 8- and 16-bit need unpack/convert/divide steps per channel). A hand-tuned 8-bit
// path could close that gap, but Float32 also suits the later stages: Gaussian blur and color
// matrices work on non-premultiplied values (docs/semantics.md §56) and unpremultiplying 8-bit
// values of low alpha loses most of their precision; an alpha threshold on a blurred layer needs
// alpha finer than 1/255 to place the edge. Output is quantized once, at export, to 8-bit straight
// RGBA (`rgba8Straight()`). The cost is 4× memory (16 bytes/pixel); hence the size cap below.
//
// Revisited 2026-12-01 with the tuned pipeline (README "Raster"): the cost of 16 B/px is now
// bandwidth, not arithmetic. The per-band clear of the peers' fill frame is 16–22 % of its time,
// AVX2 compositing buys ≤ 3 %, and a prototype compositing the same spans into an 8-bit
// premultiplied final frame took 0.85× (fill) / 0.87× (stroke) the time, within 2 levels. A
// narrower *final* target (layers and effects staying Float32) is therefore the known lever. It
// exists now as `Pixmap8` (Pixmap8.swift), drawn through `DrawingContext(pixmap8:)`: 0.82× (fill) /
// 0.89× (stroke) the time of this format on the peers' workloads, same rounds (README "Raster").
// This type stays the working format of layers, effects, the scene renderer and the export.
//
// Layout: row-major, top row first, one SIMD4<Float> (r·a, g·a, b·a, a) per pixel, no padding.

import AnimoGeometry

/// Why a pixmap could not be created.
public enum PixmapError: Error, Equatable, Sendable {
    /// Width or height is zero or negative.
    case emptySize(width: Int, height: Int)
    /// A side exceeds `Pixmap.maxSide` or the area exceeds `Pixmap.maxPixels`.
    case tooLarge(width: Int, height: Int)
    /// A byte buffer does not hold width × height × 4 bytes.
    case byteCountMismatch(expected: Int, actual: Int)
}

/// Premultiplied RGBA pixels (Float32 per channel, gamma-encoded sRGB), width × height.
///
/// Invariant: `width` and `height` are in 1…`maxSide`, `width × height ≤ maxPixels`, and
/// `pixels.count == width × height`.
public struct Pixmap: Sendable, Equatable {
    /// The largest side accepted (16384 px, the common GPU texture limit).
    public static let maxSide = 16384
    /// The largest area accepted: 64 Mpx, i.e. 1 GiB of Float32 RGBA. Anything larger is refused
    /// with a thrown error instead of risking an out-of-memory kill.
    public static let maxPixels = 64 * 1024 * 1024

    public let width: Int
    public let height: Int
    /// Row-major premultiplied pixels; index = y × width + x.
    public var pixels: [SIMD4<Float>]

    /// A transparent pixmap. Throws `PixmapError` for zero, negative or too large sizes.
    public init(width: Int, height: Int) throws {
        try Pixmap.validate(width: width, height: height)
        self.width = width; self.height = height
        pixels = [SIMD4<Float>](repeating: .zero, count: width * height)
    }

    /// A pixmap filled with `color`.
    public init(width: Int, height: Int, fill color: PremultipliedColor) throws {
        try Pixmap.validate(width: width, height: height)
        self.width = width; self.height = height
        let n = width * height, v = color.simd
        pixels = [SIMD4<Float>](unsafeUninitializedCapacity: n) { p, count in
            PixelFill.fill(p.baseAddress!, with: v, count: n)   // memset or doubling copies (PixelFill.swift)
            count = n
        }
    }

    static func validate(width: Int, height: Int) throws {
        guard width > 0, height > 0 else { throw PixmapError.emptySize(width: width, height: height) }
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw PixmapError.tooLarge(width: width, height: height)
        }
    }

    /// The pixmap's bounds as integer rectangle in pixels.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The premultiplied color at (x, y); nil outside the pixmap.
    public func pixel(x: Int, y: Int) -> PremultipliedColor? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return PremultipliedColor(unchecked: pixels[y * width + x])
    }

    /// Sets the pixel at (x, y); a no-op outside the pixmap.
    public mutating func setPixel(x: Int, y: Int, _ c: PremultipliedColor) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        pixels[y * width + x] = c.simd
    }

    /// Replaces every pixel with `color` (transparent by default).
    public mutating func clear(_ color: PremultipliedColor = .clear) {
        let v = color.simd
        pixels.withUnsafeMutableBufferPointer { p in PixelFill.fill(p.baseAddress!, with: v, count: p.count) }
    }

    // MARK: 8-bit straight-alpha conversion (export / import)

    /// One premultiplied pixel as 8-bit straight-alpha RGBA packed in a UInt32, R in the low byte
    /// (so its little-endian bytes are R, G, B, A).
    ///
    /// Alpha a is clamped to 0…1; a = 0 gives (0, 0, 0, 0). Otherwise each color channel is
    /// unpremultiplied in Float32 (c ÷ a, before alpha is quantized, to keep precision), clamped to
    /// 0…1, and every channel is quantized as ⌊v·255 + 0.5⌋ (round half up). NaN channels become 0
    /// (the clamp is written as comparisons that are false for NaN: `Swift.min/max` would pass NaN
    /// through and the Int32 conversion would trap).
    @inlinable @inline(__always)
    public static func straightRGBA8(_ v: SIMD4<Float>) -> UInt32 {
        @inline(__always) func q(_ x: Float) -> UInt32 {
            let c: Float = x > 0 ? (x < 1 ? x : 1) : 0
            // Scalar conversion: the generic SIMD4<Int32>(SIMD4<Float>) initializer is ~20× slower.
            return UInt32(Int32(c * 255 + 0.5))
        }
        let a: Float = v.w > 0 ? (v.w < 1 ? v.w : 1) : 0
        guard a > 0 else { return 0 }
        let s = v * (1 / a)
        return q(s.x) | q(s.y) << 8 | q(s.z) << 16 | q(a) << 24
    }

    /// Every pixel as `straightRGBA8` (row-major), for encoders that work on whole pixels (GIF).
    public func rgba8StraightPacked() -> [UInt32] {
        // The bytes R, G, B, A of each pixel are its UInt32 on little-endian machines; on others
        // the scalar rule is the definition.
        guard UInt32(1).littleEndian == 1 else { return pixels.map(Pixmap.straightRGBA8) }
        return [UInt32](unsafeUninitializedCapacity: pixels.count) { o, n in
            writeRGBA8Straight(to: UnsafeMutableRawBufferPointer(o))
            n = pixels.count
        }
    }

    /// The pixels as 8-bit straight-alpha RGBA bytes (row-major, 4 bytes per pixel), for PNG/GIF;
    /// each pixel as `straightRGBA8` describes (four at a time, see StraightQuantizer.swift).
    public func rgba8Straight() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: pixels.count * 4) { o, n in
            writeRGBA8Straight(to: UnsafeMutableRawBufferPointer(o))
            n = pixels.count * 4
        }
    }

    /// Writes the bytes of `rgba8Straight()` into `buffer` (at least 4 × width × height bytes, any
    /// alignment), for callers that reuse one buffer across frames.
    public func writeRGBA8Straight(to buffer: UnsafeMutableRawBufferPointer) {
        precondition(buffer.count >= pixels.count * 4, "writeRGBA8Straight: the buffer holds fewer than 4 bytes per pixel")
        pixels.withUnsafeBufferPointer { p in
            StraightQuantizer.quantize(p.baseAddress!, count: p.count, into: buffer.baseAddress!)
        }
    }

    /// A pixmap from 8-bit straight-alpha RGBA bytes (row-major, 4 per pixel): each channel becomes
    /// v ÷ 255 and color is multiplied by alpha. `rgba8Straight()` gives the bytes back exactly for
    /// every pixel with alpha > 0 (Float32 error of c·a÷a is far below half a step of 1/255).
    public init(width: Int, height: Int, rgba8Straight bytes: [UInt8]) throws {
        try Pixmap.validate(width: width, height: height)
        guard bytes.count == width * height * 4 else {
            throw PixmapError.byteCountMismatch(expected: width * height * 4, actual: bytes.count)
        }
        self.width = width; self.height = height
        var px = [SIMD4<Float>](repeating: .zero, count: width * height)
        px.withUnsafeMutableBufferPointer { p in
            bytes.withUnsafeBufferPointer { b in
                for i in 0..<p.count {
                    let s = SIMD4<Float>(Float(b[4 * i]), Float(b[4 * i + 1]), Float(b[4 * i + 2]), Float(b[4 * i + 3])) * (1 / 255)
                    p[i] = SIMD4(s.x * s.w, s.y * s.w, s.z * s.w, s.w)
                }
            }
        }
        pixels = px
    }
}

/// An integer rectangle of pixels (x, y of the top-left pixel, width, height ≥ 0).
public struct PixelRect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }
    @inlinable public var maxX: Int { x + width }
    @inlinable public var maxY: Int { y + height }
    @inlinable public var isEmpty: Bool { width == 0 || height == 0 }
    /// The overlap, empty (zero size) when the rectangles do not overlap.
    @inlinable public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        return PixelRect(x: x0, y: y0, width: min(maxX, o.maxX) - x0, height: min(maxY, o.maxY) - y0)
    }
}
