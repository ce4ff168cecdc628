// `animo-render SPEC --out DIR`: load and validate the spec once, choose the instants (every
// frame, --times, --key-poses or their union), render them in parallel and write the PNGs and
// manifest.json.
import Foundation
import Raster
import Scene
import Export

struct RenderOptions {
    var specPath: String
    var out: URL
    var fps: Double?
    var times: [Double]?
    var keyPoses = false
    var scale: Double?
    var threads: Int
    var quiet = false

    init(_ o: ParsedOptions) throws {
        guard let spec = o.positionals.first else { throw UsageError(description: "missing SPEC.json") }
        if o.positionals.count > 1 {
            throw UsageError(description: "unexpected argument '\(o.positionals[1])' (one spec per run)")
        }
        specPath = spec
        guard let out = o.string("out") else {
            throw UsageError(description: "missing --out DIR (the folder for the frames)")
        }
        self.out = URL(fileURLWithPath: out)
        fps = try o.double("fps", range: 0.001...240)
        scale = try o.double("scale", range: 0.01...16)
        threads = try o.int("threads", range: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        keyPoses = o.flag("key-poses")
        quiet = o.flag("quiet")
        if let list = o.string("times") {
            var ts: [Double] = []
            for part in list.split(separator: ",", omittingEmptySubsequences: false) {
                guard let v = Double(part.trimmingCharacters(in: .whitespaces)), v.isFinite, v >= 0 else {
                    throw UsageError(description: "--times expects seconds ≥ 0 separated by commas, got '\(part)'")
                }
                ts.append(v)
            }
            times = ts
        }
    }
}

enum RenderCommand {
    static func run(_ options: RenderOptions) throws {
        let spec: Spec
        do {
            spec = try Spec.load(path: options.specPath)
        } catch {
            throw SpecFailure(message: "\(error)")
        }
        let unsupported = spec.unsupportedFeatures(supported: SceneRenderer.supportedFeatures)
        if !unsupported.isEmpty {
            let lines = unsupported.map { "\(options.specPath): \($0.path): \($0.name) is not supported yet" }
            throw SpecFailure(message: lines.joined(separator: "\n"))
        }
        let renderer: SceneRenderer
        do {
            renderer = try SceneRenderer(spec: spec)
        } catch {
            throw SpecFailure(message: "\(error)")
        }
        let fps = options.fps ?? spec.fps
        let scale = options.scale ?? spec.canvas.scale
        let jobs = try plan(options, renderer: renderer, duration: spec.duration, fps: fps)

        let reporter = ProgressReporter(total: jobs.count, enabled: !options.quiet)
        let start = Date()
        try FrameRenderer.run(jobs, into: options.out, threads: options.threads,
                              render: { t in try renderer.render(at: t, scale: scale) },
                              progress: { done, total in reporter.update(done) })
        reporter.finish()
        let manifest = Manifest(name: spec.name ?? URL(fileURLWithPath: options.specPath).deletingPathExtension().lastPathComponent,
                                width: spec.canvas.width, height: spec.canvas.height, scale: scale, fps: fps, jobs: jobs)
        try manifest.write(to: options.out.appendingPathComponent("manifest.json"))
        if !options.quiet {
            let seconds = Date().timeIntervalSince(start)
            FileHandle.standardError.write(Data(String(format: "animo-render: %d frames in %.2f s (%.1f fps) → %@\n",
                                                       jobs.count, seconds, Double(jobs.count) / max(seconds, 1e-9),
                                                       options.out.path).utf8))
        }
    }

    /// The instants to render: every frame, or the union of --times and --key-poses.
    static func plan(_ o: RenderOptions, renderer: SceneRenderer, duration: Double, fps: Double) throws -> [FrameJob] {
        if o.times == nil && !o.keyPoses {
            return FrameJob.sequence(duration: duration, fps: fps)
        }
        var jobs: [FrameJob] = []
        for t in o.times ?? [] {
            let name = "t-" + String(format: "%.3f", t).replacingOccurrences(of: ".", with: "_") + ".png"
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
