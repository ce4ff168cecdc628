// AnimationExport: an APNG, WebP or MP4 of frames rendered in order, held to a byte budget the way
// the GIF is (GIFEncoder): when the file would be larger than `maxBytes`, it is encoded again at a
// lower frame rate (halved, not below 10 fps), then a smaller scale (× 0.75 per step, not below
// 1/4), each change reported in `notes`; if even the smallest does not fit, nothing is written and
// `ExportError.overBudget` says so (the CLI's exit status 1). Without a budget, frames stream into
// the encoder and nothing else is kept.
//
// The first encoding streams as frames arrive. With a budget, each frame is also kept compressed
// on disk (FrameSpill, a nameless scratch file beside the output), because a re-encoding needs
// every frame again; an encoding that passes the budget is abandoned at once (its size so far is
// enough to know), so an over-budget attempt costs no more than the frames it got through.
// Memory: the encoder's batch and the frame being re-read, whatever the frame count.
import Foundation
import AnimoRaster
import AnimoGeometry

/// What an animation export wrote.
public struct AnimationSummary: Sendable, Equatable {
    public var format: String
    /// Size of the file written.
    public var byteCount: Int
    /// Size of the frames encoded (the MP4's video may be one pixel larger; see MP4Encoder).
    public var width: Int
    public var height: Int
    /// Frames in the file and their rate.
    public var frameCount: Int
    public var fps: Double
    /// Budget reductions, for the user; empty when nothing was changed.
    public var notes: [String]
}

public final class AnimationExport {
    public enum Format: String, Sendable, CaseIterable {
        case apng = "APNG", webp = "WebP", mp4 = "MP4"
    }

    /// One encoding at a given size: frames in order, each lasting `span` input frames.
    final class Encoding {
        let append: ([UInt8], Int) throws -> Void
        let size: () -> Int
        let finish: () throws -> Int
        let commit: () throws -> Void
        let discard: () -> Void
        init(append: @escaping ([UInt8], Int) throws -> Void, size: @escaping () -> Int, finish: @escaping () throws -> Int,
             commit: @escaping () throws -> Void, discard: @escaping () -> Void) {
            self.append = append; self.size = size; self.finish = finish; self.commit = commit; self.discard = discard
        }
    }

    public let format: Format
    public let frameCount: Int
    public let width: Int
    public let height: Int
    public let fps: Double
    public let maxBytes: Int?
    private let make: (_ width: Int, _ height: Int, _ divisor: Int) throws -> Encoding
    private var current: Encoding?
    private var overAt: Int?
    private var spill: FrameSpill?
    private var pending: [[UInt8]] = []
    private var received = 0

    /// An export of `frameCount` frames of `width` × `height` at `fps` to `url`. `maxBytes`: the
    /// budget (nil: none). The scratch file, if any, is made beside `url`.
    public convenience init(format: Format, frameCount: Int, width: Int, height: Int, fps: Double, maxBytes: Int?,
                            plays: Int = 0, webp: WebPEncoder.Options = WebPEncoder.Options(),
                            mp4: MP4Encoder.Options = MP4Encoder.Options(), to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try self.init(format: format, frameCount: frameCount, width: width, height: height, fps: fps, maxBytes: maxBytes,
                      scratchDirectory: folder) { w, h, divisor in
            switch format {
            case .apng:
                let s = try APNGEncoder.Stream(frameCount: (frameCount + divisor - 1) / divisor, width: w, height: h,
                                               plays: plays, to: url)
                return Encoding(append: { rgba, span in
                                    guard let d = APNGEncoder.Delay(seconds: Double(span) / fps) else {
                                        throw ExportError.invalidParameter("delay \(span) / \(fps) s")
                                    }
                                    try s.append(rgba, delay: d)
                                },
                                size: { s.byteCount }, finish: { try s.finish(committing: false) }, commit: { try s.commit() },
                                discard: { s.discard() })
            case .webp:
                var o = webp
                o.plays = plays
                let s = try WebPEncoder.Stream(width: w, height: h, options: o, to: url)
                var frames = 0, previousEnd = 0
                return Encoding(append: { rgba, span in
                                    frames += span
                                    let end = Int((Double(frames) * 1000 / fps + 1e-9).rounded())
                                    try s.append(rgba, milliseconds: end - previousEnd)
                                    previousEnd = end
                                },
                                size: { s.byteCount }, finish: { try s.finish() }, commit: { try s.commit() }, discard: { s.discard() })
            case .mp4:
                let s = try MP4Encoder.Stream(width: w, height: h, fps: fps, options: mp4, to: url, scratchDirectory: folder)
                return Encoding(append: { rgba, span in try s.append(rgba, span: span) },
                                size: { s.byteCount }, finish: { try s.finish() }, commit: { try s.commit() }, discard: { s.discard() })
            }
        }
    }

    init(format: Format, frameCount: Int, width: Int, height: Int, fps: Double, maxBytes: Int?, scratchDirectory: URL,
         make: @escaping (Int, Int, Int) throws -> Encoding) throws {
        guard frameCount > 0 else { throw ExportError.noFrames }
        guard fps.isFinite, fps > 0 else { throw ExportError.invalidParameter("fps \(fps)") }
        if let m = maxBytes, m <= 0 { throw ExportError.invalidParameter("maxBytes \(m)") }
        self.format = format; self.frameCount = frameCount; self.width = width; self.height = height
        self.fps = fps; self.maxBytes = maxBytes; self.make = make
        current = try make(width, height, 1)
        if maxBytes != nil { spill = try FrameSpill(width: width, height: height, directory: scratchDirectory) }
    }

    /// Appends the next frame (straight RGBA, `width` × `height` × 4 bytes).
    public func append(_ rgba: [UInt8]) throws {
        guard received < frameCount else { throw ExportError.invalidParameter("more than \(frameCount) frames") }
        guard rgba.count == width * height * 4 else {
            throw ExportError.invalidParameter("frame \(received) has \(rgba.count) bytes, not \(width)×\(height)×4")
        }
        received += 1
        if let c = current {
            try c.append(rgba, 1)
            if let m = maxBytes, c.size() > m { c.discard(); current = nil; overAt = received }
        }
        if let spill {
            pending.append(rgba)
            if pending.count >= streamBatchSize { try spill.append(pending); pending.removeAll(keepingCapacity: true) }
        }
    }

    /// Finishes the file (re-encoding within the budget if needed) and renames it into place.
    public func finish() throws -> AnimationSummary {
        guard received == frameCount else { throw ExportError.invalidParameter("\(received) frames appended, \(frameCount) announced") }
        if let spill, !pending.isEmpty { try spill.append(pending); pending.removeAll() }
        var divisor = 1, scale = 1.0, notes: [String] = []
        var w = width, h = height
        var encoding = current
        current = nil
        var tried = "every frame at full size"
        while true {
            if let e = encoding {
                let bytes = try e.finish()
                if maxBytes == nil || bytes <= maxBytes! {
                    try e.commit()
                    return AnimationSummary(format: format.rawValue, byteCount: bytes, width: w, height: h,
                                            frameCount: (frameCount + divisor - 1) / divisor, fps: fps / Double(divisor), notes: notes)
                }
                e.discard()
                overAt = nil
            }
            guard let budget = maxBytes, let spill else { throw ExportError.invalidParameter("\(format.rawValue) encoding lost") }
            let over = overAt.map { "over \(budget) bytes after \($0) of \((frameCount + divisor - 1) / divisor) frames" } ?? "over \(budget) bytes"
            tried = String(format: "%@ fps, scale %@: %@", GIFEncoder.fmt(fps / Double(divisor)), GIFEncoder.fmt(scale), over)
            if frameCount > 1, fps / Double(divisor * 2) >= 10 * (1 - 1e-9) {
                divisor *= 2
                notes.append("\(format.rawValue): \(over); lowered the frame rate to \(GIFEncoder.fmt(fps / Double(divisor))) fps")
            } else if scale > 0.25 * (1 + 1e-9) {
                scale = max(0.25, scale * 0.75)
                notes.append("\(format.rawValue): \(over); scaled to \(GIFEncoder.fmt(scale))×")
            } else {
                throw ExportError.overBudget(format: format.rawValue, maxBytes: budget, tried: tried)
            }
            w = max(1, Int((Double(width) * scale).rounded())); h = max(1, Int((Double(height) * scale).rounded()))
            let e = try make(w, h, divisor)
            encoding = e
            // Every divisor-th frame, read back (and resized) a batch at a time in parallel.
            let picks = Array(stride(from: 0, to: frameCount, by: divisor))
            var start = 0
            feeding: while start < picks.count {
                let n = min(streamBatchSize, picks.count - start)
                let (W, H, sw, sh) = (width, height, w, h)
                let batch = try Parallel.map(n) { k -> [UInt8] in
                    let bytes = try spill.frame(picks[start + k])
                    if sw == W && sh == H { return bytes }
                    return try AreaResample.resize(try Pixmap(width: W, height: H, rgba8Straight: bytes), width: sw, height: sh).rgba8Straight()
                }
                for (k, f) in batch.enumerated() {
                    let i = picks[start + k]
                    try e.append(f, min(divisor, frameCount - i))
                    if e.size() > budget {
                        overAt = start + k + 1
                        e.discard()
                        encoding = nil
                        break feeding
                    }
                }
                start += n
            }
        }
    }

    /// Drops the unfinished file.
    public func discard() { current?.discard(); current = nil }
}
