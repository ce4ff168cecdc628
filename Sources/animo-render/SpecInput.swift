// Where the commands read a spec from: a file, or standard input for `-` (shown as `<stdin>` in
// messages; shader images are then read relative to the current folder). Loading resolves the
// scene and binds its shaders too, so that every problem a spec can have before any pixel (bad
// SVG path data, an unknown shader, a missing image) fails render, verify and lint alike.
import Foundation
import AnimoSpec
import AnimoRender

enum SpecInput {
    /// The name shown in messages for a spec read from standard input.
    static let standardInputName = "<stdin>"

    /// Decodes and validates the spec at `path` (`-`: standard input).
    /// - Throws: `SpecLoadFailure` (exit status 2) with every problem found.
    static func load(_ path: String) throws -> Spec {
        do {
            guard path == "-" else { return try Spec.load(path: path) }
            let data = FileHandle.standardInput.readDataToEndOfFile()
            var spec = try Spec.load(data: data, fileName: standardInputName)
            spec.baseDirectory = FileManager.default.currentDirectoryPath
            return spec
        } catch {
            throw SpecLoadFailure(errors: error.errors, path: path)
        }
    }

    /// Loads the spec, resolves it and binds its shaders (no pixel is drawn).
    /// - Throws: `SpecLoadFailure` with every problem found, the scene's and the shaders' together.
    /// A path ending in `.swift` is a SwiftUI file: it is compiled into a spec first
    /// (docs/swift.md), and errors found later are shown at its Swift positions.
    /// - Parameter interactions: `--tap` and `--drag`, appended to the spec's interactions.
    static func renderer(_ path: String, swift: SwiftInputOptions = SwiftInputOptions(), interactions: [SpecInteraction] = []) throws -> SceneRenderer {
        var remap: (SpecErrors) -> SpecErrors = { $0 }
        var spec: Spec
        if path.lowercased().hasSuffix(".swift") {
            // Without --duration, a Swift view is rendered long enough to show the last tap or
            // drag given on the command line and a second of its response (up to 600 s).
            var swift = swift
            if swift.duration == nil, let last = interactions.map(\.end).max() {
                swift.minimumDuration = min(600, ((last + 1) * 10).rounded(.up) / 10)
            }
            // The compiled front end plays them in the view's process, where its handlers are.
            if swift.compiled { swift.interactions = interactions }
            (spec, remap) = try SwiftFrontEnd.load(path, swift)
        } else {
            spec = try load(path)
        }
        let interactions = path.lowercased().hasSuffix(".swift") && swift.compiled ? [] : interactions
        for x in interactions where x.at > spec.duration {
            throw UsageError(description: "\(x.path): \(formatNumber(x.at)) s is after the end of the spec (duration \(formatNumber(spec.duration)) s)")
        }
        if spec.interactions.count + interactions.count > SpecInteraction.maxCount {
            throw UsageError(description: "\(spec.interactions.count + interactions.count) interactions (the spec's and --tap/--drag); the limit is \(SpecInteraction.maxCount)")
        }
        spec.interactions += interactions
        do {
            return try SceneRenderer(spec: spec)
        } catch {
            throw SpecLoadFailure(errors: remap(error).errors, path: path)
        }
    }
}

/// A spec that failed to load, resolve or bind its shaders: exit status 2, every error with its
/// file, line, column and JSON path (for --json, --junit and --annotations).
struct SpecLoadFailure: Error, CustomStringConvertible {
    var errors: [SpecError]
    /// The path as given on the command line (`-` for standard input).
    var path: String

    /// Errors named by the path as given (a spec's errors carry only its file name).
    var located: [SpecError] {
        errors.map { e in
            var e = e
            if path != "-", URL(fileURLWithPath: path).lastPathComponent == e.file { e.file = path }
            return e
        }
    }

    var description: String { SpecErrors(errors).description }
}
