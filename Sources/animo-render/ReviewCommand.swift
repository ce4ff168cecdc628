// `animo-render review BEFORE AFTER --out DIR`: what a change does to an animation, for a code
// review. BEFORE and AFTER are specs or folders of frames. Writes, in DIR:
//   review.webp (or --format gif|apng|mp4): before | after | difference heat map, one synchronised
//     animation at the review's frame rate with exact frame times (WebP: whole ms rounded at each
//     frame's end; GIF: centiseconds the same way; APNG and MP4: exact), within --max-bytes;
//   filmstrip.png: N of those frames stacked with their times;
//   review.md: a snippet to paste into a review: the animation and the filmstrip by relative link,
//     the frames that differ, the largest difference, and the timing analysis (AnimoVerify's
//     TimingDrift: "from 0.70 s the transition runs 40 ms late; the rest pose is unchanged").
// Frames are rendered (a spec) or read (a folder) a batch at a time and composed as they go, so
// memory does not grow with the frame count, except for the timing analysis, which needs both
// sequences at once and is skipped (and says so) above 512 MB of frames.
import Foundation
import AnimoRaster
import AnimoGeometry
import AnimoSpec
import AnimoScene
import AnimoRender
import AnimoExport
import AnimoCheck
import AnimoVerify

enum ReviewCommand {
    static let options = OptionSpec(valued: ["out", "fps", "scale", "format", "filmstrip", "max-bytes", "max-delta", "threads",
                                             "title", "tap", "drag"],
                                    switches: ["help", "quiet"], repeated: ["tap", "drag"])

    static let help = """
    USAGE
      animo-render review BEFORE AFTER --out DIR [options]

    BEFORE and AFTER are each a spec (.json, or any readable file such as <(git show REV:spec.json))
    or a folder of frames (PNG files in order; times from its manifest.json, else index / --fps).
    A spec is rendered at --fps and --scale. Writes DIR/review.webp (before | after | difference,
    one synchronised animation), DIR/filmstrip.png and DIR/review.md (Markdown with relative links,
    to paste into a review). A side with fewer frames holds its last frame.

    EXAMPLES
      animo-render review old/spec.json new/spec.json --out out/review
      animo-render review <(git show main:Goldens/scenes/pop-in/spec.json) Goldens/scenes/pop-in/spec.json --out out/review
      animo-render review golden-frames/ actual-frames/ --out out/review --format gif

    OPTIONS
      --out DIR          folder for review.*, filmstrip.png and review.md (created if missing)
      --fps N            frame rate of the review (default: AFTER's, else BEFORE's, else 30)
      --scale S          pixels per point for specs (default 1)
      --format F         webp (default; lossless), gif, apng or mp4
      --filmstrip N      frames in the filmstrip, evenly spaced (default 6, 1…24)
      --max-bytes N      byte budget of the animation (default 10000000; 0 = none); as for render
      --max-delta D      a pixel differs when a channel differs by more than D (default 0)
      --title T          heading of review.md (default: AFTER's name)
      --threads N        worker threads for rendering (default: all cores)
      --quiet            no progress output
      --tap, --drag      interactions played on both sides when they are specs, as for render

    EXIT STATUS
      0 review written (whether or not the frames differ), 1 render or I/O failure, 2 bad
      arguments or an invalid spec
    """

    /// One side: its frames by index, rendered or read on demand.
    struct Side {
        var name: String
        var count: Int
        var fps: Double?
        var times: [Double]
        var size: (width: Int, height: Int)
        var frame: @Sendable (Int) throws -> [UInt8]
    }

    static func run(_ args: ArraySlice<String>) throws -> Int32 {
        let o = try options.parse(args)
        if o.flag("help") { print(help); return 0 }
        guard o.positionals.count == 2 else {
            throw UsageError(description: "review needs BEFORE and AFTER (got \(o.positionals.count) argument\(o.positionals.count == 1 ? "" : "s"))")
        }
        guard let outPath = o.string("out") else { throw UsageError(description: "missing --out DIR (the folder for the review)") }
        let out = URL(fileURLWithPath: outPath)
        let fpsOption = try o.double("fps", range: 0.001...240)
        let scale = try o.double("scale", range: 0.01...16) ?? 1
        let format = o.string("format") ?? "webp"
        let ext: String
        switch format {
        case "webp": ext = "webp"
        case "gif": ext = "gif"
        case "apng": ext = "png"
        case "mp4": ext = "mp4"
        default: throw UsageError(description: "--format expects webp, gif, apng or mp4, got \(UserText.quoted(format))")
        }
        let stripCount = try o.int("filmstrip", range: 1...24) ?? 6
        var maxBytes: Int? = 10_000_000
        if let m = try o.int("max-bytes", range: 0...Int(Int32.max)) { maxBytes = m == 0 ? nil : m }
        let tolerance = try o.int("max-delta", range: 0...255) ?? 0
        let threads = try o.int("threads", range: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let quiet = o.flag("quiet")

        let fallbackFPS = fpsOption ?? 30
        let interactions = try RenderOptions.interactions(o)
        let before = try side(o.positionals[0], fps: fpsOption, fallbackFPS: fallbackFPS, scale: scale, interactions: interactions)
        let after = try side(o.positionals[1], fps: fpsOption, fallbackFPS: fallbackFPS, scale: scale, interactions: interactions)
        let fps = fpsOption ?? after.fps ?? before.fps ?? 30
        let count = max(before.count, after.count)
        guard count > 0 else { throw UsageError(description: "review: neither side has a frame") }
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let canvas = try ReviewCanvas(cellWidth: max(before.size.width, after.size.width),
                                      cellHeight: max(before.size.height, after.size.height))
        let animationURL = out.appendingPathComponent("review.\(ext)")
        let filmstripURL = out.appendingPathComponent("filmstrip.png")

        // The animation's encoder.
        let gif: GIFEncoder.Stream? = format == "gif"
            ? try GIFEncoder.Stream(frameCount: count, width: canvas.width, height: canvas.height, fps: fps,
                                    options: GIFEncoder.Options(maxBytes: maxBytes), scratchDirectory: out) : nil
        let other: AnimationExport? = format == "gif" ? nil
            : try AnimationExport(format: format == "webp" ? .webp : format == "mp4" ? .mp4 : .apng, frameCount: count,
                                  width: canvas.width, height: canvas.height, fps: fps, maxBytes: maxBytes, to: animationURL)

        // Frames of the filmstrip: evenly spaced indices.
        let stripIndices = stripCount == 1 || count == 1 ? [0]
            : (0..<min(stripCount, count)).map { Int((Double($0) * Double(count - 1) / Double(min(stripCount, count) - 1)).rounded()) }
        var strip: [(rgba: [UInt8], label: String)] = []

        // The timing analysis keeps both sequences when they are the same size and not too large.
        let frameBytes = canvas.cellWidth * canvas.cellHeight * 4
        let keepForTiming = before.size == after.size && before.count > 1 && after.count > 1
            && (before.count + after.count) * frameBytes <= 512 << 20
        var keptBefore: [RGBAImage] = [], keptAfter: [RGBAImage] = []

        var differingFrames: [Int] = [], maxDelta = 0, maxPixels = 0
        let batch = max(threads, 4)
        var start = 0
        let t0 = Date()
        while start < count {
            let n = min(batch, count - start)
            let composed = try Parallel.map(n, threads: threads) { k -> (ReviewCanvas.Side, ReviewCanvas.Side, [UInt8], ReviewCanvas.Figures) in
                let i = start + k
                let b: ReviewCanvas.Side = before.count == 0 ? nil : (try before.frame(min(i, before.count - 1)), before.size.width, before.size.height)
                let a: ReviewCanvas.Side = after.count == 0 ? nil : (try after.frame(min(i, after.count - 1)), after.size.width, after.size.height)
                let c = canvas.compose(before: b, after: a, tolerance: tolerance)
                return (b, a, c.rgba, c.figures)
            }
            for (k, c) in composed.enumerated() {
                let i = start + k
                try gif?.append(c.2)
                try other?.append(c.2)
                if c.3.differingPixels > 0 { differingFrames.append(i) }
                maxDelta = max(maxDelta, c.3.maxDelta)
                maxPixels = max(maxPixels, c.3.differingPixels)
                if stripIndices.contains(i) { strip.append((c.2, String(format: "%.2f s", Double(i) / fps))) }
                if keepForTiming {
                    if i < before.count, let b = c.0 { keptBefore.append(try RGBAImage(width: b.width, height: b.height, bytes: b.rgba)) }
                    if i < after.count, let a = c.1 { keptAfter.append(try RGBAImage(width: a.width, height: a.height, bytes: a.rgba)) }
                }
            }
            start += n
        }
        var animationBytes = 0
        if let gif {
            let r = try gif.finish(writingTo: animationURL)
            for note in r.notes { say(note) }
            animationBytes = r.byteCount
        }
        if let other {
            let r = try other.finish()
            for note in r.notes { say(note) }
            animationBytes = r.byteCount
        }
        try canvas.writeFilmstrip(strip, to: filmstripURL)

        var timing: String?
        if keepForTiming {
            let drift = TimingDrift(actual: keptAfter, actualTimes: after.times, golden: keptBefore, goldenTimes: before.times,
                                    maxDelta: tolerance)
            timing = drift.description
        } else if before.size != after.size {
            timing = nil
        }
        let title = o.string("title") ?? after.name
        let markdown = ReviewMarkdown.text(title: title, animation: animationURL.lastPathComponent, filmstrip: filmstripURL.lastPathComponent,
                                           before: before, after: after, fps: fps, count: count, differingFrames: differingFrames,
                                           maxDelta: maxDelta, maxPixels: maxPixels, tolerance: tolerance, timing: timing,
                                           timingSkipped: !keepForTiming && before.size == after.size && before.count > 1 && after.count > 1)
        try AtomicFile.write(Array(markdown.utf8), to: out.appendingPathComponent("review.md"))
        if !quiet {
            say(String(format: "%d frames in %.2f s: %d differ, max Δ %d", count, Date().timeIntervalSince(t0), differingFrames.count, maxDelta))
            say("wrote \(animationURL.path) (\(canvas.width)×\(canvas.height), \(animationBytes) bytes), \(filmstripURL.path), \(out.appendingPathComponent("review.md").path)")
        }
        return 0
    }

    /// A spec (rendered) or a folder of frames (read).
    static func side(_ path: String, fps: Double?, fallbackFPS: Double, scale: Double, interactions: [SpecInteraction] = []) throws -> Side {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError(description: "review: \(UserText.quoted(path)) does not exist (a spec or a folder of frames)")
        }
        let name = URL(fileURLWithPath: path).standardizedFileURL
        if isDirectory.boolValue {
            let seq = try FrameSequence(folder: URL(fileURLWithPath: path), fps: fallbackFPS)
            guard let first = seq.frames.first else { throw UsageError(description: "review: \(UserText.quoted(path)) holds no PNG frame") }
            let probe = try RGBAImage(contentsOf: seq.folder.appendingPathComponent(first.file))
            let (w, h) = (probe.width, probe.height)
            let files = seq.frames.map { seq.folder.appendingPathComponent($0.file) }
            var manifestFPS: Double?
            if seq.timesFromManifest, seq.frames.count > 1 {
                let dt = seq.frames[1].time - seq.frames[0].time
                if dt > 0 { manifestFPS = 1 / dt }
            }
            return Side(name: name.lastPathComponent, count: files.count, fps: manifestFPS, times: seq.frames.map(\.time),
                        size: (w, h)) { i in
                let image = try RGBAImage(contentsOf: files[i])
                guard image.width == w, image.height == h else {
                    throw UsageError(description: "review: \(files[i].path) is \(image.width)×\(image.height), unlike the first frame (\(w)×\(h))")
                }
                return image.bytes
            }
        }
        let renderer = try SpecInput.renderer(path, interactions: interactions)
        let spec = renderer.spec
        let rate = fps ?? spec.fps
        let jobs = FrameJob.sequence(duration: spec.duration, fps: rate)
        let w = max(1, Int((spec.canvas.width * scale).rounded())), h = max(1, Int((spec.canvas.height * scale).rounded()))
        let specName = spec.name ?? (name.lastPathComponent.hasSuffix(".json") ? name.deletingLastPathComponent().lastPathComponent + "/" + name.lastPathComponent : name.lastPathComponent)
        return Side(name: specName, count: jobs.count, fps: spec.fps, times: jobs.map(\.time), size: (w, h)) { i in
            let image = try renderer.render(at: jobs[i].time, scale: scale)
            guard image.width == w, image.height == h else {
                throw ExportError.frameSizeMismatch(index: i, width: image.width, height: image.height)
            }
            return image.rgba8Straight()
        }
    }

    static func say(_ line: String) {
        FileHandle.standardError.write(Data("animo-render: \(line)\n".utf8))
    }
}

/// The Markdown snippet of a review.
enum ReviewMarkdown {
    static func text(title: String, animation: String, filmstrip: String, before: ReviewCommand.Side, after: ReviewCommand.Side,
                     fps: Double, count: Int, differingFrames: [Int], maxDelta: Int, maxPixels: Int, tolerance: Int,
                     timing: String?, timingSkipped: Bool) -> String {
        var md = "### Animation: `\(title)`\n\n"
        md += "![before | after | difference](\(animation))\n\n"
        let rate = fps == fps.rounded() ? String(Int(fps)) : String(format: "%.3g", fps)
        md += "| | before | after |\n|---|---|---|\n"
        md += "| frames | \(before.count) | \(after.count) |\n"
        md += "| size | \(before.count > 0 ? "\(before.size.width)×\(before.size.height)" : "—") | \(after.count > 0 ? "\(after.size.width)×\(after.size.height)" : "—") |\n\n"
        if differingFrames.isEmpty {
            md += "**No frame differs**" + (tolerance > 0 ? " (by more than \(tolerance) per channel)" : "") + " over \(count) frames at \(rate) fps.\n"
        } else {
            let first = differingFrames[0]
            md += "**\(differingFrames.count) of \(count) frames differ** at \(rate) fps"
            md += tolerance > 0 ? " (a pixel differs when a channel differs by more than \(tolerance))" : ""
            md += String(format: "; the first at %.2f s (frame %d); max Δ %d; up to %d pixels in one frame.\n", Double(first) / fps, first, maxDelta, maxPixels)
        }
        if let timing { md += "\nTiming: \(timing).\n" }
        else if timingSkipped { md += "\nTiming: not analysed (the two sequences together exceed 512 MB at this scale).\n" }
        else if before.size != after.size && before.count > 0 && after.count > 0 { md += "\nTiming: not analysed (the sizes differ).\n" }
        md += "\n<details><summary>Filmstrip</summary>\n\n![filmstrip](\(filmstrip))\n\n</details>\n"
        return md
    }
}
