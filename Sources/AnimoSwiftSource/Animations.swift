// SwiftUI animations → the spec's animation forms (docs/spec.md, "Animations"): the timing curves,
// springs in their three parameterizations, smooth/snappy/bouncy, timingCurve, and the modifiers
// delay, speed, repeatForever(autoreverses:) and repeatCount(_:autoreverses:).
internal import SwiftSyntax

enum AnimationNames {
    static let all: Set<String> = ["default", "linear", "easeIn", "easeOut", "easeInOut", "spring", "interactiveSpring",
                                   "interpolatingSpring", "smooth", "snappy", "bouncy", "timingCurve"]
}

extension Compiler {
    func animation(named name: String, arguments a: Arguments?, _ s: Scope?, _ at: SwiftPosition) throws -> Value {
        guard AnimationNames.all.contains(name) else {
            throw Unsupported(position: at, construct: "Animation.\(name)", message: "unknown animation")
        }
        let scope = s ?? Scope(parent: nil)
        func params(_ labels: [String]) throws -> [(String, JSON)] {
            guard let a else { return [] }
            var out: [(String, JSON)] = []
            for (label, e) in a.list {
                guard let label else { continue }
                guard labels.contains(label) else {
                    throw Unsupported(position: position(e), construct: "\(name)(\(label):)", message: "this animation parameter is not modelled")
                }
                out.append((label, .num(try number(e, scope, label))))
            }
            return out
        }
        switch name {
        case "default": return .animation(AnimationValue(members: [("default", .object([]))]))
        case "linear", "easeIn", "easeOut", "easeInOut":
            if let d = a?.unlabeled.first {
                return .animation(AnimationValue(members: [(name, .object([("duration", .num(try number(d, scope, "duration")))]))]))
            }
            return .animation(AnimationValue(members: [(name, .object(try params(["duration"])))]))
        case "spring", "interactiveSpring":
            return .animation(AnimationValue(members: [(name, .object(try params(["response", "dampingFraction", "blendDuration", "duration", "bounce", "extraBounce"])))]))
        case "interpolatingSpring":
            return .animation(AnimationValue(members: [(name, .object(try params(["stiffness", "damping", "mass", "initialVelocity", "duration", "bounce"])))]))
        case "smooth", "snappy", "bouncy":
            return .animation(AnimationValue(members: [(name, .object(try params(["duration", "extraBounce"])))]))
        case "timingCurve":
            guard let a else { break }
            let points = try a.unlabeled.prefix(4).map { try constant($0, scope, "timingCurve") }
            guard points.count == 4 else { break }
            var members: [(String, JSON)] = [("timingCurve", .array(points.map { .number($0) }))]
            members.append(("duration", .num(try a.labeled("duration").map { try number($0, scope, "duration") } ?? .num(0.35))))
            return .animation(AnimationValue(members: members))
        default: break
        }
        throw Unsupported(position: at, construct: "Animation.\(name)", message: "this form is not modelled")
    }

    /// `.delay`, `.speed`, `.repeatForever`, `.repeatCount` on an animation.
    func modifyAnimation(_ anim: AnimationValue, _ name: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> AnimationValue {
        func existing(_ key: String) -> Expr? {
            guard let j = anim.members.first(where: { $0.0 == key })?.1 else { return nil }
            if case .number(let d) = j.unlocated { return Expr.num(d) }
            return nil
        }
        switch name {
        case "delay":
            let d = try number(a.first!, s, "delay")
            let total: Expr = existing("delay").map { Expr.binaryOp("+", $0, d) } ?? d
            return anim.with("delay", JSON.num(total))
        case "speed":
            let v = try number(a.first!, s, "speed")
            let total: Expr = existing("speed").map { Expr.binaryOp("*", $0, v) } ?? v
            return anim.with("speed", JSON.num(total))
        case "repeatForever":
            let reverses = try a.labeled("autoreverses").map { try constant($0, s, "autoreverses") != 0 } ?? true
            return anim.with("repeatForever", .bool(true)).with("autoreverses", .bool(reverses))
        case "repeatCount":
            let n = try constant(a.first!, s, "repeatCount")
            let reverses = try a.labeled("autoreverses").map { try constant($0, s, "autoreverses") != 0 } ?? true
            let count: Double = Swift.max(1, n.rounded())
            return anim.with("repeatCount", JSON.number(count)).with("autoreverses", JSON.bool(reverses))
        default:
            throw Unsupported(position: at, construct: ".\(name)", message: "this animation modifier is not modelled")
        }
    }

    /// A value used where an animation is expected; nil for `nil` (no animation).
    func animationValue(_ v: Value, _ at: SwiftPosition) throws -> AnimationValue? {
        switch v {
        case .animation(let a): return a
        case .optionalNone: return nil
        case .member(let name, _) where AnimationNames.all.contains(name):
            guard case .animation(let a) = try animation(named: name, arguments: nil, nil, at) else { return nil }
            return a
        default:
            throw Unsupported(position: at, construct: "animation", message: "expected an animation, got \(v.kindName)")
        }
    }

    /// Seconds an animation takes to (nearly) settle, for choosing the render's duration; a
    /// repeating one counts two cycles.
    func settleTime(_ anim: AnimationValue?) -> Double {
        guard let anim, let first = anim.members.first else { return 0 }
        let key: String = first.0
        let params: JSON = first.1
        func value(_ j: JSON?) -> Double? {
            guard let j else { return nil }
            if case .number(let d) = j.unlocated { return d }
            return nil
        }
        func member(_ name: String) -> Double? { value(anim.members.first(where: { $0.0 == name })?.1) }
        var base = 0.5
        switch key {
        case "linear", "easeIn", "easeOut", "easeInOut": base = value(params["duration"]) ?? 0.35
        case "timingCurve": base = member("duration") ?? 0.35
        case "spring", "interactiveSpring", "smooth", "snappy", "bouncy":
            let response = value(params["response"]) ?? value(params["duration"]) ?? 0.5
            let damping = value(params["dampingFraction"]) ?? 0.825
            base = response * (damping < 0.5 ? 3 : 1.8)
        case "interpolatingSpring":
            if let k = value(params["stiffness"]), let c = value(params["damping"]) {
                let m = value(params["mass"]) ?? 1
                let zeta = c / (2 * (k * m).squareRoot())
                base = zeta > 0 ? min(10, 4.6 / (zeta * (k / m).squareRoot())) : 10
            } else {
                base = (value(params["duration"]) ?? 0.5) * 1.8
            }
        default: base = 0.5
        }
        let speed = member("speed") ?? 1
        let delay = member("delay") ?? 0
        var cycles = member("repeatCount") ?? 1
        if anim.members.contains(where: { $0.0 == "repeatForever" }) { cycles = 2 }
        return delay + base / max(speed, 0.01) * cycles
    }
}
