// SceneTimeline: the state variables' step functions and every animated property of a spec,
// resolved once at load (docs/spec.md).
//
// State: each event is `withAnimation(animation) { state = … }` at `at`; the *model* state S(t) is
// a step function (an event at exactly t has happened at t).
//
// Properties: every number of a node instance that reads a state variable is one animated scalar
// (outside `canvas` content, where drawing is immediate). Its model value is an expression
// m(t, S, A) of the clock t, the state S and animator values A (phase/keyframe animators, which
// run by themselves like the clock). Clock- and animator-driven parts must pass through without
// animation, while state changes animate. The model used:
//
//     value(t) = m(t, S(t), A(t)) + (P(t) − T_last(t))
//
// where P is a Motion `AnimatedProperty` whose k-th change, at an event time t_k that changes a
// state variable the expression reads, has the cumulative target T_k = T_{k−1} + J_k with the jump
// J_k = m(t_k, S_k, A(t_k)) − m(t_k, S_{k−1}, A(t_k)), and T_last(t) is the target of the last
// change at or before t (T_0 = m(0, S_0, A(0)), P's initial value). At rest P = T_last and the value
// is the model; right after a change P − T_last = −J_k (plus what was still in flight), so the
// value is continuous and moves from its presentation value to the new model value with the
// change's animation. Springs retarget keeping velocity, curves combine (Motion's rules), because
// P is an ordinary AnimatedProperty. For expressions that do not read `t` or animator values
// this is exactly property-level animation of the model value.
import AnimoSpec
import AnimoMotion

/// The state step function of a spec.
struct StateTimeline: Sendable {
    /// Events in time order (stable), with their index in the spec's `events` array.
    struct Event: Sendable {
        var index: Int
        var time: Double
        var spec: SpecEvent
        /// State slots whose value this event changes (value differs from before).
        var changedSlots: Set<Int>
    }

    let events: [Event]
    /// The state slots, in declaration order.
    let slots: [Int]
    /// stateAfter[k][j]: the value of slots[j] after events[k]; stateBefore: initial values.
    let initial: [Double]
    let stateAfter: [[Double]]
    /// What the clock `t` reads at time 0 (`canvas.clockStart`).
    let clockStart: Double

    init(spec: Spec) {
        clockStart = spec.canvas.clockStart
        slots = spec.state.map(\.slot)
        initial = spec.state.map(\.initial)
        let order = spec.events.indices.sorted { (a, b) in
            spec.events[a].at != spec.events[b].at ? spec.events[a].at < spec.events[b].at : a < b
        }
        var current = initial
        var evs: [Event] = []
        var after: [[Double]] = []
        for i in order {
            let e = spec.events[i]
            var changed = Set<Int>()
            for a in e.set {
                guard let j = slots.firstIndex(of: a.slot) else { continue }
                if current[j] != a.value { changed.insert(a.slot) }
                current[j] = a.value
            }
            evs.append(Event(index: i, time: e.at, spec: e, changedSlots: changed))
            after.append(current)
        }
        events = evs
        stateAfter = after
    }

    /// Index into `events` of the last event at or before t; nil before the first.
    func lastEvent(at t: Double) -> Int? {
        let n = events.prefixCount { $0.time <= t }
        return n == 0 ? nil : n - 1
    }

    /// The state values (aligned with `slots`) after event k (k = nil: the initial state).
    func state(after k: Int?) -> [Double] { k.map { stateAfter[$0] } ?? initial }

    /// Writes the model state at t into a frame of slot values.
    func write(stateAt t: Double, into frame: inout [Double]) {
        let s = state(after: lastEvent(at: t))
        for (j, slot) in slots.enumerated() { frame[slot] = s[j] }
    }

    func write(state s: [Double], into frame: inout [Double]) {
        for (j, slot) in slots.enumerated() { frame[slot] = s[j] }
    }
}

/// One animated scalar and the events that changed it.
struct PropertyTrack: Sendable {
    var motion: AnimatedProperty
    /// For each of `motion.changes`, the index (in the spec's `events`) of the event that made it.
    var eventOfChange: [Int]

    init(initial: Double) {
        motion = AnimatedProperty(initialValue: .scalar(initial))
        eventOfChange = []
    }

    /// P(t) − T_last(t): the animated offset from the model value (0 at rest).
    func offset(at t: Double) -> Double {
        let n = changesUpTo(t)
        guard n > 0 else { return 0 }
        return motion.value(at: t).x - motion.changes[n - 1].target.x
    }

    /// The target in force at t: the last change's at or before t, else the initial value.
    func target(at t: Double) -> Double {
        let n = changesUpTo(t)
        return n > 0 ? motion.changes[n - 1].target.x : motion.value(at: t).x
    }

    /// How many changes happen at or before t (a binary search: no allocation per frame).
    private func changesUpTo(_ t: Double) -> Int {
        motion.changes.prefixCount { $0.time <= t }
    }

    /// The absolute value P(t) (for tracks whose value is used directly, e.g. presence, canvas
    /// animatable variables).
    func value(at t: Double) -> Double { motion.value(at: t).x }
}
