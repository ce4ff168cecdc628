// `animo-render SPEC --out DIR`: load and validate the spec once, choose the instants (every
// frame, --times, --key-poses or their union), render them in parallel and write the PNGs and
// manifest.json; then the exports asked for: a GIF, APNG, WebP and/or MP4 of the whole animation,
// a contact sheet of the key poses, a filmstrip of N evenly spaced frames. Frames are reused from
// the PNG pass where they match, otherwise rendered in a pass of their own; animation frames flow,
// in order, into the streaming encoders as they are rendered, so memory does not grow with the
// frame count (docs/performance.md, "Memory": 2,000 frames of 800² with --gif --apng
// peak under 300 MB).
import Foundation
import AnimoRaster
import AnimoGeometry
import AnimoSpec
import AnimoScene
import AnimoRender
import AnimoExport
import AnimoVerify

struct RenderOptions {
    var specPath: String
    var out: URL
    /// `--out` as given, for messages.
    var outArgument: String
    var fps: Double?
    var times: [Double]?
    var keyPoses = false
    var scale: Double?
    var threads: Int
    var quiet = false
    /// PNG compression level 0…9 (PNGEncoder).
    var pngLevel = PNGEncoder.defaultLevel
    /// Animation exports: where to write them (nil = not asked for).
    var gif: URL?
    var apng: URL?
    var webp: URL?
    var mp4: URL?
    /// WebP: nil = lossless, else lossy at this quality (0…100).
    var webpQuality: Int?
    var gifFps: Double?
    var gifScale: Double?
    var plays = 0
    var gifBackground: Color?
    var maxGifBytes: Int? = 10_000_000
    /// Byte budget of the APNG, WebP and MP4 (`--max-bytes`; also the GIF's unless --max-gif-bytes).
    var maxBytes: Int? = 10_000_000
    /// Contact sheet of the key poses, filmstrip of N evenly spaced frames.
    var sheet: URL?
    var filmstrip: (count: Int, url: URL)?
    /// Swift source input (FILE.swift): which view, how long, warnings as errors.
    var swift = SwiftInputOptions()
    /// `--tap` and `--drag`: appended to the spec's interactions.
    var interactions: [SpecInteraction] = []

    init(_ o: ParsedOptions) throws {
        guard let spec = o.positionals.first else { throw UsageError(description: "missing SPEC.json (or FILE.swift)") }
        var extra = Array(o.positionals.dropFirst())
        // `--filmstrip N PATH`: the option reader takes one value, so PATH arrives as a positional.
        var filmstripPath: String?
        if o.string("filmstrip") != nil, let i = extra.firstIndex(where: { $0.lowercased().hasSuffix(".png") }) {
            filmstripPath = extra.remove(at: i)
        }
        if let first = extra.first {
            // `--filmstrip N PATH` with a PATH that is not a .png arrives here as a positional.
            if o.string("filmstrip") != nil, !first.lowercased().hasSuffix(".json"), !first.lowercased().hasSuffix(".swift") {
                throw UsageError(description: "--filmstrip N [PATH]: PATH must end in .png, got \(UserText.quoted(first))")
            }
            throw UsageError(description: "unexpected argument \(UserText.quoted(first)) (one spec per run)")
        }
        specPath = spec
        guard let out = o.string("out") else {
            throw UsageError(description: "missing --out DIR (the folder for the frames)")
        }
        self.out = URL(fileURLWithPath: out)
        outArgument = out
        fps = try o.double("fps", range: 0.001...240)
        scale = try o.double("scale", range: 0.01...16)
        threads = try o.int("threads", range: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        keyPoses = o.flag("key-poses")
        quiet = o.flag("quiet")
        if let list = o.string("times") {
            var ts: [Double] = []
            for part in list.split(separator: ",", omittingEmptySubsequences: false) {
                guard let v = Double(part.trimmingCharacters(in: .whitespaces)), v.isFinite, v >= 0 else {
                    throw UsageError(description: "--times expects seconds ≥ 0 separated by commas, got \(UserText.quoted(String(part)))")
                }
                ts.append(v)
            }
            times = ts
        }
        pngLevel = try o.int("png-level", range: 0...9) ?? PNGEncoder.defaultLevel

        func path(_ name: String, default file: String) -> URL? {
            guard o.flag(name) || o.string(name) != nil else { return nil }
            return o.string(name).map { URL(fileURLWithPath: $0) } ?? self.out.appendingPathComponent(file)
        }
        gif = path("gif", default: "animation.gif")
        apng = path("apng", default: "animation.png")
        webp = path("webp", default: "animation.webp")
        mp4 = path("mp4", default: "animation.mp4")
        webpQuality = try o.int("webp-quality", range: 0...100)
        sheet = path("sheet", default: "sheet.png")
        gifFps = try o.double("gif-fps", range: 0.001...240)
        gifScale = try o.double("gif-scale", range: 0.01...16)
        plays = try o.int("loop", range: 0...65535) ?? 0
        if let m = try o.int("max-bytes", range: 0...Int(Int32.max)) { maxBytes = m == 0 ? nil : m; maxGifBytes = maxBytes }
        if let m = try o.int("max-gif-bytes", range: 0...Int(Int32.max)) { maxGifBytes = m == 0 ? nil : m }
        if o.string("gif-background") != nil && o.string("background") != nil {
            throw UsageError(description: "--gif-background is the old name of --background; give one of them")
        }
        for name in ["background", "gif-background"] {
            guard let hex = o.string(name) else { continue }
            guard let c = Self.parseHexColor(hex) else {
                throw UsageError(description: "--\(name) expects a hex color like #1C1C1E or 1C1C1EFF, got \(UserText.quoted(hex))")
            }
            gifBackground = c
        }
        let animations = [gif, apng, webp, mp4].compactMap { $0 }
        if animations.isEmpty {
            for name in ["gif-fps", "gif-scale", "loop", "max-bytes"] where o.string(name) != nil {
                throw UsageError(description: "--\(name) applies to --gif, --apng, --webp or --mp4; add one of them")
            }
        }
        if gif == nil {
            for name in ["max-gif-bytes"] where o.string(name) != nil {
                throw UsageError(description: "--\(name) applies to --gif; add --gif")
            }
        }
        let isSwift = spec.lowercased().hasSuffix(".swift")
        for name in ["preview", "duration", "front-end"] where o.string(name) != nil && !isSwift {
            throw UsageError(description: "--\(name) applies to Swift source input (FILE.swift)")
        }
        if o.flag("strict") && !isSwift { throw UsageError(description: "--strict applies to Swift source input (FILE.swift)") }
        swift = SwiftInputOptions(preview: o.string("preview"), duration: try o.double("duration", range: 0.1...600),
                                  strict: o.flag("strict"), quiet: quiet, compiled: try SwiftInputOptions.frontEnd(o.string("front-end")))
        if gif == nil && mp4 == nil {
            for name in ["background", "gif-background"] where o.string(name) != nil {
                throw UsageError(description: "--\(name) applies to --gif or --mp4; add one of them")
            }
        }
        if webp == nil, o.string("webp-quality") != nil {
            throw UsageError(description: "--webp-quality applies to --webp; add --webp")
        }
        let paths = animations.map { $0.standardizedFileURL.path }
        if let dup = paths.first(where: { p in paths.filter { $0 == p }.count > 1 }) {
            throw UsageError(description: "two animations would be written to the same file \(UserText.quoted(dup))")
        }
        interactions = try RenderOptions.interactions(o)
        if let n = try o.int("filmstrip", range: 1...64) {
            filmstrip = (n, filmstripPath.map { URL(fileURLWithPath: $0) } ?? self.out.appendingPathComponent("filmstrip.png"))
        }
    }

    /// `--tap TIME[@TARGET]` and `--drag TIME:x1,y1->x2,y2[:SECONDS]`, each as often as given.
    static func interactions(_ o: ParsedOptions) throws -> [SpecInteraction] {
        var out: [SpecInteraction] = []
        do {
            for v in o.lists["tap"] ?? [] { out.append(try SpecInteraction.parse(tap: v)) }
            for v in o.lists["drag"] ?? [] { out.append(try SpecInteraction.parse(drag: v)) }
        } catch {
            throw UsageError(description: error.description)
        }
        return out
    }

    /// `#RRGGBB`, `RRGGBB`, `#RRGGBBAA` or `RRGGBBAA` (sRGB, straight alpha); nil otherwise.
    static func parseHexColor(_ s: String) -> Color? {
        let h = s.hasPrefix("#") ? String(s.dropFirst()) : s
        guard h.count == 6 || h.count == 8, let v = UInt32(h, radix: 16) else { return nil }
        let full = h.count == 6 ? (v << 8 | 0xFF) : v
        return Color(rgba8: UInt8(full >> 24), UInt8((full >> 16) & 0xFF), UInt8((full >> 8) & 0xFF), UInt8(full & 0xFF))
    }
}

enum RenderCommand {
    /// Renders, writes every file asked for and returns the warnings found (also printed).
    @discardableResult
    static func run(_ options: RenderOptions) throws -> [RenderDiagnostic] {
        let renderer = try SpecInput.renderer(options.specPath, swift: options.swift, interactions: options.interactions)
        let spec = renderer.spec
        let fps = options.fps ?? spec.fps
        let scale = options.scale ?? spec.canvas.scale
        let jobs = try plan(options, renderer: renderer, duration: spec.duration, fps: fps)
        if options.keyPoses || options.sheet != nil {
            // A pose the timeline never reaches is said, not rendered at a time the animation never shows.
            for p in renderer.keyPoseSet().outside {
                say("\(p.role) would be at " + String(format: "%.3f", p.time) + " s, outside the spec's 0…\(formatNumber(spec.duration)) s: not rendered")
            }
        }
        // The folder exists and is writable, and the previous run's manifest is gone before the
        // first frame is written: manifest.json is written last (OutputFolder).
        try OutputFolder.prepare(options.out, shownAs: options.outArgument)
        let start = Date()
        let pixels = { (s: Double) in (max(1, Int(min((spec.canvas.width * s).rounded(), 1e15))), max(1, Int(min((spec.canvas.height * s).rounded(), 1e15)))) }   // clamped before converting

        // The animation (GIF/APNG): every frame at the GIF rate and scale, delivered in order to the
        // streaming encoders as it is rendered (FrameSequencer). It reuses the PNG pass when that
        // pass renders the same instants at a scale ≥ the GIF's (frames are area-averaged down on
        // arrival); otherwise it gets its own pass, rendered at the GIF scale. Memory is bounded
        // whatever the frame count: at most `lookahead` frames wait for the one before them, each
        // encoder holds a batch, and the GIF keeps its frames compressed in a nameless scratch file
        // beside it for its second pass (GIFEncoder). Measured with `scripts/peak-memory` (release,
        // 2 threads): 2,000 frames of 800² with --gif --apng peak at 167 MB, against a target of
        // 300 MB (docs/performance.md, "Memory"); keeping every frame took 665 MB for 121 of them.
        let wantsAnimation = options.gif != nil || options.apng != nil || options.webp != nil || options.mp4 != nil
        let gifFps = options.gifFps ?? fps
        let gifScale = options.gifScale ?? min(1, scale)
        let animationJobs = wantsAnimation ? FrameJob.sequence(duration: spec.duration, fps: gifFps) : []
        let (aw, ah) = pixels(gifScale)
        let gifStream = try options.gif.map { url in
            try GIFEncoder.Stream(frameCount: animationJobs.count, width: aw, height: ah, fps: gifFps,
                                  options: GIFEncoder.Options(plays: options.plays, background: options.gifBackground,
                                                              maxBytes: options.maxGifBytes),
                                  scratchDirectory: url.deletingLastPathComponent())
        }
        // APNG, WebP and MP4: streamed, each within the byte budget (AnimationExport).
        var exportsByFormat: [(AnimationExport, URL)] = []
        for (format, url) in [(AnimationExport.Format.apng, options.apng), (.webp, options.webp), (.mp4, options.mp4)] {
            guard let url else { continue }
            let e = try AnimationExport(format: format, frameCount: animationJobs.count, width: aw, height: ah, fps: gifFps,
                                        maxBytes: options.maxBytes, plays: options.plays,
                                        webp: WebPEncoder.Options(quality: options.webpQuality),
                                        mp4: MP4Encoder.Options(background: options.gifBackground ?? MP4Encoder.Options().background),
                                        to: url)
            exportsByFormat.append((e, url))
        }
        let streams = exportsByFormat
        let animation = wantsAnimation ? try FrameSequencer(count: animationJobs.count, width: aw, height: ah) { frame in
            try gifStream?.append(frame)
            for (e, _) in streams { try e.append(frame) }
        } : nil
        let lookahead = FrameSequencer.lookahead(threads: options.threads)
        let reuseForAnimation = wantsAnimation && options.times == nil && !options.keyPoses && gifFps == fps && gifScale <= scale

        // The contact sheet: the key poses (one period of a loop without events), reused from the
        // PNG pass when it renders them.
        let poses = options.sheet != nil ? try SheetPlan.cells(renderer: renderer) : []
        let (pw, ph) = pixels(scale)
        let sheetStore = poses.isEmpty ? nil : try FrameStore(count: poses.count, width: pw, height: ph)
        var poseSlot: [Int: Int] = [:]   // PNG job index → pose index
        if options.keyPoses, sheetStore != nil {
            for job in jobs {
                if let r = job.role, let k = poses.firstIndex(where: { $0.role == r && $0.time == job.time }) { poseSlot[job.index] = k }
            }
        }
        let reuseForSheet = sheetStore != nil && poseSlot.count == poses.count

        let slots = poseSlot
        let reporter = ProgressReporter(total: jobs.count, enabled: !options.quiet)
        try FrameRenderer.run(jobs, into: options.out, threads: options.threads, pngLevel: options.pngLevel,
                              lookahead: reuseForAnimation ? lookahead : nil,
                              render: { t in try renderer.render(at: t, scale: scale) },
                              consume: { job, image in
                                  if reuseForAnimation { try animation?.store(job.index, image) }
                                  if reuseForSheet, let k = slots[job.index] { try sheetStore?.store(k, image) }
                              },
                              progress: { done, total in reporter.update(done) })
        reporter.finish()
        // Warnings found while loading and rendering (a shader that renders black, values from
        // expressions that had to be clamped, a draw-on on a fill glyph): always printed, because
        // a CI renderer must surface them rather than leave a silent black frame.
        for d in renderer.diagnostics {
            FileHandle.standardError.write(Data("animo-render: warning: \(options.specPath == "-" ? SpecInput.standardInputName : options.specPath): \(d)\n".utf8))
        }
        if !options.quiet {
            let seconds = Date().timeIntervalSince(start)
            say(String(format: "%d frames in %.2f s (%.1f fps) → %@", jobs.count, seconds,
                       Double(jobs.count) / max(seconds, 1e-9), options.out.path))
        }

        /// Renders instants without writing PNGs, handing each frame to `consume`.
        func extraPass(_ passJobs: [FrameJob], scale s: Double, lookahead: Int? = nil, what: String,
                       consume: @escaping @Sendable (FrameJob, Pixmap) throws -> Void) throws {
            let r = ProgressReporter(total: passJobs.count, enabled: !options.quiet)
            try FrameRenderer.run(passJobs, into: nil, threads: options.threads, lookahead: lookahead,
                                  render: { t in try renderer.render(at: t, scale: s) },
                                  consume: consume,
                                  progress: { done, _ in r.update(done) })
            r.finish()
            if !options.quiet { say("rendered \(passJobs.count) frames for the \(what)") }
        }

        if let animation {
            if !reuseForAnimation {
                try extraPass(animationJobs, scale: gifScale, lookahead: lookahead, what: "animation") { job, image in
                    try animation.store(job.index, image)
                }
            }
            try animation.finish()
            if let url = options.gif, let gifStream {
                let t0 = Date()
                let result = try gifStream.finish(writingTo: url)
                for note in result.notes { say(note) }
                if !options.quiet {
                    say(String(format: "wrote %@ (%d×%d, %d images, %d bytes) in %.2f s", url.path, result.width, result.height,
                               result.frameCount, result.byteCount, Date().timeIntervalSince(t0)))
                }
            }
            for (e, url) in streams {
                let t0 = Date()
                let r = try e.finish()
                for note in r.notes { say(note) }
                if !options.quiet {
                    say(String(format: "wrote %@ (%d×%d, %d frames at %@ fps, %d bytes) in %.2f s", url.path, r.width, r.height,
                               r.frameCount, r.fps == r.fps.rounded() ? String(Int(r.fps)) : String(format: "%.2f", r.fps), r.byteCount, Date().timeIntervalSince(t0)))
                }
            }
        }

        if let url = options.sheet, let sheetStore {
            if !reuseForSheet {
                let poseJobs = poses.enumerated().map { FrameJob(index: $0.offset, time: $0.element.time, fileName: "", role: $0.element.role) }
                try extraPass(poseJobs, scale: scale, what: "contact sheet") { job, image in try sheetStore.store(job.index, image) }
            }
            let cells = try poses.indices.map { k in (image: try sheetStore.pixmap(k), label: poseLabel(poses[k])) }
            try ContactSheet().write(cells, to: url, level: options.pngLevel)
            if !options.quiet { say("wrote \(url.path) (\(poses.count) key poses)") }
        }

        if let (n, url) = options.filmstrip {
            let times = try Filmstrip.times(count: n, duration: spec.duration)
            let store = try FrameStore(count: n, width: pw, height: ph)
            try extraPass(times.enumerated().map { FrameJob(index: $0.offset, time: $0.element, fileName: "") },
                          scale: scale, what: "filmstrip") { job, image in try store.store(job.index, image) }
            let cells = try times.indices.map { k in (image: try store.pixmap(k), label: String(format: "%.2f s", times[k])) }
            try Filmstrip().write(cells, to: url, level: options.pngLevel)
            if !options.quiet { say("wrote \(url.path) (\(n) frames)") }
        }

        // Last: files of earlier runs that this one did not write go, then the manifest listing
        // what this run wrote is written; its presence marks a finished run.
        var exports: [String: String] = [:]
        let outPath = options.out.standardizedFileURL.path
        for (kind, url) in [("gif", options.gif), ("apng", options.apng), ("webp", options.webp), ("mp4", options.mp4),
                            ("sheet", options.sheet), ("filmstrip", options.filmstrip?.url)] {
            guard let url else { continue }
            exports[kind] = url.deletingLastPathComponent().standardizedFileURL.path == outPath ? url.lastPathComponent : url.path
        }
        let keep = Set(jobs.map(\.fileName) + exports.values + ["manifest.json"])
        for warning in OutputFolder.removeStale(in: options.out, keeping: keep) { say("warning: \(warning)") }
        let manifest = Manifest(name: spec.name ?? (options.specPath == "-" ? "stdin" : URL(fileURLWithPath: options.specPath).deletingPathExtension().lastPathComponent),
                                width: spec.canvas.width, height: spec.canvas.height, scale: scale, fps: fps, jobs: jobs,
                                exports: exports)
        try manifest.write(to: options.out.appendingPathComponent("manifest.json"))
        return renderer.diagnostics
    }

    /// "mid:0 · 0.350 s": the role and time under a key pose in the contact sheet.
    static func poseLabel(_ pose: KeyPose) -> String {
        "\(pose.role) · " + String(format: "%.3f s", pose.time)
    }

    static func say(_ line: String) {
        FileHandle.standardError.write(Data("animo-render: \(line)\n".utf8))
    }

    /// The instants to render: every frame, or the union of --times and --key-poses.
    static func plan(_ o: RenderOptions, renderer: SceneRenderer, duration: Double, fps: Double) throws -> [FrameJob] {
        if o.times == nil && !o.keyPoses {
            // The spec's own duration·fps was checked at load; --fps may raise it (docs/spec.md limits).
            guard duration * fps <= 100_000 else {
                throw UsageError(description: "--fps \(fps) gives \(String(format: "%.3g", duration * fps)) frames over \(duration) s; the limit is 100,000")
            }
            return FrameJob.sequence(duration: duration, fps: fps)
        }
        var jobs: [FrameJob] = []
        for t in o.times ?? [] where t > duration {
            throw UsageError(description: "--times \(formatNumber(t)) is after the end of the spec: times must be in [0, \(formatNumber(duration))] s (the duration)")
        }
        // Files are named to the millisecond: a time given twice is rendered once, but two times
        // that round to one name would race for the same file, so they are refused.
        var named: [String: Double] = [:]
        for t in o.times ?? [] {
            let name = "t-" + String(format: "%.3f", t).replacingOccurrences(of: ".", with: "_") + ".png"
            if let earlier = named[name] {
                if earlier == t { continue }
                throw UsageError(description: "--times \(formatNumber(earlier)) and \(formatNumber(t)) both name \(name) (frames are named to the millisecond); give instants at least 1 ms apart")
            }
            named[name] = t
            jobs.append(FrameJob(index: jobs.count, time: t, fileName: name))
        }
        if o.keyPoses {
            for pose in renderer.keyPoses() {
                jobs.append(FrameJob(index: jobs.count, time: pose.time, fileName: FrameJob.fileName(forRole: pose.role), role: pose.role))
            }
        }
        return jobs
    }
}

/// A spec that failed to load or validate: exit status 2.
struct SpecFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Frames done, frames per second and ETA on a terminal; silent when stderr is not a terminal.
final class ProgressReporter: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private let start = Date()
    private let lock = NSLock()
    private var lastPrint = Date.distantPast

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled && isatty(STDERR_FILENO) != 0
    }

    func update(_ done: Int) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastPrint) > 0.1 else { return }
        lastPrint = now
        let elapsed = now.timeIntervalSince(start)
        let rate = Double(done) / max(elapsed, 1e-9)
        let eta = rate > 0 ? Double(total - done) / rate : 0
        let line = String(format: "\r  %d/%d frames  %.1f fps  ETA %.1f s   ", done, total, rate, eta)
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}
