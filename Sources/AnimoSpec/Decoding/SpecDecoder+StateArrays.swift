// State arrays (docs/spec.md "State arrays and forEach"): their declaration — numbers, points,
// colours or records — and the operations events apply to them: append, insert at an index,
// remove (first, last, all, or those a predicate selects) and per-element updates (a record's
// fields, or a whole number, point or colour). The operations are read here;
// SpecDecoder+Events.swift plays them.

extension SpecDecoder {
    /// A state array while the events are simulated.
    struct ArrayState {
        var name: String
        var element: StateArrayElement
        var fields: [StateArrayField] = []
        var path: String
        var values: [[Double]] = []
        var presenceSlots: [Int] = []
        var fieldSlots: [[Int]] = []
        /// Per id, its index variable, for an array whose elements move (StateArray.rankSlots).
        var rankSlots: [Int] = []
        /// Ids in the array, in order.
        var live: [Int] = []
        /// Every id created, in the order the array shows them (StateArray.order).
        var order: [Int] = []
        /// Whether each element's numbers are state variables: a record's, or an array an event
        /// updates element by element.
        var elementVariables = false
        /// For events that read the array (`xs[i]`, `count(xs)`): the slot holding where, past the
        /// slots, the frame lists its elements while events are played; −1 when none reads it.
        var liveHeader = -1

        var width: Int { StateArray.width(element, fields) }

        var model: StateArray {
            var a = StateArray(name: name, element: element, fields: fields, values: values, presenceSlots: presenceSlots, fieldSlots: fieldSlots, order: order, path: path)
            a.rankSlots = rankSlots
            return a
        }

        /// The name of an element's k-th variable: `x`, `color.red`, `value` for a number.
        func variableName(_ k: Int) -> String {
            element == .numbers ? "value" : componentName(k)
        }

        /// Element `id`'s numbers now: its variables' values, or the values it was created with.
        func current(_ id: Int, _ k: Int, _ frame: [Double]) -> Double {
            fieldSlots.isEmpty ? values[id][k] : frame[fieldSlots[id][k]]
        }

        /// The name of an element's k-th number: `x`, `opacity`, `color.red`, `position.x`.
        func componentName(_ k: Int) -> String {
            let channels = ["red", "green", "blue", "opacity"]
            switch element {
            case .numbers: return "the element"
            case .points: return k == 0 ? "x" : "y"
            case .colors: return channels[k]
            case .records:
                guard let f = fields.last(where: { $0.offset <= k }) else { return "the element" }
                switch f.kind {
                case .number: return f.name
                case .point: return f.name + (k == f.offset ? ".x" : ".y")
                case .color: return f.name + "." + channels[k - f.offset]
                }
            }
        }

        /// Copies element `id` (its current numbers) into the slots an operation's `item` reads.
        func copy(_ id: Int, to item: ItemSlots, frame: inout [Double]) {
            guard item.idSlot >= 0 else { return }
            frame[item.idSlot] = Double(id)
            for k in 0..<width {
                frame[item.firstSlot + k] = current(id, k, frame)
            }
        }
    }

    /// Where an operation's element (`item`) is copied while its predicate or values are evaluated:
    /// the id, then the element's numbers. idSlot −1: the operation reads no element.
    struct ItemSlots {
        var idSlot: Int
        var firstSlot: Int
        static let none = ItemSlots(idSlot: -1, firstSlot: -1)
    }

    /// Which elements `{"update": …}` changes.
    enum ElementTarget {
        case id(SpecNumber)
        case index(SpecNumber)
        case matching(SpecExpression)

        var slots: [Int] {
            switch self {
            case .id(.expression(let e)), .index(.expression(let e)): return e.slots
            case .matching(let e): return e.slots
            default: return []
            }
        }
    }

    // MARK: - Declaration

    /// A state array's declaration: `{"points": [[x, y], …]}`, `{"numbers": [a, …]}`,
    /// `{"colors": [c, …]}`, `{"records": {field: default, …}, "initial": [{field: value}, …]}`,
    /// or a non-empty array of literal numbers or points.
    func stateArray(_ name: String, _ v: JSONValue, _ path: String) -> ArrayState? {
        let kinds = "{\"numbers\": [...]}, {\"points\": [...]}, {\"colors\": [...]} or {\"records\": {field: default, …}, \"initial\": [...]}"
        var element: StateArrayElement
        var items: [JSONValue]
        var itemsPath = path
        var fields: [StateArrayField] = []
        if let members = v.objectMembers {
            if members.contains(where: { $0.key == "records" }) {
                guard let f = object(v, path, allowed: ["records", "initial"]) else { return nil }
                element = .records
                fields = recordFields(f["records"]!, f.path("records"))
                itemsPath = f.path("initial")
                items = f["initial"].flatMap { array($0, itemsPath, what: "an array of records ({field: value, …})") } ?? []
            } else {
                guard let f = object(v, path, allowed: ["numbers", "points", "colors"], what: kinds), f.members.count == 1,
                      let kind = StateArrayElement(rawValue: f.members[0].key) else {
                    if members.isEmpty || members.count > 1 { error(path, v.position, "expected one key with the initial elements: \(kinds)") }
                    return nil
                }
                element = kind
                itemsPath = f.path(kind.rawValue)
                guard let a = array(f.members[0].value, itemsPath, what: "an array of \(kind.rawValue)") else { return nil }
                items = a
            }
        } else {
            items = v.arrayElements ?? []
            guard let first = items.first else {
                error(path, v.position, "an empty array does not say what it holds: write \(kinds)")
                return nil
            }
            element = first.arrayElements != nil ? .points : .numbers
        }
        var a = ArrayState(name: name, element: element, fields: fields, path: path)
        for (k, item) in items.enumerated() {
            let ip = SpecDecoder.index(itemsPath, k)
            switch element {
            case .numbers:
                guard case .number(let d) = item.kind else { error(ip, item.position, "expected a number (the initial elements are literals), got \(item.brief)"); continue }
                a.values.append([d])
            case .points:
                guard let p = literalPoint(item, ip) else { continue }
                a.values.append(p)
            case .colors:
                a.values.append(linearChannels(color(item, ip)))
            case .records:
                guard let f = object(item, ip, allowed: fields.map(\.name), what: "a record ({field: value, …}, literals)") else { continue }
                var values: [Double] = []
                for field in fields {
                    guard let fv = f[field.name] else { values += field.defaultValue; continue }
                    values += fieldLiteral(field.kind, fv, f.path(field.name)) ?? field.defaultValue
                }
                a.values.append(values)
            }
        }
        if a.values.count > SpecDecoder.maxArrayElements {
            error(path, v.position, "\(a.values.count) elements; the limit is \(SpecDecoder.maxArrayElements)")
            a.values.removeAll()
        }
        a.live = Array(a.values.indices)
        a.order = a.live
        a.elementVariables = element == .records || updatedArrays.contains(name)
        return a
    }

    /// `{"x": 0, "position": [0, 0], "color": "white"}`: the fields of a record and their
    /// defaults; a number makes a number field, `[x, y]` a point, a colour a colour.
    func recordFields(_ v: JSONValue, _ path: String) -> [StateArrayField] {
        guard let f = object(v, path, allowed: v.objectMembers?.map(\.key) ?? [], what: "an object of fields and their default values, e.g. {\"x\": 0, \"opacity\": 1, \"color\": \"white\"}") else { return [] }
        if f.members.isEmpty { error(path, v.position, "a record has at least one field, e.g. {\"opacity\": 1}") }
        var fields: [StateArrayField] = []
        var offset = 0
        for m in f.members where checkIdentifier(m.key, f.path(m.key), m.keyPosition) {
            let p = f.path(m.key)
            if m.key == "id" {
                error(p, m.keyPosition, "\"id\" is every element's own id (given when it is appended): name the field otherwise")
                continue
            }
            let kind: StateArrayField.Kind
            switch m.value.kind {
            case .number, .bool: kind = .number
            case .array: kind = .point
            case .string, .object: kind = .color
            default:
                error(p, m.value.position, "expected a default value: a number, a point [x, y] or a colour, got \(m.value.brief)")
                continue
            }
            guard let d = fieldLiteral(kind, m.value, p) else { continue }
            fields.append(StateArrayField(name: m.key, kind: kind, offset: offset, defaultValue: d))
            offset += kind.width
        }
        return fields
    }

    /// A literal value of a field: a number (or boolean), a point, or a colour's linear channels.
    func fieldLiteral(_ kind: StateArrayField.Kind, _ v: JSONValue, _ path: String) -> [Double]? {
        switch kind {
        case .number:
            if case .bool(let b) = v.kind { return [b ? 1 : 0] }
            guard case .number(let d) = v.kind else { error(path, v.position, "expected a number (a literal), got \(v.brief)"); return nil }
            return [d]
        case .point: return literalPoint(v, path)
        case .color: return linearChannels(color(v, path))
        }
    }

    func literalPoint(_ v: JSONValue, _ path: String) -> [Double]? {
        guard let xy = v.arrayElements, xy.count == 2, case .number(let x) = xy[0].kind, case .number(let y) = xy[1].kind else {
            error(path, v.position, "expected a point [x, y] of two literal numbers, got \(v.brief)")
            return nil
        }
        return [x, y]
    }

    /// A colour as a state array holds it: linear red, green, blue and opacity, as it animates.
    func linearChannels(_ c: SpecColor) -> [Double] {
        [ColorTransfer.linear(c.red), ColorTransfer.linear(c.green), ColorTransfer.linear(c.blue), c.opacity]
    }

    /// A new element's variables: its presence, named `stars[id 3]` (not an identifier, so no
    /// expression can name it), 1 while it is in the array; then for a record, or an array an
    /// event updates, one per number (`stars[id 3].opacity`, `xs[id 2].value`), starting at the
    /// values it is created with.
    func newElementVariables(_ array: String, values: [Double], present: Bool) -> [StateVariable] {
        var a = arrayStates[array]!
        let id = a.presenceSlots.count
        let name = "\(array)[id \(id)]"
        let slot = allocateSlot(name, kind: .state, path: a.path)
        a.presenceSlots.append(slot)
        if a.values.count <= id { a.values.append(values) }
        var out = [StateVariable(name: name, initial: present ? 1 : 0, isBoolean: true, slot: slot)]
        if a.elementVariables {
            var fieldSlots: [Int] = []
            for (k, v) in values.enumerated() {
                let n = "\(name).\(a.variableName(k))"
                let s = allocateSlot(n, kind: .state, path: a.path)
                fieldSlots.append(s)
                out.append(StateVariable(name: n, initial: v, isBoolean: false, slot: s))
            }
            a.fieldSlots.append(fieldSlots)
        }
        if movedArrays.contains(array) {
            // Its index: an initial element's is its id; a new one's is set when it is placed.
            let n = "\(name).index"
            let s = allocateSlot(n, kind: .state, path: a.path)
            a.rankSlots.append(s)
            out.append(StateVariable(name: n, initial: present ? Double(id) : 0, isBoolean: false, slot: s))
        }
        arrayStates[array] = a
        return out
    }

    /// The names of the state arrays some event or handler moves (`{"xs": {"move": …}}` anywhere
    /// in the events or the content), or whose `forEach` content reads its element's index
    /// (`star.index`), read before anything is checked.
    static func movedArrayNames(_ roots: [JSONValue?]) -> Set<String> {
        var names: Set<String> = []
        func walk(_ v: JSONValue, _ depth: Int) {
            guard depth < 512 else { return }
            if let members = v.objectMembers {
                for m in members {
                    if let inner = m.value.objectMembers, inner.count == 1, inner[0].key == "move" { names.insert(m.key) }
                    if m.key == "forEach", let f = m.value.objectMembers,
                       let array = f.first(where: { $0.key == "in" })?.value.stringValue,
                       let element = f.first(where: { $0.key == "as" })?.value.stringValue,
                       let content = f.first(where: { $0.key == "content" })?.value,
                       reads(content, element + ".index", depth + 1) {
                        names.insert(array)
                    }
                    walk(m.value, depth + 1)
                }
            } else if let items = v.arrayElements {
                for item in items { walk(item, depth + 1) }
            }
        }
        for r in roots { if let r { walk(r, 0) } }
        return names
    }

    /// Whether a string of `v` (an expression) names `name` (`star.index`, not `mystar.index` or
    /// `star.indexes`).
    static func reads(_ v: JSONValue, _ name: String, _ depth: Int) -> Bool {
        guard depth < 512 else { return false }
        if let s = v.stringValue {
            func partOfName(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false }
            var rest = s[...]
            while let r = rest.range(of: name) {
                let before = r.lowerBound > s.startIndex ? s[s.index(before: r.lowerBound)] : nil
                let after = r.upperBound < s.endIndex ? s[r.upperBound] : nil
                if !partOfName(before), !(after.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) { return true }
                rest = s[r.upperBound...]
            }
            return false
        }
        if let members = v.objectMembers { return members.contains { reads($0.value, name, depth + 1) } }
        if let items = v.arrayElements { return items.contains { reads($0, name, depth + 1) } }
        return false
    }

    /// `{"move": {"from": i, "to": j}}`: its two indices (numbers or expressions).
    func moveIndices(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> (from: SpecNumber, to: SpecNumber)? {
        guard let mf = object(v, path, allowed: ["from", "to"], what: "{\"from\": index, \"to\": index}") else { return nil }
        guard let fv = mf["from"], let tv = mf["to"] else {
            if !mf.has("from") { missing(mf, "from", "the index of the element to move, from 0") }
            if !mf.has("to") { missing(mf, "to", "its index after the move, from 0 (as insert(_:at:) takes it once the element is removed)") }
            return nil
        }
        return (number(fv, mf.path("from"), scope), number(tv, mf.path("to"), scope))
    }

    /// The names of the state arrays some event updates element by element (`{"xs": {"update":
    /// …}}` in a `set`), read from the events as written, before anything is checked: their
    /// elements need variables from the start.
    static func updatedArrayNames(_ events: JSONValue?) -> Set<String> {
        var names: Set<String> = []
        func sets(_ v: JSONValue?) {
            for m in v?.objectMembers ?? [] where m.value.objectMembers?.contains(where: { $0.key == "update" }) == true {
                names.insert(m.key)
            }
        }
        for e in events?.arrayElements ?? [] {
            guard let members = e.objectMembers else { continue }
            for m in members {
                if m.key == "set" { sets(m.value) }
                if m.key == "changes" { for c in m.value.arrayElements ?? [] { sets(c.objectMembers?.first(where: { $0.key == "set" })?.value) } }
            }
        }
        return names
    }

    // MARK: - Operations

    /// `{"append": element}`, `{"insert": {"element": element, "at": index}}`, `{"removeFirst": k}`,
    /// `{"removeLast": k}`, `{"removeAll": true}`, `{"removeAll": {"where": predicate, "as": name}}`
    /// or `{"update": {"id" | "index" | "where": …, "as": name, "set": value}}` (for records
    /// `{field: value, …}`, else the new element).
    func arrayOperation(_ v: JSONValue, _ path: String, _ a: ArrayState, _ scope: ExpressionScope) -> PendingValue? {
        let ops = ["append", "insert", "removeFirst", "removeLast", "removeAll", "update", "move"]
        let what = "{\"append\": element}, {\"insert\": {\"element\": …, \"at\": index}}, {\"removeFirst\": count}, {\"removeLast\": count}, {\"removeAll\": true}, {\"removeAll\": {\"where\": \"=…\"}}, {\"update\": {\"index\": …, \"set\": \(a.element == .records ? "{field: value}" : "element")}} or {\"move\": {\"from\": index, \"to\": index}}"
        guard v.objectMembers != nil else {
            error(path, v.position, "\(UserText.quoted(a.name)) is an array of \(a.element.rawValue): expected \(what), got \(v.brief)")
            return nil
        }
        guard let f = object(v, path, allowed: ops, what: what) else { return nil }
        guard f.members.count == 1 else {
            error(path, v.position, "expected one operation: \(what)")
            return nil
        }
        let m = f.members[0]
        let mp = f.path(m.key)
        switch m.key {
        case "append":
            return .append(elementValue(m.value, mp, a, scope))
        case "insert":
            guard let inf = object(m.value, mp, allowed: ["element", "at"], what: "{\"element\": …, \"at\": index}") else { return nil }
            guard let ev = inf["element"], let iv = inf["at"] else {
                if !inf.has("element") { missing(inf, "element", "the element to insert") }
                if !inf.has("at") { missing(inf, "at", "its index, from 0 (the array's count inserts it last)") }
                return nil
            }
            return .insert(elementValue(ev, inf.path("element"), a, scope), at: number(iv, inf.path("at"), scope))
        case "removeFirst", "removeLast":
            let k = integer(m.value, mp, min: 1, max: SpecDecoder.maxArrayElements)
            return m.key == "removeFirst" ? .removeFirst(k) : .removeLast(k)
        case "update":
            return update(m.value, mp, a, scope)
        case "move":
            guard let (from, to) = moveIndices(m.value, mp, scope) else { return nil }
            return .move(from: from, to: to)
        default:
            if case .bool(true) = m.value.kind { return .removeAll }
            guard m.value.objectMembers != nil, let rf = object(m.value, mp, allowed: ["where", "as"]) else {
                if m.value.objectMembers == nil { error(mp, m.value.position, "expected true, or {\"where\": \"=…\"} for the elements to remove, got \(m.value.brief)") }
                return nil
            }
            let (inner, item) = itemScope(rf, a, scope)
            guard let p = predicate(rf, inner) else { return nil }
            return .removeWhere(p, item)
        }
    }

    /// The scope an operation's expressions see: `item` (or its `as` name) is the element being
    /// looked at, copied into slots of its own.
    func itemScope(_ f: Fields, _ a: ArrayState, _ scope: ExpressionScope) -> (ExpressionScope, ItemSlots) {
        var name = "item"
        if let av = f["as"] {
            if let s = av.stringValue, checkIdentifier(s, f.path("as"), av.position) { name = s } else if av.stringValue == nil {
                error(f.path("as"), av.position, "expected a variable name, got \(av.brief)")
            }
        }
        // `n`'s slot is the first one allocated while events are read (SpecDecoder+Events.swift).
        if let n = scope.names["n"], slots.count == n { _ = allocateSlot("n", kind: .loop, path: "events") }
        let idSlot = allocateSlot(name + ".id", kind: .loop, path: f.path)
        var first = idSlot + 1
        for k in 0..<a.width { let s = allocateSlot("\(name).\(a.componentName(k))", kind: .loop, path: f.path); if k == 0 { first = s } }
        let item = ItemSlots(idSlot: idSlot, firstSlot: first)
        var inner: ExpressionScope
        if a.element == .records {
            inner = scope.adding(name, recordIn: a.fields, firstSlot: first, idSlot: idSlot)
        } else {
            inner = scope.adding(name, value: ParsedValue.element(a.element) { .variable(first + $0) })
            inner.values[name + ".id"] = .number(.variable(idSlot))
        }
        return (inner, item)
    }

    /// `where`: an expression that is true for the elements selected.
    func predicate(_ f: Fields, _ scope: ExpressionScope) -> SpecExpression? {
        guard let wv = f["where"] else {
            missing(f, "where", "a condition on the element, e.g. \"=item.opacity == 0\"")
            return nil
        }
        guard case .string(let text) = wv.kind, text.hasPrefix("=") else {
            error(f.path("where"), wv.position, "expected a condition \"=…\" on the element (item), got \(wv.brief)")
            return nil
        }
        return expression(wv, text, f.path("where"), scope)
    }

    /// `{"update": {"id": k | "index": i | "where": "=…", "as": name, "set": {field: value, …}}}`,
    /// or for an array of numbers, points or colours `"set": element` (the whole element).
    func update(_ v: JSONValue, _ path: String, _ a: ArrayState, _ scope: ExpressionScope) -> PendingValue? {
        guard let f = object(v, path, allowed: ["id", "index", "where", "as", "set"]) else { return nil }
        let given = ["id", "index", "where"].filter { f.has($0) }
        guard given.count == 1 else {
            error(path, v.position, given.isEmpty ? "an update says which element: \"id\" (its id), \"index\" (its place now) or \"where\" (a condition)"
                  : "an update has one of \"id\", \"index\" and \"where\", not \(given.joined(separator: " and "))")
            return nil
        }
        let (inner, item) = itemScope(f, a, scope)
        let target: ElementTarget
        switch given[0] {
        case "id": target = .id(number(f["id"]!, f.path("id"), scope))
        case "index": target = .index(number(f["index"]!, f.path("index"), scope))
        default:
            guard let p = predicate(f, inner) else { return nil }
            target = .matching(p)
        }
        guard let sv = f["set"] else {
            missing(f, "set", a.element == .records ? "the new field values, e.g. {\"opacity\": 0}" : "the new element, e.g. \(a.element == .numbers ? "1" : a.element == .points ? "[10, 20]" : "\"red\"")")
            return nil
        }
        guard a.element == .records else {
            return .update(target, elementValue(sv, f.path("set"), a, inner).enumerated().map { ($0.offset, $0.element) }, item)
        }
        guard let sf = object(sv, f.path("set"), allowed: a.fields.map(\.name), what: "an object of field values") else { return nil }
        if sf.members.isEmpty { error(f.path("set"), sv.position, "an update sets at least one field") }
        var values: [(offset: Int, value: SpecNumber)] = []
        for m in sf.members {
            guard let field = a.fields.first(where: { $0.name == m.key }) else { continue }
            for (k, n) in fieldValue(field.kind, m.value, sf.path(m.key), inner).enumerated() { values.append((field.offset + k, n)) }
        }
        return .update(target, values, item)
    }

    /// An element to append: a number, a point, a colour, or a record's fields (each may be an
    /// expression; a field not given takes its default).
    func elementValue(_ v: JSONValue, _ path: String, _ a: ArrayState, _ scope: ExpressionScope) -> [SpecNumber] {
        switch a.element {
        case .numbers: return fieldValue(.number, v, path, scope)
        case .points: return fieldValue(.point, v, path, scope)
        case .colors: return fieldValue(.color, v, path, scope)
        case .records:
            guard let f = object(v, path, allowed: a.fields.map(\.name), what: "a record {field: value, …}") else { return a.fields.flatMap { $0.defaultValue.map(SpecNumber.constant) } }
            return a.fields.flatMap { field in
                f[field.name].map { fieldValue(field.kind, $0, f.path(field.name), scope) } ?? field.defaultValue.map(SpecNumber.constant)
            }
        }
    }

    /// A value of a field kind as its numbers, each a constant or an expression evaluated when the
    /// event fires.
    func fieldValue(_ kind: StateArrayField.Kind, _ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> [SpecNumber] {
        switch kind {
        case .number:
            if case .bool(let b) = v.kind { return [.constant(b ? 1 : 0)] }
            return [number(v, path, scope)]
        case .point:
            if case .string(let text) = v.kind, text.hasPrefix("=") {
                do {
                    let (value, _) = try ExpressionParser.parseValue(String(text.unicodeScalars.dropFirst()), scope: scope)
                    guard case .point(let x, let y) = value else {
                        error(path, v.position, "expected a point, but the expression yields \(value.typeName)")
                        return [.constant(0), .constant(0)]
                    }
                    return [x, y].map { n in n.constantValue.map(SpecNumber.constant) ?? .expression(SpecExpression(tree: n, source: text)) }
                } catch {
                    expressionError(error, v, text, path)
                    return [.constant(0), .constant(0)]
                }
            }
            guard let xy = v.arrayElements, xy.count == 2 else {
                error(path, v.position, "expected a point [x, y] (numbers or expressions), got \(v.brief)")
                return [.constant(0), .constant(0)]
            }
            return [number(xy[0], SpecDecoder.index(path, 0), scope), number(xy[1], SpecDecoder.index(path, 1), scope)]
        case .color:
            switch colorValue(v, path, scope) {
            case .colorExpression(let e): return e.channels
            case .color(let c): return linearChannels(c).map(SpecNumber.constant)
            default: return linearChannels(.clear).map(SpecNumber.constant)
            }
        }
    }
}
