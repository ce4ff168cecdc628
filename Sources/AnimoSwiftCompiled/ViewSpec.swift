// One recorded view as a spec node: its kind's key and the modifiers in order. Children are given
// (the lowering merges them over every update first).
import AnimoViewRecord
import AnimoSpec

struct ViewSpec {
    var warn: (String) -> Void
    /// Where custom shapes' paths become the spec's shape templates.
    let templates: ShapeTemplates
    /// The project's asset-catalogue colours, in the preview's colour scheme.
    var assets: [String: SpecColor] = [:]

    /// The node for `view` with `children` as its content; nil for a view that draws nothing.
    /// `nested` records a view held by a modifier (a background, an overlay, a mask).
    func node(_ view: RecordedView, children: [SpecValue], nested: (RecordedView) -> SpecValue?) -> SpecValue? {
        var members: [(String, SpecValue)]
        switch view.kind {
        case .empty:
            return nil
        case .group:
            if children.isEmpty { return nil }
            let modifiers = view.modifiers.compactMap { modifier($0, nested: nested) }
            if modifiers.isEmpty { return .object([("group", .array(children))]) }
            // SwiftUI applies a modifier of a group (a ForEach, a Group, a builder's views) to
            // each of its views: each child gets them, in a one-child stack of its own so that they
            // apply to whatever kind of node it is.
            return .object([("group", .array(children.map { child in
                .object([("zstack", .object([("content", .array([child]))])), ("modifiers", .array(modifiers))])
            }))])
        case .text(let t):
            var m: [(String, SpecValue)] = [("string", .string(t.string.hasPrefix("=") ? "=" + t.string : t.string))]
            if let f = t.font { m.append(("font", RecordedValues.font(f))) }
            if let w = t.weight { m.append(("fontWeight", .string(w))) }
            if t.bold { m.append(("bold", .bool(true))) }
            if t.italic { m.append(("italic", .bool(true))) }
            if let k = t.kerning { m.append(("kerning", .number(k))) }
            if let p = t.foreground { m.append(("foregroundStyle", RecordedValues.paint(p, warn, assets: assets))) }
            for case .contentTransition(let name) in view.modifiers { m.append(("contentTransition", .string(name))) }
            members = [("text", .object(m))]
        case .shape(let s):
            members = shape(s)
        case .color(let c):
            members = [("color", RecordedValues.color(c, warn, assets: assets))]
        case .stack(let s):
            let key = s.axis == .horizontal ? "hstack" : s.axis == .vertical ? "vstack" : "zstack"
            var m: [(String, SpecValue)] = [("content", .array(children))]
            if let sp = s.spacing { m.append(("spacing", .number(sp))) }
            if s.alignment != "center" { m.append(("alignment", .string(s.alignment))) }
            members = [(key, .object(m))]
        case .spacer(let min):
            members = [("spacer", .object(min.map { [("minLength", .number($0))] } ?? []))]
        case .divider:
            members = [("divider", .object([]))]
        case .symbol(let name):
            if let effect = symbolEffect(view.modifiers) {
                // A symbol with an effect is the renderer's symbol node, which times the effect;
                // its size is the font's point size.
                var m: [(String, SpecValue)] = [("name", .string(name))]
                for case .font(let f) in view.modifiers { m.append(("pointSize", .number(Self.pointSize(f)))) }
                m.append(("effect", effect))
                members = [("symbol", .object(m))]
            } else {
                members = [("image", .object([("systemName", .string(name))]))]
            }
        case .image(let name):
            warn("Image(\"\(name)\"): images of the asset catalogue are not drawn yet")
            return nil
        case .canvas(let c):
            members = [("canvas", canvas(c))]
        case .geometryReader:
            members = [("geometryReader", .array(children))]
        case .progressView(let tint):
            // The system spinner (docs/semantics.md §290): a 20 pt view of eight spokes round its
            // centre, the brightest stepping clockwise once a second, each behind it a tenth dimmer.
            let fill = tint.map { RecordedValues.color($0, warn, assets: assets) } ?? .string("secondary")
            let spoke: SpecValue = .object([
                ("capsule", .object([])), ("fill", fill),
                ("modifiers", .array([
                    .object([("frame", .object([("width", .number(2.5)), ("height", .number(7))]))]),
                    .object([("offset", .array([.number(0), .number(-6.5)]))]),
                    .object([("opacity", .string("=1 - 0.1 * ((floor(t * 8) - spoke) % 8)"))]),
                    .object([("rotationEffect", .string("=spoke * 45"))]),
                ])),
            ])
            return .object([
                ("zstack", .object([("content", .array([.object([("repeat", .object([("count", .number(8)), ("as", .string("spoke")), ("content", .array([spoke]))]))])]))])),
                ("modifiers", .array([.object([("frame", .object([("width", .number(20)), ("height", .number(20))]))])] + view.modifiers.compactMap { modifier($0, nested: nested) })),
            ])
        case .scrollView(let axes):
            members = [("scrollView", .object([("content", .array(children)), ("axes", .string(axes))]))]
        case .grid(let g):
            let items: [SpecValue] = g.items.map { item in
                var m: [(String, SpecValue)]
                switch item.kind {
                case "fixed": m = [("fixed", .number(max(0, item.minimum)))]
                default:
                    var bounds: [(String, SpecValue)] = [("minimum", .number(max(item.kind == "adaptive" ? 1 : 0, item.minimum)))]
                    bounds.append(("maximum", item.maximum.map { .number($0) } ?? .string("infinity")))
                    m = [(item.kind, .object(bounds))]
                }
                if let s = item.spacing { m.append(("spacing", .number(s))) }
                if let a = item.alignment, a != "center" { m.append(("alignment", .string(a))) }
                return .object(m)
            }
            var m: [(String, SpecValue)] = [(g.vertical ? "columns" : "rows", .array(items)), ("content", .array(children))]
            if g.alignment != "center" { m.append(("alignment", .string(g.alignment))) }
            if let s = g.spacing { m.append(("spacing", .number(s))) }
            members = [(g.vertical ? "lazyVGrid" : "lazyHGrid", .object(m))]
        }
        let modifiers = view.modifiers.compactMap { modifier($0, nested: nested) }
        if !modifiers.isEmpty { members.append(("modifiers", .array(modifiers))) }
        return .object(members)
    }

    func shape(_ s: RecordedShape) -> [(String, SpecValue)] {
        var m: [(String, SpecValue)]
        switch s.kind {
        case .circle: m = [("circle", .object([]))]
        case .ellipse: m = [("ellipse", .object([]))]
        case .rectangle: m = [("rectangle", .object([]))]
        case .capsule: m = [("capsule", .object([]))]
        case .roundedRectangle(let r, let continuous):
            m = [("roundedRectangle", .object([("cornerRadius", .number(max(0, r))), ("style", .string(continuous ? "continuous" : "circular"))]))]
        case .path(let p):
            m = [("shape", templates.use(p))]
        }
        if let f = s.fill { m.append(("fill", RecordedValues.paint(f, warn, assets: assets))) }
        if let st = s.stroke { m.append(("stroke", stroke(st))) }
        if let st = s.strokeBorder { m.append(("strokeBorder", stroke(st))) }
        if let t = s.trim { m.append(("trim", .array(t.map { .number(min(max($0, 0), 1)) }))) }
        return m
    }

    /// A Canvas's drawing: a spec `canvas` layer whose items are shapes filling it (their paths
    /// in its coordinates), and nested layers for `drawLayer` and filtered drawing.
    func canvas(_ c: RecordedCanvas) -> SpecValue {
        func item(_ i: RecordedCanvasItem) -> SpecValue {
            var m: [(String, SpecValue)]
            let opacity: Double
            switch i {
            case .fill(let p, let paint, let o):
                m = [("shape", templates.use(p)), ("fill", RecordedValues.paint(paint, warn, assets: assets))]
                opacity = o
            case .stroke(let p, let s, let o):
                m = [("shape", templates.use(p)), ("stroke", stroke(s))]
                opacity = o
            case .layer(let inner, let o):
                m = [("canvas", canvas(inner))]
                opacity = o
            }
            if opacity < 1 { m.append(("modifiers", .array([.object([("opacity", .number(max(0, opacity)))])]))) }
            return .object(m)
        }
        var m: [(String, SpecValue)] = []
        // The spec lists filters in the order the code adds them, as the recording does.
        if !c.filters.isEmpty { m.append(("filters", .array(c.filters.map(filter)))) }
        m.append(("content", .array(c.items.map(item))))
        return .object(m)
    }

    func filter(_ f: RecordedFilter) -> SpecValue {
        func one(_ k: String, _ v: SpecValue) -> SpecValue { .object([(k, v)]) }
        switch f {
        case .alphaThreshold(let lo, let hi, let c):
            var m: [(String, SpecValue)] = [("min", .number(min(max(lo, 0), 1))), ("max", .number(min(max(hi, min(max(lo, 0), 1)), 1)))]
            if let c { m.append(("color", RecordedValues.color(c, warn, assets: assets))) }
            return one("alphaThreshold", .object(m))
        case .blur(let r, let opaque): return one("blur", .object([("radius", .number(max(0, r))), ("opaque", .bool(opaque))]))
        case .shadow(let c, let r, let x, let y):
            return one("shadow", .object([("color", RecordedValues.color(c, warn, assets: assets)), ("radius", .number(max(0, r))), ("x", .number(x)), ("y", .number(y))]))
        case .saturation(let v): return one("saturation", .number(v))
        case .brightness(let v): return one("brightness", .number(v))
        case .contrast(let v): return one("contrast", .number(v))
        case .hueRotation(let d): return one("hueRotation", .number(d))
        case .grayscale(let v): return one("grayscale", .number(min(max(v, 0), 1)))
        case .colorInvert(let v): return one("colorInvert", .number(min(max(v, 0), 1)))
        case .colorMultiply(let c): return one("colorMultiply", RecordedValues.color(c, warn, assets: assets))
        case .luminanceToAlpha: return one("luminanceToAlpha", .bool(true))
        }
    }

    /// The spec's symbol effect for the first `symbolEffect` modifier: the effect's options, and
    /// `isActive` (a number, so that a change between updates becomes a state) or `value` (the
    /// watched value's change count, made a state name by the lowering).
    func symbolEffect(_ modifiers: [RecordedModifier]) -> SpecValue? {
        // The options each effect of the renderer takes (docs/spec.md, symbol).
        let allowed: [String: Set<String>] = [
            "drawOn": ["speed", "mode"], "drawOff": ["speed", "mode"],
            "bounce": ["speed", "repeatCount", "direction", "mode"], "pulse": ["speed", "repeatCount", "direction", "mode"],
            "breathe": ["speed", "repeatCount", "style"], "wiggle": ["speed", "repeatCount", "direction"],
            "rotate": ["speed", "repeatCount", "direction"],
            "variableColor": ["speed", "repeatCount", "reversing", "hideInactiveLayers", "style"],
        ]
        for case .symbolEffect(let name, let options, let isActive, let token) in modifiers {
            guard let keys = allowed[name] else {
                warn("symbolEffect(.\(name)): this effect is not drawn yet; the symbol is drawn without it")
                return nil
            }
            var o: [(String, SpecValue)] = []
            for (k, v) in options.sorted(by: { $0.key < $1.key }) where keys.contains(k) {
                if let n = Double(v) { o.append((k, .number(n))) }
                else if v == "true" || v == "false" { o.append((k, .bool(v == "true"))) }
                else { o.append((k, .string(v))) }
            }
            var m: [(String, SpecValue)] = [(name, o.isEmpty ? .bool(true) : .object(o))]
            if let isActive { m.append(("isActive", .number(isActive ? 1 : 0))) }
            if let token { m.append(("value", .number(Double(token)))) }
            return .object(m)
        }
        return nil
    }

    /// A font's point size: its size, or the text style's at the default Dynamic Type size.
    static func pointSize(_ f: RecordedFont) -> Double {
        switch f {
        case .system(let size, _, _): return size
        case .style(let s, _, _):
            let sizes: [String: Double] = ["largeTitle": 34, "title": 28, "title2": 22, "title3": 20, "headline": 17, "body": 17,
                                           "callout": 16, "subheadline": 15, "footnote": 13, "caption": 12, "caption2": 11]
            return sizes[s] ?? 17
        }
    }

    func stroke(_ s: RecordedStroke) -> SpecValue {
        var m: [(String, SpecValue)] = []
        switch s.paint.map({ RecordedValues.paint($0, warn, assets: assets) }) {
        case .object(let g)?: m += g
        case let c?: m.append(("color", c))
        case nil: m.append(("color", .string("primary")))
        }
        m.append(("lineWidth", .number(max(0, s.lineWidth))))
        if s.lineCap != "butt" { m.append(("lineCap", .string(s.lineCap))) }
        if s.lineJoin != "miter" { m.append(("lineJoin", .string(s.lineJoin))) }
        // A negative dash length (a computed gap gone below zero) draws its magnitude, as
        // SwiftUI's renderer does (docs/semantics.md §285).
        if !s.dash.isEmpty { m.append(("dash", .array(s.dash.map { .number(abs($0)) }))) }
        if s.dashPhase != 0 { m.append(("dashPhase", .number(s.dashPhase))) }
        return .object(m)
    }

    func modifier(_ m: RecordedModifier, nested: (RecordedView) -> SpecValue?) -> SpecValue? {
        func one(_ key: String, _ v: SpecValue) -> SpecValue { .object([(key, v)]) }
        func pair(_ a: Double, _ b: Double) -> SpecValue { .array([.number(a), .number(b)]) }
        func point(_ p: [Double]) -> SpecValue { .array(p.map(SpecValue.number)) }
        func length(_ d: Double) -> SpecValue { d.isInfinite ? .string("infinity") : .number(max(0, d)) }
        switch m {
        case .frame(let w, let h, let a):
            var f: [(String, SpecValue)] = []
            if let w { f.append(("width", .number(max(0, w)))) }
            if let h { f.append(("height", .number(max(0, h)))) }
            if a != "center" { f.append(("alignment", .string(a))) }
            return one("frame", .object(f))
        case .flexibleFrame(let minW, let idealW, let maxW, let minH, let idealH, let maxH, let a):
            var f: [(String, SpecValue)] = []
            for (k, v) in [("minWidth", minW), ("idealWidth", idealW), ("maxWidth", maxW), ("minHeight", minH), ("idealHeight", idealH), ("maxHeight", maxH)] {
                if let v { f.append((k, length(v))) }
            }
            if f.isEmpty { return nil }
            if a != "center" { f.append(("alignment", .string(a))) }
            return one("frame", .object(f))
        case .padding(let edges, let len):
            if edges.isEmpty { return nil }
            if edges == ["all"] { return one("padding", len.map { .number(max(0, $0)) } ?? .bool(true)) }
            return one("padding", .object([("edges", .array(edges.map(SpecValue.string))), ("length", .number(max(0, len ?? 16)))]))
        case .offset(let x, let y): return one("offset", pair(x, y))
        case .position(let x, let y): return one("position", pair(x, y))
        case .opacity(let o): return one("opacity", .number(min(max(o, 0), 1)))
        case .scale(let x, let y, let anchor): return one("scaleEffect", .object([("x", .number(x)), ("y", .number(y)), ("anchor", point(anchor))]))
        case .rotation(let d, let anchor): return one("rotationEffect", .object([("angle", .number(d)), ("anchor", point(anchor))]))
        case .rotation3D(let d, let axis, let anchor, let z, let p):
            return one("rotation3DEffect", .object([("angle", .number(d)), ("axis", point(axis)), ("anchor", point(anchor)), ("anchorZ", .number(z)), ("perspective", .number(p))]))
        case .foreground(let p): return one("foregroundStyle", RecordedValues.paint(p, warn, assets: assets))
        case .tint(let c): return one("tint", RecordedValues.color(c, warn, assets: assets))
        case .background(let v, let a):
            guard let n = nested(v) else { return nil }
            return one("background", .object([("content", n), ("alignment", .string(a))]))
        case .overlay(let v, let a):
            guard let n = nested(v) else { return nil }
            return one("overlay", .object([("content", n), ("alignment", .string(a))]))
        case .mask(let v, _):
            guard let n = nested(v) else { return nil }
            return one("mask", n)
        case .clipShape(let s): return one("clipShape", .object(shape(RecordedShape(kind: s.kind))))
        case .clipped: return one("clipped", .bool(true))
        case .cornerRadius(let r): return one("clipShape", .object(shape(RecordedShape(kind: .roundedRectangle(cornerRadius: r, continuous: false)))))
        case .symbolEffect:
            return nil
        case .shader(let kind, let name, let arguments, let offset, let isEnabled):
            let args: [SpecValue] = arguments.map { a in
                switch a {
                case .numbers(let k, let n): return .object([(k, n.count == 1 && k == "float" ? .number(n[0]) : .array(n.map(SpecValue.number)))])
                case .color(let c): return .object([("color", RecordedValues.color(c, warn, assets: assets))])
                }
            }
            var m: [(String, SpecValue)] = [("shader", .string(name)), ("arguments", .array(args))]
            if kind != "colorEffect" { m.append(("maxSampleOffset", .array(offset.map { .number(max(0, $0)) }))) }
            if !isEnabled { m.append(("isEnabled", .bool(false))) }
            return one(kind, .object(m))
        case .shadow(let c, let r, let x, let y):
            return one("shadow", .object([("color", RecordedValues.color(c, warn, assets: assets)), ("radius", .number(max(0, r))), ("x", .number(x)), ("y", .number(y))]))
        case .blur(let r, let opaque): return one("blur", .object([("radius", .number(max(0, r))), ("opaque", .bool(opaque))]))
        case .brightness(let v): return one("brightness", .number(v))
        case .contrast(let v): return one("contrast", .number(max(0, v)))
        case .saturation(let v): return one("saturation", .number(max(0, v)))
        case .grayscale(let v): return one("grayscale", .number(min(max(v, 0), 1)))
        case .hueRotation(let d): return one("hueRotation", .number(d))
        case .blendMode(let b): return b == "normal" ? nil : one("blendMode", .string(b))
        case .font(let f): return one("font", RecordedValues.font(f))
        case .zIndex(let z): return one("zIndex", .number(z))
        case .ignoresSafeArea: return one("ignoresSafeArea", .bool(true))
        case .fixedSize(let h, let v): return one("fixedSize", .object([("horizontal", .bool(h)), ("vertical", .bool(v))]))
        case .aspectRatio(let r, let fill):
            var a: [(String, SpecValue)] = [("contentMode", .string(fill ? "fill" : "fit"))]
            if let r, r > 0, r.isFinite { a.insert(("ratio", .number(r)), at: 0) }
            return one("aspectRatio", .object(a))
        case .animation(let a, let token):
            // The token is a number here; the lowering makes it a state that changes with the
            // watched value (and drops the modifier when it never does).
            var members: [(String, SpecValue)]
            switch RecordedValues.animation(a) {
            case .string(let name): members = [(name, .object([]))]
            case .object(let m): members = m
            default: members = [("none", .bool(true))]
            }
            return one("animation", .object(members + [("value", .number(Double(token)))]))
        case .transition, .contentTransition:
            // The lowering puts a transition on the `if` that inserts the view; a content
            // transition went on its text above.
            return nil
        }
    }
}
