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

    // MARK: - Pipeline

    private static func encode(frames: [Pixmap], durations: [Double]?, fps: Double?, options o: Options) throws -> GIFResult {
        guard let first = frames.first else { throw ExportError.noFrames }
        for (i, f) in frames.enumerated() where f.width != first.width || f.height != first.height {
            throw ExportError.frameSizeMismatch(index: i, width: f.width, height: f.height)
        }
        return try encode(source: FrameSource(frames), durations: durations, fps: fps, options: o)
    }

    private static func encode(source frames: FrameSource, durations: [Double]?, fps: Double?, options o: Options) throws -> GIFResult {
        guard o.scale.isFinite, o.scale > 0, o.scale <= 4 else { throw ExportError.invalidParameter("scale \(o.scale) (0 < scale ≤ 4)") }
        guard (2...256).contains(o.maxColors) else { throw ExportError.invalidParameter("maxColors \(o.maxColors) (2…256)") }
        guard o.plays >= 0, o.plays <= 65536 else { throw ExportError.invalidParameter("plays \(o.plays) (0…65536)") }
        if let m = o.maxBytes, m <= 0 { throw ExportError.invalidParameter("maxBytes \(m)") }
        if let b = o.background, !b.isFinite { throw ExportError.invalidParameter("background \(b)") }

        // The unreduced durations, one per input frame.
        let base = durations ?? [Double](repeating: 1 / fps!, count: frames.count)
        let baseRate = fps ?? Double(frames.count) / max(base.reduce(0, +), 1e-9)
        var divisor = 1, scale = o.scale, colors = o.maxColors
        var changes: [String] = []
        var smallest: (Int, String)? = nil
        while true {
            let r = try encodeOnce(frames: frames, base: base, fps: fps, divisor: divisor,
                                   scale: scale, colors: colors, options: o)
            guard let budget = o.maxBytes, r.bytes.count > budget else {
                var res = r
                res.notes += changes
                return res
            }
            let tried = "fps ÷\(divisor), scale \(fmt(scale)), \(colors) colors"
            if smallest == nil || r.bytes.count < smallest!.0 { smallest = (r.bytes.count, tried) }
            // Next reduction: fps, then scale, then colors.
            let over = "\(r.bytes.count) bytes > budget \(budget)"
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
                                   scale: Double, colors: Int, options o: Options) throws -> GIFResult {
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

        // Pack the selected frames (parallel; each index writes only its own slot).
        let sel = timing.frameIndices
        let bg = o.background?.premultiplied.simd
        let packed = try parallelMap(sel.count) { j in
            pack(try AreaResample.resize(try frames.frame(sel[j]), width: w, height: h), background: bg)
        }
        let (kept, plan) = GIFFramePlan.plan(frames: packed, delays: timing.delays)

        var q = tuning
        q.maxColors = colors
        if !o.dither { q.ditherStrength = 0 }
        let global = q.globalPalette(frames: kept, images: plan)
        let images = try parallelMap(plan.count) { j in q.quantize(frame: kept[plan[j].source], image: plan[j], global: global) }
        let loop: Int? = o.plays == 0 ? 0 : (o.plays == 1 ? nil : o.plays - 1)
        let bytes = try GIFWriter.write(width: w, height: h, loopCount: loop,
                                        globalPalette: images.contains { $0.palette == nil } ? global?.colors : nil, images: images)
        return GIFResult(bytes: bytes, notes: timing.notes, frameCount: images.count,
                         delays: images.map(\.delay), width: w, height: h)
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
