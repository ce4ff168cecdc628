// GoldenCase: one folder of reviewed frames and the one runner that checks it, used alike by
// `animo-render goldens` and the test suite. A case folder holds `spec.json`, the goldens of its
// key poses (`first.png`, `start-0.png`, `mid-0.png`, `rest-0.png`, …, `last.png`) and of the
// instants listed in `times.json` (`t-0.350.png`), and optionally `tolerance.json` (exact when
// absent). Each instant is rendered and compared on decoded pixels; recording follows the
// `RecordMode` (never in CI).
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

    /// What a run of one case found.
    public struct Result: Sendable {
        public var failed: Bool
        /// Goldens written (record modes other than `never`).
        public var recorded: Int
        /// One line: the verdict and its figures.
        public var line: String
        /// One line per frame that failed or had no golden, with the figures and the failure sheet.
        public var details: [String] = []
        /// The frames compared, for a report.
        public var run: ComparisonRun?
    }

    /// The instants to compare, as (golden name, time): the key poses (unless `keyPoses` is
    /// false), then those listed in `times.json`.
    public func instants(renderer: SceneRenderer, keyPoses: Bool = true) throws -> [(name: String, time: Double)] {
        var out = keyPoses ? renderer.keyPoses().map { ($0.role.replacingOccurrences(of: ":", with: "-"), $0.time) } : []
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

    /// Renders every instant and compares it with its golden under the case's tolerance.
    /// - Parameters:
    ///   - keyPoses: whether the key poses are part of the case (false for cases that list every
    ///     instant in `times.json`).
    ///   - threads: workers inside each frame (the pixels are identical for any count).
    public func check(mode: RecordMode, keyPoses: Bool = true, threads: Int = 1) -> Result {
        let spec: Spec
        do { spec = try Spec.load(path: folder.appendingPathComponent("spec.json").path) } catch {
            return Result(failed: true, recorded: 0, line: "invalid spec: \(error)")
        }
        do {
            let renderer = try SceneRenderer(spec: spec)
            let tolerance = try Tolerance.load(folder: folder)
            let store = GoldenStore(folder: folder, mode: mode)
            var frames: [ComparedFrame] = []
            var recorded = 0, details: [String] = []
            for (label, t) in try instants(renderer: renderer, keyPoses: keyPoses) {
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
            let run = ComparisonRun(frames: frames, tolerance: tolerance)
            let bad = run.failures.count
            let line = bad == 0
                ? "\(frames.count) frames " + (recorded > 0 ? "(\(recorded) recorded)" : "match (tolerance: \(tolerance))")
                : "\(bad) of \(frames.count) frames fail"
            return Result(failed: bad > 0, recorded: recorded, line: line, details: details, run: run)
        } catch {
            return Result(failed: true, recorded: 0, line: "\(error)")
        }
    }
}

/// A malformed case file (`times.json`).
public struct GoldenCaseError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
