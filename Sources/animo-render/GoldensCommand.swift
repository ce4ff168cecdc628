// `animo-render goldens [DIR] [--record all|failed|missing|never] [--shard I/N] [--report DIR]`:
// every case folder under DIR (default Goldens/scenes) holds spec.json and its reviewed frames:
// the key poses (first, start-N, mid-N, rest-N, last) and the instants listed in times.json
// (t-0.400.png), plus an optional tolerance.json. Each case is rendered and compared on decoded
// pixels; one line per case, then a summary. `never` (the default, what CI uses) only compares.
// Sharding: the sorted case list is split round-robin, case k (0-based) going to shard k mod N + 1.
import Foundation
import AnimoRaster
import AnimoGeometry
import AnimoSpec
import AnimoScene
import AnimoRender
import AnimoCheck

enum GoldensCommand {
    static let options = OptionSpec(valued: ["record", "shard", "report"], switches: ["help", "quiet"])

    static let help = """
    USAGE
      animo-render goldens [DIR] [--record all|failed|missing|never] [--shard I/N] [--report DIR]

    Renders every case folder of DIR (default Goldens/scenes: each a spec.json with its key-pose
    PNGs, times.json and optional tolerance.json) and compares with the PNGs there.

    OPTIONS
      --record MODE   never (default; CI): only compare; missing: write goldens that do not exist;
                      failed: rewrite goldens that differ; all: rewrite every golden
      --shard I/N     only the cases k (0-based, sorted by name) with k mod N = I − 1
      --report DIR    write report.html and expected | actual | diff images of the failures
      --quiet         print only failing cases and the summary

    EXIT STATUS
      0 every case matches (or was recorded), 1 a case failed, 2 bad arguments
    """

    /// One case's instants: (golden name, time).
    static func instants(renderer: SceneRenderer, folder: URL) throws -> [(String, Double)] {
        var out = renderer.keyPoses().map { ($0.role.replacingOccurrences(of: ":", with: "-"), $0.time) }
        let timesFile = folder.appendingPathComponent("times.json")
        if FileManager.default.fileExists(atPath: timesFile.path) {
            guard let data = try? Data(contentsOf: timesFile), let times = try? JSONDecoder().decode([Double].self, from: data),
                  times.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                throw SpecFailure(message: "\(timesFile.path): expected a JSON array of times in seconds ≥ 0")
            }
            out += times.map { (String(format: "t-%.3f", $0), $0) }
        }
        return out
    }

    /// Parses `I/N` with 1 ≤ I ≤ N.
    static func shard(_ s: String) throws -> (index: Int, count: Int) {
        let parts = s.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
            throw UsageError(description: "--shard expects I/N with 1 ≤ I ≤ N, got '\(s)'")
        }
        return (i, n)
    }

    static func run(_ args: ArraySlice<String>) throws -> Int32 {
        let o = try options.parse(args)
        if o.flag("help") { print(help); return 0 }
        guard o.positionals.count <= 1 else { throw UsageError(description: "goldens takes at most one folder") }
        let dir = URL(fileURLWithPath: o.positionals.first ?? "Goldens/scenes")
        let mode: RecordMode
        if let m = o.string("record") {
            guard let parsed = RecordMode(rawValue: m) else {
                throw UsageError(description: "--record expects all, failed, missing or never, got '\(m)'")
            }
            mode = parsed
        } else {
            mode = .never
        }
        let sh: (index: Int, count: Int) = try o.string("shard").map(shard) ?? (index: 1, count: 1)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
            throw UsageError(description: "no such folder: \(dir.path)")
        }
        let all = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { FileManager.default.fileExists(atPath: dir.appendingPathComponent("\($0)/spec.json").path) }
            .sorted()
        let cases = all.enumerated().filter { $0.offset % sh.count == sh.index - 1 }.map(\.element)
        var passed = 0, failed = 0, recorded = 0
        var runs: [(title: String, run: ComparisonRun)] = []
        for name in cases {
            let folder = dir.appendingPathComponent(name)
            let result = checkCase(folder: folder, mode: mode)
            if result.failed { failed += 1 } else { passed += 1 }
            if result.recorded > 0 { recorded += 1 }
            if result.failed || !o.flag("quiet") {
                print("\(result.failed ? "FAILED " : "ok     ") \(name): \(result.line)")
                for l in result.details { print("          \(l)") }
            }
            if let run = result.run, !run.passed { runs.append((name, run)) }
        }
        let shardText = sh.count > 1 ? " (shard \(sh.index)/\(sh.count) of \(all.count) cases)" : ""
        print("\(cases.count) case\(cases.count == 1 ? "" : "s"): \(passed) passed, \(failed) failed\(recorded > 0 ? ", \(recorded) recorded into" : "")\(shardText)")
        if let r = o.string("report") {
            let written = try ComparisonReport.write(runs, to: URL(fileURLWithPath: r))
            FileHandle.standardError.write(Data("animo-render: report → \(written.html.path)\n".utf8))
        }
        return failed == 0 ? 0 : 1
    }

    struct CaseResult {
        var failed: Bool
        var recorded: Int
        var line: String
        var details: [String] = []
        var run: ComparisonRun?
    }

    static func checkCase(folder: URL, mode: RecordMode) -> CaseResult {
        let specURL = folder.appendingPathComponent("spec.json")
        let spec: Spec
        do { spec = try Spec.load(path: specURL.path) } catch {
            return CaseResult(failed: true, recorded: 0, line: "invalid spec: \(error)")
        }
        do {
            let renderer = try SceneRenderer(spec: spec)
            let tolerance = try Tolerance.load(folder: folder)
            let store = GoldenStore(folder: folder, mode: mode)
            var frames: [ComparedFrame] = []
            var recorded = 0, details: [String] = []
            for (label, t) in try instants(renderer: renderer, folder: folder) {
                let image = try renderer.render(at: t)
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
            return CaseResult(failed: bad > 0, recorded: recorded, line: line, details: details, run: run)
        } catch {
            return CaseResult(failed: true, recorded: 0, line: "\(error)")
        }
    }
}
