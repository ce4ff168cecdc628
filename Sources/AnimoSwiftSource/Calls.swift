// Calls: math functions and conversions, value constructors (CGPoint, CGSize, CGRect, Angle,
// UnitPoint, StrokeStyle), views and shapes (kept as thunks to compile where they are used),
// structs of the file, methods on values, and helpers of the file (inlined, Statements.swift).
import Foundation
internal import SwiftSyntax

/// A call's arguments in order, the trailing closure last (label nil).
struct Arguments {
    var list: [(label: String?, expr: ExprSyntax)]
    var trailing: [ClosureExprSyntax]

    init(_ c: FunctionCallExprSyntax) {
        list = c.arguments.map { ($0.label?.text, $0.expression) }
        trailing = (c.trailingClosure.map { [$0] } ?? []) + c.additionalTrailingClosures.map(\.closure)
    }

    init(_ m: MacroExpansionExprSyntax) {
        list = m.arguments.map { ($0.label?.text, $0.expression) }
        trailing = m.trailingClosure.map { [$0] } ?? []
    }

    func labeled(_ label: String) -> ExprSyntax? { list.first { $0.label == label }?.expr }
    var unlabeled: [ExprSyntax] { list.filter { $0.label == nil }.map(\.expr) }
    var first: ExprSyntax? { list.first?.expr }
    var labels: [String] { list.map { $0.label ?? "_" } }
    /// The closure passed as `label:` or trailing.
    func closure(_ label: String? = nil) -> ClosureExprSyntax? {
        if let label, let e = labeled(label), let c = e.as(ClosureExprSyntax.self) { return c }
        return trailing.first
    }
}

extension Compiler {
    static let viewNames: Set<String> = ["ZStack", "VStack", "HStack", "Group", "ForEach", "TimelineView", "GeometryReader", "Canvas",
                                         "Text", "Image", "Spacer", "ScrollView", "LazyVGrid", "LazyHGrid", "LazyVStack", "LazyHStack",
                                         "Button", "ProgressView", "Divider", "Label", "Toggle", "Slider", "NavigationStack", "NavigationView",
                                         "List", "Grid", "GridRow", "AnyView", "SpriteView", "EmptyView", "ViewThatFits", "TabView", "Form",
                                         "SymbolEffect", "KeyframeAnimator", "PhaseAnimator", "Menu", "Picker", "ContentUnavailableView", "Link",
                                         "SceneView", "RealityView", "Map", "VideoPlayer", "WebView", "UIViewRepresentable", "ShareLink", "Stepper",
                                         "Capsule_", "ZStackLayout", "HStackLayout", "VStackLayout", "GlassEffectContainer"]
    static let shapeNames: Set<String> = ["Circle", "Rectangle", "RoundedRectangle", "Capsule", "Ellipse", "ContainerRelativeShape", "UnevenRoundedRectangle", "Path"]

    func evalCall(_ c: FunctionCallExprSyntax, _ s: Scope) throws -> Value {
        let at = position(c)
        let a = Arguments(c)
        if let v = try boundedBufferCall(c, s, at) { return v }
        if let r = c.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = r.baseName.text
            if let local = s.local(name), case .closure(let closure, let cs) = local {
                return try callClosure(closure, cs, args: try a.list.map { try eval($0.expr, s) }, at: at) ?? .void
            }
            // A closure stored in the view (`let action: () async throws -> Void`), called.
            if s.local(name) == nil, let inst = s.instance, inst.type.property(name)?.type?.contains("->") == true,
               case .closure(let closure, let cs)? = inst.members[name] {
                callDepth += 1
                defer { callDepth -= 1 }
                guard callDepth < callDepthLimit else { throw FatalCompileError(position: at, construct: name, message: "closures call each other more than \(callDepthLimit) deep (recursion); nothing is rendered") }
                return try callClosure(closure, cs, args: try a.list.map { try eval($0.expr, s) }, at: at) ?? .void
            }
            if index.declared(name) == nil {
                if let v = try displayLinkCall(name, a, s, at) { return v }
                if let v = try builtinCall(name, a, s, at) { return v }
                if Self.viewNames.contains(name) { return .view(ViewThunk(body: .expression(ExprSyntax(c)), scope: s, position: at)) }
                if name == "Path", let p = try builtinShape(name, a, s, at).path { return .path(p) }
                if Self.shapeNames.contains(name) { return .view(ViewThunk(body: .shape(try builtinShape(name, a, s, at)), scope: s, position: at)) }
            }
            if let t = index.declared(name), !t.isEnum {
                if t.isView { return .view(ViewThunk(body: .expression(ExprSyntax(c)), scope: s, position: at)) }
                if t.isObservableObject { return try makeObject(t, a, s, at) }
                let inst = try makeInstance(t, a, s, at)
                if t.isShape { return .view(ViewThunk(body: .shape(ShapeValue(kind: "custom", instance: inst)), scope: s, position: at)) }
                return .record(name, try t.properties.filter { !$0.isStatic && $0.getter == nil }.compactMap { p in
                    guard let v = try memberValue(inst, p.name, at) else { return nil }
                    return (p.name, v)
                })
            }
            // Inside a method of a value type, `worldPosition(theta:)` is a method of self.
            if let me = s.local("self"), case .record(let t, _) = me, let type = index.types[t], let fs = type.functions[name] {
                return try callFunction(pick(fs, a), a, s, instance: nil, at: at, selfValue: me)
            }
            if let inst = s.instance, let fs = inst.type.functions[name] {
                if let v = try nearestElementHelper(pick(fs, a), a, s, inst, at) { return v }
                return try callFunction(pick(fs, a), a, s, instance: inst, at: at)
            }
            if let fs = index.functions[name] { return try callFunction(pick(fs, a), a, s, instance: nil, at: at) }
            throw Unsupported(position: at, construct: name, message: "unknown function or type '\(name)'")
        }
        if let m = c.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = m.declName.baseName.text
            if m.base?.trimmedDescription == "GraphicsContext.Shading" || m.base == nil && canvasDrawing != nil && Self.canvasGradientNames.contains(name),
               let v = try canvasShadingCall(name, a, s, at) {
                return v
            }
            guard let baseExpr = m.base else { return try implicitCall(name, a, s, at) }
            if let r = baseExpr.as(DeclReferenceExprSyntax.self), r.baseName.text == "self", s.local("self") == nil, let inst = s.instance,
               let fs = inst.type.functions[name] {
                return try callFunction(pick(fs, a), a, s, instance: inst, at: at)
            }
            let base = try eval(baseExpr, s)
            return try methodCall(base, name, a, c, s, at)
        }
        if c.calledExpression.is(ClosureExprSyntax.self) {
            return try callClosure(c.calledExpression.as(ClosureExprSyntax.self)!, s, args: [], at: at) ?? .void
        }
        throw Unsupported(position: at, construct: "call", message: "calling '\(c.calledExpression.trimmedDescription.prefix(40))' is not modelled")
    }

    /// The overload whose labels match the call (else the first).
    func pick(_ fs: [FunctionDeclSyntax], _ a: Arguments) -> FunctionDeclSyntax {
        let labels = a.list.map { $0.label ?? "_" }
        for f in fs {
            let params = f.signature.parameterClause.parameters.map { $0.firstName.text }
            if params.count >= labels.count, Array(params.prefix(labels.count)) == labels { return f }
        }
        return fs[0]
    }

    func builtinCall(_ name: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value? {
        func n(_ e: ExprSyntax) throws -> Expr { try number(e, s, name) }
        let positional = a.list.map(\.expr)
        switch name {
        case "StateObject", "ObservedObject":
            // `StateObject(wrappedValue: Model())`: the object itself (ObservableObjects.swift).
            guard let e = a.labeled("wrappedValue") ?? positional.first else { return nil }
            return try eval(e, s)
        case "sin", "cos", "tan", "asin", "acos", "atan", "sqrt", "exp", "log", "abs", "floor", "ceil", "round":
            guard positional.count == 1 else { return nil }
            let v = try eval(positional[0], s)
            if name == "abs", case .number(let e, let isInt) = v { return .number(.function("abs", [e]), isInt: isInt) }
            return .number(.function(name, [try number(v, at, name)]), isInt: false)
        case "atan2", "pow", "min", "max":
            guard positional.count == 2 else { return nil }
            let x = try eval(positional[0], s), y = try eval(positional[1], s)
            let isInt: Bool = { if case .number(_, true) = x, case .number(_, true) = y { return true }; return false }()
            return .number(.function(name, [try number(x, at, name), try number(y, at, name)]), isInt: isInt && name != "atan2" && name != "pow")
        case "UUID" where positional.isEmpty:
            // An identity only (`let id = UUID()` of Identifiable values): a distinct string.
            uuidCount += 1
            return .string("UUID-\(uuidCount)")
        case "CGFloat", "Double", "Float", "TimeInterval":
            guard let e = positional.first else { return .number(.num(0), isInt: false) }
            return .number(try n(e), isInt: false)
        case "Int":
            guard let e = positional.first else { return .number(.num(0), isInt: true) }
            let v = try eval(e, s)
            if case .number(let x, true) = v { return .number(x, isInt: true) }
            return .number(truncated(try number(v, at, name), s), isInt: true)
        case "CGPoint":
            return .record("CGPoint", [("x", .number(try a.labeled("x").map(n) ?? .num(0), isInt: false)), ("y", .number(try a.labeled("y").map(n) ?? .num(0), isInt: false))])
        case "CGSize":
            return .record("CGSize", [("width", .number(try a.labeled("width").map(n) ?? .num(0), isInt: false)), ("height", .number(try a.labeled("height").map(n) ?? .num(0), isInt: false))])
        case "CGVector":
            return .record("CGVector", [("dx", .number(try a.labeled("dx").map(n) ?? .num(0), isInt: false)), ("dy", .number(try a.labeled("dy").map(n) ?? .num(0), isInt: false))])
        case "CGRect":
            if let o = a.labeled("origin"), let sz = a.labeled("size") {
                let ov = try eval(o, s), sv = try eval(sz, s)
                return .record("CGRect", [("x", ov.field("x") ?? .number(.num(0), isInt: false)), ("y", ov.field("y") ?? .number(.num(0), isInt: false)),
                                          ("width", sv.field("width") ?? .number(.num(0), isInt: false)), ("height", sv.field("height") ?? .number(.num(0), isInt: false))])
            }
            return .record("CGRect", try ["x", "y", "width", "height"].map { k in (k, .number(try a.labeled(k).map(n) ?? .num(0), isInt: false)) })
        case "UnitPoint":
            return .unitPoint(try constant(a.labeled("x") ?? positional[0], s, "UnitPoint"), try constant(a.labeled("y") ?? positional[1], s, "UnitPoint"))
        case "Angle":
            if let d = a.labeled("degrees") { return .angle(try n(d)) }
            if let r = a.labeled("radians") { return .angle(.binaryOp("*", try n(r), .num(180 / Double.pi))) }
            return nil
        case "Color", "UIColor":
            return try colorCall(a, s, at)
        case "LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient", "Gradient":
            return try gradientCall(name, a, s, at)
        case "StrokeStyle":
            return .record("StrokeStyle", try a.list.map { ($0.label ?? "lineWidth", try eval($0.expr, s)) })
        case "Array":
            if let item = a.labeled("repeating"), let n = a.labeled("count") {
                // `Array(repeating: x, count: n)`: n copies of x.
                let k = try constant(n, s, "count")
                guard k >= 0, k == k.rounded(), k <= 100_000 else {
                    throw Unsupported(position: at, construct: "Array(repeating:count:)", message: "a count of \(formatSpecNumber(k)) is not modelled (a whole number in 0…100,000)")
                }
                return .array(Array(repeating: try eval(item, s), count: Int(k)))
            }
            guard let e = positional.first else { return .array([]) }
            let v = try eval(e, s)
            if case .range(let lo, let hi, let closed) = v { return .array(try rangeValues(lo, hi, closed, at)) }
            return v
        case "stride":
            guard let from = a.labeled("from"), let by = a.labeled("by") else { return nil }
            let lo = try constant(from, s, "stride"), step = try constant(by, s, "stride")
            let closed = a.labeled("through") != nil
            guard let end = a.labeled("to") ?? a.labeled("through") else { return nil }
            let hi = try constant(end, s, "stride")
            guard step != 0, ((hi - lo) / step) < 1_000_000 else {
                throw FatalCompileError(position: at, construct: "stride", message: "stride(from: \(formatSpecNumber(lo)), to: \(formatSpecNumber(hi)), by: \(formatSpecNumber(step))) has more than 1,000,000 elements")
            }
            var out: [Value] = []
            var x = lo
            var k = 0.0
            while step > 0 ? (closed ? x <= hi + 1e-12 : x < hi - 1e-12) : (closed ? x >= hi - 1e-12 : x > hi + 1e-12) {
                out.append(.number(.num(x), isInt: false))
                k += 1
                x = lo + k * step
            }
            return .array(out)
        case "withAnimation":
            throw Unsupported(position: at, construct: "withAnimation", message: "withAnimation outside an event handler is not modelled")
        default:
            return nil
        }
    }

    func rangeValues(_ lo: Expr, _ hi: Expr, _ closed: Bool, _ at: SwiftPosition) throws -> [Value] {
        guard let a = lo.constant, let b = hi.constant else { throw NeedsConstant(names: lo.names.union(hi.names), position: at, what: "a range") }
        let count = Int(b - a) + (closed ? 1 : 0)
        guard count <= 1_000_000 else {
            throw FatalCompileError(position: at, construct: "range", message: "a range of \(count) elements; the limit is 1,000,000")
        }
        return count <= 0 ? [] : (0..<count).map { .number(.num(a + Double($0)), isInt: true) }
    }

    func builtinShape(_ name: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> ShapeValue {
        switch name {
        case "Circle": return ShapeValue(kind: "circle")
        case "Ellipse": return ShapeValue(kind: "ellipse")
        case "Rectangle", "ContainerRelativeShape": return ShapeValue(kind: "rectangle")
        case "Capsule":
            return ShapeValue(kind: "capsule", parameters: [("style", .string(try cornerStyle(a, s)))])
        case "RoundedRectangle":
            var radius: Expr = .num(0)
            if let r = a.labeled("cornerRadius") { radius = try number(r, s, "cornerRadius") }
            else if let size = a.labeled("cornerSize") { radius = try number(try eval(size, s).field("width") ?? .number(.num(0), isInt: false), at, "cornerSize") }
            return ShapeValue(kind: "roundedRectangle", parameters: [("cornerRadius", .num(radius)), ("style", .string(try cornerStyle(a, s)))])
        case "UnevenRoundedRectangle":
            warn(at, "UnevenRoundedRectangle", "drawn as a rectangle with no rounded corners")
            return ShapeValue(kind: "rectangle")
        case "Path":
            var path = PathValue()
            // `Path(rect)`, `Path(ellipseIn: rect)`: as addRect / addEllipse(in:) on an empty path.
            if let rect = a.unlabeled.first {
                try pathCall(&path, "addRect", Arguments(list: [(label: nil, expr: rect)], trailing: []), s, at)
            } else if let rect = a.labeled("ellipseIn") {
                try pathCall(&path, "addEllipse", Arguments(list: [(label: "in", expr: rect)], trailing: []), s, at)
            } else if let other = a.list.first {
                throw Unsupported(position: at, construct: "Path(\(other.label ?? "_"):)", message: "this Path initializer is not modelled")
            }
            if let closure = a.closure(), let param = closureParameterNames(closure).first {
                let scope = s.child()
                scope.values[param] = .path(path)
                _ = try runItems(closure.statements, scope, name: "Path")
                if case .path(let p)? = scope.values[param] { path = p }
            }
            return ShapeValue(kind: "path", path: path)
        default:
            throw Unsupported(position: at, construct: name, message: "not a shape")
        }
    }

    func cornerStyle(_ a: Arguments, _ s: Scope) throws -> String {
        if let st = a.labeled("style"), case .member(let m, _) = try eval(st, s) { return m == "circular" ? "circular" : "continuous" }
        // The spec's default is SwiftUI's: .continuous (docs/spec.md, Shapes).
        return "continuous"
    }

    func implicitCall(_ name: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        switch name {
        case "degrees": return .angle(try number(a.first!, s, "degrees"))
        case "radians": return .angle(.binaryOp("*", try number(a.first!, s, "radians"), .num(180 / Double.pi)))
        case "init":
            // `.init(color:location:)` (a gradient stop) and other initializers by their labels.
            return .record("init", try a.list.map { ($0.label ?? "_", try eval($0.expr, s)) })
        default:
            if AnimationNames.all.contains(name) { return try animation(named: name, arguments: a, s, at) }
            let args = try a.list.map { arg -> Value in try eval(arg.expr, s) }
            return .member(name, args)
        }
    }

    func methodCall(_ base: Value, _ name: String, _ a: Arguments, _ c: FunctionCallExprSyntax, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        switch base {
        case .object(let inst):
            guard let fs = inst.type.functions[name] else {
                throw Unsupported(position: at, construct: name, message: "unknown method '\(name)' of \(inst.type.name)")
            }
            return try callFunction(pick(fs, a), a, s, instance: inst, at: at)
        case .record("TimerPublisher", _) where name == "autoconnect":
            return base
        case .record("StateArray", let f) where name == "remove" && a.labeled("at") != nil:
            return try removeElement(f, a, s, at)
        case .record("StateArray", let f) where recordModel(f) != nil:
            return try recordArrayQuery(recordModel(f)!, name, a, s, at)
        case .view:
            return .view(ViewThunk(body: .expression(ExprSyntax(c)), scope: s, position: at))
        case .color(let color):
            if name == "opacity", let e = a.first { return .color(try colorWithOpacity(color, try constant(e, s, "opacity"))) }
            return .view(ViewThunk(body: .expression(ExprSyntax(c)), scope: s, position: at))
        case .gradient:
            return .view(ViewThunk(body: .expression(ExprSyntax(c)), scope: s, position: at))
        case .member(let m, let args) where Self.materials.contains(m) && name == "opacity":
            // `material.opacity(x)`: kept as the material with its opacity (a fill reads it).
            guard let e = a.first else { break }
            let o = try constant(e, s, "opacity")
            let before = args.first.flatMap { if case .number(let x, _) = $0 { return x.constant }; return nil } ?? 1
            return .member(m, [.number(.num(before * min(max(o, 0), 1)), isInt: false)])
        case .animation(let anim):
            return .animation(try modifyAnimation(anim, name, a, s, at))
        case .member(let m, _) where AnimationNames.all.contains(m):
            guard let anim = try animationValue(base, at) else { break }
            return .animation(try modifyAnimation(anim, name, a, s, at))
        case .member(let m, _) where NamedColor.rgba[m] != nil:
            return try methodCall(try namedColor(m, at), name, a, c, s, at)
        case .type(let t):
            return try staticCall(t, name, a, c, s, at)
        case .number(let x, _):
            switch name {
            case "truncatingRemainder":
                let d = try number(a.first!, s, name)
                if let p = x.constant, let q = d.constant { return .number(.num(p.truncatingRemainder(dividingBy: q)), isInt: false) }
                return .number(.binaryOp("-", x, .binaryOp("*", d, truncated(.binaryOp("/", x, d), s))), isInt: false)
            case "rounded":
                if let r = a.first, case .member(let mode, _) = try eval(r, s) {
                    if mode == "down" { return .number(.function("floor", [x]), isInt: false) }
                    if mode == "up" { return .number(.function("ceil", [x]), isInt: false) }
                    if mode == "towardZero" { return .number(truncated(x, s), isInt: false) }
                }
                return .number(.function("round", [x]), isInt: false)
            case "squareRoot": return .number(.function("sqrt", [x]), isInt: false)
            default:
                if let f = index.types["Double"]?.functions[name] ?? index.types["CGFloat"]?.functions[name] ?? index.types["BinaryFloatingPoint"]?.functions[name] {
                    let scope = s.child()
                    scope.values["self"] = base
                    return try callFunction(pick(f, a), a, s, instance: nil, at: at, selfValue: base)
                }
            }
        case .array(let items):
            switch name {
            case "enumerated":
                return .array(items.enumerated().map { .record("tuple", [("offset", .number(.num(Double($0.offset)), isInt: true)), ("element", $0.element)]) })
            case "reversed": return .array(items.reversed())
            case "dropFirst", "dropLast":
                // `xs.dropFirst()`, `xs.dropLast(k)`: an ArraySlice, read here as the array it holds.
                let k = try a.unlabeled.first.map { try constant($0, s, name) } ?? 1
                guard k >= 0, k == k.rounded() else { throw Unsupported(position: at, construct: name, message: "expected a count ≥ 0") }
                let n = min(items.count, Int(min(k, Double(items.count))))
                return .array(name == "dropFirst" ? Array(items.dropFirst(n)) : Array(items.dropLast(n)))
            case "map":
                guard let closure = a.closure() else { break }
                return .array(try items.map { try callClosure(closure, s, args: [$0], at: at) ?? .void })
            case "reduce":
                // `reduce(x) { $0 + $1.length }`, `reduce(0, +)`: folded now, element by element.
                guard let initial = a.unlabeled.first else { break }
                var acc = try eval(initial, s)
                if let closure = a.closure() {
                    for item in items { acc = try callClosure(closure, s, args: [acc, item], at: at) ?? .void }
                    return acc
                }
                if a.unlabeled.count == 2, let op = a.unlabeled[1].as(DeclReferenceExprSyntax.self)?.baseName.text, ["+", "*"].contains(op) {
                    var out = try number(acc, at, name), isInt = true
                    if case .number(_, false) = acc { isInt = false }
                    for item in items {
                        if case .number(_, false) = item { isInt = false }
                        out = .binaryOp(op, out, try number(item, at, name))
                    }
                    return .number(out, isInt: isInt)
                }
            case "max" where a.closure("by") != nil, "min" where a.closure("by") != nil:
                // `min(by: { $0.x < $1.x })`: the comparisons must be known now.
                guard let closure = a.closure("by"), var best = items.first else { return .optionalNone }
                for item in items.dropFirst() {
                    // min keeps the first of equals: replace when item < best; max when best < item.
                    let args = name == "min" ? [item, best] : [best, item]
                    guard case .bool(let c)? = try callClosure(closure, s, args: args, at: at), let k = c.constant else {
                        throw NeedsConstant(names: [], position: at, what: "a comparison of \(name)(by:)")
                    }
                    if k != 0 { best = item }
                }
                return best
            case "max" where a.list.isEmpty && a.trailing.isEmpty, "min" where a.list.isEmpty && a.trailing.isEmpty:
                // An array of numbers: the largest or smallest, nil when empty.
                guard !items.isEmpty else { return .optionalNone }
                var out = try number(items[0], at, name), isInt = true
                for (k, item) in items.enumerated() {
                    if case .number(_, false) = item { isInt = false }
                    if k > 0 { out = .function(name, [out, try number(item, at, name)]) }
                }
                return .number(out, isInt: isInt)
            case "firstIndex" where a.closure("where") != nil, "lastIndex" where a.closure("where") != nil,
                 "first" where a.closure("where") != nil, "last" where a.closure("where") != nil,
                 "contains" where a.closure("where") != nil:
                return try searchArray(items, name, a.closure("where")!, s, at)
            case "randomElement", "shuffled":
                throw Unsupported(position: at, construct: name, message: "random values are not modelled yet")
            default: break
            }
        case .range(let lo, let hi, let closed):
            if name == "contains", let e = a.first {
                let x = try number(e, s, name)
                return .bool(.binaryOp("&&", .binaryOp("<=", lo, x), .binaryOp(closed ? "<=" : "<", x, hi)))
            }
            if name == "map", let closure = a.closure() {
                return .array(try rangeValues(lo, hi, closed, at).map { try callClosure(closure, s, args: [$0], at: at) ?? .void })
            }
        case .record(let t, _) where t.hasPrefix("self:"):
            if let inst = s.instance, let fs = inst.type.functions[name] { return try callFunction(pick(fs, a), a, s, instance: inst, at: at) }
        case .record(let t, _):
            if let type = index.types[t], let fs = type.functions[name] {
                return try callFunction(pick(fs, a), a, s, instance: nil, at: at, selfValue: base)
            }
        default: break
        }
        if name == "random" || name == "randomElement" {
            throw Unsupported(position: at, construct: "random", message: "random values are not modelled yet")
        }
        throw Unsupported(position: at, construct: name, message: "the method '\(name)' of \(base.kindName) is not modelled")
    }

    func staticCall(_ t: String, _ name: String, _ a: Arguments, _ c: FunctionCallExprSyntax, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        if name == "random", ["Double", "CGFloat", "Float", "Int", "Bool"].contains(t) { return try randomValue(t, a, s, at) }
        if name == "random", index.types[t] == nil { throw Unsupported(position: at, construct: "\(t).random", message: "random values of this type are not modelled yet") }
        switch t {
        case "Timer" where name == "scheduledTimer": return try scheduleTimer(a, s, at)
        case "Timer" where name == "publish": return try timerPublisher(a, s, at)
        case "Animation": return try animation(named: name, arguments: a, s, at)
        case "Angle":
            if name == "degrees" { return .angle(try number(a.first!, s, "degrees")) }
            if name == "radians" { return .angle(.binaryOp("*", try number(a.first!, s, "radians"), .num(180 / Double.pi))) }
        case "ShaderLibrary":
            return .shader(ShaderValue(name: name, arguments: try a.list.map { try shaderArgument(try eval($0.expr, s), position($0.expr)) }))
        case "Color", "UIColor":
            if name == "init" { return try colorCall(a, s, at) }
        case "LinearGradient", "RadialGradient", "AngularGradient", "Gradient":
            if name == "init" { return try gradientCall(t, a, s, at) }
        default: break
        }
        if let type = index.types[t] {
            if let fs = type.functions[name] { return try callFunction(pick(fs, a), a, s, instance: nil, at: at) }
            if type.isEnum { return .member(name, try a.list.map { try eval($0.expr, s) }) }
        }
        if Self.viewNames.contains(t) || index.types[t]?.isView == true {
            return .view(ViewThunk(body: .expression(ExprSyntax(c)), scope: s, position: at))
        }
        throw Unsupported(position: at, construct: "\(t).\(name)", message: "not modelled")
    }

    /// A struct of the file made with its memberwise initializer or an `init` of its own.
    /// The spec state a `$name` argument binds (nil when the argument is not such a binding).
    func bindingState(_ e: ExprSyntax, _ s: Scope) throws -> String? {
        guard let r = e.as(DeclReferenceExprSyntax.self), r.baseName.text.hasPrefix("$") else { return nil }
        guard case .record("Binding", let fields) = try eval(e, s), case .string(let spec)? = fields.first(where: { $0.0 == "state" })?.1 else { return nil }
        return spec
    }

    /// `Binding<Bool>` → `Bool` (the declared type of the value a binding carries).
    func bindingValueType(_ type: String?) -> String {
        guard let t = type else { return "" }
        guard t.hasPrefix("Binding<"), t.hasSuffix(">") else { return t }
        return String(t.dropFirst("Binding<".count).dropLast())
    }

    func makeInstance(_ t: TypeDecl, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Instance {
        let inst = Instance(type: t, position: at)
        let stored = t.properties.filter { !$0.isStatic && $0.getter == nil }
        if let initDecl = t.initializers.first(where: { i in
            let params = i.signature.parameterClause.parameters.map { $0.firstName.text }
            return params.count >= a.list.count && Array(params.prefix(a.list.count)) == a.list.map { $0.label ?? "_" }
        }) ?? (a.list.isEmpty ? t.initializers.first { $0.signature.parameterClause.parameters.isEmpty } : nil) {
            let scope = Scope(parent: nil, instance: inst)
            try bindParameters(initDecl.signature.parameterClause.parameters, a, callerScope: s, into: scope, at: at)
            callDepth += 1
            defer { callDepth -= 1 }
            guard callDepth < callDepthLimit else { throw FatalCompileError(position: at, construct: "init", message: "initializers call each other more than \(callDepthLimit) deep (recursion)") }
            if let body = initDecl.body { _ = try runItems(body.statements, scope, name: "init", initializing: inst) }
        } else {
            var k = 0
            for p in stored {
                if let e = a.labeled(p.name) {
                    if p.isBinding, let spec = try bindingState(e, s) {
                        inst.stateNames[p.name] = spec
                    } else if p.isBinding, let c = e.as(FunctionCallExprSyntax.self), ["constant", ".constant", "Binding.constant"].contains(c.calledExpression.trimmedDescription),
                              let v = Arguments(c).first {
                        // `.constant(x)`: a binding that always reads x.
                        inst.members[p.name] = convert(try eval(v, s), toDeclared: bindingValueType(p.type))
                    } else {
                        inst.members[p.name] = convert(try eval(e, s), toDeclared: p.type ?? "")
                    }
                } else if p.type?.contains("->") == true, k < a.trailing.count {
                    inst.members[p.name] = .closure(a.trailing[k], s)
                    k += 1
                }
            }
        }
        return inst
    }
}
