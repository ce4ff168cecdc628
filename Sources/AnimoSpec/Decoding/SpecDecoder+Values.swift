// Numbers, expressions, points, colors and paints.

extension SpecDecoder {
    // MARK: - Numbers and expressions

    /// Compiles the expression in a string value that starts with "=". Errors carry the JSON path
    /// and the column of the offending token (in the file when the string has no escapes).
    /// - Parameter constantOnly: the key takes constants (a literal is expected): a variable's name
    ///   is then explained as such instead of as an unknown name.
    func expression(_ value: JSONValue, _ text: String, _ path: String, _ scope: ExpressionScope, constantOnly: Bool = false) -> SpecExpression? {
        let body = String(text.unicodeScalars.dropFirst())
        do {
            return try SpecExpression(body, scope: scope)
        } catch {
            var pos = value.position
            if value.isVerbatimString { pos.column += 2 + error.offset }  // the quote, the "="
            var message = error.message
            if constantOnly, let name = error.unknownName {
                message = "\(Self.lastKey(path)) takes a constant (a number or an expression of constants such as \"=2*pi\"); "
                    + (variableKind(name).map { "\(UserText.quoted(name)) is \($0)" }
                       ?? "\(UserText.quoted(name)) is not a constant\(Suggestion.phrase(for: name, in: ["pi", "true", "false"]))")
            }
            self.error(path, pos, "\(message) (column \(error.offset + 1) of the expression \(UserText.quoted(text, limit: 60)))")
            return nil
        }
    }

    /// What a name declared in the spec is ("a loop variable", "a state variable", …), nil when no
    /// variable has that name. The innermost declaration so far wins.
    func variableKind(_ name: String) -> String? {
        guard let s = slots.last(where: { $0.name == name }) else {
            return declaredStateNames.contains(name) ? "a state variable" : nil
        }
        switch s.kind {
        case .clock: return "the clock (TimelineView's time)"
        case .state: return "a state variable"
        case .loop: return "a loop variable"
        case .animatorValue: return "an animator's value"
        case .layout: return "a geometry reader's value"
        case .gesture: return "a drag gesture's value (read by gesture actions only)"
        case .shapeValue: return "a value of a shape template (its rect or a parameter)"
        }
    }

    /// The last member of a JSON path (`count` of `content[0].repeat.count`, `timingCurve[1]`).
    static func lastKey(_ path: String) -> String {
        let last = path.split(separator: ".").last.map(String.init) ?? path
        return UserText.cut(last)
    }

    /// A number: a literal or an "=expression" in `scope`. Literals (and constant expressions) are
    /// checked against `range`; expressions are checked by the renderer at evaluation.
    func number(_ value: JSONValue, _ path: String, _ scope: ExpressionScope, _ range: NumberRange = .any) -> SpecNumber {
        switch value.kind {
        case .number(let d):
            if !range.contains(d) { error(path, value.position, "expected \(range.text), got \(formatNumber(d))") }
            return .constant(d)
        case .string(let s) where s.hasPrefix("="):
            guard let e = expression(value, s, path, scope) else { return .constant(0) }
            if let c = e.constantValue {
                if !range.contains(c) { error(path, value.position, "expected \(range.text), got \(formatNumber(c)) (the value of \(UserText.cut(s, limit: 60)))") }
                return .constant(c)
            }
            return .expression(e)
        case .bool(let b):
            error(path, value.position, "expected \(range.text) or an expression \"=…\", got \(b)")
            return .constant(0)
        case .string(let s):
            error(path, value.position, "expected \(range.text) or an expression starting with \"=\", got \(UserText.quoted(s))\(s.hasPrefix(" =") || Double(s) != nil ? " (write numbers without quotes, expressions as \"=…\")" : "")")
            return .constant(0)
        default:
            error(path, value.position, "expected \(range.text) or an expression \"=…\", got \(value.brief)")
            return .constant(0)
        }
    }

    /// An optional number member; nil when absent and no default.
    func number(_ f: Fields, _ key: String, _ scope: ExpressionScope, _ range: NumberRange = .any) -> SpecNumber? {
        guard let v = f[key] else { return nil }
        return number(v, f.path(key), scope, range)
    }

    func number(_ f: Fields, _ key: String, _ scope: ExpressionScope, _ range: NumberRange = .any, default def: Double) -> SpecNumber {
        number(f, key, scope, range) ?? .constant(def)
    }

    func requiredNumber(_ f: Fields, _ key: String, _ scope: ExpressionScope, _ range: NumberRange = .any, what: String) -> SpecNumber {
        guard let n = number(f, key, scope, range) else {
            missing(f, key, what)
            return .constant(0)
        }
        return n
    }

    /// A condition: true/false, a number (non-zero = true) or an expression.
    func condition(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecNumber {
        if let b = value.boolValue { return .constant(b ? 1 : 0) }
        return number(value, path, scope)
    }

    /// A number known at load: a literal, or an expression that uses no variable.
    func literal(_ value: JSONValue, _ path: String, _ range: NumberRange = .any) -> Double {
        literalValue(value, path, range) ?? 0
    }

    /// A number known at load, or nil when it is not one (an error was reported). A number out of
    /// `range` is reported and returned.
    func literalValue(_ value: JSONValue, _ path: String, _ range: NumberRange = .any) -> Double? {
        switch value.kind {
        case .number(let d):
            if !range.contains(d) { error(path, value.position, "expected \(range.text), got \(formatNumber(d))") }
            return d
        case .string(let s) where s.hasPrefix("="):
            guard let e = expression(value, s, path, ExpressionScope(), constantOnly: true) else { return nil }
            guard let c = e.constantValue else { return nil }
            if !range.contains(c) { error(path, value.position, "expected \(range.text), got \(formatNumber(c)) (the value of \(UserText.cut(s, limit: 60)))") }
            return c
        default:
            error(path, value.position, "expected \(range.text) (a literal, not a variable), got \(value.brief)")
            return nil
        }
    }

    func literal(_ f: Fields, _ key: String, _ range: NumberRange = .any) -> Double? {
        guard let v = f[key] else { return nil }
        return literal(v, f.path(key), range)
    }

    /// A whole number known at load.
    func integer(_ value: JSONValue, _ path: String, min: Int, max: Int) -> Int {
        guard let d = literalValue(value, path) else { return min }
        guard d == d.rounded(), d >= Double(min), d <= Double(max) else {
            if d.isFinite {
                error(path, value.position, "expected a whole number in [\(min), \(max)], got \(formatNumber(d))")
            }
            return min
        }
        return Int(d)
    }

    func integer(_ f: Fields, _ key: String, min: Int, max: Int) -> Int? {
        guard let v = f[key] else { return nil }
        return integer(v, f.path(key), min: min, max: max)
    }

    /// An array of exactly `count` numbers.
    func numbers(_ value: JSONValue, _ path: String, count: Int, _ scope: ExpressionScope, _ range: NumberRange = .any, what: String) -> [SpecNumber] {
        // A pair may be one expression that yields a point ("=orbit[i]").
        if count == 2, case .string(let text) = value.kind, text.hasPrefix("=") {
            guard let v = parsedValue(value, text, path, scope) else { return [.constant(0), .constant(0)] }
            guard case .point(let x, let y) = v else {
                expressionError(ExpressionError(offset: 0, message: "expected \(what), but the expression yields \(v.typeName)"), value, text, path)
                return [.constant(0), .constant(0)]
            }
            let source = String(text.unicodeScalars.dropFirst())
            for c in [x, y].compactMap(\.constantValue) where !range.contains(c) {
                error(path, value.position, "expected \(range.text), got \(formatNumber(c)) (in the value of \(UserText.cut(text, limit: 60)))")
            }
            return [x, y].map { n in n.constantValue.map { .constant($0) } ?? .expression(SpecExpression(tree: n, source: source)) }
        }
        guard let a = value.arrayElements, a.count == count else {
            error(path, value.position, "expected \(what), got \(value.brief)")
            return Array(repeating: .constant(0), count: count)
        }
        return a.enumerated().map { number($0.element, SpecDecoder.index(path, $0.offset), scope, range) }
    }

    func point(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecPoint {
        let n = numbers(value, path, count: 2, scope, what: "a point [x, y]")
        return SpecPoint(x: n[0], y: n[1])
    }

    func rect(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecRect {
        guard let a = value.arrayElements, a.count == 4 else {
            error(path, value.position, "expected a frame [x, y, width, height], got \(value.brief)")
            return SpecRect(x: .constant(0), y: .constant(0), width: .constant(0), height: .constant(0))
        }
        return SpecRect(
            x: number(a[0], SpecDecoder.index(path, 0), scope),
            y: number(a[1], SpecDecoder.index(path, 1), scope),
            width: number(a[2], SpecDecoder.index(path, 2), scope, .nonNegative),
            height: number(a[3], SpecDecoder.index(path, 3), scope, .nonNegative))
    }

    func literalRect(_ value: JSONValue, _ path: String) -> LiteralRect {
        guard let a = value.arrayElements, a.count == 4 else {
            error(path, value.position, "expected a region [x, y, width, height], got \(value.brief)")
            return LiteralRect(x: 0, y: 0, width: 0, height: 0)
        }
        return LiteralRect(
            x: literal(a[0], SpecDecoder.index(path, 0)), y: literal(a[1], SpecDecoder.index(path, 1)),
            width: literal(a[2], SpecDecoder.index(path, 2), .positive), height: literal(a[3], SpecDecoder.index(path, 3), .positive))
    }

    /// A unit point name or `[x, y]`.
    func unitPoint(_ value: JSONValue, _ path: String) -> UnitPoint {
        if let s = value.stringValue {
            if let p = UnitPoint.named[s] { return p }
            let names = UnitPoint.named.keys.sorted()
            error(path, value.position, "unknown unit point \(UserText.quoted(s))\(Suggestion.phrase(for: s, in: names)); expected one of \(names.joined(separator: ", ")) or [x, y]")
            return .center
        }
        if let a = value.arrayElements, a.count == 2 {
            return UnitPoint(x: literal(a[0], SpecDecoder.index(path, 0)), y: literal(a[1], SpecDecoder.index(path, 1)))
        }
        error(path, value.position, "expected a unit point (center, top, bottom, leading, trailing, topLeading, … or [x, y]), got \(value.brief)")
        return .center
    }

    func unitPoint(_ f: Fields, _ key: String, default def: UnitPoint) -> UnitPoint {
        guard let v = f[key] else { return def }
        return unitPoint(v, f.path(key))
    }

    // MARK: - Colors

    func color(_ value: JSONValue, _ path: String) -> SpecColor {
        switch value.kind {
        case .string(let s):
            if s.hasPrefix("#") {
                if let c = SpecColor.hex(s) { return c }
                error(path, value.position, "bad hex color \(UserText.quoted(s)): expected \"#RRGGBB\" or \"#RRGGBBAA\" with hexadecimal digits")
                return .clear
            }
            if let c = SpecColor.named(s, scheme: environment.colorScheme, systemColors: environment.systemColors) { return c }
            if s.hasPrefix("=") {
                error(path, value.position, "this colour must be known at load (\(SpecColor.acceptedForms)); a colour expression \(UserText.quoted(s, limit: 40)) is accepted in a fill, a stroke's color, a color view, a background or overlay color, a shadow's color, a shader's color argument, colorMultiply, alphaThreshold's color, a glass tint, tint, foregroundColor, a symbol's color, a pathLoader's outline and trail color and the canvas background")
                return .clear
            }
            let names = SpecColor.named.keys.sorted()
            error(path, value.position, "unknown color \(UserText.quoted(s))\(Suggestion.phrase(for: s, in: names)); a color is \(SpecColor.acceptedForms); named colors: \(SpecColor.nameSummary)")
            return .clear
        case .object(let members):
            let isWhite = members.contains { $0.key == "white" }
            let allowed = isWhite ? ["white", "opacity"] : ["red", "green", "blue", "opacity"]
            guard let f = object(value, path, allowed: allowed, what: "a color") else { return .clear }
            let opacity = literal(f, "opacity", .unit) ?? 1
            if isWhite {
                return SpecColor(white: literal(f, "white", .unit) ?? 0, opacity: opacity)
            }
            if !f.has("red") && !f.has("green") && !f.has("blue") {
                error(path, value.position, "expected a color: \(SpecColor.acceptedForms)")
                return .clear
            }
            return SpecColor(red: literal(f, "red", .unit) ?? 0, green: literal(f, "green", .unit) ?? 0, blue: literal(f, "blue", .unit) ?? 0, opacity: opacity)
        default:
            error(path, value.position, "expected a color (\(SpecColor.acceptedForms)), got \(value.brief)")
            return .clear
        }
    }

    func color(_ f: Fields, _ key: String, default def: SpecColor) -> SpecColor {
        guard let v = f[key] else { return def }
        return color(v, f.path(key))
    }

    // MARK: - Paints

    static let gradientKeys = ["linearGradient", "radialGradient", "angularGradient"]

    /// A color or a gradient object.
    func paint(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecPaint {
        if let members = value.objectMembers, members.count == 1, let key = members.first?.key, SpecDecoder.gradientKeys.contains(key) {
            return gradientPaint(key, members[0].value, SpecDecoder.join(path, key), scope)
        }
        if let members = value.objectMembers, let m = members.first(where: { SpecDecoder.gradientKeys.contains($0.key) }) {
            error(path, value.position, "a gradient paint has the single key \(UserText.quoted(m.key))")
            return .color(.clear)
        }
        if let s = value.stringValue, let m = SpecMaterial(rawValue: s) { return .material(m) }
        if value.stringValue == "tint" { return .tint }
        return colorValue(value, path, scope)
    }

    func gradientPaint(_ key: String, _ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecPaint {
        let specific: [String]
        switch key {
        case "linearGradient": specific = ["startPoint", "endPoint"]
        case "radialGradient": specific = ["center", "startRadius", "endRadius"]
        default: specific = ["center", "startAngle", "endAngle"]
        }
        guard let f = object(value, path, allowed: ["colors", "stops"] + specific, what: "a gradient object") else { return .color(.clear) }
        let g = gradient(f, scope)
        switch key {
        case "linearGradient":
            // SwiftUI requires both points; defaults top → bottom make a bare gradient useful.
            return .linearGradient(g, startPoint: unitPoint(f, "startPoint", default: UnitPoint(x: 0.5, y: 0)), endPoint: unitPoint(f, "endPoint", default: UnitPoint(x: 0.5, y: 1)))
        case "radialGradient":
            let r0 = number(f, "startRadius", scope, .nonNegative, default: 0)
            let r1 = requiredNumber(f, "endRadius", scope, .nonNegative, what: "the outer radius in points")
            return .radialGradient(g, center: unitPoint(f, "center", default: .center), startRadius: r0, endRadius: r1)
        default:
            return .angularGradient(g, center: unitPoint(f, "center", default: .center), startAngle: number(f, "startAngle", scope, default: 0), endAngle: number(f, "endAngle", scope, default: 360))
        }
    }

    /// A stop's colour: a literal, or an expression of loop variables and state, evaluated per
    /// instance and state.
    func stopColor(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> GradientStop {
        var stop = GradientStop(color: .clear, location: 0)
        stop.path = path
        switch colorValue(value, path, scope) {
        case .color(let c): stop.color = c
        case .colorExpression(let e):
            if onlyLoopAndStateVariables(e.channels.flatMap(\.slots), value, path) { stop.computedColor = e }
        default: break
        }
        return stop
    }

    /// Whether `slots` are all loop or state variables; reports otherwise (a gradient's stops are
    /// computed when the scene is resolved, once per instance and state change).
    func onlyLoopAndStateVariables(_ read: [Int], _ value: JSONValue, _ path: String) -> Bool {
        let others = Set(read).filter { $0 < 0 || $0 >= slots.count || (slots[$0].kind != .loop && slots[$0].kind != .state) }
        guard let s = others.min() else { return true }
        let name = s >= 0 && s < slots.count ? slots[s].name : "?"
        error(path, value.position, "a gradient stop is computed per instance and state change, so it may read loop and state variables only; \(UserText.quoted(name)) is \(variableKind(name) ?? "not one")")
        return false
    }

    func gradient(_ f: Fields, _ scope: ExpressionScope) -> SpecGradient {
        if f.has("colors") && f.has("stops") {
            error(f.path("stops"), f.position("stops"), "give either \"colors\" or \"stops\", not both")
        }
        if let v = f["colors"] {
            guard let a = array(v, f.path("colors"), what: "an array of colors"), !a.isEmpty else {
                if v.arrayElements?.isEmpty == true { error(f.path("colors"), v.position, "a gradient needs at least one color") }
                return SpecGradient(stops: [])
            }
            let n = a.count
            return SpecGradient(stops: a.enumerated().map { i, c in
                var stop = stopColor(c, SpecDecoder.index(f.path("colors"), i), scope)
                stop.location = n == 1 ? 0 : Double(i) / Double(n - 1)
                return stop
            })
        }
        if let v = f["stops"] {
            guard let a = array(v, f.path("stops"), what: "an array of stops"), !a.isEmpty else {
                if v.arrayElements?.isEmpty == true { error(f.path("stops"), v.position, "a gradient needs at least one stop") }
                return SpecGradient(stops: [])
            }
            var stops: [GradientStop] = []
            for (i, s) in a.enumerated() {
                let p = SpecDecoder.index(f.path("stops"), i)
                guard let sf = object(s, p, allowed: ["color", "location"], what: "a stop {\"color\": c, \"location\": 0…1}") else { continue }
                guard let c = sf["color"] else {
                    missing(sf, "color", "the stop's color")
                    continue
                }
                guard let lv = sf["location"] else {
                    missing(sf, "location", "the stop's location in 0…1")
                    continue
                }
                var stop = stopColor(c, sf.path("color"), scope)
                stop.path = p
                switch number(lv, sf.path("location"), scope, .unit) {
                case .constant(let loc):
                    stop.location = loc
                    if let last = stops.last, last.computedLocation == nil, loc < last.location {
                        error(sf.path("location"), sf.position("location"), "stop locations must not decrease: \(formatNumber(loc)) after \(formatNumber(last.location))")
                    }
                case .expression(let e):
                    if onlyLoopAndStateVariables(e.slots, lv, sf.path("location")) { stop.computedLocation = e }
                }
                stops.append(stop)
            }
            return SpecGradient(stops: stops)
        }
        error(f.path("colors"), f.position, "a gradient needs \"colors\" (an array of colors) or \"stops\" ([{\"color\", \"location\"}])")
        return SpecGradient(stops: [])
    }
}
