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
import AnimoVerify

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

    /// Parses `I/N` with 1 ≤ I ≤ N.
    static func shard(_ s: String) throws -> (index: Int, count: Int) {
        let parts = s.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
            throw UsageError(description: "--shard expects I/N with 1 ≤ I ≤ N, got \(UserText.quoted(s))")
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
                throw UsageError(description: "--record expects all, failed, missing or never, got \(UserText.quoted(m))")
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
        let all = try GoldenCase.cases(in: dir)
        guard !all.isEmpty else {
            throw UsageError(description: "no golden cases in \(dir.path) (a case is a folder holding spec.json and its PNGs)")
        }
        let cases = all.enumerated().filter { $0.offset % sh.count == sh.index - 1 }.map(\.element)
        var passed = 0, failed = 0, recorded = 0
        var runs: [(title: String, run: ComparisonRun)] = []
        for golden in cases {
            let name = golden.name
            let result = golden.check(mode: mode)
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
}
