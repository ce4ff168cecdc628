// ResolvedScene: a spec resolved once, before any pixel — state step functions, every animated
// property's transactions, SVG paths, animators, effects — then evaluated at any instant t into a
// display list as a pure function of t, so frames may be produced in parallel, in any order. Its
// key poses (KeyPoses.swift) say when each event's transition starts, is halfway and comes to rest.
// No pixels: AnimoRender paints the display lists.
import AnimoSpec
import Foundation
import AnimoMotion
import AnimoGeometry

/// A spec resolved for evaluation.
public struct ResolvedScene: Sendable {
    public let spec: Spec

    /// Every shader modifier the spec uses, once per JSON path, for a renderer's check against
    /// its kernels before any frame.
    public let shaderUses: [ShaderUse]

    /// Features skipped or approximated, found while resolving, followed by the warnings found
    /// while evaluating and painting frames so far (clamped numbers, the black-shader trap).
    public var diagnostics: [RenderDiagnostic] { resolveDiagnostics + warnings.all }

    /// Where evaluation and painting record warnings; shared by every frame.
    public var warnings: RenderWarnings { evaluator.warnings }

    let resolveDiagnostics: [RenderDiagnostic]
    let evaluator: SceneEvaluator
    let states: StateTimeline
    /// Component animations set off by events (symbol effects): part of those events' transitions.
    let componentTransitions: [ComponentTransition]
    /// Node instances with gesture handlers (hit testing).
    let interactive: [RInteraction]

    /// Resolves everything once.
    /// - Parameter fileName: the file name shown in errors.
    /// - Throws: `SpecErrors` with JSON paths for problems found only now (bad SVG path data,
    ///   animation parameters Motion rejects, unsupported `keyframes` animations).
    public init(spec: Spec, fileName: String = "spec.json") throws(SpecErrors) {
        var errors: [SpecError] = []
        self.init(spec: spec, fileName: fileName, errors: &errors)
        if !errors.isEmpty { throw SpecErrors(errors) }
    }

    /// Resolves everything once, appending the problems found to `errors` instead of throwing, so
    /// that a caller can report them together with its own (a renderer's shader binding). A scene
    /// resolved with errors must not be rendered: what failed is left out of it.
    /// The spec's interactions become events first (InteractionResolver.swift); `spec` is then the
    /// spec with those events.
    /// - Parameter imageSizes: the pixel sizes of the spec's PNG images by file name, read by the
    ///   renderer (`image` nodes need them).
    public init(spec: Spec, fileName: String = "spec.json", imageSizes: [String: Size] = [:], errors: inout [SpecError]) {
        guard !spec.interactions.isEmpty else {
            self.init(resolving: spec, fileName: fileName, imageSizes: imageSizes, errors: &errors)
            return
        }
        let outcome = InteractionResolver(spec: spec, fileName: fileName, imageSizes: imageSizes).run()
        guard outcome.errors.isEmpty else {
            errors += outcome.errors
            self.init(resolving: spec, fileName: fileName, imageSizes: imageSizes, errors: &errors)
            return
        }
        self.init(resolving: outcome.spec, fileName: fileName, imageSizes: imageSizes, errors: &errors,
                  presses: outcome.presses, extraDiagnostics: outcome.diagnostics)
    }

    /// Resolves a spec whose interactions are already events (or that has none).
    init(resolving spec: Spec, fileName: String, imageSizes: [String: Size], errors: inout [SpecError],
         presses: [String: [PressSpan]] = [:], extraDiagnostics: [RenderDiagnostic] = []) {
        self.spec = spec
        let resolver = SceneResolver(spec: spec, imageSizes: imageSizes)
        let content = resolver.resolveContent()
        // Before the evaluator copies the tracks: an animated background adds its own.
        let background = resolver.background()
        errors += resolver.issues.map { spec.error(at: $0.path, $0.message, fileName: fileName) }
        resolveDiagnostics = resolver.diagnostics + extraDiagnostics
        shaderUses = resolver.shaderUses
        states = resolver.states
        componentTransitions = resolver.componentTransitions
        interactive = resolver.interactive
        let screen = Rect(x: 0, y: 0, width: spec.canvas.width, height: spec.canvas.height)
        let insets = spec.canvas.safeAreaInsets
        let safeArea = Rect(x: insets.leading, y: insets.top, width: screen.width - insets.leading - insets.trailing,
                            height: screen.height - insets.top - insets.bottom)
        var evaluator = SceneEvaluator(content: content, tracks: resolver.tracks, states: resolver.states,
                                       canvasRect: screen, slotCount: spec.slots.count,
                                       layoutContext: LayoutContext(area: safeArea, screen: screen, safeArea: safeArea, scale: spec.canvas.scale,
                                                                    rightToLeft: spec.canvas.environment.rightToLeft))
        evaluator.presses = presses
        evaluator.background = background
        self.evaluator = evaluator
    }

    /// What the frame at t draws, in canvas points (a non-finite t is taken as 0).
    public func displayList(at t: Double) -> DisplayNode {
        evaluator.displayList(at: t.isFinite ? t : 0)
    }

    /// The canvas background and what the frame at t draws (a non-finite t is taken as 0): a
    /// background that reads the clock or the state is evaluated for t, animating as a fill does.
    public func frame(at t: Double) -> (background: Color, content: DisplayNode) {
        evaluator.frame(at: t.isFinite ? t : 0)
    }

    /// Frame instants from 0 to `duration` at `fps`: t_i = i / fps for i = 0 … ⌊duration·fps⌋
    /// (so `duration` itself is included when it falls on a frame, e.g. 1.6 s at 30 fps gives 49
    /// frames, the last at 1.6). An fps that is not finite and positive gives [0].
    public func frameTimes(fps: Double) -> [Double] {
        guard fps.isFinite, fps > 0 else { return [0] }
        // Clamped before converting: duration·fps may exceed Int (a rate of 1e300).
        let n = Int(min(max((spec.duration * fps + 1e-9).rounded(.down), 0), 1_000_000))
        return (0...n).map { Double($0) / fps }
    }
}
