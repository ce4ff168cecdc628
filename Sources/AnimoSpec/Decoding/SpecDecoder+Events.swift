// Events: one-off (`at`) and periodic (`every`) state changes, each one transaction (`set`,
// `animation`) or several in order (`changes`), and state arrays (docs/spec.md "Events").
//
// Everything an event sets is resolved here, at load, into the concrete list of transactions the
// renderer replays (`Spec.events`). Values written as expressions (`"=count + 1"`, `"=!on"`) are
// evaluated once, in time order, against the *logical* state the earlier transactions left —
// SwiftUI's model values, not the animated ones on screen — with `t` the clock at the firing and
// `n` the firing's number. So the renderer sees only constants, and a state array becomes one
// boolean state variable per element, and a record's fields state variables of their own
// (StateArray.swift, SpecDecoder+StateArrays.swift).

extension SpecDecoder {
    /// A periodic event fires at most this many times; all events together make at most this many
    /// transactions.
    static let maxFirings = 100_000
    /// Elements a spec's state arrays may create in all.
    static let maxArrayElements = 10_000
    /// Transactions × state variables (the state timeline's table) at most.
    static let maxStateCells = 5_000_000


    /// A value an event assigns, before it is evaluated.
    enum PendingValue {
        case constant(Double)
        case expression(SpecExpression)
        /// An element to append: one number or an [x, y] point, each constant or an expression.
        case append([SpecNumber])
        /// An element to insert at an index (0…count, evaluated when the event fires).
        case insert([SpecNumber], at: SpecNumber)
        case removeFirst(Int)
        case removeLast(Int)
        case removeAll
        /// `{"removeAll": {"where": predicate}}`: the predicate reads the element copied to `item`.
        case removeWhere(SpecExpression, ItemSlots)
        /// `{"update": …}`: new values for some numbers of the elements it selects.
        case update(ElementTarget, [(offset: Int, value: SpecNumber)], ItemSlots)
        /// `{"move": {"from": i, "to": j}}`: remove the element at i and insert it at j.
        case move(from: SpecNumber, to: SpecNumber)
    }

    struct PendingAssignment {
        var name: String
        var path: String
        var position: SourcePosition
        var value: PendingValue
    }

    struct PendingChange {
        var assignments: [PendingAssignment]
        var animation: SpecAnimation?
        var path: String
    }

    struct PendingEvent {
        var times: [Double]
        var periodic: Bool
        var changes: [PendingChange]
    }

    /// `state`: numbers, booleans, and arrays (`{"points": [...]}`, `{"numbers": [...]}`, or a
    /// non-empty literal array of either).
    func decodeState(_ sv: JSONValue) -> [StateVariable] {
        var state: [StateVariable] = []
        guard let sf = object(sv, "state", allowed: sv.objectMembers?.map(\.key) ?? [], what: "an object of named numbers, booleans and arrays") else { return state }
        for m in sf.members where checkIdentifier(m.key, sf.path(m.key), m.keyPosition) {
            let p = sf.path(m.key)
            let value: Double, isBool: Bool
            switch m.value.kind {
            case .bool(let b): value = b ? 1 : 0; isBool = true
            case .number(let d): value = d; isBool = false
            case .array, .object:
                if let a = stateArray(m.key, m.value, p) { arrayStates[m.key] = a; arrayOrder.append(m.key) }
                continue
            default:
                error(p, m.value.position, "expected a number, a boolean or an array ({\"points\": [...]} or {\"numbers\": [...]}), got \(m.value.brief)")
                continue
            }
            let slot = allocateSlot(m.key, kind: .state, path: p)
            let v = StateVariable(name: m.key, initial: value, isBoolean: isBool, slot: slot)
            state.append(v)
            stateByName[m.key] = v
            stateOrder.append(m.key)
        }
        // The initial elements' presence variables (1: they are in the array from the start), and
        // a record's field variables.
        for name in arrayOrder {
            let values = arrayStates[name]!.values
            for v in values { state += newElementVariables(name, values: v, present: true) }
        }
        return state
    }

    // MARK: - Reading events

    /// `events`: read every event, then play them in time order to evaluate what they set.
    func decodeEvents(_ ev: JSONValue, duration: Double, durationIsValid: Bool, scope: ExpressionScope, state: inout [StateVariable]) -> [SpecEvent] {
        guard let ea = array(ev, "events", what: "an array of events") else { return [] }
        // `n` gets a slot only when an expression reads it, so specs without one keep their
        // slot table (nothing else allocates slots while events are read).
        // Events may read the arrays (`xs[i]`, `count(xs)`) as they are when they fire: each array
        // gets a slot saying where its elements are listed, past the slots, while events play.
        var readable: [ReadableStateArray] = []
        for name in arrayOrder {
            guard var a = arrayStates[name] else { continue }
            a.liveHeader = allocateSlot("\(name) (as events read it)", kind: .loop, path: a.path)
            arrayStates[name] = a
            readable.append(ReadableStateArray(name: name, element: a.element, fields: a.fields, headerSlot: a.liveHeader))
        }
        let firingSlot = slots.count
        let setScope = scope.adding(readableArrays: readable).adding("n", slot: firingSlot)
        var pending: [PendingEvent] = []
        var total = 0
        for (i, item) in ea.enumerated() {
            let p = SpecDecoder.index("events", i)
            guard let e = event(item, p, duration: duration, durationIsValid: durationIsValid, scope: setScope) else { continue }
            total += e.times.count * e.changes.count
            pending.append(e)
        }
        if total > SpecDecoder.maxFirings {
            error("events", ev.position, "the events make \(total) state changes (a periodic event counts once per firing and change); the limit is \(SpecDecoder.maxFirings)")
            return []
        }
        let readsFiring = pending.contains { e in
            e.changes.contains { c in
                c.assignments.contains { a in
                    switch a.value {
                    case .expression(let x): return x.slots.contains(firingSlot)
                    case .append(let parts): return parts.contains { if case .expression(let x) = $0 { x.slots.contains(firingSlot) } else { false } }
                    case .insert(let parts, let at): return (parts + [at]).contains { if case .expression(let x) = $0 { x.slots.contains(firingSlot) } else { false } }
                    case .removeWhere(let x, _): return x.slots.contains(firingSlot)
                    case .move(let from, let to): return [from, to].contains { if case .expression(let x) = $0 { x.slots.contains(firingSlot) } else { false } }
                    case .update(let target, let values, _):
                        return target.slots.contains(firingSlot) || values.contains { if case .expression(let x) = $0.value { x.slots.contains(firingSlot) } else { false } }
                    default: return false
                    }
                }
            }
        }
        if readsFiring, slots.count == firingSlot { _ = allocateSlot("n", kind: .loop, path: "events") }
        return play(pending, firingSlot: firingSlot, state: &state)
    }

    func event(_ item: JSONValue, _ p: String, duration: Double, durationIsValid: Bool, scope: ExpressionScope) -> PendingEvent? {
        guard let ef = object(item, p, allowed: ["at", "every", "from", "until", "set", "animation", "changes", "about"]) else { return nil }
        _ = self.about(ef)  // checked like every other "about": a string
        var times: [Double] = []
        var periodic = false
        if ef.has("every") {
            periodic = true
            if ef.has("at") { error(ef.path("at"), ef.position("at"), "an event has \"at\" (once) or \"every\" (periodic), not both") }
            let every = literal(ef, "every", .positive)
            let from = literal(ef, "from", .nonNegative) ?? 0
            var until = literal(ef, "until", .nonNegative) ?? duration
            if durationIsValid { until = min(until, duration + 1e-9) }
            guard let every, every > 0, every.isFinite else { return nil }
            if durationIsValid, from > duration { error(ef.path("from"), ef.position("from"), "the timer starts at \(formatNumber(from)) s, after the end of the spec (duration \(formatNumber(duration)) s)") }
            let count = until > from ? ((until - from) / every).rounded(.up) : 0
            if count > Double(SpecDecoder.maxFirings) {
                error(ef.path("every"), ef.position("every"), "every \(formatNumber(every)) s from \(formatNumber(from)) s until \(formatNumber(until)) s fires \(formatNumber(count)) times; the limit is \(SpecDecoder.maxFirings)")
                return nil
            }
            for k in 0..<Int(count) {
                let time = from + Double(k) * every
                if time < until { times.append(time) }
            }
        } else {
            for key in ["from", "until"] where ef.has(key) {
                error(ef.path(key), ef.position(key), "\"\(key)\" belongs to a periodic event (with \"every\")")
            }
            let at = literal(ef, "at", .nonNegative) ?? { missing(ef, "at", "the time in seconds (or \"every\" for a periodic event)"); return 0 }()
            if durationIsValid, at > duration { error(ef.path("at"), ef.position("at"), "event at \(formatNumber(at)) s is after the end of the spec (duration \(formatNumber(duration)) s)") }
            times = [at]
        }
        var changes: [PendingChange] = []
        if let cv = ef["changes"] {
            for key in ["set", "animation"] where ef.has(key) {
                error(ef.path(key), ef.position(key), "an event has \"set\" and \"animation\", or \"changes\" (a list of them), not both")
            }
            if let ca = array(cv, ef.path("changes"), what: "an array of changes {\"set\": {…}, \"animation\": …}") {
                if ca.isEmpty { error(ef.path("changes"), cv.position, "changes is empty: expected at least one {\"set\": {…}}") }
                for (j, c) in ca.enumerated() {
                    let cp = SpecDecoder.index(ef.path("changes"), j)
                    guard let cf = object(c, cp, allowed: ["set", "animation", "about"]) else { continue }
                    _ = self.about(cf)
                    changes.append(change(cf, cp, scope: scope))
                }
            }
        } else {
            changes.append(change(ef, p, scope: scope))
        }
        return PendingEvent(times: times, periodic: periodic, changes: changes)
    }

    /// One transaction: `set` (required) and `animation` of an event or of one of its `changes`.
    func change(_ f: Fields, _ p: String, scope: ExpressionScope) -> PendingChange {
        var sets: [PendingAssignment] = []
        let known = stateOrder + arrayOrder
        if let setv = f["set"], let setf = object(setv, f.path("set"), allowed: known, what: "an object of state values") {
            if setf.members.isEmpty { error(f.path("set"), setv.position, "an event sets at least one state variable") }
            for m in setf.members {
                let sp = setf.path(m.key)
                if let a = arrayStates[m.key] {
                    if let op = arrayOperation(m.value, sp, a, scope) { sets.append(PendingAssignment(name: m.key, path: sp, position: m.value.position, value: op)) }
                    continue
                }
                guard let s = stateByName[m.key] else {
                    if known.isEmpty { error(setf.path(m.key), m.keyPosition, "unknown state variable \(UserText.quoted(m.key)): the spec declares no state") }
                    continue  // unknown keys were reported by `object` with a suggestion
                }
                switch m.value.kind {
                case .bool(let b):
                    if !s.isBoolean { error(sp, m.value.position, "\"\(m.key)\" is a number; expected a number, got \(b)") }
                    sets.append(PendingAssignment(name: m.key, path: sp, position: m.value.position, value: .constant(b ? 1 : 0)))
                case .number(let d):
                    if s.isBoolean { error(sp, m.value.position, "\"\(m.key)\" is a boolean; expected true or false, got \(formatNumber(d))") }
                    sets.append(PendingAssignment(name: m.key, path: sp, position: m.value.position, value: .constant(d)))
                case .string(let text) where text.hasPrefix("="):
                    if let e = expression(m.value, text, sp, scope) {
                        sets.append(PendingAssignment(name: m.key, path: sp, position: m.value.position, value: e.constantValue.map { .constant(s.isBoolean ? ($0 != 0 ? 1 : 0) : $0) } ?? .expression(e)))
                    }
                default:
                    error(sp, m.value.position, "expected \(s.isBoolean ? "true or false" : "a number") or an expression such as \"=\(s.isBoolean ? "!" + m.key : m.key + " + 1")\", got \(m.value.brief)")
                }
            }
        } else if f["set"] == nil {
            missing(f, "set", "the state values, e.g. {\"expanded\": true}")
        }
        let anim = f["animation"].flatMap { animation($0, f.path("animation"), ExpressionScope()) }
        return PendingChange(assignments: sets, animation: anim, path: p)
    }

    // MARK: - Playing events

    /// Plays the events in time order (a stable order: the written order at equal times, then the
    /// firings of a timer in turn), evaluating each value against the logical state before it;
    /// returns them in the written order.
    func play(_ pending: [PendingEvent], firingSlot: Int, state: inout [StateVariable]) -> [SpecEvent] {
        var order: [(time: Double, event: Int, firing: Int)] = []
        for (i, e) in pending.enumerated() {
            for (k, time) in e.times.enumerated() { order.append((time, i, k)) }
        }
        order.sort { ($0.time, $0.event, $0.firing) < ($1.time, $1.event, $1.firing) }

        var frame = [Double](repeating: 0, count: slots.count)
        let readsFiring = firingSlot < slots.count
        for s in state { frame[s.slot] = s.initial }
        var out: [(key: (Int, Int, Int), event: SpecEvent)] = []
        for f in order {
            let e = pending[f.event]
            frame[0] = f.time + clockStart
            if readsFiring { frame[firingSlot] = Double(f.firing) }
            for (j, c) in e.changes.enumerated() {
                var sets: [StateAssignment] = []
                for a in c.assignments {
                    evaluate(a, at: f.time, frame: &frame, into: &sets, state: &state, firing: e.periodic ? f.firing : nil)
                }
                out.append(((f.event, f.firing, j), SpecEvent(at: f.time, set: sets, animation: c.animation, path: c.path, firing: e.periodic ? f.firing : nil)))
            }
        }
        // Numbered in the written order (a timer's firings and an event's changes consecutively),
        // as `start:N` counts them; at equal times this is also the order they were played in.
        out.sort { $0.key < $1.key }
        let cells = Double(out.count) * Double(state.count)
        if cells > Double(SpecDecoder.maxStateCells) {
            error("events", SourcePosition(line: 1, column: 1), "\(out.count) state changes × \(state.count) state variables (array elements count one each) = \(formatNumber(cells)); the limit is \(SpecDecoder.maxStateCells)")
        }
        return out.map(\.event)
    }

    /// Lists every state array's elements past the slots, as events read them (`xs[i]`,
    /// `count(xs)`): the array's header slot holds where its list starts; the list is the count,
    /// then per element in the array's order its id and numbers. Slots allocated since (a new
    /// element's variables) take the list's place, so it is rebuilt before each value is evaluated.
    func listArrays(_ frame: inout [Double]) {
        if frame.count > slots.count { frame.removeLast(frame.count - slots.count) }
        if frame.count < slots.count { frame += [Double](repeating: 0, count: slots.count - frame.count) }
        for name in arrayOrder {
            guard let a = arrayStates[name], a.liveHeader >= 0 else { continue }
            frame[a.liveHeader] = Double(frame.count)
            frame.append(Double(a.live.count))
            for id in a.live {
                frame.append(Double(id))
                for k in 0..<a.width { frame.append(a.current(id, k, frame)) }
            }
        }
    }

    func evaluate(_ a: PendingAssignment, at time: Double, frame: inout [Double], into sets: inout [StateAssignment], state: inout [StateVariable], firing: Int?) {
        let when = firing.map { "at its firing \($0) (\(formatNumber(time)) s)" } ?? "at \(formatNumber(time)) s"
        listArrays(&frame)
        func value(_ n: SpecNumber, _ what: String) -> Double? {
            let v: Double
            switch n {
            case .constant(let d): v = d
            case .expression(let e):
                v = e.evaluate(frame)
                if e.readsStateArrays, e.clampsIndex(frame) {
                    if errors.contains(where: { $0.path == a.path }) { return nil }
                    error(a.path, a.position, "\(what) reads a state array at an index outside it \(when) (=\(e.source))")
                    return nil
                }
            }
            guard v.isFinite else {
                // Reported at its first firing only.
                if errors.contains(where: { $0.path == a.path }) { return nil }
                error(a.path, a.position, "\(what) evaluates to \(formatNumber(v)) \(when); expected a finite number")
                return nil
            }
            return v
        }
        if let s = stateByName[a.name] {
            let v: Double?
            switch a.value {
            case .constant(let d): v = d
            case .expression(let e): v = value(.expression(e), "the value")
            default: v = nil
            }
            guard var v else { return }
            if s.isBoolean { v = v != 0 ? 1 : 0 }
            frame[s.slot] = v
            sets.append(StateAssignment(name: s.name, slot: s.slot, value: v))
            return
        }
        guard var array = arrayStates[a.name] else { return }
        var removed: [Int] = []
        switch a.value {
        case .append(let parts), .insert(let parts, _):
            var element: [Double] = []
            for (k, part) in parts.enumerated() {
                guard let v = value(part, array.componentName(k)) else { return }
                element.append(v)
            }
            var index = array.live.count
            if case .insert(_, let at) = a.value {
                guard let i = value(at, "the index") else { return }
                guard i == i.rounded(), i >= 0, i <= Double(array.live.count) else {
                    error(a.path, a.position, "insert at index \(formatNumber(i)) \(when) is outside 0…\(array.live.count): \(UserText.quoted(a.name)) has \(array.live.count) element\(array.live.count == 1 ? "" : "s") then")
                    return
                }
                index = Int(i)
            }
            guard array.values.count < SpecDecoder.maxArrayElements else {
                error(a.path, a.position, "the state array \(UserText.quoted(a.name)) would get its element number \(array.values.count + 1) \(when); the limit is \(SpecDecoder.maxArrayElements) elements in all")
                return
            }
            arrayStates[a.name] = array
            let vars = newElementVariables(a.name, values: element, present: false)
            state += vars
            array = arrayStates[a.name]!
            let id = array.values.count - 1
            // Its place among every id: right before the element now at its index, or last.
            if index < array.live.count, let before = array.order.firstIndex(of: array.live[index]) {
                array.order.insert(id, at: before)
            } else {
                array.order.append(id)
            }
            array.live.insert(id, at: index)
            if frame.count > slots.count - vars.count { frame.removeLast(frame.count - (slots.count - vars.count)) }  // the list past the slots
            if frame.count < slots.count { frame += [Double](repeating: 0, count: slots.count - frame.count) }
            for v in vars.dropFirst() { frame[v.slot] = v.initial }
            frame[vars[0].slot] = 1
            sets.append(StateAssignment(name: vars[0].name, slot: vars[0].slot, value: 1))
        case .removeFirst(let k):
            removed = Array(array.live.prefix(k))
            array.live.removeFirst(min(k, array.live.count))
        case .removeLast(let k):
            removed = Array(array.live.suffix(k))
            array.live.removeLast(min(k, array.live.count))
        case .removeAll:
            removed = array.live
            array.live.removeAll()
        case .removeWhere(let predicate, let item):
            for id in array.live {
                array.copy(id, to: item, frame: &frame)
                let v = predicate.evaluate(frame)
                guard v.isFinite else { _ = value(.expression(predicate), "the condition"); return }
                if v != 0 { removed.append(id) }
            }
            array.live.removeAll { removed.contains($0) }
        case .update(let target, let values, let item):
            var ids: [Int] = []
            switch target {
            case .id(let n):
                guard let v = value(n, "the id") else { return }
                if let id = array.live.first(where: { Double($0) == v }) { ids = [id] }  // gone: as `if let i = firstIndex(…)`, nothing
            case .index(let n):
                guard let v = value(n, "the index") else { return }
                guard v == v.rounded(), v >= 0, v < Double(array.live.count) else {
                    error(a.path, a.position, "index \(formatNumber(v)) \(when) is outside \(UserText.quoted(a.name)), which has \(array.live.count) element\(array.live.count == 1 ? "" : "s") then")
                    return
                }
                ids = [array.live[Int(v)]]
            case .matching(let predicate):
                for id in array.live {
                    array.copy(id, to: item, frame: &frame)
                    let v = predicate.evaluate(frame)
                    guard v.isFinite else { _ = value(.expression(predicate), "the condition"); return }
                    if v != 0 { ids.append(id) }
                }
            }
            for id in ids {
                array.copy(id, to: item, frame: &frame)
                var new: [(Int, Double)] = []
                for (offset, n) in values {
                    guard let v = value(n, array.componentName(offset)) else { return }
                    new.append((offset, v))
                }
                for (offset, v) in new where id < array.fieldSlots.count {
                    let slot = array.fieldSlots[id][offset]
                    frame[slot] = v
                    sets.append(StateAssignment(name: "\(a.name)[id \(id)].\(array.variableName(offset))", slot: slot, value: v))
                }
            }
        case .move(let from, let to):
            guard let f = value(from, "the index to move from"), let t = value(to, "the index to move to") else { return }
            guard f == f.rounded(), f >= 0, f < Double(array.live.count), t == t.rounded(), t >= 0, t < Double(array.live.count) else {
                error(a.path, a.position, "move from \(formatNumber(f)) to \(formatNumber(t)) \(when) is outside \(UserText.quoted(a.name)), which has \(array.live.count) element\(array.live.count == 1 ? "" : "s") then (both indices from 0 to the count − 1)")
                return
            }
            array.live.insert(array.live.remove(at: Int(f)), at: Int(t))
        default:
            return
        }
        for id in removed {
            let slot = array.presenceSlots[id]
            frame[slot] = 0
            sets.append(StateAssignment(name: "\(a.name)[id \(id)]", slot: slot, value: 0))
        }
        // An array whose elements move keeps each element's index variable up to date.
        if !array.rankSlots.isEmpty {
            for (i, id) in array.live.enumerated() where id < array.rankSlots.count && frame[array.rankSlots[id]] != Double(i) {
                let slot = array.rankSlots[id]
                frame[slot] = Double(i)
                sets.append(StateAssignment(name: "\(a.name)[id \(id)].index", slot: slot, value: Double(i)))
            }
        }
        arrayStates[a.name] = array
    }
}
