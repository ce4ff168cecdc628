// How far the transition an event set off has come, as a number over time: the measure the key
// poses use (`mid:N` is the first instant it reaches one half), exposed so that a golden case can
// record it beside its key poses and a report can plot it when the timing moves.
//
// Each property the event animated counts from the value displayed when the event fired:
// - when that value differs from the new target, by how far it has come toward the target:
//   (v(t) − shown) / (target − shown), which may overshoot 1 (a spring) or dip below 0;
// - when the displayed value already equals the target but the property still moves — a reversal
//   while an earlier animation runs (curves add, docs/semantics.md §18), or a delayed animation
//   whose start has not come yet — by the distance it has travelled since the event, over the
//   whole distance it travels until it rests (a bar that rises and falls back is halfway at the
//   top); sampled at 1/600 s and interpolated linearly between samples;
// - a property that does not move at all counts as done (1).
// Symbol effects the event set off count by their linear progress. The event's progress is the
// mean over all of these.
import AnimoSpec
import AnimoMotion

/// The transition one event set off, ready to be measured at any instant.
struct EventTransition: Sendable {
    /// The event's time.
    let start: Double
    let changes: [(track: PropertyTrack, index: Int)]
    let components: [ComponentTransition]
    /// For changes whose displayed value equals their target (by position in `changes`): the
    /// cumulative distance travelled at start + k / 600 s, k = 0 … count − 1.
    let travel: [Int: [Double]]

    static let step = 1.0 / 600

    /// Nil when the event started no animation (its change is immediate).
    init?(scene: ResolvedScene, event: Int) {
        guard let ev = scene.states.events.first(where: { $0.index == event }) else { return nil }
        let changes: [(track: PropertyTrack, index: Int)] = scene.evaluator.tracks.flatMap { tr in
            tr.eventOfChange.enumerated().compactMap { (ci, e) in
                e == event && tr.motion.changes[ci].startedAnimation ? (tr, ci) : nil
            }
        }
        let components = scene.componentTransitions.filter { $0.event == event }
        guard !changes.isEmpty || !components.isEmpty else { return nil }
        start = ev.time
        self.changes = changes
        self.components = components
        var travel: [Int: [Double]] = [:]
        for (k, c) in changes.enumerated() {
            let ch = c.track.motion.changes[c.index]
            guard ch.presentationBefore == ch.target,
                  let end = ResolvedScene.restOrInterruption(c.track.motion, change: c.index) else { continue }
            let count = Int(min(max((end - ch.time) / Self.step, 0), 60 * 600).rounded(.up)) + 1
            var sums = [Double](repeating: 0, count: count)
            var previous = c.track.motion.value(at: ch.time).x
            for i in 1..<count {
                let v = c.track.motion.value(at: min(ch.time + Double(i) * Self.step, end)).x
                sums[i] = sums[i - 1] + abs(v - previous)
                previous = v
            }
            if let total = sums.last, total > 0 { travel[k] = sums }
        }
        self.travel = travel
    }

    /// The mean progress at `t` (0 at the event, 1 at the targets).
    func progress(at t: Double) -> Double {
        var sum = components.reduce(0.0) { $0 + $1.progress(at: t) }
        for (k, c) in changes.enumerated() {
            let ch = c.track.motion.changes[c.index]
            let from = ch.presentationBefore.x, to = ch.target.x
            if let sums = travel[k] {
                // At least two samples: a table is kept only when the distance is positive.
                let x = min(max((t - ch.time) / Self.step, 0), Double(sums.count - 1))
                let i = min(Int(x), sums.count - 2)
                let d = sums[i] + (sums[i + 1] - sums[i]) * (x - Double(i))
                sum += d / sums[sums.count - 1]
            } else {
                sum += to == from ? 1 : (c.track.motion.value(at: t).x - from) / (to - from)
            }
        }
        return sum / Double(changes.count + components.count)
    }
}

extension ResolvedScene {
    /// The mean progress, 0 at the event and 1 at the targets, of the animations event `event`
    /// (its index in the spec's `events`) started, together with its symbol-effect transitions, at
    /// `t`: the quantity `keyPoses()` bisects for `mid:N`. nil when the event started no animation
    /// (its change is immediate) or does not exist.
    public func transitionProgress(event: Int, at t: Double) -> Double? {
        EventTransition(scene: self, event: event)?.progress(at: t)
    }

    /// `transitionProgress(event:at:)` at each of `times`, measuring the transition once.
    public func transitionProgress(event: Int, at times: [Double]) -> [Double]? {
        guard let e = EventTransition(scene: self, event: event) else { return nil }
        return times.map { e.progress(at: $0) }
    }
}
