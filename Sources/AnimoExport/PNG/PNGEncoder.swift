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
// Compression: libdeflate (Debian's libdeflate-dev) compresses whole buffers. The image is cut into
// strips of rows (`stripBytes`), each filtered and compressed on its own, in parallel, and the raw
// DEFLATE members are joined into one zlib stream (RFC 1950) by DeflateJoin.
// Its levels 1…12 trade speed for size; `level` 0…9 maps to libdeflate 0…8 and 9 → 12 (its
// slowest, smallest). At level 0 the data is stored and rows are not filtered.
//
// Pixel contract: straight (non-premultiplied) 8-bit RGBA, identical to `Pixmap.rgba8Straight()`.
import CDeflate
import CZlib
import Foundation
import AnimoRaster
import AnimoGeometry

/// Fast PNG encoder (8-bit straight RGBA + sRGB chunk) with a compression level.
public enum PNGEncoder {
    /// The level the CLI uses unless `--png-level` is given: the fastest level whose size met the
    /// target on the peers' test frame (≤ 1.1× Pillow's default, measured in `ExportBenchmarks.png`).
    public static let defaultLevel = 6

    /// libdeflate's level for one of ours.
    @_spi(Benchmarks) public static func deflateLevel(_ level: Int) -> Int32 { level >= 9 ? 12 : Int32(level) }

    /// Encodes `width` × `height` straight RGBA bytes (row-major, no padding) at `level` 0…9.
    public static func encode(rgba: [UInt8], width: Int, height: Int, level: Int = defaultLevel) throws -> [UInt8] {
        try encode(rgba: rgba, width: width, height: height, level: level, filtering: level == 0 ? .none : .auto)
    }

    /// Row filtering strategies. `.auto` compresses a sample of the image (bands of 8 rows out
    /// of every 128, 1/16 of the rows) both unfiltered and with adaptive filters at the target
    /// level and keeps the smaller: adaptive filtering (PNG §12.8) wins on smooth renders, but on
    /// dithered or noisy-gradient frames unfiltered rows repeat exactly and deflate finds long
    /// matches (the peers' test frame: 85 KB unfiltered vs 130 KB filtered at libdeflate level 6).
    @_spi(Benchmarks) public enum Filtering: Sendable { case none, adaptive, auto }

    /// Rows per strip: strips of about `stripBytes` of image data are filtered and compressed
    /// independently, in parallel, and joined into the one zlib stream (DeflateJoin.swift). The
    /// split depends only on the image width, never on the thread count, so the bytes are the same
    /// on any machine.
    static func rowsPerStrip(rowBytes: Int, stripBytes: Int = PNGEncoder.stripBytes) -> Int {
        max(1, stripBytes / (rowBytes + 1))
    }

    /// Strip size. Each strip starts with an empty 32 KB window and its own Huffman tables, which
    /// costs size; smaller strips balance better over threads. Measured on the peers' 1170² frame
    /// at level 6 (ExportBenchmarks.png, 2026-11-29): see README "Performance".
    @_spi(Benchmarks) public static let stripBytes = 1 << 20

    /// The strategy `.auto` picks for the image (`height` rows of `rowBytes` at `rows`) at the
    /// pool's level. One choice for the whole image: per-strip choices from per-strip samples
    /// (1/16 of ~220 rows) proved noisy, picking adaptive filters for some strips of the peers'
    /// frame (93 KB instead of 86.6 KB with 512 KB strips, 2026-11-29). The two trial compressions
    /// run in parallel.
    static func chooseFiltering(_ rows: UnsafePointer<UInt8>, rowBytes: Int, height: Int,
                                pool: CompressorPool) throws -> Filtering {
        var sample: [UInt8] = []
        var y = 0
        while y < height {
            let end = min(height, y + 8)
            sample.append(contentsOf: UnsafeBufferPointer(start: rows + y * rowBytes, count: (end - y) * rowBytes))
            y += 128
        }
        let n = sample.count / rowBytes
        let sizes = try sample.withUnsafeBufferPointer { sampleRows in
            try Parallel.map(2) { i in
                let c = try pool.take()
                defer { pool.put(c) }
                let data = i == 0 ? unfiltered(sampleRows.baseAddress!, rowBytes: rowBytes, height: n)
                                  : PNGRowFilter.filter(sampleRows, rowBytes: rowBytes, height: n)
                return try c.deflate(data).count
            }
        }
        return sizes[0] <= sizes[1] ? .none : .adaptive
    }

    /// Rows prefixed with filter type 0 (None).
    static func unfiltered(_ rows: UnsafePointer<UInt8>, rowBytes: Int, height: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: (rowBytes + 1) * height) { d, count in
            for y in 0..<height {
                let dst = d.baseAddress! + y * (rowBytes + 1)
                dst.initialize(to: 0)
                (dst + 1).initialize(from: rows + y * rowBytes, count: rowBytes)
            }
            count = (rowBytes + 1) * height
        }
    }

    /// One compressed strip: its raw DEFLATE member, the Adler-32 and length of its filtered bytes.
    struct Strip { var deflated: [UInt8]; var adler: UInt32; var length: Int }

    @_spi(Benchmarks) public static func encode(rgba: [UInt8], width: Int, height: Int, level: Int, filtering: Filtering,
                       stripBytes: Int = PNGEncoder.stripBytes) throws -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
            throw ExportError.invalidParameter("PNG size \(width)×\(height)")
        }
        guard rgba.count == width * height * 4 else {
            throw ExportError.invalidParameter("\(rgba.count) bytes do not hold \(width)×\(height) RGBA")
        }
        guard (0...9).contains(level) else { throw ExportError.invalidParameter("PNG level \(level) (0…9)") }
        let rowBytes = width * 4
        let per = rowsPerStrip(rowBytes: rowBytes, stripBytes: stripBytes)
        let stripCount = (height + per - 1) / per
        let pool = CompressorPool(level: deflateLevel(level))
        let strategy = level == 0 ? .none : filtering != .auto ? filtering
            : try rgba.withUnsafeBufferPointer { try chooseFiltering($0.baseAddress!, rowBytes: rowBytes, height: height, pool: pool) }
        let strips = try rgba.withUnsafeBufferPointer { src in
            try Parallel.map(stripCount) { i -> Strip in
                let y0 = i * per, rows = min(per, height - y0)
                let start = src.baseAddress! + y0 * rowBytes
                let compressor = try pool.take()
                defer { pool.put(compressor) }
                let filtered = strategy == .none
                    ? unfiltered(start, rowBytes: rowBytes, height: rows)
                    : PNGRowFilter.filter(UnsafeBufferPointer(start: start, count: rows * rowBytes), rowBytes: rowBytes,
                                          height: rows, previousRow: y0 > 0 ? start - rowBytes : nil)
                let adler = filtered.withUnsafeBytes { libdeflate_adler32(1, $0.baseAddress, $0.count) }
                return Strip(deflated: try compressor.deflate(filtered), adler: adler, length: filtered.count)
            }
        }

        // zlib stream (RFC 1950): CMF 0x78 (deflate, 32 KB window), FLG with the level hint and
        // FCHECK making CMF·256 + FLG a multiple of 31, the DEFLATE data, Adler-32 big-endian.
        var idat: [UInt8] = [0x78, level <= 1 ? 0x01 : level <= 5 ? 0x5E : level == 6 ? 0x9C : 0xDA]
        idat.reserveCapacity(strips.reduce(16) { $0 + $1.deflated.count + 6 })
        try DeflateJoin.join(strips.map(\.deflated), into: &idat)
        var adler = UInt(strips[0].adler)
        for s in strips.dropFirst() { adler = UInt(adler32_combine(uLong(adler), uLong(s.adler), off_t(s.length))) }
        idat += APNGEncoder.be32(Int(adler))

        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out.reserveCapacity(idat.count + 64)
        // IHDR: width, height, bit depth 8, color type 6 (RGBA), deflate, adaptive filtering, no interlace.
        APNGEncoder.chunk("IHDR", APNGEncoder.be32(width) + APNGEncoder.be32(height) + [8, 6, 0, 0, 0], into: &out)
        APNGEncoder.chunk("sRGB", [0], into: &out)
        APNGEncoder.chunk("IDAT", idat, into: &out)
        APNGEncoder.chunk("IEND", [], into: &out)
        return out
    }

    /// Compressors shared by the strips of one image: a libdeflate compressor holds about a
    /// megabyte of match-finder tables, so each thread reuses one instead of allocating one per
    /// strip. libdeflate keeps no state between calls, so which one a strip gets does not matter.
    final class CompressorPool: @unchecked Sendable {
        private let level: Int32
        private var idle: [Compressor] = []
        private let lock = NSLock()
        init(level: Int32) { self.level = level }
        func take() throws -> Compressor {
            lock.lock()
            let c = idle.popLast()
            lock.unlock()
            return try c ?? Compressor(level: level)
        }
        func put(_ c: Compressor) { lock.lock(); idle.append(c); lock.unlock() }
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

        /// A raw DEFLATE stream (RFC 1951) of `data`.
        func deflate(_ data: [UInt8]) throws -> [UInt8] {
            let bound = libdeflate_deflate_compress_bound(handle, data.count)
            var failed = false
            let out = [UInt8](unsafeUninitializedCapacity: bound) { o, count in
                count = data.withUnsafeBytes { s in libdeflate_deflate_compress(handle, s.baseAddress, s.count, o.baseAddress, bound) }
                failed = count == 0
            }
            guard !failed else { throw ExportError.zlib(code: 0, operation: "libdeflate_deflate_compress (output bound too small)") }
            return out
        }
    }
}
