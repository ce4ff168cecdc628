// Where the commands read a spec from. Loading resolves the scene and binds its shaders too, so
// that every problem a spec can have before any pixel (bad SVG path data, an unknown shader, a
// missing image) fails render, verify and lint alike.
import Foundation
import AnimoSpec
import AnimoRender

enum SpecInput {
    /// Decodes and validates the spec at `path`.
    /// - Throws: `SpecFailure` (exit status 2) with every problem found.
    static func load(_ path: String) throws -> Spec {
        do {
            return try Spec.load(path: path)
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
