// Views → spec nodes: containers (stacks, grids and scroll views in Layout.swift; ZStack and Group
// outside a layout view), ForEach as `repeat` (unrolled when an element must be known at compile
// time), `if`/`else` as `if` nodes, shapes, colours and gradients used as views, TimelineView (the
// clock `t`), GeometryReader, View structs of the file (their @State become spec state) and
// helpers returning views. Inside a layout view every view is a layout view; outside one (a ZStack
// of shapes at the top level) a view is drawn in a rectangle of the canvas that `.frame` and
// `.padding` change, placed by the container's alignment (centred for ZStack).
import Foundation
internal import SwiftSyntax

struct ViewContext {
    var rect: Rect
    /// Where a smaller view sits in the proposed rectangle (unit point; ZStack: centre).
    var alignment: (Double, Double) = (0.5, 0.5)
    /// `.foregroundColor` / `.foregroundStyle`: the paint of shapes that have none.
    var foreground: JSON? = nil
    /// Inside a layout view: views are the spec's layout views (shapes take the size offered).
    var layout = false
    /// A child of a layout container (groups, repeats and ifs are transparent there).
    var inContainer = false
    /// The text environment (`font`, `fontWeight`, `bold`, …), the nearest modifier's value last.
    var text: [(String, JSON)] = []
    /// `.progressViewStyle(CircularProgressViewStyle(tint:))` or `.tint(_:)`: a spinner's colour.
    var progressTint: JSON? = nil
}

extension Compiler {
    func compileView(_ v: Value, _ ctx: ViewContext, at: SwiftPosition) throws -> [JSON] {
        switch v {
        case .view(let t): return try compileThunk(t, ctx)
        case .color(let j), .gradient(let j): return [paintRect(j, ctx, at)]
        case .array(let items): return try items.flatMap { try compileView($0, ctx, at: at) }
        case .void, .optionalNone: return []
        case .path(let p): return [try finalize(ShapeBuild(shape: ShapeValue(kind: "path", path: p), rect: ctx.rect, foreground: ctx.foreground, position: at, layout: ctx.layout))]
        case .member(let name, _) where Self.materials.contains(name):
            return [paintRect(.string(name), ctx, at)]
        case .member(let name, _) where NamedColor.rgba[name] != nil:
            return try compileView(try namedColor(name, at), ctx, at: at)
        default:
            throw Unsupported(position: at, construct: "view", message: "\(v.kindName) is not a view this front end draws: left out")
        }
    }

    func compileThunk(_ t: ViewThunk, _ ctx: ViewContext) throws -> [JSON] {
        switch t.body {
        case .expression(let e): return try compileViewExpr(e, t.scope, ctx)
        case .items(let items): return try compileViewItems(items, t.scope.child(), ctx)
        case .paint(let j): return [paintRect(j, ctx, t.position)]
        case .shape(let sv): return [try finalize(ShapeBuild(shape: sv, rect: ctx.rect, foreground: ctx.foreground, position: t.position, layout: ctx.layout))]
        }
    }

    func paintRect(_ paint: JSON, _ ctx: ViewContext, _ at: SwiftPosition) -> JSON {
        nodeCount += 1
        if ctx.layout {
            // A colour is the spec's `color` view; a gradient a frameless rectangle filled with it.
            if paintKey(paint) == "color", !isMaterial(paint) { return .located(at, .object([("color", paint)])) }
            return .located(at, .object([("rectangle", .object([])), ("fill", paint)]))
        }
        return .located(at, .object([("rectangle", .object([("frame", ctx.rect.json), ("pixelAligned", .bool(true))])), ("fill", paint)]))
    }

    func isMaterial(_ paint: JSON) -> Bool {
        if case .string(let name) = paint.unlocated { return Self.materials.contains(name) }
        return false
    }

    /// A result-builder body: `let`s, views, `if`/`switch`, `return`.
    func compileViewItems(_ items: CodeBlockItemListSyntax, _ s: Scope, _ ctx: ViewContext) throws -> [JSON] {
        var out: [JSON] = []
        for item in items where !skippedItems.contains(item.id) {
            try step(position(item))
            switch item.item {
            case .decl(let d):
                guard let v = d.as(VariableDeclSyntax.self) else { continue }
                do { try declare(v, s) } catch let u as Unsupported {
                    // The name stays unusable; a view that reads it reports it there.
                    for b in v.bindings { if let id = b.pattern.as(IdentifierPatternSyntax.self) { s.values[id.identifier.text] = .opaque("'\(id.identifier.text)' (\(u.construct): \(u.message))") } }
                    warn(u)
                }
            case .stmt(let st):
                if let r = st.as(ReturnStmtSyntax.self), let e = r.expression {
                    out += try guarded(position(e)) { try self.compileViewExpr(e, s, ctx) }
                    return out
                }
                if let es = st.as(ExpressionStmtSyntax.self) {
                    out += try guarded(position(es)) { try self.compileViewExpr(es.expression, s, ctx) }
                }
            case .expr(let e):
                out += try guarded(position(e)) { try self.compileViewExpr(e, s, ctx) }
            @unknown default: break
            }
        }
        return out
    }

    /// Runs a view construct; one that cannot be compiled is reported and left out. Values that
    /// must be known at compile time propagate to the enclosing ForEach that can unroll.
    func guarded(_ at: SwiftPosition, _ body: () throws -> [JSON]) throws -> [JSON] {
        do { return try body() } catch let u as Unsupported {
            warn(u)
            return []
        } catch let n as NeedsConstant {
            if !n.names.isDisjoint(with: activeLoops) { throw n }
            warn(n.position, n.what, "depends on \(n.names.sorted().joined(separator: ", ")), known only while rendering: left out")
            return []
        } catch let t as SwiftThrow {
            warn(t.position, "throw", "an error thrown while the view is built, not caught: the view is left out")
            return []
        }
    }

    func compileViewExpr(_ e: ExprSyntax, _ s: Scope, _ ctx: ViewContext) throws -> [JSON] {
        let at = position(e)
        try step(at)
        if let (base, mods) = splitChain(e, s), !mods.isEmpty {
            return try compileChain(base, mods, s, ctx)
        }
        if let i = e.as(IfExprSyntax.self) { return try compileIf(i, s, ctx) }
        if let sw = e.as(SwitchExprSyntax.self) {
            guard let sc = try switchCase(sw, s) else { return [] }
            return try compileViewItems(sc.statements, s.child(), ctx)
        }
        if let c = e.as(FunctionCallExprSyntax.self), let r = c.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = r.baseName.text
            let a = Arguments(c)
            if s.local(name) == nil {
                if let t = index.types[name], t.isView { return try compileInstance(t, a, s, ctx, at) }
                if Self.viewNames.contains(name), index.declared(name) == nil { return try compileBuiltinView(name, a, c, s, ctx) }
            }
        }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1 { return try compileViewExpr(t.elements.first!.expression, s, ctx) }
        let v = try eval(e, s)
        if case .view(let t) = v, case .expression(let inner) = t.body, inner.id == e.id {
            throw Unsupported(position: at, construct: "view", message: "'\(e.trimmedDescription.prefix(40))' is not a view this front end draws: left out")
        }
        return try compileView(v, ctx, at: at)
    }

    // MARK: Containers

    func contentClosure(_ a: Arguments) -> ClosureExprSyntax? { a.closure("content") }

    func compileBuiltinView(_ name: String, _ a: Arguments, _ c: FunctionCallExprSyntax, _ s: Scope, _ ctx: ViewContext) throws -> [JSON] {
        let at = position(c)
        if let nodes = try compileLayoutView(name, a, c, s, ctx) { return nodes }
        switch name {
        case "ZStack", "Group", "NavigationStack", "NavigationView", "AnyView", "ZStackLayout", "Form", "List", "ViewThatFits", "TabView":
            var inner = ctx
            if name == "ZStack", let al = a.labeled("alignment") { inner.alignment = try alignment(try eval(al, s), position(al)) }
            if name == "List" || name == "Form" || name == "TabView" {
                warn(at, name, "drawn as its content at rest (no scrolling, no list chrome)")
            }
            if name == "AnyView", let v = a.first { return try compileViewExpr(v, s, inner) }
            guard let closure = contentClosure(a) else { return [] }
            return group(try compileViewItems(closure.statements, s.child(), inner), at)
        case "ForEach": return try compileForEach(a, c, s, ctx)
        case "TimelineView":
            guard let closure = contentClosure(a) else { return [] }
            usesClock = true
            let scope = s.child()
            if let p = closureParameterNames(closure).first {
                scope.values[p] = .record("TimelineContext", [("date", .record("Date", []))])
            }
            if let sched = a.first, !sched.trimmedDescription.hasPrefix(".animation") && !sched.trimmedDescription.hasPrefix("AnimationTimelineSchedule") {
                warn(position(sched), "TimelineView", "schedule '\(sched.trimmedDescription.prefix(40))' drawn as .animation (a continuous clock)")
            }
            return group(try compileViewItems(closure.statements, scope, ctx), at)
        case "GeometryReader":
            guard let closure = contentClosure(a) else { return [] }
            let scope = s.child()
            if let p = closureParameterNames(closure).first {
                let size = Value.record("CGSize", [("width", .number(ctx.rect.width, isInt: false)), ("height", .number(ctx.rect.height, isInt: false))])
                scope.values[p] = .record("GeometryProxy", [("size", size)])
            }
            var inner = ctx
            inner.alignment = (0, 0)
            return group(try compileViewItems(closure.statements, scope, inner), at)
        case "Button":
            // `Button("Title") { … }`: its title, a text in the accent colour (the tint).
            if let title = a.unlabeled.first, case .string = try eval(title, s) {
                var inner = ctx
                if inner.foreground == nil { inner.foreground = .string("blue") }
                return try button([try compileText(Arguments(list: [(label: nil, expr: title)], trailing: []), s, inner, at)], a, titled: true, s, at)
            }
            if let label = a.labeled("label")?.as(ClosureExprSyntax.self) ?? (a.trailing.count == 1 && a.labeled("action") != nil ? a.trailing.first : a.trailing.last) {
                return try button(try compileViewItems(label.statements, s.child(), ctx), a, titled: false, s, at)
            }
            throw Unsupported(position: at, construct: "Button", message: "a button without a title or label: left out")
        case "ProgressView":
            return try compileProgressView(a, s, ctx, at)
        case "EmptyView":
            return []
        case "Label", "TextField":
            throw Unsupported(position: at, construct: name, message: "not modelled: left out")
        case "Image":
            throw Unsupported(position: at, construct: "Image", message: "images from the asset catalogue are not in the source: left out")
        case "Canvas":
            return try compileCanvas(a, s, ctx, at)
        case "GlassEffectContainer":
            return try compileGlassContainer(a, s, ctx, at)
        default:
            throw Unsupported(position: at, construct: name, message: "not modelled: left out")
        }
    }

    /// Several nodes as one (a group); one node as itself.
    func group(_ nodes: [JSON], _ at: SwiftPosition) -> [JSON] {
        if nodes.count <= 1 { return nodes }
        nodeCount += 1
        return [.located(at, .object([("group", .array(nodes))]))]
    }

    func alignment(_ v: Value, _ at: SwiftPosition) throws -> (Double, Double) {
        if case .member(let name, _) = v, let p = UnitPointNames.named[name] { return p }
        if case .unitPoint(let x, let y) = v { return (x, y) }
        throw Unsupported(position: at, construct: "alignment", message: "expected an alignment such as .center")
    }

    // MARK: if

    /// `if c1 { A } else if c2 { B } else { C }` → sibling ifs with exclusive conditions (`c1`,
    /// `!(c1) && c2`, `!(c1) && !(c2)`), as SwiftUI's nested conditional content behaves: a branch
    /// appears and disappears when its whole condition changes, never inside a branch that is
    /// itself just appearing. `prefix`: the conditions of the branches before (an else-if's).
    /// Not an `if` nested in the else branch: that one would be content of its own, inserted with
    /// a transition of its own (the default fade), and the branch inside it would then play none
    /// (docs/semantics.md §292), where SwiftUI plays the branch's own.
    func compileIf(_ i: IfExprSyntax, _ s: Scope, _ ctx: ViewContext, under prefix: Expr? = nil) throws -> [JSON] {
        let inner = s.child()
        let c = try conditions(i.conditions, inner)
        let at = position(i)
        func and(_ a: Expr?, _ b: Expr) -> Expr { a.map { .binaryOp("&&", $0, b) } ?? b }
        func guarded(_ nodes: [JSON], _ cond: Expr?, _ at: SwiftPosition) -> [JSON] {
            guard let cond else { return nodes }
            return conditional(cond, nodes, at).map { [$0] } ?? []
        }
        func elseNodes(_ cond: Expr?) throws -> [JSON] {
            switch i.elseBody {
            case .ifExpr(let e)?: return try compileIf(e, s, ctx, under: cond)
            case .codeBlock(let b)?: return guarded(try compileViewItems(b.statements, s.child(), ctx), cond, position(b))
            case nil: return []
            @unknown default: return []
            }
        }
        if let k = c.constant {
            return k != 0 ? guarded(try compileViewItems(i.body.statements, inner, ctx), prefix, at) : try elseNodes(prefix)
        }
        var out: [JSON] = []
        let thenNodes = try compileViewItems(i.body.statements, inner, ctx)
        if let node = conditional(and(prefix, c), thenNodes, at) { out.append(node) }
        out += try elseNodes(and(prefix, .unaryOp("!", c)))
        return out
    }

    /// `{"if": {"condition": …, "content": …, "transition": …}}`; a `.transition` on the content's
    /// single node becomes the node's transition.
    func conditional(_ c: Expr, _ nodes: [JSON], _ at: SwiftPosition) -> JSON? {
        guard !nodes.isEmpty else { return nil }
        var content = nodes
        var members: [(String, JSON)] = [("condition", .string("=" + c.text))]
        if content.count == 1, let t = content[0]["_transition"] {
            content[0] = content[0].removing("_transition")
            members.append(("transition", t))
        }
        members.insert(("content", .array(content)), at: 1)
        nodeCount += 1
        return .located(at, .object([("if", .object(members))]))
    }

    // MARK: ForEach

    var activeLoops: Set<String> { activeLoopNames }

    func compileForEach(_ a: Arguments, _ c: FunctionCallExprSyntax, _ s: Scope, _ ctx: ViewContext) throws -> [JSON] {
        let at = position(c)
        guard let dataExpr = a.first, let closure = contentClosure(a) else {
            throw Unsupported(position: at, construct: "ForEach", message: "expected ForEach(data) { element in … }: left out")
        }
        let data = try eval(dataExpr, s)
        if case .record("StateArray", let f) = data { return try stateArrayForEach(f, closure, s, ctx, at) }
        let params = closureParameterNames(closure)
        var lower: Expr = .num(0)
        var count: Int
        var elements: [Value]? = nil
        switch data {
        case .range(let lo, let hi, let closed):
            guard let l = lo.constant, let h = hi.constant else {
                throw Unsupported(position: position(dataExpr), construct: "ForEach", message: "a range whose bounds depend on \(lo.names.union(hi.names).sorted().joined(separator: ", ")) (a repeat count is fixed): left out")
            }
            lower = lo
            count = max(0, Int(h - l) + (closed ? 1 : 0))
        case .array(let items):
            count = items.count
            elements = items
        default:
            throw Unsupported(position: position(dataExpr), construct: "ForEach", message: "ForEach over \(data.kindName) is not modelled: left out")
        }
        guard count <= 100_000 else {
            throw FatalCompileError(position: position(dataExpr), construct: "ForEach", message: "ForEach over \(count) items: a repeat allows at most 100,000; nothing is rendered")
        }
        if count == 0 { return [] }
        let swiftName = params.first.flatMap { $0 == "_" ? nil : $0 } ?? "$0"
        let specName = loopName(swiftName)
        func bind(_ scope: Scope, _ index: Expr) throws {
            var v: Value = .number(.binaryOp("+", index, lower), isInt: true)
            if let elements {
                if let k = index.constant { v = elements[Int(k)] }
                else if elements.allSatisfy({ if case .number = $0 { return true }; return false }) {
                    var out = try number(elements[count - 1], at, "element")
                    for k in stride(from: count - 2, through: 0, by: -1) {
                        out = .ternaryOp(.binaryOp("<", index, .num(Double(k) + 0.5)), try number(elements[k], at, "element"), out)
                    }
                    v = .number(out, isInt: false)
                } else {
                    throw NeedsConstant(names: [specName], position: at, what: "an element of ForEach's data")
                }
            }
            scope.values[swiftName] = v
            scope.values["$0"] = v
            if params.count > 1 {
                // `{ index, item in … }` over `enumerated()`: the pair's two halves.
                if case .record("tuple", let halves) = v, halves.count == 2 {
                    if params[0] != "_" { scope.values[params[0]] = halves[0].1 }
                    scope.values[params[1]] = halves[1].1
                } else {
                    scope.values[params[1]] = v
                }
            }
        }
        // Symbolic first: one repeat node whose loop variable is a spec name.
        do {
            let scope = s.child()
            scope.loopNames.insert(specName)
            activeLoopNames.insert(specName)
            defer { activeLoopNames.remove(specName) }
            try bind(scope, .name(specName))
            if let instanceWithState = try stateInstanceInBody(closure, scope) {
                throw NeedsConstant(names: [specName], position: at, what: "\(instanceWithState) with @State in a ForEach")
            }
            let nodes = try compileViewItems(closure.statements, scope, ctx)
            if nodes.isEmpty { return [] }
            nodeCount += nodes.count * count
            guard nodeCount <= nodeLimit else {
                throw FatalCompileError(position: at, construct: "ForEach", message: "more than \(nodeLimit) views; nothing is rendered")
            }
            return [.located(at, .object([("repeat", .object([("count", .number(Double(count))), ("as", .string(specName)), ("content", .array(nodes))]))]))]
        } catch let n as NeedsConstant where n.names.contains(specName) {
            guard count <= 256 else {
                throw Unsupported(position: n.position, construct: "ForEach", message: "\(n.what) must be known for each of \(count) elements (at most 256 are unrolled): left out")
            }
            usedNames.remove(specName)
            var out: [JSON] = []
            for k in 0..<count {
                let scope = s.child()
                try bind(scope, .num(Double(k)))
                out += try compileViewItems(closure.statements, scope, ctx)
                guard nodeCount <= nodeLimit else {
                    throw FatalCompileError(position: at, construct: "ForEach", message: "more than \(nodeLimit) views; nothing is rendered")
                }
            }
            return group(out, at)
        }
    }

    /// A spec name for a loop variable: its Swift name unless that is taken.
    func loopName(_ swiftName: String) -> String {
        freshName(swiftName == "$0" ? "i" : swiftName)
    }

    /// The name of a View type with @State instantiated directly in a ForEach body (each element
    /// needs state of its own, so the loop is unrolled).
    func stateInstanceInBody(_ closure: ClosureExprSyntax, _ s: Scope) throws -> String? {
        for item in closure.statements {
            var e: ExprSyntax?
            if case .expr(let x) = item.item { e = x }
            while let call = e?.as(FunctionCallExprSyntax.self) {
                if let r = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                    if let t = index.types[r.baseName.text], t.isView, t.properties.contains(where: \.isState) { return t.name }
                    break
                }
                e = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
            }
        }
        return nil
    }

    // MARK: View structs

    func compileInstance(_ t: TypeDecl, _ a: Arguments, _ s: Scope, _ ctx: ViewContext, _ at: SwiftPosition) throws -> [JSON] {
        callDepth += 1
        defer { callDepth -= 1 }
        guard callDepth < callDepthLimit else {
            throw FatalCompileError(position: at, construct: t.name, message: "views contain each other more than \(callDepthLimit) deep (recursion); nothing is rendered")
        }
        let inst = try makeInstance(t, a, s, at)
        try declareStates(inst)
        try makeStateObjects(inst, at)
        guard let body = t.property("body")?.getter else {
            throw Unsupported(position: at, construct: t.name, message: "a View without a body: left out")
        }
        return try compileViewItems(body, Scope(parent: nil, instance: inst), ctx)
    }

    /// A property that only keeps Combine subscriptions alive (`Set<AnyCancellable>()`,
    /// `[AnyCancellable]`, `AnyCancellable?`).
    static func isCancellableStore(_ p: TypeDecl.Property) -> Bool {
        let types: Set<String> = ["Set<AnyCancellable>", "[AnyCancellable]", "AnyCancellable?", "AnyCancellable"]
        if let t = p.type?.replacingOccurrences(of: " ", with: ""), types.contains(t) { return true }
        guard let e = p.initializer?.trimmedDescription.replacingOccurrences(of: " ", with: "") else { return false }
        return e == "Set<AnyCancellable>()" || e == "[AnyCancellable]()"
    }

    /// The instance's @State properties become spec state variables with their initial values.
    func declareStates(_ inst: Instance) throws {
        for p in inst.type.properties where p.isState {
            let at = position(p.node)
            var initial: Double = 0
            var isBool = p.type == "Bool"
            var isInt = p.type == "Int"
            var isAngle = false
            // A value given by the caller or set by an initializer wins over the declared one.
            let givenConstant: Bool = {
                switch inst.members[p.name] {
                case .number(let x, _)?: return x.constant != nil
                case .bool(let x)?: return x.constant != nil
                default: return false
                }
            }()
            if let stored = preferenceStoreValue(inst, p.name) {
                // Layout's output, stored by `.onPreferenceChange` (Preferences.swift).
                inst.members[p.name] = stored
                continue
            }
            if Self.isCancellableStore(p) {
                // Subscriptions kept alive: no pixels, and nothing a view reads.
                inst.members[p.name] = .opaque("cancellables")
                continue
            }
            if let e = p.initializer, !givenConstant {
                let v: Value
                do { v = try eval(e, Scope(parent: nil, instance: inst)) } catch let u as Unsupported {
                    warn(u.position, "@State \(p.name)", "\(u.message); the variable is left out")
                    continue
                }
                if try declareStructState(inst, p, v, at) { continue }
                switch v {
                case .optionalNone where Self.isIdentityType(p.type): initial = 0
                case .bool(let x): isBool = true; initial = x.constant ?? 0
                case .number(let x, let int): initial = x.constant ?? 0; isInt = isInt || (int && p.type == nil)
                case .angle(let x): initial = x.constant ?? 0; isAngle = true
                case .array(let items):
                    if let r = try recordArray(items, p.type, at),
                       !r.fields.contains(where: { $0.kind == "string" }) || Self.arrayIsChanged(inst.type, p.name) {
                        let name = freshName(p.name)
                        inst.stateNames[p.name] = name
                        states.append(StateDecl(name: name, initial: 0, isBool: false, position: at, arrayKind: "records", arrayInitial: r.initial, recordFields: r.fields.filter { $0.kind != "string" }.map { ($0.name, $0.defaultValue) }))
                        var elements = items
                        if r.fields.contains(where: { $0.kind == "string" }) {
                            // Each element keeps one identity (ElementIdentityContent.swift).
                            elements = items.map { item in
                                guard case .record(let t, let fs) = item, !fs.contains(where: { $0.0 == "id" }) else { return item }
                                uuidCount += 1
                                return .record(t, [("id", .string("UUID-\(uuidCount)"))] + fs)
                            }
                        }
                        recordArrays[name] = RecordArrayModel(name: name, fields: r.fields, elements: elements)
                        continue
                    }
                    if !items.isEmpty, items.allSatisfy({ if case .record = $0 { true } else { false } }) {
                        // Structs the spec cannot hold (a String field): the array as it starts,
                        // a constant; a handler that changes it is reported there.
                        inst.members[p.name] = .array(items)
                        continue
                    }
                    guard let (kind, elements) = stateArray(items, p.type, at) else {
                        warn(at, "@State \(p.name)", "an array of \(items.first?.kindName ?? p.type ?? "values") is not modelled; the variable is left out")
                        continue
                    }
                    let name = freshName(p.name)
                    inst.stateNames[p.name] = name
                    states.append(StateDecl(name: name, initial: 0, isBool: false, position: at, arrayKind: kind, arrayInitial: elements))
                    plainArrays[name] = RecordArrayModel(name: name, fields: [], elements: items)
                    continue
                case .record("BoundedBuffer", let f):
                    let buffer: (kind: String, capacity: Int)
                    do { buffer = try boundedStateArray(f, declared: p.type, at) } catch let u as Unsupported {
                        warn(u.position, "@State \(p.name)", "\(u.message); the variable is left out")
                        continue
                    }
                    let name = freshName(p.name)
                    inst.stateNames[p.name] = name
                    states.append(StateDecl(name: name, initial: 0, isBool: false, position: at, arrayKind: buffer.kind, arrayInitial: []))
                    boundedArrays[name] = BoundedArrayModel(capacity: buffer.capacity)
                    continue
                case .member(let name, _):
                    if let k = enumCaseIndex(name) { initial = Double(k) } else if name == "zero" { initial = 0 } else {
                        warn(at, "@State \(p.name)", "a state of \(v.kindName) is not modelled; the variable is left out")
                        continue
                    }
                default:
                    warn(at, "@State \(p.name)", "a state of \(v.kindName) is not modelled; the variable is left out")
                    continue
                }
            } else if let given = inst.members[p.name] {
                if case .number(let x, _) = given, let c = x.constant { initial = c } else if case .bool(let x) = given, let c = x.constant { initial = c; isBool = true } else { continue }
                inst.members[p.name] = nil
            }
            let name = freshName(p.name)
            inst.stateNames[p.name] = name
            if Self.isIdentityType(p.type), p.initializer == nil || p.initializer?.trimmedDescription == "nil" { identityStates.insert(name) }
            if isAngle || p.type?.replacingOccurrences(of: " ", with: "") == "Angle" { angleStates.insert(name) }
            states.append(StateDecl(name: name, initial: initial, isBool: isBool, position: at, isInt: isInt))
        }
    }
}
