// GIFEncoder: the public entry point for animated GIF export.
//
// Pipeline: choose frames and centisecond delays (GIFTiming) → optionally resize (AreaResample) →
// composite over a background or cut alpha at 0.5 coverage → pack to 8-bit → merge identical
// frames and plan differencing/disposal (GIFFramePlan) → quantize each image with its own local
// color table in parallel (GIFQuantizer), or the GIF's global table where a local one would not
// lower the error by 20 % → write through giflib (GIFWriter). If the bytes exceed
// `maxBytes` (default 10 MB, GitHub's limit for images in issues and pull requests, docs/semantics.md
// §82), it re-encodes with, in this order, a lower frame rate (halved, not below 10 fps), a
// smaller scale (× 0.75 per step, not below 1/4 of the requested scale), then fewer colors (halved,
// down to 16), and reports each change in `notes`.
//
// Memory: the global table and the byte budget need every frame, and so do the re-encodings, so
// each encoding reads the frames twice, in order, `streamBatchSize` at a time: pass 1 packs and
// plans them and feeds the drawn pixels to the global table (GlobalPaletteBuilder); pass 2 packs
// and plans them again (the same plan: it depends only on the frames) and quantizes and writes
// each batch. Neither pass holds more than a batch of frames, so memory does not grow with the
// frame count. The frames come from wherever the caller keeps them (`FrameSource`): the array
// given, or for `Stream` a FrameSpill, compressed on disk as they are rendered. The trade-off is
// time and disk: each encoding packs every frame twice (and a streamed GIF inflates it from disk
// twice) instead of once with every frame in memory (121 frames of 800²: 4.6 s instead of 3.4 s),
// and the spill holds the compressed frames (docs/performance.md, "Memory"). An encoding over the
// budget is counted to its end (the notes give its size) but not kept. The bytes are those of
// encoding with every frame in memory, for every input (Tests/AnimoExportTests: the committed
// digests of EncoderExpectations, and StreamingTests against the whole-sequence reference).
//
// Quality contract (tested in ExportTests): sources with no more colors per image than the table
// holds are reproduced exactly; smooth gradients decode within a mean absolute error of 3 levels
// per channel; pixels that do not change between source frames decode identically in every frame.
// § numbers refer to docs/semantics.md.
import Dispatch
import Foundation
import AnimoRaster
import AnimoGeometry

/// The encoded GIF and what the encoder decided.
public struct GIFResult: Sendable {
    /// The complete GIF89a file.
    public var bytes: [UInt8]
    /// Messages for the user (dropped frames, budget reductions); empty when nothing was changed.
    public var notes: [String]
    /// Number of images in the file (after frame dropping and merging of identical frames).
    public var frameCount: Int
    /// Delay of each image in centiseconds.
    public var delays: [Int]
    /// Logical screen size.
    public var width: Int
    public var height: Int
}

/// What a streamed GIF (`GIFEncoder.Stream`) wrote: `GIFResult` without the bytes, which are in the file.
public struct GIFSummary: Sendable {
    /// Size of the file written.
    public var byteCount: Int
    public var notes: [String]
    public var frameCount: Int
    public var delays: [Int]
    public var width: Int
    public var height: Int
}

/// Animated GIF encoder: perceptual (Oklab) palettes per frame, temporally stable dithering, frame
/// differencing, centisecond timing with accumulated rounding, and a byte budget.
public enum GIFEncoder {
    /// Encoding options. Every numeric option is validated by `encode` (a thrown
    /// `ExportError.invalidParameter` names the bad one).
    public struct Options: Sendable {
        /// Number of plays: 0 = loop forever (default), 1 = play once, n = play n times.
        public var plays: Int
        /// If set, frames are composited over this color and the GIF is opaque; if nil, pixels with
        /// coverage below 0.5 become transparent.
        public var background: Color?
        /// Byte budget (default 10 000 000); nil = no limit.
        public var maxBytes: Int?
        /// Output size relative to the frames (0 < scale ≤ 4), area-averaged.
        public var scale: Double
        /// Colors per local table, 2…256.
        public var maxColors: Int
        /// Error-diffusion dithering on (default) or off.
        public var dither: Bool

        public init(plays: Int = 0, background: Color? = nil, maxBytes: Int? = 10_000_000,
                    scale: Double = 1, maxColors: Int = 256, dither: Bool = true) {
            self.plays = plays; self.background = background; self.maxBytes = maxBytes
            self.scale = scale; self.maxColors = maxColors; self.dither = dither
        }
    }

    /// Encodes frames shown at a constant `fps` (each frame lasts 1/fps s). Above 50 fps, frames are
    /// dropped to the highest rate fps/k ≤ 50 and a note says so.
    public static func encode(frames: [Pixmap], fps: Double, options: Options = Options()) throws -> GIFResult {
        guard fps.isFinite, fps > 0 else { throw ExportError.invalidParameter("fps \(fps)") }
        return try encode(frames: frames, durations: nil, fps: fps, options: options)
    }

    /// Encodes frames with individual durations in seconds (one per frame).
    public static func encode(frames: [Pixmap], durations: [Double], options: Options = Options()) throws -> GIFResult {
        guard durations.count == frames.count else {
            throw ExportError.delayCountMismatch(frames: frames.count, delays: durations.count)
        }
        return try encode(frames: frames, durations: durations, fps: nil, options: options)
    }

    /// Encodes `frameCount` frames of `width` × `height` pixels fetched on demand from `frame`
    /// (called from several threads, possibly more than once per index when the byte budget forces
    /// a re-encode), shown at a constant `fps`. Lets callers keep frames compactly (e.g. 8-bit)
    /// instead of holding every float pixmap at once. A fetched frame of another size throws
    /// `ExportError.frameSizeMismatch`.
    public static func encode(frameCount: Int, width: Int, height: Int, fps: Double, options: Options = Options(),
                              frame: @escaping @Sendable (Int) throws -> Pixmap) throws -> GIFResult {
        guard fps.isFinite, fps > 0 else { throw ExportError.invalidParameter("fps \(fps)") }
        guard frameCount > 0 else { throw ExportError.noFrames }
        guard width > 0, height > 0 else { throw ExportError.invalidParameter("frame size \(width)×\(height)") }
        return try encode(source: FrameSource(count: frameCount, width: width, height: height, fetch: frame),
                          durations: nil, fps: fps, options: options)
    }

    /// Frames by index, all `width` × `height`.
    struct FrameSource: Sendable {
        var count: Int
        var width: Int
        var height: Int
        var fetch: @Sendable (Int) throws -> Pixmap

        init(count: Int, width: Int, height: Int, fetch: @escaping @Sendable (Int) throws -> Pixmap) {
            self.count = count; self.width = width; self.height = height; self.fetch = fetch
        }

        init(_ frames: [Pixmap]) {
            self.init(count: frames.count, width: frames.first?.width ?? 0, height: frames.first?.height ?? 0) { frames[$0] }
        }

        func frame(_ i: Int) throws -> Pixmap {
            let f = try fetch(i)
            guard f.width == width, f.height == height else { throw ExportError.frameSizeMismatch(index: i, width: f.width, height: f.height) }
            return f
        }
    }

    /// `encode(frames:fps:options:)`, then writes the file atomically (temporary file + rename; no
    /// partial file on failure).
    @discardableResult
    public static func write(frames: [Pixmap], fps: Double, options: Options = Options(), to url: URL) throws -> GIFResult {
        let r = try encode(frames: frames, fps: fps, options: options)
        try AtomicFile.write(r.bytes, to: url)
        return r
    }

    /// `encode(frames:durations:options:)`, then writes the file atomically.
    @discardableResult
    public static func write(frames: [Pixmap], durations: [Double], options: Options = Options(), to url: URL) throws -> GIFResult {
        let r = try encode(frames: frames, durations: durations, options: options)
        try AtomicFile.write(r.bytes, to: url)
        return r
    }

    // MARK: - Streaming

    /// A GIF encoded from frames appended in order as they are rendered (straight 8-bit RGBA, the
    /// layout of `Pixmap.rgba8Straight()`), with the bytes of `encode(frameCount:…)` over the same
    /// frames. Appended frames are compressed, a batch at a time, into a FrameSpill (a nameless
    /// scratch file in `scratchDirectory`); `finish` encodes from there (see the file header) and
    /// writes the file atomically. Memory: a batch of frames while appending, a few batches while
    /// encoding, whatever the frame count; disk: the compressed frames, freed when the stream ends.
    public final class Stream {
        public let frameCount: Int
        public let width: Int
        public let height: Int
        private let fps: Double
        private let options: Options
        private let spill: FrameSpill
        private var pending: [[UInt8]] = []

        /// Throws `ExportError` for a bad rate, size or option, or if the scratch file cannot be made.
        public init(frameCount: Int, width: Int, height: Int, fps: Double, options: Options = Options(),
                    scratchDirectory: URL) throws {
            guard fps.isFinite, fps > 0 else { throw ExportError.invalidParameter("fps \(fps)") }
            guard frameCount > 0 else { throw ExportError.noFrames }
            guard width > 0, height > 0 else { throw ExportError.invalidParameter("frame size \(width)×\(height)") }
            try GIFEncoder.validate(options)
            self.frameCount = frameCount; self.width = width; self.height = height; self.fps = fps; self.options = options
            spill = try FrameSpill(width: width, height: height, directory: scratchDirectory)
        }

        /// Appends the next frame (`width` × `height` × 4 bytes).
        public func append(_ rgba: [UInt8]) throws {
            guard spill.count + pending.count < frameCount else { throw ExportError.invalidParameter("more than \(frameCount) frames") }
            guard rgba.count == width * height * 4 else {
                throw ExportError.invalidParameter("frame \(spill.count + pending.count) has \(rgba.count) bytes, not \(width)×\(height)×4")
            }
            pending.append(rgba)
            if pending.count >= streamBatchSize { try flush() }
        }

        private func flush() throws {
            try spill.append(pending)
            pending.removeAll(keepingCapacity: true)
        }

        /// Encodes every frame appended (all `frameCount` of them) and writes the GIF to `url`
        /// (temporary file + rename: nothing is written if the budget cannot be met).
        @discardableResult
        public func finish(writingTo url: URL) throws -> GIFSummary {
            try flush()
            guard spill.count == frameCount else {
                throw ExportError.invalidParameter("\(spill.count) frames appended, \(frameCount) announced")
            }
            let spill = spill, w = width, h = height
            let source = FrameSource(count: frameCount, width: w, height: h) { i in
                try Pixmap(width: w, height: h, rgba8Straight: try spill.frame(i))
            }
            let e = try GIFEncoder.encode(source: source, durations: nil, fps: fps, options: options,
                                          scratch: url.deletingLastPathComponent())
            let file = try AtomicFile.Writer(url: url)
            try file.write(e.header)
            try e.body.copy(into: file)
            try file.commit()
            return GIFSummary(byteCount: e.byteCount, notes: e.notes, frameCount: e.delays.count, delays: e.delays,
                              width: e.width, height: e.height)
        }
    }

    // MARK: - Pipeline

    private static func encode(frames: [Pixmap], durations: [Double]?, fps: Double?, options o: Options) throws -> GIFResult {
        guard let first = frames.first else { throw ExportError.noFrames }
        for (i, f) in frames.enumerated() where f.width != first.width || f.height != first.height {
            throw ExportError.frameSizeMismatch(index: i, width: f.width, height: f.height)
        }
        return try encode(source: FrameSource(frames), durations: durations, fps: fps, options: o)
    }

    /// The whole GIF in memory.
    private static func encode(source frames: FrameSource, durations: [Double]?, fps: Double?, options o: Options) throws -> GIFResult {
        let e = try encode(source: frames, durations: durations, fps: fps, options: o, scratch: nil)
        let bytes = MemorySink()
        try bytes.write(e.header)
        try e.body.copy(into: bytes)
        return GIFResult(bytes: bytes.bytes, notes: e.notes, frameCount: e.delays.count, delays: e.delays, width: e.width, height: e.height)
    }

    static func validate(_ o: Options) throws {
        guard o.scale.isFinite, o.scale > 0, o.scale <= 4 else { throw ExportError.invalidParameter("scale \(o.scale) (0 < scale ≤ 4)") }
        guard (2...256).contains(o.maxColors) else { throw ExportError.invalidParameter("maxColors \(o.maxColors) (2…256)") }
        guard o.plays >= 0, o.plays <= 65536 else { throw ExportError.invalidParameter("plays \(o.plays) (0…65536)") }
        if let m = o.maxBytes, m <= 0 { throw ExportError.invalidParameter("maxBytes \(m)") }
        if let b = o.background, !b.isFinite { throw ExportError.invalidParameter("background \(b)") }
    }

    /// One finished encoding: the header and the image data that follows it (GIFWriter.Stream),
    /// and what the encoder decided.
    struct Encoded {
        var header: [UInt8]
        var body: GIFBody
        var notes: [String]
        var delays: [Int]
        var width: Int
        var height: Int
        var byteCount: Int { header.count + body.count }
    }

    /// The budget loop: encodes, and while over `maxBytes` re-encodes with the next reduction.
    /// Image data waits in memory, or with `scratch` in a scratch file there.
    static func encode(source frames: FrameSource, durations: [Double]?, fps: Double?, options o: Options,
                       scratch: URL?) throws -> Encoded {
        try validate(o)

        // The unreduced durations, one per input frame.
        let base = durations ?? [Double](repeating: 1 / fps!, count: frames.count)
        let baseRate = fps ?? Double(frames.count) / max(base.reduce(0, +), 1e-9)
        var divisor = 1, scale = o.scale, colors = o.maxColors
        var changes: [String] = []
        var smallest: (Int, String)? = nil
        while true {
            let r = try encodeOnce(frames: frames, base: base, fps: fps, divisor: divisor,
                                   scale: scale, colors: colors, options: o, scratch: scratch)
            guard let budget = o.maxBytes, r.byteCount > budget else {
                var res = r
                res.notes += changes
                return res
            }
            let tried = "fps ÷\(divisor), scale \(fmt(scale)), \(colors) colors"
            if smallest == nil || r.byteCount < smallest!.0 { smallest = (r.byteCount, tried) }
            // Next reduction: fps, then scale, then colors.
            let over = "\(r.byteCount) bytes > budget \(budget)"
            if frames.count > 1, min(baseRate, 50) / Double(divisor * 2) >= 10 * (1 - 1e-9) {
                divisor *= 2
                changes.append("GIF: \(over); lowered the frame rate to \(fmt(min(baseRate, 50) / Double(divisor))) fps")
            } else if scale > o.scale / 4 * (1 + 1e-9) {
                scale = max(o.scale / 4, scale * 0.75)
                changes.append("GIF: \(over); scaled to \(fmt(scale))×")
            } else if colors > 16 {
                colors /= 2
                changes.append("GIF: \(over); reduced to \(colors) colors")
            } else {
                throw ExportError.budgetExceeded(maxBytes: budget, smallestBytes: smallest!.0, tried: smallest!.1)
            }
        }
    }

    static func fmt(_ v: Double) -> String { String(format: "%.3g", v) }

    /// Quantizer settings (internal, for benchmarks and tests to explore alternatives).
    nonisolated(unsafe) static var tuning = GIFQuantizer()

    private static func encodeOnce(frames: FrameSource, base: [Double], fps: Double?, divisor: Int,
                                   scale: Double, colors: Int, options o: Options, scratch: URL?) throws -> Encoded {
        // Timing: group `divisor` input frames into one (keeping the first) when lowering the rate.
        let timing: GIFTiming
        if let fps, divisor == 1 {
            timing = try GIFTiming.uniform(frameCount: frames.count, fps: fps)
        } else {
            var groups: [Double] = [], firsts: [Int] = []
            var i = 0
            let k = divisor * ((fps.map { Int(min(($0 / 50 - 1e-9).rounded(.up), Double(max(base.count, 1)))) }) ?? 1)   // clamped before converting
            while i < base.count {
                firsts.append(i)
                groups.append(base[i..<min(i + k, base.count)].reduce(0, +))
                i += k
            }
            var t = try GIFTiming.variable(durations: groups)
            t.frameIndices = t.frameIndices.map { firsts[$0] }
            timing = t
        }
        let w = max(1, Int((Double(frames.width) * scale).rounded()))
        let h = max(1, Int((Double(frames.height) * scale).rounded()))
        guard w <= 65535, h <= 65535 else { throw ExportError.invalidParameter("GIF size \(w)×\(h) exceeds 65535") }

        // The selected frames packed, in order, a batch at a time (each batch in parallel; each
        // index writes only its own slot), handed to `body` one by one with their delays.
        let sel = timing.frameIndices
        let bg = o.background?.premultiplied.simd
        func packed(_ body: (PackedFrame, Int) throws -> Void) throws {
            var start = 0
            while start < sel.count {
                let n = min(streamBatchSize, sel.count - start)
                let batch = try Parallel.map(n) { k in
                    pack(try AreaResample.resize(try frames.frame(sel[start + k]), width: w, height: h), background: bg)
                }
                for (k, p) in batch.enumerated() { try body(p, timing.delays[start + k]) }
                start += n
            }
        }

        var q = tuning
        q.maxColors = colors
        if !o.dither { q.ditherStrength = 0 }

        // Pass 1: the plan's images, in order, into the global table.
        var planner = GIFFramePlanner()
        var table = GlobalPaletteBuilder(q)
        try packed { frame, delay in
            if let done = planner.add(frame, delay: delay) { table.add(frame: done.frame, image: done.image) }
        }
        if let done = planner.finish() { table.add(frame: done.frame, image: done.image) }
        let global = table.finish()

        // Pass 2: the same images again, quantized a batch at a time in parallel and written in order.
        let body = try GIFBody(scratch: scratch, limit: o.maxBytes)
        let loop: Int? = o.plays == 0 ? 0 : (o.plays == 1 ? nil : o.plays - 1)
        let writer = try GIFWriter.Stream(width: w, height: h, loopCount: loop, globalPalette: global?.colors, body: body)
        var delays: [Int] = []
        var ready: [(frame: PackedFrame, image: PlannedImage)] = []
        func write() throws {
            let batch = ready
            let images = try Parallel.map(batch.count) { j in q.quantize(frame: batch[j].frame, image: batch[j].image, global: global) }
            for im in images { try writer.add(im); delays.append(im.delay) }
            ready.removeAll(keepingCapacity: true)
        }
        planner = GIFFramePlanner()
        try packed { frame, delay in
            if let done = planner.add(frame, delay: delay) { ready.append(done) }
            if ready.count >= streamBatchSize { try write() }
        }
        if let done = planner.finish() { ready.append(done) }
        try write()
        let header = try writer.finish()
        return Encoded(header: header, body: body, notes: timing.notes, delays: delays, width: w, height: h)
    }

    /// Premultiplied float → packed 0xAABBGGRR with 1-bit alpha (over `background` if given).
    static func pack(_ p: Pixmap, background: SIMD4<Float>?) -> PackedFrame {
        var src = p
        if let bg = background {
            for i in src.pixels.indices {
                let c = src.pixels[i]
                src.pixels[i] = c + bg * (1 - min(max(c.w, 0), 1))
            }
        }
        var out = src.rgba8StraightPacked()
        for i in out.indices {
            let v = out[i]
            out[i] = (v >> 24 >= 128 || background != nil) ? (v | 0xFF00_0000) : 0
        }
        return PackedFrame(width: p.width, height: p.height, pixels: out)
    }
}

/// A GIF's image data while its header waits (GIFWriter.Stream): in memory, or in a scratch file
/// in `scratch`. Bytes past `limit` (the byte budget) are counted but not kept: an encoding that
/// large is over the budget and is thrown away.
final class GIFBody: ByteSink {
    private(set) var count = 0
    private let limit: Int?
    private let file: ScratchFile?
    private var memory: [UInt8] = []

    init(scratch: URL?, limit: Int?) throws {
        self.limit = limit
        file = try scratch.map { try ScratchFile(in: $0) }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        count += bytes.count
        if let limit, count > limit { return }
        if let file { try file.append(bytes) } else { memory.append(contentsOf: bytes) }
    }

    /// Writes the data to `sink` (1 MiB at a time from a scratch file). Only for a body within its limit.
    func copy(into sink: ByteSink) throws {
        if let limit, count > limit { throw ExportError.invalidParameter("GIF data over the budget was not kept") }
        guard let file else { try sink.write(memory); return }
        var offset = 0
        while offset < count {
            let n = min(1 << 20, count - offset)
            try sink.write(try file.read(at: offset, count: n))
            offset += n
        }
    }
}
