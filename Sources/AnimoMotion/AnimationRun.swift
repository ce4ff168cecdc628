// AnimationRun: one Animation started on one value, resolved for evaluation at any elapsed time.
//
// Every kind reports a `Sample` (f, g and their time derivatives). With Xp the value of the
// animations beneath it (the previous entries of the combining stack, docs/semantics.md §19), M the
// run's target and v0 a carried initial velocity (only merged fluid springs have one):
//     X = Xp + f·(M − Xp) + g·v0,   V = (1 − f)·Vp + f′·(M − Xp) + g′·v0.
// A finished run has f = 1, g = 0: it contributes its target in full (§19).
//
// Modifiers (§26–29): delay holds the base at its start; speed scales time (and
// velocities); repeat restarts the base each time it finishes, odd passes mirrored
// (delta − base(delta)) when autoreversing; after the last pass the value is the target.
import Foundation

/// The state of a run at an elapsed time.
public struct AnimationSample: Sendable, Equatable {
    /// Fraction of (M − Xp) applied, and its time derivative.
    public var f: Double, df: Double
    /// Coefficient of the carried initial velocity, and its time derivative.
    public var g: Double, dg: Double
    /// True once the run has finished (it then contributes its target in full).
    public var finished: Bool

    static let done = AnimationSample(f: 1, df: 0, g: 0, dg: 0, finished: true)
}

/// An Animation resolved against the delta and initial velocity it animates.
public struct AnimationRun: Sendable {
    indirect enum R: Sendable {
        case curve(UnitCurve, duration: Double)
        case keyframes(ResolvedKeyframeTrack)
        case interpolating(Spring, v0: Double, finish: Double)
        case fluid(FluidSpringTrajectory)
        case delay(Double, R)
        case speed(Double, R)
        case repeating(count: Int?, autoreverses: Bool, R, pass: Double?)
        case logical(Double, R)
    }
    let root: R
    public let animation: Animation
    /// Elapsed time at which the run finishes (rests), nil if never (repeatForever, undamped).
    public let finishTime: Double?
    /// Elapsed time of logical completion (§16, 19, 29, 38), nil if never.
    public let logicalCompletionTime: Double?
    /// The fluid spring's trajectory when the run is an unmodified fluid spring.
    public var fluidTrajectory: FluidSpringTrajectory? {
        if case .fluid(let t) = root { return t }
        return nil
    }

    /// Resolves `animation` for a value moving by `delta` with a carried `initialVelocity`
    /// (used by unmodified fluid springs only), blending from a previous spring's response.
    public init(_ animation: Animation, delta: AnimatableVector, initialVelocity: AnimatableVector = .zero,
                blendFromResponse: Double? = nil) {
        self.animation = animation
        func resolve(_ n: Animation.Node, top: Bool) -> R {
            switch n {
            case .curve(let c, let d): return .curve(c, duration: d)
            case .keyframes(let k): return .keyframes(ResolvedKeyframeTrack(k, from: .zero))
            case .interpolating(let s, let v0):
                // When the interpolating SpringAnimation returns nil is not in our sources: we use the
                // settling duration of §12 for target 1 and the fractional initial velocity.
                return .interpolating(s, v0: v0, finish: s.settlingDuration(target: 1, initialVelocity: v0))
            case .fluid(let r, let z, let b):
                return .fluid(FluidSpringTrajectory(delta: delta, initialVelocity: top ? initialVelocity : .zero,
                                                    response: r, dampingFraction: z,
                                                    blendFromResponse: top ? blendFromResponse : nil, blendDuration: b))
            case .delay(let d, let b): return .delay(d, resolve(b, top: false))
            case .speed(let s, let b): return .speed(s, resolve(b, top: false))
            case .logicallyComplete(let t, let b): return .logical(t, resolve(b, top: false))
            case .repeating(let c, let a, let b):
                let inner = resolve(b, top: false)
                return .repeating(count: c, autoreverses: a, inner, pass: Self.finish(inner))
            }
        }
        root = resolve(animation.node, top: true)
        finishTime = Self.finish(root)
        logicalCompletionTime = Self.logical(root)
    }

    static func finish(_ r: R) -> Double? {
        switch r {
        case .curve(_, let d): return d
        case .keyframes(let k): return k.duration
        case .interpolating(_, _, let f): return f.isFinite ? f : nil
        case .fluid(let t): return t.restTime
        case .delay(let d, let b): return finish(b).map { $0 + d }
        case .speed(let s, let b): return finish(b).map { $0 / s }
        case .logical(_, let b): return finish(b)
        case .repeating(let c, _, let b, let p):
            guard let p else { return nil }           // base never ends: the first pass runs forever
            if p <= 0 { return 0 }
            _ = b
            return c.map { Double($0) * p }
        }
    }

    static func logical(_ r: R) -> Double? {
        switch r {
        case .curve(_, let d): return d                                   // §38: the end
        case .keyframes(let k): return k.duration
        case .interpolating(let s, _, _): return 2 * .pi / s.angularFrequency // §16: 2π/√k (m = 1)
        case .fluid(let t): return t.response                              // §16: τ ≥ response
        case .delay(let d, let b): return logical(b).map { $0 + d }
        case .speed(let s, let b): return logical(b).map { $0 / s }
        case .logical(let after, let b): return logical(b).map { min($0, after) } ?? after  // §29
        case .repeating(let c, _, let b, let p):
            guard let c, let p else { return nil }
            if p <= 0 { return 0 }
            return logical(b).map { Double(c - 1) * p + $0 }
        }
    }

    /// The sample at elapsed time `tau` (clamped to [0, 1e9]; NaN reads as 0).
    public func sample(at tau: Double) -> AnimationSample {
        Self.sample(root, tau.isNaN ? 0 : min(max(0, tau), 1e9))
    }

    static func sample(_ r: R, _ tau: Double) -> AnimationSample {
        switch r {
        case .curve(let c, let d):
            if tau >= d { return .done }
            let u = tau / d
            return AnimationSample(f: c.value(at: u), df: c.velocity(at: u) / d, g: 0, dg: 0, finished: false)
        case .keyframes(let k):
            if tau >= k.duration { return .done }
            let st = k.state(at: tau)
            return AnimationSample(f: st.value.x, df: st.velocity.x, g: 0, dg: 0, finished: false)
        case .interpolating(let s, let v0, let fin):
            if tau >= fin { return .done }
            let k = s.coefficients(time: tau)
            return AnimationSample(f: k.a + v0 * k.b, df: k.da + v0 * k.db, g: 0, dg: 0, finished: false)
        case .fluid(let t):
            if let rest = t.restTime, tau >= rest { return .done }
            let b = t.basis(at: tau)
            return AnimationSample(f: b[0], df: b[2], g: b[1], dg: b[3], finished: false)
        case .delay(let d, let b):
            if tau < d {
                var s = sample(b, 0)
                s.df = 0; s.dg = 0
                return s
            }
            return sample(b, tau - d)
        case .speed(let k, let b):
            var s = sample(b, tau * k)
            s.df *= k; s.dg *= k
            return s
        case .logical(_, let b):
            return sample(b, tau)
        case .repeating(let count, let auto, let b, let pass):
            guard let p = pass else { return sample(b, tau) }
            if p <= 0 { return .done }
            let i = (tau / p).rounded(.down)
            if let count, i >= Double(count) { return .done }   // §26: snap to the model value
            // Pass counts beyond 2⁵³ lose their parity and offset: treat them as pass 0 (no trap).
            let exact = i.isFinite && i < 9e15
            var s = sample(b, exact ? max(0, tau - i * p) : 0)
            if s.finished { s = AnimationSample(f: 1, df: 0, g: 0, dg: 0, finished: false) }
            if auto, exact, i.truncatingRemainder(dividingBy: 2) == 1 {
                s.f = 1 - s.f; s.df = -s.df; s.g = -s.g; s.dg = -s.dg
            }
            return s
        }
    }
}
