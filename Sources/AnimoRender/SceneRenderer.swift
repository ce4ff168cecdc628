// SceneRenderer: the public entry point from a loaded spec to pixels. It resolves the spec once
// (AnimoScene's `ResolvedScene`), binds its shader modifiers to kernels (`ShaderBindings`), both
// before any pixel, then renders any instant t as a pure function of t: frames may be rendered in
// parallel, in any order, with identical bytes.
import AnimoSpec
import AnimoScene
import AnimoGeometry
import AnimoRaster
import Foundation

/// Renders a spec's frames.
public struct SceneRenderer: Sendable {
    /// The spec resolved for evaluation: display lists, key poses, frame times.
    public let scene: ResolvedScene
    let shaders: ShaderBindings
    let images: SpecImages

    public var spec: Spec { scene.spec }

    /// Features skipped or approximated, found while resolving, followed by the warnings found while
    /// rendering frames so far: the black-shader trap (a shader whose output is uniformly black or
    /// transparent over its view), shader arguments or filter numbers from expressions that were
    /// not usable (clamped or skipped).
    public var diagnostics: [RenderDiagnostic] { scene.diagnostics }

    /// Resolves the spec and binds its shaders.
    /// - Parameter fileName: the file name shown in errors (default: the one the spec was loaded with).
    /// - Throws: `SpecErrors` with JSON paths and positions for problems found only now: bad SVG
    ///   path data, animation parameters Motion rejects, unknown shaders, wrong shader arguments,
    ///   unreadable images.
    ///   Every problem is reported at once, in source order: the scene's and the shaders'.
    public init(spec: Spec, fileName: String? = nil) throws(SpecErrors) {
        var errors: [SpecError] = []
        images = SpecImages(spec: spec, fileName: fileName, errors: &errors)
        scene = ResolvedScene(spec: spec, fileName: fileName ?? spec.source?.fileName ?? "spec.json", imageSizes: images.sizes, errors: &errors)
        do {
            shaders = try ShaderBindings(uses: scene.shaderUses, spec: spec, fileName: fileName)
        } catch {
            errors += error.errors
            shaders = .none
        }
        guard errors.isEmpty else { throw SpecErrors(SpecErrors.sorted(errors)) }
    }

    /// Frame instants from 0 to `duration` at `fps` (see `ResolvedScene.frameTimes`).
    public func frameTimes(fps: Double) -> [Double] { scene.frameTimes(fps: fps) }

    /// The key instants inside [0, duration]: `first`, per event `start:N`, `mid:N`, `rest:N`
    /// (an event that animates nothing has only `start:N`), then `last`.
    public func keyPoses() -> [KeyPose] { scene.keyPoses() }

    /// Every key pose, with the copies and the poses outside the timeline (`ResolvedScene.keyPoseSet`).
    public func keyPoseSet() -> KeyPoseSet { scene.keyPoseSet() }

    /// Renders the instant t at `scale` pixels per point (default: the canvas's scale).
    /// - Parameter threads: workers for filters and shaders inside the frame (default 1, for
    ///   callers that render frames in parallel); the pixels are identical for any count.
    /// - Throws: `PixmapError` when the pixel size is invalid (e.g. too large); `ShaderRunError`
    ///   when a shader compiled from the spec's `.metal` sources stopped (its budget of loop
    ///   iterations ran out, an integer division by zero, an out-of-bounds index).
    public func render(at t: Double, scale: Double? = nil, threads: Int = 1) throws -> Pixmap {
        let s = scale ?? spec.canvas.scale
        guard s.isFinite, s > 0 else { throw PixmapError.emptySize(width: 0, height: 0) }
        // Checked before converting: a 1e300 pt canvas at scale 1e-300 is valid, at scale 2 it is not.
        let wd = (spec.canvas.width * s).rounded(.up), hd = (spec.canvas.height * s).rounded(.up)
        guard wd <= Double(Pixmap.maxSide), hd <= Double(Pixmap.maxSide) else {
            throw PixmapError.tooLarge(width: wd < 1e15 ? Int(wd) : Int.max, height: hd < 1e15 ? Int(hd) : Int.max)
        }
        let w = Int(wd), h = Int(hd)
        // The frame starts filled with the background: one write, instead of a transparent pixmap
        // cleared again (the deferred clear would write every pixel a second time).
        // A background that reads the clock or the state is evaluated with the frame's content.
        let frame = scene.frame(at: t)
        var ctx = DrawingContext(pixmap: try Pixmap(width: w, height: h, fill: frame.background.premultiplied))
        ctx.transform = .scale(s, s)
        let failures = ShaderFailures()
        DisplayPainter.draw(frame.content, in: &ctx,
                            env: EffectEnvironment(threads: max(1, threads), warnings: scene.warnings, shaders: shaders, images: images, failures: failures))
        if let first = failures.first { throw ShaderRunError(failure: first, time: t) }
        return ctx.finish()
    }
}

/// What painting needs besides the display list: worker threads for filters and shaders (results
/// are identical for any count), where to record warnings, and the scene's bound shaders.
struct EffectEnvironment: Sendable {
    var threads: Int = 1
    var warnings: RenderWarnings? = nil
    var shaders: ShaderBindings = .none
    var images: SpecImages = .none
    var failures: ShaderFailures? = nil
}

/// A shader that stopped before shading its view.
struct ShaderFailure: Sendable {
    var name: String
    var path: String
    var reason: String
}

/// The shader failures of one frame, from any worker; the first in painting order is thrown.
final class ShaderFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [ShaderFailure] = []
    func add(_ f: ShaderFailure) { lock.lock(); items.append(f); lock.unlock() }
    var first: ShaderFailure? { lock.lock(); defer { lock.unlock() }; return items.first }
}

/// A frame that could not be rendered because a compiled shader stopped.
public struct ShaderRunError: Error, Sendable, CustomStringConvertible {
    /// The shader modifier's JSON path.
    public var path: String
    /// The stitchable function's name.
    public var name: String
    public var reason: String
    /// The frame's time in seconds.
    public var time: Double

    init(failure: ShaderFailure, time: Double) {
        path = failure.path
        name = failure.name
        reason = failure.reason
        self.time = time
    }

    public var description: String {
        "\(path): the shader \"\(name)\" stopped in the frame at \(String(format: "%.3f", time)) s: \(reason)"
    }
}
