// KeyframeTimeline and KeyframeAnimator playback (docs/semantics.md §34, 35).
//
// - Timeline duration = the longest track (§34); shorter tracks hold their end value.
// - Tracks apply in declaration order: the last track naming a property wins (§34).
// - KeyframeAnimator, repeating: the timeline loops; the first run starts from the initial
//   values, later runs from the previous run's end values (§35: the closure receives the end
//   value of the previous run). Since our keyframes are static values, every run after the first
//   starts from the first run's end values (exact unless a spring keyframe with an explicit
//   duration ends short of its target; then an approximation).
// - KeyframeAnimator, triggered: before the first trigger the initial values; each trigger starts
//   a run from the current interpolated values and velocities (§35: the previous velocity is
//   kept by cubic/spring keyframes without an explicit velocity); at the end the values stay at the
//   end values. A zero-duration timeline does not loop.
import Foundation

/// Several keyframe tracks resolved from initial values.
public struct KeyframeTimeline: Sendable {
    public let tracks: [ResolvedKeyframeTrack]
    /// The longest track's duration (§34).
    public let duration: Double
    public let initialValues: [String: AnimatableVector]

    /// Resolves `tracks` from `initialValues` (every track name must have an initial value) and
    /// optional initial velocities.
    public init(initialValues: [String: AnimatableVector], tracks: [KeyframeTrack],
                initialVelocities: [String: AnimatableVector] = [:]) throws {
        var resolved: [ResolvedKeyframeTrack] = []
        for t in tracks {
            guard let start = initialValues[t.name] else {
                throw MotionError(parameter: "tracks", message: "tracks: no initial value for track \"\(t.name)\"")
            }
            resolved.append(ResolvedKeyframeTrack(t, from: start, initialVelocity: initialVelocities[t.name] ?? .zero))
        }
        self.tracks = resolved
        self.initialValues = initialValues
        duration = resolved.map(\.duration).max() ?? 0
    }

    /// Values and velocities at time t since the timeline started (last track wins per name).
    public func states(at t: Double) -> [String: (value: AnimatableVector, velocity: AnimatableVector)] {
        var out: [String: (value: AnimatableVector, velocity: AnimatableVector)] = [:]
        for (k, v) in initialValues { out[k] = (v, .zero) }
        for tr in tracks { out[tr.name] = tr.state(at: t) }
        return out
    }

    /// Values at time t since the timeline started.
    public func values(at t: Double) -> [String: AnimatableVector] { states(at: t).mapValues(\.value) }

    /// The value of one property at time t (nil if unknown).
    public func value(of name: String, at t: Double) -> AnimatableVector? {
        if let tr = tracks.last(where: { $0.name == name }) { return tr.value(at: t) }
        return initialValues[name]
    }

    /// Values at the end of the timeline.
    public var endValues: [String: AnimatableVector] { values(at: duration) }
}

/// `keyframeAnimator(initialValue:repeating:)` / `keyframeAnimator(initialValue:trigger:)` playback.
public struct KeyframeAnimator: Sendable {
    /// How the timeline plays.
    public enum Playback: Sendable, Hashable {
        /// Loops forever from t = 0.
        case repeating
        /// One run per trigger time (times must be non-decreasing).
        case triggered(times: [Double])
    }
    let first: KeyframeTimeline
    let loop: KeyframeTimeline?
    let runs: [(start: Double, timeline: KeyframeTimeline)]
    public let playback: Playback
    public let initialValues: [String: AnimatableVector]

    public init(initialValues: [String: AnimatableVector], tracks: [KeyframeTrack], playback: Playback) throws {
        self.initialValues = initialValues
        self.playback = playback
        first = try KeyframeTimeline(initialValues: initialValues, tracks: tracks)
        switch playback {
        case .repeating:
            loop = try KeyframeTimeline(initialValues: first.endValues, tracks: tracks)
            runs = []
        case .triggered(let times):
            loop = nil
            var rs: [(start: Double, timeline: KeyframeTimeline)] = []
            var last = -Double.infinity
            for t in times {
                try MotionError.requireFinite(t, "trigger time")
                guard t >= last else {
                    throw MotionError(parameter: "times", message: "times must be non-decreasing, got \(MotionError.format(t)) after \(MotionError.format(last))")
                }
                last = t
                // Start from the current interpolated state (§35).
                var values = initialValues, velocities: [String: AnimatableVector] = [:]
                if let prev = rs.last {
                    for (k, s) in prev.timeline.states(at: t - prev.start) { values[k] = s.value; velocities[k] = s.velocity }
                }
                rs.append((t, try KeyframeTimeline(initialValues: values, tracks: tracks, initialVelocities: velocities)))
            }
            runs = rs
        }
    }

    /// The timeline duration of one run.
    public var duration: Double { first.duration }

    /// Values at time t of the view's clock.
    public func values(at t: Double) -> [String: AnimatableVector] {
        switch playback {
        case .repeating:
            guard t > 0, first.duration > 0 else { return first.values(at: max(0, t)) }
            if t < first.duration { return first.values(at: t) }
            let loopT = (t - first.duration).truncatingRemainder(dividingBy: first.duration)
            return (loop ?? first).values(at: loopT)
        case .triggered:
            guard let run = runs.last(where: { $0.start <= t }) else { return initialValues }
            return run.timeline.values(at: t - run.start)
        }
    }
}
