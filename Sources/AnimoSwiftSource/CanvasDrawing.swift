// `Canvas { context, size in … }`: the closure runs now, with the statement evaluator of helpers
// (let, var, for, if, guard, Path building), and every `context.fill` / `context.stroke` becomes a
// path node in canvas points; a gradient shading (`GraphicsContext.Shading.radialGradient`,
// `.linearGradient`) is the spec's gradient, its points unit points of the canvas, which is the
// path's frame. `context.translateBy`, `scaleBy`, `rotate(by:)` (one affine
// transform, applied to the path's points) and `opacity` change what follows; an arc or a stroke
// under a transform that is not a rotation with a uniform scale is reported. A loop whose bound is known only while rendering but has a constant ceiling
// (`0..<min(6, k)`) is unrolled to the ceiling, each pass drawn while its index is under the
// bound; a `guard c else { return }` on such a value draws what follows while c holds. The
// drawing must be known otherwise: a path point that moves with the clock is reported.
import Foundation
internal import SwiftSyntax

/// What a Canvas closure has drawn so far, and its drawing state.
final class CanvasDrawing {
    var nodes: [JSON] = []
    /// Conditions under which what is drawn now is visible (unrolled passes, guards).
    var conditions: [Expr] = []
    /// The context's transform, canvas points from the closure's: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx: Double, ty: Double
    var opacity = 1.0
    let position: SwiftPosition
    /// The canvas's rectangle in the coordinates of the paths drawn: a gradient's points are
    /// written as unit points of it.
    let frame: (x: Double, y: Double, width: Double, height: Double)

    init(dx: Double, dy: Double, width: Double, height: Double, position: SwiftPosition) {
        self.tx = dx
        self.ty = dy
        self.frame = (dx, dy, width, height)
        self.position = position
    }

    /// A rotation with a uniform scale (and maybe a mirror): circles stay circles.
    var isSimilarity: Bool { abs(a * a + b * b - (c * c + d * d)) < 1e-9 && abs(a * c + b * d) < 1e-9 }
    var scale: Double { sqrt(abs(a * d - b * c)) }

    func point(_ x: Double, _ y: Double) -> (Double, Double) { (a * x + c * y + tx, b * x + d * y + ty) }
}

extension Compiler {
    func compileCanvas(_ a: Arguments, _ s: Scope, _ ctx: ViewContext, _ at: SwiftPosition) throws -> [JSON] {
        guard let closure = a.closure("renderer") ?? a.trailing.first else { return [] }
        let r = ctx.rect
        guard let w = r.width.constant, let h = r.height.constant else {
            throw NeedsConstant(names: r.width.names.union(r.height.names), position: at, what: "the size of a Canvas")
        }
        // A constant size at a place known only while rendering (a fixed frame inside a reader):
        // drawn at the origin and moved there by an offset. Inside layout views the layout places
        // the canvas: drawn at the origin, and not moved by the front end's estimate of its place.
        let placed = ctx.layout || (r.x.constant != nil && r.y.constant != nil)
        let x = ctx.layout ? 0 : r.x.constant ?? 0, y = ctx.layout ? 0 : r.y.constant ?? 0
        let scope = s.child()
        let names = closureParameterNames(closure)
        if names.count > 0 { scope.values[names[0]] = .record("GraphicsContext", []) }
        if names.count > 1 {
            scope.values[names[1]] = .record("CGSize", [("width", .number(.num(w), isInt: false)), ("height", .number(.num(h), isInt: false))])
        }
        let drawing = CanvasDrawing(dx: x, dy: y, width: w, height: h, position: at)
        let saved = canvasDrawing
        canvasDrawing = drawing
        defer { canvasDrawing = saved }
        _ = try runItems(closure.statements, scope, name: "Canvas")
        nodeCount += 1
        if ctx.layout {
            // One view of the canvas's size whatever it draws: each path's layout frame is the
            // whole canvas, so the stack places that frame and the marks keep their place in it.
            let frame = JSON.array([.number(0), .number(0), .number(w), .number(h)])
            let marks = drawing.nodes.map { framed($0, frame) }
            return [.located(at, .object([("zstack", .array(marks))]))]
        }
        if placed { return [.located(at, .object([("group", .array(drawing.nodes))]))] }
        return [.located(at, .object([("group", .array(drawing.nodes)),
                                      ("modifiers", .array([.object([("offset", .array([.num(r.x), .num(r.y)]))])]))]))]
    }

    /// A Canvas path node whose layout frame is the canvas, `[0, 0, width, height]`.
    private func framed(_ node: JSON, _ frame: JSON) -> JSON {
        guard case .located(let at, .object(var members)) = node,
              let k = members.firstIndex(where: { $0.0 == "path" }), case .object(var path) = members[k].1 else { return node }
        path.removeAll { $0.0 == "frame" }
        path.append(("frame", frame))
        members[k].1 = .object(path)
        return .located(at, .object(members))
    }

    /// `context.…(…)` inside a Canvas; false for any other call.
    func runCanvasCall(_ c: FunctionCallExprSyntax, _ s: Scope) throws -> Bool {
        guard let drawing = canvasDrawing, let m = c.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
              case .record("GraphicsContext", _)? = try? eval(base, s) else { return false }
        let at = position(c)
        let a = Arguments(c)
        let name = m.declName.baseName.text
        switch name {
        case "fill", "stroke":
            guard let pe = a.unlabeled.first, case .path(let p) = try eval(pe, s) else {
                throw Unsupported(position: at, construct: "context.\(name)", message: "expected a Path")
            }
            guard let shading = a.labeled("with") else { throw Unsupported(position: at, construct: "context.\(name)", message: "expected with: a shading") }
            let paint = try canvasShading(try eval(shading, s), drawing, position(shading))
            var pathMembers: [(String, JSON)] = [("d", .string(svg(try transformed(p, drawing, at), dx: 0, dy: 0)))]
            if case .object(let pm) = paint, pm.first?.0.hasSuffix("Gradient") == true {
                // A gradient's unit points are of the shape's frame: the canvas, where its points are.
                let f = drawing.frame
                pathMembers.append(("frame", .array([.number(f.x), .number(f.y), .number(f.width), .number(f.height)])))
            }
            var members: [(String, JSON)] = [("path", .object(pathMembers))]
            if name == "fill" {
                members.append(("fill", paint))
            } else {
                var width = 1.0
                if let lw = a.labeled("lineWidth") { width = try constant(lw, s, "lineWidth") }
                if let st = a.labeled("style"), case .record(_, let fields) = try eval(st, s), let lw = fields.first(where: { $0.0 == "lineWidth" })?.1 {
                    guard let v = try number(lw, at, "lineWidth").constant else { throw NeedsConstant(names: [], position: at, what: "a line width") }
                    width = v
                }
                guard drawing.isSimilarity else {
                    throw Unsupported(position: at, construct: "context.stroke", message: "a stroke under a scale that differs by axis is not modelled")
                }
                members.append(("stroke", .object([("color", paint), ("lineWidth", .number(width * drawing.scale))])))
            }
            var visible: Expr = .num(drawing.opacity)
            if !drawing.conditions.isEmpty {
                let all = drawing.conditions.dropFirst().reduce(drawing.conditions[0]) { Expr.binaryOp("&&", $0, $1) }
                visible = .ternaryOp(all, .num(drawing.opacity), .num(0))
            }
            if visible.constant != 1 { members.append(("modifiers", .array([.object([("opacity", .num(visible))])]))) }
            drawing.nodes.append(.located(at, .object(members)))
        case "translateBy":
            let x = try constant(a.labeled("x") ?? a.unlabeled[0], s, "x"), y = try constant(a.labeled("y") ?? a.unlabeled[1], s, "y")
            (drawing.tx, drawing.ty) = drawing.point(x, y)
        case "scaleBy":
            let sx = try a.labeled("x").map { try constant($0, s, "x") } ?? 1, sy = try a.labeled("y").map { try constant($0, s, "y") } ?? 1
            drawing.a *= sx; drawing.b *= sx; drawing.c *= sy; drawing.d *= sy
        case "rotate":
            guard let e = a.labeled("by"), case .angle(let deg) = try eval(e, s), let degrees = deg.constant else {
                throw Unsupported(position: at, construct: "context.rotate", message: "expected by: an Angle known at compile time")
            }
            let (cs, sn) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
            let (a0, b0, c0, d0) = (drawing.a, drawing.b, drawing.c, drawing.d)
            drawing.a = a0 * cs + c0 * sn; drawing.b = b0 * cs + d0 * sn
            drawing.c = -a0 * sn + c0 * cs; drawing.d = -b0 * sn + d0 * cs
        default:
            throw Unsupported(position: at, construct: "context.\(name)", message: "not modelled in a Canvas")
        }
        return true
    }

    /// `context.opacity = x` inside a Canvas; false for any other assignment.
    func assignCanvasProperty(_ target: ExprSyntax, _ value: Value, _ s: Scope) throws -> Bool {
        guard let drawing = canvasDrawing, let m = target.as(MemberAccessExprSyntax.self), let base = m.base,
              case .record("GraphicsContext", _)? = try? eval(base, s) else { return false }
        guard m.declName.baseName.text == "opacity", let o = try number(value, position(target), "opacity").constant else {
            throw Unsupported(position: position(target), construct: "context.\(m.declName.baseName.text)", message: "not modelled in a Canvas")
        }
        drawing.opacity = o
        return true
    }

    static let canvasGradientNames: Set<String> = ["linearGradient", "radialGradient"]

    /// `GraphicsContext.Shading.radialGradient(gradient, center:startRadius:endRadius:)` and
    /// `.linearGradient(gradient, startPoint:endPoint:)` (or `.color(c)`): the shading, its points
    /// in the closure's coordinates; nil for another name.
    func canvasShadingCall(_ name: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value? {
        if name == "color", let c = a.unlabeled.first { return .member("color", [try eval(c, s)]) }
        guard Self.canvasGradientNames.contains(name) else { return nil }
        guard let g = a.unlabeled.first ?? a.labeled("gradient") else {
            throw Unsupported(position: at, construct: "GraphicsContext.Shading.\(name)", message: "expected a Gradient")
        }
        var fields: [(String, Value)] = [("kind", .string(name)), ("stops", .stops(try gradientStops(try eval(g, s), at)))]
        for label in ["center", "startPoint", "endPoint", "startRadius", "endRadius"] {
            if let e = a.labeled(label) { fields.append((label, try eval(e, s))) }
        }
        return .record("GraphicsContext.Shading", fields)
    }

    /// `.color(c)` or a gradient shading: the spec's paint. A gradient's points become unit points
    /// of the canvas (the frame its paths are given) and its radii follow the context's scale.
    func canvasShading(_ v: Value, _ drawing: CanvasDrawing, _ at: SwiftPosition) throws -> JSON {
        if case .member("color", let args) = v, let c = args.first { return try literalColor(c, at, "a Canvas colour") }
        if case .color(let j) = v { return j }
        guard case .record("GraphicsContext.Shading", let f) = v, case .string(let kind)? = f.first(where: { $0.0 == "kind" })?.1,
              case .stops(let stops)? = f.first(where: { $0.0 == "stops" })?.1 else {
            throw Unsupported(position: at, construct: "GraphicsContext.Shading", message: "only .color(…), .linearGradient(…) and .radialGradient(…) are modelled")
        }
        func field(_ k: String) -> Value? { f.first { $0.0 == k }?.1 }
        func unit(_ k: String) throws -> JSON? {
            guard let p = field(k) else { return nil }
            guard case .record(_, let xy) = p, let xv = xy.first(where: { $0.0 == "x" })?.1, let yv = xy.first(where: { $0.0 == "y" })?.1,
                  let x = try number(xv, at, k).constant, let y = try number(yv, at, k).constant else {
                throw Unsupported(position: at, construct: "GraphicsContext.Shading.\(kind)", message: "a \(k) known only while rendering is not modelled")
            }
            let q = drawing.point(x, y), fr = drawing.frame
            guard fr.width > 0, fr.height > 0 else { return .array([.number(0.5), .number(0.5)]) }
            return .array([.number((q.0 - fr.x) / fr.width), .number((q.1 - fr.y) / fr.height)])
        }
        var members: [(String, JSON)] = [stopsMember(stops)]
        if kind == "linearGradient" {
            members.append(("startPoint", try unit("startPoint") ?? .string("center")))
            members.append(("endPoint", try unit("endPoint") ?? .string("center")))
            return .object([("linearGradient", .object(members))])
        }
        guard drawing.isSimilarity else {
            throw Unsupported(position: at, construct: "GraphicsContext.Shading.radialGradient", message: "a radial gradient under a scale that differs by axis is not modelled")
        }
        members.append(("center", try unit("center") ?? .string("center")))
        if let r = field("startRadius") { members.append(("startRadius", .num(.binaryOp("*", try number(r, at, "startRadius"), .num(drawing.scale))))) }
        guard let end = field("endRadius") else {
            throw Unsupported(position: at, construct: "GraphicsContext.Shading.radialGradient", message: "expected endRadius:")
        }
        members.append(("endRadius", .num(.binaryOp("*", try number(end, at, "endRadius"), .num(drawing.scale)))))
        return .object([("radialGradient", .object(members))])
    }

    /// The path in canvas points. A circular arc stays one under a similarity (its sweep flips
    /// with a mirror); other arcs need the transform to be a translation.
    private func transformed(_ p: PathValue, _ t: CanvasDrawing, _ at: SwiftPosition) throws -> PathValue {
        var out = p
        out.segments = try p.segments.map { seg in
            switch seg {
            case .move(let x, let y): let q = t.point(x, y); return .move(q.0, q.1)
            case .line(let x, let y): let q = t.point(x, y); return .line(q.0, q.1)
            case .quad(let a, let b, let x, let y): let (p1, q) = (t.point(a, b), t.point(x, y)); return .quad(p1.0, p1.1, q.0, q.1)
            case .cubic(let a, let b, let c, let d, let x, let y):
                let (p1, p2, q) = (t.point(a, b), t.point(c, d), t.point(x, y))
                return .cubic(p1.0, p1.1, p2.0, p2.1, q.0, q.1)
            case .arc(let rx, let ry, let l, let sw, let x, let y):
                let identityLinear = t.a == 1 && t.b == 0 && t.c == 0 && t.d == 1
                guard identityLinear || (t.isSimilarity && rx == ry) else {
                    throw Unsupported(position: at, construct: "Canvas", message: "an elliptical arc under a rotation or scale is not modelled")
                }
                let q = t.point(x, y)
                let mirrored = t.a * t.d - t.b * t.c < 0
                return .arc(rx * t.scale, ry * t.scale, l, mirrored ? !sw : sw, q.0, q.1)
            case .close: return .close
            }
        }
        return out
    }

    /// A constant ceiling of a loop bound known only while rendering: `min(c, x)`, `c < x ? c : x`.
    func ceiling(_ e: Expr) -> Double? {
        if let c = e.constant { return c }
        switch e {
        case .call("min", let args): return args.compactMap { ceiling($0) }.min()
        case .call("max", let args) where args.count == 2:
            guard let a = ceiling(args[0]), let b = ceiling(args[1]) else { return nil }
            return max(a, b)
        case .ternary(_, let a, let b):
            guard let x = ceiling(a), let y = ceiling(b) else { return nil }
            return max(x, y)
        default: return nil
        }
    }
}

extension Compiler {
    /// `for i in lo..<bound` in a Canvas where bound is known only while rendering: passes up to
    /// the ceiling, each drawn while `i < bound` (`<=` for a closed range).
    func runCanvasPasses(_ f: ForStmtSyntax, _ s: Scope, lo: Double, ceiling top: Double, bound: Expr, closed: Bool, initializing: Instance?) throws -> Flow {
        guard let drawing = canvasDrawing, let id = f.pattern.as(IdentifierPatternSyntax.self) else {
            throw Unsupported(position: position(f), construct: "for", message: "this loop in a Canvas is not modelled")
        }
        let count = Int(top - lo) + (closed ? 1 : 0)
        guard count <= 10_000 else {
            throw FatalCompileError(position: position(f), construct: "for", message: "a loop of up to \(count) passes in a Canvas; the limit is 10,000")
        }
        var k = 0
        while k < count {
            let i = lo + Double(k)
            k += 1
            let scope = s.child()
            scope.values[id.identifier.text] = .number(.num(i), isInt: true)
            drawing.conditions.append(.binaryOp(closed ? "<=" : "<", .num(i), bound))
            defer { drawing.conditions.removeLast() }
            if let w = f.whereClause, try constant(w.condition, scope, "where") == 0 { continue }
            let flow = try runList(Array(f.body.statements), from: 0, scope, initializing: initializing)
            if case .returned = flow { return flow }
            if case .breakLoop = flow { break }
        }
        return .normal
    }
}
