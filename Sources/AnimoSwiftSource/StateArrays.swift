// State arrays: `@State var items: [Double]`, `[CGPoint]` or `[Color]` (literal initial elements,
// often `[]`) is the spec's state array; `append(x)`, `insert(x, at: i)`, `items[i] = x`,
// `removeFirst()`/`removeFirst(k)`, `removeLast(k)` and `removeAll()` in event handlers are its
// operations, with values known when the event runs; `items[i]` and `items.count` read the array
// as the events left it (the front end keeps its contents, RecordArrayModel); and
// `ForEach(items) { item in … }` (or `id: \.self`) is a `forEach` whose elements come and go.
import Foundation
internal import SwiftSyntax

extension Compiler {
    /// The array kind and initial elements, or nil for elements the spec cannot hold.
    func stateArray(_ items: [Value], _ type: String?, _ at: SwiftPosition) -> (String, [JSON])? {
        let t = type?.replacingOccurrences(of: " ", with: "")
        var kind: String?
        if let t, ["[Double]", "[CGFloat]", "[Float]", "[Int]"].contains(t) { kind = "numbers" }
        if t == "[CGPoint]" { kind = "points" }
        if t == "[Color]" { kind = "colors" }
        if kind == nil, t == nil, let first = items.first {
            if case .number = first { kind = "numbers" } else if case .color = first { kind = "colors" } else if first.field("x") != nil, first.field("y") != nil { kind = "points" }
        }
        guard let kind else { return nil }
        var elements: [JSON] = []
        for v in items {
            guard let e = try? element(v, kind, at) else { return nil }
            elements.append(e)
        }
        return (kind, elements)
    }

    /// One element as the spec writes it: a number, or `[x, y]`; known now.
    func element(_ v: Value, _ kind: String, _ at: SwiftPosition) throws -> JSON {
        func known(_ v: Value?) throws -> Double {
            guard case .number(let e, _)? = v, let k = e.constant else {
                throw Unsupported(position: at, construct: "append", message: "an element known only while rendering is not modelled")
            }
            return k
        }
        if kind == "numbers" { return .number(try known(v)) }
        if kind == "colors" { return try fieldJSON(v, "color", at) }
        if case .member("zero", _) = v { return .array([.number(0), .number(0)]) }
        return .array([.number(try known(v.field("x"))), .number(try known(v.field("y")))])
    }

    /// `items.append(x)`, `removeFirst(k)`, `removeLast(k)`, `removeAll()` while events run.
    func stateArrayOperation(_ f: [(String, Value)], _ method: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws {
        guard case .string(let name)? = f.first(where: { $0.0 == "name" })?.1, case .string(let kind)? = f.first(where: { $0.0 == "kind" })?.1 else { return }
        if handlerCapture != nil, let model = recordArrays[name] {
            // In a gesture handler: the element remove(at:) took out, put back (a move).
            if method == "insert", let e = a.first, let ie = a.labeled("at") { return try handlerInsert(model, try eval(e, s), try eval(ie, s), at) }
            if method == "remove", let ie = a.labeled("at") { _ = try handlerRemove(model, try eval(ie, s), at); return }
        }
        guard stateValues != nil, handlerCapture == nil else {
            throw Unsupported(position: at, construct: method, message: "a state array changed outside onAppear/task/timer handlers is not modelled")
        }
        if method == "insert" { return try insert(name, kind, a, s, at) }
        if method == "swapAt" || method == "move" { return try moveElements(name, method, a, s, at) }
        if method == "remove", a.labeled("at") != nil { _ = try removeElement(f, a, s, at); return }
        if let model = recordArrays[name], let op = try recordArrayOperation(model, method, a, s, at), case .object(let m) = op, !m.isEmpty {
            events.append(EventDecl(at: now, set: [], operations: [(name, op)], animation: currentAnimation, position: at, block: newBlock()))
            return
        } else if recordArrays[name] != nil, method == "removeAll", a.closure("where") != nil || !a.trailing.isEmpty {
            return  // nothing matched: no change
        }
        let op: JSON
        switch method {
        case "append":
            guard let e = a.first else { throw Unsupported(position: at, construct: method, message: "append needs an element") }
            let v = try eval(e, s)
            op = .object([("append", try element(v, kind, at))])
            if let model = plainArrays[name] {
                model.elements.append(v)
                model.live.append(model.elements.count - 1)
            }
        case "removeFirst", "removeLast":
            let k = try a.first.map { try constant($0, s, method) } ?? 1
            guard k >= 1, k == k.rounded() else { throw Unsupported(position: at, construct: method, message: "\(method) needs a whole number ≥ 1") }
            op = .object([(method, .number(k))])
            if let model = plainArrays[name] {
                let n = min(Int(k), model.live.count)
                if method == "removeFirst" { model.live.removeFirst(n) } else { model.live.removeLast(n) }
            }
        case "removeAll" where a.closure("where") != nil || !a.trailing.isEmpty:
            // The elements it removes are decided now, by id, as for an array of structs.
            guard let model = plainArrays[name] else { throw Unsupported(position: at, construct: method, message: "removeAll(where:) on this array is not modelled") }
            let ids = try matchingIds(model, a, s, at, method)
            if ids.isEmpty { return }
            model.live.removeAll { ids.contains($0) }
            op = .object([("removeAll", .object([("where", .string("=" + ids.map { "item.id == \($0)" }.joined(separator: " || ")))]))])
        case "removeAll":
            op = .object([("removeAll", .bool(true))])
            plainArrays[name]?.live.removeAll()
        default:
            throw Unsupported(position: at, construct: method, message: "the state array method '\(method)' is not modelled")
        }
        // Each operation is its own event: the spec applies one operation per array per event.
        events.append(EventDecl(at: now, set: [], operations: [(name, op)], animation: currentAnimation, position: at, block: newBlock()))
        if let drop = boundedArrayFollowUp(name, op) {
            events.append(EventDecl(at: now, set: [], operations: [(name, drop)], animation: currentAnimation, position: at, block: newBlock()))
        }
    }

    /// `items.insert(x, at: i)` while events run: the element gets the next id and its place; the
    /// index must be known then, inside 0…count.
    func insert(_ name: String, _ kind: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws {
        guard let model = recordArrays[name] ?? plainArrays[name], let e = a.first, let ie = a.labeled("at") else {
            throw Unsupported(position: at, construct: "insert", message: "insert needs an element and at: an index")
        }
        let v = try eval(e, s)
        guard let i = try number(ie, s, "index").constant else {
            throw Unsupported(position: at, construct: "insert", message: "an index not known when the event runs is not modelled")
        }
        guard i == i.rounded(), i >= 0, i <= Double(model.live.count) else {
            throw Unsupported(position: at, construct: "insert", message: "index \(formatSpecNumber(i)) is outside 0…\(model.live.count): \(name) has \(model.live.count) elements then")
        }
        if try reinsert(name, model, v, Int(i)) { return }
        let json = kind == "records" ? try recordJSON(model, v, at) : try element(v, kind, at)
        model.elements.append(v)
        model.live.insert(model.elements.count - 1, at: Int(i))
        let op: JSON = .object([("insert", .object([("element", json), ("at", .number(i))]))])
        events.append(EventDecl(at: now, set: [], operations: [(name, op)], animation: currentAnimation, position: at, block: newBlock()))
    }

    /// `xs[i] = v` of an array of numbers, points or colours while events run: an update of that
    /// element's id, animated with the event's animation.
    func assignStateArrayElement(_ f: [(String, Value)], _ sub: SubscriptCallExprSyntax, _ value: Value, _ s: Scope, _ at: SwiftPosition) throws {
        guard case .string(let name)? = f.first(where: { $0.0 == "name" })?.1, case .string(let kind)? = f.first(where: { $0.0 == "kind" })?.1,
              let model = recordArrays[name] ?? plainArrays[name], let arg = sub.arguments.first else {
            throw Unsupported(position: at, construct: "assignment", message: "assigning to an element of this array is not modelled")
        }
        guard stateValues != nil, handlerCapture == nil else {
            throw Unsupported(position: at, construct: "assignment", message: "a state array changed outside onAppear/task/timer handlers is not modelled")
        }
        guard let k = try number(arg.expression, s, "index").constant else {
            throw Unsupported(position: at, construct: "assignment", message: "an index not known when the event runs is not modelled")
        }
        guard kind != "records" else {
            throw Unsupported(position: at, construct: "assignment", message: "assigning a whole struct to an element (a new id) is not modelled: assign its fields, xs[i].field = v")
        }
        _ = try model.element(at: k, at)
        let id = model.live[Int(k)]
        let set = try element(value, kind, at)
        model.elements[id] = value
        let op: JSON = .object([("update", .object([("id", .number(Double(id))), ("set", set)]))])
        events.append(EventDecl(at: now, set: [], operations: [(name, op)], animation: currentAnimation, position: at, block: newBlock()))
    }

    /// `ForEach(items) { item in … }` over a state array: a `forEach` node.
    func stateArrayForEach(_ f: [(String, Value)], _ closure: ClosureExprSyntax, _ s: Scope, _ ctx: ViewContext, _ at: SwiftPosition) throws -> [JSON] {
        guard case .string(let name)? = f.first(where: { $0.0 == "name" })?.1, case .string(let kind)? = f.first(where: { $0.0 == "kind" })?.1 else { return [] }
        let swiftName = closureParameterNames(closure).first.flatMap { $0 == "_" ? nil : $0 } ?? "$0"
        let specName = loopName(swiftName)
        let scope = s.child()
        let v: Value = kind == "numbers" ? .number(.name(specName), isInt: false)
            : kind == "colors" ? .color(.string("=" + specName))
            : recordArrays[name].map { recordElementValue($0, specName) }
            ?? .record("CGPoint", [("x", .number(.name(specName + ".x"), isInt: false)), ("y", .number(.name(specName + ".y"), isInt: false))])
        scope.values[swiftName] = v
        scope.values["$0"] = v
        activeLoopNames.insert(specName)
        defer { activeLoopNames.remove(specName) }
        if let model = recordArrays[name], model.hasStrings {
            return try identityForEach(model, closure, swiftName, specName, s, ctx, at)
        }
        let nodes = try compileViewItems(closure.statements, scope, ctx)
        if nodes.isEmpty { return [] }
        return [.located(at, .object([("forEach", .object([("in", .string(name)), ("as", .string(specName)), ("content", .array(nodes))]))]))]
    }
}

// MARK: - Arrays of records

// `@State var stars: [Star]` of a struct whose stored properties are numbers, points, angles,
// booleans and colours (with `let id = UUID()` or `UUID().uuidString` as its identity) is the
// spec's array of records. The front end keeps the array's logical contents while events run —
// each element's values by spec id, and the ids in the array — so `firstIndex(where:)` and
// `removeAll(where:)` are decided when the event runs, and `xs[i].field = v` becomes an update of
// that element's id, animated with the event's animation.

/// A field of a struct held in a record array: its kind (`number`, `angle` in degrees, `point`,
/// `color`) and default as spec JSON.
struct RecordFieldDecl {
    var name: String
    var kind: String
    var defaultValue: JSON
}

/// A record array's logical contents while events run.
final class RecordArrayModel {
    let name: String
    let fields: [RecordFieldDecl]
    /// Elements by spec id (0, 1, … in order of creation), as Swift values.
    var elements: [Value]
    /// Ids in the array, in order.
    var live: [Int]

    /// Whether some field is a `String`: not a spec field, the content is chosen per element.
    var hasStrings: Bool { fields.contains { $0.kind == "string" } }

    init(name: String, fields: [RecordFieldDecl], elements: [Value]) {
        self.name = name
        self.fields = fields
        self.elements = elements
        self.live = Array(elements.indices)
    }

    func element(at index: Double, _ at: SwiftPosition) throws -> Value {
        guard index == index.rounded(), index >= 0, index < Double(live.count) else {
            throw Unsupported(position: at, construct: "subscript", message: "index \(formatSpecNumber(index)) is outside \(name), which has \(live.count) elements then")
        }
        return elements[live[Int(index)]]
    }
}

extension Compiler {
    func recordModel(_ f: [(String, Value)]) -> RecordArrayModel? {
        guard case .string(let name)? = f.first(where: { $0.0 == "name" })?.1 else { return nil }
        return recordArrays[name]
    }

    /// The contents of a state array of numbers, points or colours.
    func plainModel(_ f: [(String, Value)]) -> RecordArrayModel? {
        guard case .string(let name)? = f.first(where: { $0.0 == "name" })?.1 else { return nil }
        return plainArrays[name]
    }

    /// The fields and initial elements of `[Struct]` when every stored property is one the spec
    /// holds; nil otherwise.
    func recordArray(_ items: [Value], _ type: String?, _ at: SwiftPosition) throws -> (fields: [RecordFieldDecl], initial: [JSON])? {
        guard let t = type?.replacingOccurrences(of: " ", with: ""), t.hasPrefix("["), t.hasSuffix("]"),
              let decl = index.types[String(t.dropFirst().dropLast())], !decl.isView, !decl.isEnum, !decl.isShape else { return nil }
        var fields: [RecordFieldDecl] = []
        for p in decl.properties where !p.isStatic && p.getter == nil && p.name != "id" {
            var initial: Value?
            if let e = p.initializer { initial = try? eval(e, Scope(parent: nil)) }
            let kind: String
            switch p.type?.replacingOccurrences(of: " ", with: "") {
            case "CGFloat"?, "Double"?, "Float"?, "Int"?, "Bool"?: kind = "number"
            case "CGPoint"?: kind = "point"
            case "Angle"?: kind = "angle"
            case "Color"?: kind = "color"
            case "String"?: kind = "string"
            case nil:
                switch initial {
                case .number?, .bool?: kind = "number"
                case .angle?: kind = "angle"
                case .color?: kind = "color"
                case .record("CGPoint", _)?: kind = "point"
                case .string(let str)? where !str.hasPrefix("UUID-"): kind = "string"
                default: return nil
                }
            default: return nil
            }
            if kind == "string" {
                // Not a spec field: the content is chosen by the element's identity (ForEach).
                fields.append(RecordFieldDecl(name: p.name, kind: kind, defaultValue: .null))
                continue
            }
            let zero: JSON = kind == "point" ? .array([.number(0), .number(0)]) : kind == "color" ? .string("clear") : .number(0)
            let d = try initial.map { try fieldJSON($0, kind, at) } ?? zero
            fields.append(RecordFieldDecl(name: p.name, kind: kind, defaultValue: d))
        }
        guard fields.contains(where: { $0.kind != "string" }) else { return nil }
        var initial: [JSON] = []
        for v in items {
            guard case .record(_, let fs) = v else { return nil }
            // Each element's strings are known now (a constant per element).
            for f in fields where f.kind == "string" {
                guard case .string? = fs.first(where: { $0.0 == f.name })?.1 else { return nil }
            }
            initial.append(.object(try fields.filter { $0.kind != "string" }.compactMap { f in try fs.first { $0.0 == f.name }.map { (f.name, try fieldJSON($0.1, f.kind, at)) } }))
        }
        return (fields, initial)
    }

    /// A field's value as the spec writes it: a number, `[x, y]`, or a colour; known now.
    func fieldJSON(_ v: Value, _ kind: String, _ at: SwiftPosition) throws -> JSON {
        func known(_ e: Expr) throws -> JSON {
            guard let k = e.constant else {
                throw Unsupported(position: at, construct: "append", message: "a field known only while rendering is not modelled")
            }
            return .number(k)
        }
        switch (kind, v) {
        case ("number", .number(let e, _)), ("number", .bool(let e)), ("angle", .angle(let e)), ("angle", .number(let e, _)): return try known(e)
        case ("point", .member("zero", _)): return .array([.number(0), .number(0)])
        case ("number", .member("zero", _)), ("angle", .member("zero", _)): return .number(0)
        case ("point", .record(_, _)):
            guard case .number(let x, _)? = v.field("x"), case .number(let y, _)? = v.field("y") else { break }
            return .array([try known(x), try known(y)])
        case ("color", .color(let c)): return c
        case ("color", .member(let name, let args)) where args.isEmpty:
            if case .color(let c) = try namedColor(name, at) { return c }
        default: break
        }
        throw Unsupported(position: at, construct: "append", message: "\(v.kindName) where the struct has a \(kind) field is not modelled")
    }

    /// A whole element as the spec's `append` takes it.
    func recordJSON(_ model: RecordArrayModel, _ v: Value, _ at: SwiftPosition) throws -> JSON {
        guard case .record(_, let fs) = v else {
            throw Unsupported(position: at, construct: "append", message: "appending \(v.kindName) to an array of structs is not modelled")
        }
        if model.hasStrings {
            throw Unsupported(position: at, construct: "append", message: "a new element of an array of structs with String fields is not modelled (their content is chosen by each element's identity)")
        }
        return .object(try model.fields.compactMap { f in try fs.first { $0.0 == f.name }.map { (f.name, try fieldJSON($0.1, f.kind, at)) } })
    }

    /// The live ids whose element satisfies the closure (`{ $0.id == star.id }`), decided now.
    func matchingIds(_ model: RecordArrayModel, _ a: Arguments, _ s: Scope, _ at: SwiftPosition, _ method: String) throws -> [Int] {
        guard let closure = a.closure("where") ?? a.trailing.first else {
            throw Unsupported(position: at, construct: method, message: "\(method) needs a where: closure")
        }
        var ids: [Int] = []
        for id in model.live {
            let r = try callClosure(closure, s, args: [model.elements[id]], at: at) ?? .void
            guard case .bool(let e) = r, let k = e.constant else {
                throw Unsupported(position: at, construct: method, message: "a condition not known when the event runs is not modelled")
            }
            if k != 0 { ids.append(id) }
        }
        return ids
    }

    /// `firstIndex(where:)`, `count`-like queries of a record array while events run.
    func recordArrayQuery(_ model: RecordArrayModel, _ name: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        if stateValues == nil, handlerCapture == nil, model.hasStrings, name == "firstIndex" || name == "lastIndex" {
            return try initialIndex(model, name, a, s, at)
        }
        if handlerCapture != nil, name == "firstIndex", let v = try handlerElementIndex(model, a, s, at) { return v }
        guard stateValues != nil, handlerCapture == nil else {
            throw Unsupported(position: at, construct: name, message: "reading a state array of structs outside onAppear/task/timer handlers is not modelled")
        }
        switch name {
        case "firstIndex", "lastIndex":
            let ids = try matchingIds(model, a, s, at, name)
            guard let id = name == "firstIndex" ? ids.first : ids.last, let k = model.live.firstIndex(of: id) else { return .optionalNone }
            return .number(.num(Double(k)), isInt: true)
        default:
            throw Unsupported(position: at, construct: name, message: "the method '\(name)' of a state array of structs is not modelled")
        }
    }

    /// An operation on a record array while events run: `append(x)`, `removeAll(where:)`,
    /// `removeAll()`, `removeFirst(k)`, `removeLast(k)`.
    func recordArrayOperation(_ model: RecordArrayModel, _ method: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> JSON? {
        switch method {
        case "append":
            guard let e = a.first else { throw Unsupported(position: at, construct: method, message: "append needs an element") }
            let v = try eval(e, s)
            let json = try recordJSON(model, v, at)
            model.elements.append(v)
            model.live.append(model.elements.count - 1)
            return .object([("append", json)])
        case "removeAll" where a.closure("where") != nil || !a.trailing.isEmpty:
            let ids = try matchingIds(model, a, s, at, method)
            model.live.removeAll { ids.contains($0) }
            if ids.isEmpty { return nil }
            return .object([("removeAll", .object([("where", .string("=" + ids.map { "item.id == \($0)" }.joined(separator: " || ")))]))])
        case "removeAll":
            model.live.removeAll()
        case "removeFirst", "removeLast":
            let k = Int(try a.first.map { try constant($0, s, method) } ?? 1)
            if method == "removeFirst" { model.live.removeFirst(min(max(k, 0), model.live.count)) } else { model.live.removeLast(min(max(k, 0), model.live.count)) }
        default: break
        }
        return .object([])  // the plain operation, written by the caller
    }

    /// `xs[i].field = v` while events run: an update of that element's field.
    func assignRecordField(_ f: [(String, Value)], _ sub: SubscriptCallExprSyntax, _ field: String, _ value: Value, _ s: Scope, _ at: SwiftPosition) throws {
        guard let model = recordModel(f), let arg = sub.arguments.first else {
            throw Unsupported(position: at, construct: "assignment", message: "assigning to an element of this array is not modelled")
        }
        guard stateValues != nil, handlerCapture == nil else {
            throw Unsupported(position: at, construct: "assignment", message: "a state array changed outside onAppear/task/timer handlers is not modelled")
        }
        guard let k = try number(arg.expression, s, "index").constant else {
            throw Unsupported(position: at, construct: "assignment", message: "an index not known when the event runs is not modelled")
        }
        guard let decl = model.fields.first(where: { $0.name == field }) else {
            throw Unsupported(position: at, construct: "assignment", message: "the field '\(field)' is not one the array holds")
        }
        _ = try model.element(at: k, at)
        let id = model.live[Int(k)]
        let json = try fieldJSON(value, decl.kind, at)
        if case .record(let t, var fs) = model.elements[id] {
            if let j = fs.firstIndex(where: { $0.0 == field }) { fs[j].1 = value } else { fs.append((field, value)) }
            model.elements[id] = .record(t, fs)
        }
        let op: JSON = .object([("update", .object([("id", .number(Double(id))), ("set", .object([(field, json)]))]))])
        events.append(EventDecl(at: now, set: [], operations: [(model.name, op)], animation: currentAnimation, position: at, block: newBlock()))
    }

    /// The element a `ForEach` over a record array binds: each field read as `item.field`.
    func recordElementValue(_ model: RecordArrayModel, _ specName: String) -> Value {
        .record("element", [("id", .number(.name(specName + ".id"), isInt: true))] + model.fields.filter { $0.kind != "string" }.map { f in
            let n = specName + "." + f.name
            switch f.kind {
            case "angle": return (f.name, .angle(.name(n)))
            case "point": return (f.name, .record("CGPoint", [("x", .number(.name(n + ".x"), isInt: false)), ("y", .number(.name(n + ".y"), isInt: false))]))
            case "color": return (f.name, .color(.string("=" + n)))
            default: return (f.name, .number(.name(n), isInt: false))
            }
        })
    }
}
