// `animo-render report DIR`: rebuilds DIR/report.html from every run in DIR/runs/ — the way to
// merge the reports of shards (goldens --shard I/N --report DIR on several machines): copy their
// report folders into one (a CI artifact download with merge-multiple does it) and run this.
import Foundation
import AnimoVerify

enum ReportCommand {
    static let options = OptionSpec(valued: [], switches: ["help", "json"])

    static let help = """
    USAGE
      animo-render report DIR [--json]

    Rebuilds DIR/report.html from every run file in DIR/runs/ (written by goldens --report and
    compare --report; each shard writes runs/goldens-shard-I-of-N.json and its cases' images under
    images/). Shards whose report folders were copied into DIR make one report; a shard that is
    not there is named at the top.

    OPTIONS
      --json             print one JSON object (docs/json.md): the runs merged and the report's path

    EXIT STATUS
      0 the report was written and every case in it passes, 1 it was written and a case fails,
      2 bad arguments (no such folder, no runs in it, a run file that is not valid)
    """

    static func run(_ args: ArraySlice<String>) throws -> Int32 {
        let o = try options.parse(args)
        if o.flag("help") { print(help); return 0 }
        guard o.positionals.count == 1 else { throw UsageError(description: "report needs one DIR (a report folder holding runs/)") }
        let dir = URL(fileURLWithPath: o.positionals[0])
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
            throw UsageError(description: "no such folder: \(dir.path)")
        }
        let written: Report.Written
        do { written = try Report.rebuild(folder: dir) } catch let e as ReportError {
            throw UsageError(description: e.message)
        }
        let summary = try Report.summary(folder: dir)
        if o.flag("json") {
            print(MachineOutput.envelope(command: "report", exitCode: summary.failed > 0 ? 1 : 0, summary: summary.text, [
                ("report", .string(CheckItem.displayPath(written.html.path))), ("runs", .integer(written.runs)),
                ("cases", .integer(summary.cases)), ("failed", .integer(summary.failed)),
                ("missingShards", .array(summary.missingShards.map { .string($0) })),
            ]).text())
        } else {
            print("\(summary.text) → \(written.html.path)")
            for m in summary.missingShards { print("note: \(m)") }
        }
        return summary.failed > 0 ? 1 : 0
    }
}
