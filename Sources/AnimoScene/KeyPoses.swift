// Key poses: the instants worth a picture — `first`, each event's `start:N`, `mid:N` (its
// transition halfway, TransitionProgress.swift) and `rest:N` (every animation it started has
// settled), and `last` — found from the motion, not from pixels. A pose is placed only inside
// [0, duration]: one that would fall outside (a transition that settles after the end) is listed
// apart with the time it would have, so that a caller can say so instead of rendering a frame the
// animation never shows. An event that animates nothing has its `mid:N` and `rest:N` at its
// `start:N`; those copies are listed apart too, so that a sheet shows the picture once.
import AnimoSpec
import AnimoMotion

/// An instant worth rendering: `first`, `last`, and for each event N `start:N`, `mid:N`, `rest:N`.
public struct KeyPose: Sendable, Equatable, CustomStringConvertible {
    /// `first`, `last`, `start:N`, `mid:N` or `rest:N` (N = the event's index in the spec).
    public var role: String
    /// Seconds on the timeline clock.
    public var time: Double
    public var description: String { "\(role)@\(time)" }

    public init(role: String, time: Double) {
        self.role = role
        self.time = time
    }
}

/// Every key pose of a scene, sorted out by where it belongs.
public struct KeyPoseSet: Sendable, Equatable {
    /// The poses worth a frame, sorted by time (stable), all inside [0, duration].
    public var placed: [KeyPose]
    /// `mid:N` and `rest:N` of an event that animates nothing: the instant of its `start:N`, the
    /// same picture.
    public var copies: [KeyPose]
    /// Poses that would fall outside [0, duration], with the time they would have (a `rest:N`
    /// after the end of the spec); never rendered.
    public var outside: [KeyPose]

    /// The time of a placed pose or a copy; nil for a pose outside the timeline or one that does
    /// not exist.
    public func time(of role: String) -> Double? {
        (placed.first { $0.role == role } ?? copies.first { $0.role == role })?.time
    }

    /// The pose named `role` when it falls outside [0, duration].
    public func outside(_ role: String) -> KeyPose? { outside.first { $0.role == role } }
}

extension ResolvedScene {
    /// The placed key poses (`keyPoseSet().placed`): `first` (0), then per event `start:N`,
    /// `mid:N`, `rest:N` unless the event animates nothing, then `last` (duration); sorted by
    /// time, all inside [0, duration].
    public func keyPoses() -> [KeyPose] { keyPoseSet().placed }

    /// Every key pose: `mid:N` is the first instant the event's transition progress reaches one
    /// half (TransitionProgress.swift); `rest:N` the instant every animation it started has
    /// settled (left out when one never settles, e.g. repeatForever).
    public func keyPoseSet() -> KeyPoseSet {
        var found = [KeyPose(role: "first", time: 0)]
        var copies: [KeyPose] = []
        for ev in states.events {
            let n = ev.index
            found.append(KeyPose(role: "start:\(n)", time: ev.time))
            guard let transition = EventTransition(scene: self, event: n) else {
                copies += [KeyPose(role: "mid:\(n)", time: ev.time), KeyPose(role: "rest:\(n)", time: ev.time)]
                continue
            }
            var rest: Double? = transition.components.map(\.end).max().map { max($0, ev.time) } ?? ev.time
            for c in transition.changes {
                guard let r = Self.restOrInterruption(c.track.motion, change: c.index), let cur = rest else { rest = nil; break }
                rest = max(cur, r)
            }
            if let mid = Self.midTime(transition, end: rest) {
                found.append(KeyPose(role: "mid:\(n)", time: mid))
            }
            if let rest { found.append(KeyPose(role: "rest:\(n)", time: rest)) }
        }
        found.append(KeyPose(role: "last", time: spec.duration))
        let sorted = found.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
        let inside = { (p: KeyPose) in p.time >= 0 && p.time <= spec.duration }
        return KeyPoseSet(placed: sorted.filter(inside), copies: copies.filter(inside),
                          outside: sorted.filter { !inside($0) } + copies.filter { !inside($0) })
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

    /// First instant at which the transition's progress reaches 1/2: scanned at 1/600 s up to
    /// `end` (or start + 60 s), then bisected to 1e-9 s.
    static func midTime(_ transition: EventTransition, end: Double?) -> Double? {
        let start = transition.start
        func progress(_ t: Double) -> Double { transition.progress(at: t) }
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
