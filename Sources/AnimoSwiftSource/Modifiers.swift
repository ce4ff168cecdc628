// View modifiers → the spec's modifiers (docs/spec.md, "Modifiers"), applied in the order Swift
// writes them. A chain is read twice: from the outside in for what a modifier tells the views
// inside it (`.frame`, `.padding`, `.aspectRatio` change the proposed rectangle; `.foregroundColor`
// and `.foregroundStyle` the paint of shapes without one), then from the inside out to build the
// node: shape styles (`fill`, `stroke`, `strokeBorder`, `trim`) on the shape, geometry and colour
// effects as modifiers, `overlay`/`background` as groups, event handlers for Events.swift.
// Modifiers with no pixels pass silently; any other one that is not modelled is reported.
import Foundation
internal import SwiftSyntax

struct Modifier {
    var name: String
    var args: Arguments
    var position: SwiftPosition
}

/// What a chain has built so far: a shape still taking shape styles, or nodes.
enum Built {
    case shape(ShapeBuild)
    case nodes([JSON])
}

extension Compiler {
    /// Modifiers with no pixels: they pass silently.
    static let pixelless: Set<String> = [
        "accessibilityLabel", "accessibilityHint", "accessibilityValue", "accessibilityElement", "accessibilityHidden", "accessibilityAddTraits",
        "accessibilityIdentifier", "accessibilityAction", "accessibilityRemoveTraits", "accessibilitySortPriority", "accessibilityRepresentation",
        "sensoryFeedback", "onTapGesture", "onLongPressGesture", "gesture", "simultaneousGesture", "highPriorityGesture", "contentShape",
        "allowsHitTesting", "disabled", "progressViewStyle", "navigationTitle", "navigationBarTitleDisplayMode", "toolbar", "statusBarHidden", "onDisappear",
        "tag", "id", "help", "keyboardShortcut", "focusable", "focused", "hoverEffect", "previewLayout", "previewDisplayName",
        "previewDevice", "previewInterfaceOrientation", "persistentSystemOverlays", "navigationBarHidden", "navigationBarBackButtonHidden",
        "ignoresSafeArea", "edgesIgnoringSafeArea", "compositingGroup", "drawingGroup", "layoutPriority", "fixedSize", "transaction",
        "contentTransition", "buttonStyle", "labelsHidden", "preferredColorScheme", "font", "fontWeight", "fontDesign", "bold", "italic",
        "monospacedDigit", "lineLimit", "multilineTextAlignment", "kerning", "tracking", "textCase", "minimumScaleFactor", "scrollIndicators",
        "scrollDisabled", "interactiveDismissDisabled", "presentationDetents", "listRowBackground", "listRowInsets", "listStyle", "frame",
        "padding", "aspectRatio", "foregroundColor", "foregroundStyle", "tint", "coordinateSpace", "geometryGroup", "environment",
        "onHover", "dynamicTypeSize", "safeAreaInset", "safeAreaPadding", "imageScale", "fontDesign",
    ]

    func isTypeReference(_ e: ExprSyntax, _ s: Scope) -> Bool {
        guard let r = e.as(DeclReferenceExprSyntax.self) else { return false }
        let name = r.baseName.text
        if name == "self" { return true }
        if s.local(name) != nil { return false }
        return index.types[name] != nil || Self.builtinTypes.contains(name) || name.first?.isUppercase == true
    }

    func splitChain(_ e: ExprSyntax, _ s: Scope) -> (ExprSyntax, [Modifier])? {
        var mods: [Modifier] = []
        var cur = e
        while let c = cur.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base {
            if isTypeReference(base, s) { break }
            mods.append(Modifier(name: m.declName.baseName.text, args: Arguments(c), position: position(m.declName)))
            cur = base
        }
        return (cur, mods.reversed())
    }

    // MARK: Outside in

    func layoutStep(_ m: Modifier, _ outer: ViewContext, _ s: Scope) throws -> ViewContext {
        var inner = outer
        let a = m.args
        switch m.name {
        case "frame":
            func size(_ fixed: String, _ maxLabel: String, _ available: Expr) throws -> Expr {
                if let e = a.labeled(fixed) { return try number(e, s, fixed) }
                if let e = a.labeled(maxLabel) {
                    let v = try number(e, s, maxLabel)
                    if v.constant == .infinity { return available }
                    return .function("min", [v, available])
                }
                return available
            }
            let w = try size("width", "maxWidth", outer.rect.width)
            let h = try size("height", "maxHeight", outer.rect.height)
            inner.rect = outer.rect.placing(width: w, height: h, alignment: outer.alignment)
            inner.alignment = try a.labeled("alignment").map { try alignment(try eval($0, s), position($0)) } ?? (0.5, 0.5)
        case "padding":
            var amount: Expr = .num(16)
            var edges: Set<String> = ["top", "leading", "bottom", "trailing"]
            for (label, e) in a.list {
                let v = try eval(e, s)
                if label == nil, case .member(let edge, _) = v {
                    switch edge {
                    case "horizontal": edges = ["leading", "trailing"]
                    case "vertical": edges = ["top", "bottom"]
                    case "all": break
                    default: edges = [edge]
                    }
                } else if case .array(let list) = v {
                    edges = Set(list.compactMap { if case .member(let n, _) = $0 { return n }; return nil })
                } else {
                    amount = try number(v, position(e), "padding")
                }
            }
            func d(_ edge: String) -> Expr { edges.contains(edge) ? amount : .num(0) }
            inner.rect = outer.rect.inset(top: d("top"), leading: d("leading"), bottom: d("bottom"), trailing: d("trailing"))
        case "ignoresSafeArea" where !outer.layout, "edgesIgnoringSafeArea" where !outer.layout:
            // Outside a layout view: a rectangle that reaches the safe area's top or bottom edge
            // is extended to the screen's (the edges named, or all). A `where` binds to one
            // pattern only, hence one per name: inside a layout view the layout does this.
            guard let (x, y, w, h) = outer.rect.constant else { break }
            var edges: Set<String> = ["top", "bottom"]
            if let e = m.name == "edgesIgnoringSafeArea" ? a.first : a.labeled("edges") {
                let text = e.trimmedDescription
                if text.contains(".top") || text.contains(".bottom") || text.contains(".vertical") || text.contains(".all") {
                    edges = []
                    if text.contains(".top") || text.contains(".vertical") || text.contains(".all") { edges.insert("top") }
                    if text.contains(".bottom") || text.contains(".vertical") || text.contains(".all") { edges.insert("bottom") }
                } else if text.contains(".horizontal") || text.contains(".leading") || text.contains(".trailing") {
                    edges = []
                }
            }
            var top = y, bottom = y + h
            if edges.contains("top"), safeAreaTop > 0, abs(y - safeAreaTop) < 1e-9 { top = 0 }
            if edges.contains("bottom"), safeAreaBottom > 0, abs(bottom - (canvasHeight - safeAreaBottom)) < 1e-9 { bottom = canvasHeight }
            inner.rect = Rect(x: .num(x), y: .num(top), width: .num(w), height: .num(bottom - top))
        case "aspectRatio", "scaledToFit", "scaledToFill":
            var ratio: Expr? = nil
            if let first = a.unlabeled.first { ratio = try number(first, s, "aspectRatio") }
            let fill = a.labeled("contentMode")?.trimmedDescription == ".fill" || m.name == "scaledToFill"
            if let r = ratio {
                let w = Expr.function(fill ? "max" : "min", [outer.rect.width, .binaryOp("*", outer.rect.height, r)])
                inner.rect = outer.rect.placing(width: w, height: .binaryOp("/", w, r), alignment: (0.5, 0.5))
            }
        case "font", "fontWeight", "fontDesign", "bold", "italic", "kerning", "tracking", "lineLimit", "multilineTextAlignment", "imageScale", "contentTransition":
            if let (k, v) = try textAttribute(m, s) {
                inner.text.removeAll { $0.0 == k }
                inner.text.append((k, v))
            }
        case "progressViewStyle":
            // `CircularProgressViewStyle(tint: c)`; `.circular` and `.automatic` are the spinner.
            guard let e = a.first else { break }
            if let c = e.as(FunctionCallExprSyntax.self), c.calledExpression.trimmedDescription == "CircularProgressViewStyle" {
                if let tint = Arguments(c).labeled("tint") { inner.progressTint = try tintPaint(tint, m, s) }
            } else if ![".circular", ".automatic", "CircularProgressViewStyle()", "DefaultProgressViewStyle()"].contains(e.trimmedDescription) {
                throw Unsupported(position: position(e), construct: ".progressViewStyle", message: "the style '\(e.trimmedDescription.prefix(40))' is not modelled: the spinner is drawn")
            }
        case "foregroundColor", "foregroundStyle", "tint":
            if m.name == "tint" {
                if let e = a.first { inner.progressTint = try tintPaint(e, m, s) }
                break
            }
            guard let e = a.first else { break }
            do { inner.foreground = try paint(try eval(e, s), position(e)) } catch let n as NeedsConstant {
                if !n.names.isDisjoint(with: activeLoopNames) { throw n }
                inner.foreground = try atInitialState(n, m) { try self.paint(try self.eval(e, s), self.position(e)) }
            }
        default: break
        }
        return inner
    }

    /// A spinner's tint: a paint, or its value at the start where it must be known at compile time.
    func tintPaint(_ e: ExprSyntax, _ m: Modifier, _ s: Scope) throws -> JSON {
        do { return try paint(try eval(e, s), position(e)) } catch let n as NeedsConstant {
            if !n.names.isDisjoint(with: activeLoopNames) { throw n }
            return try atInitialState(n, m) { try self.paint(try self.eval(e, s), self.position(e)) }
        }
    }

    /// A value that depends on state where the spec needs a constant: drawn with its value at the
    /// start, and reported.
    func atInitialState<T>(_ n: NeedsConstant, _ m: Modifier, _ body: () throws -> T) throws -> T {
        if n.names.contains("t") || !n.names.isSubset(of: Set(states.map(\.name))) { throw n }
        warn(m.position, ".\(m.name)", "\(n.what) depends on @State (\(n.names.sorted().joined(separator: ", "))); drawn with its value at the start, not animated")
        let saved = stateValues
        stateValues = Dictionary(uniqueKeysWithValues: states.map { ($0.name, $0.initial) })
        defer { stateValues = saved }
        return try body()
    }

    // MARK: The chain

    func compileChain(_ base: ExprSyntax, _ mods: [Modifier], _ s: Scope, _ ctx: ViewContext) throws -> [JSON] {
        var ctx = ctx
        // A layout view standing outside one (a symbol or a text in a shape's overlay or background)
        // is laid out as one, then placed in the rectangle it is offered, as a shape is.
        let placed = !ctx.layout && isLayoutNative(base, s) ? ctx.rect : nil
        let placedAlignment = ctx.alignment
        if placed != nil { ctx.layout = true }
        let n = mods.count
        var inner = [ViewContext](repeating: ctx, count: n)
        var outer = ctx
        for k in stride(from: n - 1, through: 0, by: -1) {
            do { outer = try layoutStep(mods[k], outer, s) } catch let u as Unsupported {
                // In a layout view the rectangle is only an estimate (for shapes drawn at compile
                // time); the layout modifier itself reports what it cannot take.
                if !(ctx.layout && ["frame", "padding", "aspectRatio", "scaledToFit", "scaledToFill"].contains(mods[k].name)) {
                    warn(u, instead: "the modifier is left out")
                }
            }
            inner[k] = outer
        }
        // The rectangle of the view each modifier applies to.
        var viewRect = [Rect](repeating: ctx.rect, count: n)
        var r = inner.first?.rect ?? ctx.rect
        for k in 0..<n {
            viewRect[k] = r
            if mods[k].name == "frame" || mods[k].name == "aspectRatio" { r = inner[k].rect }
            if mods[k].name == "padding" { r = k == n - 1 ? ctx.rect : inner[k + 1].rect }
        }
        let baseCtx = inner.first ?? ctx
        var built = try buildBase(base, s, baseCtx)
        for k in 0..<n {
            let m = mods[k]
            do {
                built = try apply(m, built, s, inner[k], viewRect[k])
            } catch let u as Unsupported {
                warn(u, instead: "the modifier is left out")
            } catch let nc as NeedsConstant {
                if !nc.names.isDisjoint(with: activeLoopNames) { throw nc }
                do {
                    built = try atInitialState(nc, m) { try self.apply(m, built, s, inner[k], viewRect[k]) }
                } catch let again as NeedsConstant {
                    warn(m.position, ".\(m.name)", "\(again.what) depends on \(again.names.sorted().joined(separator: ", ")), known only while rendering: left out")
                }
            }
        }
        let out = try nodes(built)
        guard let placed else { return out }
        return out.map { placeLeaf($0, in: placed, alignment: placedAlignment) }
    }

    /// An `image` or `text` node without a frame, given `rect` as its frame: SwiftUI proposes it the
    /// rectangle and aligns it there (an overlay's or a background's content by the modifier's
    /// alignment, centred by default, in the view's frame), where without a frame the spec would
    /// centre it in the whole canvas.
    func placeLeaf(_ node: JSON, in rect: Rect, alignment: (Double, Double)) -> JSON {
        switch node {
        case .located(let at, let inner): return .located(at, placeLeaf(inner, in: rect, alignment: alignment))
        case .object(var members):
            guard let k = members.firstIndex(where: { $0.0 == "image" || $0.0 == "text" }) else { return node }
            var leaf = members[k].1
            var at: SwiftPosition?
            if case .located(let p, let inner) = leaf { at = p; leaf = inner }
            if case .string(let s) = leaf { leaf = .object([("string", .string(s))]) }
            guard case .object(var fields) = leaf,
                  !fields.contains(where: { ["frame", "center"].contains($0.0) }) else { return node }
            fields.append(("frame", rect.json))
            if alignment != (0.5, 0.5), !fields.contains(where: { $0.0 == "alignment" }) {
                fields.append(("alignment", .array([.number(alignment.0), .number(alignment.1)])))
            }
            members[k].1 = at.map { .located($0, .object(fields)) } ?? .object(fields)
            return .object(members)
        default: return node
        }
    }

    func buildBase(_ e: ExprSyntax, _ s: Scope, _ ctx: ViewContext) throws -> Built {
        let at = position(e)
        if let c = e.as(FunctionCallExprSyntax.self), let r = c.calledExpression.as(DeclReferenceExprSyntax.self),
           s.local(r.baseName.text) == nil, index.declared(r.baseName.text) == nil, Self.shapeNames.contains(r.baseName.text) {
            return .shape(ShapeBuild(shape: try builtinShape(r.baseName.text, Arguments(c), s, at), rect: ctx.rect, foreground: ctx.foreground, position: at, layout: ctx.layout))
        }
        if !(e.is(FunctionCallExprSyntax.self) && splitChain(e, s)?.1.isEmpty == false) {
            if let c = e.as(FunctionCallExprSyntax.self), let r = c.calledExpression.as(DeclReferenceExprSyntax.self),
               s.local(r.baseName.text) == nil, (Self.viewNames.contains(r.baseName.text) && index.declared(r.baseName.text) == nil) || index.types[r.baseName.text]?.isView == true {
                return .nodes(try compileViewExpr(e, s, ctx))
            }
            if e.is(DeclReferenceExprSyntax.self) || e.is(FunctionCallExprSyntax.self) || e.is(MemberAccessExprSyntax.self) {
                let v = try eval(e, s)
                if case .view(let t) = v, case .shape(let sv) = t.body {
                    return .shape(ShapeBuild(shape: sv, rect: ctx.rect, foreground: ctx.foreground, position: at, layout: ctx.layout))
                }
                if case .path(let p) = v {
                    return .shape(ShapeBuild(shape: ShapeValue(kind: "path", path: p), rect: ctx.rect, foreground: ctx.foreground, position: at, layout: ctx.layout))
                }
                if case .view(let t) = v, case .expression(let inner) = t.body, inner.id == e.id {
                    throw Unsupported(position: at, construct: "view", message: "'\(e.trimmedDescription.prefix(40))' is not a view this front end draws: left out")
                }
                return .nodes(try compileView(v, ctx, at: at))
            }
        }
        return .nodes(try compileViewExpr(e, s, ctx))
    }

    func nodes(_ b: Built) throws -> [JSON] {
        switch b {
        case .shape(let sb): return [try finalize(sb)]
        case .nodes(let n): return n
        }
    }

    /// Appends a modifier to the built view (one node, or the group of several).
    func adding(_ modifier: JSON, to b: Built, _ at: SwiftPosition) throws -> Built {
        switch b {
        case .shape(var sb):
            sb.modifiers.append(.located(at, modifier))
            return .shape(sb)
        case .nodes(let nodes):
            guard !nodes.isEmpty else { return b }
            var node = nodes.count == 1 ? nodes[0] : group(nodes, at)[0]
            var list: [JSON] = []
            if case .array(let existing)? = node["modifiers"]?.unlocated { list = existing }
            list.append(.located(at, modifier))
            node = node.setting("modifiers", .array(list))
            return .nodes([node])
        }
    }

    // MARK: Inside out

    func apply(_ m: Modifier, _ b: Built, _ s: Scope, _ ctx: ViewContext, _ viewRect: Rect) throws -> Built {
        if ctx.layout, let built = try applyLayout(m, b, s, ctx, viewRect) { return built }
        let a = m.args
        let at = m.position
        func n(_ e: ExprSyntax, _ what: String) throws -> Expr { try number(e, s, what) }
        func val(_ e: ExprSyntax) throws -> Value { try eval(e, s) }
        func angle(_ e: ExprSyntax) throws -> Expr {
            let v = try val(e)
            if case .angle(let d) = v { return d }
            if case .member("zero", _) = v { return .num(0) }
            if case .angle(let d)? = try angleExtensionMember(v, position(e)) { return d }
            throw Unsupported(position: position(e), construct: ".\(m.name)", message: "expected an Angle (.degrees(…)), got \(v.kindName)")
        }
        func anchor() throws -> JSON? { try a.labeled("anchor").map { try unitPoint(try val($0), position($0)) } }

        // Shape styles.
        if case .shape(var sb) = b, ["fill", "stroke", "strokeBorder", "trim", "inset", "rotation", "scale", "offset"].contains(m.name) {
            switch m.name {
            case "fill":
                if sb.stroke == nil, let e = a.unlabeled.first, case .member(let name, let args) = try val(e), Self.materials.contains(name),
                   case .number(let o, _)? = args.first {
                    // A material with an opacity, the shape's only paint: the shape drawn at that
                    // opacity, the same pixels for one fill.
                    sb.fill = .string(name)
                    sb.modifiers.insert(.located(at, .object([("opacity", .num(o))])), at: 0)
                    return .shape(sb)
                }
                let p = try a.unlabeled.first.map { try paint(try val($0), position($0)) } ?? sb.foreground ?? defaultForeground
                if sb.stroke != nil { sb.stroke = sb.stroke!.setting(paintKey(p), paintValue(p)).removingPaint(except: paintKey(p)) } else { sb.fill = p }
                return .shape(sb)
            case "stroke", "strokeBorder":
                if sb.stroke != nil, m.name == "stroke", a.labeled("style") == nil, let outline = strokeOutline(sb) {
                    // `Circle().stroke(lineWidth: 8).stroke(paint)`: the stroked shape is the
                    // 8-point ring's outline, two circles, stroked again.
                    let p = try a.unlabeled.first.map { try paint(try val($0), position($0)) } ?? sb.foreground ?? defaultForeground
                    var lineWidth: Expr = .num(1)
                    if let w = a.labeled("lineWidth") { lineWidth = try n(w, "lineWidth") }
                    sb.shape = outline
                    sb.stroke = .object([(paintKey(p), paintValue(p)), ("lineWidth", .num(lineWidth))])
                    return .shape(sb)
                }
                if sb.stroke != nil {
                    warn(at, ".\(m.name)", "a stroke of a stroked outline is drawn as one stroke of the first width, in the new paint")
                    if let p = try a.unlabeled.first.map({ try paint(try val($0), position($0)) }) {
                        sb.stroke = sb.stroke!.setting(paintKey(p), paintValue(p)).removingPaint(except: paintKey(p))
                    }
                    return .shape(sb)
                }
                let p = try a.unlabeled.first.map { try paint(try val($0), position($0)) } ?? sb.foreground ?? defaultForeground
                var members: [(String, JSON)] = [(paintKey(p), paintValue(p))]
                var lineWidth: Expr = .num(1)
                if let w = a.labeled("lineWidth") { lineWidth = try n(w, "lineWidth") }
                if let st = a.labeled("style") {
                    let style = try val(st)
                    guard case .record(_, let fields) = style else {
                        throw Unsupported(position: position(st), construct: "StrokeStyle", message: "expected StrokeStyle(…)")
                    }
                    for (k, v) in fields {
                        switch k {
                        case "lineWidth": lineWidth = try number(v, position(st), k)
                        case "lineCap", "lineJoin":
                            if case .member(let name, _) = v { members.append((k, .string(name))) }
                        case "miterLimit": members.append((k, .number(try constant(v, position(st), k))))
                        case "dash":
                            if case .array(let items) = v, !items.isEmpty {
                                // SwiftUI's renderer dashes with each length's magnitude and strokes
                                // solid when they sum to no more than FLT_EPSILON (docs/semantics.md §285).
                                let lengths = try items.map { Self.dashLength(try number($0, position(st), "dash")) }
                                let known = lengths.compactMap(\.constant)
                                if known.count < lengths.count || known.reduce(0, +) > Double(Float.ulpOfOne) {
                                    members.append((k, .array(lengths.map { JSON.num($0) })))
                                }
                            }
                        case "dashPhase": members.append((k, .num(try number(v, position(st), k))))
                        default: break
                        }
                    }
                }
                members.insert(("lineWidth", .num(lineWidth)), at: 1)
                if m.name == "strokeBorder" {
                    let h = Expr.binaryOp("/", lineWidth, .num(2))
                    if sb.shape.kind == "custom", let inst = sb.shape.instance, let inset = try insetting(inst, by: h, at) {
                        // The shape's own inset(by: lineWidth / 2), stroked (docs/semantics.md §263, §270).
                        sb.shape.instance = inset
                        sb.stroke = .object(members)
                        return .shape(sb)
                    }
                    sb.rect = sb.rect.inset(top: h, leading: h, bottom: h, trailing: h)
                    // A layout view: the outline is inset by padding the shape inside its frame.
                    if sb.layout { sb.modifiers.insert(.located(at, .object([("padding", .num(h))])), at: 0) }
                }
                sb.stroke = .object(members)
                return .shape(sb)
            case "trim":
                let from = try a.labeled("from").map { try n($0, "from") } ?? .num(0)
                let to = try a.labeled("to").map { try n($0, "to") } ?? .num(1)
                sb.trim = .array([.num(from), .num(to)])
                return .shape(sb)
            case "inset":
                guard let amount = a.labeled("by") else { break }
                let d = try n(amount, "inset")
                if sb.shape.kind == "custom", let inst = sb.shape.instance, let inset = try insetting(inst, by: d, at) {
                    sb.shape.instance = inset
                    return .shape(sb)
                }
                sb.rect = sb.rect.inset(top: d, leading: d, bottom: d, trailing: d)
                if sb.layout { sb.modifiers.insert(.located(at, .object([("padding", .num(d))])), at: 0) }
                return .shape(sb)
            default: break
            }
        }

        switch m.name {
        case "offset", "position":
            var x: Expr = .num(0), y: Expr = .num(0)
            if let e = a.labeled("x") { x = try n(e, "x") }
            if let e = a.labeled("y") { y = try n(e, "y") }
            if let e = a.unlabeled.first {
                let v = try val(e)
                if let w = v.field("width"), let h = v.field("height") { x = try number(w, at, "width"); y = try number(h, at, "height") }
                else if let px = v.field("x"), let py = v.field("y") { x = try number(px, at, "x"); y = try number(py, at, "y") }
                else if case .member("zero", _) = v {} else {
                    throw Unsupported(position: position(e), construct: ".\(m.name)", message: "expected a size or point, got \(v.kindName)")
                }
            }
            if m.name == "position" {
                // Positions are in the parent's coordinates: the proposed rectangle's origin.
                if a.labeled("x") == nil && a.unlabeled.isEmpty { x = .binaryOp("/", viewRect.width, .num(2)) }
                if a.labeled("y") == nil && a.unlabeled.isEmpty { y = .binaryOp("/", viewRect.height, .num(2)) }
                x = .binaryOp("+", x, ctxOrigin(ctx).0)
                y = .binaryOp("+", y, ctxOrigin(ctx).1)
            }
            return try adding(.object([(m.name, .array([.num(x), .num(y)]))]), to: b, at)
        case "scaleEffect":
            var members: [(String, JSON)] = []
            if let e = a.unlabeled.first {
                let v = try val(e)
                if let w = v.field("width"), let h = v.field("height") {
                    members = [("x", .num(try number(w, at, "width"))), ("y", .num(try number(h, at, "height")))]
                } else {
                    members = [("scale", .num(try number(v, position(e), "scale")))]
                }
            } else {
                members = [("x", .num(try a.labeled("x").map { try n($0, "x") } ?? .num(1))), ("y", .num(try a.labeled("y").map { try n($0, "y") } ?? .num(1)))]
            }
            if let p = try anchor() { members.append(("anchor", p)) }
            if members.count == 1, members[0].0 == "scale" { return try adding(.object([("scaleEffect", members[0].1)]), to: b, at) }
            return try adding(.object([("scaleEffect", .object(members))]), to: b, at)
        case "rotationEffect", "rotation":
            guard let e = a.unlabeled.first else { break }
            let d = try angle(e)
            if let p = try anchor() { return try adding(.object([("rotationEffect", .object([("angle", .num(d)), ("anchor", p)]))]), to: b, at) }
            return try adding(.object([("rotationEffect", .num(d))]), to: b, at)
        case "rotation3DEffect":
            guard let e = a.unlabeled.first else { break }
            var members: [(String, JSON)] = [("angle", .num(try angle(e)))]
            if let ax = a.labeled("axis") {
                let v = try val(ax)
                guard case .record(_, let f) = v, f.count == 3 else {
                    throw Unsupported(position: position(ax), construct: "rotation3DEffect", message: "expected axis: (x:, y:, z:)")
                }
                members.append(("axis", .array(try f.map { .number(try constant($0.1, position(ax), "axis")) })))
            }
            if let p = try anchor() { members.append(("anchor", p)) }
            if let z = a.labeled("anchorZ") { members.append(("anchorZ", .num(try n(z, "anchorZ")))) }
            if let p = a.labeled("perspective") { members.append(("perspective", .num(try n(p, "perspective")))) }
            return try adding(.object([("rotation3DEffect", .object(members))]), to: b, at)
        case "opacity", "saturation", "contrast", "brightness", "grayscale":
            guard let e = a.first else { break }
            return try adding(.object([(m.name, .num(try n(e, m.name)))]), to: b, at)
        case "hueRotation":
            guard let e = a.first else { break }
            return try adding(.object([("hueRotation", .num(try angle(e)))]), to: b, at)
        case "blur":
            let r = try a.labeled("radius").map { try n($0, "radius") } ?? .num(0)
            if let o = a.labeled("opaque"), try constant(o, s, "opaque") != 0 {
                return try adding(.object([("blur", .object([("radius", .num(r)), ("opaque", .bool(true))]))]), to: b, at)
            }
            return try adding(.object([("blur", .num(r))]), to: b, at)
        case "shadow":
            var members: [(String, JSON)] = []
            if let c = a.labeled("color") { members.append(("color", try colorValue(try val(c), position(c)))) }
            members.append(("radius", .num(try a.labeled("radius").map { try n($0, "radius") } ?? .num(0))))
            if let x = a.labeled("x") { members.append(("x", .num(try n(x, "x")))) }
            if let y = a.labeled("y") { members.append(("y", .num(try n(y, "y")))) }
            return try adding(.object([("shadow", .object(members))]), to: b, at)
        case "blendMode":
            guard let e = a.first, case .member(let mode, _) = try val(e) else { break }
            return try adding(.object([("blendMode", .string(mode))]), to: b, at)
        case "colorMultiply":
            guard let e = a.first else { break }
            // A colour from the state is a colour expression, which animates (docs/semantics.md §271).
            return try adding(.object([("colorMultiply", try colorValue(try val(e), position(e)))]), to: b, at)
        case "colorInvert", "luminanceToAlpha":
            return try adding(.object([(m.name, .bool(true))]), to: b, at)
        case "clipShape", "clipped", "cornerRadius", "mask":
            if m.name == "mask" {
                let content: [JSON]
                if let closure = a.closure() {
                    content = try compileViewItems(closure.statements, s.child(), ViewContext(rect: viewRect, foreground: nil))
                } else if let e = a.unlabeled.first {
                    content = try compileViewExpr(e, s, ViewContext(rect: viewRect, foreground: nil))
                } else { break }
                guard !content.isEmpty else { break }
                return try adding(.object([("mask", group(content, at)[0])]), to: b, at)
            }
            var shape: JSON
            // Outside a layout view, a view placed where only the render knows (inside a reader)
            // is clipped to its own rectangle, given explicitly.
            let placedLater = !ctx.layout && (viewRect.x.constant == nil || viewRect.y.constant == nil)
            let frame: [(String, JSON)] = placedLater ? [("frame", viewRect.json)] : []
            if m.name == "clipped" { shape = .object([("rectangle", .object(frame))]) }
            else if m.name == "cornerRadius" {
                shape = .object([("roundedRectangle", .object(frame + [("cornerRadius", .num(try n(a.first!, "cornerRadius"))), ("style", .string("circular"))]))])
            } else {
                guard let e = a.unlabeled.first else { break }
                guard case .view(let t) = try val(e), case .shape(let sv) = t.body else {
                    throw Unsupported(position: position(e), construct: "clipShape", message: "expected a shape")
                }
                shape = try shapeObject(sv, rect: sv.kind == "custom" || sv.kind == "path" || placedLater ? viewRect : nil, at: position(e))
            }
            return try adding(.object([("clipShape", shape)]), to: b, at)
        case "animation":
            guard let e = a.unlabeled.first else { break }
            let anim = try animationValue(try val(e), position(e))
            var names: [String] = []
            var watched: [JSON] = []
            if let v = a.labeled("value") {
                let value = try val(v)
                names = stateNames(in: value)
                if names.isEmpty {
                    warn(position(v), ".animation(value:)", "the value reads no @State: the animation never runs")
                    return b
                }
                // A value computed from state (`value: shapeWidth` with `shapeWidth` = `state == .idle ?
                // 220 : 56`) watches the value, which may stay the same when the state changes.
                switch value {
                case .number(let e, _) where e.asName == nil, .bool(let e) where e.asName == nil, .angle(let e) where e.asName == nil:
                    watched = [.string("=" + e.text)]
                default:
                    watched = names.map { .string($0) }
                }
            } else {
                names = states.map(\.name)
                if names.isEmpty { return b }
                watched = names.map { .string($0) }
            }
            modifierSettle = max(modifierSettle, settleTime(anim))
            var members = anim?.members ?? [("none", .bool(true))]
            members.append(("value", watched.count == 1 ? watched[0] : .array(watched)))
            return try adding(.object([("animation", .object(members))]), to: b, at)
        case "transition":
            guard let e = a.first else { break }
            let t = try transition(try val(e), position(e))
            let nodesBuilt = try nodes(b)
            guard nodesBuilt.count == 1 else { return .nodes(nodesBuilt) }
            return .nodes([nodesBuilt[0].setting("_transition", t)])
        case "colorEffect", "distortionEffect", "layerEffect":
            guard let e = a.first, case .shader(let sh) = try val(e) else {
                throw Unsupported(position: at, construct: ".\(m.name)", message: "expected ShaderLibrary.name(…)")
            }
            var members: [(String, JSON)] = [("shader", .string(sh.name)), ("arguments", .array(sh.arguments))]
            if let mo = a.labeled("maxSampleOffset") {
                let v = try val(mo)
                members.append(("maxSampleOffset", .array([.number(try constant(v.field("width") ?? .number(.num(0), isInt: false), at, "maxSampleOffset")),
                                                           .number(try constant(v.field("height") ?? .number(.num(0), isInt: false), at, "maxSampleOffset"))])))
            }
            if let en = a.labeled("isEnabled") { members.append(("isEnabled", .num(try n(en, "isEnabled")))) }
            return try adding(.object([(m.name, .object(members))]), to: b, at)
        case "overlay", "background":
            var content: [JSON] = []
            let overlayCtx = ViewContext(rect: viewRect, alignment: try a.labeled("alignment").map { try alignment(try val($0), position($0)) } ?? (0.5, 0.5), foreground: ctx.foreground)
            if let closure = a.closure("content") {
                content = try compileViewItems(closure.statements, s.child(), overlayCtx)
            } else if let e = a.unlabeled.first {
                let v = try val(e)
                if case .color(let c) = v, m.name == "background" { content = [paintRect(c, overlayCtx, position(e))] }
                else { content = try compileViewExpr(e, s, overlayCtx) }
            }
            let base = try nodes(b)
            let all = m.name == "overlay" ? base + content : content + base
            nodeCount += 1
            return .nodes(all.count == 1 ? all : [.located(at, .object([("group", .array(all))]))])
        case _ where Self.gestureModifiers.contains(m.name):
            return .nodes(try gestureModifier(m, try nodes(b), s))
        case "onAppear", "task":
            if let closure = a.closure("perform") ?? a.closure() {
                appearHandlers.append((closure.statements, s, at, m.name == "task", nil))
            }
            return b
        case "onReceive" where try timerReceiver(a, s, at):
            return b
        case "onChange" where addChangeHandler(a, s, at):
            return b
        case "onChange", "onReceive":
            warn(at, ".\(m.name)", "state changes made here are not modelled yet: left out")
            return b
        case "preference", "onPreferenceChange":
            _ = preferenceModifier(m, s.instance)
            return b
        case "zIndex":
            warn(at, ".zIndex", "drawing order follows the source order: zIndex is left out")
            return b
        case "glassEffect":
            return try adding(.object([("glassEffect", try glassEffect(a, s, at))]), to: b, at)
        case "glassEffectUnion":
            return try adding(.object([("glassEffectUnion", try glassEffectUnion(a, s, at))]), to: b, at)
        default:
            if Self.pixelless.contains(m.name) { return b }
            throw Unsupported(position: at, construct: ".\(m.name)", message: "not modelled: left out")
        }
        throw Unsupported(position: at, construct: ".\(m.name)", message: "this form of .\(m.name) is not modelled: left out")
    }

    func ctxOrigin(_ ctx: ViewContext) -> (Expr, Expr) { (ctx.rect.x, ctx.rect.y) }

    var defaultForeground: JSON { .string(darkScheme ? "white" : "black") }

    func paintKey(_ p: JSON) -> String {
        if case .object(let members) = p.unlocated, let k = members.first?.0, k.hasSuffix("Gradient") { return k }
        return "color"
    }

    func paintValue(_ p: JSON) -> JSON {
        if case .object(let members) = p.unlocated, let first = members.first, first.0.hasSuffix("Gradient") { return first.1 }
        return p
    }

    /// Names of the state variables a value reads.
    func stateNames(in v: Value) -> [String] {
        var names: Set<String> = []
        switch v {
        case .number(let e, _), .bool(let e), .angle(let e): names = e.names
        case .record("StateArray", let f):
            // The array itself: its elements coming, going, changing and moving.
            if case .string(let name)? = f.first(where: { $0.0 == "name" })?.1 { names.insert(name) }
        case .record(_, let f): for (_, x) in f { names.formUnion(stateNames(in: x)) }
        case .array(let items): for x in items { names.formUnion(stateNames(in: x)) }
        default: break
        }
        return states.map(\.name).filter { names.contains($0) }
    }

    func transition(_ v: Value, _ at: SwiftPosition) throws -> JSON {
        switch v {
        case .member(let name, let args):
            switch name {
            case "identity", "opacity", "slide", "scale":
                if name == "scale", let first = args.first { return .object([("scale", .num(try number(first, at, "scale")))]) }
                return .string(name)
            case "move", "push":
                if case .member(let edge, _)? = args.first { return .object([(name, .string(edge))]) }
            case "offset":
                if let f = args.first, let w = f.field("width"), let h = f.field("height") {
                    return .object([("offset", .array([.num(try number(w, at, "x")), .num(try number(h, at, "y"))]))])
                }
            case "asymmetric":
                if args.count == 2 { return .object([("asymmetric", .object([("insertion", try transition(args[0], at)), ("removal", try transition(args[1], at))]))]) }
            default: break
            }
        default: break
        }
        throw Unsupported(position: at, construct: "transition", message: "this transition is not modelled: the default (opacity) is used")
    }
}

extension JSON {
    /// A stroke object keeps one paint key.
    func removingPaint(except key: String) -> JSON {
        var out = self
        for k in ["color", "linearGradient", "radialGradient", "angularGradient"] where k != key { out = out.removing(k) }
        return out
    }
}

extension Expr {
    /// The name, when the expression is one name alone.
    var asName: String? {
        if case .name(let n) = self { return n }
        return nil
    }
}

extension Compiler {
    /// A dash length as SwiftUI's renderer reads it: its magnitude, 0 when it is not finite
    /// (docs/semantics.md §285).
    static func dashLength(_ e: Expr) -> Expr {
        guard let c = e.constant else { return .function("abs", [e]) }
        return .num(c.isFinite ? abs(c) : 0)
    }
}
