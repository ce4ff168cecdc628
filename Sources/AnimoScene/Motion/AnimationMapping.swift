// SpecAnimation → Motion.Animation: the spec's description of an animation (docs/spec.md
// "Animations") turned into the Motion target's value, with SwiftUI's defaults for every
// parameter the spec left out. Parameters may be expressions (e.g. a per-index delay
// "=0.10 + i * 0.07"), so the mapping evaluates them over a frame of slot values.
//
// Defaults (SwiftUI documentation, as recorded in Motion/Animation.swift, docs/semantics.md §6–11, 23):
// - `spring(response:dampingFraction:blendDuration:)`: 0.5, 0.825, 0;
// - `spring(duration:bounce:)`: 0.5, 0;
// - `interactiveSpring(response:dampingFraction:blendDuration:)`: 0.15, 0.86, 0.25;
// - `interactiveSpring(duration:extraBounce:)`: 0.15, 0 (bounce 0.15 + extra);
// - `interpolatingSpring(duration:bounce:)`: 0.5, 0; `interpolatingSpring(mass:…)`: mass 1, v0 0;
// - `smooth`/`snappy`/`bouncy(duration:extraBounce:)`: 0.5, 0;
// - timing curves: 0.35 s.
// Modifier order (our choice, the spec lists them as a set): the base is repeated first, then
// `speed` scales it, then `delay` holds it — so the delay is in real seconds, not scaled by speed:
// `base.repeatCount(n, autoreverses:).speed(s).delay(d)`.
import AnimoSpec
import AnimoMotion

/// A problem found while resolving a spec for rendering: the JSON path and what is wrong.
public struct ResolveIssue: Error, Sendable {
    public var path: String
    public var message: String
}

extension SpecAnimation {
    /// The JSON key of the base in the object form (`{"spring": {…}, "delay": 0.1}`), for the
    /// paths of its parameters; nil for `default` and `timingCurve`, whose `duration` is beside it.
    var baseKey: String? {
        switch base {
        case .default: return nil
        case .smooth: return "smooth"
        case .snappy: return "snappy"
        case .bouncy: return "bouncy"
        case .timing(let c, _):
            switch c {
            case .linear: return "linear"
            case .easeIn: return "easeIn"
            case .easeOut: return "easeOut"
            case .easeInOut: return "easeInOut"
            case .bezier: return nil
            }
        case .spring: return "spring"
        case .interpolatingSpring: return "interpolatingSpring"
        case .interactiveSpring: return "interactiveSpring"
        case .keyframes: return "keyframes"
        }
    }

    /// The JSON path of a parameter under the animation at `path`: the modifiers (`delay`,
    /// `speed`, repeats) and a timingCurve's `duration` sit beside the base key, the base's own
    /// parameters inside it (`….spring.response`; Motion's `dampingRatio` is the spec's
    /// `dampingFraction`). An empty parameter is the animation itself.
    func jsonPath(of parameter: String, at path: String) -> String {
        if parameter.isEmpty { return path }
        if SpecAnimation.modifierNames.contains(parameter) || parameter == "keyframes" { return path + "." + parameter }
        guard let key = baseKey else { return parameter == "duration" ? path + ".duration" : path }
        return path + "." + key + "." + (parameter == "dampingRatio" ? "dampingFraction" : parameter)
    }

    /// The Motion animation this spec animation describes, with parameters evaluated over `frame`.
    /// - Parameter path: the JSON path of the animation, for errors.
    /// - Throws: `ResolveIssue` naming the parameter's path for values Motion rejects (e.g. a
    ///   negative delay computed by an expression).
    public func motionAnimation(frame: [Double], path: String) throws(ResolveIssue) -> Animation {
        func value(_ n: SpecNumber?, _ key: String) throws(ResolveIssue) -> Double? {
            guard let n else { return nil }
            let v = n.value(frame)
            guard v.isFinite else { throw ResolveIssue(path: jsonPath(of: key, at: path), message: "\(key) evaluates to \(v); expected a finite number") }
            return v
        }
        func wrap(_ key: String, _ body: () throws -> Animation) throws(ResolveIssue) -> Animation {
            do { return try body() } catch let e as MotionError {
                throw ResolveIssue(path: jsonPath(of: e.parameter.isEmpty ? key : e.parameter, at: path), message: e.message)
            } catch {
                throw ResolveIssue(path: path, message: "\(error)")
            }
        }
        var a: Animation
        switch base {
        case .default:
            a = .default
        case .smooth(let d, let e), .snappy(let d, let e), .bouncy(let d, let e):
            let dv = try value(d, "duration"), ev = try value(e, "extraBounce")
            let preset: Animation
            switch base {
            case .smooth: preset = .smooth
            case .snappy: preset = .snappy
            default: preset = .bouncy
            }
            if dv == nil && ev == nil {
                a = preset
            } else {
                a = try wrap("") {
                    switch base {
                    case .smooth: return try Animation.smooth(duration: dv ?? 0.5, extraBounce: ev ?? 0)
                    case .snappy: return try Animation.snappy(duration: dv ?? 0.5, extraBounce: ev ?? 0)
                    default: return try Animation.bouncy(duration: dv ?? 0.5, extraBounce: ev ?? 0)
                    }
                }
            }
        case .timing(let curve, let d):
            let dv = try value(d, "duration") ?? Animation.defaultCurveDuration
            if case .bezier(let x1, _, let x2, _) = curve {
                // Control points computed per instance: x must stay a function of time, as the
                // loader requires of literals.
                for (k, x) in [(0, x1.value(frame)), (2, x2.value(frame))] where !(x >= 0 && x <= 1) {
                    throw ResolveIssue(path: "\(path).timingCurve[\(k)]", message: "the control point's x evaluates to \(formatNumber(x)) for this instance; expected a number in [0, 1]")
                }
            }
            a = try wrap("") {
                switch curve {
                case .linear: return try Animation.timingCurve(.linear, duration: dv)
                case .easeIn: return try Animation.timingCurve(.easeIn, duration: dv)
                case .easeOut: return try Animation.timingCurve(.easeOut, duration: dv)
                case .easeInOut: return try Animation.timingCurve(.easeInOut, duration: dv)
                case .bezier(let x1, let y1, let x2, let y2):
                    return try Animation.timingCurve(x1.value(frame), y1.value(frame), x2.value(frame), y2.value(frame), duration: dv)
                }
            }
        case .spring(let p):
            switch p {
            case .response(let r, let z, let b):
                if r == nil && z == nil && b == nil { a = .spring; break }
                let rv = try value(r, "response"), zv = try value(z, "dampingFraction"), bv = try value(b, "blendDuration")
                a = try wrap("") { try Animation.spring(response: rv ?? 0.5, dampingFraction: zv ?? 0.825, blendDuration: bv ?? 0) }
            case .duration(let d, let b):
                let dv = try value(d, "duration"), bv = try value(b, "bounce")
                a = try wrap("") { try Animation.spring(duration: dv ?? 0.5, bounce: bv ?? 0) }
            case .physical(let k, let c, let m, _):
                let kv = try value(k, "stiffness")!, cv = try value(c, "damping")!, mv = try value(m, "mass") ?? 1
                a = try wrap("") { try Animation.spring(Spring(mass: mv, stiffness: kv, damping: cv)) }
            }
        case .interactiveSpring(let p):
            switch p {
            case .response(let r, let z, let b):
                if r == nil && z == nil && b == nil { a = .interactiveSpring; break }
                let rv = try value(r, "response"), zv = try value(z, "dampingFraction"), bv = try value(b, "blendDuration")
                a = try wrap("") { try Animation.interactiveSpring(response: rv ?? 0.15, dampingFraction: zv ?? 0.86, blendDuration: bv ?? 0.25) }
            case .duration(let d, let b):
                let dv = try value(d, "duration"), bv = try value(b, "extraBounce")
                a = try wrap("") { try Animation.interactiveSpring(duration: dv ?? 0.15, extraBounce: bv ?? 0) }
            case .physical(let k, let c, let m, _):
                let kv = try value(k, "stiffness")!, cv = try value(c, "damping")!, mv = try value(m, "mass") ?? 1
                a = try wrap("") { try Animation.spring(Spring(mass: mv, stiffness: kv, damping: cv), blendDuration: 0.25) }
            }
        case .interpolatingSpring(let p):
            switch p {
            case .physical(let k, let c, let m, let v):
                let kv = try value(k, "stiffness")!, cv = try value(c, "damping")!
                let mv = try value(m, "mass") ?? 1, vv = try value(v, "initialVelocity") ?? 0
                a = try wrap("") { try Animation.interpolatingSpring(mass: mv, stiffness: kv, damping: cv, initialVelocity: vv) }
            case .duration(let d, let b):
                let dv = try value(d, "duration"), bv = try value(b, "bounce")
                if dv == nil && bv == nil { a = .interpolatingSpring; break }
                a = try wrap("") { try Animation.interpolatingSpring(duration: dv ?? 0.5, bounce: bv ?? 0) }
            case .response(let r, let z, _):
                let rv = try value(r, "response"), zv = try value(z, "dampingFraction")
                if rv == nil && zv == nil { a = .interpolatingSpring; break }
                a = try wrap("") { try Animation.interpolatingSpring(Spring(response: rv ?? 0.5, dampingRatio: zv ?? 1)) }
            }
        case .keyframes(let kfs):
            var frames: [Keyframe] = []
            for (i, k) in kfs.enumerated() {
                do { frames.append(try k.motionKeyframe(frame)) } catch let e as MotionError {
                    throw ResolveIssue(path: k.jsonPath(of: e.parameter, at: "\(path).keyframes[\(i)]"), message: e.message)
                } catch {
                    throw ResolveIssue(path: "\(path).keyframes[\(i)]", message: "\(error)")
                }
            }
            a = try wrap("keyframes") { try Animation.keyframes(frames) }
        }
        if repeatForever {
            let ar = autoreverses ?? true
            a = try wrap("repeatForever") { try a.repeatForever(autoreverses: ar) }
        } else if let rc = repeatCount {
            let v = rc.value(frame)
            guard v == v.rounded(), v >= 1, v <= Double(SpecAnimation.maxRepeatCount) else {
                throw ResolveIssue(path: jsonPath(of: "repeatCount", at: path), message: "repeatCount evaluates to \(formatNumber(v)) for this instance; expected a whole number in [1, \(SpecAnimation.maxRepeatCount)]")
            }
            let n = Int(v)
            let ar = autoreverses ?? true
            a = try wrap("repeatCount") { try a.repeatCount(n, autoreverses: ar) }
        }
        if let s = try value(speed, "speed"), s != 1 {
            a = try wrap("speed") { try a.speed(s) }
        }
        if let d = try value(delay, "delay"), d != 0 {
            a = try wrap("delay") { try a.delay(d) }
        }
        return a
    }
}
