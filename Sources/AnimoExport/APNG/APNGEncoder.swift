// APNGEncoder: animated PNG written by our own code over zlib (Debian's libpng has no APNG support).
//
// Format: APNG specification 1.0 (Mozilla, wiki.mozilla.org/APNG_Specification; also in the PNG
// 3rd edition, W3C 2025): PNG signature, IHDR (8-bit RGBA), acTL (frame count, play count), then
// per frame an fcTL (sequence number, size, offset, delay_num/delay_den, dispose_op, blend_op) and
// the image data: IDAT for the first frame (so non-APNG decoders show frame 0), fdAT (sequence
// number + data) for the others; IEND. fcTL and fdAT share one sequence starting at 0. Every chunk:
// big-endian length, type, data, CRC-32 of type + data (zlib crc32 = the CRC of PNG §5.5).
//
// Full 8-bit straight alpha, exact delays as fractions of a second. Frame differencing (on by
// default): frame n > 0 covers only the bounding box of the pixels that differ from frame n − 1,
// with dispose_op NONE and blend_op SOURCE, so the rectangle replaces the canvas exactly (alpha
// included); an unchanged frame is a 1×1 rectangle repeating one pixel.
//
// Streaming: `Stream` takes frames in order and writes each batch's chunks as it goes, so memory is
// a batch of frames whatever the length; `encode` is the same stream into memory.
import CZlib
import Foundation
import AnimoRaster
import AnimoGeometry

/// Animated PNG encoder (8-bit RGBA, exact delays, any play count).
public enum APNGEncoder {
    /// A frame delay as a fraction numerator/denominator seconds (APNG fcTL delay_num/delay_den).
    public struct Delay: Sendable, Equatable {
        public let numerator: UInt16
        public let denominator: UInt16
        /// A delay of numerator/denominator seconds; nil if the denominator is 0.
        public init?(numerator: UInt16, denominator: UInt16) {
            guard denominator > 0 else { return nil }
            self.numerator = numerator; self.denominator = denominator
        }
        /// One frame at `fps` frames per second for integer rates (1/fps exactly), otherwise the
        /// closest fraction with terms ≤ 65535. Nil for non-finite or non-positive rates.
        public init?(fps: Double) {
            guard fps.isFinite, fps > 0 else { return nil }
            self.init(seconds: 1 / fps)
        }
        /// The closest fraction to `seconds` with numerator and denominator ≤ 65535 (continued
        /// fraction convergents). Nil for NaN, negative or ≥ 65536 s.
        public init?(seconds: Double) {
            guard seconds.isFinite, seconds >= 0, seconds < 65535.5 else { return nil }
            var (h0, h1, k0, k1) = (0.0, 1.0, 1.0, 0.0)   // convergents h/k
            var x = seconds
            var best = (num: seconds.rounded(), den: 1.0)
            for _ in 0..<40 {
                let a = x.rounded(.down)
                let h2 = a * h1 + h0, k2 = a * k1 + k0
                if h2 > 65535 || k2 > 65535 { break }
                best = (h2, k2)
                (h0, h1, k0, k1) = (h1, h2, k1, k2)
                let f = x - a
                if f < 1e-12 { break }
                x = 1 / f
            }
            self.numerator = UInt16(best.num); self.denominator = UInt16(max(best.den, 1))
        }
        /// The delay in seconds.
        public var seconds: Double { Double(numerator) / Double(denominator) }
    }

    /// Encodes `frames` (all the same size) with one delay each. `plays`: 0 = loop forever.
    /// `level`: zlib compression level 0…9. Throws `ExportError` for bad input or a zlib failure.
    public static func encode(frames: [Pixmap], delays: [Delay], plays: Int = 0, level: Int = 6,
                              differencing: Bool = true) throws -> [UInt8] {
        guard let first = frames.first else { throw ExportError.noFrames }
        guard delays.count == frames.count else { throw ExportError.delayCountMismatch(frames: frames.count, delays: delays.count) }
        for (i, f) in frames.enumerated() where f.width != first.width || f.height != first.height {
            throw ExportError.frameSizeMismatch(index: i, width: f.width, height: f.height)
        }
        // Straight RGBA bytes of every frame, computed in parallel.
        let rgba = try Parallel.map(frames.count) { frames[$0].rgba8Straight() }
        return try encode(rgbaFrames: rgba, width: first.width, height: first.height, delays: delays,
                          plays: plays, level: level, differencing: differencing)
    }

    /// Encodes frames given as straight 8-bit RGBA bytes (`width` × `height` × 4 each, the layout of
    /// `Pixmap.rgba8Straight()`), losslessly: the bytes decode back exactly.
    public static func encode(rgbaFrames rgba: [[UInt8]], width W: Int, height H: Int, delays: [Delay], plays: Int = 0,
                              level: Int = 6, differencing: Bool = true) throws -> [UInt8] {
        guard !rgba.isEmpty else { throw ExportError.noFrames }
        guard delays.count == rgba.count else { throw ExportError.delayCountMismatch(frames: rgba.count, delays: delays.count) }
        guard W > 0, H > 0, W <= Int(Int32.max) / 4, H <= Int(Int32.max) else { throw ExportError.invalidParameter("frame size \(W)×\(H)") }
        for (i, f) in rgba.enumerated() where f.count != W * H * 4 {
            throw ExportError.invalidParameter("frame \(i) has \(f.count) bytes, not \(W)×\(H)×4")
        }
        let out = MemorySink()
        let stream = try Stream(frameCount: rgba.count, width: W, height: H, plays: plays, level: level,
                                differencing: differencing, sink: out)
        for (f, d) in zip(rgba, delays) { try stream.append(f, delay: d) }
        try stream.finish()
        return out.bytes
    }

    /// An APNG written as its frames arrive, in order: the header (with the frame count, known in
    /// advance) at once, then each frame's chunks. Frames are filtered and compressed
    /// `streamBatchSize` at a time in parallel; a frame's rectangle depends only on it and the
    /// frame before, so the bytes are those of `encode(rgbaFrames:…)` for the same frames. Memory:
    /// one batch of frames and the last frame of the previous batch, whatever the frame count.
    /// The file is written under a temporary name and renamed by `finish()` (AtomicFile.Writer);
    /// without `finish()` nothing appears.
    public final class Stream {
        private let width: Int, height: Int, frameCount: Int, level: Int, differencing: Bool
        private let sink: ByteSink
        private let file: AtomicFile.Writer?
        private var pending: [(bytes: [UInt8], delay: Delay)] = []
        private var previous: [UInt8]?
        private var received = 0, written = 0, sequence = 0
        private var bytesOut = 0

        /// An APNG of `frameCount` frames of `width` × `height` written to `url`. Throws
        /// `ExportError` for bad parameters or an unwritable path.
        public convenience init(frameCount: Int, width: Int, height: Int, plays: Int = 0, level: Int = 6,
                                differencing: Bool = true, to url: URL) throws {
            try Self.validate(frameCount: frameCount, width: width, height: height, plays: plays, level: level)
            let file = try AtomicFile.Writer(url: url)
            try self.init(frameCount: frameCount, width: width, height: height, plays: plays, level: level,
                          differencing: differencing, sink: file, file: file)
        }

        init(frameCount: Int, width W: Int, height H: Int, plays: Int, level: Int, differencing: Bool,
             sink: ByteSink, file: AtomicFile.Writer? = nil) throws {
            try Self.validate(frameCount: frameCount, width: W, height: H, plays: plays, level: level)
            self.width = W; self.height = H; self.frameCount = frameCount; self.level = level
            self.differencing = differencing; self.sink = sink; self.file = file
            var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            var ihdr = be32(W) + be32(H)
            ihdr += [8, 6, 0, 0, 0]   // bit depth 8, color type 6 (RGBA), deflate, adaptive filtering, no interlace
            chunk("IHDR", ihdr, into: &out)
            chunk("acTL", be32(frameCount) + be32(plays), into: &out)
            try emit(out)
        }

        private static func validate(frameCount: Int, width W: Int, height H: Int, plays: Int, level: Int) throws {
            guard frameCount > 0 else { throw ExportError.noFrames }
            guard W > 0, H > 0, W <= Int(Int32.max) / 4, H <= Int(Int32.max) else { throw ExportError.invalidParameter("frame size \(W)×\(H)") }
            guard plays >= 0, plays <= Int(UInt32.max) else { throw ExportError.invalidParameter("plays \(plays)") }
            guard (0...9).contains(level) else { throw ExportError.invalidParameter("level \(level) (0…9)") }
        }

        private func emit(_ bytes: [UInt8]) throws {
            try sink.write(bytes)
            bytesOut += bytes.count
        }

        /// Appends the next frame: straight RGBA bytes (`width` × `height` × 4), shown for `delay`.
        public func append(_ rgba: [UInt8], delay: Delay) throws {
            guard received < frameCount else { throw ExportError.invalidParameter("more than \(frameCount) frames") }
            guard rgba.count == width * height * 4 else {
                throw ExportError.invalidParameter("frame \(received) has \(rgba.count) bytes, not \(width)×\(height)×4")
            }
            received += 1
            pending.append((rgba, delay))
            if pending.count >= streamBatchSize { try flush() }
        }

        /// Filters and compresses the pending frames in parallel, then writes their chunks in order.
        private func flush() throws {
            guard !pending.isEmpty else { return }
            let batch = pending, before = previous, first = written
            let W = width, H = height, level = level, differencing = differencing
            let encoded = try Parallel.map(batch.count) { k -> (rect: (x: Int, y: Int, w: Int, h: Int), data: [UInt8]) in
                let n = first + k
                let r: (x: Int, y: Int, w: Int, h: Int)
                if !differencing || n == 0 { r = (0, 0, W, H) }
                else { r = changedBox(k == 0 ? before! : batch[k - 1].bytes, batch[k].bytes, W, H) ?? (0, 0, 1, 1) }
                var crop = [UInt8](repeating: 0, count: r.w * r.h * 4)
                for y in 0..<r.h {
                    let s = ((r.y + y) * W + r.x) * 4
                    crop.replaceSubrange((y * r.w * 4)..<((y + 1) * r.w * 4), with: batch[k].bytes[s..<(s + r.w * 4)])
                }
                let filtered = crop.withUnsafeBufferPointer { PNGRowFilter.filter($0, rowBytes: r.w * 4, height: r.h) }
                return (r, try deflate(filtered, level: level))
            }
            for (k, e) in encoded.enumerated() {
                let r = e.rect, d = batch[k].delay
                var out: [UInt8] = []
                var fc = be32(sequence) + be32(r.w) + be32(r.h) + be32(r.x) + be32(r.y)
                fc += be16(Int(d.numerator)) + be16(Int(d.denominator))
                fc += [0, 0]   // dispose_op NONE, blend_op SOURCE
                chunk("fcTL", fc, into: &out); sequence += 1
                if first + k == 0 { chunk("IDAT", e.data, into: &out) }
                else { chunk("fdAT", be32(sequence) + e.data, into: &out); sequence += 1 }
                try emit(out)
            }
            previous = batch[batch.count - 1].bytes
            written += batch.count
            pending.removeAll(keepingCapacity: true)
        }

        /// Writes the remaining frames and IEND, and for a file renames it into place. Throws if
        /// fewer frames than announced were appended. Returns the file's size in bytes.
        @discardableResult
        public func finish() throws -> Int {
            try flush()
            guard written == frameCount else {
                file?.discard()
                throw ExportError.invalidParameter("\(written) frames appended, \(frameCount) announced")
            }
            var out: [UInt8] = []
            chunk("IEND", [], into: &out)
            try emit(out)
            try file?.commit()
            return bytesOut
        }
    }

    /// `encode(rgbaFrames:…)`, then writes the file atomically.
    public static func write(rgbaFrames: [[UInt8]], width: Int, height: Int, delays: [Delay], plays: Int = 0, level: Int = 6,
                             differencing: Bool = true, to url: URL) throws {
        try AtomicFile.write(try encode(rgbaFrames: rgbaFrames, width: width, height: height, delays: delays, plays: plays,
                                        level: level, differencing: differencing), to: url)
    }

    /// `encode`, then writes the file atomically (temporary file + rename; no partial file).
    public static func write(frames: [Pixmap], delays: [Delay], plays: Int = 0, level: Int = 6,
                             differencing: Bool = true, to url: URL) throws {
        let bytes = try encode(frames: frames, delays: delays, plays: plays, level: level, differencing: differencing)
        try AtomicFile.write(bytes, to: url)
    }

    // MARK: - Helpers

    static func be32(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }

    /// Appends one chunk: length, type, data, CRC-32 (zlib crc32) over type + data.
    static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let t = Array(type.utf8)
        out += be32(data.count)
        out += t
        out += data
        var crc = crc32(0, t, UInt32(t.count))
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        out += be32(Int(crc))
    }

    /// zlib-wrapped deflate of `data` (PNG §10 requires the zlib format).
    @_spi(Benchmarks) public static func deflate(_ data: [UInt8], level: Int) throws -> [UInt8] {
        var bound = compressBound(uLong(data.count))
        var dst = [UInt8](repeating: 0, count: Int(bound))
        let rc = dst.withUnsafeMutableBufferPointer { d in
            data.withUnsafeBufferPointer { s in compress2(d.baseAddress, &bound, s.baseAddress, uLong(s.count), Int32(level)) }
        }
        guard rc == Z_OK else { throw ExportError.zlib(code: Int(rc), operation: "compress2") }
        dst.removeSubrange(Int(bound)...)
        return dst
    }

    /// Bounding box of the pixels that differ between two RGBA byte frames; nil if identical.
    static func changedBox(_ a: [UInt8], _ b: [UInt8], _ w: Int, _ h: Int) -> (x: Int, y: Int, w: Int, h: Int)? {
        var x0 = w, y0 = h, x1 = -1, y1 = -1
        a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                let ua = pa.bindMemory(to: UInt32.self), ub = pb.bindMemory(to: UInt32.self)
                for y in 0..<h {
                    var first = -1, last = -1
                    for x in 0..<w where ua[y * w + x] != ub[y * w + x] { if first < 0 { first = x }; last = x }
                    if first >= 0 { x0 = min(x0, first); x1 = max(x1, last); y0 = min(y0, y); y1 = y }
                }
            }
        }
        return x1 < 0 ? nil : (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }
}
