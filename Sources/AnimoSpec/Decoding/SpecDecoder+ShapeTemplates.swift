// Shape templates: the top-level `shapes` (named custom shapes, SwiftUI's `Shape.path(in:)`) and
// their uses as `{"shape": {"name": …, "parameters": {…}}}` (docs/spec.md "Shape templates").

extension SpecDecoder {
    static let shapeTemplateKeys = ["parameters", "animatable", "inset", "path", "about"]
    /// The most commands a template's path may list.
    static let maxShapeCommands = 10_000

    /// `shapes`: `{name: {"parameters": {p: default}, "animatable": [p], "path": [commands]}}`.
    func shapeTemplates(_ value: JSONValue, _ path: String, functions: [String: ExpressionFunctionDefinition] = [:]) -> [ShapeTemplate] {
        guard let members = value.objectMembers else {
            error(path, value.position, "expected an object of named shapes, such as {\"wave\": {\"path\": [{\"move\": [0, 0]}, …]}}, got \(value.brief)")
            return []
        }
        var out: [ShapeTemplate] = []
        for m in members where checkIdentifier(m.key, SpecDecoder.join(path, m.key), m.keyPosition) {
            if let t = shapeTemplate(m.key, m.value, SpecDecoder.join(path, m.key), functions: pureFunctions(functions)) { out.append(t) }
        }
        return out
    }

    /// The spec's functions that read only their parameters, the environment's constants and
    /// other such functions (no clock, no state): the ones a template's path may call.
    func pureFunctions(_ all: [String: ExpressionFunctionDefinition]) -> [String: ExpressionFunctionDefinition] {
        let root = ExpressionScope().adding(constants: environment.expressionConstants)
        var pure = all.mapValues { d in ExpressionFunctionDefinition(name: d.name, parameters: d.parameters, body: d.body, scope: root) }
        var changed = true
        while changed {
            changed = false
            for (name, d) in pure {
                var body = root
                body.functions = pure
                for p in d.parameters { body = body.adding(p, value: .number(.variable(-1))) }
                if (try? ExpressionParser.parseValue(d.body, scope: body, expanding: [name])) == nil {
                    pure[name] = nil
                    changed = true
                }
            }
        }
        return pure
    }

    func shapeTemplate(_ name: String, _ value: JSONValue, _ path: String, functions: [String: ExpressionFunctionDefinition] = [:]) -> ShapeTemplate? {
        guard let f = object(value, path, allowed: SpecDecoder.shapeTemplateKeys, what: "a shape {\"parameters\": {…}, \"animatable\": [names], \"path\": [commands]}") else { return nil }
        _ = about(f)
        // The body sees the rectangle, the parameters, the environment's constants and the
        // functions that read nothing else: like `path(in:)`, it reads no clock and no state.
        var scope = ExpressionScope().adding(constants: environment.expressionConstants)
        scope.functions = functions
        var rectSlots: [Int] = []
        for n in ShapeTemplate.rectNames {
            let slot = allocateSlot(n, kind: .shapeValue, path: path)
            rectSlots.append(slot)
            scope = scope.adding(n, slot: slot)
        }
        var parameters: [ShapeTemplate.Parameter] = []
        if let pv = f["parameters"], let pf = object(pv, f.path("parameters"), allowed: pv.objectMembers?.map(\.key) ?? [], what: "an object of parameters with their default values, such as {\"phase\": 0}") {
            for m in pf.members where checkIdentifier(m.key, pf.path(m.key), m.keyPosition) {
                if m.key == "rect" {
                    error(pf.path(m.key), m.keyPosition, "\"rect\" is the shape's rectangle (rect.width, rect.midX, …); choose another parameter name")
                    continue
                }
                let d: Double
                if let b = m.value.boolValue { d = b ? 1 : 0 } else { d = literal(m.value, pf.path(m.key)) }
                let slot = allocateSlot(m.key, kind: .shapeValue, path: pf.path(m.key))
                parameters.append(.init(name: m.key, defaultValue: d, isAnimatable: false, slot: slot))
                scope = scope.adding(m.key, slot: slot)
            }
        }
        if let av = f["animatable"], let a = array(av, f.path("animatable"), what: "an array of parameter names") {
            for (i, item) in a.enumerated() {
                let ip = SpecDecoder.index(f.path("animatable"), i)
                guard let n = item.stringValue else {
                    error(ip, item.position, "expected a parameter name, got \(item.brief)")
                    continue
                }
                guard let k = parameters.firstIndex(where: { $0.name == n }) else {
                    let names = parameters.map(\.name)
                    error(ip, item.position, "unknown parameter \(UserText.quoted(n))\(Suggestion.phrase(for: n, in: names)); \(names.isEmpty ? "the shape declares no parameters" : "parameters: " + names.joined(separator: ", "))")
                    continue
                }
                parameters[k].isAnimatable = true
            }
        }
        // `inset`: the parameter `inset(by:)` adds to (SwiftUI's InsettableShape, docs/semantics.md §270).
        var insetParameter: Int? = nil
        if let iv = f["inset"] {
            let names = parameters.map(\.name)
            if let n = iv.stringValue, let k = names.firstIndex(of: n) {
                insetParameter = k
            } else if let n = iv.stringValue {
                error(f.path("inset"), iv.position, "unknown parameter \(UserText.quoted(n))\(Suggestion.phrase(for: n, in: names)); \"inset\" names the parameter inset(by:) adds to, declared in \"parameters\" (such as {\"insetAmount\": 0})\(names.isEmpty ? "" : "; parameters: " + names.joined(separator: ", "))")
            } else {
                error(f.path("inset"), iv.position, "expected the name of the parameter inset(by:) adds to, such as \"insetAmount\", got \(iv.brief)")
            }
        }
        guard let cv = f["path"] else {
            missing(f, "path", "the path commands, e.g. [{\"move\": [0, 0]}, {\"line\": [\"=rect.maxX\", 0]}, {\"close\": true}]")
            return nil
        }
        let commands = shapeCommands(cv, f.path("path"), scope)
        var template = ShapeTemplate(name: name, parameters: parameters, commands: commands, rectSlots: rectSlots, path: path)
        template.insetParameter = insetParameter
        return template
    }

    func shapeCommands(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> [ShapePathCommand] {
        guard let items = array(value, path, what: "an array of path commands") else { return [] }
        if items.isEmpty { error(path, value.position, "the path is empty: expected at least one command such as {\"move\": [0, 0]}") }
        if items.count > SpecDecoder.maxShapeCommands {
            error(path, value.position, "\(items.count) path commands; the limit is \(SpecDecoder.maxShapeCommands)")
            return []
        }
        var out: [ShapePathCommand] = []
        var samples = 0
        for (i, item) in items.enumerated() {
            let p = SpecDecoder.index(path, i)
            guard let f = object(item, p, allowed: ShapePathCommand.names, what: "a path command such as {\"line\": [x, y]}") else { continue }
            guard f.members.count == 1, let m = f.members.first else {
                if f.members.count > 1 { error(p, item.position, "a path command has one key; found \(f.members.map { UserText.quoted($0.key) }.joined(separator: " and ")) (list them as separate commands)") }
                else { error(p, item.position, "expected one command key: \(ShapePathCommand.names.joined(separator: ", "))") }
                continue
            }
            let cp = f.path(m.key)
            switch m.key {
            case "move": out.append(.move(point(m.value, cp, scope)))
            case "line": out.append(.line(point(m.value, cp, scope)))
            case "lines":
                if let c = sampledLines(m.value, cp, scope) {
                    samples += c.count
                    out.append(c.command)
                }
            case "quad":
                guard let q = object(m.value, cp, allowed: ["to", "control"], what: "{\"to\": [x, y], \"control\": [x, y]}") else { continue }
                out.append(.quad(to: requiredPoint(q, "to", scope), control: requiredPoint(q, "control", scope)))
            case "curve":
                guard let q = object(m.value, cp, allowed: ["to", "control1", "control2"], what: "{\"to\": [x, y], \"control1\": [x, y], \"control2\": [x, y]}") else { continue }
                out.append(.curve(to: requiredPoint(q, "to", scope), control1: requiredPoint(q, "control1", scope), control2: requiredPoint(q, "control2", scope)))
            case "arc":
                guard let q = object(m.value, cp, allowed: ["center", "radius", "startAngle", "endAngle", "clockwise"],
                                     what: "{\"center\": [x, y], \"radius\": r, \"startAngle\": degrees, \"endAngle\": degrees, \"clockwise\": false}") else { continue }
                out.append(.arc(center: requiredPoint(q, "center", scope),
                                radius: requiredNumber(q, "radius", scope, .nonNegative, what: "the arc's radius"),
                                startAngle: requiredNumber(q, "startAngle", scope, what: "the start angle in degrees, clockwise from +x"),
                                endAngle: requiredNumber(q, "endAngle", scope, what: "the end angle in degrees, clockwise from +x"),
                                clockwise: bool(q, "clockwise", default: false)))
            case "rect": out.append(.rect(rect(m.value, cp, scope)))
            case "ellipse": out.append(.ellipse(rect(m.value, cp, scope)))
            default:
                if m.value.boolValue != true { error(cp, m.value.position, "expected true (closeSubpath()), got \(m.value.brief)") }
                out.append(.close)
            }
        }
        if samples > ShapeTemplate.maxSamples {
            error(path, value.position, "the path's lines sample \(samples) points in all; the limit is \(ShapeTemplate.maxSamples)")
        }
        return out
    }

    func requiredPoint(_ f: Fields, _ key: String, _ scope: ExpressionScope) -> SpecPoint {
        guard let v = f[key] else {
            missing(f, key, "a point [x, y]")
            return SpecPoint(x: .constant(0), y: .constant(0))
        }
        return point(v, f.path(key), scope)
    }

    /// `lines`: an array of points, or `{"for": name, "in": [from, through, by], "point": [x, y]}`.
    func sampledLines(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> (command: ShapePathCommand, count: Int)? {
        if let a = value.arrayElements {
            if a.count < 2 { error(path, value.position, "lines needs at least 2 points, got \(a.count)") }
            return (.lines(a.enumerated().map { point($0.element, SpecDecoder.index(path, $0.offset), scope) }), a.count)
        }
        let what = "an array of points [[x, y], …] or {\"for\": \"x\", \"in\": [from, through, by], \"point\": [x, y]}"
        guard let f = object(value, path, allowed: ["for", "in", "point"], what: what) else { return nil }
        guard let nv = f["for"], let iv = f["in"], let pv = f["point"] else {
            for k in ["for", "in", "point"] where !f.has(k) { missing(f, k, what) }
            return nil
        }
        guard let name = nv.stringValue else {
            error(f.path("for"), nv.position, "expected a variable name, got \(nv.brief)")
            return nil
        }
        guard checkIdentifier(name, f.path("for"), nv.position) else { return nil }
        guard let r = iv.arrayElements, r.count == 3 else {
            error(f.path("in"), iv.position, "expected [from, through, by] (three numbers known at load), got \(iv.brief)")
            return nil
        }
        let from = literal(r[0], SpecDecoder.index(f.path("in"), 0))
        let through = literal(r[1], SpecDecoder.index(f.path("in"), 1))
        let step = literal(r[2], SpecDecoder.index(f.path("in"), 2), .positive)
        guard step > 0, from.isFinite, through.isFinite else { return nil }
        guard through >= from else {
            error(f.path("in"), iv.position, "the range runs from \(formatNumber(from)) down to \(formatNumber(through)); expected through ≥ from")
            return nil
        }
        // stride(from:through:by:) with a tolerance for the end (0…1 by 0.02 has 51 points).
        let steps = ((through - from) / step * (1 + 1e-12)).rounded(.down)
        guard steps < Double(ShapeTemplate.maxSamples) else {
            error(f.path("in"), iv.position, "the range has more than \(ShapeTemplate.maxSamples) points; the limit is \(ShapeTemplate.maxSamples)")
            return nil
        }
        let count = Int(steps) + 1
        let slot = allocateSlot(name, kind: .shapeValue, path: path)
        let p = point(pv, f.path("point"), scope.adding(name, slot: slot))
        return (.sampledLines(slot: slot, from: from, step: step, count: count, point: p), count)
    }

    /// A use of a template: `{"name": "wave", "parameters": {"phase": "=p"}, "frame": […]}` (the
    /// frame read by `shapeBody`).
    func shapeTemplateUse(_ f: Fields, _ scope: ExpressionScope) -> ShapeTemplateUse? {
        let names = shapeTemplates.map(\.name)
        guard let nv = f["name"] else {
            missing(f, "name", names.isEmpty ? "the name of a shape of the top-level \"shapes\"" : "the name of a shape: \(names.joined(separator: ", "))")
            return nil
        }
        guard let name = nv.stringValue else {
            error(f.path("name"), nv.position, "expected the name of a shape of the top-level \"shapes\", got \(nv.brief)")
            return nil
        }
        guard let template = shapeTemplates.first(where: { $0.name == name }) else {
            error(f.path("name"), nv.position, "unknown shape \(UserText.quoted(name))\(Suggestion.phrase(for: name, in: names)); \(names.isEmpty ? "the spec defines no \"shapes\"" : "shapes: " + names.joined(separator: ", "))")
            return nil
        }
        var arguments = template.parameters.map { SpecNumber.constant($0.defaultValue) }
        if let pv = f["parameters"] {
            let allowed = template.parameters.map(\.name)
            let what = allowed.isEmpty ? "an empty object (the shape \(UserText.quoted(name)) has no parameters)" : "an object of \(UserText.quoted(name))'s parameters (\(allowed.joined(separator: ", ")))"
            if let pf = object(pv, f.path("parameters"), allowed: allowed, what: what) {
                for m in pf.members {
                    guard let k = allowed.firstIndex(of: m.key) else { continue }  // reported by `object`
                    arguments[k] = m.value.boolValue.map { .constant($0 ? 1 : 0) } ?? number(m.value, pf.path(m.key), scope)
                }
            }
        }
        return ShapeTemplateUse(template: template, arguments: arguments)
    }
}
