// `animo-render compare ACTUAL GOLDEN [--report DIR]`: two PNGs or two folders of PNGs (matched
// by file name). Prints one line of figures per frame (failures first), the timing analysis of
// an animation (one sentence when a shift or scale explains it), and a summary; --json prints
// the same as one JSON object (docs/json.md), timing included. Exit 0: every frame within
// tolerance; 1: a difference (or a missing/extra/unreadable frame); 2: bad arguments.
import Foundation
import AnimoCheck
import AnimoVerify

enum CompareCommand {
    static let options = OptionSpec(valued: ["report", "fps", "window", "max-delta", "max-differing", "min-ssim"],
                                    switches: ["help", "json", "quiet"])

    static let help = """
    USAGE
      animo-render compare ACTUAL GOLDEN [--report DIR] [options]

    ACTUAL and GOLDEN are two PNG files or two folders of PNGs (matched by file name; times from
    each folder's manifest.json, else frame index / fps). Tolerance: GOLDEN's folder's
    tolerance.json (default exact), or the options below.

    When frames of two folders differ, the timing analysis places each actual frame on the
    golden's path and explains the change with a shift or a scale when one fits ("the whole
    animation runs 40 ms late"), else names the stretches that moved.

    OPTIONS
      --report DIR       write the HTML report (DIR/report.html: expected | actual | difference,
                         slider, blink, before/after flip-book, progress plot)
      --fps N            frame rate for times when a folder has no manifest.json (default 30)
      --window K         timing analysis searches ±K frames (default 5)
      --max-delta D      per-channel difference allowed per pixel (0…255)
      --max-differing N  pixels allowed to exceed --max-delta
      --min-ssim S       lowest mean SSIM accepted
      --json             print one JSON object (docs/json.md) instead of the text
      --quiet            print only failures and the summary

    EXIT STATUS
      0 all frames match within tolerance, 1 a frame differs (or is missing, extra, unreadable),
      2 bad arguments
    """

    static func run(_ args: ArraySlice<String>) throws -> Int32 {
        let o = try options.parse(args)
        if o.flag("help") { print(help); return 0 }
        guard o.positionals.count == 2 else {
            throw UsageError(description: "compare needs ACTUAL and GOLDEN (got \(o.positionals.count) argument\(o.positionals.count == 1 ? "" : "s"))")
        }
        let actual = URL(fileURLWithPath: o.positionals[0]), golden = URL(fileURLWithPath: o.positionals[1])
        let fps = try o.double("fps", range: 0.001...1000) ?? 30
        let window = try o.int("window", range: 0...120) ?? TimingDrift.defaultWindow
        var tolerance: Tolerance? = nil
        let maxDelta = try o.int("max-delta", range: 0...255)
        let maxDiffering = try o.int("max-differing", range: 0...Int(Int32.max))
        let minSSIM = try o.double("min-ssim", range: -1...1)
        if maxDelta != nil || maxDiffering != nil || minSSIM != nil {
            tolerance = Tolerance(maxDelta: maxDelta ?? 0, maxDifferingPixels: maxDiffering ?? 0, minSSIM: minSSIM)
        }
        let start = Date()
        let run: ComparisonRun
        do {
            run = try ComparisonRun.compare(actual: actual, golden: golden, tolerance: tolerance, fps: fps, driftWindow: window)
        } catch let e as ComparisonError {
            throw UsageError(description: e.description)
        } catch let e as Tolerance.FileError {
            throw UsageError(description: e.description)
        }
        let seconds = Date().timeIntervalSince(start)
        let json = o.flag("json")
        if !json {
            for f in run.frames where f.failed || !o.flag("quiet") { print(f.line) }
            if let d = run.drift { print("timing: \(d.description)") }
            print(run.summary)
        }
        var reportPath: String? = nil
        if let dir = o.string("report") {
            let name = golden.lastPathComponent
            let written = try Report.write(ReportRun(id: "compare-\(name)", command: "compare", summary: run.summary,
                                                     cases: [ReportCase(comparison: name, run: run, seconds: seconds)]),
                                           to: URL(fileURLWithPath: dir))
            reportPath = CheckItem.displayPath(written.html.path)
            FileHandle.standardError.write(Data("animo-render: report → \(written.html.path)\n".utf8))
        }
        let status: Int32 = run.passed ? 0 : 1
        if json {
            print(MachineOutput.envelope(command: "compare", exitCode: status, summary: run.summary, [
                ("actual", .string(CheckItem.displayPath(actual.path))), ("golden", .string(CheckItem.displayPath(golden.path))),
                ("report", reportPath.map { .string($0) } ?? .null),
                ("cases", .array([MachineOutput.comparisonCase(name: golden.lastPathComponent, run, seconds: seconds)])),
            ]).text())
        }
        return status
    }
}
