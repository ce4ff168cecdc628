// Spec keyframes → Motion keyframes, shared by the `keyframeAnimator` node and the
// `{"keyframes": …}` animation form. Values are evaluated over a frame of slots (constant for
// literals; per instance for expressions such as a loop variable).
// § numbers refer to docs/semantics.md.
import AnimoSpec
import AnimoMotion

extension SpecUnitCurve {
    func motionCurve(_ f: [Double]) throws -> UnitCurve {
        switch self {
        case .linear: return .linear
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .easeInOut: return .easeInOut
        case .bezier(let a, let b, let c, let d): return try UnitCurve.bezier(a.value(f), b.value(f), c.value(f), d.value(f))
        }
    }
}

extension Optional where Wrapped == SpringParameters {
    /// The spring these parameters describe; nil is `Spring()` (duration 0.5, bounce 0, §32).
    func motionSpring(_ f: [Double]) throws -> Spring {
        guard let p = self else { return Spring.default }
        switch p {
        case .response(let r, let z, _):
            return try Spring(response: r?.value(f) ?? 0.5, dampingRatio: z?.value(f) ?? 0.825)
        case .duration(let d, let b):
            return try Spring(duration: d?.value(f) ?? 0.5, bounce: b?.value(f) ?? 0)
        case .physical(let k, let c, let m, _):
            return try Spring(mass: m?.value(f) ?? 1, stiffness: k.value(f), damping: c.value(f))
        }
    }
}

extension SpecKeyframe {
    /// The JSON key of this keyframe's kind (`{"spring": {…}}`).
    var kindKey: String {
        switch kind {
        case .linear: return "linear"
        case .cubic: return "cubic"
        case .spring: return "spring"
        case .move: return "move"
        }
    }

    /// The JSON path of the parameter Motion named in an error, under the keyframe at `path`:
    /// `to`, `duration` and velocities are the keyframe's (`….spring.duration`), a spring's
    /// parameters are in its `spring` object (`….spring.spring.bounce`; Motion's `dampingRatio`
    /// is the spec's `dampingFraction`).
    func jsonPath(of parameter: String, at path: String) -> String {
        let own = path + "." + kindKey
        switch parameter {
        case "": return path
        case "to", "duration", "startVelocity", "endVelocity", "curve": return own + "." + parameter
        case "dampingRatio": return own + ".spring.dampingFraction"
        case "bounce", "response", "dampingFraction", "mass", "stiffness", "damping", "settlingDuration": return own + ".spring." + parameter
        default: return own
        }
    }

    /// The Motion keyframe, with `to`, durations and velocities evaluated over `f`.
    func motionKeyframe(_ f: [Double]) throws -> Keyframe {
        let to = AnimatableVector.scalar(to.value(f))
        let d = duration?.value(f)
        switch kind {
        case .linear(let c):
            return try .linear(to, duration: d ?? 0, timingCurve: try c.motionCurve(f))
        case .cubic(let sv, let ev):
            return try .cubic(to, duration: d ?? 0, startVelocity: sv.map { .scalar($0.value(f)) }, endVelocity: ev.map { .scalar($0.value(f)) })
        case .spring(let params, let sv):
            return try .spring(to, duration: d, spring: try params.motionSpring(f), startVelocity: sv.map { .scalar($0.value(f)) })
        case .move:
            return try .move(to)
        }
    }
}
