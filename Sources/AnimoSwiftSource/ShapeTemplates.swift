// Shape templates: a Shape struct's `path(in:)` written as the spec's `shapes` entry — its Path
// calls with `rect.*` and the struct's stored numbers as expressions — so the path is rebuilt for
// every frame's rectangle and parameters, and the parameters its `animatableData` names animate as
// SwiftUI's Animatable shapes do. A body this form cannot express (any statement but `let`, Path
// calls and a `for` over a range known now that only adds lines to a new subpath) gives nil: the
// path is then run at compile time, as before.
import Foundation
internal import SwiftSyntax

extension Compiler {
    /// The `{"shape": {"name", "parameters"}}` use of the instance's template (registered in
    /// `shapeTemplates`), or nil when `path(in:)` cannot be a template.
    func shapeTemplateUse(_ inst: Instance, _ at: SwiftPosition) -> [(String, JSON)]? {
        let type = inst.type
        let stored = type.properties.filter { $0.getter == nil && !$0.isStatic && !$0.isState }
        var uses: [(String, JSON)] = []
        var defaults: [(String, JSON)] = []
        let symbolic = Instance(type: type, position: at)
        // A property named like one of the spec's own names (functions, rect, t, pi) is renamed.
        func specName(_ swiftName: String) -> String { Self.reservedParameterNames.contains(swiftName) ? swiftName + "Value" : swiftName }
        for p in stored {
            guard let v = try? memberValue(inst, p.name, at) else { return nil }
            let name = specName(p.name)
            switch v {
            case .number: symbolic.members[p.name] = .number(.name(name), isInt: false)
            case .angle: symbolic.members[p.name] = .angle(.name(name))
            case .bool: symbolic.members[p.name] = .bool(.name(name))
            default: return nil
            }
            switch v {
            case .number(let e, _), .angle(let e), .bool(let e): uses.append((name, .num(e)))
            default: break
            }
            defaults.append((name, .number(0)))
        }
        let names = Set(stored.map { specName($0.name) })
        if !shapeTemplates.contains(where: { $0.name == type.name }) {
            guard names.count == stored.count, let path = templatePath(type, symbolic, names, at) else { return nil }
            var members: [(String, JSON)] = []
            if !defaults.isEmpty { members.append(("parameters", .object(defaults))) }
            let animatable = animatableNames(type).filter { n in stored.contains { $0.name == n } }.map(specName)
            if !animatable.isEmpty { members.append(("animatable", .array(animatable.map { .string($0) }))) }
            // An InsettableShape's inset(by:) property: the template takes strokeBorder.
            if let inset = insetProperty(type), stored.contains(where: { $0.name == inset }) { members.append(("inset", .string(specName(inset)))) }
            members.append(("path", .array(path)))
            shapeTemplates.append((type.name, .object(members)))
        }
        var shape: [(String, JSON)] = [("name", .string(type.name))]
        if !uses.isEmpty { shape.append(("parameters", .object(uses))) }
        return shape
    }

    /// The stored properties `animatableData` returns: `x`, `self.x`, `AnimatablePair(x, y)`.
    func animatableNames(_ type: TypeDecl) -> [String] {
        guard let getter = type.property("animatableData")?.getter, getter.count == 1, let item = getter.first else { return [] }
        var e: ExprSyntax?
        if let r = item.item.as(ReturnStmtSyntax.self) { e = r.expression } else { e = item.item.as(ExprSyntax.self) }
        func names(_ e: ExprSyntax) -> [String] {
            if let d = e.as(DeclReferenceExprSyntax.self) { return [d.baseName.text] }
            if let m = e.as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == "self" { return [m.declName.baseName.text] }
            if let c = e.as(FunctionCallExprSyntax.self) { return c.arguments.flatMap { names($0.expression) } }
            return []
        }
        return e.map(names) ?? []
    }

    /// The template's commands, or nil.
    func templatePath(_ type: TypeDecl, _ inst: Instance, _ parameters: Set<String>, _ at: SwiftPosition) -> [JSON]? {
        guard let f = type.functions["path"]?.first, let body = f.body else { return nil }
        let scope = Scope(parent: nil, instance: inst)
        let param = f.signature.parameterClause.parameters.first.map { ($0.secondName ?? $0.firstName).text } ?? "rect"
        // path(in:) draws in the shape's own space, rect at the origin; points move by the
        // template's rect.minX, rect.minY.
        func number(_ e: Expr) -> Value { .number(e, isInt: false) }
        scope.values[param] = .record("CGRect", [("x", number(.num(0))), ("y", number(.num(0))), ("width", number(.name("rect.width"))), ("height", number(.name("rect.height")))])
        let rectNames: Set<String> = ["rect.minX", "rect.minY", "rect.width", "rect.height", "pi"]
        var pathName: String?
        var commands: [JSON] = []
        var loopNames: Set<String> = []
        /// The point of a `move` that began the current subpath and nothing followed yet.
        var pendingMove: (Expr, Expr)?
        func number(_ v: Value?) throws -> Expr {
            switch v {
            case .number(let e, _)?, .angle(let e)?, .bool(let e)?:
                guard e.names.isSubset(of: rectNames.union(parameters).union(loopNames)) else { throw TemplateMiss() }
                return e
            default: throw TemplateMiss()
            }
        }
        func expr(_ v: Value?) throws -> JSON { .num(try number(v)) }
        func placed(_ v: Value?, _ origin: String) throws -> JSON { .num(.binaryOp("+", .name(origin), try number(v))) }
        func pointExprs(_ v: Value) throws -> (Expr, Expr) {
            if case .member("zero", _) = v { return (.name("rect.minX"), .name("rect.minY")) }
            return (.binaryOp("+", .name("rect.minX"), try number(v.field("x"))), .binaryOp("+", .name("rect.minY"), try number(v.field("y"))))
        }
        func point(_ v: Value) throws -> JSON {
            let (x, y) = try pointExprs(v)
            return .array([.num(x), .num(y)])
        }
        func rect(_ v: Value) throws -> JSON {
            .array([try placed(v.field("x"), "rect.minX"), try placed(v.field("y"), "rect.minY"), try expr(v.field("width")), try expr(v.field("height"))])
        }
        /// A Path call as a command.
        func command(_ c: FunctionCallExprSyntax, _ s: Scope) throws -> JSON {
            guard let m = c.calledExpression.as(MemberAccessExprSyntax.self), m.base?.trimmedDescription == pathName else { throw TemplateMiss() }
            let a = Arguments(c)
            func arg(_ label: String) throws -> Value {
                guard let e = a.labeled(label) else { throw TemplateMiss() }
                return try eval(e, s)
            }
            switch m.declName.baseName.text {
            case "move": return .object([("move", try point(try arg("to")))])
            case "addLine": return .object([("line", try point(try arg("to")))])
            case "addQuadCurve": return .object([("quad", .object([("to", try point(try arg("to"))), ("control", try point(try arg("control")))]))])
            case "addCurve":
                return .object([("curve", .object([("to", try point(try arg("to"))), ("control1", try point(try arg("control1"))), ("control2", try point(try arg("control2")))]))])
            case "addArc":
                var arc: [(String, JSON)] = [("center", try point(try arg("center"))), ("radius", try expr(try arg("radius"))),
                                             ("startAngle", try expr(try arg("startAngle"))), ("endAngle", try expr(try arg("endAngle")))]
                if let cw = a.labeled("clockwise") {
                    guard case .bool(let e) = try eval(cw, s), let k = e.constant else { throw TemplateMiss() }
                    arc.append(("clockwise", .bool(k != 0)))
                }
                return .object([("arc", .object(arc))])
            case "addRect":
                guard let e = a.unlabeled.first, a.list.count == 1 else { throw TemplateMiss() }
                return .object([("rect", try rect(try eval(e, s)))])
            case "addEllipse":
                guard let e = a.labeled("in"), a.list.count == 1 else { throw TemplateMiss() }
                return .object([("ellipse", try rect(try eval(e, s)))])
            case "addLines":
                guard let e = a.unlabeled.first, case .array(let pts) = try eval(e, s), pts.count >= 2 else { throw TemplateMiss() }
                return .object([("lines", .array(try pts.map(point)))])
            case "closeSubpath": return .object([("close", .bool(true))])
            default: throw TemplateMiss()
            }
        }
        func binding(_ v: VariableDeclSyntax, _ s: Scope) throws {
            for b in v.bindings {
                guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let initial = b.initializer?.value else { throw TemplateMiss() }
                if initial.trimmedDescription == "Path()", pathName == nil, commands.isEmpty { pathName = name; continue }
                guard v.bindingSpecifier.tokenKind == .keyword(.let) else { throw TemplateMiss() }
                s.values[name] = try eval(initial, s)
            }
        }
        /// `for x in stride(from:through:by:)` (or `to:`, or a range) whose body only binds names
        /// and adds one line: a sampled `lines`, a new subpath — or the one a lone `move` began,
        /// whose point becomes the first sample. Bounds that read the rectangle are sampled in
        /// `fractionSteps` even steps, the loop variable running over them.
        func loop(_ f: ForStmtSyntax) throws -> JSON {
            guard commands.isEmpty || pendingMove != nil, f.whereClause == nil, let x = f.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { throw TemplateMiss() }
            var fromE: Expr, throughE: Expr, by = 1.0
            if let c = f.sequence.as(FunctionCallExprSyntax.self), c.calledExpression.trimmedDescription == "stride" {
                let a = Arguments(c)
                guard let fe = a.labeled("from"), let be = a.labeled("by") else { throw TemplateMiss() }
                fromE = try number(try eval(fe, scope)); by = try constant(be, scope, "stride")
                if let t = a.labeled("through") { throughE = try number(try eval(t, scope)) }
                else if let t = a.labeled("to") { throughE = .binaryOp("-", try number(try eval(t, scope)), .num(by * 1e-6)) } else { throw TemplateMiss() }
            } else if let r = f.sequence.as(InfixOperatorExprSyntax.self), let op = r.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "..<" || op == "..." {
                fromE = try number(try eval(r.leftOperand, scope))
                throughE = .binaryOp("-", try number(try eval(r.rightOperand, scope)), .num(op == "..<" ? 1 : 0))
            } else { throw TemplateMiss() }
            guard by > 0 else { throw TemplateMiss() }
            let variable: String, xValue: Expr, range: (Double, Double, Double)
            if let from = fromE.constant, let through = throughE.constant {
                guard through >= from else { throw TemplateMiss() }
                (variable, xValue, range) = (x, .name(x), (from, through, by))
            } else {
                variable = x + "Fraction"
                let step = 1 / Double(Self.fractionSteps)
                (xValue, range) = (.binaryOp("+", fromE, .binaryOp("*", .name(variable), .binaryOp("-", throughE, fromE))), (0, 1, step))
            }
            let s = scope.child()
            s.values[x] = .number(xValue, isInt: false)
            loopNames.insert(variable)
            defer { loopNames.remove(variable) }
            var sample: (Expr, Expr)?
            for item in f.body.statements {
                if let v = item.item.as(VariableDeclSyntax.self) { try binding(v, s); continue }
                guard sample == nil, let c = item.item.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
                      m.base?.trimmedDescription == pathName, m.declName.baseName.text == "addLine", let to = Arguments(c).labeled("to") else { throw TemplateMiss() }
                sample = try pointExprs(try eval(to, s))
            }
            guard var (px, py) = sample else { throw TemplateMiss() }
            var first = range.0
            if let p = pendingMove {
                // One sample more, before the first: the point moved to.
                first -= range.2
                let before = Expr.binaryOp("<", .name(variable), .num(range.0 - range.2 / 2))
                (px, py) = (Expr.ternaryOp(before, p.0, px), Expr.ternaryOp(before, p.1, py))
                commands.removeLast()
            }
            return .object([("lines", .object([("for", .string(variable)), ("in", .array([.number(first), .number(range.1), .number(range.2)])),
                                                ("point", .array([.num(px), .num(py)]))]))])
        }
        do {
            for item in body.statements {
                if let v = item.item.as(VariableDeclSyntax.self) { try binding(v, scope); continue }
                if let r = item.item.as(ReturnStmtSyntax.self) {
                    guard r.expression?.trimmedDescription == pathName, pathName != nil else { throw TemplateMiss() }
                    return commands.isEmpty ? nil : commands
                }
                if let f = item.item.as(ForStmtSyntax.self) { commands.append(try loop(f)); pendingMove = nil; continue }
                guard let c = item.item.as(FunctionCallExprSyntax.self) else { throw TemplateMiss() }
                let cmd = try command(c, scope)
                commands.append(cmd)
                pendingMove = nil
                if case .object(let m) = cmd, m.first?.0 == "move", let to = Arguments(c).labeled("to") { pendingMove = try pointExprs(try eval(to, scope)) }
            }
        } catch {
            return nil
        }
        return nil
    }
}

extension Compiler {
    /// Samples of a template loop whose bounds read the rectangle.
    static let fractionSteps = 200
    static let reservedParameterNames: Set<String> = ["t", "pi", "true", "false", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sqrt",
        "pow", "exp", "log", "abs", "min", "max", "clamp", "mix", "fract", "floor", "ceil", "round", "sign", "smoothstep", "smootherstep",
        "step", "random", "count", "rect", "n"]
}

/// `path(in:)` uses something a template cannot express.
struct TemplateMiss: Error {}
