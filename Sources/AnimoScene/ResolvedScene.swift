// ResolvedScene: a spec resolved once, before any pixel — state step functions, every animated
// property's transactions, SVG paths, animators, effects — then evaluated at any instant t into a
// display list as a pure function of t, so frames may be produced in parallel, in any order. It
// also finds the key poses (when each event's transition starts, is halfway and comes to rest).
// No pixels: AnimoRender paints the display lists.
import AnimoSpec
import Foundation
import AnimoMotion
import AnimoGeometry

/// An instant worth rendering: `first`, `last`, and for each event N `start:N`, `mid:N`, `rest:N`.
public struct KeyPose: Sendable, Equatable, CustomStringConvertible {
    /// `first`, `last`, `start:N`, `mid:N` or `rest:N` (N = the event's index in the spec).
    public var role: String
    /// Seconds on the timeline clock.
    public var time: Double
    public var description: String { "\(role)@\(time)" }
}

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
    /// - Parameter imageSizes: the pixel sizes of the spec's PNG images by file name, read by the
    ///   renderer (`image` nodes need them).
    public init(spec: Spec, fileName: String = "spec.json", imageSizes: [String: Size] = [:], errors: inout [SpecError]) {
        self.spec = spec
        let resolver = SceneResolver(spec: spec, imageSizes: imageSizes)
        let content = resolver.resolveContent()
        errors += resolver.issues.map { spec.error(at: $0.path, $0.message, fileName: fileName) }
        resolveDiagnostics = resolver.diagnostics
        shaderUses = resolver.shaderUses
        states = resolver.states
        componentTransitions = resolver.componentTransitions
        let screen = Rect(x: 0, y: 0, width: spec.canvas.width, height: spec.canvas.height)
        let insets = spec.canvas.safeAreaInsets
        let safeArea = Rect(x: insets.leading, y: insets.top, width: screen.width - insets.leading - insets.trailing,
                            height: screen.height - insets.top - insets.bottom)
        evaluator = SceneEvaluator(content: content, tracks: resolver.tracks, states: resolver.states,
                                   canvasRect: screen, slotCount: spec.slots.count,
                                   layoutContext: LayoutContext(area: safeArea, screen: screen, safeArea: safeArea, scale: spec.canvas.scale))
    }

    /// What the frame at t draws, in canvas points (a non-finite t is taken as 0).
    public func displayList(at t: Double) -> DisplayNode {
        evaluator.displayList(at: t.isFinite ? t : 0)
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

    /// The key instants: `first` (0), then per event `start:N`, `mid:N` (first instant the mean
    /// progress of the animations it started reaches one half), `rest:N` (every animation it started
    /// has settled; left out when one never settles, e.g. repeatForever), then `last` (duration).
    /// Sorted by time (stable).
    public func keyPoses() -> [KeyPose] {
        var poses = [KeyPose(role: "first", time: 0)]
        for ev in states.events {
            let n = ev.index
            poses.append(KeyPose(role: "start:\(n)", time: ev.time))
            let changes: [(track: PropertyTrack, index: Int)] = evaluator.tracks.flatMap { tr in
                tr.eventOfChange.enumerated().compactMap { (ci, e) in
                    e == n && tr.motion.changes[ci].startedAnimation ? (tr, ci) : nil
                }
            }
            let components = componentTransitions.filter { $0.event == n }
            var rest: Double? = components.map(\.end).max().map { max($0, ev.time) } ?? ev.time
            for c in changes {
                guard let r = Self.restOrInterruption(c.track.motion, change: c.index), let cur = rest else { rest = nil; break }
                rest = max(cur, r)
            }
            if let mid = midTime(changes, components, start: ev.time, end: rest) {
                poses.append(KeyPose(role: "mid:\(n)", time: mid))
            }
            if let rest { poses.append(KeyPose(role: "rest:\(n)", time: rest)) }
        }
        poses.append(KeyPose(role: "last", time: spec.duration))
        return poses.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
    }

    /// When the animation a change started comes to rest. If a later change of the same property
    /// arrives first (a second event retargets it while it is still moving), the transition of the
    /// earlier event never settles on its own; its rest pose is then the instant just before that
    /// later change (1 µs earlier), the last pose the earlier event produced. Without this rule a
    /// toggle whose second event comes before the spring's long tail has died out (metaball-fab:
    /// the rotation spring's rest rule, docs/semantics.md §15/21, needs 2.3 s; the next event is 1.9 s
    /// later) would have its rest pose after the second transition.
    static func restOrInterruption(_ motion: AnimatedProperty, change index: Int) -> Double? {
        let rest = motion.restTime(afterChange: index)
        // The first later change that moves the model value (events that leave this property's
        // value alone are recorded as changes too, and do not interrupt it).
        var model = motion.changes[index].target
        for later in motion.changes[(index + 1)...] {
            if later.target != model {
                let before = later.time - 1e-6
                guard let r = rest else { return before }
                return min(r, before)
            }
            model = later.target
        }
        return rest
    }

    /// First instant at which the mean progress of `changes` reaches 1/2: scanned at 1/600 s up
    /// to `end` (or start + 60 s), then bisected to 1e-9 s.
    func midTime(_ changes: [(track: PropertyTrack, index: Int)], _ components: [ComponentTransition] = [], start: Double, end: Double?) -> Double? {
        guard !changes.isEmpty || !components.isEmpty else { return start }
        func progress(_ t: Double) -> Double {
            var sum = components.reduce(0.0) { $0 + $1.progress(at: t) }
            for c in changes {
                let ch = c.track.motion.changes[c.index]
                let from = ch.presentationBefore.x, to = ch.target.x
                sum += to == from ? 1 : (c.track.motion.value(at: t).x - from) / (to - from)
            }
            return sum / Double(changes.count + components.count)
        }
        if progress(start) >= 0.5 { return start }
        let stop = min(end ?? .infinity, start + 60)
        let h = 1.0 / 600
        var prev = start, t = start
        while t < stop {
            t = min(t + h, stop)
            if progress(t) >= 0.5 {
                var lo = prev, hi = t
                for _ in 0..<60 where hi - lo > 1e-9 {
                    let m = 0.5 * (lo + hi)
                    if progress(m) >= 0.5 { hi = m } else { lo = m }
                }
                return hi
            }
            prev = t
        }
        return progress(stop) >= 0.5 ? stop : nil
    }
}
