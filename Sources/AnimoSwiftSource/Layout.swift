// SwiftUI layout → the spec's layout views and layout modifiers (docs/spec.md, "Layout"): stacks,
// spacers, dividers, colours, grids and scroll views become the spec's nodes, and inside them every
// view is a layout view (shapes without a frame take the size offered). `.frame`, `.padding`,
// `.aspectRatio`, `.background`, `.overlay`, `.clipped`, `.zIndex`, `.ignoresSafeArea`,
// `.fixedSize`, `.layoutPriority` and `.position` on a layout view are the spec's layout
// modifiers, in the order Swift writes them. A chain whose view is a layout view (a stack, a text,
// an image) is one at the top level too: the spec centres it in the safe area, as a hosting view.
import Foundation
internal import SwiftSyntax

extension Compiler {
    /// Views that are layout views wherever they are.
    static let layoutNative: Set<String> = ["HStack", "VStack", "LazyVStack", "LazyHStack", "HStackLayout", "VStackLayout", "LazyVGrid",
                                            "LazyHGrid", "Grid", "GridRow", "ScrollView", "Text", "Spacer", "Divider", "Image", "Button",
                                            "ProgressView"]

    /// The chain's view is a layout view wherever it is.
    func isLayoutNative(_ e: ExprSyntax, _ s: Scope, depth: Int = 0) -> Bool {
        guard depth < 16, let c = e.as(FunctionCallExprSyntax.self), let r = c.calledExpression.as(DeclReferenceExprSyntax.self) else { return false }
        let name = r.baseName.text
        // A View struct of the file whose body is a layout view (`ContentView().padding()`).
        if s.local(name) == nil, let t = index.types[name], t.isView { return bodyIsLayoutView(t, depth: depth + 1) }
        guard s.local(name) == nil, index.declared(name) == nil else { return false }
        if name == "ZStack" { return isLayoutZStack(c, s, depth: depth + 1) }
        guard Self.layoutNative.contains(name) else { return false }
        if name == "Image" { return Arguments(c).labeled("systemName") != nil }
        if name == "Button" { return Arguments(c).unlabeled.first?.is(StringLiteralExprSyntax.self) ?? false }
        return true
    }

    /// The view a View struct's body ends with is a layout view.
    func bodyIsLayoutView(_ t: TypeDecl, depth: Int) -> Bool {
        guard depth < 8, let items = t.property("body")?.getter else { return false }
        for item in items.reversed() {
            var e: ExprSyntax?
            if case .expr(let x) = item.item { e = x }
            if case .stmt(let st) = item.item, let r = st.as(ReturnStmtSyntax.self) { e = r.expression }
            guard let e else { continue }
            let s = Scope(parent: nil)
            return isLayoutNative(splitChain(e, s)?.0 ?? e, s, depth: depth)
        }
        return false
    }

    /// A ZStack that holds a layout view among its direct children is laid out by the spec, so
    /// that its shapes and colours are placed with the stacks and texts beside them (centred in
    /// the safe area); a ZStack of shapes alone at the top level is drawn in the canvas.
    func isLayoutZStack(_ c: FunctionCallExprSyntax, _ s: Scope, depth: Int = 0) -> Bool {
        guard depth < 16, c.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "ZStack", let closure = contentClosure(Arguments(c)) else { return false }
        for item in closure.statements {
            guard case .expr(let e) = item.item else { continue }
            let base = splitChain(e, s)?.0 ?? e
            if isLayoutNative(base, s, depth: depth + 1) { return true }
        }
        return false
    }

    /// The context of a layout container's children.
    func containerContext(_ ctx: ViewContext) -> ViewContext {
        var inner = ctx
        inner.layout = true
        inner.inContainer = true
        inner.alignment = (0.5, 0.5)
        return inner
    }

    /// An alignment's spec name (`.topLeading` → "topLeading").
    func alignmentName(_ e: ExprSyntax, _ s: Scope, _ allowed: Set<String>) throws -> String {
        if case .member(let name, _) = try eval(e, s), allowed.contains(name) { return name }
        throw Unsupported(position: position(e), construct: "alignment", message: "expected one of \(allowed.sorted().joined(separator: ", ")): the default is used")
    }

    static let alignments: Set<String> = ["center", "leading", "trailing", "top", "bottom", "topLeading", "topTrailing", "bottomLeading", "bottomTrailing"]

    /// The spec node of a layout container or leaf; nil when `name` is not one here.
    func compileLayoutView(_ name: String, _ a: Arguments, _ c: FunctionCallExprSyntax, _ s: Scope, _ ctx: ViewContext) throws -> [JSON]? {
        let at = position(c)
        var ctx = ctx
        if name == "ZStack", !ctx.layout, isLayoutZStack(c, s) { ctx.layout = true }
        func children(_ inner: ViewContext) throws -> [JSON] {
            guard let closure = contentClosure(a) else { return [] }
            return try compileViewItems(closure.statements, s.child(), inner)
        }
        func container(_ key: String, _ members: [(String, JSON)]) throws -> [JSON] {
            let content = try children(containerContext(ctx))
            nodeCount += 1
            return [.located(at, .object([(key, .object([("content", .array(content))] + members))]))]
        }
        func optionalAlignment(_ allowed: Set<String>) -> [(String, JSON)] {
            guard let e = a.labeled("alignment") else { return [] }
            do { return [("alignment", .string(try alignmentName(e, s, allowed)))] } catch let u as Unsupported { warn(u, instead: "the default is used") } catch {}
            return []
        }
        func length(_ label: String) throws -> [(String, JSON)] {
            guard let e = a.labeled(label) else { return [] }
            return [(label, try layoutLength(e, s, "\(name)(\(label):)"))]
        }
        // A stack's spacing may be negative: SwiftUI overlaps the children (docs/semantics.md §281).
        func stackSpacing() throws -> [(String, JSON)] {
            guard let e = a.labeled("spacing") else { return [] }
            let v = try number(e, s, "\(name)(spacing:)")
            if let k = v.constant, !k.isFinite {
                warn(position(e), "\(name)(spacing:)", "\(k.isNaN ? "not a number" : "an infinite spacing") is not a spacing here: 0 is used")
                return [("spacing", .number(0))]
            }
            return [("spacing", .num(v))]
        }
        switch name {
        case "HStack", "LazyHStack", "HStackLayout":
            return try container("hstack", try stackSpacing() + optionalAlignment(["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"]))
        case "VStack", "LazyVStack", "VStackLayout":
            return try container("vstack", try stackSpacing() + optionalAlignment(["leading", "center", "trailing"]))
        case "ZStack" where ctx.layout, "ZStackLayout" where ctx.layout:
            return try container("zstack", optionalAlignment(Self.alignments))
        case "Grid":
            return try container("grid", optionalAlignment(Self.alignments) + (try length("horizontalSpacing")) + (try length("verticalSpacing")))
        case "GridRow":
            return try container("gridRow", optionalAlignment(["top", "center", "bottom", "firstTextBaseline", "lastTextBaseline"]))
        case "LazyVGrid", "LazyHGrid":
            let key = name == "LazyVGrid" ? "columns" : "rows"
            guard let itemsExpr = a.labeled(key) else {
                throw Unsupported(position: at, construct: name, message: "expected \(key): [GridItem]: left out")
            }
            let items = try gridItems(itemsExpr, s)
            let allowed: Set<String> = name == "LazyVGrid" ? ["leading", "center", "trailing"] : ["top", "center", "bottom"]
            return try container(name == "LazyVGrid" ? "lazyVGrid" : "lazyHGrid", [(key, .array(items))] + optionalAlignment(allowed) + (try length("spacing")))
        case "ScrollView":
            var members: [(String, JSON)] = []
            if let axes = a.unlabeled.first ?? a.labeled("axes") {
                switch axes.trimmedDescription {
                case ".horizontal", "Axis.Set.horizontal": members.append(("axes", .string("horizontal")))
                case "[.horizontal, .vertical]", "[.vertical, .horizontal]": members.append(("axes", .string("both")))
                default: break
                }
            }
            // A preview's ScrollView is at rest: its layout (docs/semantics.md §105) is the spec's
            // `scrollView` at offset 0, so nothing is approximated.
            return try container("scrollView", members)
        case "GeometryReader" where ctx.layout:
            // The proxy's size and frame are the spec's reader values, known while rendering.
            guard let closure = contentClosure(a) else { return [] }
            let swiftName = closureParameterNames(closure).first ?? "_"
            let name = freshName(swiftName == "_" ? "geo" : swiftName)
            func compileContent(width: Expr, height: Expr) throws -> [JSON] {
                let scope = s.child()
                let size = Value.record("CGSize", [("width", .number(width, isInt: false)), ("height", .number(height, isInt: false))])
                scope.values[swiftName] = .record("GeometryProxy", [("size", size)])
                var inner = ctx
                inner.layout = false
                inner.inContainer = false
                inner.alignment = (0, 0)
                inner.rect = Rect(x: .num(0), y: .num(0), width: width, height: height)
                return try compileViewItems(closure.statements, scope, inner)
            }
            // What must be known at compile time (a custom Shape's path, a Path's coordinates) is
            // drawn for the size proposed at compile time, and reported.
            let readerNames: Set<String> = ["\(name).width", "\(name).height"]
            let content: [JSON]
            let (stateCount, handlerCount, changeCount) = (states.count, appearHandlers.count, changeHandlers.count)
            do {
                let added = readerNames.subtracting(activeLoopNames)
                activeLoopNames.formUnion(added)
                defer { activeLoopNames.subtract(added) }
                content = try compileContent(width: .name("\(name).width"), height: .name("\(name).height"))
            } catch let n as NeedsConstant where !n.names.isDisjoint(with: readerNames) {
                guard let w = ctx.rect.width.constant, let h = ctx.rect.height.constant else { throw n }
                // The first attempt's state and handlers are declared again.
                states.removeLast(states.count - stateCount)
                appearHandlers.removeLast(appearHandlers.count - handlerCount)
                changeHandlers.removeLast(changeHandlers.count - changeCount)
                warn(n.position, n.what, "depends on the reader's size, known only while rendering: drawn for \(formatSpecNumber(w)) × \(formatSpecNumber(h)), the size proposed at compile time")
                content = try compileContent(width: .num(w), height: .num(h))
            }
            nodeCount += 1
            return [.located(at, .object([("geometryReader", .object([("as", .string(name)), ("content", .array(content))]))]))]
        case "Spacer":
            guard ctx.layout else { return [] }
            nodeCount += 1
            return [.located(at, .object([("spacer", .object(try length("minLength")))]))]
        case "Divider":
            guard ctx.layout else { return [] }
            nodeCount += 1
            return [.located(at, .object([("divider", .object([]))]))]
        case "Text":
            return [try compileText(a, s, ctx, at)]
        case "Image":
            guard let sys = a.labeled("systemName") else { return nil }
            guard case .string(let symbol) = try eval(sys, s) else {
                throw Unsupported(position: at, construct: "Image(systemName:)", message: "the symbol name must be a constant string: left out")
            }
            var members: [(String, JSON)] = [("systemName", .string(symbol))]
            members += ctx.text.filter { ["font", "fontWeight", "imageScale"].contains($0.0) }
            // A colour chosen by state stays an expression: the symbol's colour animates as a fill's.
            if let fg = ctx.foreground { members.append(("foregroundStyle", fg)) }
            nodeCount += 1
            return [.located(at, .object([("image", .object(members))]))]
        default:
            return nil
        }
    }

    /// `[GridItem(.flexible()), GridItem(.fixed(40), spacing: 4), …]` and
    /// `Array(repeating: GridItem(…), count: n)` → the spec's grid items.
    func gridItems(_ e: ExprSyntax, _ s: Scope) throws -> [JSON] {
        var expr = e
        // A property or `let` holding the items: its initializer.
        if let r = expr.as(DeclReferenceExprSyntax.self), let found = initializerSyntax(of: r.baseName.text, s) { expr = found }
        if let arr = expr.as(ArrayExprSyntax.self) { return try arr.elements.map { try gridItem($0.expression, s) } }
        if let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Array" {
            let a = Arguments(call)
            if let item = a.labeled("repeating"), let n = a.labeled("count") {
                let k = try constant(n, s, "count")
                guard k >= 1, k <= 1000 else { throw Unsupported(position: position(n), construct: "GridItem", message: "a grid of \(formatSpecNumber(k)) columns: left out") }
                let count = Int(k)
                let one = try gridItem(item, s)
                return Array(repeating: one, count: count)
            }
        }
        throw Unsupported(position: position(e), construct: "GridItem", message: "grid items must be written as [GridItem(…)] or Array(repeating:count:) in the source: left out")
    }

    /// The initializer written for a property of the instance or a `let` in scope, if any.
    func initializerSyntax(of name: String, _ s: Scope) -> ExprSyntax? {
        guard s.local(name) == nil else { return nil }
        return s.instance?.type.properties.first(where: { $0.name == name })?.initializer
    }

    func gridItem(_ e: ExprSyntax, _ s: Scope) throws -> JSON {
        guard let call = e.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "GridItem" else {
            throw Unsupported(position: position(e), construct: "GridItem", message: "expected GridItem(…): left out")
        }
        let a = Arguments(call)
        var members: [(String, JSON)] = []
        var size: JSON = .string("flexible")
        if let sizeExpr = a.unlabeled.first, let sc = sizeExpr.as(FunctionCallExprSyntax.self), let m = sc.calledExpression.as(MemberAccessExprSyntax.self) {
            let sa = Arguments(sc)
            let kind = m.declName.baseName.text
            switch kind {
            case "fixed":
                guard let w = sa.first else { break }
                size = .object([("fixed", try layoutLength(w, s, "GridItem(.fixed)"))])
            case "flexible", "adaptive":
                var bounds: [(String, JSON)] = []
                for label in ["minimum", "maximum"] {
                    guard let b = sa.labeled(label) else { continue }
                    bounds.append((label, try layoutLength(b, s, "GridItem(\(label):)", allowInfinity: label == "maximum")))
                }
                size = bounds.isEmpty && kind == "flexible" ? .string("flexible") : .object([(kind, .object(bounds))])
            default:
                throw Unsupported(position: position(sizeExpr), construct: "GridItem", message: "expected .fixed, .flexible or .adaptive: left out")
            }
        } else if let sizeExpr = a.unlabeled.first, sizeExpr.trimmedDescription != ".flexible" && sizeExpr.trimmedDescription != ".flexible()" {
            throw Unsupported(position: position(sizeExpr), construct: "GridItem", message: "expected .fixed, .flexible or .adaptive: left out")
        }
        if let sp = a.labeled("spacing") { members.append(("spacing", try layoutLength(sp, s, "GridItem(spacing:)"))) }
        if let al = a.labeled("alignment") { members.append(("alignment", .string(try alignmentName(al, s, Self.alignments)))) }
        if members.isEmpty { return size }
        if case .string(let k) = size { return .object([(k, .object([]))] + members) }
        if case .object(let m) = size { return .object(m + members) }
        return size
    }

    /// A length of the layout (a frame, a padding, a grid's spacing): the spec takes none below 0;
    /// a negative constant is drawn as 0, and reported. Stack spacings may be negative.
    func layoutLength(_ e: ExprSyntax, _ s: Scope, _ construct: String, allowInfinity: Bool = false) throws -> JSON {
        let v = try number(e, s, construct)
        if allowInfinity, v.constant == .infinity { return .string("infinity") }
        if let k = v.constant, k < 0 || !k.isFinite {
            let what = k.isNaN ? "not a number" : k.isFinite ? "a negative length (\(formatSpecNumber(k)))" : "an infinite length"
            warn(position(e), construct, "\(what) is not a layout length here: 0 is used")
            return .number(0)
        }
        return .num(v)
    }

    // MARK: Layout modifiers

    /// A layout modifier on a layout view; nil when `m` is not one (it is then applied as before).
    func applyLayout(_ m: Modifier, _ b: Built, _ s: Scope, _ ctx: ViewContext, _ viewRect: Rect) throws -> Built? {
        let a = m.args
        let at = m.position
        func n(_ e: ExprSyntax, _ what: String) throws -> JSON {
            if what == "zIndex" || what == "layoutPriority" {
                let v = try number(e, s, what)
                if let k = v.constant, !k.isFinite { throw Unsupported(position: position(e), construct: ".\(m.name)", message: "expected a finite number") }
                return .num(v)
            }
            return try layoutLength(e, s, what == m.name ? ".\(m.name)" : ".\(m.name)(\(what):)", allowInfinity: m.name == "frame")
        }
        func edges(_ e: ExprSyntax) throws -> JSON {
            let v = try eval(e, s)
            if case .member(let edge, _) = v { return .string(edge) }
            if case .array(let list) = v {
                return .array(list.compactMap { if case .member(let n, _) = $0 { return .string(n) }; return nil })
            }
            throw Unsupported(position: position(e), construct: ".\(m.name)", message: "expected an edge set such as .horizontal")
        }
        let modifier: JSON
        switch m.name {
        case "frame":
            var members: [(String, JSON)] = []
            for (label, e) in a.list {
                guard let label else { continue }
                if label == "alignment" { members.append(("alignment", .string(try alignmentName(e, s, Self.alignments)))); continue }
                let length = try n(e, label)
                if case .string("infinity") = length, !label.hasPrefix("max") {
                    warn(position(e), ".frame(\(label):)", "infinity is not a length here (SwiftUI logs an invalid frame dimension): left out")
                    continue
                }
                members.append((label, length))
            }
            guard members.contains(where: { $0.0 != "alignment" }) else { return b }
            modifier = .object([("frame", .object(members))])
        case "padding":
            var edgeSet: JSON? = nil
            var amount: JSON? = nil
            for (label, e) in a.list {
                if label == nil, case .member = try eval(e, s) { edgeSet = try edges(e) }
                else if label == nil, case .array = try eval(e, s) { edgeSet = try edges(e) }
                else if label == nil { amount = try n(e, "padding") }
                else { throw Unsupported(position: position(e), construct: ".padding", message: "this form of .padding is not modelled: left out") }
            }
            if let edgeSet {
                modifier = .object([("padding", .object([("edges", edgeSet)] + (amount.map { [("length", $0)] } ?? [])))])
            } else {
                modifier = .object([("padding", amount ?? .bool(true))])
            }
        case "aspectRatio", "scaledToFit", "scaledToFill":
            let fill = a.labeled("contentMode")?.trimmedDescription == ".fill" || m.name == "scaledToFill"
            if let first = a.unlabeled.first {
                let v = try eval(first, s)
                guard case .number = v else {
                    throw Unsupported(position: position(first), construct: ".aspectRatio", message: "a ratio given as \(v.kindName) is not modelled: left out")
                }
                let r = try number(v, position(first), "aspectRatio")
                if let k = r.constant, !(k > 0 && k.isFinite) {
                    throw Unsupported(position: position(first), construct: ".aspectRatio", message: "a ratio of \(formatSpecNumber(k)) is not above 0: left out")
                }
                let ratio = JSON.num(r)
                modifier = .object([("aspectRatio", fill ? .object([("ratio", ratio), ("contentMode", .string("fill"))]) : ratio)])
            } else {
                modifier = .object([("aspectRatio", .string(fill ? "fill" : "fit"))])
            }
        case "background", "overlay":
            var inner = containerContext(ctx)
            inner.inContainer = false
            inner.rect = viewRect
            var content: [JSON] = []
            if let closure = a.closure("content") {
                content = try compileViewItems(closure.statements, s.child(), inner)
            } else if let e = a.unlabeled.first {
                if a.labeled("in") != nil {
                    throw Unsupported(position: at, construct: ".\(m.name)(_:in:)", message: "a style in a shape is not modelled: left out")
                }
                content = try compileViewExpr(e, s, inner)
            }
            guard !content.isEmpty else { return b }
            // A lone Color is the spec's colour background, which reaches into the unsafe area
            // next to a view at the safe area's edge as SwiftUI's does.
            if content.count == 1, a.labeled("alignment") == nil, case .object(let only) = content[0].unlocated, only.count == 1, only[0].0 == "color" {
                return try addingLayout(.object([(m.name, only[0].1)]), to: b, ctx, at)
            }
            var members: [(String, JSON)] = [("content", .array(content))]
            if let al = a.labeled("alignment") { members.append(("alignment", .string(try alignmentName(al, s, Self.alignments)))) }
            modifier = .object([(m.name, .object(members))])
        case "clipped":
            modifier = .object([("clipped", .bool(true))])
        case "zIndex", "layoutPriority":
            guard let e = a.first else { return b }
            modifier = .object([(m.name, try n(e, m.name))])
        case "ignoresSafeArea", "edgesIgnoringSafeArea":
            if let e = a.labeled("edges") ?? (m.name == "edgesIgnoringSafeArea" ? a.first : nil) {
                modifier = .object([("ignoresSafeArea", .object([("edges", try edges(e))]))])
            } else {
                modifier = .object([("ignoresSafeArea", .bool(true))])
            }
        case "fixedSize":
            if a.list.isEmpty { modifier = .object([("fixedSize", .bool(true))]) } else {
                var members: [(String, JSON)] = []
                for label in ["horizontal", "vertical"] {
                    if let e = a.labeled(label) { members.append((label, .bool(try constant(e, s, label) != 0))) }
                }
                modifier = .object([("fixedSize", .object(members))])
            }
        case "position":
            var x: Expr = .num(0), y: Expr = .num(0)
            if let e = a.labeled("x") { x = try number(e, s, "x") }
            if let e = a.labeled("y") { y = try number(e, s, "y") }
            if let e = a.unlabeled.first {
                let v = try eval(e, s)
                guard let px = v.field("x"), let py = v.field("y") else {
                    throw Unsupported(position: position(e), construct: ".position", message: "expected a point, got \(v.kindName)")
                }
                x = try number(px, at, "x")
                y = try number(py, at, "y")
            }
            modifier = .object([("position", .array([.num(x), .num(y)]))])
        default:
            return nil
        }
        return try addingLayout(modifier, to: b, ctx, at)
    }

    /// Appends a layout modifier. Several views, or a group, repeat or `if`, take it each in a
    /// container (as SwiftUI applies a modifier on a Group); outside one they are a `zstack`.
    func addingLayout(_ modifier: JSON, to b: Built, _ ctx: ViewContext, _ at: SwiftPosition) throws -> Built {
        guard case .nodes(let nodes) = b, !ctx.inContainer else { return try adding(modifier, to: b, at) }
        guard !nodes.isEmpty else { return b }
        let transparent = nodes.count == 1 && ["group", "repeat", "if"].contains(where: { nodes[0][$0] != nil })
        guard nodes.count > 1 || transparent else { return try adding(modifier, to: b, at) }
        nodeCount += 1
        let stack = JSON.located(at, .object([("zstack", .array(nodes))]))
        return try adding(modifier, to: .nodes([stack]), at)
    }
}
