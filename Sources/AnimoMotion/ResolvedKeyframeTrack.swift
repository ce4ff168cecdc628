// ResolvedKeyframeTrack: a KeyframeTrack bound to its start value and velocity, ready to
// evaluate at any time (docs/semantics.md §30–34).
//
// Choices where the sources are silent (§31, 32 marked L):
// - Cubic tangents: non-uniform Catmull-Rom, v_i = (p_{i+1} − p_{i−1}) / (t_{i+1} − t_{i−1}), on the
//   nominal keyframe values (the track's start value counts as p_{−1} at time 0).
//   Start velocity of a cubic: explicit, else Catmull-Rom if the previous keyframe is cubic, else
//   the previous segment's end velocity (§31; the track's initial velocity for the first).
//   End velocity: explicit, else Catmull-Rom if the next keyframe is cubic, the start slope of a
//   next linear keyframe, the explicit start velocity of a next spring keyframe (Catmull-Rom
//   when it has none), and 0 before a move keyframe or at the end of the track.
// - Spring keyframes pull from the current value toward `to` with the closed-form spring. With a
//   nil duration (settling duration) the value snaps to `to` at the end (within 0.1 % anyway);
//   with an explicit duration the next keyframe starts from the spring's actual value and
//   velocity at the cut-off (WWDC23 10157: "interpolation toward the next keyframe begins").
import Foundation

/// A keyframe track with its start value resolved.
public struct ResolvedKeyframeTrack: Sendable {
    enum SegmentKind: Sendable {
        case curve(UnitCurve)
        case hermite(v0: AnimatableVector, v1: AnimatableVector)
        case spring(Spring, v0: AnimatableVector)
        case jump
    }
    struct Segment: Sendable {
        let start: Double, end: Double
        let from: AnimatableVector, to: AnimatableVector
        let kind: SegmentKind
    }
    public let name: String
    public let startValue: AnimatableVector
    let segments: [Segment]
    /// The value after the last keyframe.
    public let endValue: AnimatableVector
    /// The velocity at the end of the last keyframe.
    public let endVelocity: AnimatableVector
    /// The track's duration (sum of keyframe durations, §34).
    public let duration: Double

    public init(_ track: KeyframeTrack, from start: AnimatableVector, initialVelocity: AnimatableVector = .zero) {
        name = track.name
        startValue = start
        let kfs = track.keyframes
        var times: [Double] = []
        var t = 0.0
        for k in kfs { t += k.duration; times.append(t) }
        duration = t
        func nominal(_ i: Int) -> (AnimatableVector, Double) { i < 0 ? (start, 0) : (kfs[i].value, times[i]) }
        func catmullRom(_ i: Int) -> AnimatableVector {
            // Tangent at keyframe i's end point, from its neighbours.
            let (pPrev, tPrev) = nominal(i - 1), (pNext, tNext) = nominal(i + 1)
            let dt = tNext - tPrev
            return dt > 0 ? (pNext - pPrev).scaled(by: 1 / dt) : .zero
        }
        var segs: [Segment] = []
        var p = start, v = initialVelocity
        var clock = 0.0
        for (i, k) in kfs.enumerated() {
            let end = clock + k.duration
            if k.duration <= 0 {
                segs.append(Segment(start: clock, end: clock, from: p, to: k.value, kind: .jump))
                p = k.value; v = .zero
                continue
            }
            switch k.kind {
            case .move:
                segs.append(Segment(start: clock, end: clock, from: p, to: k.value, kind: .jump))
                p = k.value; v = .zero
            case .linear(let c):
                segs.append(Segment(start: clock, end: end, from: p, to: k.value, kind: .curve(c)))
                v = (k.value - p).scaled(by: c.velocity(at: 1) / k.duration)
                p = k.value
            case .cubic(let sv, let ev):
                let v0: AnimatableVector
                if let sv { v0 = sv } else if i > 0, case .cubic = kfs[i - 1].kind { v0 = catmullRom(i - 1) } else { v0 = v }
                var v1 = AnimatableVector.zero
                if let ev { v1 = ev } else if i + 1 < kfs.count {
                    let next = kfs[i + 1]
                    switch next.kind {
                    case .cubic: v1 = catmullRom(i)
                    case .linear(let c) where next.duration > 0:
                        v1 = (next.value - k.value).scaled(by: c.velocity(at: 0) / next.duration)
                    case .spring(_, let nsv, _): v1 = nsv ?? catmullRom(i)
                    default: v1 = .zero
                    }
                }
                segs.append(Segment(start: clock, end: end, from: p, to: k.value, kind: .hermite(v0: v0, v1: v1)))
                p = k.value; v = v1
            case .spring(let s, let sv, let explicit):
                let v0 = sv ?? v
                segs.append(Segment(start: clock, end: end, from: p, to: k.value, kind: .spring(s, v0: v0)))
                if explicit {
                    let delta = k.value - p
                    let q = s.coefficients(time: k.duration)
                    p = p + AnimatableVector(storage: delta.storage * q.a + v0.storage * q.b)
                    v = AnimatableVector(storage: delta.storage * q.da + v0.storage * q.db)
                } else {
                    p = k.value; v = .zero
                }
            }
            clock = end
        }
        segments = segs
        endValue = p
        endVelocity = v
    }

    /// Value and velocity at time t since the track started (held at the ends).
    public func state(at t: Double) -> (value: AnimatableVector, velocity: AnimatableVector) {
        guard !t.isNaN, t >= 0 else { return (startValue, .zero) }
        // Last segment whose start ≤ t (jumps at equal times apply in order).
        var lo = 0, hi = segments.count
        while lo < hi { let m = (lo + hi) / 2; if segments[m].start <= t { lo = m + 1 } else { hi = m } }
        guard lo > 0 else { return (startValue, .zero) }
        let s = segments[lo - 1]
        if t >= s.end {
            // Past this segment (and no later one has started): its end state.
            if lo == segments.count { return (endValue, t > s.end ? .zero : endVelocity) }
            return (Self.evaluate(s, s.end).value, .zero)
        }
        return Self.evaluate(s, t)
    }

    static func evaluate(_ s: Segment, _ t: Double) -> (value: AnimatableVector, velocity: AnimatableVector) {
        let d = s.end - s.start
        let delta = s.to - s.from
        switch s.kind {
        case .jump: return (s.to, .zero)
        case .curve(let c):
            let u = d > 0 ? (t - s.start) / d : 1
            return (s.from + delta.scaled(by: c.value(at: u)), delta.scaled(by: d > 0 ? c.velocity(at: u) / d : 0))
        case .hermite(let v0, let v1):
            guard d > 0 else { return (s.to, .zero) }
            let u = (t - s.start) / d, u2 = u * u, u3 = u2 * u
            let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
            let value = s.from.scaled(by: h00) + v0.scaled(by: h10 * d) + s.to.scaled(by: h01) + v1.scaled(by: h11 * d)
            let d00 = (6 * u2 - 6 * u) / d, d10 = 3 * u2 - 4 * u + 1, d01 = (-6 * u2 + 6 * u) / d, d11 = 3 * u2 - 2 * u
            let vel = s.from.scaled(by: d00) + v0.scaled(by: d10) + s.to.scaled(by: d01) + v1.scaled(by: d11)
            return (value, vel)
        case .spring(let sp, let v0):
            let q = sp.coefficients(time: t - s.start)
            return (s.from + AnimatableVector(storage: delta.storage * q.a + v0.storage * q.b),
                    AnimatableVector(storage: delta.storage * q.da + v0.storage * q.db))
        }
    }

    /// The value at time t since the track started.
    public func value(at t: Double) -> AnimatableVector { state(at: t).value }
}
