// PNGEncoder: still PNGs written by our own code over libdeflate, faster and smaller than the
// libpng simplified API (which exposes no zlib level, only PNG_IMAGE_FLAG_FAST; measured in
// `ExportBenchmarks.png`).
//
// Format (PNG specification, W3C 2003): signature, IHDR (8-bit RGBA, color type 6, no
// interlace), sRGB (rendering intent 0 = perceptual, §11.3.3.5; the pixels are sRGB-encoded), one
// IDAT holding the zlib stream of the filtered scanlines, IEND. Chunk layout and CRC come from the
// APNG writer (`APNGEncoder.chunk`), the per-row adaptive filters (minimum sum of absolute
// differences, §12.8) from `PNGRowFilter`; this file only adds the still-image framing and the
// compressor.
//
// Compression: libdeflate (Debian's libdeflate-dev) emits a zlib stream (RFC 1950) in one call.
// Its levels 1…12 trade speed for size; `level` 0…9 maps to libdeflate 0…8 and 9 → 12 (its
// slowest, smallest). At level 0 the data is stored and rows are not filtered.
//
// Pixel contract: straight (non-premultiplied) 8-bit RGBA, identical to `Pixmap.rgba8Straight()`.
import CDeflate
import Foundation
import Raster

/// Fast PNG encoder (8-bit straight RGBA + sRGB chunk) with a compression level.
public enum PNGEncoder {
    /// The level the CLI uses unless `--png-level` is given: the fastest level whose size met the
    /// target on the peers' test frame (≤ 1.1× Pillow's default, measured in `ExportBenchmarks.png`).
    public static let defaultLevel = 6

    /// libdeflate's level for one of ours.
    static func deflateLevel(_ level: Int) -> Int32 { level >= 9 ? 12 : Int32(level) }

    /// Encodes `width` × `height` straight RGBA bytes (row-major, no padding) at `level` 0…9.
    public static func encode(rgba: [UInt8], width: Int, height: Int, level: Int = defaultLevel) throws -> [UInt8] {
        try encode(rgba: rgba, width: width, height: height, level: level, filtering: level == 0 ? .none : .auto)
    }

    /// Row filtering strategies. `.auto` compresses a sample of the image (bands of 8 rows out of
    /// every 128, 1/16 of the rows) both unfiltered and with adaptive filters at the target level and keeps the
    /// smaller: adaptive filtering (PNG §12.8) wins on smooth renders, but on dithered or
    /// noisy-gradient frames unfiltered rows repeat exactly and deflate finds long matches (the
    /// peers' test frame: 85 KB unfiltered vs 130 KB filtered at libdeflate level 6).
    enum Filtering { case none, adaptive, auto }

    /// The strategy `.auto` picks for this image at `level`.
    static func chooseFiltering(_ rgba: [UInt8], width: Int, height: Int, compressor: Compressor) throws -> Filtering {
        let rowBytes = width * 4
        var sample: [UInt8] = []
        var y = 0
        while y < height {
            let end = min(height, y + 8)
            sample += rgba[(y * rowBytes)..<(end * rowBytes)]
            y += 128
        }
        let rows = sample.count / rowBytes
        let plain = try compressor.zlib(unfiltered(sample, rowBytes: rowBytes, height: rows)).count
        let adaptive = try compressor.zlib(sample.withUnsafeBufferPointer { PNGRowFilter.filter($0, rowBytes: rowBytes, height: rows) }).count
        return plain <= adaptive ? .none : .adaptive
    }

    /// Rows prefixed with filter type 0 (None).
    static func unfiltered(_ rgba: [UInt8], rowBytes: Int, height: Int) -> [UInt8] {
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        raw.withUnsafeMutableBufferPointer { d in
            rgba.withUnsafeBufferPointer { s in
                for y in 0..<height {
                    (d.baseAddress! + y * (rowBytes + 1) + 1).update(from: s.baseAddress! + y * rowBytes, count: rowBytes)
                }
            }
        }
        return raw
    }

    static func encode(rgba: [UInt8], width: Int, height: Int, level: Int, filtering: Filtering) throws -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
            throw ExportError.invalidParameter("PNG size \(width)×\(height)")
        }
        guard rgba.count == width * height * 4 else {
            throw ExportError.invalidParameter("\(rgba.count) bytes do not hold \(width)×\(height) RGBA")
        }
        guard (0...9).contains(level) else { throw ExportError.invalidParameter("PNG level \(level) (0…9)") }
        let rowBytes = width * 4
        let filtered: [UInt8]
        var strategy = filtering
        let compressor = try Compressor(level: deflateLevel(level))   // one allocation serves the sample and the image
        if strategy == .auto { strategy = try chooseFiltering(rgba, width: width, height: height, compressor: compressor) }
        if strategy == .none {
            filtered = unfiltered(rgba, rowBytes: rowBytes, height: height)
        } else {
            filtered = rgba.withUnsafeBufferPointer { PNGRowFilter.filter($0, rowBytes: rowBytes, height: height) }
        }
        let idat = try compressor.zlib(filtered)

        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out.reserveCapacity(idat.count + 64)
        // IHDR: width, height, bit depth 8, color type 6 (RGBA), deflate, adaptive filtering, no interlace.
        APNGEncoder.chunk("IHDR", APNGEncoder.be32(width) + APNGEncoder.be32(height) + [8, 6, 0, 0, 0], into: &out)
        APNGEncoder.chunk("sRGB", [0], into: &out)
        APNGEncoder.chunk("IDAT", idat, into: &out)
        APNGEncoder.chunk("IEND", [], into: &out)
        return out
    }

    /// Encodes a premultiplied pixmap (converted to straight 8-bit RGBA like `Pixmap.rgba8Straight()`).
    public static func encode(_ pixmap: Pixmap, level: Int = defaultLevel) throws -> [UInt8] {
        try encode(rgba: pixmap.rgba8Straight(), width: pixmap.width, height: pixmap.height, level: level)
    }

    /// Encodes and writes atomically (temporary file + rename; no partial file on failure).
    public static func write(_ pixmap: Pixmap, to url: URL, level: Int = defaultLevel) throws {
        try AtomicFile.write(try encode(pixmap, level: level), to: url)
    }

    /// A libdeflate compressor at one of its levels (0…12), freed with the object.
    final class Compressor {
        private let handle: OpaquePointer

        init(level: Int32) throws {
            guard let c = libdeflate_alloc_compressor(level) else {
                throw ExportError.invalidParameter("libdeflate cannot allocate a level-\(level) compressor")
            }
            handle = c
        }

        deinit { libdeflate_free_compressor(handle) }

        /// A zlib stream (RFC 1950) of `data`.
        func zlib(_ data: [UInt8]) throws -> [UInt8] {
            let bound = libdeflate_zlib_compress_bound(handle, data.count)
            var out = [UInt8](repeating: 0, count: bound)
            let n = out.withUnsafeMutableBytes { o in
                data.withUnsafeBytes { s in libdeflate_zlib_compress(handle, s.baseAddress, s.count, o.baseAddress, o.count) }
            }
            guard n > 0 else { throw ExportError.zlib(code: 0, operation: "libdeflate_zlib_compress (output bound too small)") }
            out.removeSubrange(n...)
            return out
        }
    }
}
