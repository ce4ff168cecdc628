// Layout views and layout modifiers (docs/spec.md, "Layout"). Literal lengths are checked here
// (negative sizes and paddings, min above max, an infinite size where a finite one is needed,
// unknown alignments: each an error at its JSON path); values from expressions are checked per
// frame by the scene, which clamps them and reports it.

extension SpecDecoder {
    // MARK: - Shared values

    /// A length ≥ 0, or — where `infinity` is allowed — the string "infinity" (SwiftUI's `.infinity`).
    func length(_ v: JSONValue, _ path: String, _ scope: ExpressionScope, infinity: Bool = false) -> SpecNumber {
        if let s = v.stringValue, !s.hasPrefix("=") {
            if s == "infinity" {
                if infinity { return .constant(.infinity) }
                error(path, v.position, "expected a finite length ≥ 0 here; \"infinity\" is for maxWidth and maxHeight (a fixed frame cannot be infinite: write {\"maxWidth\": \"infinity\"} for a view that fills)")
                return .constant(0)
            }
            error(path, v.position, "expected a length ≥ 0\(infinity ? ", \"infinity\"" : "") or an expression starting with \"=\", got \(UserText.quoted(s))")
            return .constant(0)
        }
        return number(v, path, scope, .nonNegative)
    }

    func length(_ f: Fields, _ key: String, _ scope: ExpressionScope, infinity: Bool = false) -> SpecNumber? {
        f[key].map { length($0, f.path(key), scope, infinity: infinity) }
    }

    func alignment(_ f: Fields, _ key: String, default def: Alignment) -> Alignment {
        guard let v = f[key] else { return def }
        guard let s = v.stringValue else {
            error(f.path(key), v.position, "expected an alignment name (\(Alignment.names.joined(separator: ", "))), got \(v.brief)")
            return def
        }
        guard let a = Alignment.named[s] else {
            error(f.path(key), v.position, "unknown alignment \(UserText.quoted(s))\(Suggestion.phrase(for: s, in: Alignment.names)); expected one of \(Alignment.names.joined(separator: ", "))")
            return def
        }
        return a
    }

    /// Content given as an array of nodes or `{"content": [...], …}` with the other keys allowed.
    func layoutFields(_ v: JSONValue, _ path: String, allowed: [String]) -> Fields? {
        if v.arrayElements != nil { return Fields(path: path, position: v.position, members: [JSONMember(key: "content", keyPosition: v.position, value: v)]) }
        return object(v, path, allowed: allowed + ["content"], what: "an array of nodes or {\"content\": [...], \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))}")
    }

    /// The content path for messages: the array itself in the shorthand form.
    func contentPath(_ v: JSONValue, _ f: Fields) -> String { v.arrayElements != nil ? f.path : f.path("content") }

    func layoutContent(_ v: JSONValue, _ f: Fields, _ scope: ExpressionScope, depth: Int, nonEmpty: Bool = false) -> [SpecNode] {
        guard let c = f["content"] else {
            if nonEmpty { missing(f, "content", "an array of nodes") }
            return []
        }
        return nodes(c, contentPath(v, f), scope, depth: depth + 1, nonEmpty: nonEmpty)
    }

    // MARK: - Layout views

    func layoutKind(_ key: String, _ v: JSONValue, _ path: String, _ scope: ExpressionScope, depth: Int) -> SpecNode.Kind? {
        switch key {
        case "hstack", "vstack":
            guard let f = layoutFields(v, path, allowed: ["spacing", "alignment"]) else { return nil }
            // A stack's spacing may be negative: its children overlap (docs/semantics.md §281).
            let spacing = number(f, "spacing", scope)
            var node = StackNode(axis: key == "hstack" ? .horizontal : .vertical, spacing: spacing, content: [])
            if key == "hstack" { node.verticalAlignment = choice(f, "alignment", default: VerticalAlignment.center) } else { node.horizontalAlignment = choice(f, "alignment", default: HorizontalAlignment.center) }
            node.content = layoutContent(v, f, scope, depth: depth)
            return .layout(.stack(node))
        case "zstack":
            guard let f = layoutFields(v, path, allowed: ["alignment"]) else { return nil }
            return .layout(.zstack(ZStackNode(alignment: alignment(f, "alignment", default: .center), content: layoutContent(v, f, scope, depth: depth))))
        case "spacer":
            guard let f = object(v, path, allowed: ["minLength"], what: "{} or {\"minLength\": points}") else { return nil }
            return .layout(.spacer(minLength: length(f, "minLength", scope)))
        case "divider":
            _ = object(v, path, allowed: [], what: "{} (a divider has no parameters)")
            return .layout(.divider)
        case "color":
            switch colorValue(v, path, scope) {
            case .colorExpression(let e): return .layout(.colorExpression(e))
            case .color(let c): return .layout(.color(c))
            default: return nil
            }
        case "grid":
            guard let f = layoutFields(v, path, allowed: ["alignment", "horizontalSpacing", "verticalSpacing"]) else { return nil }
            return .layout(.grid(GridNode(alignment: alignment(f, "alignment", default: .center), horizontalSpacing: length(f, "horizontalSpacing", scope),
                                          verticalSpacing: length(f, "verticalSpacing", scope), content: layoutContent(v, f, scope, depth: depth))))
        case "gridRow":
            guard let f = layoutFields(v, path, allowed: ["alignment"]) else { return nil }
            let a: VerticalAlignment? = f.has("alignment") ? choice(f, "alignment", default: VerticalAlignment.center) : nil
            return .layout(.gridRow(GridRowNode(alignment: a, content: layoutContent(v, f, scope, depth: depth))))
        case "lazyVGrid", "lazyHGrid":
            let itemsKey = key == "lazyVGrid" ? "columns" : "rows"
            guard let f = object(v, path, allowed: [itemsKey, "alignment", "spacing", "content"]) else { return nil }
            var items: [SpecGridItem] = []
            if let iv = f[itemsKey], let a = array(iv, f.path(itemsKey), what: "an array of grid items") {
                if a.isEmpty { error(f.path(itemsKey), iv.position, "a lazy grid needs at least one grid item") }
                items = a.enumerated().compactMap { gridItem($0.element, SpecDecoder.index(f.path(itemsKey), $0.offset), scope) }
            } else if f[itemsKey] == nil {
                missing(f, itemsKey, "an array of grid items such as [{\"flexible\": {}}, {\"fixed\": 40}]")
            }
            let align: Alignment
            if key == "lazyVGrid" {
                align = Alignment(horizontal: choice(f, "alignment", default: HorizontalAlignment.center), vertical: .center)
            } else {
                align = Alignment(horizontal: .center, vertical: choice(f, "alignment", default: VerticalAlignment.center))
            }
            return .layout(.lazyGrid(LazyGridNode(axis: key == "lazyVGrid" ? .vertical : .horizontal, items: items, alignment: align,
                                                  spacing: length(f, "spacing", scope), content: layoutContent(v, f, scope, depth: depth))))
        case "scrollView":
            guard let f = layoutFields(v, path, allowed: ["axes", "offset"]) else { return nil }
            var horizontal = false, vertical = true
            if let av = f["axes"] {
                switch av.stringValue {
                case "vertical": break
                case "horizontal": horizontal = true; vertical = false
                case "both": horizontal = true
                default: error(f.path("axes"), av.position, "expected \"vertical\", \"horizontal\" or \"both\", got \(av.brief)")
                }
            }
            var offset = SpecPoint(x: .constant(0), y: .constant(0))
            if let ov = f["offset"] {
                if ov.arrayElements != nil {
                    offset = point(ov, f.path("offset"), scope)
                } else if ov.objectMembers != nil, let o = object(ov, f.path("offset"), allowed: ["x", "y"]) {
                    offset = SpecPoint(x: number(o, "x", scope, default: 0), y: number(o, "y", scope, default: 0))
                } else {
                    let n = number(ov, f.path("offset"), scope)
                    if horizontal && vertical {
                        error(f.path("offset"), ov.position, "a scroll view on both axes needs an offset [x, y]")
                    }
                    offset = vertical ? SpecPoint(x: .constant(0), y: n) : SpecPoint(x: n, y: .constant(0))
                }
            }
            return .layout(.scrollView(ScrollViewNode(horizontal: horizontal, vertical: vertical, offset: offset, content: layoutContent(v, f, scope, depth: depth, nonEmpty: true))))
        default:  // geometryReader
            guard let f = layoutFields(v, path, allowed: ["as"]) else { return nil }
            var name = "geo"
            if let a = f["as"] {
                if let s = a.stringValue, checkIdentifier(s, f.path("as"), a.position) { name = s } else if a.stringValue == nil {
                    error(f.path("as"), a.position, "expected a name for the geometry proxy, got \(a.brief)")
                }
            }
            var inner = scope
            var slots: [Int] = []
            for n in GeometrySlots.names {
                let slot = allocateSlot(name + "." + n, kind: .layout, path: path)
                slots.append(slot)
                inner = inner.adding(name + "." + n, slot: slot)
            }
            for (alias, target) in GeometrySlots.aliases {
                if let i = GeometrySlots.names.firstIndex(of: target) { inner = inner.adding(name + "." + alias, slot: slots[i]) }
            }
            return .layout(.geometryReader(GeometryReaderNode(name: name, slots: GeometrySlots(slots: slots), content: layoutContent(v, f, inner, depth: depth))))
        }
    }

    /// `GridItem`: `"flexible"`, or one of `{"fixed": w}`, `{"flexible": {"minimum", "maximum"}}`,
    /// `{"adaptive": {"minimum", "maximum"}}` with optional `spacing` and `alignment`.
    func gridItem(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecGridItem? {
        if v.stringValue == "flexible" { return SpecGridItem(size: .flexible(minimum: .constant(10), maximum: .constant(.infinity))) }
        let kinds = ["fixed", "flexible", "adaptive"]
        guard let f = object(v, path, allowed: kinds + ["spacing", "alignment"], what: "a grid item such as {\"flexible\": {}}, {\"fixed\": 40} or {\"adaptive\": {\"minimum\": 50}}") else { return nil }
        let present = f.members.filter { kinds.contains($0.key) }
        guard present.count == 1, let m = present.first else {
            error(path, v.position, "a grid item has one size key: fixed, flexible or adaptive")
            return nil
        }
        let mp = f.path(m.key)
        let size: SpecGridItem.Size
        switch m.key {
        case "fixed":
            size = .fixed(length(m.value, mp, scope))
        default:
            guard let o = object(m.value, mp, allowed: ["minimum", "maximum"], what: "{\"minimum\": points, \"maximum\": points or \"infinity\"}") else { return nil }
            let adaptive = m.key == "adaptive"
            var lo: SpecNumber = .constant(10)
            if let lv = o["minimum"] {
                lo = length(lv, o.path("minimum"), scope)
                if adaptive, let c = lo.constantValue, c <= 0 { error(o.path("minimum"), lv.position, "an adaptive item's minimum must be > 0 (it sets how many columns fit)") }
            } else if adaptive {
                missing(o, "minimum", "the smallest column size in points")
            }
            let hi = length(o, "maximum", scope, infinity: true) ?? .constant(.infinity)
            if let l = lo.constantValue, let h = hi.constantValue, l > h {
                error(o.path("minimum"), o.position, "minimum \(formatNumber(l)) is greater than maximum \(formatNumber(h))")
            }
            size = adaptive ? .adaptive(minimum: lo, maximum: hi) : .flexible(minimum: lo, maximum: hi)
        }
        let align: Alignment? = f.has("alignment") ? alignment(f, "alignment", default: .center) : nil
        return SpecGridItem(size: size, spacing: length(f, "spacing", scope), alignment: align)
    }

    // MARK: - Layout modifiers

    func layoutModifier(_ key: String, _ v: JSONValue, _ path: String, _ scope: ExpressionScope, depth: Int) -> SpecModifier? {
        switch key {
        case "frame":
            return frameModifier(v, path, scope)
        case "padding":
            return padding(v, path, scope).map { .padding($0) }
        case "aspectRatio":
            if let s = v.stringValue, !s.hasPrefix("=") {
                return .aspectRatio(ratio: nil, contentMode: choice(v, path, default: SpecContentMode.fit))
            }
            if v.objectMembers != nil, let o = object(v, path, allowed: ["ratio", "contentMode"]) {
                return .aspectRatio(ratio: number(o, "ratio", scope, .positive), contentMode: choice(o, "contentMode", default: SpecContentMode.fit))
            }
            return .aspectRatio(ratio: number(v, path, scope, .positive), contentMode: .fit)
        case "background", "overlay":
            guard let s = secondary(v, path, scope, depth: depth, background: key == "background") else { return nil }
            return key == "background" ? .background(s) : .overlay(s)
        case "clipped":
            if v.boolValue != true, v.objectMembers?.isEmpty != true {
                error(path, v.position, "expected true or {} (clipped has no parameters), got \(v.brief)")
            }
            return .clipped
        case "zIndex":
            return .zIndex(number(v, path, scope))
        case "ignoresSafeArea":
            if v.boolValue == true || v.objectMembers?.isEmpty == true { return .ignoresSafeArea(.all) }
            if v.objectMembers != nil, let o = object(v, path, allowed: ["edges"]) {
                guard let ev = o["edges"] else { return .ignoresSafeArea(.all) }
                return .ignoresSafeArea(edges(ev, o.path("edges")))
            }
            return .ignoresSafeArea(edges(v, path))
        case "fixedSize":
            if v.boolValue == true || v.objectMembers?.isEmpty == true { return .fixedSize(horizontal: true, vertical: true) }
            guard let o = object(v, path, allowed: ["horizontal", "vertical"], what: "true or {\"horizontal\": bool, \"vertical\": bool}") else { return nil }
            return .fixedSize(horizontal: bool(o, "horizontal", default: false), vertical: bool(o, "vertical", default: false))
        case "layoutPriority":
            return .layoutPriority(number(v, path, scope))
        default:  // gridCellColumns
            return .gridCellColumns(integer(v, path, min: 1, max: 1000))
        }
    }

    /// Edge names (`top`, `leading`, `bottom`, `trailing`, `horizontal`, `vertical`, `all`), one or an array.
    func edges(_ v: JSONValue, _ path: String) -> SpecEdges {
        let names = SpecEdges.named.keys.sorted()
        func one(_ e: JSONValue, _ p: String) -> SpecEdges {
            guard let s = e.stringValue else {
                error(p, e.position, "expected an edge name (\(names.joined(separator: ", "))), got \(e.brief)")
                return []
            }
            guard let edge = SpecEdges.named[s] else {
                error(p, e.position, "unknown edge \(UserText.quoted(s))\(Suggestion.phrase(for: s, in: names)); expected one of \(names.joined(separator: ", "))")
                return []
            }
            return edge
        }
        if let a = v.arrayElements {
            if a.isEmpty { error(path, v.position, "expected at least one edge") }
            return a.enumerated().reduce(into: SpecEdges()) { $0.formUnion(one($1.element, SpecDecoder.index(path, $1.offset))) }
        }
        return one(v, path)
    }

    func frameModifier(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecModifier? {
        let fixedKeys = ["width", "height"]
        let flexKeys = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]
        guard let o = object(v, path, allowed: fixedKeys + flexKeys + ["alignment"], what: "{\"width\", \"height\", \"alignment\"} or {\"minWidth\", \"maxWidth\": \"infinity\", …}") else { return nil }
        let align = alignment(o, "alignment", default: .center)
        let hasFixed = fixedKeys.contains { o.has($0) }
        let hasFlex = flexKeys.contains { o.has($0) }
        if hasFixed && hasFlex {
            let a = fixedKeys.first { o.has($0) }!, b = flexKeys.first { o.has($0) }!
            error(o.path(b), v.position, "give \"\(a)\" (a fixed frame) or min/ideal/max lengths (a flexible frame), not both: SwiftUI's two frame modifiers")
            return nil
        }
        if !hasFixed && !hasFlex {
            error(path, v.position, "a frame needs \"width\" and/or \"height\", or min/ideal/max lengths such as {\"maxWidth\": \"infinity\"}")
            return nil
        }
        if hasFixed {
            return .frame(.fixed(width: length(o, "width", scope), height: length(o, "height", scope), alignment: align))
        }
        let n = flexKeys.map { length(o, $0, scope, infinity: $0.hasPrefix("max")) }
        // Literal bounds out of order are errors (SwiftUI logs "Contradictory frame constraints").
        for (axis, base) in [("Width", 0), ("Height", 3)] {
            let values = (0..<3).map { n[base + $0]?.constantValue }
            let labels = ["min" + axis, "ideal" + axis, "max" + axis]
            for i in 0..<3 { for j in (i + 1)..<3 {
                if let a = values[i], let b = values[j], a > b {
                    error(o.path(labels[i]), o.position, "\(labels[i]) \(formatNumber(a)) is greater than \(labels[j]) \(formatNumber(b))")
                }
            } }
        }
        return .frame(.flexible(minWidth: n[0], idealWidth: n[1], maxWidth: n[2], minHeight: n[3], idealHeight: n[4], maxHeight: n[5], alignment: align))
    }

    /// `padding`: a length (every edge); `true` or `{}` (16 on every edge, SwiftUI's default on
    /// iOS, docs/semantics.md §111); `{"edges": e, "length": l}` (l default 16); or per-edge
    /// lengths `{"top", "leading", "bottom", "trailing", "horizontal", "vertical", "all"}`.
    func padding(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecPadding? {
        let def = SpecNumber.constant(16)
        let zero = SpecNumber.constant(0)
        if v.boolValue == true || v.objectMembers?.isEmpty == true { return SpecPadding(top: def, leading: def, bottom: def, trailing: def) }
        if v.objectMembers == nil {
            let n = length(v, path, scope)
            return SpecPadding(top: n, leading: n, bottom: n, trailing: n)
        }
        let edgeKeys = ["top", "leading", "bottom", "trailing", "horizontal", "vertical", "all"]
        guard let o = object(v, path, allowed: ["edges", "length"] + edgeKeys, what: "a length, {\"edges\": [...], \"length\": l} or per-edge lengths") else { return nil }
        if o.has("edges") || o.has("length") {
            if let k = edgeKeys.first(where: { o.has($0) }) {
                error(o.path(k), v.position, "give \"edges\" with \"length\", or per-edge lengths, not both")
            }
            let e = o["edges"].map { edges($0, o.path("edges")) } ?? .all
            let l = length(o, "length", scope) ?? def
            return SpecPadding(top: e.contains(.top) ? l : zero, leading: e.contains(.leading) ? l : zero,
                               bottom: e.contains(.bottom) ? l : zero, trailing: e.contains(.trailing) ? l : zero)
        }
        var p = SpecPadding(top: zero, leading: zero, bottom: zero, trailing: zero)
        var set: [String: String] = [:]  // edge → the key that set it
        func assign(_ edge: String, _ key: String, _ n: SpecNumber) {
            if let prior = set[edge] {
                error(o.path(key), v.position, "the \(edge) padding is given twice (by \"\(prior)\" and \"\(key)\")")
            }
            set[edge] = key
            switch edge {
            case "top": p.top = n
            case "leading": p.leading = n
            case "bottom": p.bottom = n
            default: p.trailing = n
            }
        }
        for key in edgeKeys where o.has(key) {
            let n = length(o, key, scope)!
            switch key {
            case "horizontal": assign("leading", key, n); assign("trailing", key, n)
            case "vertical": assign("top", key, n); assign("bottom", key, n)
            case "all": for e in ["top", "leading", "bottom", "trailing"] { assign(e, key, n) }
            default: assign(key, key, n)
            }
        }
        return p
    }

    /// A background or overlay: a colour (a Color view; as a background it fills the safe area
    /// too), a node, an array of nodes (an implicit ZStack), or `{"content": …, "alignment": a}`.
    func secondary(_ v: JSONValue, _ path: String, _ scope: ExpressionScope, depth: Int, background: Bool) -> SpecSecondary? {
        if v.stringValue != nil || isColorObject(v) {
            let view: LayoutNode
            switch colorValue(v, path, scope) {
            case .colorExpression(let e): view = .colorExpression(e)
            case .color(let c): view = .color(c)
            default: view = .color(.clear)
            }
            let node = SpecNode(kind: .layout(view), modifiers: [], path: path)
            return SpecSecondary(content: [node], fillsSafeArea: background)
        }
        if v.arrayElements != nil {
            return SpecSecondary(content: nodes(v, path, scope, depth: depth + 1))
        }
        guard let members = v.objectMembers else {
            error(path, v.position, "expected a colour, a node, an array of nodes or {\"content\": …, \"alignment\": …}, got \(v.brief)")
            return nil
        }
        if members.contains(where: { SpecNode.kindNames.contains($0.key) }) {
            guard let n = node(v, path, scope, depth: depth + 1) else { return nil }
            return SpecSecondary(content: [n])
        }
        guard let o = object(v, path, allowed: ["content", "alignment"], what: "{\"content\": …, \"alignment\": …}") else { return nil }
        var content: [SpecNode] = []
        if let cv = o["content"] {
            if cv.arrayElements != nil {
                content = nodes(cv, o.path("content"), scope, depth: depth + 1)
            } else if let n = node(cv, o.path("content"), scope, depth: depth + 1) {
                content = [n]
            }
        } else {
            missing(o, "content", "a node or an array of nodes")
        }
        return SpecSecondary(content: content, alignment: alignment(o, "alignment", default: .center))
    }

    func isColorObject(_ v: JSONValue) -> Bool {
        guard let m = v.objectMembers, !m.isEmpty else { return false }
        let colorKeys: Set<String> = ["red", "green", "blue", "white", "opacity"]
        return m.allSatisfy { colorKeys.contains($0.key) }
    }
}
