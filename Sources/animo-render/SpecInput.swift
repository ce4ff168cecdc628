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
    /// - Throws: `SpecFailure` (exit status 2) with every problem found.
    static func load(_ path: String) throws -> Spec {
        do {
            guard path == "-" else { return try Spec.load(path: path) }
            let data = FileHandle.standardInput.readDataToEndOfFile()
            var spec = try Spec.load(data: data, fileName: standardInputName)
            spec.baseDirectory = FileManager.default.currentDirectoryPath
            return spec
        } catch {
            throw SpecFailure(message: "\(error)")
        }
    }

    /// Loads the spec, resolves it and binds its shaders (no pixel is drawn).
    /// - Throws: `SpecFailure` with every problem found, the scene's and the shaders' together.
    static func renderer(_ path: String) throws -> SceneRenderer {
        let spec = try load(path)
        do {
            return try SceneRenderer(spec: spec)
        } catch {
            throw SpecFailure(message: "\(error)")
        }
    }
}
