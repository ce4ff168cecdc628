// PhaseAnimator: phases in order, each entered with its own animation, advancing when the
// animations the change created are logically complete (docs/semantics.md §36–38).
//
// - Without a trigger: phase 0 shows first, then at t = 0 the animator animates to phase 1, and
//   so on, looping back to phase 0 forever (§36). We unroll the loop up to a horizon.
// - With triggers: each trigger plays one cycle 1, 2, …, n−1, 0 (§36). A trigger arriving
//   during a cycle starts a new cycle from the current presentation values (our choice: the
//   sources do not say).
// - `animations[i]` is the animation used when entering phase i (§36: the closure receives
//   the phase being animated to); nil = no animation.
// - Completion criterion: `.logicallyComplete` (§38, L): springs at their response (§16),
//   curves at their end. A phase change that alters nothing advances at once (§37). If a
//   whole cycle passes without time advancing (all phases equal), looping stops — no infinite loop.
//   An animation that never completes logically (repeatForever) holds its phase for good.
import Foundation

/// A resolved phase animation over named properties.
public struct PhaseAnimator: Sendable {
    /// When each phase was entered.
    public struct Step: Sendable, Equatable {
        public let time: Double
        public let phase: Int
    }
    /// Per-property transaction histories.
    public let properties: [String: AnimatedProperty]
    /// The phase changes in time order (the first is phase 0 at −∞ … represented as time 0).
    public let steps: [Step]

    /// - Parameters:
    ///   - phases: property values of each phase (every phase must name the same properties).
    ///   - animations: the animation for entering each phase (same count as `phases`).
    ///   - triggers: nil to loop forever; else the times at which one cycle is played.
    ///   - horizon: the last time that needs values (the loop is unrolled up to it).
    public init(phases: [[String: AnimatableVector]], animations: [Animation?],
                triggers: [Double]? = nil, horizon: Double) throws {
        guard !phases.isEmpty else {
            throw MotionError(parameter: "phases", message: "phases must not be empty")
        }
        guard animations.count == phases.count else {
            throw MotionError(parameter: "animations", message: "animations must have one entry per phase (\(phases.count)), got \(animations.count)")
        }
        try MotionError.requireFinite(horizon, "horizon")
        let names = Set(phases[0].keys)
        for p in phases where Set(p.keys) != names {
            throw MotionError(parameter: "phases", message: "phases must all name the same properties")
        }
        var props: [String: AnimatedProperty] = [:]
        for (k, v) in phases[0] { props[k] = AnimatedProperty(initialValue: v) }
        var steps = [Step(time: 0, phase: 0)]

        /// Enters `phase` at `t`; returns the time the phase change is logically complete (nil: never).
        func enter(_ phase: Int, at t: Double) throws -> Double? {
            var done = t
            for (k, target) in phases[phase] {
                try props[k]!.set(target, at: t, animation: animations[phase])
                let c = props[k]!.changes.last!
                if c.startedAnimation {
                    guard let l = c.logicalCompletionTime else { return nil }
                    done = max(done, l)
                }
            }
            steps.append(Step(time: t, phase: phase))
            return done
        }

        let n = phases.count
        if let triggers {
            var last = -Double.infinity
            for t in triggers {
                try MotionError.requireFinite(t, "trigger time")
                guard t >= last else { throw MotionError(parameter: "triggers", message: "triggers must be non-decreasing") }
                last = t
            }
            for (i, start) in triggers.enumerated() where n > 1 {
                let stop = i + 1 < triggers.count ? triggers[i + 1] : horizon
                var t = start
                for j in 1...n {
                    guard t <= horizon, t < stop || (j == 1 && t == start) else { break }
                    guard let next = try enter(j % n, at: t) else { break }
                    t = next
                }
            }
        } else if n > 1 {
            var t = 0.0, phase = 0, idle = 0
            while t <= horizon {
                let next = (phase + 1) % n
                guard let done = try enter(next, at: t) else { break }
                idle = done > t ? 0 : idle + 1
                if idle >= n { break }   // a whole cycle without time passing
                t = done
                phase = next
            }
        }
        properties = props
        self.steps = steps
    }

    /// The presentation values at time t.
    public func values(at t: Double) -> [String: AnimatableVector] {
        properties.mapValues { $0.value(at: t) }
    }

    /// The phase most recently entered at time t.
    public func phase(at t: Double) -> Int {
        steps.last(where: { $0.time <= t })?.phase ?? 0
    }
}
