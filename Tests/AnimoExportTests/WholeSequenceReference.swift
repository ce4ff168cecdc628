// The GIF and APNG pipelines as they were when every frame was held in memory, copied verbatim
// (only renamed, made internal and pointed at each other) as the reference the streaming encoders
// are compared with, byte for byte. Test code only: nothing in Sources calls it.
import CGIF
import Foundation
import AnimoRaster
import AnimoGeometry
@_spi(Benchmarks) @testable import AnimoExport

enum WholeSequenceGIF {
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
    static func fmt(_ v: Double) -> String { String(format: "%.3g", v) }
    static var tuning: GIFQuantizer { GIFEncoder.tuning }

    static func encode(frames: [Pixmap], durations: [Double]?, fps: Double?, options o: GIFEncoder.Options) throws -> GIFResult {
        guard let first = frames.first else { throw ExportError.noFrames }
        for (i, f) in frames.enumerated() where f.width != first.width || f.height != first.height {
            throw ExportError.frameSizeMismatch(index: i, width: f.width, height: f.height)
        }
        return try encode(source: FrameSource(frames), durations: durations, fps: fps, options: o)
    }

    static func encode(source frames: FrameSource, durations: [Double]?, fps: Double?, options o: GIFEncoder.Options) throws -> GIFResult {
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

    static func encodeOnce(frames: FrameSource, base: [Double], fps: Double?, divisor: Int,
                                   scale: Double, colors: Int, options o: GIFEncoder.Options) throws -> GIFResult {
        // Timing: group `divisor` input frames into one (keeping the first) when lowering the rate.
        let timing: GIFTiming
        if let fps, divisor == 1 {
            timing = try GIFTiming.uniform(frameCount: frames.count, fps: fps)
        } else {
            var groups: [Double] = [], firsts: [Int] = []
            var i = 0
            let k = divisor * ((fps.map { Int(($0 / 50 - 1e-9).rounded(.up)) }) ?? 1)
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
        let packed = try Parallel.map(sel.count) { j in
            pack(try AreaResample.resize(try frames.frame(sel[j]), width: w, height: h), background: bg)
        }
        let (kept, plan) = WholeSequencePlan.plan(frames: packed, delays: timing.delays)

        var q = tuning
        q.maxColors = colors
        if !o.dither { q.ditherStrength = 0 }
        let global = WholeSequencePlan.globalPalette(q, frames: kept, images: plan)
        let images = try Parallel.map(plan.count) { j in q.quantize(frame: kept[plan[j].source], image: plan[j], global: global) }
        let loop: Int? = o.plays == 0 ? 0 : (o.plays == 1 ? nil : o.plays - 1)
        let bytes = try WholeSequenceWriter.write(width: w, height: h, loopCount: loop,
                                        globalPalette: images.contains { $0.palette == nil } ? global?.colors : nil, images: images)
        return GIFResult(bytes: bytes, notes: timing.notes, frameCount: images.count,
                         delays: images.map(\.delay), width: w, height: h)
    }

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

enum WholeSequencePlan {
    static func plan(frames: [PackedFrame], delays: [Int]) -> (frames: [PackedFrame], images: [PlannedImage]) {
        precondition(frames.count == delays.count && !frames.isEmpty)
        var kept: [PackedFrame] = [frames[0]], keptDelays = [delays[0]]
        for i in 1..<frames.count {
            if frames[i].pixels == kept[kept.count - 1].pixels { keptDelays[keptDelays.count - 1] += delays[i] }
            else { kept.append(frames[i]); keptDelays.append(delays[i]) }
        }
        let w = kept[0].width, h = kept[0].height
        var images: [PlannedImage] = []
        for n in kept.indices {
            let cur = kept[n].pixels
            var cleared: PixelRectI? = nil
            if n > 0 {
                let prev = kept[n - 1].pixels
                if let clearBox = GIFFramePlan.bbox(w, h, { prev[$0] != 0 && cur[$0] == 0 }) {
                    // Frame n−1 restores its (grown) rectangle to transparent before frame n.
                    var p = images[n - 1]
                    let grown = p.rect.union(clearBox)
                    if grown != p.rect {
                        var mask = [Bool](repeating: false, count: grown.width * grown.height)
                        for y in 0..<p.rect.height {
                            for x in 0..<p.rect.width {
                                mask[(y + p.rect.y - grown.y) * grown.width + x + p.rect.x - grown.x] = p.draw[y * p.rect.width + x]
                            }
                        }
                        p.rect = grown; p.draw = mask
                    }
                    p.disposal = 2
                    images[n - 1] = p
                    cleared = grown
                }
            }
            let prev = n > 0 ? kept[n - 1].pixels : nil
            let needs: (Int) -> Bool = { i in
                guard cur[i] != 0 else { return false }
                guard let prev else { return true }
                if cur[i] != prev[i] { return true }
                if let c = cleared { return c.contains(i % w, i / w) }
                return false
            }
            if let r = GIFFramePlan.bbox(w, h, needs) {
                var mask = [Bool](repeating: false, count: r.width * r.height)
                for y in 0..<r.height { for x in 0..<r.width { mask[y * r.width + x] = needs((y + r.y) * w + x + r.x) } }
                images.append(PlannedImage(source: n, rect: r, draw: mask, delay: keptDelays[n], disposal: 1))
            } else {
                // Nothing to draw (e.g. everything was cleared): one transparent pixel carries the delay.
                images.append(PlannedImage(source: n, rect: PixelRectI(x: 0, y: 0, width: 1, height: 1),
                                           draw: [false], delay: keptDelays[n], disposal: 1))
            }
        }
        return (kept, images)
    }

    static func globalPalette(_ q: GIFQuantizer, frames: [PackedFrame], images: [PlannedImage]) -> GIFQuantizer.Global? {
        let maxColors = q.maxColors, kmeansIterations = q.kmeansIterations
        typealias Global = GIFQuantizer.Global
        let capacity = maxColors - 1
        var exact = Set<UInt32>()
        var exactOK = true
        var bins = [SIMD4<Float>](repeating: .zero, count: 1 << 18)
        var touched: [Int32] = []
        var counter = 0
        for p in images {
            let src = frames[p.source].pixels, W = frames[p.source].width, r = p.rect
            for y in 0..<r.height {
                for x in 0..<r.width where p.draw[y * r.width + x] {
                    let c = src[(y + r.y) * W + x + r.x]
                    if exactOK { exact.insert(c); if exact.count > capacity { exactOK = false } }
                    counter += 1
                    if counter % 7 != 0 { continue }
                    let key = Int((c >> 2) & 0x3F) | Int((c >> 10) & 0x3F) << 6 | Int((c >> 18) & 0x3F) << 12
                    let o = Oklab.fromSRGB8(UInt8(c & 0xFF), UInt8((c >> 8) & 0xFF), UInt8((c >> 16) & 0xFF))
                    if bins[key].w == 0 { touched.append(Int32(key)) }
                    bins[key] += SIMD4(o.x, o.y, o.z, 1)
                }
            }
        }
        if exactOK {
            guard !exact.isEmpty else { return nil }
            return Global(colors: exact.sorted().map { SIMD3(UInt8($0 & 0xFF), UInt8(($0 >> 8) & 0xFF), UInt8(($0 >> 16) & 0xFF)) })
        }
        let points = touched.map { k -> SIMD4<Float> in let b = bins[Int(k)]; return SIMD4(b.x / b.w, b.y / b.w, b.z / b.w, b.w) }
        let centers = PaletteBuilder.build(points: points, maxColors: capacity, kmeansIterations: kmeansIterations)
        return Global(colors: centers.map { Oklab.toSRGB8($0) })
    }
}

enum WholeSequenceWriter {
    /// A giflib color map of `palette`, padded with black to a power of two (GIF tables hold 2^n).
    private static func makeMap(_ palette: [SIMD3<UInt8>]) throws -> UnsafeMutablePointer<ColorMapObject> {
        guard (1...256).contains(palette.count) else { throw ExportError.invalidParameter("palette of \(palette.count) colors") }
        var bits = 1
        while (1 << bits) < palette.count { bits += 1 }
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 1 << bits)
        for (i, c) in palette.enumerated() { colors[i] = GifColorType(Red: c.x, Green: c.y, Blue: c.z) }
        guard let map = GifMakeMapObject(Int32(1 << bits), colors) else {
            throw ExportError.gif(code: Int(D_GIF_ERR_NOT_ENOUGH_MEM), operation: "GifMakeMapObject")
        }
        return map
    }

    /// Accumulates giflib's output; reached from the C callback through GifFileType.UserData.
    private final class Sink { var bytes: [UInt8] = [] }

    /// The GIF file bytes for `images` on a `width` × `height` screen. `loopCount` nil = no NETSCAPE
    /// extension (play once); 0 = loop forever; n = n extra plays.
    static func write(width: Int, height: Int, loopCount: Int?, globalPalette: [SIMD3<UInt8>]? = nil,
                      images: [GIFImage]) throws -> [UInt8] {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw ExportError.invalidParameter("GIF size \(width)×\(height) (1…65535)")
        }
        let sink = Sink()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        var err: Int32 = 0
        let output: OutputFunc = { gif, data, len in
            guard let gif, let data, len > 0, let user = gif.pointee.UserData else { return 0 }
            let s = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            s.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(len)))
            return len
        }
        guard let gif = EGifOpen(unmanaged.toOpaque(), output, &err) else {
            throw ExportError.gif(code: Int(err), operation: "EGifOpen")
        }
        var closed = false
        defer { if !closed { var e: Int32 = 0; _ = EGifCloseFile(gif, &e) } }
        func check(_ status: Int32, _ op: String) throws {
            if status != GIF_OK { throw ExportError.gif(code: Int(gif.pointee.Error), operation: op) }
        }
        EGifSetGifVersion(gif, true)
        let globalMap = try globalPalette.map { try makeMap($0) }
        defer { if let globalMap { GifFreeMapObject(globalMap) } }
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, globalMap), "EGifPutScreenDesc")
        if let loopCount {
            let n = min(max(loopCount, 0), 65535)
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
            var app: [UInt8] = Array("NETSCAPE2.0".utf8)
            try check(EGifPutExtensionBlock(gif, 11, &app), "EGifPutExtensionBlock")
            var sub: [UInt8] = [1, UInt8(n & 0xFF), UInt8(n >> 8)]
            try check(EGifPutExtensionBlock(gif, 3, &sub), "EGifPutExtensionBlock")
            try check(EGifPutExtensionTrailer(gif), "EGifPutExtensionTrailer")
        }
        for im in images {
            guard im.width > 0, im.height > 0, im.x >= 0, im.y >= 0, im.x + im.width <= width,
                  im.y + im.height <= height, im.indices.count == im.width * im.height,
                  im.palette.map({ (1...256).contains($0.count) }) ?? (globalMap != nil) else {
                throw ExportError.invalidParameter("GIF image \(im.x),\(im.y) \(im.width)×\(im.height) outside the screen or malformed")
            }
            var gcb = GraphicsControlBlock(DisposalMode: Int32(im.disposal), UserInputFlag: false,
                                           DelayTime: Int32(min(max(im.delay, 0), 65535)),
                                           TransparentColor: Int32(im.transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
            var ext = [UInt8](repeating: 0, count: 4)
            let len = EGifGCBToExtension(&gcb, &ext)
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(len), ext), "EGifPutExtension(GCE)")
            let map = try im.palette.map { try makeMap($0) }
            defer { if let map { GifFreeMapObject(map) } }
            try check(EGifPutImageDesc(gif, Int32(im.x), Int32(im.y), Int32(im.width), Int32(im.height), false, map),
                      "EGifPutImageDesc")
            var px = im.indices
            try px.withUnsafeMutableBufferPointer { p in
                try check(EGifPutLine(gif, p.baseAddress, Int32(p.count)), "EGifPutLine")
            }
        }
        closed = true
        var cerr: Int32 = 0
        if EGifCloseFile(gif, &cerr) != GIF_OK { throw ExportError.gif(code: Int(cerr), operation: "EGifCloseFile") }
        return sink.bytes
    }
}

enum WholeSequenceAPNG {
    typealias Delay = APNGEncoder.Delay
    static func be32(_ v: Int) -> [UInt8] { APNGEncoder.be32(v) }
    static func be16(_ v: Int) -> [UInt8] { APNGEncoder.be16(v) }
    static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) { APNGEncoder.chunk(type, data, into: &out) }
    static func deflate(_ data: [UInt8], level: Int) throws -> [UInt8] { try APNGEncoder.deflate(data, level: level) }
    static func changedBox(_ a: [UInt8], _ b: [UInt8], _ w: Int, _ h: Int) -> (x: Int, y: Int, w: Int, h: Int)? { APNGEncoder.changedBox(a, b, w, h) }

    static func encode(rgbaFrames rgba: [[UInt8]], width W: Int, height H: Int, delays: [Delay], plays: Int = 0,
                              level: Int = 6, differencing: Bool = true) throws -> [UInt8] {
        guard !rgba.isEmpty else { throw ExportError.noFrames }
        guard delays.count == rgba.count else { throw ExportError.delayCountMismatch(frames: rgba.count, delays: delays.count) }
        guard W > 0, H > 0, W <= Int(Int32.max) / 4, H <= Int(Int32.max) else { throw ExportError.invalidParameter("frame size \(W)×\(H)") }
        for (i, f) in rgba.enumerated() where f.count != W * H * 4 {
            throw ExportError.invalidParameter("frame \(i) has \(f.count) bytes, not \(W)×\(H)×4")
        }
        guard plays >= 0, plays <= Int(UInt32.max) else { throw ExportError.invalidParameter("plays \(plays)") }
        guard (0...9).contains(level) else { throw ExportError.invalidParameter("level \(level) (0…9)") }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = be32(W) + be32(H)
        ihdr += [8, 6, 0, 0, 0]   // bit depth 8, color type 6 (RGBA), deflate, adaptive filtering, no interlace
        chunk("IHDR", ihdr, into: &out)
        chunk("acTL", be32(rgba.count) + be32(plays), into: &out)
        // Filter + deflate each frame's rectangle in parallel; chunks are then written in order.
        let rects: [(x: Int, y: Int, w: Int, h: Int)] = (0..<rgba.count).map { n in
            guard differencing, n > 0 else { return (0, 0, W, H) }
            return changedBox(rgba[n - 1], rgba[n], W, H) ?? (0, 0, 1, 1)
        }
        let compressed = try Parallel.map(rgba.count) { n -> [UInt8] in
            let r = rects[n]
            var crop = [UInt8](repeating: 0, count: r.w * r.h * 4)
            for y in 0..<r.h {
                let s = ((r.y + y) * W + r.x) * 4
                crop.replaceSubrange((y * r.w * 4)..<((y + 1) * r.w * 4), with: rgba[n][s..<(s + r.w * 4)])
            }
            let filtered = crop.withUnsafeBufferPointer { PNGRowFilter.filter($0, rowBytes: r.w * 4, height: r.h) }
            return try deflate(filtered, level: level)
        }
        var seq = 0
        for n in rgba.indices {
            let r = rects[n]
            var fc = be32(seq) + be32(r.w) + be32(r.h) + be32(r.x) + be32(r.y)
            fc += be16(Int(delays[n].numerator)) + be16(Int(delays[n].denominator))
            fc += [0, 0]   // dispose_op NONE, blend_op SOURCE
            chunk("fcTL", fc, into: &out); seq += 1
            if n == 0 { chunk("IDAT", compressed[n], into: &out) }
            else { chunk("fdAT", be32(seq) + compressed[n], into: &out); seq += 1 }
        }
        chunk("IEND", [], into: &out)
        return out
    }

}
