// Statements: helpers of the file (functions, computed properties, initializers, closures) are run
// at compile time with their arguments bound — `let`/`var`, assignments, `if`/`guard`/`switch`,
// `for` over ranges and arrays, `while` with a step budget, `return`. A branch on a value known
// only while rendering (the clock, a state variable, a loop variable) becomes a choice expression.
// In event handlers assignments to @State become events (Events.swift).
import Foundation
internal import SwiftSyntax

enum Flow {
    case normal
    case returned(Value)
    case breakLoop
    case continueLoop
}

extension Compiler {
    func closureParameterNames(_ c: ClosureExprSyntax) -> [String] {
        guard let sig = c.signature?.parameterClause else { return [] }
        switch sig {
        case .simpleInput(let list): return list.map { $0.name.text }
        case .parameterClause(let clause): return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        @unknown default: return []
        }
    }

    func callClosure(_ c: ClosureExprSyntax, _ s: Scope, args: [Value], at: SwiftPosition) throws -> Value? {
        let scope = s.child()
        let names = closureParameterNames(c)
        var args = args
        // `{ index, item in … }` over `enumerated()`: the pair's two halves.
        if args.count == 1, names.count == 2, case .record("tuple", let halves) = args[0], halves.count == 2 { args = halves.map(\.1) }
        for (k, v) in args.enumerated() {
            if k < names.count { bindPattern(names[k], v, scope) }
            scope.values["$\(k)"] = v
        }
        return try callBody(c.statements, scope, at: at, name: "closure")
    }

    private func bindPattern(_ name: String, _ v: Value, _ scope: Scope) {
        scope.values[name] = v
    }

    /// Runs a body for its value: the returned value, or the value of a single expression.
    func callBody(_ items: CodeBlockItemListSyntax, _ s: Scope, at: SwiftPosition, name: String) throws -> Value? {
        if items.count == 1, case .expr(let e) = items.first!.item {
            let isAssignment = e.as(InfixOperatorExprSyntax.self).map {
                $0.operator.is(AssignmentExprSyntax.self) || ["+=", "-=", "*=", "/="].contains($0.operator.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
            } ?? false
            if isAssignment {
                try runExpression(e, s, initializing: nil)
                return nil
            }
            if let c = e.as(FunctionCallExprSyntax.self), try runCallStatement(c, s, initializing: nil) { return nil }
            if e.is(TryExprSyntax.self) || e.is(AwaitExprSyntax.self) {
                // `try? await Task.sleep(…)`, `try await action()`: a statement with effects.
                var inner = e
                while true {
                    if let t = inner.as(TryExprSyntax.self) { inner = t.expression } else if let a = inner.as(AwaitExprSyntax.self) { inner = a.expression } else { break }
                }
                if let c = inner.as(FunctionCallExprSyntax.self), c.calledExpression.trimmedDescription.hasPrefix("Task") || handlerCapture != nil || stateValues != nil {
                    try runExpression(e, s, initializing: nil)
                    return nil
                }
            }
            return try eval(e, s)
        }
        if items.count == 1, case .stmt(let st) = items.first!.item, let es = st.as(ExpressionStmtSyntax.self),
           es.expression.is(IfExprSyntax.self) || es.expression.is(SwitchExprSyntax.self) {
            return try eval(es.expression, s)
        }
        switch try runItems(items, s, name: name) {
        case .returned(let v): return v
        default: return nil
        }
    }

    func bindParameters(_ params: FunctionParameterListSyntax, _ a: Arguments, callerScope: Scope, into scope: Scope, at: SwiftPosition) throws {
        var positional = a.list[...]
        var trailing = a.trailing[...]
        for p in params {
            let label = p.firstName.text
            let local = (p.secondName ?? p.firstName).text
            var value: Value?
            if let first = positional.first, (first.label ?? "_") == label {
                value = try eval(first.expr, callerScope)
                positional = positional.dropFirst()
            } else if p.type.trimmedDescription.contains("->"), let c = trailing.first {
                value = .closure(c, callerScope)
                trailing = trailing.dropFirst()
            } else if let d = p.defaultValue?.value {
                value = try eval(d, scope)
            }
            guard var v = value else {
                throw Unsupported(position: at, construct: "call", message: "no argument for the parameter '\(label)'")
            }
            v = convert(v, toDeclared: p.type.trimmedDescription)
            scope.values[local] = v
        }
    }

    func callFunction(_ f: FunctionDeclSyntax, _ a: Arguments, _ s: Scope, instance: Instance?, at: SwiftPosition, selfValue: Value? = nil) throws -> Value {
        callDepth += 1
        defer { callDepth -= 1 }
        guard callDepth < callDepthLimit else {
            throw FatalCompileError(position: at, construct: f.name.text, message: "helpers call each other more than \(callDepthLimit) deep (recursion); nothing is rendered")
        }
        let scope = Scope(parent: nil, instance: instance ?? s.instance)
        if let selfValue {
            scope.values["self"] = selfValue
            bindSelfMembers(selfValue, scope, at)
        }
        try bindParameters(f.signature.parameterClause.parameters, a, callerScope: s, into: scope, at: at)
        guard let body = f.body else { return .void }
        if let ret = f.signature.returnClause?.type.trimmedDescription, ret.contains("View") {
            return .view(ViewThunk(body: .items(body.statements), scope: scope, position: at))
        }
        if let ret = f.signature.returnClause?.type.trimmedDescription, ret == "Path" || ret.contains("Shape") {
            let v = try callBody(body.statements, scope, at: at, name: f.name.text)
            if case .path(let p)? = v { return .view(ViewThunk(body: .shape(ShapeValue(kind: "path", path: p)), scope: scope, position: at)) }
            return v ?? .void
        }
        let v = try callBody(body.statements, scope, at: at, name: f.name.text) ?? .void
        // `-> (position: CGPoint, angle: Angle)` names the elements of the tuple returned.
        if let tt = f.signature.returnClause?.type.as(TupleTypeSyntax.self), case .record("tuple", let fields) = v, fields.count == tt.elements.count {
            return .record("tuple", zip(fields, tt.elements).map { field, el in (el.firstName?.text ?? field.0, field.1) })
        }
        return v
    }

    // MARK: Running statements

    func runItems(_ items: CodeBlockItemListSyntax, _ s: Scope, name: String, initializing: Instance? = nil) throws -> Flow {
        try runList(Array(items), from: 0, s, initializing: initializing)
    }

    /// `tail`: what runs after the list when a branch on a value known only while rendering
    /// returns on one side only (the rest of an enclosing loop and what follows it).
    func runList(_ items: [CodeBlockItemSyntax], from start: Int, _ s: Scope, initializing: Instance? = nil, tail: (() throws -> Flow)? = nil) throws -> Flow {
        /// The statements from `from` on, then the tail.
        func rest(_ from: Int) -> () throws -> Flow {
            {
                let f = try self.runList(items, from: from, s, initializing: initializing, tail: tail)
                if case .normal = f, let tail { return try tail() }
                return f
            }
        }
        var k = start
        while k < items.count {
            let item = items[k]
            try step(position(item))
            switch item.item {
            case .decl(let d):
                if let v = d.as(VariableDeclSyntax.self) { try declare(v, s) }
            case .stmt(let st):
                if let r = st.as(ReturnStmtSyntax.self) {
                    return .returned(try r.expression.map { try eval($0, s) } ?? .void)
                }
                if let es = st.as(ExpressionStmtSyntax.self) {
                    if let i = es.expression.as(IfExprSyntax.self) {
                        let f = try runIf(i, s, rest: rest(k + 1), initializing: initializing)
                        if case .returned(let v) = f.flow, f.consumedRest { return .returned(v) }
                        if f.consumedRest { return f.flow }
                        if case .normal = f.flow {} else { return f.flow }
                    } else if let sw = es.expression.as(SwitchExprSyntax.self) {
                        let f = try runSwitch(sw, s, initializing: initializing)
                        if case .normal = f {} else { return f }
                    } else {
                        try runExpression(es.expression, s, initializing: initializing)
                    }
                } else if let g = st.as(GuardStmtSyntax.self) {
                    let ok = try conditions(g.conditions, s)
                    if canvasDrawing != nil, ok.constant == nil, g.body.statements.count == 1,
                       let r = g.body.statements.first?.item.as(ReturnStmtSyntax.self), r.expression == nil {
                        // In a Canvas: what follows is drawn while the condition holds.
                        canvasDrawing!.conditions.append(ok)
                        defer { canvasDrawing!.conditions.removeLast() }
                        return try rest(k + 1)()
                    }
                    guard let c = ok.constant else {
                        // guard on a value known only while rendering: `guard c else { return a }; rest` = c ? rest : a
                        let elseFlow = try runList(Array(g.body.statements), from: 0, s.child(), initializing: initializing)
                        let restFlow = try rest(k + 1)()
                        if case .returned(let a) = elseFlow, case .returned(let b) = restFlow { return .returned(try select(ok, b, a, position(g))) }
                        throw Unsupported(position: position(g), construct: "guard", message: "a guard on a value known only while rendering, not ending in return")
                    }
                    if c == 0 {
                        return try runList(Array(g.body.statements), from: 0, s.child(), initializing: initializing)
                    }
                } else if let f = st.as(ForStmtSyntax.self) {
                    let flow = try runFor(f, s, initializing: initializing, after: rest(k + 1))
                    if case .returned = flow { return flow }
                } else if let w = st.as(WhileStmtSyntax.self) {
                    let flow = try runWhile(w, s, initializing: initializing, after: rest(k + 1))
                    if case .returned = flow { return flow }
                } else if let r = st.as(RepeatStmtSyntax.self) {
                    repeat {
                        let flow = try runList(Array(r.body.statements), from: 0, s.child(), initializing: initializing)
                        if case .returned = flow { return flow }
                        if case .breakLoop = flow { break }
                    } while try constant(r.condition, s, "repeat-while") != 0
                } else if let t = st.as(ThrowStmtSyntax.self) {
                    throw SwiftThrow(position: position(t))
                } else if let d = st.as(DoStmtSyntax.self) {
                    // `do { … } catch { … }`: a throw in the body runs the first catch clause.
                    let flow: Flow
                    do {
                        flow = try runList(Array(d.body.statements), from: 0, s.child(), initializing: initializing)
                    } catch is SwiftThrow {
                        guard let clause = d.catchClauses.first else { throw SwiftThrow(position: position(d)) }
                        let scope = s.child()
                        scope.values["error"] = .opaque("an error")
                        flow = try runList(Array(clause.body.statements), from: 0, scope, initializing: initializing)
                    }
                    if case .normal = flow {} else { return flow }
                } else if st.is(BreakStmtSyntax.self) {
                    return .breakLoop
                } else if st.is(ContinueStmtSyntax.self) {
                    return .continueLoop
                } else if let e = st.as(ExpressionStmtSyntax.self) {
                    try runExpression(e.expression, s, initializing: initializing)
                }
            case .expr(let e):
                if let i = e.as(IfExprSyntax.self) {
                    let f = try runIf(i, s, rest: rest(k + 1), initializing: initializing)
                    if f.consumedRest { return f.flow }
                    if case .normal = f.flow {} else { return f.flow }
                } else if let sw = e.as(SwitchExprSyntax.self) {
                    let f = try runSwitch(sw, s, initializing: initializing)
                    if case .normal = f {} else { return f }
                } else {
                    try runExpression(e, s, initializing: initializing)
                }
            @unknown default: break
            }
            k += 1
        }
        return .normal
    }

    func declare(_ v: VariableDeclSyntax, _ s: Scope) throws {
        for b in v.bindings {
            var value: Value = .void
            if let initial = b.initializer?.value { value = try eval(initial, s) }
            if let t = b.typeAnnotation?.type.trimmedDescription {
                value = convert(value, toDeclared: t)
                if t == "Path", b.initializer == nil { value = .path(PathValue()) }
            }
            if let id = b.pattern.as(IdentifierPatternSyntax.self) {
                s.values[id.identifier.text] = value
            } else if let tuple = b.pattern.as(TuplePatternSyntax.self) {
                for (k, el) in tuple.elements.enumerated() {
                    guard let id = el.pattern.as(IdentifierPatternSyntax.self) else { continue }
                    if case .record(_, let fields) = value, k < fields.count { s.values[id.identifier.text] = fields[k].1 }
                }
            }
        }
    }

    func conditions(_ list: ConditionElementListSyntax, _ s: Scope) throws -> Expr {
        var out: Expr = .num(1)
        var first = true
        for c in list {
            switch c.condition {
            case .expression(let e):
                let x = try condition(try eval(e, s), position(e))
                out = first ? x : .binaryOp("&&", out, x)
                first = false
            case .optionalBinding(let b):
                guard let id = b.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let v = try b.initializer.map { try eval($0.value, s) } ?? (try lookup(id.identifier.text, s, position(b)))
                if case .optionalNone = v { return .num(0) }
                s.values[id.identifier.text] = v
            case .availability:
                continue
            default:
                throw Unsupported(position: position(c), construct: "condition", message: "this form of condition is not modelled")
            }
        }
        return out
    }

    /// Snapshot of every local visible from a scope (to run both sides of a branch on a value
    /// known only while rendering and join what they assign).
    private func snapshot(_ s: Scope) -> [(Scope, [String: Value])] {
        var out: [(Scope, [String: Value])] = []
        var cur: Scope? = s
        while let c = cur { out.append((c, c.values)); cur = c.parent }
        return out
    }

    private func restore(_ snap: [(Scope, [String: Value])]) {
        for (scope, values) in snap { scope.values = values }
    }

    struct IfResult { var flow: Flow; var consumedRest: Bool }

    func runIf(_ i: IfExprSyntax, _ s: Scope, rest: () throws -> Flow, initializing: Instance?) throws -> IfResult {
        let inner = s.child()
        let c = try conditions(i.conditions, inner)
        if let k = c.constant {
            if k != 0 { return IfResult(flow: try runList(Array(i.body.statements), from: 0, inner, initializing: initializing), consumedRest: false) }
            switch i.elseBody {
            case .ifExpr(let e)?: return try runIf(e, s, rest: rest, initializing: initializing)
            case .codeBlock(let b)?: return IfResult(flow: try runList(Array(b.statements), from: 0, s.child(), initializing: initializing), consumedRest: false)
            case nil: return IfResult(flow: .normal, consumedRest: false)
            @unknown default: return IfResult(flow: .normal, consumedRest: false)
            }
        }
        if stateValues != nil, !c.names.isSubset(of: ["t"]) && !c.names.isEmpty && c.names.contains(where: isState) {
            throw Unsupported(position: position(i), construct: "if", message: "a condition that is not known when the event runs")
        }
        // Both sides, joined into choices. In a Canvas, each side draws only while its
        // condition holds (a one-sided return's rest is the other side); in a gesture handler,
        // each side's changes run only while it holds (HandlerConditions.swift).
        let (thenWhen, elseWhen) = handlerBranchConditions(c, position(i))
        let notC = Expr.unaryOp("!", c)
        let before = snapshot(s)
        let thenFlow = try underCanvasCondition(c) { try underHandlerCondition(thenWhen) { try runList(Array(i.body.statements), from: 0, inner, initializing: initializing) } }
        let afterThen = snapshot(s)
        restore(before)
        var elseFlow: Flow = .normal
        switch i.elseBody {
        case .ifExpr(let e)?:
            let r = try underCanvasCondition(notC) { try underHandlerCondition(elseWhen) { try runIf(e, s, rest: rest, initializing: initializing) } }
            elseFlow = r.flow
            if r.consumedRest, case .returned(let b) = elseFlow, case .returned(let a) = thenFlow {
                return IfResult(flow: .returned(try select(c, a, b, position(i))), consumedRest: true)
            }
        case .codeBlock(let b)?: elseFlow = try underCanvasCondition(notC) { try underHandlerCondition(elseWhen) { try runList(Array(b.statements), from: 0, s.child(), initializing: initializing) } }
        case nil: break
        @unknown default: break
        }
        let afterElse = snapshot(s)
        switch (thenFlow, elseFlow) {
        case (.returned(let a), .returned(let b)):
            return IfResult(flow: .returned(try select(c, a, b, position(i))), consumedRest: false)
        case (.returned(let a), .normal):
            guard case .returned(let b) = try underCanvasCondition(notC, rest) else {
                throw Unsupported(position: position(i), construct: "if", message: "a branch on a value known only while rendering that does not return on every path")
            }
            return IfResult(flow: .returned(try select(c, a, b, position(i))), consumedRest: true)
        case (.normal, .normal):
            // Join assignments to outer locals.
            for ((scope, thenValues), (_, elseValues)) in zip(afterThen, afterElse) {
                for (name, tv) in thenValues {
                    let ev = elseValues[name] ?? tv
                    if !Value.same(tv, ev) { scope.values[name] = try select(c, tv, ev, position(i)) }
                }
            }
            return IfResult(flow: .normal, consumedRest: false)
        default:
            throw Unsupported(position: position(i), construct: "if", message: "a branch on a value known only while rendering with break, continue or one-sided return")
        }
    }

    /// Runs `body` with a condition on what a Canvas draws meanwhile (CanvasDrawing.swift).
    func underCanvasCondition<T>(_ c: Expr, _ body: () throws -> T) throws -> T {
        guard let drawing = canvasDrawing else { return try body() }
        drawing.conditions.append(c)
        defer { drawing.conditions.removeLast() }
        return try body()
    }

    func runIfExpression(_ i: IfExprSyntax, _ s: Scope) throws -> Value {
        let r = try runIf(i, s, rest: { .normal }, initializing: nil)
        if case .returned(let v) = r.flow { return v }
        // An if expression's branches are single expressions.
        let inner = s.child()
        let c = try conditions(i.conditions, inner)
        func branchValue(_ items: CodeBlockItemListSyntax) throws -> Value {
            try callBody(items, inner, at: position(i), name: "if") ?? .void
        }
        let a = try branchValue(i.body.statements)
        var b: Value = .void
        switch i.elseBody {
        case .ifExpr(let e)?: b = try runIfExpression(e, s)
        case .codeBlock(let blk)?: b = try branchValue(blk.statements)
        case nil: break
        @unknown default: break
        }
        if let k = c.constant { return k != 0 ? a : b }
        return try select(c, a, b, position(i))
    }

    /// The matching case of a switch on a value known now (a loop variable needs unrolling).
    func switchCase(_ sw: SwitchExprSyntax, _ s: Scope) throws -> SwitchCaseSyntax? {
        let subject = try eval(sw.subject, s)
        var key: Expr?
        switch subject {
        case .number(let e, _), .bool(let e): key = e
        case .member(let name, _): key = enumCaseIndex(name).map { .num(Double($0)) }
        default: break
        }
        for c in sw.cases {
            guard let sc = c.as(SwitchCaseSyntax.self) else { continue }
            switch sc.label {
            case .default: return sc
            case .case(let label):
                for item in label.caseItems {
                    guard let pattern = item.pattern.as(ExpressionPatternSyntax.self) else { continue }
                    let pv = try eval(pattern.expression, s)
                    if case .range(let lo, let hi, let closed) = pv, let key {
                        let inside = Expr.binaryOp("&&", .binaryOp(">=", key, lo), .binaryOp(closed ? "<=" : "<", key, hi))
                        guard let k = inside.constant else { throw NeedsConstant(names: inside.names, position: position(sw.subject), what: "the subject of a switch") }
                        if k != 0 { return sc }
                        continue
                    }
                    var pk: Expr?
                    switch pv {
                    case .number(let e, _), .bool(let e): pk = e
                    case .member(let name, _): pk = enumCaseIndex(name).map { .num(Double($0)) }
                    default: break
                    }
                    guard let key, let pk else {
                        if Value.same(pv, subject) { return sc }
                        continue
                    }
                    let eq = Expr.binaryOp("==", key, pk)
                    guard let k = eq.constant else { throw NeedsConstant(names: eq.names, position: position(sw.subject), what: "the subject of a switch") }
                    if k != 0 { return sc }
                }
            @unknown default: continue
            }
        }
        return nil
    }

    func runSwitch(_ sw: SwitchExprSyntax, _ s: Scope, initializing: Instance?) throws -> Flow {
        let picked: SwitchCaseSyntax?
        do { picked = try switchCase(sw, s) } catch let n as NeedsConstant {
            return .returned(try switchChoice(sw, s, n))
        }
        guard let sc = picked else { return .normal }
        let flow = try runList(Array(sc.statements), from: 0, s.child(), initializing: initializing)
        if case .breakLoop = flow { return .normal }
        return flow
    }

    func runSwitchExpression(_ sw: SwitchExprSyntax, _ s: Scope) throws -> Value {
        let picked: SwitchCaseSyntax?
        do { picked = try switchCase(sw, s) } catch let n as NeedsConstant { return try switchChoice(sw, s, n) }
        guard let sc = picked else { return .void }
        return try callBody(sc.statements, s.child(), at: position(sw), name: "switch") ?? .void
    }

    /// A switch on a value known only while rendering whose every case returns (or is) a value:
    /// a chain of choices, the first matching case winning, as Swift's does. Otherwise the subject
    /// must be known (`n` is rethrown).
    private func switchChoice(_ sw: SwitchExprSyntax, _ s: Scope, _ n: NeedsConstant) throws -> Value {
        let subject = try eval(sw.subject, s)
        var key: Expr?
        switch subject {
        case .number(let e, _), .bool(let e): key = e
        default: break
        }
        guard let key else { throw n }
        var arms: [(Expr, Value)] = []
        for c in sw.cases {
            guard let sc = c.as(SwitchCaseSyntax.self) else { continue }
            var condition: Expr = .num(0)
            switch sc.label {
            case .default: condition = .num(1)
            case .case(let label):
                for item in label.caseItems {
                    guard item.whereClause == nil, let pattern = item.pattern.as(ExpressionPatternSyntax.self) else { throw n }
                    let one: Expr
                    switch try eval(pattern.expression, s) {
                    case .range(let lo, let hi, let closed): one = .binaryOp("&&", .binaryOp(">=", key, lo), .binaryOp(closed ? "<=" : "<", key, hi))
                    case .number(let e, _), .bool(let e): one = .binaryOp("==", key, e)
                    case .member(let name, _):
                        guard let k = enumCaseIndex(name) else { throw n }
                        one = .binaryOp("==", key, .num(Double(k)))
                    default: throw n
                    }
                    condition = condition.constant == 0 ? one : .binaryOp("||", condition, one)
                }
            @unknown default: throw n
            }
            guard let v = try callBody(sc.statements, s.child(), at: position(sc), name: "switch") else { throw n }
            if case .void = v { throw n }
            arms.append((condition, v))
        }
        guard var out = arms.last?.1 else { throw n }
        for (condition, v) in arms.dropLast().reversed() { out = try select(condition, v, out, position(sw)) }
        return out
    }

    /// `after`: what follows the loop, run after the remaining iterations by a branch in the body
    /// that returns on one side only (`for k in … { if x <= key[k] { return … } }; return last`).
    func runFor(_ f: ForStmtSyntax, _ s: Scope, initializing: Instance?, after: (() throws -> Flow)? = nil) throws -> Flow {
        let seq = try eval(f.sequence, s)
        var items: [Value]
        switch seq {
        case .range(let lo, let hi, let closed):
            if canvasDrawing != nil, hi.constant == nil, lo.constant != nil, let top = ceiling(hi) {
                // Unrolled to the ceiling; each pass drawn while its index is within the bound.
                return try runCanvasPasses(f, s, lo: lo.constant!, ceiling: top, bound: hi, closed: closed, initializing: initializing)
            }
            items = try rangeValues(lo, hi, closed, position(f.sequence))
        case .array(let a): items = a
        default: throw Unsupported(position: position(f.sequence), construct: "for", message: "looping over \(seq.kindName) is not modelled")
        }
        let at = position(f)
        func iterate(from start: Int) throws -> Flow {
            var j = start
            while j < items.count {
                let item = items[j]
                j += 1
                let scope = s.child()
                if let id = f.pattern.as(IdentifierPatternSyntax.self) {
                    scope.values[id.identifier.text] = item
                } else if let tuple = f.pattern.as(TuplePatternSyntax.self), case .record(_, let fields) = item {
                    for (k, el) in tuple.elements.enumerated() where k < fields.count {
                        if let id = el.pattern.as(IdentifierPatternSyntax.self) { scope.values[id.identifier.text] = fields[k].1 }
                    }
                }
                if let w = f.whereClause, try constant(w.condition, scope, "where") == 0 { continue }
                let next = j
                let tail: () throws -> Flow = {
                    // Each such branch nests the iterations after it: bounded, never a stack overflow.
                    self.restDepth += 1
                    defer { self.restDepth -= 1 }
                    guard self.restDepth <= 256 else {
                        throw Unsupported(position: at, construct: "for", message: "more than 256 iterations whose branch on a value known only while rendering returns on one side only")
                    }
                    let flow = try iterate(from: next)
                    if case .normal = flow, let after { return try after() }
                    return flow
                }
                let flow = try runList(Array(f.body.statements), from: 0, scope, initializing: initializing, tail: tail)
                if case .returned = flow { return flow }
                if case .breakLoop = flow { break }
            }
            return .normal
        }
        return try iterate(from: 0)
    }

    /// `after`: what follows the loop. A condition known only while rendering, in code that
    /// returns after the loop, is a chain of choices: `c ? (body; the loop again) : after`, each
    /// pass with the values the passes before it leave (a segment lookup along a path).
    func runWhile(_ w: WhileStmtSyntax, _ s: Scope, initializing: Instance?, after: (() throws -> Flow)? = nil) throws -> Flow {
        let at = position(w)
        if w.conditions.trimmedDescription == "true", !w.body.statements.trimmedDescription.contains("sleep") {
            throw FatalCompileError(position: at, construct: "while true", message: "a loop that never waits (no Task.sleep) never ends; SwiftUI would hang too")
        }
        while true {
            let c = try conditions(w.conditions, s.child())
            guard let k = c.constant else {
                guard let after else {
                    throw Unsupported(position: at, construct: "while", message: "a loop condition known only while rendering")
                }
                return try runSymbolicWhilePass(w, c, s, initializing: initializing, after: after)
            }
            if k == 0 { break }
            let flow = try runList(Array(w.body.statements), from: 0, s.child(), initializing: initializing)
            if case .returned = flow { return flow }
            if case .breakLoop = flow { break }
            try step(at)
            if now > horizon { break }
        }
        return .normal
    }

    private func runSymbolicWhilePass(_ w: WhileStmtSyntax, _ c: Expr, _ s: Scope, initializing: Instance?, after: @escaping () throws -> Flow) throws -> Flow {
        let at = position(w)
        let unsupported = Unsupported(position: at, construct: "while", message: "a loop condition known only while rendering in code that does not return after the loop")
        restDepth += 1
        defer { restDepth -= 1 }
        guard restDepth <= 256 else {
            throw Unsupported(position: at, construct: "while", message: "more than 256 passes of a loop whose condition is known only while rendering")
        }
        let before = snapshot(s)
        guard case .returned(let exit) = try after() else { throw unsupported }
        restore(before)
        let flow = try runList(Array(w.body.statements), from: 0, s.child(), initializing: initializing)
        var next: Flow
        switch flow {
        case .normal, .continueLoop:
            try step(at)
            next = try runWhile(w, s, initializing: initializing, after: after)
            if case .normal = next { next = try after() }
        case .breakLoop: next = try after()
        case .returned: next = flow
        }
        restore(before)
        guard case .returned(let loop) = next else { throw unsupported }
        return .returned(try select(c, loop, exit, at))
    }

    // MARK: Expression statements

    func runExpression(_ e: ExprSyntax, _ s: Scope, initializing: Instance?) throws {
        if let t = e.as(TryExprSyntax.self) {
            // `try?` / `try!`: an error thrown inside stops there.
            guard t.questionOrExclamationMark != nil else { return try runExpression(t.expression, s, initializing: initializing) }
            do { return try runExpression(t.expression, s, initializing: initializing) } catch is SwiftThrow { return }
        }
        if let a = e.as(AwaitExprSyntax.self) { return try runExpression(a.expression, s, initializing: initializing) }
        if let i = e.as(InfixOperatorExprSyntax.self) {
            if i.operator.is(AssignmentExprSyntax.self) {
                return try assign(i.leftOperand, try eval(i.rightOperand, s), s, initializing: initializing, at: position(i))
            }
            if let op = i.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, ["+=", "-=", "*=", "/="].contains(op) {
                let current = try eval(i.leftOperand, s)
                let rhs = try eval(i.rightOperand, s)
                let at = position(i)
                let a = try number(current, at, op), b = try number(rhs, at, op)
                let isInt: Bool = { if case .number(_, true) = current, case .number(_, true) = rhs { return true }; return false }()
                var r = Expr.binaryOp(String(op.dropLast()), a, b)
                if op == "/=" && isInt { r = truncated(r, s) }
                let value: Value = { if case .angle = current { return .angle(r) }; return .number(r, isInt: isInt) }()
                return try assign(i.leftOperand, value, s, initializing: initializing, at: at)
            }
        }
        if let c = e.as(FunctionCallExprSyntax.self), try runCallStatement(c, s, initializing: initializing) { return }
        _ = try eval(e, s)
    }

    func assign(_ target: ExprSyntax, _ value: Value, _ s: Scope, initializing: Instance?, at: SwiftPosition) throws {
        if canvasDrawing != nil, try assignCanvasProperty(target, value, s) { return }
        if try assignDisplayLinkProperty(target, value, s, at) { return }
        var name: String?
        var viaSelf = false
        if let r = target.as(DeclReferenceExprSyntax.self) { name = r.baseName.text }
        if let m = target.as(MemberAccessExprSyntax.self), let b = m.base?.as(DeclReferenceExprSyntax.self), b.baseName.text == "self" {
            name = m.declName.baseName.text
            viaSelf = true
        } else if let m = target.as(MemberAccessExprSyntax.self), let base = m.base, case .object(let object)? = try? eval(base, s) {
            // `model.progress = 1`: a property of a shared object.
            return try assignObjectProperty(object, m.declName.baseName.text, value, at: at)
        }
        // `xs[i].field = v` of a state array of records.
        if name == nil, let m = target.as(MemberAccessExprSyntax.self), let sub = m.base?.as(SubscriptCallExprSyntax.self),
           case .record("StateArray", let f)? = try? eval(sub.calledExpression, s) {
            return try assignRecordField(f, sub, m.declName.baseName.text, value, s, at)
        }
        // `xs[i] = v` of a state array.
        if name == nil, let sub = target.as(SubscriptCallExprSyntax.self), case .record("StateArray", let f)? = try? eval(sub.calledExpression, s) {
            return try assignStateArrayElement(f, sub, value, s, at)
        }
        // `xs[i] = v` of an array value (a local, a stored property): the array with that element
        // replaced, assigned back.
        if name == nil, let sub = target.as(SubscriptCallExprSyntax.self), sub.arguments.count == 1,
           case .array(var items)? = try? eval(sub.calledExpression, s) {
            let index = try number(sub.arguments.first!.expression, s, "index")
            guard let k = index.constant else {
                throw NeedsConstant(names: index.names, position: at, what: "the index of an element assigned")
            }
            guard k == k.rounded(), items.indices.contains(Int(k)) else {
                throw Unsupported(position: at, construct: "subscript", message: "index \(formatSpecNumber(k)) is out of range (the array has \(items.count) elements)")
            }
            items[Int(k)] = value
            return try assign(sub.calledExpression, .array(items), s, initializing: initializing, at: at)
        }
        guard let name else {
            throw Unsupported(position: at, construct: "assignment", message: "assigning to '\(target.trimmedDescription.prefix(40))' is not modelled")
        }
        if !viaSelf, s.assign(name, value) { return }
        guard let inst = s.instance else {
            throw Unsupported(position: at, construct: "assignment", message: "unknown variable '\(name)'")
        }
        // `_model = StateObject(wrappedValue: Model())` in a View's init.
        if name.hasPrefix("_"), initializing === inst, let p = inst.type.property(String(name.dropFirst())), p.isObject {
            inst.members[p.name] = value
            return
        }
        if let st = inst.structStates[name] { return try setStructState(st, value, at) }
        if let spec = inst.stateNames[name] {
            return try setState(spec, value, at)
        }
        if initializing !== inst, inst.type.isObservableObject, inst.type.property(name) != nil {
            return try assignObjectProperty(inst, name, value, at: at)
        }
        if initializing === inst || inst.type.property(name) != nil && !(inst.type.property(name)!.isState) {
            inst.members[name] = inst.type.property(name)?.type.map { convert(value, toDeclared: $0) } ?? value
            return
        }
        throw Unsupported(position: at, construct: "assignment", message: "unknown property '\(name)'")
    }
}
