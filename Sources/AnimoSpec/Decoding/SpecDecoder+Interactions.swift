// Interactions: the top-level `interactions` list (taps and drags at given instants) and the
// gesture handlers on nodes (`button`, `onTap`, `onLongPress`, `onDrag`, `id`, `allowsHitTesting`).

extension SpecDecoder {
    static let gestureNodeKeys = ["id", "button", "onTap", "onLongPress", "onDrag", "allowsHitTesting"]
    static var maxInteractions: Int { SpecInteraction.maxCount }

    // MARK: - The interactions list

    func interactions(_ v: JSONValue, _ path: String, duration: Double?) -> [SpecInteraction] {
        guard let items = array(v, path, what: "an array of interactions such as {\"tap\": 0.5, \"target\": \"Buy\"}") else { return [] }
        if items.count > SpecDecoder.maxInteractions {
            error(path, v.position, "\(items.count) interactions; the limit is \(SpecDecoder.maxInteractions)")
            return []
        }
        var out: [SpecInteraction] = []
        for (i, item) in items.enumerated() {
            let p = SpecDecoder.index(path, i)
            guard let members = item.objectMembers else {
                error(p, item.position, "expected {\"tap\": seconds, \"target\": …} or {\"drag\": {\"at\", \"from\", \"to\", \"duration\"}}, got \(item.brief)")
                continue
            }
            if members.contains(where: { $0.key == "tap" }) {
                guard let f = object(item, p, allowed: ["tap", "target", "hold", "about"]) else { continue }
                _ = about(f)
                let at = literal(f, "tap", .nonNegative) ?? 0
                let hold = literal(f, "hold", .nonNegative) ?? SpecInteraction.defaultHold
                var target: InteractionTarget?
                if let tv = f["target"] { target = interactionTarget(tv, f.path("target")) }
                let x = SpecInteraction(at: at, kind: .tap(target: target, hold: hold), path: p)
                checkInside(x, f.path("tap"), f.position("tap"), duration: duration)
                out.append(x)
            } else if members.contains(where: { $0.key == "drag" }) {
                guard let f = object(item, p, allowed: ["drag", "about"]), let dv = f["drag"] else { continue }
                _ = about(f)
                let dp = f.path("drag")
                guard let d = object(dv, dp, allowed: ["at", "from", "to", "duration"], what: "{\"at\": s, \"from\": [x, y], \"to\": [x, y], \"duration\": s}") else { continue }
                let at = literal(d, "at", .nonNegative) ?? { missing(d, "at", "the time the finger goes down, in seconds"); return 0 }()
                let from = d["from"].map { pointLiteral($0, d.path("from")) } ?? { missing(d, "from", "the start point [x, y] in points"); return (0, 0) }()
                let to = d["to"].map { pointLiteral($0, d.path("to")) } ?? { missing(d, "to", "the end point [x, y] in points"); return (0, 0) }()
                let dur = literal(d, "duration", .positive) ?? 0.3
                let x = SpecInteraction(at: at, kind: .drag(from: from, to: to, duration: dur), path: p)
                checkInside(x, d.path("at"), d.position("at"), duration: duration)
                out.append(x)
            } else {
                error(p, item.position, "an interaction is {\"tap\": seconds, \"target\": …} or {\"drag\": {…}}; found keys \(members.map { UserText.quoted($0.key) }.joined(separator: ", "))")
            }
        }
        return out
    }

    func checkInside(_ x: SpecInteraction, _ path: String, _ position: SourcePosition, duration: Double?) {
        guard let duration else { return }
        if x.at > duration {
            error(path, position, "the interaction at \(formatNumber(x.at)) s is after the end of the spec (duration \(formatNumber(duration)) s)")
        }
    }

    /// `target`: a name (an `id` or a label's text), an index (a number), or a point [x, y].
    func interactionTarget(_ v: JSONValue, _ path: String) -> InteractionTarget? {
        switch v.kind {
        case .string(let s) where !s.isEmpty: return .name(s)
        case .number(let d) where d >= 0 && d == d.rounded() && d < 1e6: return .index(Int(d))
        case .array:
            let p = pointLiteral(v, path)
            return .point(x: p.x, y: p.y)
        default:
            error(path, v.position, "expected a view's id or label text, its index (a whole number ≥ 0), or a point [x, y], got \(v.brief)")
            return nil
        }
    }

    func pointLiteral(_ v: JSONValue, _ path: String) -> (x: Double, y: Double) {
        guard let a = v.arrayElements, a.count == 2 else {
            error(path, v.position, "expected a point [x, y] in points, got \(v.brief)")
            return (0, 0)
        }
        return (literal(a[0], SpecDecoder.index(path, 0)), literal(a[1], SpecDecoder.index(path, 1)))
    }

    // MARK: - Handlers on nodes

    /// The node's gesture handlers; nil when it has none of the keys.
    func gestureHandlers(_ f: Fields, _ scope: ExpressionScope, kind: SpecNode.Kind) -> SpecGestureHandlers? {
        guard SpecDecoder.gestureNodeKeys.contains(where: { f.has($0) }) else { return nil }
        var h = SpecGestureHandlers()
        h.id = string(f, "id", what: "a name taps can aim at")
        h.allowsHitTesting = bool(f, "allowsHitTesting", default: true)
        if let v = f["button"] { h.button = actions(v, f.path("button"), scope) }
        if let v = f["onTap"] { h.onTap = actions(v, f.path("onTap"), scope) }
        if let v = f["onLongPress"], let lf = object(v, f.path("onLongPress"), allowed: ["minimumDuration", "perform"], what: "{\"minimumDuration\": s, \"perform\": [changes]}") {
            let minimum = literal(lf, "minimumDuration", .nonNegative) ?? SpecGestureHandlers.defaultLongPressDuration
            let perform = lf["perform"].map { actions($0, lf.path("perform"), scope) } ?? { missing(lf, "perform", "the changes, e.g. [{\"set\": {\"on\": true}}]"); return [] }()
            h.onLongPress = (minimum, perform)
        }
        if let v = f["onDrag"], let df = object(v, f.path("onDrag"), allowed: ["minimumDistance", "onChanged", "onEnded"], what: "{\"onChanged\": [changes], \"onEnded\": [changes]}") {
            let ds = dragScope(scope)
            let minimum = literal(df, "minimumDistance", .nonNegative) ?? SpecGestureHandlers.defaultDragDistance
            let changed = df["onChanged"].map { actions($0, df.path("onChanged"), ds) } ?? []
            let ended = df["onEnded"].map { actions($0, df.path("onEnded"), ds) } ?? []
            if !df.has("onChanged") && !df.has("onEnded") { missing(df, "onChanged", "the changes while the finger moves, or \"onEnded\"") }
            h.onDrag = (minimum, changed, ended)
        }
        h.label = SpecDecoder.label(of: kind)
        return h
    }

    /// The scope of a drag's actions: the node's, with `DragGesture.Value`'s members.
    func dragScope(_ scope: ExpressionScope) -> ExpressionScope {
        var s = scope
        for name in GestureValueNames.all {
            let slot = gestureSlots[name] ?? {
                let slot = allocateSlot(name, kind: .gesture, path: "")
                gestureSlots[name] = slot
                return slot
            }()
            s = s.adding(name, slot: slot)
        }
        return s
    }

    /// A list of changes: `[{"set": {name: value or "=expression"}, "animation": a, "after": s, "when": c}]`.
    func actions(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> [SpecAction] {
        guard let items = array(v, path, what: "an array of changes such as [{\"set\": {\"liked\": \"=!liked\"}, \"animation\": \"bouncy\"}]") else { return [] }
        var out: [SpecAction] = []
        for (i, item) in items.enumerated() {
            let p = SpecDecoder.index(path, i)
            guard let f = object(item, p, allowed: ["set", "animation", "after", "when", "about"]) else { continue }
            _ = about(f)
            var sets: [SpecActionAssignment] = []
            let moved = arrayOrder.filter { arrayStates[$0]?.rankSlots.isEmpty == false }
            if let sv = f["set"], let sf = object(sv, f.path("set"), allowed: stateOrder + moved, what: "an object of state values") {
                if sf.members.isEmpty { error(f.path("set"), sv.position, "a change sets at least one state variable") }
                for m in sf.members {
                    if let a = arrayStates[m.key], !a.rankSlots.isEmpty {
                        // A handler changes a state array only by moving an element.
                        let sp = sf.path(m.key)
                        guard let of = object(m.value, sp, allowed: ["move"], what: "{\"move\": {\"from\": index, \"to\": index}}"), let mv = of["move"],
                              let move = handlerMove(m.key, a, mv, of.path("move"), scope) else { continue }
                        sets.append(SpecActionAssignment(name: m.key, slot: -1, isBoolean: false, value: .constant(0), move: move))
                        continue
                    }
                    guard let s = stateByName[m.key] else {
                        if stateOrder.isEmpty { error(sf.path(m.key), m.keyPosition, "unknown state variable \(UserText.quoted(m.key)): the spec declares no state") }
                        continue
                    }
                    let sp = sf.path(m.key)
                    switch m.value.kind {
                    case .bool(let b):
                        if !s.isBoolean { error(sp, m.value.position, "\"\(m.key)\" is a number; expected a number or \"=expression\", got \(b)") }
                        sets.append(SpecActionAssignment(name: m.key, slot: s.slot, isBoolean: s.isBoolean, value: .constant(b ? 1 : 0)))
                    case .number(let d):
                        if s.isBoolean { error(sp, m.value.position, "\"\(m.key)\" is a boolean; expected true, false or \"=expression\", got \(formatNumber(d))") }
                        sets.append(SpecActionAssignment(name: m.key, slot: s.slot, isBoolean: s.isBoolean, value: .constant(d)))
                    case .string(let str) where str.hasPrefix("="):
                        sets.append(SpecActionAssignment(name: m.key, slot: s.slot, isBoolean: s.isBoolean, value: number(m.value, sp, scope)))
                    default:
                        error(sp, m.value.position, "expected \(s.isBoolean ? "true, false" : "a number") or an \"=expression\", got \(m.value.brief)")
                    }
                }
            } else if f["set"] == nil {
                missing(f, "set", "the state values, e.g. {\"liked\": \"=!liked\"}")
            }
            let anim = f["animation"].flatMap { animation($0, f.path("animation"), ExpressionScope()) }
            var after = literal(f, "after", .nonNegative) ?? 0
            if after > SpecAction.maxAfter {
                error(f.path("after"), f.position("after"), "expected seconds ≤ \(formatNumber(SpecAction.maxAfter)), got \(formatNumber(after))")
                after = 0
            }
            let when = f["when"].map { condition($0, f.path("when"), scope) }
            out.append(SpecAction(set: sets, animation: anim, after: after, when: when, path: p))
        }
        return out
    }

    /// The literal texts inside a node, joined by spaces (nil: none): what a tap may name it by.
    static func label(of kind: SpecNode.Kind) -> String? {
        var parts: [String] = []
        func walk(_ k: SpecNode.Kind, depth: Int) {
            guard depth < 64, parts.count < 16 else { return }
            switch k {
            case .text(let t):
                if case .literal(let s) = t.content { parts.append(s) }
            case .group(let c): c.forEach { walk($0.kind, depth: depth + 1) }
            case .conditional(let c): c.content.forEach { walk($0.kind, depth: depth + 1) }
            case .layout(let l): l.content.forEach { walk($0.kind, depth: depth + 1) }
            default: break
            }
        }
        walk(kind, depth: 0)
        let s = parts.joined(separator: " ")
        return s.isEmpty ? nil : s
    }

    /// A handler's `{"move": {"from": i | {"id": e}, "to": j | {"nearest": [x, y], "excluding": e}}}`.
    func handlerMove(_ name: String, _ a: ArrayState, _ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecArrayMove? {
        guard let mf = object(v, path, allowed: ["from", "to"], what: "{\"from\": index or {\"id\": id}, \"to\": index or {\"nearest\": [x, y]}}") else { return nil }
        guard let fv = mf["from"], let tv = mf["to"] else {
            if !mf.has("from") { missing(mf, "from", "the index of the element to move, or {\"id\": id}") }
            if !mf.has("to") { missing(mf, "to", "its index after the move, or {\"nearest\": [x, y]}") }
            return nil
        }
        let from: SpecArrayMove.Source
        if fv.objectMembers != nil {
            guard let idf = object(fv, mf.path("from"), allowed: ["id"], what: "{\"id\": id}"), let iv = idf["id"] else {
                if let idf = object(fv, mf.path("from"), allowed: ["id"]), !idf.has("id") { missing(idf, "id", "the id of the element to move") }
                return nil
            }
            from = .id(number(iv, idf.path("id"), scope))
        } else {
            from = .index(number(fv, mf.path("from"), scope))
        }
        let to: SpecArrayMove.Destination
        if tv.objectMembers != nil {
            let tp = mf.path("to")
            guard let nf = object(tv, tp, allowed: ["nearest", "excluding"], what: "{\"nearest\": [x, y], \"excluding\": id}") else { return nil }
            guard let pv = nf["nearest"], let xy = pv.arrayElements, xy.count == 2 else {
                if let pv = nf["nearest"] { error(nf.path("nearest"), pv.position, "expected a point [x, y], got \(pv.brief)") } else { missing(nf, "nearest", "the point [x, y] in canvas coordinates") }
                return nil
            }
            let pp = nf.path("nearest")
            to = .nearest(x: number(xy[0], SpecDecoder.index(pp, 0), scope), y: number(xy[1], SpecDecoder.index(pp, 1), scope),
                          excluding: nf["excluding"].map { number($0, nf.path("excluding"), scope) })
        } else {
            to = .index(number(tv, mf.path("to"), scope))
        }
        return SpecArrayMove(array: name, presenceSlots: a.presenceSlots, rankSlots: a.rankSlots, from: from, to: to)
    }
}
