// `animo-render SPEC --out DIR --json` (or `render … --json`): after the render, one JSON object
// (docs/json.md) on standard output: the spec, the folder, the manifest, the frames and every file
// written, read back from the folder's manifest.json and the export paths, and the warnings (the
// black-shader trap, clamped values), which are also printed on standard error. Progress and notes
// stay on standard error.
import Foundation
import AnimoVerify
import AnimoScene

enum RenderJSON {
    /// The summary of a finished render.
    static func summary(_ o: RenderOptions, warnings: [RenderDiagnostic], seconds: Double) -> OutputJSON {
        let manifestURL = o.out.appendingPathComponent("manifest.json")
        let manifest = (try? Data(contentsOf: manifestURL)).flatMap { try? OutputJSON.parse($0) }
        let frames = (manifest?["frames"]?.arrayValue ?? []).compactMap { $0["file"]?.stringValue }
        var files = [manifestURL.path] + frames.map { o.out.appendingPathComponent($0).path }
        for url in [o.gif, o.apng, o.webp, o.mp4, o.sheet, o.filmstrip?.url].compactMap({ $0 }) where FileManager.default.fileExists(atPath: url.path) {
            files.append(url.path)
        }
        let n = frames.count
        let summary = "\(n) frame\(n == 1 ? "" : "s") → \(CheckItem.displayPath(o.out.path))"
        return MachineOutput.envelope(command: "render", exitCode: 0, summary: summary, [
            ("spec", .string(o.specPath)), ("out", .string(CheckItem.displayPath(o.out.path))),
            ("manifest", .string(CheckItem.displayPath(manifestURL.path))), ("frames", .integer(n)),
            ("seconds", .number(seconds)),
            ("warnings", .array(warnings.map { .string($0.description) })),
            ("files", .array(files.map { .string(CheckItem.displayPath($0)) })),
        ])
    }
}
