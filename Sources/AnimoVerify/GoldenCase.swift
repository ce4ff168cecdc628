// GoldenCase: one folder of reviewed frames and the one runner that checks it, used alike by
// `animo-render goldens` and the test suite. A case folder holds `spec.json`, the goldens of its
// key poses (`first.png`, `start-0.png`, `mid-0.png`, `rest-0.png`, …, `last.png`) with their
// times in `poses.json` (PoseManifest), the goldens of the instants listed in `times.json`
// (`t-0.350.png`), and optionally `tolerance.json` (exact when absent). Each instant is rendered
// and compared on decoded pixels, and each key pose's time with the recorded one; recording
// follows the `RecordMode` (never in CI). A PNG that no instant of the case produces (an orphan)
// fails the case; files an earlier run left in `_failures/` are removed first, and said so.
import Foundation
import AnimoSpec
import AnimoScene
import AnimoRender
import AnimoCheck

/// A golden case folder.
public struct GoldenCase: Sendable {
    public let folder: URL

    /// The case's name: its folder's name.
    public var name: String { folder.lastPathComponent }

    /// The case's spec file.
    public var specURL: URL { folder.appendingPathComponent("spec.json") }

    public init(folder: URL) {
        self.folder = folder
    }

    /// The case folders directly under `directory` (those holding a `spec.json`), sorted by name.
    public static func cases(in directory: URL) throws -> [GoldenCase] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { FileManager.default.fileExists(atPath: directory.appendingPathComponent("\($0)/spec.json").path) }
            .sorted()
            .map { GoldenCase(folder: directory.appendingPathComponent($0)) }
    }

    /// Sub-folders of `directory` that hold PNGs but no `spec.json` (a case that lost its spec, or
    /// a folder of something else), sorted by name.
    public static func foldersWithoutSpec(in directory: URL) -> [String] {
        let fm = FileManager.default
        return ((try? fm.contentsOfDirectory(atPath: directory.path)) ?? []).sorted().filter { name in
            let sub = directory.appendingPathComponent(name)
            var isDir: ObjCBool = false
            guard !name.hasPrefix("."), fm.fileExists(atPath: sub.path, isDirectory: &isDir), isDir.boolValue,
                  !fm.fileExists(atPath: sub.appendingPathComponent("spec.json").path) else { return false }
            return ((try? fm.contentsOfDirectory(atPath: sub.path)) ?? []).contains { $0.lowercased().hasSuffix(".png") }
        }
    }

    /// What a run of one case found.
    public struct Result: Sendable {
        public var failed: Bool
        /// Goldens written (record modes other than `never`), poses.json included.
        public var recorded: Int
        /// One line: the verdict and its figures.
        public var line: String
        /// One line per problem: a frame that failed or had no golden, a key pose that moved, an
        /// orphaned golden.
        public var details: [String] = []
        /// What was done besides checking (stale failure files removed, poses.json written).
        public var notes: [String] = []
        /// The frames compared, for a report.
        public var run: ComparisonRun?
        /// Each key pose's recorded time against now (empty for cases without key poses).
        public var poses: [PoseCheck] = []
        /// The timing verdict when a key pose moved.
        public var timing: TimingAnalysis?
        /// Golden PNGs that no instant of the case produces.
        public var orphans: [String] = []
        /// The key poses and transition progress recorded in poses.json, and found now.
        public var recordedPoses: PoseManifest?
        public var currentPoses: PoseManifest?
        /// The spec, when it loaded (to place messages at their lines).
        public var spec: Spec?
        /// Set when the case could not be checked at all (invalid spec, tolerance or manifest).
        public var error: String?
    }

    /// The instants to compare, as (golden name, time): the key poses (unless `keyPoses` is
    /// false), then those listed in `times.json`.
    public func instants(renderer: SceneRenderer, keyPoses: Bool = true) throws -> [(name: String, time: Double)] {
        var out = keyPoses ? renderer.keyPoses().map { (PoseManifest.goldenName(role: $0.role), $0.time) } : []
        let timesFile = folder.appendingPathComponent("times.json")
        if FileManager.default.fileExists(atPath: timesFile.path) {
            guard let data = try? Data(contentsOf: timesFile), let times = try? JSONDecoder().decode([Double].self, from: data),
                  times.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                throw GoldenCaseError(message: "\(timesFile.path): expected a JSON array of times in seconds ≥ 0")
            }
            out += times.map { (String(format: "t-%.3f", $0), $0) }
        }
        return out
    }

    /// Whether `file` is named as a golden of some instant (`first.png`, `mid-2.png`, `t-0.400.png`).
    static func looksLikeGolden(_ file: String) -> Bool {
        file.range(of: #"^(first|last|(start|mid|rest)-[0-9]+|t-[0-9]+\.[0-9]{3})\.png$"#, options: .regularExpression) != nil
    }

    /// Removes the files an earlier run wrote into `_failures/` (`*.diff.png`, `*.actual.png`), and
    /// the folder when nothing else is left; returns how many were removed.
    func removeStaleFailures() -> Int {
        let fm = FileManager.default
        let dir = folder.appendingPathComponent("_failures")
        guard let names = try? fm.contentsOfDirectory(atPath: dir.path) else { return 0 }
        var removed = 0
        for n in names where n.hasSuffix(".diff.png") || n.hasSuffix(".actual.png") {
            if (try? fm.removeItem(at: dir.appendingPathComponent(n))) != nil { removed += 1 }
        }
        if (try? fm.contentsOfDirectory(atPath: dir.path))?.isEmpty == true { try? fm.removeItem(at: dir) }
        return removed
    }

    /// Renders every instant and compares it with its golden under the case's tolerance, and the
    /// key poses' times with poses.json.
    /// - Parameters:
    ///   - keyPoses: whether the key poses are part of the case (false for cases that list every
    ///     instant in `times.json`; they have no poses.json).
    ///   - threads: workers inside each frame (the pixels are identical for any count).
    public func check(mode: RecordMode, keyPoses: Bool = true, threads: Int = 1) -> Result {
        var notes: [String] = []
        let stale = removeStaleFailures()
        if stale > 0 { notes.append("removed \(stale) stale file\(stale == 1 ? "" : "s") of an earlier run from _failures/") }
        let spec: Spec
        do { spec = try Spec.load(path: specURL.path) } catch {
            return Result(failed: true, recorded: 0, line: "invalid spec: \(error)", notes: notes, error: "\(error)")
        }
        do {
            let renderer = try SceneRenderer(spec: spec)
            let tolerance = try Tolerance.load(folder: folder)
            let store = GoldenStore(folder: folder, mode: mode)
            var frames: [ComparedFrame] = []
            var recorded = 0, details: [String] = []
            let instants = try instants(renderer: renderer, keyPoses: keyPoses)

            // Key-pose times against poses.json.
            var poseChecks: [PoseCheck] = []
            var manifestMissing = false
            var recordedManifest: PoseManifest?, currentManifest: PoseManifest?
            if keyPoses {
                let now = PoseManifest(scene: renderer.scene)
                currentManifest = now
                recordedManifest = try PoseManifest.load(folder: folder)
                let checks = recordedManifest.map { PoseCheck.compare(recorded: $0.poses, now: now.poses, tolerance: tolerance.poseShift(fps: spec.fps)) }
                let write: Bool
                switch mode {
                case .all: write = true
                case .missing: write = recordedManifest == nil
                case .failed: write = recordedManifest == nil || checks?.contains(where: \.failed) == true
                case .never: write = false
                }
                if write {
                    try now.write(to: folder)
                    recordedManifest = now
                    recorded += 1
                    notes.append("recorded \(PoseManifest.fileName) (\(now.poses.count) key poses)")
                    poseChecks = PoseCheck.compare(recorded: now.poses, now: now.poses, tolerance: 0)
                } else if let checks {
                    poseChecks = checks
                } else {
                    manifestMissing = true
                    details.append("no \(PoseManifest.fileName): the key poses' times are not recorded (record them with --record missing, then review)")
                }
                for c in poseChecks where c.failed { details.append(c.message) }
                for p in renderer.keyPoseSet().outside {
                    notes.append("\(p.role) would be at " + String(format: "%.3f", p.time) + " s, outside the spec's 0…\(formatNumber(spec.duration)) s: no golden")
                }
            }
            let subjects = Dictionary(uniqueKeysWithValues: spec.events.indices.map { ($0, Self.subject(spec.events[$0], spec: spec)) })
                .compactMapValues { $0 }
            let timing = poseChecks.contains(where: { $0.status == .moved })
                ? TimingAnalysis.keyPoses(poseChecks, tolerance: tolerance.poseShift(fps: spec.fps), subjects: subjects) : nil

            for (label, t) in instants {
                let image = try renderer.render(at: t, threads: threads)
                let (outcome, comparison) = try store.check(image, name: label, tolerance: tolerance)
                let file = "\(label).png"
                switch outcome {
                case .matched:
                    frames.append(ComparedFrame(name: file, time: t, actual: nil, expected: store.url(for: label), status: .passed, comparison: comparison))
                case .recorded:
                    recorded += 1
                    frames.append(ComparedFrame(name: file, time: t, actual: nil, expected: store.url(for: label), status: .passed, comparison: comparison))
                case .missing(let u):
                    frames.append(ComparedFrame(name: file, time: t, actual: nil, expected: u, status: .missing))
                    details.append("\(file) at \(String(format: "%.3f", t)) s: no golden (record with --record missing)")
                case .failed(_, let sheet):
                    frames.append(ComparedFrame(name: file, time: t, actual: store.failureActualURL(for: label), expected: store.url(for: label),
                                                status: .failed, comparison: comparison))
                    details.append("\(file) at \(String(format: "%.3f", t)) s: \(comparison?.summary ?? "differs")" + (sheet.map { " → \($0.path)" } ?? ""))
                }
            }

            // Orphans: PNGs beside the spec, named like goldens, that no instant produces (other
            // PNGs are the case's inputs, such as the images its spec reads).
            let produced = Set(instants.map { "\($0.name).png" })
            var orphans: [String] = []
            for f in ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            where Self.looksLikeGolden(f) && !produced.contains(f) {
                if mode == .all, (try? FileManager.default.removeItem(at: folder.appendingPathComponent(f))) != nil {
                    notes.append("removed \(f): no instant of the case produces it")
                    continue
                }
                orphans.append(f)
                details.append("\(f): orphaned golden, no instant of the case produces it (delete it, or re-record the case with --record all)")
            }

            let run = ComparisonRun(frames: frames, tolerance: tolerance)
            let bad = run.failures.count
            let moved = poseChecks.filter(\.failed)
            var problems: [String] = []
            if bad > 0 { problems.append("\(bad) of \(frames.count) frames fail") }
            if !moved.isEmpty {
                let what = "\(moved.count) key pose\(moved.count == 1 ? "" : "s") moved"
                problems.append(timing.map { "\(what): \($0.sentence)" } ?? what)
            }
            if manifestMissing { problems.append("key-pose times not recorded") }
            if !orphans.isEmpty { problems.append("\(orphans.count) orphaned golden\(orphans.count == 1 ? "" : "s")") }
            let line: String
            if problems.isEmpty {
                let poses = keyPoses ? ", key poses on time" : ""
                line = recorded > 0 ? "\(frames.count) frames (\(recorded) file\(recorded == 1 ? "" : "s") recorded)"
                                    : "\(frames.count) frames match\(poses) (tolerance: \(tolerance))"
            } else {
                line = problems.joined(separator: "; ")
            }
            return Result(failed: !problems.isEmpty, recorded: recorded, line: line, details: details, notes: notes, run: run,
                          poses: poseChecks, timing: timing, orphans: orphans, recordedPoses: recordedManifest,
                          currentPoses: currentManifest, spec: spec)
        } catch {
            return Result(failed: true, recorded: 0, line: "\(error)", notes: notes, spec: spec, error: "\(error)")
        }
    }

    /// "the spring" when an event's own animation is a spring; nil otherwise.
    static func subject(_ event: SpecEvent, spec: Spec) -> String? {
        guard let a = event.animation, (try? a.motionAnimation(frame: spec.initialFrame(), path: ""))?.springResponse != nil else { return nil }
        return "the spring"
    }
}

/// A malformed case file (`times.json`).
public struct GoldenCaseError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
