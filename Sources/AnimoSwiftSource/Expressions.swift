// Swift expressions → values: literals, names (locals, properties, @State as spec variables),
// arithmetic with Swift's integer rules, conditions and ternaries, member access, subscripts and
// calls (math functions, conversions, CGPoint/CGSize/CGRect, Angle, helpers of the file inlined).
import Foundation
internal import SwiftSyntax

extension Compiler {
    func eval(_ e: ExprSyntax, _ s: Scope) throws -> Value {
        let at = position(e)
        try step(at)
        if let l = e.as(IntegerLiteralExprSyntax.self) {
            let text = l.literal.text.replacingOccurrences(of: "_", with: "")
            let v: Double
            if text.hasPrefix("0x"), let h = Int(text.dropFirst(2), radix: 16) { v = Double(h) }
            else if text.hasPrefix("0b"), let b = Int(text.dropFirst(2), radix: 2) { v = Double(b) }
            else if let d = Double(text) { v = d }
            else { throw Unsupported(position: at, construct: "literal", message: "cannot read the number \(text)") }
            return .number(.num(v), isInt: true)
        }
        if let l = e.as(FloatLiteralExprSyntax.self) {
            guard let d = Double(l.literal.text.replacingOccurrences(of: "_", with: "")) else {
                throw Unsupported(position: at, construct: "literal", message: "cannot read the number \(l.literal.text)")
            }
            return .number(.num(d), isInt: false)
        }
        if let b = e.as(BooleanLiteralExprSyntax.self) {
            return .bool(.num(b.literal.tokenKind == .keyword(.true) ? 1 : 0))
        }
        if let str = e.as(StringLiteralExprSyntax.self) {
            var text = ""
            for seg in str.segments {
                if let t = seg.as(StringSegmentSyntax.self) { text += t.content.text } else { text += seg.trimmedDescription }
            }
            return .string(text)
        }
        if e.is(NilLiteralExprSyntax.self) { return .optionalNone }
        if let r = e.as(DeclReferenceExprSyntax.self) { return try lookup(r.baseName.text, s, at) }
        if let t = e.as(TupleExprSyntax.self) {
            if t.elements.count == 1, t.elements.first!.label == nil { return try eval(t.elements.first!.expression, s) }
            var fields: [(String, Value)] = []
            for (k, el) in t.elements.enumerated() { fields.append((el.label?.text ?? "\(k)", try eval(el.expression, s))) }
            return .record("tuple", fields)
        }
        if let a = e.as(ArrayExprSyntax.self) {
            return .array(try a.elements.map { try eval($0.expression, s) })
        }
        if let p = e.as(PrefixOperatorExprSyntax.self) {
            let v = try eval(p.expression, s)
            switch (p.operator.text, v) {
            case ("-", .number(let x, let isInt)): return .number(.unaryOp("-", x), isInt: isInt)
            case ("-", .angle(let x)): return .angle(.unaryOp("-", x))
            case ("+", _): return v
            case ("!", .bool(let x)): return .bool(.unaryOp("!", x))
            default: throw Unsupported(position: at, construct: "operator \(p.operator.text)", message: "not defined on \(v.kindName) here")
            }
        }
        if let f = e.as(ForceUnwrapExprSyntax.self) { return try eval(f.expression, s) }
        if let o = e.as(OptionalChainingExprSyntax.self) { return try eval(o.expression, s) }
        if let t = e.as(TryExprSyntax.self) { return try eval(t.expression, s) }
        if let a = e.as(AwaitExprSyntax.self) { return try eval(a.expression, s) }
        if let a = e.as(AsExprSyntax.self) { return try eval(a.expression, s) }
        if let i = e.as(InfixOperatorExprSyntax.self) { return try evalInfix(i, s) }
        if let t = e.as(TernaryExprSyntax.self) { return try evalTernary(t, s) }
        if let m = e.as(MemberAccessExprSyntax.self) { return try evalMember(m, s) }
        if let c = e.as(FunctionCallExprSyntax.self) { return try evalCall(c, s) }
        if let sub = e.as(SubscriptCallExprSyntax.self) { return try evalSubscript(sub, s) }
        if let c = e.as(ClosureExprSyntax.self) { return .closure(c, s) }
        if let i = e.as(IfExprSyntax.self) { return try runIfExpression(i, s) }
        if let sw = e.as(SwitchExprSyntax.self) { return try runSwitchExpression(sw, s) }
        if e.is(KeyPathExprSyntax.self) { return .opaque("a key path") }
        if let m = e.as(MacroExpansionExprSyntax.self) {
            throw Unsupported(position: at, construct: "#\(m.macroName.text)", message: "macros other than #Preview are not read")
        }
        if let seq = e.as(SequenceExprSyntax.self) {
            throw Unsupported(position: at, construct: "operator", message: "an operator this front end does not know in '\(seq.trimmedDescription.prefix(40))'")
        }
        throw Unsupported(position: at, construct: "expression", message: "not modelled: '\(e.trimmedDescription.prefix(40))'")
    }

    // MARK: Names

    static let builtinTypes: Set<String> = ["Color", "Double", "CGFloat", "Float", "Int", "Angle", "Animation", "CGPoint", "CGSize", "CGRect",
                                            "UnitPoint", "Gradient", "LinearGradient", "RadialGradient", "AngularGradient", "ShaderLibrary",
                                            "UIScreen", "Font", "Path", "Material", "DispatchQueue", "Task", "Timer", "StrokeStyle", "Edge", "Array", "String", "Bool"]

    func lookup(_ name: String, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        if let v = s.local(name) { return v }
        if name == "self", let inst = s.instance { return .record("self:" + inst.type.name, []) }
        // Inside a method of a value type, a computed property of self read by its bare name.
        if let me = s.local("self"), case .record(let t, _) = me, let v = try extensionProperty(t, name, self: me, at) { return v }
        // `$flag`: a binding to the view's state (or to the binding it was given), for a child's @Binding.
        if name.hasPrefix("$"), name.count > 1, let inst = s.instance, let spec = inst.stateNames[String(name.dropFirst())] {
            return .record("Binding", [("state", .string(spec))])
        }
        if let inst = s.instance, let v = try memberValue(inst, name, at) { return v }
        if index.types[name] != nil || Self.builtinTypes.contains(name) { return .type(name) }
        if index.functions[name] != nil { return .opaque("the function \(name)") }
        throw Unsupported(position: at, construct: name, message: "unknown name '\(name)'")
    }

    /// A property of an instance: @State as a spec variable, stored values, computed properties.
    func memberValue(_ inst: Instance, _ name: String, _ at: SwiftPosition) throws -> Value? {
        if stateValues == nil, handlerCapture == nil, inst.type.isObservableObject {
            objectPropertiesReadByViews.insert("\(ObjectIdentifier(inst).hashValue)|\(name)")
        }
        if let st = inst.structStates[name] { return structStateValue(st) }
        if let spec = inst.stateNames[name] {
            if let st = states.first(where: { $0.name == spec }), let kind = st.arrayKind {
                return .record("StateArray", [("name", .string(spec)), ("kind", .string(kind))])
            }
            let isBool = states.first { $0.name == spec }?.isBool ?? false
            if angleStates.contains(spec) { return .angle(stateValues?[spec].map { .num($0) } ?? .name(spec)) }
            if let values = stateValues, let v = values[spec] { return isBool ? .bool(.num(v)) : .number(.num(v), isInt: false) }
            return isBool ? .bool(.name(spec)) : .number(.name(spec), isInt: false)
        }
        if let v = inst.members[name] { return v }
        guard let p = inst.type.property(name) else {
            if inst.type.functions[name] != nil { return .opaque("the method \(name)") }
            return nil
        }
        if let getter = p.getter {
            let scope = Scope(parent: nil, instance: inst)
            if p.type?.contains("View") == true { return .view(ViewThunk(body: .items(getter), scope: scope, position: position(p.node))) }
            return try callBody(getter, scope, at: at, name: name) ?? .void
        }
        guard let initial = p.initializer else {
            if p.type?.hasPrefix("Environment") == true || p.node.parent?.parent?.as(VariableDeclSyntax.self)?.attributes.trimmedDescription.contains("Environment") == true {
                return .member(colorSchemeIsDark ? "dark" : "light", [])
            }
            return nil
        }
        guard inst.evaluating.insert(name).inserted else {
            throw FatalCompileError(position: at, construct: name, message: "the property '\(name)' depends on itself")
        }
        defer { inst.evaluating.remove(name) }
        var v = try eval(initial, Scope(parent: nil, instance: inst))
        if let t = p.type { v = convert(v, toDeclared: t) }
        if p.isLet || !p.isState { inst.members[name] = v }
        return v
    }

    /// `let x: CGFloat = 2` is a Double; `let n: Int = …` an Int.
    func convert(_ v: Value, toDeclared type: String) -> Value {
        if case .number(let e, _) = v {
            if ["Double", "CGFloat", "Float", "TimeInterval"].contains(type) { return .number(e, isInt: false) }
            if type == "Int" { return .number(e, isInt: true) }
            if type == "Angle" { return .angle(e) }
        }
        let t = type.replacingOccurrences(of: " ", with: "")
        // `[(x: Double, y: Double)]`: each element as its declared type.
        if case .array(let items) = v, t.hasPrefix("["), t.hasSuffix("]") {
            let element = String(t.dropFirst().dropLast())
            // `[Key: Value]` is a dictionary, not an array type.
            if Self.tupleTypeElements(element).first?.label == nil {
                return .array(items.map { convert($0, toDeclared: element) })
            }
        }
        // `(x: Double, y: Double, z: Double)`: an unlabelled tuple `(0, 0, 0)` takes the labels.
        if case .record("tuple", let fields) = v, t.hasPrefix("("), t.hasSuffix(")") {
            let parts = Self.tupleTypeElements(String(t.dropFirst().dropLast()))
            guard parts.count == fields.count else { return v }
            return .record("tuple", zip(fields, parts).map { field, part in
                let label = part.label.flatMap { field.0 == $0 || Int(field.0) != nil ? $0 : nil } ?? field.0
                return (label, convert(field.1, toDeclared: part.type))
            })
        }
        return v
    }

    /// The elements of a tuple type written without its parentheses: `x:Double,y:Double`.
    static func tupleTypeElements(_ t: String) -> [(label: String?, type: String)] {
        var parts: [String] = [], depth = 0, current = ""
        for ch in t {
            if "([<".contains(ch) { depth += 1 } else if ")]>".contains(ch) { depth -= 1 }
            if ch == ",", depth == 0 { parts.append(current); current = "" } else { current.append(ch) }
        }
        parts.append(current)
        return parts.map { p in
            guard let colon = p.firstIndex(of: ":"), !p[..<colon].contains("(") else { return (nil, p) }
            return (String(p[..<colon]), String(p[p.index(after: colon)...]))
        }
    }

    // MARK: Numbers

    func number(_ v: Value, _ at: SwiftPosition, _ what: String) throws -> Expr {
        switch v {
        case .number(let e, _): return e
        case .bool(let e): return e
        case .member("zero", _): return .num(0)
        // As Type.leastNonzeroMagnitude (staticMember): too small for the spec's numbers.
        case .member("leastNonzeroMagnitude", _): return .num(0)
        default: throw Unsupported(position: at, construct: what, message: "expected a number, got \(v.kindName)")
        }
    }

    func number(_ e: ExprSyntax, _ s: Scope, _ what: String) throws -> Expr {
        try number(try eval(e, s), position(e), what)
    }

    /// A number that must be known now (a count, a colour component, a path coordinate).
    func constant(_ v: Value, _ at: SwiftPosition, _ what: String) throws -> Double {
        let e = try number(v, at, what)
        guard let c = e.constant else { throw NeedsConstant(names: e.names, position: at, what: what) }
        return c
    }

    func constant(_ e: ExprSyntax, _ s: Scope, _ what: String) throws -> Double {
        try constant(try eval(e, s), position(e), what)
    }

    func condition(_ v: Value, _ at: SwiftPosition) throws -> Expr {
        switch v {
        case .bool(let e): return e
        case .number(let e, _): return Expr.truth(e)
        default: throw Unsupported(position: at, construct: "condition", message: "expected a boolean, got \(v.kindName)")
        }
    }

    /// Truncation toward zero (Swift's `Int(x)` and integer division).
    func truncated(_ e: Expr, _ s: Scope) -> Expr {
        if let c = e.constant { return .num(c.rounded(.towardZero)) }
        if e.names.isSubset(of: s.loopNames) { return .function("floor", [e]) }
        return .binaryOp("*", .function("sign", [e]), .function("floor", [.function("abs", [e])]))
    }

    private func literalOnly(_ e: ExprSyntax) -> Bool {
        if e.is(IntegerLiteralExprSyntax.self) { return true }
        if let i = e.as(InfixOperatorExprSyntax.self) { return literalOnly(i.leftOperand) && literalOnly(i.rightOperand) }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1 { return literalOnly(t.elements.first!.expression) }
        return false
    }

    func evalInfix(_ i: InfixOperatorExprSyntax, _ s: Scope) throws -> Value {
        let at = position(i)
        guard let opNode = i.operator.as(BinaryOperatorExprSyntax.self) else {
            throw Unsupported(position: at, construct: "assignment", message: "an assignment inside an expression is not modelled")
        }
        let op = opNode.operator.text
        if op == "??" {
            let l = try eval(i.leftOperand, s)
            if case .optionalNone = l { return try eval(i.rightOperand, s) }
            return l
        }
        let l = try eval(i.leftOperand, s)
        // Lazy logic: a known left side decides without the right.
        if op == "&&" || op == "||" {
            let a = try condition(l, position(i.leftOperand))
            if let k = a.constant, (op == "&&" && k == 0) || (op == "||" && k != 0) { return .bool(.num(op == "&&" ? 0 : 1)) }
            let b = try condition(try eval(i.rightOperand, s), position(i.rightOperand))
            return .bool(.binaryOp(op, a, b))
        }
        let r = try eval(i.rightOperand, s)
        switch op {
        case "..<", "...":
            return .range(try number(l, at, "range"), try number(r, at, "range"), closed: op == "...")
        case "==", "!=":
            if let (a, b) = identityComparison(l, r) { return .bool(.binaryOp(op, a, b)) }
            if let k = handlerIndexComparison(op, l, r) { return .bool(.num(k)) }
            if let (a, b) = try comparable(l, r, at) { return .bool(.binaryOp(op, a, b)) }
            let same = Value.same(l, r)
            return .bool(.num((op == "==") == same ? 1 : 0))
        case "<", "<=", ">", ">=":
            if case .angle(let a) = l, case .angle(let b) = r { return .bool(.binaryOp(op, a, b)) }
            return .bool(.binaryOp(op, try number(l, at, op), try number(r, at, op)))
        case "+", "-", "*", "/", "%":
            if case .string(let a) = l, case .string(let b) = r, op == "+" { return .string(a + b) }
            if case .array(let a) = l, case .array(let b) = r, op == "+" { return .array(a + b) }
            if case .angle(let a) = l {
                if case .angle(let b) = r { return .angle(.binaryOp(op, a, b)) }
                return .angle(.binaryOp(op, a, try number(r, at, op)))
            }
            if case .angle(let b) = r, op == "*" { return .angle(.binaryOp(op, try number(l, at, op), b)) }
            if case .record(let t, let fa) = l, case .record(_, let fb) = r, op == "+" || op == "-" {
                var out: [(String, Value)] = []
                for (k, v) in fa {
                    guard let w = fb.first(where: { $0.0 == k })?.1 else { continue }
                    out.append((k, .number(.binaryOp(op, try number(v, at, op), try number(w, at, op)), isInt: false)))
                }
                return .record(t, out)
            }
            guard case .number(let a, let ai) = l, case .number(let b, let bi) = r else {
                throw Unsupported(position: at, construct: "operator \(op)", message: "not defined on \(l.kindName) and \(r.kindName) here")
            }
            let bothInt = ai && bi && !(literalOnly(i.leftOperand) && literalOnly(i.rightOperand))
            if op == "/" && bothInt { return .number(truncated(.binaryOp("/", a, b), s), isInt: true) }
            if op == "%" {
                if let x = a.constant, let y = b.constant, y != 0 { return .number(.num(x.truncatingRemainder(dividingBy: y)), isInt: ai && bi) }
                if a.names.isSubset(of: s.loopNames) { return .number(.binaryOp("%", a, b), isInt: ai && bi) }
                return .number(.binaryOp("-", a, .binaryOp("*", b, truncated(.binaryOp("/", a, b), s))), isInt: ai && bi)
            }
            let result = Expr.binaryOp(op, a, b)
            if op == "/", literalOnly(i.leftOperand) && literalOnly(i.rightOperand), let c = result.constant {
                return .number(result, isInt: c == c.rounded())
            }
            return .number(result, isInt: ai && bi)
        default:
            throw Unsupported(position: at, construct: "operator \(op)", message: "not modelled")
        }
    }

    /// Two values as numbers for ==: numbers, booleans, angles, enum cases (their index).
    private func comparable(_ l: Value, _ r: Value, _ at: SwiftPosition) throws -> (Expr, Expr)? {
        func asNumber(_ v: Value, other: Value) -> Expr? {
            switch v {
            case .number(let e, _), .bool(let e), .angle(let e): return e
            case .member(let name, _):
                if let k = enumCaseIndex(name) { return .num(Double(k)) }
                return nil
            default: return nil
            }
        }
        guard let a = asNumber(l, other: r), let b = asNumber(r, other: l) else { return nil }
        return (a, b)
    }

    /// The index of an enum case of the file (enum @State variables hold the index).
    func enumCaseIndex(_ name: String) -> Int? {
        for t in index.order where t.isEnum {
            if let k = t.enumCases.firstIndex(of: name) { return k }
        }
        return nil
    }

    func evalTernary(_ t: TernaryExprSyntax, _ s: Scope) throws -> Value {
        let at = position(t)
        let c = try condition(try eval(t.condition, s), position(t.condition))
        if let k = c.constant { return try eval(k != 0 ? t.thenExpression : t.elseExpression, s) }
        let a = try eval(t.thenExpression, s)
        let b = try eval(t.elseExpression, s)
        return try select(c, a, b, at)
    }

    /// `r < 0 ? r + d : r` where r is `x.truncatingRemainder(dividingBy: d)` and d > 0 (the wrap
    /// of a phase into 0..<d, `if value < 0 { value += d }`): d · fract(x / d), the same number.
    /// Written out, r appears three times and a phase wrapped twice nine: expressions that read
    /// such phases in chains of choices grow past what the spec takes.
    static func wrappedRemainder(_ c: Expr, _ a: Expr, _ b: Expr) -> Expr? {
        guard case .binary("<", let r, .num(0)) = c, r == b, case .binary("+", let r2, let d) = a, r2 == r,
              let dv = d.constant, dv > 0, case .binary("-", let x, let product) = r else { return nil }
        let q = Expr.binaryOp("/", x, d)
        let truncations: [Expr] = [.binaryOp("*", .function("sign", [q]), .function("floor", [.function("abs", [q])])), .function("floor", [q])]
        guard truncations.contains(where: { product == .binaryOp("*", d, $0) }) else { return nil }
        return .binaryOp("*", d, .function("fract", [q]))
    }

    /// `c ? a : b` for values that are not known yet: numbers and their groupings become
    /// expressions; anything else (colours, views) needs the condition known.
    func select(_ c: Expr, _ a: Value, _ b: Value, _ at: SwiftPosition) throws -> Value {
        switch (a, b) {
        case (.number(let x, let xi), .number(let y, let yi)):
            if let wrapped = Self.wrappedRemainder(c, x, y) { return .number(wrapped, isInt: false) }
            return .number(.ternaryOp(c, x, y), isInt: xi && yi)
        case (.bool(let x), .bool(let y)): return .bool(.ternaryOp(c, x, y))
        case (.angle(let x), .angle(let y)): return .angle(.ternaryOp(c, x, y))
        case (.number(let x, _), .member("leastNonzeroMagnitude", _)): return .number(.ternaryOp(c, x, .num(0)), isInt: false)
        case (.member("leastNonzeroMagnitude", _), .number(let y, _)): return .number(.ternaryOp(c, .num(0), y), isInt: false)
        case (.record(let ta, let fa), .record(_, let fb)) where fa.count == fb.count:
            var out: [(String, Value)] = []
            for ((k, x), (_, y)) in zip(fa, fb) { out.append((k, try select(c, x, y, at))) }
            return .record(ta, out)
        default:
            if let color = colorChoice(c, a, b, at) { return color }
            throw NeedsConstant(names: c.names, position: at, what: "a choice between \(a.kindName) and \(b.kindName)")
        }
    }

    // MARK: Members

    func evalMember(_ m: MemberAccessExprSyntax, _ s: Scope) throws -> Value {
        let at = position(m.declName)
        let name = m.declName.baseName.text
        guard let baseExpr = m.base else { return implicitMember(name, []) }
        // `self.x`
        if let r = baseExpr.as(DeclReferenceExprSyntax.self), r.baseName.text == "self", s.local("self") == nil, let inst = s.instance {
            if let v = try memberValue(inst, name, at) { return v }
            throw Unsupported(position: at, construct: name, message: "unknown property '\(name)' of \(inst.type.name)")
        }
        let base = try eval(baseExpr, s)
        return try member(of: base, name, at, s)
    }

    func member(of base: Value, _ name: String, _ at: SwiftPosition, _ s: Scope) throws -> Value {
        switch base {
        case .type(let t):
            return try staticMember(t, name, at, s)
        case .object(let inst):
            if let v = try memberValue(inst, name, at) { return v }
            throw Unsupported(position: at, construct: name, message: "unknown property '\(name)' of \(inst.type.name)")
        case .record(let t, let fields):
            if t.hasPrefix("self:"), let inst = s.instance, let v = try memberValue(inst, name, at) { return v }
            if t == "StateArray", let model = recordModel(fields) ?? plainModel(fields), stateValues != nil, handlerCapture == nil {
                if name == "count" { return .number(.num(Double(model.live.count)), isInt: true) }
                if name == "isEmpty" { return .bool(.num(model.live.isEmpty ? 1 : 0)) }
            }
            if let v = fields.first(where: { $0.0 == name })?.1 { return v }
            if t == "Date" && (name == "timeIntervalSinceReferenceDate" || name == "timeIntervalSince1970") {
                usesClock = true
                return .number(.name("t"), isInt: false)
            }
            if t == "CGRect" {
                if let v = try extensionProperty("CGRect", name, self: base, at) { return v }
                return try rectMember(fields, name, at)
            }
            if t == "CGSize", name == "width" || name == "height" { return .number(.num(0), isInt: false) }
            if name == "size", let w = base.field("width"), let h = base.field("height") { return .record("CGSize", [("width", w), ("height", h)]) }
            if let inst = instanceOf(base), let v = try memberValue(inst, name, at) { return v }
            throw Unsupported(position: at, construct: name, message: "unknown member '\(name)' of \(t)")
        case .array(let items):
            switch name {
            case "count": return .number(.num(Double(items.count)), isInt: true)
            case "first": return items.first ?? .optionalNone
            case "last": return items.last ?? .optionalNone
            case "isEmpty": return .bool(.num(items.isEmpty ? 1 : 0))
            case "indices": return .range(.num(0), .num(Double(items.count)), closed: false)
            default: throw Unsupported(position: at, construct: name, message: "the array member '\(name)' is not modelled")
            }
        case .number(let e, _):
            switch name {
            case "magnitude": return .number(.function("abs", [e]), isInt: false)
            default:
                if let v = try extensionProperty("Double", name, self: base, at) ?? extensionProperty("CGFloat", name, self: base, at) { return v }
                throw Unsupported(position: at, construct: name, message: "the number member '\(name)' is not modelled")
            }
        case .angle(let d):
            if name == "degrees" { return .number(d, isInt: false) }
            if name == "radians" { return .number(.binaryOp("*", d, .num(Double.pi / 180)), isInt: false) }
        case .range(let a, let b, let closed):
            if name == "count" { return .number(.binaryOp("+", .binaryOp("-", b, a), .num(closed ? 1 : 0)), isInt: true) }
            if name == "lowerBound" { return .number(a, isInt: true) }
            if name == "upperBound" { return .number(b, isInt: true) }
        case .string(let text) where name == "uuidString" && text.hasPrefix("UUID-"):
            return base  // an identity only: `UUID().uuidString` is as distinct as the UUID
        case .view:
            throw Unsupported(position: at, construct: name, message: "a property of a view is not modelled")
        case .color(let c):
            if let v = try extensionProperty("Color", name, self: .color(c), at) { return v }
            if name == "gradient" { return colorGradient(.color(c), at) }
        case .member(let colour, let args) where name == "gradient" && args.isEmpty:
            if let c = try? namedColor(colour, at) { return colorGradient(c, at) }
        default: break
        }
        throw Unsupported(position: at, construct: name, message: "the member '\(name)' of \(base.kindName) is not modelled")
    }

    private func instanceOf(_ v: Value) -> Instance? { nil }

    /// A computed property declared in an extension of a known type (`extension Double { var normalized … }`).
    func extensionProperty(_ type: String, _ name: String, self value: Value, _ at: SwiftPosition) throws -> Value? {
        guard let t = index.types[type], let p = t.property(name), let getter = p.getter else { return nil }
        let scope = Scope(parent: nil)
        scope.values["self"] = value
        bindSelfMembers(value, scope, at)
        return try callBody(getter, scope, at: at, name: name)
    }

    /// In an extension's method or property of a value (`extension CGRect { var centered … }`),
    /// the value's members read without `self.`: its fields, and a rectangle's geometry.
    func bindSelfMembers(_ v: Value, _ scope: Scope, _ at: SwiftPosition) {
        guard case .record(let t, let fields) = v else { return }
        for (k, x) in fields where scope.values[k] == nil { scope.values[k] = x }
        if t == "CGRect" {
            for n in ["origin", "size", "minX", "midX", "maxX", "minY", "midY", "maxY", "width", "height"] {
                if let x = try? member(of: v, n, at, scope) { scope.values[n] = x }
            }
        }
    }

    func rectMember(_ f: [(String, Value)], _ name: String, _ at: SwiftPosition) throws -> Value {
        func n(_ k: String) throws -> Expr { try number(f.first { $0.0 == k }?.1 ?? .number(.num(0), isInt: false), at, k) }
        let x = try n("x"), y = try n("y"), w = try n("width"), h = try n("height")
        let value: Expr
        switch name {
        case "minX": value = x
        case "minY": value = y
        case "midX": value = .binaryOp("+", x, .binaryOp("/", w, .num(2)))
        case "midY": value = .binaryOp("+", y, .binaryOp("/", h, .num(2)))
        case "maxX": value = .binaryOp("+", x, w)
        case "maxY": value = .binaryOp("+", y, h)
        case "width": value = w
        case "height": value = h
        case "size": return .record("CGSize", [("width", .number(w, isInt: false)), ("height", .number(h, isInt: false))])
        case "origin": return .record("CGPoint", [("x", .number(x, isInt: false)), ("y", .number(y, isInt: false))])
        case "center": return .record("CGPoint", [("x", .number(.binaryOp("+", x, .binaryOp("/", w, .num(2))), isInt: false)), ("y", .number(.binaryOp("+", y, .binaryOp("/", h, .num(2))), isInt: false))])
        default: throw Unsupported(position: at, construct: name, message: "the CGRect member '\(name)' is not modelled")
        }
        return .number(value, isInt: false)
    }

    /// `.A90` where an Angle is expected: a static property of an `extension Angle`.
    func angleExtensionMember(_ v: Value, _ at: SwiftPosition) throws -> Value? {
        guard case .member(let name, let args) = v, args.isEmpty, let p = index.types["Angle"]?.property(name), p.isStatic else { return nil }
        return try staticMember("Angle", name, at, Scope(parent: nil))
    }

    func staticMember(_ t: String, _ name: String, _ at: SwiftPosition, _ s: Scope) throws -> Value {
        if let type = index.types[t], let p = type.property(name), p.isStatic {
            if let initial = p.initializer { return try eval(initial, Scope(parent: nil)) }
            if let getter = p.getter { return try callBody(getter, Scope(parent: nil), at: at, name: name) ?? .void }
        }
        switch (t, name) {
        case ("Double", "pi"), ("CGFloat", "pi"), ("Float", "pi"): return .number(.num(Double.pi), isInt: false)
        case (_, "infinity"): return .number(.num(Double.infinity), isInt: false)
        case (_, "leastNonzeroMagnitude"), (_, "ulpOfOne"): return .number(.num(0), isInt: false)
        case (_, "greatestFiniteMagnitude"): return .number(.num(Double.greatestFiniteMagnitude), isInt: false)
        case ("Color", _): return try namedColor(name, at)
        case ("Material", _) where Self.materials.contains(name): return .member(name, [])
        case ("Animation", _): return try animation(named: name, arguments: nil, s, at)
        case ("Angle", "zero"): return .angle(.num(0))
        case ("CGPoint", "zero"), ("CGSize", "zero"), ("CGRect", "zero"): return .member("zero", [])
        case ("UnitPoint", _):
            if let u = UnitPointNames.named[name] { return .unitPoint(u.0, u.1) }
        case ("UIScreen", "main"):
            return .record("UIScreen", [("bounds", .record("CGRect", [("x", .number(.num(0), isInt: false)), ("y", .number(.num(0), isInt: false)),
                                                                      ("width", .number(.num(canvasWidth), isInt: false)), ("height", .number(.num(canvasHeight), isInt: false))]))])
        default: break
        }
        if let type = index.types[t] {
            if type.isEnum, let k = type.enumCases.firstIndex(of: name) { return .number(.num(Double(k)), isInt: true) }
            if let p = type.property(name), p.isStatic {
                if let initial = p.initializer { return try eval(initial, Scope(parent: nil)) }
                if let getter = p.getter { return try callBody(getter, Scope(parent: nil), at: at, name: name) ?? .void }
            }
        }
        if let type = index.types[t], type.isView || type.isShape {
            throw Unsupported(position: at, construct: "\(t).\(name)", message: "a static member of a view is not modelled")
        }
        return .member(name, [])
    }

    /// `.red`, `.degrees(…)`, `.easeInOut`, `.center` without a type: kept as a member and read by
    /// whoever expects a colour, an angle, an animation or a point.
    func implicitMember(_ name: String, _ args: [Value]) -> Value {
        if name == "pi" { return .number(.num(Double.pi), isInt: false) }
        if name == "infinity" { return .number(.num(Double.infinity), isInt: false) }
        // As Type.leastNonzeroMagnitude (staticMember): too small for the spec's numbers.
        if name == "leastNonzeroMagnitude" { return .number(.num(0), isInt: false) }
        if let k = enumCaseIndex(name), args.isEmpty, NamedColor.rgba[name] == nil, UnitPointNames.named[name] == nil { return .member(name, [.number(.num(Double(k)), isInt: true)]) }
        return .member(name, args)
    }

    // MARK: Subscripts

    func evalSubscript(_ sub: SubscriptCallExprSyntax, _ s: Scope) throws -> Value {
        let at = position(sub)
        let base = try eval(sub.calledExpression, s)
        guard let arg = sub.arguments.first else { throw Unsupported(position: at, construct: "subscript", message: "no index") }
        let idx = try number(arg.expression, s, "index")
        if case .record("StateArray", let f) = base, let model = recordModel(f), let k = idx.constant {
            return try model.element(at: k, at)
        }
        // `xs[i]` of an array of numbers, points or colours in a handler: known when it runs.
        if case .record("StateArray", let f) = base, let model = plainModel(f), stateValues != nil, handlerCapture == nil {
            guard let k = idx.constant else {
                throw Unsupported(position: at, construct: "subscript", message: "an index not known when the event runs is not modelled")
            }
            return try model.element(at: k, at)
        }
        guard case .array(let items) = base else {
            throw Unsupported(position: at, construct: "subscript", message: "indexing \(base.kindName) is not modelled")
        }
        if let k = idx.constant {
            let i = Int(k)
            guard items.indices.contains(i) else {
                throw Unsupported(position: at, construct: "subscript", message: "index \(i) is out of range (the array has \(items.count) elements)")
            }
            return items[i]
        }
        // A number array read by a loop variable: a chain of choices.
        if !items.isEmpty, items.allSatisfy({ if case .number = $0 { return true }; return false }) {
            var out = try number(items[items.count - 1], at, "element")
            for k in stride(from: items.count - 2, through: 0, by: -1) {
                out = .ternaryOp(.binaryOp("<", idx, .num(Double(k) + 0.5)), try number(items[k], at, "element"), out)
            }
            return .number(out, isInt: false)
        }
        // Points, sizes and rectangles: the same chain per field.
        if !items.isEmpty, items.allSatisfy({ if case .record = $0 { return true }; return false }) {
            var out = items[items.count - 1]
            for k in stride(from: items.count - 2, through: 0, by: -1) {
                out = try select(.binaryOp("<", idx, .num(Double(k) + 0.5)), items[k], out, at)
            }
            return out
        }
        throw NeedsConstant(names: idx.names, position: at, what: "an element of an array of \(items.first?.kindName ?? "values")")
    }
}

enum UnitPointNames {
    static let named: [String: (Double, Double)] = [
        "zero": (0, 0), "center": (0.5, 0.5), "leading": (0, 0.5), "trailing": (1, 0.5), "top": (0.5, 0), "bottom": (0.5, 1),
        "topLeading": (0, 0), "topTrailing": (1, 0), "bottomLeading": (0, 1), "bottomTrailing": (1, 1),
    ]
}
