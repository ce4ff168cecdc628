// `animo-render goldens [DIR] [--record all|failed|missing|never] [--shard I/N] [--report DIR]`:
// every case folder under DIR (default Goldens/scenes) holds spec.json and its reviewed frames:
// the key poses (first, start-N, mid-N, rest-N, last) with their times in poses.json, and the
// instants listed in times.json (t-0.400.png), plus an optional tolerance.json. Each case is
// rendered and compared on decoded pixels, and its key poses' times with poses.json; one line per
// case, then a summary. `never` (the default, what CI uses) only compares. Sharding: the sorted
// case list is split round-robin, case k (0-based) going to shard k mod N + 1. A folder with no
// case is refused (exit 2): a mistyped path must not pass.
import Foundation
import AnimoRaster
import AnimoGeometry
import AnimoSpec
import AnimoScene
import AnimoRender
import AnimoCheck
import AnimoVerify

enum GoldensCommand {
    static let options = OptionSpec(valued: Set(["record", "shard", "report"]).union(MachineOptions.valued),
                                    switches: Set(["help", "quiet"]).union(MachineOptions.switches))

    static let help = """
    USAGE
      animo-render goldens [DIR] [--record all|failed|missing|never] [--shard I/N] [--report DIR]
                                 [--json] [--junit FILE] [--annotations github]

    Renders every case folder of DIR (default Goldens/scenes: each a spec.json with its key-pose
    PNGs, their times in poses.json, times.json and optional tolerance.json) and compares with the
    PNGs and times there. A key pose that moved by more than half a frame (tolerance.json's
    maxPoseShift), a PNG named like a golden that no instant produces (an orphan) and a missing
    poses.json fail the case.

    OPTIONS
      --record MODE   never (default; CI): only compare; missing: write goldens (and poses.json)
                      that do not exist; failed: rewrite those that differ; all: rewrite every
                      golden and remove orphans
      --shard I/N     only the cases k (0-based, sorted by name) with k mod N = I − 1
      --report DIR    write the HTML report (DIR/report.html, docs/ci.md); shards writing into
                      the same DIR (or folders merged later) make one report: animo-render report DIR
      --quiet         print only failing cases and the summary
    \(MachineOptions.help)

    EXIT STATUS
      0 every case matches (or was recorded), 1 a case failed, 2 bad arguments (a folder with no
      case, a bad --shard)
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
        let machine = try MachineOptions(o)
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
            var hint = ""
            let holders = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
                .filter { !((try? GoldenCase.cases(in: dir.appendingPathComponent($0))) ?? []).isEmpty }
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("spec.json").path) {
                hint = "; \(dir.lastPathComponent) is a case itself: give the folder that holds it (\(dir.deletingLastPathComponent().path))"
            } else if !holders.isEmpty {
                hint = "; the cases are one level down: give " + holders.map { dir.appendingPathComponent($0).path }.joined(separator: " or ")
            } else if let sub = GoldenCase.foldersWithoutSpec(in: dir).first {
                hint = "; \(sub)/ holds PNGs but no spec.json"
            }
            throw UsageError(description: "no golden cases in \(dir.path) (a case is a folder holding spec.json and its PNGs)\(hint)")
        }
        let cases = all.enumerated().filter { $0.offset % sh.count == sh.index - 1 }.map(\.element)
        var passed = 0, failed = 0, recorded = 0
        var results: [(GoldenCase, GoldenCase.Result, Double)] = []
        for golden in cases {
            let start = Date()
            let result = golden.check(mode: mode)
            let seconds = Date().timeIntervalSince(start)
            if result.failed { failed += 1 } else { passed += 1 }
            if result.recorded > 0 { recorded += 1 }
            if machine.text && (result.failed || !o.flag("quiet")) {
                print("\(result.failed ? "FAILED " : "ok     ") \(golden.name): \(result.line)")
                for l in result.details { print("          \(l)") }
                for l in result.notes { print("          note: \(l)") }
            }
            results.append((golden, result, seconds))
        }
        // Folders that look like cases but have no spec.json are named, not silently skipped.
        let strays = GoldenCase.foldersWithoutSpec(in: dir)
        if machine.text {
            for s in strays { print("note: \(s)/ holds PNGs but no spec.json; it is not a case") }
        }
        let shardText = sh.count > 1 ? " (shard \(sh.index)/\(sh.count) of \(all.count) cases)" : ""
        let summary = "\(cases.count) case\(cases.count == 1 ? "" : "s"): \(passed) passed, \(failed) failed"
            + (recorded > 0 ? ", \(recorded) with files recorded" : "") + shardText
        if machine.text { print(summary) }
        var reportPath: String? = nil
        if let r = o.string("report") {
            let run = ReportRun(id: sh.count > 1 ? "goldens-shard-\(sh.index)-of-\(sh.count)" : "goldens", command: "goldens",
                                summary: summary, shard: sh.count > 1 ? (sh.index, sh.count) : nil,
                                cases: results.map { ReportCase(golden: $0.0, result: $0.1, seconds: $0.2) })
            let written = try Report.write(run, to: URL(fileURLWithPath: r))
            reportPath = CheckItem.displayPath(written.html.path)
            FileHandle.standardError.write(Data("animo-render: report → \(written.html.path)\(written.runs > 1 ? " (\(written.runs) runs)" : "")\n".utf8))
        }
        let status: Int32 = failed == 0 ? 0 : 1
        let doc = MachineOutput.envelope(command: "goldens", exitCode: status, summary: summary, [
            ("folder", .string(CheckItem.displayPath(dir.path))), ("record", .string(mode.rawValue)),
            ("shard", .object([("index", .integer(sh.index)), ("count", .integer(sh.count)), ("cases", .integer(all.count))])),
            ("report", reportPath.map { .string($0) } ?? .null),
            ("notCases", .array(strays.map { .string($0) })),
            ("cases", .array(results.map { MachineOutput.goldenCase($0.0, $0.1, seconds: $0.2) })),
        ])
        try machine.emit(command: "goldens", document: doc,
                         items: results.map { MachineOutput.goldenItem($0.0, $0.1, seconds: $0.2, report: reportPath) })
        return status
    }
}
