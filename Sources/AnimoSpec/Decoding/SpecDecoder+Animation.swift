// Animation forms and keyframe tracks.

extension SpecDecoder {
    /// An animation form; `null` → nil. With `extraKeys` (e.g. ["value"] in the animation
    /// modifier) those keys are tolerated beside the base key and handled by the caller.
    /// Returns (animation, wasValid); `.none` means `null`.
    func animation(_ value: JSONValue, _ path: String, _ scope: ExpressionScope, extraKeys: [String] = []) -> SpecAnimation? {
        switch value.kind {
        case .null:
            return nil
        case .string(let s):
            if let base = presetBase(s) { return SpecAnimation(base: base) }
            let names = ["default", "smooth", "snappy", "bouncy", "linear", "easeIn", "easeOut", "easeInOut", "spring", "interactiveSpring"]
            error(path, value.position, "unknown animation \(UserText.quoted(s))\(Suggestion.phrase(for: s, in: names)); expected one of \(names.joined(separator: ", ")), an object such as {\"spring\": {\"response\": 0.35, \"dampingFraction\": 0.6}}, or null")
            return SpecAnimation(base: .default)
        case .object(let members):
            let allowed = SpecAnimation.baseNames + SpecAnimation.modifierNames + ["duration"] + extraKeys
            guard let f = object(value, path, allowed: allowed, what: "an animation") else { return nil }
            let bases = members.filter { SpecAnimation.baseNames.contains($0.key) }
            guard bases.count == 1, let b = bases.first else {
                if bases.isEmpty {
                    error(path, value.position, "an animation object needs one base key: \(SpecAnimation.baseNames.joined(separator: ", "))")
                } else {
                    error(SpecDecoder.join(path, bases[1].key), bases[1].keyPosition, "an animation has one base key; found \(bases.map { UserText.quoted($0.key) }.joined(separator: " and "))")
                }
                return SpecAnimation(base: .default)
            }
            if f.has("duration") && b.key != "timingCurve" {
                error(f.path("duration"), f.position("duration"), "\"duration\" beside \"\(b.key)\" is only for timingCurve; write {\"\(b.key)\": {\"duration\": …}}")
            }
            var anim = SpecAnimation(base: animationBase(b.key, b.value, f, SpecDecoder.join(path, b.key), scope))
            anim.delay = number(f, "delay", scope, .nonNegative)
            anim.speed = number(f, "speed", scope, .positive)
            if let rv = f["repeatCount"] {
                let errorsBefore = errors.count
                let n = number(rv, f.path("repeatCount"), scope)
                if case .expression = n {
                    anim.repeatCount = n  // per instance ("=1 + i"), checked when the scene is resolved
                } else if errors.count == errorsBefore {
                    anim.repeatCount = .constant(Double(integer(rv, f.path("repeatCount"), min: 1, max: SpecAnimation.maxRepeatCount)))
                }
            }
            anim.repeatForever = bool(f, "repeatForever", default: false)
            if f.has("autoreverses") { anim.autoreverses = bool(f, "autoreverses", default: true) }
            if anim.repeatForever && anim.repeatCount != nil {
                error(f.path("repeatCount"), f.position("repeatCount"), "give either repeatCount or repeatForever, not both")
            }
            if anim.autoreverses != nil && anim.repeatCount == nil && !anim.repeatForever {
                error(f.path("autoreverses"), f.position("autoreverses"), "autoreverses applies only with repeatCount or repeatForever")
            }
            return anim
        default:
            error(path, value.position, "expected an animation (a name such as \"smooth\", an object such as {\"spring\": {…}}, or null), got \(value.brief)")
            return SpecAnimation(base: .default)
        }
    }

    private func presetBase(_ s: String) -> SpecAnimation.Base? {
        switch s {
        case "default": return .default
        case "smooth": return .smooth(duration: nil, extraBounce: nil)
        case "snappy": return .snappy(duration: nil, extraBounce: nil)
        case "bouncy": return .bouncy(duration: nil, extraBounce: nil)
        case "linear": return .timing(.linear, duration: nil)
        case "easeIn": return .timing(.easeIn, duration: nil)
        case "easeOut": return .timing(.easeOut, duration: nil)
        case "easeInOut": return .timing(.easeInOut, duration: nil)
        case "spring": return .spring(.response(response: nil, dampingFraction: nil, blendDuration: nil))
        case "interactiveSpring": return .interactiveSpring(.response(response: nil, dampingFraction: nil, blendDuration: nil))
        default: return nil
        }
    }

    private func animationBase(_ key: String, _ value: JSONValue, _ outer: Fields, _ path: String, _ scope: ExpressionScope) -> SpecAnimation.Base {
        switch key {
        case "default":
            if value.boolValue != true, value.objectMembers?.isEmpty != true {
                error(path, value.position, "expected {} or true for the default animation, got \(value.brief)")
            }
            return .default
        case "smooth", "snappy", "bouncy":
            guard let f = object(value, path, allowed: ["duration", "extraBounce"], what: "{\"duration\": s, \"extraBounce\": b}") else { return .default }
            let d = number(f, "duration", scope, .positive)
            let e = number(f, "extraBounce", scope)
            return key == "smooth" ? .smooth(duration: d, extraBounce: e) : key == "snappy" ? .snappy(duration: d, extraBounce: e) : .bouncy(duration: d, extraBounce: e)
        case "linear", "easeIn", "easeOut", "easeInOut":
            guard let f = object(value, path, allowed: ["duration"], what: "{\"duration\": seconds}") else { return .default }
            let curve: SpecUnitCurve = key == "linear" ? .linear : key == "easeIn" ? .easeIn : key == "easeOut" ? .easeOut : .easeInOut
            return .timing(curve, duration: number(f, "duration", scope, .positive))
        case "timingCurve":
            let c = bezier(value, path, scope)
            guard let d = outer["duration"] else {
                error(outer.path("duration"), outer.position, "timingCurve needs a sibling \"duration\" in seconds: {\"timingCurve\": [x1, y1, x2, y2], \"duration\": 0.5}")
                return .timing(c, duration: nil)
            }
            return .timing(c, duration: number(d, outer.path("duration"), scope, .positive))
        case "spring", "interactiveSpring":
            return key == "spring" ? .spring(springParameters(value, path, scope)) : .interactiveSpring(springParameters(value, path, scope))
        case "interpolatingSpring":
            return .interpolatingSpring(springParameters(value, path, scope, physical: true))
        default:
            return .keyframes(keyframes(value, path, scope))
        }
    }

    /// `[x1, y1, x2, y2]` control points with x in [0, 1] (a function of time).
    func bezier(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecUnitCurve {
        guard let a = value.arrayElements, a.count == 4 else {
            error(path, value.position, "expected the control points [x1, y1, x2, y2], got \(value.brief)")
            return .linear
        }
        // Expressions (per-index curves) are evaluated per instance; an x outside 0…1 there is an
        // error of the resolved scene.
        let x1 = number(a[0], SpecDecoder.index(path, 0), scope, .unit)
        let y1 = number(a[1], SpecDecoder.index(path, 1), scope)
        let x2 = number(a[2], SpecDecoder.index(path, 2), scope, .unit)
        let y2 = number(a[3], SpecDecoder.index(path, 3), scope)
        return .bezier(x1, y1, x2, y2)
    }

    /// Spring parameters; mixing parameterizations is an error.
    func springParameters(_ value: JSONValue, _ path: String, _ scope: ExpressionScope, physical: Bool = false) -> SpringParameters {
        let responseKeys = ["response", "dampingFraction", "blendDuration"]
        let durationKeys = ["duration", "bounce", "extraBounce"]
        let physicalKeys = ["stiffness", "damping", "mass", "initialVelocity"]
        let allowed = physical ? physicalKeys + ["duration", "bounce", "initialVelocity"] : responseKeys + durationKeys
        if value.boolValue == true || value.objectMembers?.isEmpty == true {
            return physical ? .physical(stiffness: .constant(0), damping: .constant(0), mass: nil, initialVelocity: nil) : .response(response: nil, dampingFraction: nil, blendDuration: nil)
        }
        guard let f = object(value, path, allowed: Array(Set(allowed)).sorted(), what: "spring parameters") else {
            return .response(response: nil, dampingFraction: nil, blendDuration: nil)
        }
        let usesResponse = responseKeys.contains(where: f.has)
        let usesDuration = ["duration", "bounce", "extraBounce"].contains(where: f.has)
        let usesPhysical = ["stiffness", "damping", "mass"].contains(where: f.has)
        if [usesResponse, usesDuration, usesPhysical].filter({ $0 }).count > 1 {
            error(path, value.position, "use one spring parameterization: response/dampingFraction, duration/bounce, or stiffness/damping")
        }
        if usesPhysical || (physical && !usesDuration) {
            let k = requiredNumber(f, "stiffness", scope, .positive, what: "spring stiffness")
            let c = requiredNumber(f, "damping", scope, .nonNegative, what: "spring damping")
            return .physical(stiffness: k, damping: c, mass: number(f, "mass", scope, .positive), initialVelocity: number(f, "initialVelocity", scope))
        }
        if usesDuration {
            if f.has("bounce") && f.has("extraBounce") { error(f.path("extraBounce"), f.position("extraBounce"), "give bounce or extraBounce, not both") }
            return .duration(duration: number(f, "duration", scope, .positive), bounce: number(f, "bounce", scope, NumberRange(min: -1, max: 1)) ?? number(f, "extraBounce", scope, NumberRange(min: -1, max: 1)))
        }
        return .response(response: number(f, "response", scope, .positive), dampingFraction: number(f, "dampingFraction", scope, .nonNegative), blendDuration: number(f, "blendDuration", scope, .nonNegative))
    }

    /// A keyframe track: `[{"linear": {"to": v, "duration": d, "curve": c}}, {"cubic": …}, {"spring": …}, {"move": {"to": v}}]`.
    func keyframes(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> [SpecKeyframe] {
        guard let a = array(value, path, what: "an array of keyframes"), !a.isEmpty else {
            if value.arrayElements?.isEmpty == true { error(path, value.position, "a keyframe track needs at least one keyframe") }
            return []
        }
        var out: [SpecKeyframe] = []
        for (i, k) in a.enumerated() {
            let p = SpecDecoder.index(path, i)
            guard let outer = object(k, p, allowed: SpecKeyframe.kindNames, what: "a keyframe {\"linear\"|\"cubic\"|\"spring\"|\"move\": {…}}") else { continue }
            guard outer.members.count == 1, let m = outer.members.first else {
                if outer.members.isEmpty { error(p, k.position, "a keyframe has one key: linear, cubic, spring or move") }
                else if outer.members.count > 1 { error(p, k.position, "a keyframe has one key: linear, cubic, spring or move") }
                continue
            }
            let kp = SpecDecoder.join(p, m.key)
            let allowed: [String]
            switch m.key {
            case "linear": allowed = ["to", "duration", "curve"]
            case "cubic": allowed = ["to", "duration", "startVelocity", "endVelocity"]
            case "spring": allowed = ["to", "duration", "spring", "startVelocity"]
            default: allowed = ["to"]
            }
            guard let f = object(m.value, kp, allowed: allowed, what: "keyframe parameters") else { continue }
            let to = requiredNumber(f, "to", scope, what: "the keyframe's target value")
            var duration = number(f, "duration", scope, .nonNegative)
            let kind: SpecKeyframe.Kind
            switch m.key {
            case "linear":
                var curve = SpecUnitCurve.linear
                if let c = f["curve"] {
                    if let s = c.stringValue {
                        switch s {
                        case "linear": curve = .linear
                        case "easeIn": curve = .easeIn
                        case "easeOut": curve = .easeOut
                        case "easeInOut": curve = .easeInOut
                        default: error(f.path("curve"), c.position, "unknown curve \(UserText.quoted(s))\(Suggestion.phrase(for: s, in: ["linear", "easeIn", "easeOut", "easeInOut"])); expected linear, easeIn, easeOut, easeInOut or [x1, y1, x2, y2]")
                        }
                    } else {
                        curve = bezier(c, f.path("curve"), scope)
                    }
                }
                kind = .linear(curve)
            case "cubic":
                kind = .cubic(startVelocity: number(f, "startVelocity", scope), endVelocity: number(f, "endVelocity", scope))
            case "spring":
                kind = .spring(f["spring"].map { springParameters($0, f.path("spring"), scope) }, startVelocity: number(f, "startVelocity", scope))
            default:
                kind = .move
                duration = nil
            }
            if duration == nil, m.key == "linear" || m.key == "cubic" {
                missing(f, "duration", "the keyframe's duration in seconds")
            }
            out.append(SpecKeyframe(kind: kind, to: to, duration: duration))
        }
        return out
    }
}
