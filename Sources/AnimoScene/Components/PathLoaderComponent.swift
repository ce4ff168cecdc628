// The `pathLoader` component: the skill's comet-trail loader (swiftui-microinteractions skill, "Canvas Path Loaders").
//
// Resolve time (once per instance): the outline is generated in the loader's frame as evaluated at
// t = 0 with the initial state, joined by the sampler, and sampled at equal arc-length steps
// (LoaderSamples). Per frame only the clock moves: head progress p = fract(t / period) (the skill's
// `(time/duration).wrappedUnit`, a TimelineView clock, never a spring), the trail's dots sit at
// p − f·length for f = k/(count − 1), k = 0 (head) … count − 1 (tail), with radius and opacity
// interpolated linearly from the head's value to the tail's in f. The faint outline is stroked
// first (round caps and joins), then the dots from tail to head so the head is on top.
//
// `rotation` (degrees, clockwise) and `scale` (the skill's "breathe") are evaluated from the same
// clock and applied about the frame's centre to the whole drawing. When `frame` itself changes
// over time the cached samples are mapped by the affine map between the resolve-time frame and
// the current one (arc-length evenness is exact while the frame keeps its aspect ratio).
//
// Choices (documented in docs/spec.md): an SVG `path` outline is fitted into the frame (uniform
// scale, centred), like the generators; `circle`, `ellipse`, `roundedRectangle`, `capsule` and
// `path` outlines are their own curves (the sampler only joins control points: star, polygon,
// rectangle corners, custom points); `infinity`, `heart` and `rose` are dense polylines.
import AnimoSpec
import Foundation
import AnimoGeometry

/// A path loader resolved for one instance.
struct RPathLoader: Sendable {
    /// The outline in the resolve-time frame's coordinates.
    var outline: Path
    var samples: LoaderSamples
    /// The frame the outline was generated in.
    var baseFrame: Rect
    var frame: (x: RNumber, y: RNumber, width: RNumber, height: RNumber)
    var period: RNumber
    var outlineStyle: (color: RColor, opacity: RNumber, lineWidth: RNumber)?
    var count: Int
    var length: RNumber
    var radius: (head: RNumber, tail: RNumber)
    var opacity: (head: RNumber, tail: RNumber)
    /// The dots' colour; like the outline's, a colour expression animates as a fill's does.
    var color: RColor
    var rotation: RNumber?
    var scale: RNumber?
}

extension SceneResolver {
    /// The value of `n` at t = 0 with the initial state (the resolve-time frame).
    func initialValue(_ n: SpecNumber, _ scope: Scope) -> Double {
        switch n {
        case .constant(let d): return d
        case .expression(let e): return model(e, scope, t: 0, state: states.initial)
        }
    }

    func pathLoader(_ l: PathLoaderNode, _ node: SpecNode, _ scope: Scope) -> RNode.Kind {
        let path = node.path + ".pathLoader"
        let fr = Rect(x: initialValue(l.frame.x, scope), y: initialValue(l.frame.y, scope),
                      width: initialValue(l.frame.width, scope), height: initialValue(l.frame.height, scope))
        guard fr.origin.isFinite, fr.width.isFinite, fr.height.isFinite, fr.width > 0, fr.height > 0 else {
            issues.append(ResolveIssue(path: path + ".frame", message: "the loader's frame must have a positive, finite width and height, got \(fr)"))
            return .unsupported("pathLoader")
        }
        let sampler: LoaderSampler = l.sampler == .catmullRom ? .catmullRom : .polyline
        var outline = Path()
        switch l.shape {
        case .shape(let s):
            var r = fr
            switch s.frame {
            case .rect(let sr)?:
                r = Rect(x: initialValue(sr.x, scope), y: initialValue(sr.y, scope), width: initialValue(sr.width, scope), height: initialValue(sr.height, scope))
            case .circle(let c, let rad)?:
                let rv = initialValue(rad, scope)
                r = Rect(x: initialValue(c.x, scope) - rv, y: initialValue(c.y, scope) - rv, width: 2 * rv, height: 2 * rv)
            case nil: break
            }
            switch s.kind {
            case .star(let n, let inner, let rot):
                outline = LoaderOutline.closedPath(through: LoaderOutline.starVertices(in: r, points: n, innerRatio: initialValue(inner, scope), rotationDegrees: initialValue(rot, scope)), sampler: sampler)
            case .polygon(let n, let rot):
                outline = LoaderOutline.closedPath(through: LoaderOutline.polygonVertices(in: r, sides: n, rotationDegrees: initialValue(rot, scope)), sampler: sampler)
            case .rectangle:
                outline = LoaderOutline.closedPath(through: [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)], sampler: sampler)
            case .circle: outline = .circle(in: r)
            case .ellipse: outline = Path(ellipseIn: r)
            case .roundedRectangle(let cr, let st): outline = Path(roundedRect: r, cornerRadius: initialValue(cr, scope), style: style(st))
            case .capsule(let st): outline = .capsule(in: r, style: style(st))
            case .custom(let use):
                outline = use.template.path(in: r, arguments: use.arguments.map { initialValue($0, scope) }, frame: scope.frame)
            case .path(let d):
                do {
                    outline = LoaderOutline.fit(try Path(svg: d), into: r)
                } catch let e as SVGPathError {
                    issues.append(ResolveIssue(path: path + ".shape.path.d", message: "bad SVG path data: \(e.message) at column \(e.column) of the path data"))
                    return .unsupported("pathLoader")
                } catch {
                    issues.append(ResolveIssue(path: path + ".shape.path.d", message: "bad SVG path data: \(error)"))
                    return .unsupported("pathLoader")
                }
            }
        case .infinity: outline = LoaderOutline.closedPath(through: LoaderOutline.lemniscate(in: fr), sampler: .polyline)
        case .heart: outline = LoaderOutline.closedPath(through: LoaderOutline.heart(in: fr), sampler: .polyline)
        case .rose(let n): outline = LoaderOutline.closedPath(through: LoaderOutline.rose(in: fr, petals: n), sampler: .polyline)
        case .points(let pts): outline = LoaderOutline.closedPath(through: LoaderOutline.unitPoints(pts, in: fr), sampler: sampler)
        }
        guard let samples = LoaderSamples(path: outline) else {
            issues.append(ResolveIssue(path: path + ".shape", message: "the outline has no length to trace (empty or degenerate shape)"))
            return .unsupported("pathLoader")
        }
        // Constant trail parameters are checked by the decoder; the head's and tail's radius may
        // still be expressions, evaluated per frame (negative values draw nothing).
        let outlineStyle = l.outline.map { o in (color: colorValue(o.color, scope), opacity: number(o.opacity, scope), lineWidth: number(o.lineWidth, scope)) }
        return .pathLoader(RPathLoader(
            outline: outline, samples: samples, baseFrame: fr,
            frame: (number(l.frame.x, scope), number(l.frame.y, scope), number(l.frame.width, scope), number(l.frame.height, scope)),
            period: number(l.period, scope), outlineStyle: outlineStyle, count: max(l.trail.count, 1),
            length: number(l.trail.length, scope), radius: (number(l.trail.radius.head, scope), number(l.trail.radius.tail, scope)),
            opacity: (number(l.trail.opacity.head, scope), number(l.trail.opacity.tail, scope)), color: colorValue(l.trail.color, scope),
            rotation: l.rotation.map { number($0, scope) }, scale: l.scale.map { number($0, scope) }))
    }
}

extension SceneEvaluator {
    /// The head's progress around the loop at clock t: fract(t / period); 0 for a bad period.
    static func loaderProgress(t: Double, period: Double) -> Double {
        guard period.isFinite, period > 0, t.isFinite else { return 0 }
        let q = t / period
        return q - q.rounded(.down)
    }

    func pathLoader(_ l: RPathLoader, _ t: Double, _ f: [Double]) -> (DisplayNode?, Rect?) {
        let fr = Rect(x: value(l.frame.x, t, f), y: value(l.frame.y, t, f), width: value(l.frame.width, t, f), height: value(l.frame.height, t, f))
        guard fr.origin.isFinite, fr.width.isFinite, fr.height.isFinite, fr.width > 0, fr.height > 0 else { return (nil, nil) }
        let b = l.baseFrame
        let sx = fr.width / b.width, sy = fr.height / b.height
        let map: Transform? = (sx == 1 && sy == 1 && fr.origin == b.origin) ? nil
            : Transform(a: sx, b: 0, c: 0, d: sy, tx: fr.minX - b.minX * sx, ty: fr.minY - b.minY * sy)
        var parts: [DisplayNode] = []
        if let o = l.outlineStyle {
            let op = value(o.opacity, t, f), lw = value(o.lineWidth, t, f)
            if op > 0, lw > 0, op.isFinite, lw.isFinite {
                let p = map.map { l.outline.transformed(by: $0) } ?? l.outline
                parts.append(.stroke(p, StrokeStyle(lineWidth: lw, lineCap: .round, lineJoin: .round), .solid(color(o.color, t, f).withOpacity(op))))
            }
        }
        let head = Self.loaderProgress(t: t, period: value(l.period, t, f))
        let len = min(max(value(l.length, t, f), 0), 1)
        let r0 = value(l.radius.head, t, f), r1 = value(l.radius.tail, t, f)
        let o0 = value(l.opacity.head, t, f), o1 = value(l.opacity.tail, t, f)
        let dotColor = color(l.color, t, f)
        var dots: [DisplayNode] = []
        for k in stride(from: l.count - 1, through: 0, by: -1) {
            let fk = l.count > 1 ? Double(k) / Double(l.count - 1) : 0
            let r = r0 + (r1 - r0) * fk, op = min(max(o0 + (o1 - o0) * fk, 0), 1)
            guard r > 0, r.isFinite, op > 0 else { continue }
            var c = l.samples.point(atProgress: head - fk * len)
            if let m = map { c = m.apply(c) }
            dots.append(.fill(.circle(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)), .solid(dotColor.withOpacity(op))))
        }
        parts += dots
        var node = DisplayNode.group(parts)
        let rot = l.rotation.map { value($0, t, f) } ?? 0
        let sc = l.scale.map { value($0, t, f) } ?? 1
        if rot != 0 || sc != 1 {
            let tr = Transform.scale(sc, sc).concatenating(.rotation(rot * .pi / 180)).about(fr.center)
            node = .transform(tr, node)
        }
        return (node, fr)
    }
}
