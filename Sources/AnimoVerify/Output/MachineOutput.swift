// What every command prints with --json (docs/json.md), and the CI items (JUnit XML, GitHub
// annotations) of verify, lint and goldens, built from the same results the text output reads.
import Foundation
import AnimoSpec
import AnimoCheck

public enum MachineOutput {
    /// The version of the JSON layout (docs/json.md); it changes only when a field changes meaning
    /// or goes away (new fields may be added within a version).
    public static let schemaVersion = 1

    /// The object every command prints: `tool`, `schemaVersion`, `command`, `status` (`passed`,
    /// `failed` or `error`), `exitCode` and `summary`, then the command's own fields.
    public static func envelope(command: String, exitCode: Int32, summary: String, _ fields: [(String, OutputJSON)]) -> OutputJSON {
        let status = exitCode == 0 ? "passed" : (exitCode == 1 ? "failed" : "error")
        return .object([("tool", .string("animo-render")), ("schemaVersion", .integer(schemaVersion)),
                        ("command", .string(command)), ("status", .string(status)), ("exitCode", .integer(Int(exitCode))),
                        ("summary", .string(summary))] + fields)
    }

    /// A problem that stopped a command (exit status 2): with the file, line, column and JSON
    /// path when it is a spec error.
    public static func error(_ e: SpecError) -> OutputJSON {
        .object(("message", .string(e.message)), ("file", .string(e.file)), ("line", e.line > 0 ? .integer(e.line) : nil),
                ("column", e.column > 0 ? .integer(e.column) : nil), ("path", e.path.isEmpty ? nil : .string(e.path)))
    }

    // MARK: - Places in a spec

    /// The line and column of the value at `path` in a spec loaded from text.
    public static func position(_ spec: Spec?, _ path: String) -> (line: Int, column: Int)? {
        guard let source = spec?.source else { return nil }
        let p = source.position(of: path)
        return p.line > 0 ? (p.line, p.column) : nil
    }

    /// Where event N of the expanded list (`Spec.events`) is written: its `at`, or for a timer's
    /// firing or one of several changes, the event or change object.
    static func eventPath(_ spec: Spec?, _ n: Int) -> String {
        guard let spec, spec.events.indices.contains(n) else { return "events[\(n)].at" }
        let e = spec.events[n]
        return e.firing == nil && !e.path.contains(".changes") ? e.path + ".at" : e.path
    }

    // MARK: - Frames, poses, timing

    /// One compared frame. `path` maps a file to what the output shows (e.g. relative to a report).
    public static func frame(_ f: ComparedFrame, path: (URL) -> String = { CheckItem.displayPath($0.path) }) -> OutputJSON {
        let status: String
        var error: String? = nil
        switch f.status {
        case .passed: status = "passed"
        case .failed: status = "failed"
        case .missing: status = "missing"
        case .extra: status = "extra"
        case .unreadable(let w): status = "unreadable"; error = w
        }
        let c = f.comparison
        return .object(("name", .string(f.name)), ("time", .num(f.time)), ("status", .string(status)), ("error", .str(error)),
                       ("sizeMismatch", c.map { .bool($0.sizeMismatch) }), ("maxDelta", .int(c?.exact.maxChannelDelta)),
                       ("differingPixels", .int(c?.exact.differingPixels)),
                       ("pixels", c.map { .integer($0.expectedSize.width * $0.expectedSize.height) }),
                       ("perceptualPixels", .int(c?.perceptual?.differingPixels)),
                       ("antialiasedPixels", .int(c?.perceptual?.antialiasedPixels)), ("ssim", .num(c?.ssim)),
                       ("expected", .str(f.expected.map(path))), ("actual", .str(f.actual.map(path))))
    }

    /// One key pose's recorded time against now.
    public static func pose(_ p: PoseCheck, spec: Spec?) -> OutputJSON {
        let place = p.event.flatMap { position(spec, eventPath(spec, $0)) }
        return .object(("role", .string(p.role)), ("file", .string(p.file)), ("expectedTime", .num(p.old)), ("actualTime", .num(p.new)),
                       ("shift", (p.old != nil && p.new != nil) ? .number(p.new! - p.old!) : nil),
                       ("status", .string(p.status.rawValue)), ("message", .string(p.message)),
                       ("line", .int(place?.line)), ("column", .int(place?.column)))
    }

    public static func timing(_ t: TimingAnalysis) -> OutputJSON {
        .object(("source", .string(t.source.rawValue)), ("model", t.model.map { .string($0.kind.rawValue) } ?? .null),
                ("shift", .num(t.model?.shift)), ("scale", .num(t.model?.scale)), ("residual", .num(t.model?.residual)),
                ("tolerance", .number(t.tolerance)), ("sentence", .string(t.sentence)),
                ("detail", .array(t.detail.map { .string($0) })),
                ("points", .array(t.points.map { p in
                    .object(("label", .string(p.label)), ("expectedTime", .number(p.old)), ("actualTime", .number(p.new)),
                            ("origin", .number(p.origin)), ("weight", .number(p.weight)))
                })))
    }

    public static func tolerance(_ t: Tolerance) -> OutputJSON {
        .object(("maxDelta", .integer(t.maxDelta)), ("maxDifferingPixels", .integer(t.maxDifferingPixels)),
                ("maxPerceptualPixels", .int(t.maxPerceptualPixels)), ("perceptualThreshold", .number(t.perceptualThreshold)),
                ("minSSIM", .num(t.minSSIM)), ("maxPoseShift", .num(t.maxPoseShift)))
    }

    /// A curve over time: `{"times": […], "values": […]}`.
    public static func curve(times: [Double], values: [Double]) -> OutputJSON {
        .object([("times", .array(times.map { .number($0) })), ("values", .array(values.map { .number($0) }))])
    }

    // MARK: - Cases (goldens and compare)

    /// A golden case's result.
    public static func goldenCase(_ golden: GoldenCase, _ r: GoldenCase.Result, seconds: Double? = nil,
                                  path: (URL) -> String = { CheckItem.displayPath($0.path) }) -> OutputJSON {
        let status = r.error != nil ? "error" : (r.failed ? "failed" : "passed")
        var curves: [OutputJSON] = []
        if let old = r.recordedPoses, let new = r.currentPoses {
            for key in Set(old.progress.keys).union(new.progress.keys).sorted() {
                let o = old.progress[key] ?? [], n = new.progress[key] ?? []
                curves.append(.object(("label", .string("progress of \(key)'s transition")),
                                      ("expected", curve(times: o.indices.map { Double($0) / old.fps }, values: o)),
                                      ("actual", curve(times: n.indices.map { Double($0) / new.fps }, values: n))))
            }
        }
        let specPlace = CheckItem.displayPath(golden.specURL.path)
        return .object(("name", .string(golden.name)), ("kind", .string("golden")), ("status", .string(status)),
                       ("summary", .string(r.line)), ("error", .str(r.error)),
                       ("spec", .object(("file", .string(specPlace)), ("duration", .num(r.spec?.duration)), ("fps", .num(r.spec?.fps)))),
                       ("seconds", .num(seconds)),
                       ("tolerance", r.run.map { tolerance($0.tolerance) }),
                       ("frames", .array((r.run?.frames ?? []).map { frame($0, path: path) })),
                       ("poses", .array(r.poses.map { pose($0, spec: r.spec) })),
                       ("timing", r.timing.map(timing) ?? .null),
                       ("curves", curves.isEmpty ? nil : .array(curves)),
                       ("orphans", .array(r.orphans.map { .string($0) })),
                       ("details", .array(r.details.map { .string($0) })),
                       ("notes", .array(r.notes.map { .string($0) })))
    }

    /// A comparison of two images or folders, as one case.
    public static func comparisonCase(name: String, _ run: ComparisonRun, seconds: Double? = nil,
                                      path: (URL) -> String = { CheckItem.displayPath($0.path) }) -> OutputJSON {
        var curves: [OutputJSON] = []
        if let d = run.drift {
            curves.append(.object(("label", .string("progress along the golden's frames")),
                                  ("expected", curve(times: d.goldenTimes, values: d.goldenProgress)),
                                  ("actual", curve(times: d.matches.map(\.actualTime), values: d.matchProgress))))
        }
        return .object(("name", .string(name)), ("kind", .string("comparison")), ("status", .string(run.passed ? "passed" : "failed")),
                       ("summary", .string(run.summary)), ("seconds", .num(seconds)),
                       ("tolerance", tolerance(run.tolerance)),
                       ("frames", .array(run.frames.map { frame($0, path: path) })),
                       ("timing", run.drift.map { timing($0.analysis) } ?? .null),
                       ("curves", curves.isEmpty ? nil : .array(curves)))
    }

    /// The CI item of a golden case: at the spec, on the line of the first event whose key poses moved.
    public static func goldenItem(_ golden: GoldenCase, _ r: GoldenCase.Result, seconds: Double?, report: String?) -> CheckItem {
        let file = CheckItem.displayPath(golden.specURL.path)
        guard r.failed else { return CheckItem(suite: "goldens", name: golden.name, file: file, outcome: .passed, seconds: seconds) }
        let place = r.poses.first(where: \.failed)?.event.flatMap { position(r.spec, eventPath(r.spec, $0)) }
        var detail = r.details
        if let report { detail.append("report: \(report)") }
        return CheckItem(suite: "goldens", name: golden.name, file: file, line: place?.line, column: place?.column,
                         outcome: .failed(message: "\(golden.name): \(r.line)", detail: detail), seconds: seconds)
    }

    // MARK: - verify

    public static func verification(file: String, spec: Spec, verdicts: [ExpectationVerdict], framesRendered: Int) -> OutputJSON {
        let failed = verdicts.filter { !$0.passed }.count
        return .object(("file", .string(file)), ("status", .string(failed == 0 ? "passed" : "failed")),
                       ("framesRendered", .integer(framesRendered)),
                       ("expectations", .array(verdicts.map { v in
                           let place = position(spec, v.path)
                           return .object(("path", .string(v.path)), ("at", .string(v.at)), ("time", .num(v.seconds)),
                                          ("passed", .bool(v.passed)), ("text", .string(v.text)),
                                          ("line", .int(place?.line)), ("column", .int(place?.column)))
                       })))
    }

    public static func verifyItems(file: String, spec: Spec, verdicts: [ExpectationVerdict]) -> [CheckItem] {
        let shown = CheckItem.displayPath(file)
        return verdicts.map { v in
            let place = position(spec, v.path)
            return CheckItem(suite: "verify \(shown)", name: "\(v.path) at \(v.at)", file: shown, line: place?.line, column: place?.column,
                             outcome: v.passed ? .passed : .failed(message: v.text, detail: []))
        }
    }

    // MARK: - lint

    public static func lint(file: String, spec: Spec, findings: [LintFinding]) -> OutputJSON {
        let open = findings.filter { !$0.isSuppressed }.count
        return .object(("file", .string(file)), ("status", .string(open == 0 ? "passed" : "failed")),
                       ("findings", .array(findings.map { f in
                           let place = position(spec, f.path)
                           return .object(("rule", .string(f.id)), ("path", .string(f.path)), ("node", .str(f.node)),
                                          ("message", .string(f.message)), ("line", .int(place?.line)), ("column", .int(place?.column)),
                                          ("suppressed", .bool(f.isSuppressed)), ("reason", .str(f.suppression?.reason)),
                                          ("suppressedBy", .str(f.suppression?.path)))
                       })))
    }

    /// Per rule: a failed item per finding to fix, a skipped one per suppressed finding (with its
    /// reason), one passed item when the rule found nothing, skipped when it is not checked yet.
    public static func lintItems(file: String, spec: Spec, findings: [LintFinding]) -> [CheckItem] {
        let shown = CheckItem.displayPath(file)
        var items: [CheckItem] = []
        for rule in SpecLint.ids {
            let mine = findings.filter { $0.id == rule }
            if mine.isEmpty {
                items.append(CheckItem(suite: "lint \(shown)", name: rule, file: shown,
                                       outcome: SpecLint.unchecked.contains(rule) ? .skipped("not checked yet (docs/lint.md)") : .passed))
            }
            for f in mine {
                let place = position(spec, f.path)
                let outcome: CheckItem.Outcome = f.suppression.map { .skipped("suppressed at \($0.path): \($0.reason)") }
                    ?? .failed(message: "[\(f.id)] \(f.path): \(f.message)", detail: [])
                items.append(CheckItem(suite: "lint \(shown)", name: "\(rule) at \(f.path)", file: shown,
                                       line: place?.line, column: place?.column, outcome: outcome))
            }
        }
        return items
    }
}
