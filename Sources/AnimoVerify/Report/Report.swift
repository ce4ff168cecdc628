// The report a person opens when goldens or a comparison fail: a folder holding `report.html`,
// self-contained (no network: images by relative path, CSS and JS inline), the images it shows
// under `images/<case>/`, and one JSON file per run under `runs/` (the --json document of that
// run, with image paths relative to the folder). report.html is rebuilt from every file in
// `runs/` each time a run is written, so shards that write into the same folder — or whose
// folders are copied into one, as a CI artifact download does — make one report
// (`animo-render report DIR` rebuilds it). Layout and parts: ReportHTML.
import Foundation
import AnimoCheck
import AnimoRaster
import AnimoGeometry

/// One case of a run, with the files the report copies.
public struct ReportCase: Sendable {
    enum Source: Sendable {
        case golden(GoldenCase, GoldenCase.Result)
        case comparison(String, ComparisonRun)
    }
    let source: Source
    let seconds: Double?

    public init(golden: GoldenCase, result: GoldenCase.Result, seconds: Double? = nil) {
        source = .golden(golden, result); self.seconds = seconds
    }

    public init(comparison name: String, run: ComparisonRun, seconds: Double? = nil) {
        source = .comparison(name, run); self.seconds = seconds
    }

    var name: String {
        switch source {
        case .golden(let g, _): return g.name
        case .comparison(let n, _): return n
        }
    }
}

/// One run of a command (a shard of goldens, a comparison).
public struct ReportRun: Sendable {
    /// The file name under `runs/` (without `.json`): `goldens`, `goldens-shard-1-of-2`, `compare-NAME`.
    public var id: String
    public var command: String
    public var summary: String
    public var shard: (index: Int, count: Int)?
    public var cases: [ReportCase]

    public init(id: String, command: String, summary: String, shard: (index: Int, count: Int)? = nil, cases: [ReportCase]) {
        self.id = id; self.command = command; self.summary = summary; self.shard = shard; self.cases = cases
    }
}

public enum Report {
    public struct Written: Sendable {
        public var html: URL
        /// How many runs report.html shows.
        public var runs: Int
        /// Every image this run copied or made, relative to the report folder.
        public var images: [String]
    }

    /// Copies the run's images into `folder`, writes `runs/<id>.json`, and rebuilds report.html
    /// from every run in the folder.
    public static func write(_ run: ReportRun, to folder: URL) throws -> Written {
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("runs"), withIntermediateDirectories: true)
        var images: [String] = []
        var cases: [OutputJSON] = []
        for c in run.cases {
            let dir = "images/" + safe(run.id == "goldens" || run.id.hasPrefix("goldens-") ? c.name : "\(run.id)-\(c.name)")
            let target = folder.appendingPathComponent(dir)
            if fm.fileExists(atPath: target.path) { try fm.removeItem(at: target) }
            try fm.createDirectory(at: target, withIntermediateDirectories: true)
            let copier = Copier(folder: folder, dir: dir)
            var json: OutputJSON
            switch c.source {
            case .golden(let g, let r):
                json = MachineOutput.goldenCase(g, r, seconds: c.seconds, path: { copier.copy($0) })
                // The spec, for the listing with line anchors.
                if let text = try? String(contentsOf: g.specURL, encoding: .utf8) {
                    json = adding(json, [("specText", .string(text)), ("specHref", .string(relativePath(from: folder, to: g.specURL)))])
                }
            case .comparison(let name, let r):
                json = MachineOutput.comparisonCase(name: name, r, seconds: c.seconds, path: { copier.copy($0) })
            }
            json = try addDiffs(json, folder: folder, dir: dir, copier: copier)
            images += copier.written
            cases.append(json)
        }
        var fields: [(String, OutputJSON)] = [("id", .string(run.id)), ("cases", .array(cases))]
        if let sh = run.shard { fields.append(("shard", .object([("index", .integer(sh.index)), ("count", .integer(sh.count))]))) }
        let failed = cases.contains { $0["status"]?.stringValue != "passed" }
        let doc = MachineOutput.envelope(command: run.command, exitCode: failed ? 1 : 0, summary: run.summary, fields)
        try Data(doc.text().utf8).write(to: folder.appendingPathComponent("runs/\(safe(run.id)).json"), options: .atomic)
        var written = try rebuild(folder: folder)
        written.images = images
        return written
    }

    /// Rebuilds report.html from every `runs/*.json` in `folder`.
    /// - Throws: when the folder has no run, or a run file is not valid JSON.
    public static func rebuild(folder: URL) throws -> Written {
        let runsDir = folder.appendingPathComponent("runs")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: runsDir.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        guard !names.isEmpty else { throw ReportError(message: "no runs in \(runsDir.path) (a report folder holds runs/*.json, written by goldens --report or compare --report)") }
        var runs: [OutputJSON] = []
        for n in names {
            do { runs.append(try OutputJSON.parse(Data(contentsOf: runsDir.appendingPathComponent(n)))) } catch {
                throw ReportError(message: "\(runsDir.appendingPathComponent(n).path): not a run file (\(error))")
            }
        }
        let html = ReportHTML.page(runs: runs)
        let url = folder.appendingPathComponent("report.html")
        try Data(html.utf8).write(to: url, options: .atomic)
        return Written(html: url, runs: runs.count, images: [])
    }

    /// Cases and failures over every run in `folder`, and the shards it lacks.
    public static func summary(folder: URL) throws -> (text: String, cases: Int, failed: Int, missingShards: [String]) {
        let runsDir = folder.appendingPathComponent("runs")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: runsDir.path)) ?? []).filter { $0.hasSuffix(".json") }
        let runs = try names.map { try OutputJSON.parse(Data(contentsOf: runsDir.appendingPathComponent($0))) }
        let cases = runs.flatMap { $0["cases"]?.arrayValue ?? [] }
        let failed = cases.filter { $0["status"]?.stringValue != "passed" }.count
        let text = "\(runs.count) run\(runs.count == 1 ? "" : "s"), \(cases.count) case\(cases.count == 1 ? "" : "s"): \(cases.count - failed) passed, \(failed) failed"
        return (text, cases.count, failed, ReportHTML.missingShards(runs))
    }

    /// Adds `diff` (a heat map) to every failed frame that has both images.
    static func addDiffs(_ json: OutputJSON, folder: URL, dir: String, copier: Copier) throws -> OutputJSON {
        guard case .object(var members) = json, let k = members.firstIndex(where: { $0.0 == "frames" }),
              case .array(let frames) = members[k].1 else { return json }
        var out: [OutputJSON] = []
        for f in frames {
            guard f["status"]?.stringValue == "failed", let e = f["expected"]?.stringValue, let a = f["actual"]?.stringValue,
                  let ei = try? PNG.read(from: folder.appendingPathComponent(e)), let ai = try? PNG.read(from: folder.appendingPathComponent(a)) else {
                out.append(f); continue
            }
            let base = (f["name"]?.stringValue ?? "frame").replacingOccurrences(of: ".png", with: "")
            let rel = "\(dir)/\(safe(base)).diff.png"
            try PNG.write(DiffImage.heatMap(expected: ei, actual: ai), to: folder.appendingPathComponent(rel))
            copier.written.append(rel)
            out.append(adding(f, [("diff", .string(rel))]))
        }
        members[k].1 = .array(out)
        return .object(members)
    }

    /// The path of `file` relative to `folder` (both absolute), for a link from the report.
    static func relativePath(from folder: URL, to file: URL) -> String {
        let a = folder.standardizedFileURL.pathComponents, b = file.standardizedFileURL.pathComponents
        var k = 0
        while k < a.count, k < b.count, a[k] == b[k] { k += 1 }
        return (Array(repeating: "..", count: a.count - k) + b[k...]).joined(separator: "/")
    }

    static func adding(_ json: OutputJSON, _ extra: [(String, OutputJSON?)]) -> OutputJSON {
        guard case .object(let members) = json else { return json }
        return .object(members + extra.compactMap { k, v in v.map { (k, $0) } })
    }

    /// A name made safe for a file name.
    static func safe(_ s: String) -> String {
        String(s.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
    }

    /// Copies each image once into the case's folder and returns its path relative to the report.
    final class Copier: @unchecked Sendable {
        let folder: URL, dir: String
        var done: [String: String] = [:]
        var written: [String] = []
        init(folder: URL, dir: String) { self.folder = folder; self.dir = dir }

        func copy(_ url: URL) -> String {
            if let d = done[url.path] { return d }
            // A counter keeps names unique (expected/frame-0001.png and actual/frame-0001.png).
            let rel = "\(dir)/\(done.count)-\(Report.safe(url.lastPathComponent))"
            let target = folder.appendingPathComponent(rel)
            try? FileManager.default.removeItem(at: target)
            let shown = (try? FileManager.default.copyItem(at: url, to: target)) != nil ? rel : CheckItem.displayPath(url.path)
            if shown == rel { written.append(rel) }
            done[url.path] = shown
            return shown
        }
    }
}

public struct ReportError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
