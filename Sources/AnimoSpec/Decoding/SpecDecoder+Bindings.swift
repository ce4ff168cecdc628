// Named values: `let` on a node or the canvas (numbers, colours, expressions and arrays, visible to
// the subtree), top-level `functions`, and colour expressions where a paint is expected.

extension SpecDecoder {
    /// Reports an expression error at its column in the file (when the string has no escapes).
    func expressionError(_ error: ExpressionError, _ value: JSONValue, _ text: String, _ path: String) {
        var pos = value.position
        if value.isVerbatimString { pos.column += 2 + error.offset }  // the quote, the "="
        self.error(path, pos, "\(error.message) (column \(error.offset + 1) of the expression \(UserText.quoted(text, limit: 60)))")
    }

    /// A value of any type in a string "=…", or nil after reporting.
    func parsedValue(_ value: JSONValue, _ text: String, _ path: String, _ scope: ExpressionScope) -> ParsedValue? {
        do {
            return try ExpressionParser.parseValue(String(text.unicodeScalars.dropFirst()), scope: scope).0
        } catch {
            expressionError(error, value, text, path)
            return nil
        }
    }

    /// `let`: each member is bound, in order, for the members after it and for the subtree.
    func letBindings(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> ExpressionScope {
        guard let members = value.objectMembers else {
            error(path, value.position, "expected an object of named values, such as {\"p\": \"=fract(t / 1.2)\"}, got \(value.brief)")
            return scope
        }
        var s = scope
        for m in members where checkIdentifier(m.key, SpecDecoder.join(path, m.key), m.keyPosition) {
            let p = SpecDecoder.join(path, m.key)
            switch m.value.kind {
            case .number(let d):
                s = s.adding(m.key, value: .number(.constant(d)))
            case .bool(let b):
                s = s.adding(m.key, value: .number(.constant(b ? 1 : 0)))
            case .string(let text) where text.hasPrefix("="):
                if let v = parsedValue(m.value, text, p, s) { s = s.adding(m.key, value: v) }
            case .string, .object:
                s = s.adding(m.key, value: .color(ColorChannels(color(m.value, p))))
            case .array:
                if let a = arrayConstant(m.value, p) { s = s.adding(m.key, array: a) }
            case .null:
                error(p, m.value.position, "expected a number, a colour, an expression \"=…\" or an array, got null")
            }
        }
        return s
    }

    /// An array of numbers or of colours, all known at load.
    func arrayConstant(_ value: JSONValue, _ path: String) -> ArrayConstant? {
        guard let elements = value.arrayElements else { return nil }
        guard !elements.isEmpty else {
            error(path, value.position, "an array needs at least one element")
            return nil
        }
        func isNumber(_ v: JSONValue) -> Bool {
            switch v.kind {
            case .number: return true
            case .string(let s): return s.hasPrefix("=")
            default: return false
            }
        }
        func isColor(_ v: JSONValue) -> Bool {
            switch v.kind {
            case .string(let s): return !s.hasPrefix("=")
            case .object: return true
            default: return false
            }
        }
        if isNumber(elements[0]) {
            if let k = elements.firstIndex(where: { !isNumber($0) }) {
                mixed(path, elements[k], k, first: "a number")
                return nil
            }
            return .numbers(elements.enumerated().map { literal($0.element, SpecDecoder.index(path, $0.offset)) })
        }
        func isPoint(_ v: JSONValue) -> Bool {
            guard let a = v.arrayElements, a.count == 2 else { return false }
            return a.allSatisfy(isNumber)
        }
        if isPoint(elements[0]) {
            if let k = elements.firstIndex(where: { !isPoint($0) }) {
                mixed(path, elements[k], k, first: "a point [x, y]")
                return nil
            }
            var xs: [Double] = [], ys: [Double] = []
            for (k, e) in elements.enumerated() {
                let p = SpecDecoder.index(path, k), xy = e.arrayElements ?? []
                xs.append(literal(xy[0], SpecDecoder.index(p, 0)))
                ys.append(literal(xy[1], SpecDecoder.index(p, 1)))
            }
            return .points(x: xs, y: ys)
        }
        if isColor(elements[0]) {
            if let k = elements.firstIndex(where: { !isColor($0) }) {
                mixed(path, elements[k], k, first: "a colour")
                return nil
            }
            return .colors(elements.enumerated().map { color($0.element, SpecDecoder.index(path, $0.offset)) })
        }
        error(SpecDecoder.index(path, 0), elements[0].position, "expected an array of numbers, of colours or of points [x, y], got \(elements[0].brief) as its first element")
        return nil
    }

    private func mixed(_ path: String, _ element: JSONValue, _ k: Int, first: String) {
        error(SpecDecoder.index(path, k), element.position,
              "an array of mixed types: element 0 is \(first) but element \(k) is \(element.typeName == "a string" ? "a colour" : element.typeName); an array holds numbers only, colours only or points [x, y] only")
    }

    /// Top-level `functions`: `{"name": {"params": ["x", …], "value": "=…"}}`. Every function sees
    /// its parameters (numbers), `t`, the state and the other functions; each body is checked here,
    /// so a recursive function is an error of its definition.
    func functions(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> ExpressionScope {
        guard let members = value.objectMembers else {
            error(path, value.position, "expected an object of functions, such as {\"wave\": {\"params\": [\"x\"], \"value\": \"=sin(x)\"}}, got \(value.brief)")
            return scope
        }
        var defs: [(ExpressionFunctionDefinition, JSONValue, String)] = []
        for m in members where checkIdentifier(m.key, SpecDecoder.join(path, m.key), m.keyPosition) {
            let p = SpecDecoder.join(path, m.key)
            guard let f = object(m.value, p, allowed: ["params", "value", "about"], what: "a function {\"params\": [names], \"value\": \"=…\"}") else { continue }
            var params: [String] = []
            if let pv = f["params"], let pa = array(pv, f.path("params"), what: "an array of parameter names") {
                for (i, e) in pa.enumerated() {
                    let ep = SpecDecoder.index(f.path("params"), i)
                    guard let name = e.stringValue else {
                        error(ep, e.position, "expected a parameter name, got \(e.brief)")
                        continue
                    }
                    guard checkIdentifier(name, ep, e.position) else { continue }
                    if params.contains(name) { error(ep, e.position, "the parameter \(UserText.quoted(name)) is listed twice") }
                    params.append(name)
                }
            }
            guard let bv = f["value"] else {
                missing(f, "value", "the function's value, an expression \"=…\"")
                continue
            }
            guard let body = bv.stringValue, body.hasPrefix("=") else {
                error(f.path("value"), bv.position, "expected an expression starting with \"=\", got \(bv.brief)")
                continue
            }
            _ = about(f)
            defs.append((ExpressionFunctionDefinition(name: m.key, parameters: params, body: String(body.unicodeScalars.dropFirst()), scope: scope), bv, f.path("value")))
        }
        var s = scope
        for (d, _, _) in defs { s.functions[d.name] = d }
        // Check each body with its parameters as unknown numbers.
        for (d, bv, p) in defs {
            var body = d.scope
            body.functions = s.functions
            for name in d.parameters { body = body.adding(name, value: .number(.variable(-1))) }
            do {
                _ = try ExpressionParser.parseValue(d.body, scope: body, expanding: [d.name])
            } catch {
                expressionError(error, bv, "=" + d.body, p)
            }
        }
        return s
    }

    /// A colour: a literal, or an expression "=…" that yields one.
    func colorValue(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecPaint {
        guard case .string(let text) = value.kind, text.hasPrefix("=") else { return .color(color(value, path)) }
        do {
            let e = try SpecColorExpression(String(text.unicodeScalars.dropFirst()), scope: scope)
            if let c = e.constantValue { return .color(c) }
            return .colorExpression(e)
        } catch {
            expressionError(error, value, text, path)
            return .color(.clear)
        }
    }

    /// A colour field that takes no gradient (`colorMultiply`, a glass tint, the canvas
    /// background): a literal, or an expression "=…" that yields a colour.
    func colorField(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecColorValue {
        switch colorValue(value, path, scope) {
        case .colorExpression(let e): return .expression(e)
        case .color(let c): return .literal(c)
        default: return .literal(.clear)  // colorValue gives only colours
        }
    }

    func colorField(_ f: Fields, _ key: String, _ scope: ExpressionScope, default def: SpecColor) -> SpecColorValue {
        guard let v = f[key] else { return .literal(def) }
        return colorField(v, f.path(key), scope)
    }
}
