// Component nodes: metaball, pathLoader and symbol, parsed and validated.

extension SpecDecoder {
    func metaball(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecNode.Kind? {
        guard let f = object(v, path, allowed: ["blobs", "color", "blur", "threshold", "animatable"]) else { return nil }
        var blobs: [MetaballNode.Blob] = []
        if let bv = f["blobs"], let a = array(bv, f.path("blobs"), what: "an array of {\"center\": [x, y], \"radius\": r}") {
            if a.isEmpty { error(f.path("blobs"), bv.position, "a metaball needs at least one blob") }
            for (i, b) in a.enumerated() {
                let p = SpecDecoder.index(f.path("blobs"), i)
                guard let bf = object(b, p, allowed: ["center", "radius"]) else { continue }
                guard let c = bf["center"] else { missing(bf, "center", "the blob's center [x, y]"); continue }
                blobs.append(.init(center: point(c, bf.path("center"), scope), radius: requiredNumber(bf, "radius", scope, .nonNegative, what: "the blob's radius")))
            }
        } else if f["blobs"] == nil {
            missing(f, "blobs", "an array of {\"center\": [x, y], \"radius\": r}")
        }
        let animatable = f["animatable"].map { animatableList($0, f.path("animatable")) } ?? []
        return .metaball(MetaballNode(blobs: blobs, color: colorField(f, "color", scope, default: .white), blur: requiredNumber(f, "blur", scope, .nonNegative, what: "the blur radius in points"), threshold: number(f, "threshold", scope, .unit, default: 0.5), animatable: animatable))
    }

    func pathLoader(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecNode.Kind? {
        guard let f = object(v, path, allowed: ["shape", "sampler", "frame", "period", "outline", "trail", "rotation", "scale"]) else { return nil }
        var shape = PathLoaderShape.shape(SpecShape(kind: .circle, frame: nil))
        if let sv = f["shape"] {
            let sp = f.path("shape")
            if let m = sv.objectMembers, m.count == 1, PathLoaderShape.generatorNames.contains(m[0].key) {
                let gp = SpecDecoder.join(sp, m[0].key)
                switch m[0].key {
                case "infinity": shape = .infinity
                case "heart": shape = .heart
                case "rose":
                    if let rf = object(m[0].value, gp, allowed: ["petals"]) {
                        shape = .rose(petals: integer(rf, "petals", min: 1, max: 64) ?? 4)
                    }
                default:
                    if let a = array(m[0].value, gp, what: "an array of [x, y] points in 0…1") {
                        if a.count < 2 { error(gp, m[0].value.position, "a custom outline needs at least 2 points") }
                        shape = .points(a.enumerated().map { i, p in
                            guard let e = p.arrayElements, e.count == 2 else {
                                error(SpecDecoder.index(gp, i), p.position, "expected a point [x, y], got \(p.brief)")
                                return (0, 0)
                            }
                            return (literal(e[0], SpecDecoder.index(SpecDecoder.index(gp, i), 0)), literal(e[1], SpecDecoder.index(SpecDecoder.index(gp, i), 1)))
                        })
                    }
                }
            } else if let s = shapeObject(sv, sp, scope, allowFrameless: true, extraKinds: PathLoaderShape.generatorNames) {
                shape = .shape(s)
            }
        } else {
            missing(f, "shape", "the outline to trace, e.g. {\"star\": {\"points\": 5, \"innerRadius\": 0.42}}")
        }
        var frame = SpecRect(x: .constant(0), y: .constant(0), width: .constant(0), height: .constant(0))
        if let fr = f["frame"] { frame = rect(fr, f.path("frame"), scope) } else { missing(f, "frame", "[x, y, width, height]") }
        var outline: PathLoaderNode.Outline?
        if let ov = f["outline"], let of = object(ov, f.path("outline"), allowed: ["color", "opacity", "lineWidth"]) {
            outline = .init(color: colorField(of, "color", scope, default: .white), opacity: number(of, "opacity", scope, .unit, default: 1), lineWidth: number(of, "lineWidth", scope, .nonNegative, default: 1))
        }
        var trail = PathLoaderNode.Trail(count: 1, length: .constant(0.3), radius: (.constant(4), .constant(1)), opacity: (.constant(1), .constant(0)), color: .literal(.white))
        if let tv = f["trail"], let tf = object(tv, f.path("trail"), allowed: ["count", "length", "radius", "opacity", "color"]) {
            trail.count = integer(tf, "count", min: 1, max: 10_000) ?? 24
            // A trail longer than the whole outline would overlap itself: length ≤ 1.
            trail.length = number(tf, "length", scope, NumberRange(min: 0, minOpen: true, max: 1), default: 0.3)
            if let rv = tf["radius"] {
                let n = numbers(rv, tf.path("radius"), count: 2, scope, .nonNegative, what: "[head radius, tail radius]")
                trail.radius = (n[0], n[1])
            }
            if let ov = tf["opacity"] {
                let n = numbers(ov, tf.path("opacity"), count: 2, scope, .unit, what: "[head opacity, tail opacity]")
                trail.opacity = (n[0], n[1])
            }
            trail.color = colorField(tf, "color", scope, default: .white)
        } else if f["trail"] == nil {
            missing(f, "trail", "{\"count\", \"length\", \"radius\", \"opacity\", \"color\"}")
        }
        return .pathLoader(PathLoaderNode(shape: shape, sampler: choice(f, "sampler", default: PathLoaderNode.Sampler.polyline), frame: frame, period: requiredNumber(f, "period", scope, .positive, what: "seconds per lap"), outline: outline, trail: trail, rotation: number(f, "rotation", scope), scale: number(f, "scale", scope, .nonNegative)))
    }

    func symbol(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecNode.Kind? {
        guard let f = object(v, path, allowed: ["name", "path", "pointSize", "weight", "color", "effect"]) else { return nil }
        let pathData = string(f, "path", what: "SVG path data")
        var name = "custom"
        if let nv = f["name"] {
            if let s = nv.stringValue {
                name = s
                if pathData == nil, !SymbolNode.knownNames.contains(s) {
                    error(f.path("name"), nv.position, "unknown symbol \(UserText.quoted(s))\(Suggestion.phrase(for: s, in: SymbolNode.knownNames)); known symbols: \(SymbolNode.knownNames.joined(separator: ", ")) (or give \"path\" with SVG path data)")
                }
            } else {
                error(f.path("name"), nv.position, "expected a symbol name, got \(nv.brief)")
            }
        } else if pathData == nil {
            missing(f, "name", "a symbol name such as \"checkmark\", or \"path\" with SVG path data")
        }
        var effect: SymbolEffect?
        if let ev = f["effect"] { effect = symbolEffect(ev, f.path("effect"), scope) }
        var node = SymbolNode(name: name, pathData: pathData, pointSize: number(f, "pointSize", scope, .positive, default: 17), weight: choice(f, "weight", default: SymbolNode.Weight.regular), color: colorField(f, "color", scope, default: .black), effect: effect)
        node.hasColor = f.has("color")
        return .symbol(node)
    }

    func symbolEffect(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> SymbolEffect? {
        let kinds = SymbolEffect.Kind.allCases.map(\.rawValue)
        guard let f = object(v, path, allowed: kinds + ["isActive", "value"], what: "a symbol effect such as {\"drawOn\": {}, \"isActive\": \"=hidden\"}") else { return nil }
        let ks = f.members.filter { kinds.contains($0.key) }
        guard ks.count == 1, let m = ks.first, let kind = SymbolEffect.Kind(rawValue: m.key) else {
            error(path, v.position, "a symbol effect has one effect key: \(kinds.joined(separator: ", "))")
            return nil
        }
        let mp = SpecDecoder.join(path, m.key)
        let numeric: [String]
        let choices: [String: [String]]
        switch kind {
        case .drawOn, .drawOff: numeric = ["speed"]; choices = ["mode": ["byLayer", "individually", "wholeSymbol"]]
        case .bounce, .pulse: numeric = ["speed", "repeatCount"]; choices = ["direction": ["up", "down"], "mode": ["byLayer", "wholeSymbol"]]
        case .breathe: numeric = ["speed", "repeatCount"]; choices = ["style": ["plain", "pulse"]]
        case .wiggle: numeric = ["speed", "repeatCount"]; choices = ["direction": ["up", "down", "left", "right", "forward", "backward", "clockwise", "counterClockwise"]]
        case .rotate: numeric = ["speed", "repeatCount"]; choices = ["direction": ["clockwise", "counterClockwise"]]
        case .variableColor: numeric = ["speed", "repeatCount", "reversing", "hideInactiveLayers"]; choices = ["style": ["iterative", "cumulative"]]
        case .replace: numeric = ["speed"]; choices = ["style": ["downUp", "upUp", "offUp"], "to": SymbolNode.knownNames]
        }
        var options: [String: SpecNumber] = [:]
        var chosen: [String: String] = [:]
        if m.value.boolValue != true, let of = object(m.value, mp, allowed: numeric + choices.keys.sorted(), what: "effect options") {
            for k in numeric {
                guard let ov = of[k] else { continue }
                options[k] = ov.boolValue.map { SpecNumber.constant($0 ? 1 : 0) } ?? number(ov, of.path(k), scope, .nonNegative)
            }
            for (k, list) in choices {
                guard let cv = of[k] else { continue }
                guard let s = cv.stringValue, list.contains(s) else {
                    error(of.path(k), cv.position, "expected one of \(list.joined(separator: ", ")), got \(cv.brief)\(cv.stringValue.map { Suggestion.phrase(for: $0, in: list) } ?? "")")
                    continue
                }
                chosen[k] = s
            }
        }
        let isActive = f["isActive"].map { condition($0, f.path("isActive"), scope) }
        let value = f["value"].map { stateReferences($0, f.path("value")) } ?? []
        return SymbolEffect(kind: kind, options: options, choices: chosen, isActive: isActive, value: value)
    }
}
