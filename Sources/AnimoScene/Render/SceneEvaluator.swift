// Evaluation of the resolved instance tree at time t into a display list: a pure function of t
// (reads only immutable resolved data; every frame builds its own slot frame).
//
// Modifiers apply in array order as a SwiftUI chain does. Geometry effects (offset, position,
// scaleEffect, rotationEffect, rotation3DEffect) do not change layout: each one's anchor is a unit
// point of the node's layout frame (the shape's frame; for containers the union of their
// children's frames; a canvas's frame is the whole canvas), and each wraps the content drawn so
// far, so `offset` then `rotationEffect` rotates the offset content about the original frame's
// center (an orbit). `rotation3DEffect` is drawn with SwiftUI's perspective (Rotation3DProjection:
// the content is rendered to a layer and warped through the projection's inverse); with
// `perspective: 0` it is the orthographic projection, an affine transform (anchorZ included); a
// plane seen edge-on draws nothing.
import AnimoSpec
import Foundation
import AnimoMotion
import AnimoGeometry

struct SceneEvaluator: Sendable {
    let content: [RNode]
    let tracks: [PropertyTrack]
    let states: StateTimeline
    /// The frame of the current absolute context (the canvas at the top level; a canvas or a
    /// geometry reader's own frame, from (0, 0), inside one).
    var canvasRect: Rect
    let slotCount: Int
    /// Where layout views of the current absolute context are laid out (SceneEvaluator+Layout.swift).
    var layoutContext: LayoutContext
    /// Render-time warnings (black shaders, clamped numbers), shared by every frame.
    let warnings = RenderWarnings()
    /// Whether views with gesture handlers are wrapped in `hitTarget` markers (hit testing only).
    var marksTargets = false
    /// When set, the layout records the frames of moving elements here (ElementOrder.swift).
    var elementFrames: ElementFrameLog? = nil
    /// When each button instance is held down, by instance key (its pressed look).
    var presses: [String: [PressSpan]] = [:]

    /// The canvas background (`canvas.background`): a constant, or channels evaluated per frame.
    var background: RColor = .constant(Color(red: 0, green: 0, blue: 0, alpha: 0))

    func displayList(at t: Double) -> DisplayNode { frame(at: t).content }

    /// The background and the display list at t. A computed background is read from the same slot
    /// frame as the content (no allocation of its own); a constant one is returned as it is.
    func frame(at t: Double) -> (background: Color, content: DisplayNode) {
        var frame = [Double](repeating: 0, count: slotCount)
        frame[0] = t + states.clockStart
        states.write(stateAt: t, into: &frame)
        let bg = color(background, t, frame)
        var out: [DisplayNode] = []
        for n in content {
            if let d = evaluate(n, t, &frame).node { out.append(d) }
        }
        return (bg, .group(out))
    }

    func value(_ n: RNumber, _ t: Double, _ frame: [Double]) -> Double {
        switch n {
        case .constant(let d): return d
        case .direct(let e): return e.evaluate(frame)
        case .animated(let e, let i): return e.evaluate(frame) + tracks[i].offset(at: t)
        case .layoutDependent(let e, let jumps):
            var v = e.evaluate(frame)
            var f = frame
            for j in jumps {
                let off = tracks[j.track].offset(at: t)
                guard off != 0 else { continue }
                states.write(state: j.after, into: &f)
                let after = e.evaluate(f)
                states.write(state: j.before, into: &f)
                v += off * (after - e.evaluate(f))
            }
            return v
        }
    }

    // MARK: Nodes

    func evaluate(_ node: RNode, _ t: Double, _ frame: inout [Double]) -> (node: DisplayNode?, layout: Rect?) {
        for b in node.bindings { frame[b.slot] = b.value }
        // A layout view in an absolute context is a root view (docs/spec.md, "Layout").
        if node.isLayoutView { return rootView(node, t, &frame) }
        var result: DisplayNode?
        var layout: Rect?
        switch node.kind {
        case .shape(let s):
            (result, layout) = shapeNode(s, t, frame, path: node.path)
        case .group(let children):
            (result, layout) = group(children, t, &frame)
        case .conditional(let c):
            (result, layout) = conditional(c, t, &frame)
        case .canvas(let c) where layoutContext.area.origin != Point(0, 0):
            // A canvas is a flexible view: it fills the area layout views get (the safe area at the
            // top level), its content in its own coordinates.
            (result, layout) = localCanvas(node, c, t, &frame)
        case .canvas(let c):
            var saved: [(Int, Double)] = []
            for a in c.animatable {
                saved.append((a.slot, frame[a.slot]))
                frame[a.slot] = tracks[a.track].value(at: t)
            }
            let (inner, _) = group(c.content, t, &frame)
            let effect = c.filters.isEmpty ? nil : filterEffect(c.filters, path: node.path + ".canvas.filters", t, frame)
            for (s, v) in saved { frame[s] = v }
            result = inner.map { content in effect.map { .effect($0, content) } ?? .layer(content, mask: nil) }
            layout = layoutContext.area
        case .animator(let a, let children):
            a.write(at: t, into: &frame)
            (result, layout) = group(children, t, &frame)
        case .pathLoader(let l):
            (result, layout) = pathLoader(l, t, frame)
        case .symbol(let sy):
            (result, layout) = symbol(sy, t, frame)
        case .text(let tx):
            (result, layout) = text(tx, t, frame)
        case .image(let im):
            (result, layout) = image(im, t, frame)
        case .layout:
            return rootView(node, t, &frame)
        case .unsupported:
            return (nil, nil)
        }
        guard var drawn = result else { return (nil, layout) }
        let f = layout ?? canvasRect
        if let ia = node.interaction { drawn = marked(ia, drawn, frame: f) }
        for (i, m) in node.modifiers.enumerated() {
            drawn = apply(m, to: drawn, layout: f, t, &frame, site: (node.path, i))
        }
        if let ia = node.interaction { drawn = pressed(ia, drawn, frame: f, t) }
        return (drawn, layout)
    }

    func group(_ children: [RNode], _ t: Double, _ frame: inout [Double]) -> (DisplayNode?, Rect?) {
        var nodes: [DisplayNode] = []
        var layout: Rect?
        for c in children {
            let (d, l) = evaluate(c, t, &frame)
            if let d { nodes.append(d) }
            if let l, l.origin.isFinite, l.width.isFinite, l.height.isFinite { layout = layout.map { $0.union(l) } ?? l }
        }
        return (nodes.isEmpty ? nil : .group(nodes), layout)
    }

    func conditional(_ c: RConditional, _ t: Double, _ frame: inout [Double]) -> (DisplayNode?, Rect?) {
        guard let s = presence(c, t, frame) else { return (nil, nil) }
        let (content, layout) = group(c.content, t, &frame)
        guard var drawn = content else { return (nil, layout) }
        guard s.p != 1 || s.animating else { return (drawn, layout) }
        let f = layout ?? canvasRect
        for m in [Self.glassPresence(s.p)] + transitionModifiers(c.transition, p: s.p, inserting: s.present, t, frame) {
            drawn = apply(m, to: drawn, layout: f, t, &frame)
        }
        return (drawn, layout)
    }

    /// Whether an `if`'s content is drawn at t, and how far in it is: nil when it is absent. With a
    /// presence track, the track's target says whether it is present (it keeps content being
    /// removed with an enclosing `if` as it was: SceneResolver.presenceTrack); `p` is 1 at rest.
    func presence(_ c: RConditional, _ t: Double, _ frame: [Double]) -> (present: Bool, animating: Bool, p: Double)? {
        guard let pi = c.presence else {
            let present = c.condition.map { $0.evaluate(frame) != 0 } ?? c.constantCondition
            return present ? (true, false, 1) : nil
        }
        let track = tracks[pi]
        let present = track.target(at: t) != 0
        let animating = track.motion.isAnimating(at: t)
        guard present || animating else { return nil }
        return (present, animating, track.value(at: t))
    }

    /// Glass inside a view being inserted or removed knows how far it is in (`p`, clamped to
    /// 0…1): a container morphs or materializes it (GlassTransitions.swift) instead of applying
    /// the transition's modifiers to it.
    static func glassPresence(_ p: Double) -> RModifier { .glassPresence(p.isNaN ? 0 : min(max(p, 0), 1)) }

    /// The modifiers a transition applies at progress p (1 = identity, 0 = active).
    func transitionModifiers(_ tr: RTransition, p: Double, inserting: Bool, _ t: Double, _ frame: [Double]) -> [RModifier] {
        let q = 1 - p
        switch tr {
        case .identity: return []
        case .opacity: return [.opacity(.constant(p))]
        case .scale(let s, let a):
            let sv = value(s, t, frame)
            let k = sv + (1 - sv) * p
            return [.scale(.constant(k), .constant(k), anchor: a)]
        case .move(let e):
            // SwiftUI's move(edge:) offsets the view by its own size toward the edge.
            return [.moveMarker(e, q)]
        case .offset(let x, let y):
            return [.offset(.constant(q * value(x, t, frame)), .constant(q * value(y, t, frame)))]
        case .asymmetric(let i, let r):
            return transitionModifiers(inserting ? i : r, p: p, inserting: inserting, t, frame)
        case .combined(let list):
            return list.flatMap { transitionModifiers($0, p: p, inserting: inserting, t, frame) }
        case .custom(let active, let identity):
            var out: [RModifier] = []
            for (a, b) in zip(active, identity) { out.append(lerp(a, b, p, t, frame)) }
            return out
        }
    }

    func lerp(_ a: RModifier, _ b: RModifier, _ p: Double, _ t: Double, _ frame: [Double]) -> RModifier {
        func l(_ x: RNumber, _ y: RNumber) -> RNumber {
            let u = value(x, t, frame), v = value(y, t, frame)
            return .constant(u + (v - u) * p)
        }
        switch (a, b) {
        case (.offset(let x0, let y0), .offset(let x1, let y1)): return .offset(l(x0, x1), l(y0, y1))
        case (.scale(let x0, let y0, let an), .scale(let x1, let y1, _)): return .scale(l(x0, x1), l(y0, y1), anchor: an)
        case (.rotation(let d0, let an), .rotation(let d1, _)): return .rotation(l(d0, d1), anchor: an)
        case (.opacity(let o0), .opacity(let o1)): return .opacity(l(o0, o1))
        case (.rotation3D(let d0, let ax, let an, let z0, let p0), .rotation3D(let d1, _, _, let z1, let p1)):
            return .rotation3D(l(d0, d1), axis: ax, anchor: an, anchorZ: l(z0, z1), perspective: l(p0, p1))
        default: return p < 0.5 ? a : b
        }
    }

    // MARK: Modifiers

    /// - Parameter site: the node's JSON path and the modifier's index, for diagnostics (nil for
    ///   the modifiers of a transition).
    func apply(_ m: RModifier, to content: DisplayNode, layout f: Rect, _ t: Double, _ frame: inout [Double],
               site: (node: String, index: Int)? = nil) -> DisplayNode {
        switch m {
        case .offset(let x, let y):
            return .transform(.translation(value(x, t, frame), value(y, t, frame)), content)
        case .moveMarker(let e, let q):
            let d: (Double, Double)
            switch e {
            case .leading: d = (-f.width * q, 0)
            case .trailing: d = (f.width * q, 0)
            case .top: d = (0, -f.height * q)
            case .bottom: d = (0, f.height * q)
            }
            return .transform(.translation(d.0, d.1), content)
        case .position(let x, let y):
            return .transform(.translation(value(x, t, frame) - f.midX, value(y, t, frame) - f.midY), content)
        case .scale(let x, let y, let a):
            let anchor = Point(f.minX + a.x * f.width, f.minY + a.y * f.height)
            return .transform(Transform.scale(value(x, t, frame), value(y, t, frame)).about(anchor), content)
        case .rotation(let d, let a):
            let anchor = Point(f.minX + a.x * f.width, f.minY + a.y * f.height)
            return .transform(Transform.rotation(value(d, t, frame) * .pi / 180).about(anchor), content)
        case .rotation3D(let d, let axis, let a, let z, let p):
            let anchor = Point(f.minX + a.x * f.width, f.minY + a.y * f.height)
            let perspective = value(p, t, frame), degrees = value(d, t, frame), anchorZ = value(z, t, frame)
            guard let projection = Rotation3DProjection(degrees: degrees, axis: axis, anchor: anchor,
                                                        anchorZ: anchorZ, size: f.size, perspective: perspective)
            else {
                // Only values from expressions get here (literals were checked at load).
                warn("modifier:rotation3DEffect", site.map { "\($0.node).modifiers[\($0.index)].rotation3DEffect" } ?? "transition",
                     "angle \(degrees), anchorZ \(anchorZ), perspective \(perspective) from an expression is not finite; drawn unrotated in the frames where this happens")
                return content
            }
            // Edge-on (e.g. exactly ±90° about an axis in the screen plane): nothing to see.
            if projection.isEdgeOn { return .empty }
            // Without perspective the projection is affine: draw it as a transform.
            if let affine = projection.affine { return .transform(affine, content) }
            return .effect(.projection(projection), content)
        case .opacity(let o):
            return .opacity(value(o, t, frame), content)
        case .blendMode(let b):
            return .blendMode(b, content)
        case .clip(let s):
            return .clip(path(of: s, enclosing: f, t, frame).path, content)
        case .mask(let n):
            var mf = frame
            let mask = evaluate(n, t, &mf).node ?? .empty
            return .layer(content, mask: mask)
        case .effect(let e):
            return displayEffect(e, layout: f, t, frame).map { .effect($0, content) } ?? content
        case .layout(.clipped):
            return .clip(Path(rect: f), content)
        case .glass(var g, let shape, let enabled, let tint):
            if let enabled, value(enabled, t, frame) == 0 { return content }
            if let tint { g.tint = color(tint, t, frame) }
            guard f.origin.isFinite, f.width.isFinite, f.height.isFinite, f.width > 0, f.height > 0 else { return content }
            return .group([.glass(DisplayGlassGroup(shapes: [DisplayGlassShape(outline: glassOutline(shape, f), style: g)], spacing: 0)), content])
        case .glassContainer(let spacing):
            return content.gatheringGlass(spacing: spacing)
        case .glassUnion(let id):
            return content.joiningGlass(union: id)
        case .glassID(let id):
            return content.mappingGlass { $0.id = id }
        case .glassTransition(let k):
            return content.mappingGlass { $0.transition = k }
        case .glassPresence(let p):
            return content.mappingGlass { $0.presence *= p; $0.transitioning = true }
        case .layout, .skip:
            // Layout modifiers act where the node is laid out (SceneEvaluator+Layout.swift).
            return content
        }
    }

    // MARK: Shapes

    /// A glass shape in a layout frame.
    func glassOutline(_ s: SpecGlassShape, _ f: Rect) -> GlassOutline {
        switch s {
        case .capsule: return .capsule(f)
        case .circle: return .circle(f)
        case .ellipse: return .ellipse(f)
        case .rectangle: return .roundedRect(f, radius: 0)
        case .roundedRectangle(let r): return .roundedRect(f, radius: r)
        }
    }

    func rect(of frame: RFrame, enclosing: Rect, _ t: Double, _ f: [Double]) -> Rect? {
        switch frame {
        case .rect(let x, let y, let w, let h):
            return Rect(x: value(x, t, f), y: value(y, t, f), width: value(w, t, f), height: value(h, t, f))
        case .circle(let cx, let cy, let r):
            let rv = value(r, t, f)
            return Rect(x: value(cx, t, f) - rv, y: value(cy, t, f) - rv, width: 2 * rv, height: 2 * rv)
        case .enclosing:
            return nil
        }
    }

    func path(of s: RShape, enclosing: Rect, _ t: Double, _ f: [Double]) -> (path: Path, frame: Rect) {
        let given = rect(of: s.frame, enclosing: enclosing, t, f)
        var r = given ?? enclosing
        // A view's layout frame (`pixelAligned`): rounded after animation, as layout views' are (§280).
        if s.pixelAligned, given != nil { r = r.snappedToPixels(scale: layoutContext.scale, origin: layoutContext.origin) }
        let p: Path
        switch s.kind {
        case .circle: p = .circle(in: r)
        case .ellipse: p = Path(ellipseIn: r)
        case .rectangle: p = Path(rect: r)
        case .roundedRectangle(let cr, let st): p = Path(roundedRect: r, cornerRadius: value(cr, t, f), style: st)
        case .capsule(let st): p = .capsule(in: r, style: st)
        case .path(let path, let bounds):
            if case .enclosing = s.frame { r = bounds }
            p = path
        case .star(let n, let inner, let rot): p = .star(in: r, points: n, innerRatio: value(inner, t, f), rotationDegrees: value(rot, t, f))
        case .polygon(let n, let rot): p = .regularPolygon(in: r, sides: n, rotationDegrees: value(rot, t, f))
        case .custom(let template, let args): p = template.path(in: r, arguments: args.map { value($0, t, f) }, frame: f)
        }
        return (p, r)
    }

    /// An insettable shape's outline inset by `amount` on every side (SwiftUI's
    /// `InsettableShape.inset(by:)`: the frame shrinks and a rounded rectangle's corner radius
    /// shrinks by the same amount). Empty when the inset frame has no area.
    func insetPath(of s: RShape, in r: Rect, by amount: Double, _ t: Double, _ f: [Double]) -> Path {
        let a = amount.isFinite ? max(0, amount) : 0
        if case .custom(let template, let args) = s.kind, let k = template.insetParameter {
            // The template's own `inset(by:)`: its inset parameter grows by the amount, and the
            // path is built in the same rectangle (docs/semantics.md §270).
            var values = args.map { value($0, t, f) }
            if k < values.count { values[k] += a }
            return template.path(in: r, arguments: values, frame: f)
        }
        let inner = r.insetBy(dx: a, dy: a)
        guard inner.width > 0, inner.height > 0 else { return Path() }
        switch s.kind {
        case .circle: return .circle(in: inner)
        case .ellipse: return Path(ellipseIn: inner)
        case .rectangle: return Path(rect: inner)
        case .roundedRectangle(let cr, let st): return Path(roundedRect: inner, cornerRadius: max(0, value(cr, t, f) - a), style: st)
        case .capsule(let st): return .capsule(in: inner, style: st)
        case .path, .star, .polygon, .custom: return path(of: s, enclosing: r, t, f).path  // refused at load (a template without `inset`)
        }
    }

    func strokeStyle(_ st: RStroke, _ t: Double, _ f: [Double]) -> StrokeStyle {
        StrokeStyle(lineWidth: value(st.lineWidth, t, f), lineCap: st.lineCap, lineJoin: st.lineJoin,
                    miterLimit: st.miterLimit, dash: st.dash.map { value($0, t, f) }, dashPhase: value(st.dashPhase, t, f))
    }

    func unit(_ u: UnitPoint, _ r: Rect) -> Point { Point(r.minX + u.x * r.width, r.minY + u.y * r.height) }

    /// Linear sRGB channels and opacity → the straight, gamma-encoded colour the painter takes,
    /// clamped to 0…1 as `SpecColor(clampingLinearRed:…)` does for a colour field.
    static func encodedColor(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> Color {
        let c = SpecColor(clampingLinearRed: r, green: g, blue: b, opacity: a)
        return Color(red: c.red, green: c.green, blue: c.blue, alpha: c.opacity)
    }

    /// A gradient at t: a fixed one as it is, one that follows the state blended while it animates.
    func gradient(_ g: RGradient, _ t: Double) -> Gradient {
        switch g {
        case .constant(let x): return x
        case .stateful(let s): return s.gradient(at: t, tracks: tracks)
        }
    }

    /// SwiftUI maps a gradient's unit points over the shape's frame (its bounds).
    func paint(_ p: RPaint, _ r: Rect, _ t: Double, _ f: [Double]) -> DisplayPaint {
        switch p {
        case .color(let c): return .solid(c)
        case .channels(let r, let g, let b, let a):
            return .solid(Self.encodedColor(value(r, t, f), value(g, t, f), value(b, t, f), value(a, t, f)))
        case .linear(let g, let s, let e): return .linearGradient(gradient(g, t), start: unit(s, r), end: unit(e, r))
        case .radial(let g, let c, let r0, let r1):
            return .radialGradient(gradient(g, t), center: unit(c, r), startRadius: value(r0, t, f), endRadius: value(r1, t, f))
        case .angular(let g, let c, let a0, let a1):
            return .angularGradient(gradient(g, t), center: unit(c, r), startAngle: value(a0, t, f) * .pi / 180, endAngle: value(a1, t, f) * .pi / 180)
        case .material(let m):
            // A material outside a shape's fill (a text's or symbol's style) paints its tint.
            return .solid(m.tint)
        }
    }

    /// A shape's drawing; a frameless shape fills `enclosing` (default: the area layout views of the
    /// current absolute context get, which is the canvas in a spec without a device).
    func shapeNode(_ s: RShapeNode, _ t: Double, _ f: [Double], enclosing: Rect? = nil, path nodePath: String = "") -> (DisplayNode?, Rect?) {
        var (p, r) = path(of: s.shape, enclosing: enclosing ?? layoutContext.area, t, f)
        // A frame from numbers whose edges overflow (a radius of 9e307 from an expression) cannot
        // be drawn; literals were refused at load.
        if case .enclosing = s.shape.frame {} else if !(r.minX.isFinite && r.minY.isFinite && r.maxX.isFinite && r.maxY.isFinite
                                                      && r.width.isFinite && r.height.isFinite) {
            warn("shape", nodePath, "the shape's frame \(r) is not finite (its numbers overflow); not drawn in the frames where this happens")
            return (nil, nil)
        }
        if let (from, to) = s.trim {
            p = p.trimmed(from: value(from, t, f), to: value(to, t, f))
        }
        if let o = s.outline {
            // The stroke's outline as a shape (`.stroke(style)` used as a Shape); its curves are
            // flattened finely enough for a 4× canvas scale.
            p = p.stroked(strokeStyle(o, t, f), tolerance: Path.defaultTolerance / 4)
        }
        var parts: [DisplayNode] = []
        if case .material(let m)? = s.fill {
            parts.append(.material(p, m))
        } else if let fill = s.fill {
            parts.append(.fill(p, paint(fill, r, t, f)))
        }
        if let st = s.stroke {
            parts.append(.stroke(p, strokeStyle(st, t, f), paint(st.paint, r, t, f)))
        }
        if let st = s.strokeBorder {
            let style = strokeStyle(st, t, f)
            var inner = insetPath(of: s.shape, in: r, by: style.lineWidth / 2, t, f)
            if let (from, to) = s.trim { inner = inner.trimmed(from: value(from, t, f), to: value(to, t, f)) }
            parts.append(.stroke(inner, style, paint(st.paint, r, t, f)))
        }
        if s.fill == nil && s.stroke == nil && s.strokeBorder == nil {
            parts.append(.fill(p, paint(s.foreground, r, t, f)))
        }
        return (parts.count == 1 ? parts[0] : .group(parts), r)
    }
}
