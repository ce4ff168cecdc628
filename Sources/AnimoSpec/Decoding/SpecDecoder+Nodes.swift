// Nodes: shapes with fill/stroke/trim, group, repeat, if, canvas, animators, components.

extension SpecDecoder {
    static let commonNodeKeys = ["modifiers", "about", "lint", "let"] + gestureNodeKeys
    static let shapeNodeKeys = ["fill", "stroke", "trim", "strokeBorder", "outline"]

    /// An array of nodes. `nonEmpty` makes an empty array an error (nothing to draw).
    func nodes(_ value: JSONValue, _ path: String, _ scope: ExpressionScope, depth: Int, nonEmpty: Bool = true) -> [SpecNode] {
        guard let a = array(value, path, what: "an array of nodes") else { return [] }
        if a.isEmpty && nonEmpty {
            error(path, value.position, "content is empty: expected at least one node")
        }
        return a.enumerated().compactMap { node($0.element, SpecDecoder.index(path, $0.offset), scope, depth: depth) }
    }

    func content(_ f: Fields, _ scope: ExpressionScope, depth: Int) -> [SpecNode] {
        guard let v = f["content"] else {
            missing(f, "content", "an array of nodes")
            return []
        }
        return nodes(v, f.path("content"), scope, depth: depth)
    }

    /// One node: exactly one kind key, plus `modifiers`, `about`, and for shapes `fill`, `stroke`, `trim`.
    func node(_ value: JSONValue, _ path: String, _ outerScope: ExpressionScope, depth: Int) -> SpecNode? {
        guard depth <= SpecDecoder.maxNodeDepth else {
            error(path, value.position, "nodes nested deeper than \(SpecDecoder.maxNodeDepth) levels")
            return nil
        }
        guard let members = value.objectMembers else {
            error(path, value.position, "expected a node object such as {\"circle\": {…}, \"fill\": \"white\"}, got \(value.brief)")
            return nil
        }
        let kinds = members.filter { SpecNode.kindNames.contains($0.key) }
        guard kinds.count == 1, let k = kinds.first else {
            if kinds.count > 1 {
                error(SpecDecoder.join(path, kinds[1].key), kinds[1].keyPosition, "a node has one kind key; found \(kinds.map { UserText.quoted($0.key) }.joined(separator: " and ")) (put several in a group)")
            } else {
                let known = SpecNode.kindNames + SpecDecoder.commonNodeKeys + SpecDecoder.shapeNodeKeys
                let unknown = members.filter { !known.contains($0.key) }
                if unknown.isEmpty {
                    error(path, value.position, "a node needs one kind key: \(SpecNode.kindNames.joined(separator: ", "))")
                } else {
                    for m in unknown { unknownKey(m, path, allowed: known) }
                }
            }
            return nil
        }
        let isShape = SpecShape.kindNames.contains(k.key)
        let allowed = [k.key] + SpecDecoder.commonNodeKeys + (isShape ? SpecDecoder.shapeNodeKeys : [])
        for m in members where !allowed.contains(m.key) {
            if SpecDecoder.shapeNodeKeys.contains(m.key) {
                error(SpecDecoder.join(path, m.key), m.keyPosition, "\(UserText.quoted(m.key)) applies to shapes only, not to \(UserText.quoted(k.key))")
            } else {
                unknownKey(m, path, allowed: allowed)
            }
        }
        let f = Fields(path: path, position: value.position, members: members)
        // `let` names are visible to the node's kind, its paints, its modifiers and its subtree.
        let scope = f["let"].map { letBindings($0, f.path("let"), outerScope) } ?? outerScope
        let kp = f.path(k.key)
        let opensGlassContainer = SpecDecoder.declaresGlassContainer(f["modifiers"])
        if opensGlassContainer { glassContainers.append(path) }
        defer { if opensGlassContainer { glassContainers.removeLast() } }
        let kind: SpecNode.Kind
        if isShape {
            let shape = shapeBody(k.key, k.value, kp, scope, allowFrameless: true)
            var fill: SpecPaint?
            if let fv = f["fill"] { fill = paint(fv, f.path("fill"), scope) }
            var stroke: SpecStroke?
            if let sv = f["stroke"] { stroke = self.stroke(sv, f.path("stroke"), scope) }
            var trim: SpecTrim?
            if let tv = f["trim"] {
                let n = numbers(tv, f.path("trim"), count: 2, scope, .unit, what: "[from, to] in 0…1")
                trim = SpecTrim(from: n[0], to: n[1])
            }
            var node = ShapeNode(shape: shape, fill: fill, stroke: stroke, trim: trim)
            if let bv = f["strokeBorder"] {
                if case .custom(let use) = shape.kind, use.template.insetParameter == nil {
                    error(f.path("strokeBorder"), f.position("strokeBorder"), "strokeBorder needs an insettable shape; the template \(UserText.quoted(use.template.name)) does not say how it insets: add \"inset\": \"<parameter>\" to \(use.template.path), naming the parameter its path insets by (SwiftUI's InsettableShape.inset(by:)), or use \"stroke\"")
                } else if !shape.isInsettable {
                    error(f.path("strokeBorder"), f.position("strokeBorder"), "strokeBorder takes an insettable shape (circle, ellipse, rectangle, roundedRectangle, capsule), as SwiftUI's InsettableShape; \(UserText.quoted(k.key)) is not one: use \"stroke\"")
                }
                if f.has("outline") {
                    error(f.path("strokeBorder"), f.position("strokeBorder"), "strokeBorder insets the shape itself; it cannot be combined with \"outline\" (stroke the outline instead)")
                }
                node.strokeBorder = self.stroke(bv, f.path("strokeBorder"), scope)
            }
            if let ov = f["outline"] { node.outline = strokeStyle(ov, f.path("outline"), scope) }
            kind = .shape(node)
        } else {
            guard let kd = nonShapeKind(k.key, k.value, kp, scope, depth: depth) else { return nil }
            kind = kd
        }
        let mods = f["modifiers"].map { modifiers($0, f.path("modifiers"), scope, depth: depth) } ?? []
        var node = SpecNode(kind: kind, modifiers: mods, about: about(f), path: path)
        node.lint = f["lint"].map { lintSettings($0, f.path("lint")) }
        node.handlers = gestureHandlers(f, scope, kind: kind)
        return node
    }

    // MARK: - Shapes

    /// A single-key shape object (`{"circle": {…}}`), as in `clipShape` and `pathLoader.shape`.
    func shapeObject(_ value: JSONValue, _ path: String, _ scope: ExpressionScope, allowFrameless: Bool, extraKinds: [String] = []) -> SpecShape? {
        guard let f = object(value, path, allowed: SpecShape.kindNames + extraKinds, what: "a shape object such as {\"circle\": {}}") else { return nil }
        guard f.members.count == 1, let m = f.members.first else {
            error(path, value.position, "expected one shape key: \(SpecShape.kindNames.joined(separator: ", "))")
            return nil
        }
        guard SpecShape.kindNames.contains(m.key) else { return nil }
        return shapeBody(m.key, m.value, f.path(m.key), scope, allowFrameless: allowFrameless)
    }

    func shapeBody(_ key: String, _ value: JSONValue, _ path: String, _ scope: ExpressionScope, allowFrameless: Bool) -> SpecShape {
        var allowed = ["frame", "pixelAligned"]
        switch key {
        case "circle": allowed += ["center", "radius"]
        case "roundedRectangle": allowed += ["cornerRadius", "style"]
        case "capsule": allowed += ["style"]
        case "path": allowed += ["d"]
        case "star": allowed += ["points", "innerRadius", "rotation"]
        case "polygon": allowed += ["sides", "rotation"]
        case "shape": allowed += ["name", "parameters"]
        default: break
        }
        let placeholder = SpecShape(kind: .rectangle, frame: nil)
        guard let f = object(value, path, allowed: allowed, what: "the \(key)'s parameters object") else { return placeholder }
        var frame: SpecFrame?
        if let fr = f["frame"] {
            let r = rect(fr, f.path("frame"), scope)
            // The frame's far edges must be doubles too (a rect is origin + size).
            if case .constant(let x) = r.x, case .constant(let w) = r.width, case .constant(let y) = r.y, case .constant(let h) = r.height,
               !((x + w).isFinite && (y + h).isFinite) {
                error(f.path("frame"), fr.position, "the frame's far edge (x + width, y + height) overflows: it must stay within ±1.8e308")
            }
            frame = .rect(r)
        }
        if key == "circle", f.has("center") || f.has("radius") {
            if frame != nil { error(f.path("center"), f.position("center"), "give a circle either \"frame\" or \"center\" and \"radius\", not both") }
            guard let c = f["center"] else { missing(f, "center", "the circle's center [x, y]"); return placeholder }
            let r = requiredNumber(f, "radius", scope, .nonNegative, what: "the circle's radius in points")
            let center = point(c, f.path("center"), scope)
            // Its layout frame is the square center ± radius, 2·radius wide: all must be doubles.
            if case .constant(let rv) = r, case .constant(let cx) = center.x, case .constant(let cy) = center.y,
               !((2 * rv).isFinite && (cx - rv).isFinite && (cx + rv).isFinite && (cy - rv).isFinite && (cy + rv).isFinite) {
                error(f.path("radius"), f["radius"]?.position ?? f.position,
                      "the circle's frame (center ± radius, diameter 2·radius) overflows: 2·radius and center ± radius must stay within ±1.8e308")
            }
            frame = .circle(center: center, radius: r)
        }
        _ = allowFrameless
        let kind: SpecShape.Kind
        switch key {
        case "circle": kind = .circle
        case "ellipse": kind = .ellipse
        case "rectangle": kind = .rectangle
        case "roundedRectangle":
            kind = .roundedRectangle(cornerRadius: requiredNumber(f, "cornerRadius", scope, .nonNegative, what: "the corner radius in points"), style: choice(f, "style", default: CornerStyle.continuous))
        case "capsule": kind = .capsule(style: choice(f, "style", default: CornerStyle.continuous))
        case "path":
            guard let d = string(f, "d", required: true, what: "SVG path data") else { return placeholder }
            if d.trimmingCharacters(in: .whitespaces).isEmpty { error(f.path("d"), f.position("d"), "empty path data") }
            kind = .path(d: d)
        case "star":
            let n = integer(f, "points", min: 2, max: 10_000) ?? { missing(f, "points", "the number of tips"); return 5 }()
            kind = .star(points: n, innerRadius: requiredNumber(f, "innerRadius", scope, .unit, what: "the inner radius as a fraction 0…1 of the outer"), rotation: number(f, "rotation", scope, default: 0))
        case "shape":
            guard let use = shapeTemplateUse(f, scope) else { return placeholder }
            kind = .custom(use)
        default:
            let n = integer(f, "sides", min: 3, max: 10_000) ?? { missing(f, "sides", "the number of sides"); return 3 }()
            kind = .polygon(sides: n, rotation: number(f, "rotation", scope, default: 0))
        }
        var shape = SpecShape(kind: kind, frame: frame)
        shape.pixelAligned = bool(f, "pixelAligned", default: false)
        return shape
    }

    static let strokeStyleKeys = ["lineWidth", "lineCap", "lineJoin", "miterLimit", "dash", "dashPhase"]

    /// `outline`: a `StrokeStyle` alone (no paint).
    func strokeStyle(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecStroke {
        guard object(value, path, allowed: SpecDecoder.strokeStyleKeys, what: "a stroke style {\"lineWidth\": w, \"lineCap\": …}") != nil else {
            return SpecStroke(paint: .color(.black), lineWidth: .constant(1), lineCap: .butt, lineJoin: .miter, miterLimit: 10, dash: [], dashPhase: .constant(0))
        }
        return stroke(value, path, scope)
    }

    func stroke(_ value: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecStroke {
        let styleKeys = SpecDecoder.strokeStyleKeys
        let placeholder = SpecStroke(paint: .color(.black), lineWidth: .constant(1), lineCap: .butt, lineJoin: .miter, miterLimit: 10, dash: [], dashPhase: .constant(0))
        guard let f = object(value, path, allowed: ["color"] + SpecDecoder.gradientKeys + styleKeys, what: "a stroke object {\"color\": c, \"lineWidth\": w, …}") else { return placeholder }
        let paints = f.members.filter { $0.key == "color" || SpecDecoder.gradientKeys.contains($0.key) }
        var paint: SpecPaint = .color(.black)
        if paints.count > 1 {
            error(SpecDecoder.join(path, paints[1].key), paints[1].keyPosition, "a stroke has one paint: \"color\" or one gradient key")
        } else if let p = paints.first {
            paint = p.key == "color" ? colorValue(p.value, f.path("color"), scope) : gradientPaint(p.key, p.value, f.path(p.key), scope)
        }
        var dash: [SpecNumber] = []
        if let dv = f["dash"], let a = array(dv, f.path("dash"), what: "an array of dash lengths") {
            dash = a.enumerated().map { number($0.element, SpecDecoder.index(f.path("dash"), $0.offset), scope, .nonNegative) }
        }
        return SpecStroke(
            paint: paint,
            lineWidth: number(f, "lineWidth", scope, .nonNegative, default: 1),
            lineCap: choice(f, "lineCap", default: SpecStroke.LineCap.butt),
            lineJoin: choice(f, "lineJoin", default: SpecStroke.LineJoin.miter),
            miterLimit: literal(f, "miterLimit", NumberRange(min: 1)) ?? 10,
            dash: dash,
            dashPhase: number(f, "dashPhase", scope, default: 0))
    }

    // MARK: - Structural nodes

    func nonShapeKind(_ key: String, _ v: JSONValue, _ path: String, _ scope: ExpressionScope, depth: Int) -> SpecNode.Kind? {
        switch key {
        case "group":
            if v.arrayElements != nil { return .group(nodes(v, path, scope, depth: depth + 1)) }
            guard let f = object(v, path, allowed: ["content"], what: "an array of nodes or {\"content\": [...]}") else { return nil }
            return .group(content(f, scope, depth: depth + 1))
        case "repeat":
            guard let f = object(v, path, allowed: ["count", "as", "content"]) else { return nil }
            guard let count = integer(f, "count", min: 0, max: SpecDecoder.maxRepeatCount) else {
                missing(f, "count", "the number of repetitions")
                return nil
            }
            var name = "i"
            if let a = f["as"] {
                if let s = a.stringValue, checkIdentifier(s, f.path("as"), a.position) { name = s } else if a.stringValue == nil {
                    error(f.path("as"), a.position, "expected a variable name, got \(a.brief)")
                }
            }
            let slot = allocateSlot(name, kind: .loop, path: path)
            return .repeat(RepeatNode(count: count, variable: name, slot: slot, content: content(f, scope.adding(name, slot: slot), depth: depth + 1)))
        case "forEach":
            return forEach(v, path, scope, depth: depth)
        case "if":
            guard let f = object(v, path, allowed: ["condition", "content", "transition"]) else { return nil }
            guard let c = f["condition"] else {
                missing(f, "condition", "true/false or an expression such as \"=expanded\"")
                return nil
            }
            let cond = condition(c, f.path("condition"), scope)
            let body = content(f, scope, depth: depth + 1)
            let tr = f["transition"].map { transition($0, f.path("transition"), scope, depth: depth + 1) }
            return .conditional(ConditionalNode(condition: cond, content: body, transition: tr))
        case "canvas":
            guard let f = object(v, path, allowed: ["filters", "content", "animatable"]) else { return nil }
            let animatable = f["animatable"].map { animatableList($0, f.path("animatable")) } ?? []
            let filters = f["filters"].map { self.filters($0, f.path("filters"), scope) } ?? []
            return .canvas(CanvasNode(filters: filters, content: content(f, scope, depth: depth + 1), animatable: animatable))
        case "phaseAnimator":
            return phaseAnimator(v, path, scope, depth: depth)
        case "keyframeAnimator":
            return keyframeAnimator(v, path, scope, depth: depth)
        case "metaball":
            return metaball(v, path, scope)
        case "pathLoader":
            return pathLoader(v, path, scope)
        case "text":
            return text(v, path, scope)
        case "image":
            return image(v, path, scope)
        case _ where LayoutNode.kindNames.contains(key):
            return layoutKind(key, v, path, scope, depth: depth)
        default:
            return symbol(v, path, scope)
        }
    }

    func animatableList(_ v: JSONValue, _ path: String) -> [StateReference] {
        guard let a = array(v, path, what: "an array of state variable names") else { return [] }
        return a.enumerated().compactMap { stateReference($0.element, SpecDecoder.index(path, $0.offset)) }
    }

    func phaseAnimator(_ v: JSONValue, _ path: String, _ scope: ExpressionScope, depth: Int) -> SpecNode.Kind? {
        guard let f = object(v, path, allowed: ["phases", "content", "trigger"]) else { return nil }
        guard let pv = f["phases"] else {
            missing(f, "phases", "an array of {\"name\", \"animation\", \"values\"}")
            return nil
        }
        guard let pa = array(pv, f.path("phases"), what: "an array of phases") else { return nil }
        if pa.count < 2 { error(f.path("phases"), pv.position, "a phase animator needs at least 2 phases, got \(pa.count)") }
        var names: [String] = []
        var phases: [PhaseAnimatorNode.Phase] = []
        for (i, item) in pa.enumerated() {
            let p = SpecDecoder.index(f.path("phases"), i)
            guard let pf = object(item, p, allowed: ["name", "animation", "values"]) else { continue }
            guard let vv = pf["values"], let vf = object(vv, pf.path("values"), allowed: i == 0 ? [String](vv.objectMembers?.map(\.key) ?? []) : names, what: "an object of named numbers") else {
                if pf["values"] == nil { missing(pf, "values", "the values at the end of this phase") }
                continue
            }
            if i == 0 {
                for m in vf.members where checkIdentifier(m.key, vf.path(m.key), m.keyPosition) { names.append(m.key) }
            } else {
                for n in names where !vf.has(n) {
                    error(vf.path(n), vv.position, "every phase lists the same values: \(UserText.quoted(n)) is missing (phase 0 lists \(names.joined(separator: ", ")))")
                }
            }
            let values = names.map { n in vf[n].map { literal($0, vf.path(n)) } ?? 0 }
            var anim: SpecAnimation? = SpecAnimation(base: .default)  // SwiftUI's default (docs/semantics.md §36)
            if let av = pf["animation"] { anim = animation(av, pf.path("animation"), scope) }
            phases.append(.init(name: string(pf, "name"), animation: anim, values: values))
        }
        var inner = scope
        var vars: [AnimatorVariable] = []
        for n in names {
            let slot = allocateSlot(n, kind: .animatorValue, path: path)
            vars.append(AnimatorVariable(name: n, slot: slot))
            inner = inner.adding(n, slot: slot)
        }
        let trigger = f["trigger"].map { stateReferences($0, f.path("trigger")) } ?? []
        return .phaseAnimator(PhaseAnimatorNode(variables: vars, phases: phases, trigger: trigger, content: content(f, inner, depth: depth + 1)))
    }

    func keyframeAnimator(_ v: JSONValue, _ path: String, _ scope: ExpressionScope, depth: Int) -> SpecNode.Kind? {
        guard let f = object(v, path, allowed: ["initial", "tracks", "repeating", "trigger", "content"]) else { return nil }
        guard let iv = f["initial"], let inf = object(iv, f.path("initial"), allowed: iv.objectMembers?.map(\.key) ?? [], what: "an object of named initial values") else {
            if f["initial"] == nil { missing(f, "initial", "the named initial values, e.g. {\"y\": 0, \"scale\": 1}") }
            return nil
        }
        var inner = scope
        var tracks: [KeyframeAnimatorNode.Track] = []
        let tf = f["tracks"].flatMap { object($0, f.path("tracks"), allowed: inf.members.map(\.key), what: "an object of keyframe tracks by value name") }
        if f["tracks"] == nil { missing(f, "tracks", "keyframe tracks by value name") }
        for m in inf.members where checkIdentifier(m.key, inf.path(m.key), m.keyPosition) {
            let initial = literal(m.value, inf.path(m.key))
            let slot = allocateSlot(m.key, kind: .animatorValue, path: path)
            let kfs = tf?[m.key].map { keyframes($0, tf!.path(m.key), scope) } ?? []
            tracks.append(.init(variable: AnimatorVariable(name: m.key, slot: slot), initial: initial, keyframes: kfs))
            inner = inner.adding(m.key, slot: slot)
        }
        let trigger = f["trigger"].map { stateReferences($0, f.path("trigger")) } ?? []
        return .keyframeAnimator(KeyframeAnimatorNode(tracks: tracks, repeating: bool(f, "repeating", default: false), trigger: trigger, content: content(f, inner, depth: depth + 1)))
    }

    /// `{"forEach": {"in": array, "as": name, "id": name, "content": [...], "transition": T}}`:
    /// SwiftUI's `ForEach(stars) { star in … }` over a state array, one instance per element id
    /// (StateArray.swift), inserted and removed with the transition.
    func forEach(_ v: JSONValue, _ path: String, _ scope: ExpressionScope, depth: Int) -> SpecNode.Kind? {
        guard let f = object(v, path, allowed: ["in", "as", "id", "content", "transition"]) else { return nil }
        guard let arrayName = string(f, "in", required: true, what: "the name of a state array") else { return nil }
        guard let array = arrayStates[arrayName] else {
            let known = arrayOrder.isEmpty ? "; the spec declares no state array (e.g. \"state\": {\"stars\": {\"points\": []}})" : Suggestion.phrase(for: arrayName, in: arrayOrder)
            error(f.path("in"), f.position("in"), "\(UserText.quoted(arrayName)) is not a state array\(known)")
            return nil
        }
        func name(_ key: String) -> String? {
            guard let a = f[key] else { return nil }
            guard let s = a.stringValue else {
                error(f.path(key), a.position, "expected a variable name, got \(a.brief)")
                return nil
            }
            return checkIdentifier(s, f.path(key), a.position) ? s : nil
        }
        guard let element = name("as") else {
            if !f.has("as") { missing(f, "as", "the name the element has in the content, e.g. \"star\"") }
            return nil
        }
        let idName = name("id")
        if let idName, idName == element { error(f.path("id"), f.position("id"), "\"id\" and \"as\" name the same variable \(UserText.quoted(idName))") }
        let slot = allocateSlot(idName ?? element, kind: .loop, path: path)
        var inner = scope.adding(element, elementOf: array.model, idSlot: slot)
        if let idName, idName != element { inner = inner.adding(idName, slot: slot) }
        // One instance per id, in the order the array shows them (inserted elements in their place).
        let presence = array.order.map { SpecExpression.reading(slot: array.presenceSlots[$0], source: "\(arrayName)[id \($0)] is in \(arrayName)") }
        let tr = f["transition"].map { transition($0, f.path("transition"), scope, depth: depth + 1) }
        let ids = array.order == Array(array.order.indices) ? nil : array.order.map(Double.init)
        // Elements that move are laid out in the order of their indices (StateArray.rankSlots).
        let ranks = !array.rankSlots.isEmpty ? array.order.map { SpecExpression.reading(slot: array.rankSlots[$0], source: "\(arrayName)[id \($0)].index") } : nil
        return .repeat(RepeatNode(count: array.values.count, variable: element, slot: slot, content: content(f, inner, depth: depth + 1), presence: presence, transition: tr, values: ids, ranks: ranks, array: arrayName))
    }
}
