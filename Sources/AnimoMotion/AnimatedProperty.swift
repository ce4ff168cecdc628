// AnimatedProperty: one animatable value driven by a history of transactions (state changes
// with animations). The presentation value at time t is a pure function of that history, so
// frames can be evaluated in any order, in parallel (docs/spec.md, "Events").
//
// Semantics (docs/semantics.md §17–20):
// - No animation: the value jumps to the new model value; running animations are dropped.
// - Unmodified fluid springs (`.spring`, `.smooth`, `.snappy`, `.bouncy`, `.interactiveSpring`,
//   `.default`) merge: they replace whatever runs, starting from the presentation value; they keep
//   the previous velocity when the previous animation reports one (a lone fluid or interpolating
//   spring), otherwise start at rest (Béziers and combined stacks report nil, §17); when the
//   previous animation is a lone fluid spring with another response, the response blends over the
//   new spring's blendDuration.
// - Everything else (curves, interpolating springs, modified springs) combines: entries form a
//   stack, X₋₁ = the stack's base, X_i = X_{i−1} + a_i·(M_i − X_{i−1}) (§19), so a new curve runs
//   from the old animation's in-flight value to the new target. The stack ends, and reports
//   logical completion, when its last-added entry does.
// - A change to the current model value creates no animation (nothing to animate; §37).
// - A modified fluid spring (with delay/speed/repeat) inside a combining stack uses its unit step
//   response as the fraction a_i: the device integrates it toward the moving target
//   e_i − result; with a fixed-shape fraction the two differ only while lower entries still move.
//
// Changes must be added in non-decreasing time order; each `set` precomputes what later queries
// need (fluid trajectories, the value just before the change), so queries are read-only.
import Foundation

/// One animatable value and its transaction history.
public struct AnimatedProperty: Sendable {
    /// A recorded state change.
    public struct Change: Sendable {
        /// When the change happened (seconds on the timeline clock).
        public let time: Double
        /// The new model value.
        public let target: AnimatableVector
        /// The animation it carried (nil = jump).
        public let animation: Animation?
        /// The presentation value just before the change.
        public let presentationBefore: AnimatableVector
        /// The velocity just before the change.
        public let velocityBefore: AnimatableVector
        /// Whether the change started an animation (false for jumps and for no-op changes).
        public let startedAnimation: Bool
        /// Absolute time at which the value would be at rest if no later change arrived (nil: never).
        public let restTimeIfUndisturbed: Double?
        /// Absolute time of logical completion of the animation this change created (its own
        /// time for jumps and no-ops; nil: never).
        public let logicalCompletionTime: Double?
    }

    struct Entry: Sendable {
        let time: Double
        let target: AnimatableVector
        let run: AnimationRun
        let initialVelocity: AnimatableVector
    }

    struct Segment: Sendable {
        let start: Double
        let base: AnimatableVector
        var entries: [Entry]
    }

    /// The model value before any change.
    public let initialValue: AnimatableVector
    /// The changes in time order.
    public private(set) var changes: [Change] = []
    var segments: [Segment] = []

    /// A property at rest at `initialValue`.
    public init(initialValue: AnimatableVector) {
        self.initialValue = initialValue
    }

    /// The current model value (the last target set, or the initial value).
    public var modelValue: AnimatableVector { changes.last?.target ?? initialValue }

    /// Records a change to `target` at `time` with `animation` (nil = no animation).
    /// Throws when `time` is NaN/infinite or earlier than the previous change, or the target is not finite.
    public mutating func set(_ target: AnimatableVector, at time: Double, animation: Animation?) throws {
        try MotionError.requireFinite(time, "time")
        guard target.isFinite else {
            throw MotionError(parameter: "target", message: "target must be finite, got \(target)")
        }
        if let last = changes.last, time < last.time {
            throw MotionError(parameter: "time", message: "time must be >= the previous change's time \(MotionError.format(last.time)), got \(MotionError.format(time))")
        }
        let before = value(at: time)
        let velocityBefore = velocity(at: time)
        let model = modelValue
        let previousRest = changes.last?.restTimeIfUndisturbed ?? -Double.infinity
        let active: Bool = {
            guard !changes.isEmpty else { return false }
            guard let r = changes.last?.restTimeIfUndisturbed else { return true }
            return time < r
        }()

        guard let animation, target != model else {
            // Jump, or no change of the model value.
            if target != model {
                segments.append(Segment(start: time, base: target, entries: []))
            }
            let rest: Double? = target != model ? time : (active ? (changes.last?.restTimeIfUndisturbed) : max(time, previousRest))
            changes.append(Change(time: time, target: target, animation: animation, presentationBefore: before,
                                  velocityBefore: velocityBefore, startedAnimation: false,
                                  restTimeIfUndisturbed: rest, logicalCompletionTime: time))
            return
        }

        let entry: Entry
        if animation.merges {
            // Fact 17: start from the presentation value, keep a reported velocity, blend responses.
            var v0 = AnimatableVector.zero
            var blendFrom: Double? = nil
            if active, let seg = segments.last, seg.entries.count == 1 {
                let only = seg.entries[0]
                switch only.run.animation.node {
                case .fluid(let r, _, _):
                    v0 = velocityBefore
                    blendFrom = r
                case .interpolating:
                    v0 = velocityBefore
                default: break
                }
            }
            let run = AnimationRun(animation, delta: target - before, initialVelocity: v0, blendFromResponse: blendFrom)
            entry = Entry(time: time, target: target, run: run, initialVelocity: v0)
            segments.append(Segment(start: time, base: before, entries: [entry]))
        } else {
            let run = AnimationRun(animation, delta: target - before)
            entry = Entry(time: time, target: target, run: run, initialVelocity: .zero)
            if active, !segments.isEmpty {
                segments[segments.count - 1].entries.append(entry)
            } else {
                // At rest: a fresh stack whose base is the previous model value (= presentation).
                segments.append(Segment(start: time, base: model, entries: [entry]))
            }
        }
        changes.append(Change(time: time, target: target, animation: animation, presentationBefore: before,
                              velocityBefore: velocityBefore, startedAnimation: true,
                              restTimeIfUndisturbed: entry.run.finishTime.map { time + $0 },
                              logicalCompletionTime: entry.run.logicalCompletionTime.map { time + $0 }))
    }

    /// Index of the last segment starting at or before t (nil if none).
    func segmentIndex(at t: Double) -> Int? {
        var lo = 0, hi = segments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].start <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    /// Presentation value and velocity at time t (any order; pure).
    public func state(at t: Double) -> (value: AnimatableVector, velocity: AnimatableVector) {
        guard !t.isNaN, let si = segmentIndex(at: t) else {
            // Before the first change that altered the segments: the last model value before t.
            var v = initialValue
            for c in changes where c.time <= t { v = c.target }
            return (v, .zero)
        }
        let seg = segments[si]
        var x = seg.base.storage
        var v = SIMD4<Double>.zero
        for e in seg.entries {
            if e.time > t { break }
            let s = e.run.sample(at: t - e.time)
            let gap = e.target.storage - x
            let nv = v * (1 - s.f) + gap * s.df + e.initialVelocity.storage * s.dg
            x = x + gap * s.f + e.initialVelocity.storage * s.g
            v = nv
            if s.finished { x = e.target.storage; v = .zero }
        }
        return (AnimatableVector(storage: x), AnimatableVector(storage: v))
    }

    /// The presentation value at time t.
    public func value(at t: Double) -> AnimatableVector { state(at: t).value }

    /// The presentation velocity (units per second) at time t.
    public func velocity(at t: Double) -> AnimatableVector { state(at: t).velocity }

    /// Whether an animation is running at t.
    public func isAnimating(at t: Double) -> Bool {
        guard let c = changes.last(where: { $0.time <= t }) else { return false }
        guard let r = c.restTimeIfUndisturbed else { return true }
        return t < r
    }

    /// The time the value comes to rest after change `index`, taking later changes into account
    /// (a later change before rest continues the motion; a jump stops it). nil: never at rest.
    public func restTime(afterChange index: Int) -> Double? {
        guard changes.indices.contains(index) else { return nil }
        var rest = changes[index].restTimeIfUndisturbed
        var j = index + 1
        while j < changes.count {
            if let r = rest, changes[j].time >= r { return r }
            rest = changes[j].restTimeIfUndisturbed
            j += 1
        }
        return rest
    }

    /// The first time at or after change `index` when the value has covered `fraction` of the way
    /// from the presentation value at the change to the change's target (projected on that
    /// direction). Scans at 1/600 s up to rest (or 60 s), then bisects to 1e-9 s. nil if never;
    /// the change time itself if the change moved nothing.
    public func firstTime(reachingFraction fraction: Double, ofChange index: Int) -> Double? {
        guard changes.indices.contains(index), fraction.isFinite else { return nil }
        let c = changes[index]
        let dir = c.target - c.presentationBefore
        let d2 = dir.magnitudeSquared
        if d2 == 0 { return c.time }
        func progress(_ t: Double) -> Double { (value(at: t) - c.presentationBefore).dot(dir) / d2 }
        if progress(c.time) >= fraction { return c.time }
        let end = min(restTime(afterChange: index) ?? .infinity, c.time + 60)
        let h = 1.0 / 600
        var prev = c.time
        var t = c.time
        while t < end {
            t = min(t + h, end)
            if progress(t) >= fraction {
                var lo = prev, hi = t
                for _ in 0..<60 where hi - lo > 1e-9 {
                    let m = 0.5 * (lo + hi)
                    if progress(m) >= fraction { hi = m } else { lo = m }
                }
                return hi
            }
            prev = t
        }
        return progress(end) >= fraction ? end : nil
    }
}
