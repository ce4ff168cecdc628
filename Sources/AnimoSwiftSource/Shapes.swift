// Shapes: SwiftUI's built-in shapes with their frame (the proposed rectangle), fill, stroke and trim;
// `Path` literals and `Shape` structs of the file, whose `path(in:)` is run at compile time for
// the view's rectangle (known then: a ForEach whose element sizes it is unrolled) into SVG data.
import Foundation
internal import SwiftSyntax

struct ShapeBuild {
    var shape: ShapeValue
    var rect: Rect
    var fill: JSON? = nil
    var stroke: JSON? = nil
    var trim: JSON? = nil
    var modifiers: [JSON] = []
    var foreground: JSON?
    var position: SwiftPosition
    /// A layout view: a built-in shape has no frame and takes the size offered.
    var layout: Bool

    init(shape: ShapeValue, rect: Rect, foreground: JSON?, position: SwiftPosition, layout: Bool = false) {
        self.shape = shape
        self.rect = rect
        self.foreground = foreground
        self.position = position
        self.layout = layout
    }
}

extension Compiler {
    /// The shape node: `{"circle": {"frame": …}, "fill": …, "stroke": …, "trim": …, "modifiers": …}`.
    func finalize(_ sb: ShapeBuild) throws -> JSON {
        nodeCount += 1
        var members: [(String, JSON)] = []
        let builtin = sb.shape.kind != "custom" && sb.shape.kind != "path"
        var rect = sb.rect
        var modifiers = sb.modifiers
        if sb.shape.kind == "path", rect.x.constant == nil || rect.y.constant == nil {
            // A Path whose coordinates are known, placed where only the render knows (a fixed
            // frame inside a reader): drawn at the origin and moved there first.
            modifiers.insert(.located(sb.position, .object([("offset", .array([.num(rect.x), .num(rect.y)]))])), at: 0)
            rect = Rect(x: .num(0), y: .num(0), width: rect.width, height: rect.height)
        }
        // Outside layout views the front end places the view itself: its frame is rounded to the
        // pixel grid when drawn, as SwiftUI's layout rounds every view's (docs/semantics.md §280).
        let shape = try shapeObject(sb.shape, rect: sb.layout && builtin ? nil : rect, at: sb.position, pixelAligned: !sb.layout)
        guard case .object(let kind) = shape else { return shape }
        members += kind
        if let fill = sb.fill { members.append(("fill", fill)) }
        if let stroke = sb.stroke { members.append(("stroke", stroke)) }
        if sb.fill == nil && sb.stroke == nil {
            if let fg = sb.foreground { members.append(("fill", fg)) } else if darkScheme { members.append(("fill", .string("white"))) }
        }
        if let trim = sb.trim { members.append(("trim", trim)) }
        if !modifiers.isEmpty { members.append(("modifiers", .array(modifiers))) }
        return .located(sb.position, .object(members))
    }

    /// The spec's shape object; `rect` nil = the enclosing frame (for clipShape). `pixelAligned`:
    /// the frame, when there is one, is a view's frame the renderer rounds to pixels.
    func shapeObject(_ sv: ShapeValue, rect: Rect?, at: SwiftPosition, pixelAligned: Bool = false) throws -> JSON {
        var params: [(String, JSON)] = []
        var r = rect
        if let inset = sv.inset, let rr = r { r = rr.inset(top: inset, leading: inset, bottom: inset, trailing: inset) }
        switch sv.kind {
        case "custom":
            guard let inst = sv.instance else { throw Unsupported(position: at, construct: "Shape", message: "a custom shape needs a frame") }
            // An Animatable shape, or one whose rectangle is known only while rendering, is a
            // template when its path(in:) can be one.
            if inst.type.property("animatableData") != nil || r?.constant == nil, var use = shapeTemplateUse(inst, at) {
                if let rr = r {
                    use.append(("frame", rr.json))
                    if pixelAligned { use.append(("pixelAligned", .bool(true))) }
                }
                return .object([("shape", .object(use))])
            }
            guard let rr = r else { throw Unsupported(position: at, construct: "Shape", message: "a custom shape needs a frame") }
            let path = try runShapePath(inst, rr, at)
            return .object([("path", .object([("d", .string(svg(path, dx: 0, dy: 0)))]))])
        case "path":
            guard let p = sv.path, let rr = r else { throw Unsupported(position: at, construct: "Path", message: "a path needs a frame") }
            guard let x = rr.x.constant, let y = rr.y.constant else {
                throw NeedsConstant(names: rr.x.names.union(rr.y.names), position: at, what: "the position of a Path")
            }
            if sv.pathKeepsFrame { return .object([("path", .object([("d", .string(svg(p, dx: x, dy: y))), ("frame", rr.json)]))]) }
            return .object([("path", .object([("d", .string(svg(p, dx: x, dy: y)))]))])
        default:
            if let rr = r {
                params.append(("frame", rr.json))
                if pixelAligned { params.append(("pixelAligned", .bool(true))) }
            }
            params += sv.parameters.filter { !($0.0 == "style" && $0.1.unlocated.isContinuous) }
            return .object([(sv.kind, .object(params))])
        }
    }

    /// Runs a Shape struct's `path(in:)` for a rectangle known now, in canvas points.
    func runShapePath(_ inst: Instance, _ rect: Rect, _ at: SwiftPosition) throws -> PathValue {
        guard let (x, y, w, h) = rect.constant else {
            throw NeedsConstant(names: rect.names, position: at, what: "the frame of the \(inst.type.name) shape")
        }
        guard let f = inst.type.functions["path"]?.first, let body = f.body else {
            throw Unsupported(position: at, construct: inst.type.name, message: "a Shape without path(in:): left out")
        }
        callDepth += 1
        defer { callDepth -= 1 }
        guard callDepth < callDepthLimit else { throw FatalCompileError(position: at, construct: inst.type.name, message: "shapes call each other more than \(callDepthLimit) deep (recursion)") }
        let scope = Scope(parent: nil, instance: inst)
        let param = f.signature.parameterClause.parameters.first.map { ($0.secondName ?? $0.firstName).text } ?? "rect"
        func num(_ d: Double) -> Value { .number(.num(d), isInt: false) }
        scope.values[param] = .record("CGRect", [("x", num(0)), ("y", num(0)), ("width", num(w)), ("height", num(h))])
        guard case .path(let p)? = try callBody(body.statements, scope, at: at, name: "path(in:)") else {
            throw Unsupported(position: at, construct: inst.type.name, message: "path(in:) did not return a Path this front end can build: left out")
        }
        var out = p
        out.segments = p.segments.map { translate($0, x, y) }
        return out
    }

    func translate(_ s: PathValue.Segment, _ dx: Double, _ dy: Double) -> PathValue.Segment {
        switch s {
        case .move(let x, let y): return .move(x + dx, y + dy)
        case .line(let x, let y): return .line(x + dx, y + dy)
        case .quad(let a, let b, let x, let y): return .quad(a + dx, b + dy, x + dx, y + dy)
        case .cubic(let a, let b, let c, let d, let x, let y): return .cubic(a + dx, b + dy, c + dx, d + dy, x + dx, y + dy)
        case .arc(let rx, let ry, let l, let sw, let x, let y): return .arc(rx, ry, l, sw, x + dx, y + dy)
        case .close: return .close
        }
    }

    func svg(_ p: PathValue, dx: Double, dy: Double) -> String {
        func f(_ d: Double) -> String { formatSpecNumber((d * 1000).rounded() / 1000) }
        var parts: [String] = []
        for seg in p.segments {
            switch translate(seg, dx, dy) {
            case .move(let x, let y): parts.append("M\(f(x)) \(f(y))")
            case .line(let x, let y): parts.append("L\(f(x)) \(f(y))")
            case .quad(let a, let b, let x, let y): parts.append("Q\(f(a)) \(f(b)) \(f(x)) \(f(y))")
            case .cubic(let a, let b, let c, let d, let x, let y): parts.append("C\(f(a)) \(f(b)) \(f(c)) \(f(d)) \(f(x)) \(f(y))")
            case .arc(let rx, let ry, let l, let sw, let x, let y): parts.append("A\(f(rx)) \(f(ry)) 0 \(l ? 1 : 0) \(sw ? 1 : 0) \(f(x)) \(f(y))")
            case .close: parts.append("Z")
            }
        }
        return parts.isEmpty ? "M0 0" : parts.joined(separator: " ")
    }

    // MARK: Path building

    func point(_ v: Value, _ at: SwiftPosition) throws -> (Double, Double) {
        if case .member("zero", _) = v { return (0, 0) }
        guard let x = v.field("x"), let y = v.field("y") else { throw Unsupported(position: at, construct: "CGPoint", message: "expected a point, got \(v.kindName)") }
        return (try constant(x, at, "a path coordinate"), try constant(y, at, "a path coordinate"))
    }

    /// `path.move(to:)`, `addLine(to:)`, `addLines(_:)`, `addQuadCurve`, `addCurve`, `addArc`,
    /// `addRect`, `addEllipse(in:)`, `addRoundedRect`? (no), `closeSubpath()`.
    func pathCall(_ p: inout PathValue, _ name: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws {
        func pt(_ label: String) throws -> (Double, Double) {
            guard let e = a.labeled(label) else { throw Unsupported(position: at, construct: name, message: "missing \(label):") }
            return try point(try eval(e, s), position(e))
        }
        func lineTo(_ q: (Double, Double)) {
            if p.current == nil { p.segments.append(.move(q.0, q.1)); p.start = q } else { p.segments.append(.line(q.0, q.1)) }
            p.current = q
        }
        switch name {
        case "move":
            let q = try pt("to")
            p.segments.append(.move(q.0, q.1))
            p.current = q
            p.start = q
        case "addLine": lineTo(try pt("to"))
        case "addLines":
            guard let e = a.first, case .array(let items) = try eval(e, s) else { break }
            for (k, item) in items.enumerated() {
                let q = try point(item, at)
                if k == 0 { p.segments.append(.move(q.0, q.1)); p.current = q; p.start = q } else { lineTo(q) }
            }
        case "addQuadCurve":
            let c = try pt("control"), q = try pt("to")
            p.segments.append(.quad(c.0, c.1, q.0, q.1))
            p.current = q
        case "addCurve":
            let c1 = try pt("control1"), c2 = try pt("control2"), q = try pt("to")
            p.segments.append(.cubic(c1.0, c1.1, c2.0, c2.1, q.0, q.1))
            p.current = q
        case "closeSubpath":
            p.segments.append(.close)
            p.current = p.start
        case "addRect":
            guard let e = a.first else { break }
            let r = try eval(e, s)
            let x = try constant(r.field("x") ?? .number(.num(0), isInt: false), at, "rect"), y = try constant(r.field("y") ?? .number(.num(0), isInt: false), at, "rect")
            let w = try constant(r.field("width") ?? .number(.num(0), isInt: false), at, "rect"), h = try constant(r.field("height") ?? .number(.num(0), isInt: false), at, "rect")
            p.segments += [.move(x, y), .line(x + w, y), .line(x + w, y + h), .line(x, y + h), .close]
            p.current = (x, y)
            p.start = (x, y)
        case "addEllipse":
            guard let e = a.labeled("in") else { break }
            let r = try eval(e, s)
            let x = try constant(r.field("x") ?? .number(.num(0), isInt: false), at, "rect"), y = try constant(r.field("y") ?? .number(.num(0), isInt: false), at, "rect")
            let w = try constant(r.field("width") ?? .number(.num(0), isInt: false), at, "rect"), h = try constant(r.field("height") ?? .number(.num(0), isInt: false), at, "rect")
            p.segments += [.move(x + w, y + h / 2), .arc(w / 2, h / 2, false, true, x, y + h / 2), .arc(w / 2, h / 2, false, true, x + w, y + h / 2), .close]
            p.current = (x + w, y + h / 2)
            p.start = p.current
        case "addArc":
            let c = try pt("center")
            guard let re = a.labeled("radius"), let se = a.labeled("startAngle"), let ee = a.labeled("endAngle") else {
                throw Unsupported(position: at, construct: "addArc", message: "this form of addArc is not modelled")
            }
            let r = try constant(re, s, "radius")
            func deg(_ e: ExprSyntax) throws -> Double {
                let v = try eval(e, s)
                if case .angle(let d) = v { guard let k = d.constant else { throw NeedsConstant(names: d.names, position: position(e), what: "an arc angle") }; return k }
                if case .member("zero", _) = v { return 0 }
                if case .angle(let d)? = try angleExtensionMember(v, position(e)), let k = d.constant { return k }
                throw Unsupported(position: position(e), construct: "addArc", message: "expected an Angle")
            }
            let a0 = try deg(se), a1 = try deg(ee)
            let clockwise = try a.labeled("clockwise").map { try constant($0, s, "clockwise") != 0 } ?? false
            // SwiftUI's `clockwise` is in a y-up sense: clockwise: false sweeps with increasing
            // angles, which on a y-down screen is clockwise (SVG sweep-flag 1).
            var sweep = a1 - a0
            if clockwise { while sweep > 0 { sweep -= 360 } } else { while sweep < 0 { sweep += 360 } }
            let rad = Double.pi / 180
            let start = (c.0 + r * cos(a0 * rad), c.1 + r * sin(a0 * rad))
            lineTo(start)
            // Split into arcs of at most 180°.
            let pieces = max(1, Int((abs(sweep) / 180).rounded(.up)))
            for k in 1...pieces {
                let ang = a0 + sweep * Double(k) / Double(pieces)
                let q = (c.0 + r * cos(ang * rad), c.1 + r * sin(ang * rad))
                p.segments.append(.arc(r, r, false, !clockwise, q.0, q.1))
                p.current = q
            }
        default:
            throw Unsupported(position: at, construct: "Path.\(name)", message: "not modelled")
        }
    }
}

extension JSON {
    var isContinuous: Bool { if case .string("continuous") = self { return true }; return false }
}

extension Compiler {
    /// The outline of a stroked circle or rectangle (`Shape.stroke(lineWidth:)` is a Shape): the
    /// edges of the band, as a path in the shape's frame. Nil where it is not modelled: other
    /// shapes, dashes, trims, a frame known only while rendering.
    func strokeOutline(_ sb: ShapeBuild) -> ShapeValue? {
        guard sb.trim == nil, sb.shape.inset == nil, sb.shape.parameters.isEmpty, let stroke = sb.stroke, stroke["dash"] == nil,
              case .number(let w)? = stroke["lineWidth"]?.unlocated, let (_, _, fw, fh) = sb.rect.constant else { return nil }
        var p = PathValue()
        let h = w / 2
        switch sb.shape.kind {
        case "circle":
            let (cx, cy, r) = (fw / 2, fh / 2, min(fw, fh) / 2)
            for radius in [r + h, r - h] where radius > 0 {
                p.segments += [.move(cx + radius, cy), .arc(radius, radius, false, true, cx - radius, cy), .arc(radius, radius, false, true, cx + radius, cy), .close]
            }
        case "rectangle":
            if let join = stroke["lineJoin"]?.unlocated { guard case .string("miter") = join else { return nil } }
            // Miter joins: the outer edge keeps square corners (the miter limit of 10 allows 90°).
            for d in [-h, h] where fw - 2 * d > 0 && fh - 2 * d > 0 {
                p.segments += [.move(d, d), .line(fw - d, d), .line(fw - d, fh - d), .line(d, fh - d), .close]
            }
        default: return nil
        }
        return ShapeValue(kind: "path", path: p, pathKeepsFrame: true)
    }
}
