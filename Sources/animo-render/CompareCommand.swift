// `animo-render compare ACTUAL GOLDEN [--report DIR]`: two PNGs or two folders of PNGs (matched
// by file name). Prints one line of figures per frame (failures first), the timing analysis of
// an animation, and a summary. Exit 0: every frame within tolerance; 1: a difference (or a
// missing/extra/unreadable frame); 2: bad arguments.
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

    OPTIONS
      --report DIR       write report.html and expected | actual | diff images of failing frames
      --fps N            frame rate for times when a folder has no manifest.json (default 30)
      --window K         timing analysis searches ±K frames (default 5)
      --max-delta D      per-channel difference allowed per pixel (0…255)
      --max-differing N  pixels allowed to exceed --max-delta
      --min-ssim S       lowest mean SSIM accepted
      --json             print the figures as JSON lines instead of text
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
        let run: ComparisonRun
        do {
            run = try ComparisonRun.compare(actual: actual, golden: golden, tolerance: tolerance, fps: fps, driftWindow: window)
        } catch let e as ComparisonError {
            throw UsageError(description: e.description)
        } catch let e as Tolerance.FileError {
            throw UsageError(description: e.description)
        }
        if o.flag("json") {
            for f in run.frames { print(json(f)) }
        } else {
            for f in run.frames where f.failed || !o.flag("quiet") { print(f.line) }
            if let d = run.drift { print("timing: \(d.description)") }
            print(run.summary)
        }
        if let dir = o.string("report") {
            let written = try ComparisonReport.write([(golden.lastPathComponent, run)], to: URL(fileURLWithPath: dir))
            FileHandle.standardError.write(Data("animo-render: report → \(written.html.path)\n".utf8))
        }
        return run.passed ? 0 : 1
    }

    /// One frame's figures as a JSON object (for scripts).
    static func json(_ f: ComparedFrame) -> String {
        var d: [String: Any] = ["name": f.name, "passed": !f.failed]
        switch f.status {
        case .passed: d["status"] = "passed"
        case .failed: d["status"] = "failed"
        case .missing: d["status"] = "missing"
        case .extra: d["status"] = "extra"
        case .unreadable(let w): d["status"] = "unreadable"; d["error"] = w
        }
        if let t = f.time { d["time"] = t }
        if let c = f.comparison {
            d["sizeMismatch"] = c.sizeMismatch
            d["maxDelta"] = c.exact.maxChannelDelta
            d["differingPixels"] = c.exact.differingPixels
            if let p = c.perceptual {
                d["perceptualPixels"] = p.differingPixels
                d["antialiasedPixels"] = p.antialiasedPixels
            }
            if let s = c.ssim { d["ssim"] = s }
        }
        let data = (try? JSONSerialization.data(withJSONObject: d, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
