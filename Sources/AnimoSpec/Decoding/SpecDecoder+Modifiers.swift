// The ordered modifier array, canvas filters, shader effects and transitions.

extension SpecDecoder {
    func modifiers(_ value: JSONValue, _ path: String, _ scope: ExpressionScope, depth: Int) -> [SpecModifier] {
        guard let a = array(value, path, what: "an array of single-key modifier objects, e.g. [{\"offset\": [0, 10]}, {\"opacity\": 0.5}]") else { return [] }
        var out: [SpecModifier] = []
        for (i, item) in a.enumerated() {
            let p = SpecDecoder.index(path, i)
            guard let members = item.objectMembers else {
                error(p, item.position, "expected a single-key modifier object such as {\"opacity\": 0.5}, got \(item.brief)")
                continue
            }
            guard members.count == 1, let m = members.first else {
                if members.isEmpty {
                    error(p, item.position, "empty modifier object; expected one key: \(SpecModifier.names.joined(separator: ", "))")
                } else {
                    error(SpecDecoder.join(p, members[1].key), members[1].keyPosition, "a modifier object has exactly one key (order matters: write [{\(UserText.quoted(members[0].key)): …}, {\(UserText.quoted(members[1].key)): …}])")
                }
                continue
            }
            guard SpecModifier.names.contains(m.key) else {
                unknownKey(m, p, allowed: SpecModifier.names)
                continue
            }
            if let mod = modifier(m.key, m.value, SpecDecoder.join(p, m.key), scope, depth: depth) {
                out.append(mod)
            }
        }
        return out
    }

    func modifier(_ key: String, _ v: JSONValue, _ path: String, _ scope: ExpressionScope, depth: Int) -> SpecModifier? {
        switch key {
        case "offset":
            if v.objectMembers != nil, let o = object(v, path, allowed: ["x", "y"]) {
                return .offset(x: number(o, "x", scope, default: 0), y: number(o, "y", scope, default: 0))
            }
            let n = numbers(v, path, count: 2, scope, what: "an offset [x, y] or {\"x\", \"y\"}")
            return .offset(x: n[0], y: n[1])
        case "position":
            if v.objectMembers != nil, let o = object(v, path, allowed: ["x", "y"]) {
                return .position(x: requiredNumber(o, "x", scope, what: "x in points"), y: requiredNumber(o, "y", scope, what: "y in points"))
            }
            let p = point(v, path, scope)
            return .position(x: p.x, y: p.y)
        case "scaleEffect":
            if v.objectMembers != nil, let o = object(v, path, allowed: ["x", "y", "scale", "anchor"]) {
                let s = number(o, "scale", scope)
                if s != nil && (o.has("x") || o.has("y")) { error(o.path("scale"), o.position("scale"), "give \"scale\" or \"x\"/\"y\", not both") }
                return .scaleEffect(x: s ?? number(o, "x", scope, default: 1), y: s ?? number(o, "y", scope, default: 1), anchor: unitPoint(o, "anchor", default: .center))
            }
            let s = number(v, path, scope)
            return .scaleEffect(x: s, y: s, anchor: .center)
        case "rotationEffect":
            if v.objectMembers != nil, let o = object(v, path, allowed: ["angle", "degrees", "anchor"]) {
                let a = number(o, "angle", scope) ?? number(o, "degrees", scope) ?? { missing(o, "angle", "the angle in degrees"); return .constant(0) }()
                return .rotationEffect(degrees: a, anchor: unitPoint(o, "anchor", default: .center))
            }
            return .rotationEffect(degrees: number(v, path, scope), anchor: .center)
        case "rotation3DEffect":
            guard let o = object(v, path, allowed: ["angle", "axis", "anchor", "anchorZ", "perspective"], what: "{\"angle\": degrees, \"axis\": [x, y, z], …}") else { return nil }
            var axis = (x: 0.0, y: 1.0, z: 0.0)
            if let a = o["axis"] {
                if let e = a.arrayElements, e.count == 3 {
                    axis = (literal(e[0], SpecDecoder.index(o.path("axis"), 0)), literal(e[1], SpecDecoder.index(o.path("axis"), 1)), literal(e[2], SpecDecoder.index(o.path("axis"), 2)))
                    if axis == (0, 0, 0) { error(o.path("axis"), a.position, "the rotation axis must not be [0, 0, 0]") }
                } else {
                    error(o.path("axis"), a.position, "expected an axis [x, y, z], got \(a.brief)")
                }
            } else {
                missing(o, "axis", "the rotation axis [x, y, z]")
            }
            return .rotation3DEffect(degrees: requiredNumber(o, "angle", scope, what: "the angle in degrees"), axis: axis, anchor: unitPoint(o, "anchor", default: .center), anchorZ: number(o, "anchorZ", scope, default: 0), perspective: number(o, "perspective", scope, .nonNegative, default: 1))
        case "opacity":
            return .opacity(number(v, path, scope, .unit))
        case "blur":
            if v.objectMembers != nil, let o = object(v, path, allowed: ["radius", "opaque"]) {
                return .blur(radius: requiredNumber(o, "radius", scope, .nonNegative, what: "the blur radius in points"), opaque: bool(o, "opaque", default: false))
            }
            return .blur(radius: number(v, path, scope, .nonNegative), opaque: false)
        case "shadow":
            return .shadow(shadow(v, path, scope))
        case "blendMode":
            return .blendMode(choice(v, path, default: SpecBlendMode.normal))
        case "saturation", "brightness", "contrast", "grayscale", "hueRotation":
            let n = number(v, path, scope, key == "saturation" || key == "contrast" ? .nonNegative : key == "grayscale" ? .unit : .any)
            switch key {
            case "saturation": return .saturation(n)
            case "brightness": return .brightness(n)
            case "contrast": return .contrast(n)
            case "grayscale": return .grayscale(n)
            default: return .hueRotation(degrees: n)
            }
        case "colorMultiply":
            return .colorMultiply(colorField(v, path, scope))
        case "colorInvert", "luminanceToAlpha":
            if v.boolValue != true, v.objectMembers?.isEmpty != true {
                error(path, v.position, "expected true or {} (\(key) has no parameters), got \(v.brief)")
            }
            return key == "colorInvert" ? .colorInvert : .luminanceToAlpha
        case "mask":
            guard let n = node(v, path, scope, depth: depth + 1) else { return nil }
            return .mask(n)
        case "clipShape":
            guard let s = shapeObject(v, path, scope, allowFrameless: true) else { return nil }
            return .clipShape(s)
        case "colorEffect", "distortionEffect", "layerEffect":
            guard let e = shaderEffect(key, v, path, scope) else { return nil }
            return key == "colorEffect" ? .colorEffect(e) : key == "distortionEffect" ? .distortionEffect(e) : .layerEffect(e)
        case "animation":
            var values: [StateReference] = []
            var expressions: [SpecNumber] = []
            if let m = v.objectMembers, let vm = m.first(where: { $0.key == "value" }) {
                // State names, or "=expressions" of the state (a computed value), or both in an array.
                let vp = SpecDecoder.join(path, "value")
                let items = vm.value.arrayElements.map { $0.enumerated().map { ($0.element, SpecDecoder.index(vp, $0.offset)) } } ?? [(vm.value, vp)]
                for (item, ip) in items {
                    if let str = item.stringValue, str.hasPrefix("=") { expressions.append(number(item, ip, scope)) }
                    else { values += stateReferences(item, ip) }
                }
            }
            if let m = v.objectMembers, m.count == 1, m[0].key == "value" {
                error(path, v.position, "the animation modifier needs an animation beside \"value\" (a base key such as \"spring\", or \"none\": true for no animation)")
                return nil
            }
            if let m = v.objectMembers, m.contains(where: { $0.key == "none" }) {
                _ = object(v, path, allowed: ["none", "value"])
                return .animation(AnimationModifier(animation: nil, values: values, expressions: expressions))
            }
            return .animation(AnimationModifier(animation: animation(v, path, scope, extraKeys: ["value"]), values: values, expressions: expressions))
        case "font":
            return font(v, path, scope).map { .font($0) }
        case "foregroundStyle":
            return .foregroundStyle(paint(v, path, scope))
        case "foregroundColor":
            return .foregroundStyle(colorValue(v, path, scope))
        case "tint":
            return .tint(colorField(v, path, scope))
        case "glassEffect":
            return glassEffect(v, path, scope)
        case "glassEffectContainer":
            return glassEffectContainer(v, path)
        case "glassEffectUnion":
            return glassEffectUnion(v, path)
        case "glassEffectID":
            return glassIdentifier(v, path, what: "glass effect id").map { .glassEffectID(id: $0) }
        case "glassEffectTransition":
            return .glassEffectTransition(choice(v, path, default: SpecGlassTransition.matchedGeometry))
        case _ where SpecModifier.layoutNames.contains(key):
            return layoutModifier(key, v, path, scope, depth: depth)
        default:
            return nil
        }
    }

    func shadow(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecShadow {
        // SwiftUI's default shadow color: black at 0.33 opacity (docs/semantics.md §43).
        let def = SpecColor(white: 0, opacity: 0.33)
        guard let o = object(v, path, allowed: ["color", "radius", "x", "y"], what: "{\"color\", \"radius\", \"x\", \"y\"}") else {
            return SpecShadow(color: def, radius: .constant(0), x: .constant(0), y: .constant(0))
        }
        var shadowColor = def
        var computed: SpecColorExpression? = nil
        if let cv = o["color"] {
            switch colorValue(cv, o.path("color"), scope) {
            case .colorExpression(let e): computed = e
            case .color(let c): shadowColor = c
            default: break
            }
        }
        var sh = SpecShadow(color: shadowColor, radius: requiredNumber(o, "radius", scope, .nonNegative, what: "the shadow's blur radius"), x: number(o, "x", scope, default: 0), y: number(o, "y", scope, default: 0))
        sh.computedColor = computed
        return sh
    }

    func shaderEffect(_ kind: String, _ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> ShaderEffect? {
        let allowed = kind == "colorEffect" ? ["shader", "arguments", "isEnabled"] : ["shader", "arguments", "maxSampleOffset", "isEnabled"]
        guard let o = object(v, path, allowed: allowed, what: "{\"shader\": name, \"arguments\": [...]}") else { return nil }
        guard let name = string(o, "shader", required: true, what: "the Metal function name") else { return nil }
        var args: [SpecShaderArgument] = []
        if let av = o["arguments"], let a = array(av, o.path("arguments"), what: "an array of typed arguments like {\"float\": 1}") {
            let types = ["float", "float2", "float3", "float4", "half", "half2", "half3", "half4", "color", "image", "floatArray"]
            for (i, item) in a.enumerated() {
                let p = SpecDecoder.index(o.path("arguments"), i)
                guard let f = object(item, p, allowed: types, what: "a typed argument such as {\"float\": 1.0}") else { continue }
                guard f.members.count == 1, let m = f.members.first else {
                    error(p, item.position, "an argument has exactly one type key: \(types.joined(separator: ", "))")
                    continue
                }
                let mp = SpecDecoder.join(p, m.key)
                switch m.key {
                case "float", "half": args.append(.float(number(m.value, mp, scope)))
                case "float2", "half2":
                    let n = numbers(m.value, mp, count: 2, scope, what: "2 numbers")
                    args.append(.float2(n[0], n[1]))
                case "float3", "half3":
                    let n = numbers(m.value, mp, count: 3, scope, what: "3 numbers")
                    args.append(.float3(n[0], n[1], n[2]))
                case "float4", "half4":
                    let n = numbers(m.value, mp, count: 4, scope, what: "4 numbers")
                    args.append(.float4(n[0], n[1], n[2], n[3]))
                case "color":
                    if case .colorExpression(let e) = colorValue(m.value, mp, scope) { args.append(.colorExpression(e)) } else { args.append(.color(color(m.value, mp))) }
                case "image":
                    if let s = m.value.stringValue, !s.isEmpty { args.append(.image(s)) } else { error(mp, m.value.position, "expected a PNG path relative to the spec, got \(m.value.brief)") }
                default:
                    if let e = array(m.value, mp, what: "an array of numbers") {
                        args.append(.floatArray(e.enumerated().map { number($0.element, SpecDecoder.index(mp, $0.offset), scope) }))
                    }
                }
            }
        }
        var offset = (width: 0.0, height: 0.0)
        if let mv = o["maxSampleOffset"] {
            if let a = mv.arrayElements, a.count == 2 {
                offset = (literal(a[0], SpecDecoder.index(o.path("maxSampleOffset"), 0), .nonNegative), literal(a[1], SpecDecoder.index(o.path("maxSampleOffset"), 1), .nonNegative))
            } else {
                error(o.path("maxSampleOffset"), mv.position, "expected [width, height] in points, got \(mv.brief)")
            }
        }
        return ShaderEffect(shader: name, arguments: args, maxSampleOffset: offset, isEnabled: o["isEnabled"].map { condition($0, o.path("isEnabled"), scope) })
    }

    // MARK: - Canvas filters

    func filters(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> [SpecFilter] {
        guard let a = array(value, path, what: "an array of single-key filter objects") else { return [] }
        var out: [SpecFilter] = []
        for (i, item) in a.enumerated() {
            let p = SpecDecoder.index(path, i)
            guard let f = object(item, p, allowed: SpecFilter.names, what: "a single-key filter object such as {\"blur\": {\"radius\": 8}}") else { continue }
            guard f.members.count == 1, let m = f.members.first else {
                error(p, item.position, "a filter object has exactly one key: \(SpecFilter.names.joined(separator: ", "))")
                continue
            }
            let mp = SpecDecoder.join(p, m.key)
            let v = m.value
            switch m.key {
            case "alphaThreshold":
                guard let o = object(v, mp, allowed: ["min", "max", "color"]) else { continue }
                let lo = requiredNumber(o, "min", scope, .unit, what: "the lowest alpha kept, 0…1")
                let hi = number(o, "max", scope, .unit, default: 1)
                if let l = lo.constantValue, let h = hi.constantValue, l > h {
                    error(o.path("min"), o.position("min"), "threshold min \(formatNumber(l)) is greater than max \(formatNumber(h))")
                }
                out.append(.alphaThreshold(min: lo, max: hi, color: colorField(o, "color", scope, default: .black)))
            case "blur":
                if v.objectMembers != nil, let o = object(v, mp, allowed: ["radius", "opaque"]) {
                    out.append(.blur(radius: requiredNumber(o, "radius", scope, .nonNegative, what: "the blur radius in points"), opaque: bool(o, "opaque", default: false)))
                } else {
                    out.append(.blur(radius: number(v, mp, scope, .nonNegative), opaque: false))
                }
            case "shadow": out.append(.shadow(shadow(v, mp, scope)))
            case "saturation": out.append(.saturation(number(v, mp, scope, .nonNegative)))
            case "brightness": out.append(.brightness(number(v, mp, scope)))
            case "contrast": out.append(.contrast(number(v, mp, scope, .nonNegative)))
            case "hueRotation": out.append(.hueRotation(degrees: number(v, mp, scope)))
            case "grayscale": out.append(.grayscale(number(v, mp, scope, .unit)))
            case "colorInvert":
                out.append(.colorInvert(v.boolValue == true ? .constant(1) : number(v, mp, scope, .unit)))
            case "colorMultiply": out.append(.colorMultiply(colorField(v, mp, scope)))
            case "luminanceToAlpha":
                if v.boolValue != true, v.objectMembers?.isEmpty != true { error(mp, v.position, "expected true or {}, got \(v.brief)") }
                out.append(.luminanceToAlpha)
            default:
                guard let e = v.arrayElements, e.count == 20 else {
                    error(mp, v.position, "expected 20 numbers (a 4×5 row-major color matrix), got \(v.brief)")
                    continue
                }
                out.append(.colorMatrix(e.enumerated().map { literal($0.element, SpecDecoder.index(mp, $0.offset)) }))
            }
        }
        return out
    }

    // MARK: - Transitions

    func transition(_ v: JSONValue, _ path: String, _ scope: ExpressionScope, depth: Int) -> SpecTransition {
        if let s = v.stringValue {
            switch s {
            case "identity": return .identity
            case "opacity": return .opacity
            case "scale": return .scale(.constant(0), anchor: .center)
            case "slide": return .slide
            default:
                if s == "move" || s == "push" {
                    error(path, v.position, "\(s) needs an edge: {\"\(s)\": \"bottom\"}")
                } else {
                    error(path, v.position, "unknown transition \(UserText.quoted(s))\(Suggestion.phrase(for: s, in: SpecTransition.names)); expected one of \(SpecTransition.names.joined(separator: ", "))")
                }
                return .opacity
            }
        }
        guard let f = object(v, path, allowed: SpecTransition.names, what: "a transition (\"opacity\", {\"move\": \"bottom\"}, …)") else { return .opacity }
        guard f.members.count == 1, let m = f.members.first else {
            error(path, v.position, "a transition object has one key; combine several with {\"combined\": [...]}")
            return .opacity
        }
        let p = SpecDecoder.join(path, m.key)
        switch m.key {
        case "identity": return .identity
        case "opacity": return .opacity
        case "slide": return .slide
        case "scale":
            if m.value.objectMembers != nil, let o = object(m.value, p, allowed: ["scale", "anchor"]) {
                return .scale(number(o, "scale", scope, .nonNegative, default: 0), anchor: unitPoint(o, "anchor", default: .center))
            }
            return .scale(number(m.value, p, scope, .nonNegative), anchor: .center)
        case "move", "push":
            var edgeValue = m.value
            if m.value.objectMembers != nil, let o = object(m.value, p, allowed: ["edge"]) {
                guard let e = o["edge"] else {
                    missing(o, "edge", "top, bottom, leading or trailing")
                    return .opacity
                }
                edgeValue = e
            }
            let edge = choice(edgeValue, p, default: SpecEdge.bottom)
            return m.key == "move" ? .move(edge) : .push(edge)
        case "offset":
            if m.value.objectMembers != nil, let o = object(m.value, p, allowed: ["x", "y"]) {
                return .offset(x: number(o, "x", scope, default: 0), y: number(o, "y", scope, default: 0))
            }
            let n = numbers(m.value, p, count: 2, scope, what: "an offset [x, y]")
            return .offset(x: n[0], y: n[1])
        case "asymmetric":
            guard let o = object(m.value, p, allowed: ["insertion", "removal"]) else { return .opacity }
            guard let ins = o["insertion"], let rem = o["removal"] else {
                if o["insertion"] == nil { missing(o, "insertion", "the transition on insertion") }
                if o["removal"] == nil { missing(o, "removal", "the transition on removal") }
                return .opacity
            }
            return .asymmetric(insertion: transition(ins, o.path("insertion"), scope, depth: depth + 1), removal: transition(rem, o.path("removal"), scope, depth: depth + 1))
        case "combined":
            guard let a = array(m.value, p, what: "an array of transitions"), !a.isEmpty else {
                if m.value.arrayElements?.isEmpty == true { error(p, m.value.position, "combined needs at least one transition") }
                return .opacity
            }
            if depth > SpecDecoder.maxNodeDepth { error(p, m.value.position, "transitions nested deeper than \(SpecDecoder.maxNodeDepth)"); return .opacity }
            return .combined(a.enumerated().map { transition($0.element, SpecDecoder.index(p, $0.offset), scope, depth: depth + 1) })
        default:
            guard let o = object(m.value, p, allowed: ["active", "identity"], what: "{\"active\": [modifiers], \"identity\": [modifiers]}") else { return .opacity }
            guard let act = o["active"], let idv = o["identity"] else {
                if o["active"] == nil { missing(o, "active", "the modifiers when the content is absent") }
                if o["identity"] == nil { missing(o, "identity", "the modifiers when the content is present") }
                return .opacity
            }
            let active = modifiers(act, o.path("active"), scope, depth: depth + 1)
            let identity = modifiers(idv, o.path("identity"), scope, depth: depth + 1)
            return .custom(active: active, identity: identity)
        }
    }
}
