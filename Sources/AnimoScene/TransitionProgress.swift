// How far the transition an event set off has come, as a number over time: the measure the key
// poses use (`mid:N` is the first instant it reaches one half), exposed so that a golden case can
// record it beside its key poses and a report can plot it when the timing moves.
import AnimoSpec

extension ResolvedScene {
    /// The mean progress, 0 at the event and 1 at the targets, of the animations event `event`
    /// (its index in the spec's `events`) started, together with its symbol-effect transitions, at
    /// `t`: the quantity `keyPoses()` bisects for `mid:N`. nil when the event started no animation
    /// (its change is immediate) or does not exist.
    public func transitionProgress(event: Int, at t: Double) -> Double? {
        let changes: [(track: PropertyTrack, index: Int)] = evaluator.tracks.flatMap { tr in
            tr.eventOfChange.enumerated().compactMap { (ci, e) in
                e == event && tr.motion.changes[ci].startedAnimation ? (tr, ci) : nil
            }
        }
        let components = componentTransitions.filter { $0.event == event }
        guard !changes.isEmpty || !components.isEmpty else { return nil }
        var sum = components.reduce(0.0) { $0 + $1.progress(at: t) }
        for c in changes {
            let ch = c.track.motion.changes[c.index]
            let from = ch.presentationBefore.x, to = ch.target.x
            sum += to == from ? 1 : (c.track.motion.value(at: t).x - from) / (to - from)
        }
        return sum / Double(changes.count + components.count)
    }
}
