// WebPEncoder: animated WebP, each frame compressed by libwebp (Debian's libwebp-dev, WebPEncode),
// the container written here.
//
// Format: the WebP container specification (developers.google.com/speed/webp/docs/riff_container):
// `RIFF` size `WEBP`, then VP8X (flags: animation, alpha; canvas size − 1 in 24 bits), ANIM
// (background colour, loop count), and one ANMF chunk per frame: offset / 2, size − 1, duration in
// milliseconds (24 bits), blending and disposal, then the frame's own chunks as WebPEncode made
// them (VP8L for lossless; ALPH + VP8 for lossy with alpha). Chunks are padded to an even size.
//
// Why not libwebp's WebPAnimEncoder: it keeps every encoded frame in memory until
// WebPAnimEncoderAssemble and encodes frames one after the other. Here a batch of frames is
// compressed in parallel (one WebPEncode per frame, each single-threaded) and written to the file
// as it is done, so memory is a batch of frames whatever the frame count, and the bytes are the
// same for any thread count: a frame's chunk depends only on that frame and the one before it.
//
// Frame differencing (on by default): frame n > 0 covers the bounding box of the pixels that differ
// from frame n − 1, its left and top edges moved to even coordinates (ANMF stores offsets / 2),
// never disposed. When every pixel that changed is opaque, the frame is alpha-blended over the
// canvas and the pixels inside the rectangle that did not change are written fully transparent,
// so they cost almost nothing and leave the canvas as it was (what WebPAnimEncoder does too);
// otherwise ("do not blend") the rectangle replaces the canvas exactly, alpha included. Either way
// the canvas after frame n is frame n exactly (lossless). An unchanged frame is a 1×1 rectangle
// repeating one pixel.
//
// Lossless (default): WebPConfigLosslessPreset at `effort`, `exact` on (colours under transparent
// pixels kept), so frames decode back byte for byte. Lossy (`quality` 0…100): libwebp's default
// preset at that quality with sharp RGB→YUV, and the alpha plane compressed losslessly
// (alpha_quality 100), so edges keep their exact coverage.
//
// Timing: WebP stores whole milliseconds. Frame n (0-based) ends at round(1000 · end_n) ms, end_n
// its ideal end in seconds, and its duration is the difference of consecutive rounded ends. At
// 30 fps: 33, 34, 33, 33, 34, 33, … (ends 33, 67, 100 ms); every frame ends within 0.5 ms of its
// ideal time, so the error never accumulates (rounding each 33.3 ms alone would gain 10 ms a second).
import CWebP
import Foundation
import AnimoRaster
import AnimoGeometry

public enum WebPEncoder {
    public struct Options: Sendable, Equatable {
        /// Number of plays: 0 = loop forever (default), n = n times (≤ 65535).
        public var plays: Int
        /// nil: lossless (default); 0…100: lossy at that quality, alpha kept losslessly.
        public var quality: Int?
        /// Compression effort 0…9 (lossless preset level; for lossy, the method is min(effort, 6)).
        public var effort: Int
        /// Frame differencing (see the file header).
        public var differencing: Bool

        public init(plays: Int = 0, quality: Int? = nil, effort: Int = 5, differencing: Bool = true) {
            self.plays = plays; self.quality = quality; self.effort = effort; self.differencing = differencing
        }
    }

    /// Durations in milliseconds of `frameCount` frames at `fps`, rounded at each frame's end (see
    /// the file header): their sum is round(1000 · frameCount / fps).
    public static func durations(frameCount: Int, fps: Double) -> [Int] {
        durations(spans: [Int](repeating: 1, count: max(0, frameCount)), fps: fps)
    }

    /// Durations in milliseconds of frames that each last `spans[i]` frames at `fps`.
    public static func durations(spans: [Int], fps: Double) -> [Int] {
        var out: [Int] = [], frames = 0, previous = 0
        for s in spans {
            frames += s
            let end = Int((Double(frames) * 1000 / fps + 1e-9).rounded())
            out.append(end - previous); previous = end
        }
        return out
    }

    /// Encodes frames given as straight 8-bit RGBA bytes (`width` × `height` × 4 each) with one
    /// duration in milliseconds each.
    public static func encode(rgbaFrames: [[UInt8]], width: Int, height: Int, durations: [Int],
                              options: Options = Options()) throws -> [UInt8] {
        guard !rgbaFrames.isEmpty else { throw ExportError.noFrames }
        guard durations.count == rgbaFrames.count else {
            throw ExportError.delayCountMismatch(frames: rgbaFrames.count, delays: durations.count)
        }
        let out = MemorySink()
        let stream = try Stream(width: width, height: height, options: options, sink: out)
        for (f, d) in zip(rgbaFrames, durations) { try stream.append(f, milliseconds: d) }
        _ = try stream.finish()
        return out.bytes
    }

    /// An animated WebP written as its frames arrive, in order (see the file header). With a file,
    /// it is written under a temporary name and renamed by `commit()`; without it nothing appears.
    public final class Stream {
        public let width: Int
        public let height: Int
        private let options: Options
        private let sink: RandomAccessSink
        private let file: AtomicFile.Writer?
        private var pending: [(bytes: [UInt8], milliseconds: Int)] = []
        private var previous: [UInt8]?
        private var written = 0, finished = false
        /// Bytes written so far.
        public private(set) var byteCount = 0

        /// An animated WebP of `width` × `height` written to `url`.
        public convenience init(width: Int, height: Int, options: Options = Options(), to url: URL) throws {
            try Self.validate(width: width, height: height, options: options)
            let file = try AtomicFile.Writer(url: url)
            try self.init(width: width, height: height, options: options, sink: file, file: file)
        }

        init(width W: Int, height H: Int, options: Options, sink: RandomAccessSink, file: AtomicFile.Writer? = nil) throws {
            try Self.validate(width: W, height: H, options: options)
            width = W; height = H; self.options = options; self.sink = sink; self.file = file
            var out = Array("RIFF".utf8) + le32(0) + Array("WEBP".utf8)   // size patched by finish()
            var vp8x: [UInt8] = [0x02 | 0x10, 0, 0, 0]                      // animation, alpha
            vp8x += le24(W - 1) + le24(H - 1)
            WebPEncoder.chunk("VP8X", vp8x, into: &out)
            WebPEncoder.chunk("ANIM", [0, 0, 0, 0] + le16(options.plays), into: &out)   // transparent background
            try emit(out)
        }

        static func validate(width W: Int, height H: Int, options o: Options) throws {
            guard W > 0, H > 0, W <= 16383, H <= 16383 else {
                throw ExportError.invalidParameter("WebP size \(W)×\(H) (each side 1…16383)")
            }
            guard (0...65535).contains(o.plays) else { throw ExportError.invalidParameter("plays \(o.plays) (0…65535)") }
            if let q = o.quality, !(0...100).contains(q) { throw ExportError.invalidParameter("WebP quality \(q) (0…100)") }
            guard (0...9).contains(o.effort) else { throw ExportError.invalidParameter("WebP effort \(o.effort) (0…9)") }
        }

        private func emit(_ bytes: [UInt8]) throws {
            try sink.write(bytes)
            byteCount += bytes.count
        }

        /// Appends the next frame (`width` × `height` × 4 bytes of straight RGBA), shown for
        /// `milliseconds` (0…16777215).
        public func append(_ rgba: [UInt8], milliseconds: Int) throws {
            guard !finished else { throw ExportError.invalidParameter("frame appended after finish") }
            guard rgba.count == width * height * 4 else {
                throw ExportError.invalidParameter("frame \(written + pending.count) has \(rgba.count) bytes, not \(width)×\(height)×4")
            }
            guard (0...0xFF_FFFF).contains(milliseconds) else { throw ExportError.invalidParameter("WebP duration \(milliseconds) ms") }
            pending.append((rgba, milliseconds))
            if pending.count >= streamBatchSize { try flush() }
        }

        /// Compresses the pending frames in parallel, then writes their ANMF chunks in order.
        private func flush() throws {
            guard !pending.isEmpty else { return }
            let batch = pending, before = previous, first = written
            let W = width, H = height, o = options
            let frames = try Parallel.map(batch.count) { k -> [UInt8] in
                let n = first + k
                var r: (x: Int, y: Int, w: Int, h: Int) = (0, 0, W, H)
                if o.differencing && n > 0 {
                    if let b = APNGEncoder.changedBox(k == 0 ? before! : batch[k - 1].bytes, batch[k].bytes, W, H) {
                        let x = b.x & ~1, y = b.y & ~1
                        r = (x, y, b.x + b.w - x, b.y + b.h - y)
                    } else {
                        r = (0, 0, 1, 1)
                    }
                }
                var crop = [UInt8](repeating: 0, count: r.w * r.h * 4)
                for y in 0..<r.h {
                    let s = ((r.y + y) * W + r.x) * 4
                    crop.replaceSubrange((y * r.w * 4)..<((y + 1) * r.w * 4), with: batch[k].bytes[s..<(s + r.w * 4)])
                }
                var blend = false
                if o.differencing && n > 0 {
                    let prior = k == 0 ? before! : batch[k - 1].bytes
                    blend = WebPEncoder.blendable(&crop, previous: prior, x: r.x, y: r.y, width: r.w, height: r.h, canvasWidth: W)
                }
                let image = try WebPEncoder.compress(crop, width: r.w, height: r.h, options: o)
                var payload = le24(r.x / 2) + le24(r.y / 2) + le24(r.w - 1) + le24(r.h - 1) + le24(batch[k].milliseconds)
                payload.append(blend ? 0x00 : 0x02)   // bit 1: do not blend; bit 0 (disposal): none
                payload += image
                var out: [UInt8] = []
                WebPEncoder.chunk("ANMF", payload, into: &out)
                return out
            }
            for f in frames { try emit(f) }
            previous = batch[batch.count - 1].bytes
            written += batch.count
            pending.removeAll(keepingCapacity: true)
        }

        /// Writes the remaining frames and the RIFF size. Returns the size in bytes. For a file,
        /// `commit()` then renames it into place.
        @discardableResult
        public func finish() throws -> Int {
            try flush()
            guard written > 0 else { throw ExportError.noFrames }
            finished = true
            try sink.overwrite(le32(byteCount - 8), at: 4)
            return byteCount
        }

        /// Renames the finished file into place.
        public func commit() throws {
            if !finished { try finish() }
            try file?.commit()
        }

        /// Removes the unfinished file.
        public func discard() { file?.discard() }
    }

    /// When every pixel of `crop` that differs from `previous` (the canvas, `canvasWidth` wide, the
    /// crop at x, y) is opaque, makes the unchanged ones transparent (0, 0, 0, 0) and returns true:
    /// blended over the canvas, the crop then gives exactly the new frame. Otherwise leaves `crop`
    /// as it is and returns false.
    static func blendable(_ crop: inout [UInt8], previous: [UInt8], x: Int, y: Int, width w: Int, height h: Int,
                          canvasWidth W: Int) -> Bool {
        var unchanged: [Int] = []
        for row in 0..<h {
            for col in 0..<w {
                let c = 4 * (row * w + col), p = 4 * ((y + row) * W + x + col)
                if crop[c] == previous[p] && crop[c + 1] == previous[p + 1] && crop[c + 2] == previous[p + 2] && crop[c + 3] == previous[p + 3] {
                    unchanged.append(c)
                } else if crop[c + 3] != 255 {
                    return false
                }
            }
        }
        for c in unchanged { crop[c] = 0; crop[c + 1] = 0; crop[c + 2] = 0; crop[c + 3] = 0 }
        return true
    }

    /// One image through WebPEncode; returns its chunks (VP8L, or ALPH and VP8) without the RIFF
    /// header and VP8X, ready to follow an ANMF header.
    static func compress(_ rgba: [UInt8], width: Int, height: Int, options o: Options) throws -> [UInt8] {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw ExportError.webp(code: 0, operation: "WebPConfigInit") }
        if let q = o.quality {
            guard WebPConfigPreset(&config, WEBP_PRESET_DEFAULT, Float(q)) != 0 else {
                throw ExportError.webp(code: 0, operation: "WebPConfigPreset")
            }
            config.method = Int32(min(o.effort, 6))
            config.alpha_compression = 1
            config.alpha_quality = 100
            config.use_sharp_yuv = 1
        } else {
            guard WebPConfigLosslessPreset(&config, Int32(o.effort)) != 0 else {
                throw ExportError.webp(code: 0, operation: "WebPConfigLosslessPreset")
            }
            config.exact = 1
        }
        config.thread_level = 0   // frames are compressed in parallel instead
        guard WebPValidateConfig(&config) != 0 else { throw ExportError.webp(code: 0, operation: "WebPValidateConfig") }

        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw ExportError.webp(code: 0, operation: "WebPPictureInit") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(width); picture.height = Int32(height)
        let imported = rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw ExportError.webp(code: Int(picture.error_code.rawValue), operation: "WebPPictureImportRGBA") }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        picture.writer = WebPMemoryWrite
        try withUnsafeMutablePointer(to: &writer) { w in
            picture.custom_ptr = UnsafeMutableRawPointer(w)
            guard WebPEncode(&config, &picture) != 0 else {
                throw ExportError.webp(code: Int(picture.error_code.rawValue), operation: "WebPEncode")
            }
        }
        let file = Array(UnsafeBufferPointer(start: writer.mem, count: writer.size))
        // RIFF header (12 bytes), then chunks: keep the image's own, drop VP8X.
        var out: [UInt8] = []
        var p = 12
        while p + 8 <= file.count {
            let tag = String(decoding: file[p..<(p + 4)], as: UTF8.self)
            let size = Int(file[p + 4]) | Int(file[p + 5]) << 8 | Int(file[p + 6]) << 16 | Int(file[p + 7]) << 24
            let end = min(file.count, p + 8 + size + (size & 1))
            if tag == "ALPH" || tag == "VP8 " || tag == "VP8L" { out += file[p..<end] }
            p = end
        }
        guard !out.isEmpty else { throw ExportError.webp(code: 0, operation: "WebPEncode (no image chunk)") }
        return out
    }

    /// Appends one chunk: tag, little-endian size, data, a pad byte if the size is odd.
    static func chunk(_ tag: String, _ data: [UInt8], into out: inout [UInt8]) {
        out += Array(tag.utf8) + le32(data.count) + data
        if data.count & 1 == 1 { out.append(0) }
    }
}

func le16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
func le24(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16)] }
func le32(_ v: Int) -> [UInt8] { le24(v) + [UInt8(truncatingIfNeeded: v >> 24)] }
