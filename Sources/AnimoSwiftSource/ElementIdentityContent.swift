// `ForEach(chips) { chip in … }` over a state array of structs with `String` fields (a label, a
// symbol name). The spec's records hold numbers, points and colours only, so the strings cannot
// be fields; they are constants of each element, known when it is created. The content is
// compiled once per element, with that element's strings (and its own identity, so that
// `draggingId == chip.id` and `draggingId = chip.id` compare and store the element's UUID as
// Identities.swift numbers it), inside an `if` on the element's spec id: each instance of the
// `forEach` shows the branch of its own element, whichever place the element moves to. The
// number, point and colour fields are still read from the element (`chip.color`), so their
// updates animate.
//
// Elements created later (an `append` while events run) would need a branch of their own after
// the content is compiled, so such arrays take moves, removals and field updates only. An array
// that no code of its view changes stays a constant array (read by index at compile time).
internal import SwiftSyntax

extension Compiler {
    /// Whether the view's code calls a mutating method on `name` (`name.remove(at:)`,
    /// `name.insert(…)`, `swapAt`, `move`, `append`, `removeAll`, `removeFirst`, `removeLast`), or
    /// assigns to an element (`name[i]… =`).
    static func arrayIsChanged(_ type: TypeDecl, _ name: String) -> Bool {
        let methods: Set<String> = ["remove", "insert", "swapAt", "move", "append", "removeAll", "removeFirst", "removeLast"]
        let tokens = Array(type.node.tokens(viewMode: .sourceAccurate))
        for (k, tok) in tokens.enumerated() where tok.text == name && k + 2 < tokens.count {
            if k > 0, tokens[k - 1].text == "." && (k < 2 || tokens[k - 2].text != "self") { continue }
            if tokens[k + 1].text == ".", methods.contains(tokens[k + 2].text) { return true }
            if tokens[k + 1].text == "[" {
                // `name[i] = v` or `name[i].field = v`: an assignment after the closing bracket.
                var depth = 0, j = k + 1
                while j < tokens.count {
                    if tokens[j].text == "[" { depth += 1 }
                    if tokens[j].text == "]" { depth -= 1; if depth == 0 { break } }
                    j += 1
                }
                j += 1
                while j + 1 < tokens.count, tokens[j].text == "." { j += 2 }
                if j < tokens.count, ["=", "+=", "-=", "*=", "/="].contains(tokens[j].text) { return true }
            }
        }
        return false
    }

    func identityForEach(_ model: RecordArrayModel, _ closure: ClosureExprSyntax, _ swiftName: String, _ specName: String,
                         _ s: Scope, _ ctx: ViewContext, _ at: SwiftPosition) throws -> [JSON] {
        guard case .record(let t, var common) = recordElementValue(model, specName) else { return [] }
        common.removeAll { $0.0 == "id" }
        var branches: [JSON] = []
        for (id, element) in model.elements.enumerated() {
            guard case .record(_, let own) = element else { continue }
            var fields = common
            fields.insert(("id", own.first(where: { $0.0 == "id" })?.1 ?? .number(.num(Double(id)), isInt: true)), at: 0)
            for f in model.fields where f.kind == "string" {
                if let v = own.first(where: { $0.0 == f.name })?.1 { fields.append((f.name, v)) }
            }
            let scope = s.child()
            let v: Value = .record(t, fields)
            scope.values[swiftName] = v
            scope.values["$0"] = v
            let outer = identityElement
            identityElement = (model.name, id, specName)
            defer { identityElement = outer }
            let nodes = try compileViewItems(closure.statements, scope, ctx)
            if let branch = conditional(.binaryOp("==", .name(specName + ".id"), .num(Double(id))), nodes, at) { branches.append(branch) }
        }
        if branches.isEmpty { return [] }
        return [.located(at, .object([("forEach", .object([("in", .string(model.name)), ("as", .string(specName)), ("content", .array(branches))]))]))]
    }

    /// `xs.firstIndex(where: { $0.id == item.id })` in the view's content, over an array whose
    /// content is chosen per element. When the one element it finds is the element whose content
    /// this is, its index in the array now, `item.index` in the spec (docs/spec.md "State arrays
    /// and forEach"), which follows moves and removals, read wherever the content reads it (an
    /// animation's delay is evaluated when the change it animates happens). Another element's:
    /// the index in the array as it starts (its elements are those it starts with), recorded so
    /// that the document reports it when events move the array.
    func initialIndex(_ model: RecordArrayModel, _ name: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        let saved = model.live
        model.live = Array(model.elements.indices)
        defer { model.live = saved }
        let ids = try matchingIds(model, a, s, at, name)
        if let own = identityElement, own.array == model.name, ids == [own.id] {
            return .number(.name(own.element + ".index"), isInt: true)
        }
        initialIndexReads.append((model.name, at))
        guard let id = name == "firstIndex" ? ids.first : ids.last, let k = model.live.firstIndex(of: id) else { return .optionalNone }
        return .number(.num(Double(k)), isInt: true)
    }

    /// Reports the indices read as the array starts (`initialIndex`) of arrays that events or
    /// gesture handlers move.
    func reportInitialIndexReads() {
        for (name, at) in initialIndexReads {
            let moved = handlerMovedArrays.contains(name) || events.contains { e in e.operations.contains { $0.0 == name && $0.1["move"] != nil } }
            if moved { warn(at, "firstIndex", "the element's index is read as \(name) starts; events or gestures reorder it, and the index that follows them is not modelled") }
        }
    }
}
