// Moving an element of a state array in a gesture handler (docs/spec.md "State arrays and
// forEach", docs/semantics.md §335, §337): the drag-and-reorder shape
//
//     if let from = xs.firstIndex(where: { $0.id == draggedId }),
//        let to = nearest(at: point, excluding: draggedId), to != from {
//         withAnimation { let e = xs.remove(at: from); xs.insert(e, at: to) }
//     }
//
// A handler's values are known only when it runs, so the indices stay symbolic: `firstIndex` of
// an element by its id is the spec's `{"id": …}`, and a helper that hit-tests the elements' frames
// is the spec's `{"nearest": [x, y], "excluding": …}` when it is the common shape — the frames come
// from a preference (`[element.id: proxy.frame(in: .global)]`, Preferences.swift), the frame that
// contains the point wins, else the one whose centre (`CGPoint(x: midX, y: midY)`) is nearest by
// Euclidean distance, and the index is `xs.firstIndex(where: { $0.id == found.key })`. Any other
// helper runs as it is, and what it reads is reported. `remove(at:)` of such an index followed by
// `insert(_:at:)` of the element removed is one handler change, `{"move": …}`; `to != from` holds
// for the change's sake (moving an element to its own place changes nothing).
//
// Ids: the spec's element ids are 0, 1, … in creation order; an identity state holds the k of
// `UUID-k` (Identities.swift), so an id read from the state is mapped element by element.
internal import SwiftSyntax

extension Compiler {
    /// The spec expression of the element id an identity value names, over the array's elements
    /// (−1: none).
    func elementId(_ model: RecordArrayModel, _ identity: Expr) -> Expr {
        var out: Expr = .num(-1)
        for (id, element) in model.elements.enumerated().reversed() {
            guard case .record(_, let fs) = element, case .string(let u)? = fs.first(where: { $0.0 == "id" })?.1,
                  let k = identityNumber(.string(u)) else { continue }
            out = .ternary(.binaryOp("==", identity, k), .num(Double(id)), out)
        }
        return out
    }

    /// `xs.firstIndex(where: { $0.id == x })` in a gesture handler: the element with x's identity.
    func handlerElementIndex(_ model: RecordArrayModel, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value? {
        guard let closure = a.closure("where") ?? a.trailing.first else { return nil }
        let marker = "\u{1}element.id"
        let probe: Value = .record("element", [("id", .number(.name(marker), isInt: true))])
        guard case .bool(let e)? = try callClosure(closure, s, args: [probe], at: at),
              case .binary("==", let l, let r) = e else { return nil }
        let other: Expr
        if l.asName == marker, !r.names.contains(marker) { other = r } else if r.asName == marker, !l.names.contains(marker) { other = l } else { return nil }
        return .record("ElementIndex", [("array", .string(model.name)), ("id", .number(elementId(model, other), isInt: true))])
    }

    /// A call of `fn(point, id)` in a gesture handler when `fn` is the common "frame containing
    /// the point, else nearest centre" helper over a preference's frames: the element under the
    /// point. nil: another function.
    func nearestElementHelper(_ fn: FunctionDeclSyntax, _ a: Arguments, _ s: Scope, _ inst: Instance, _ at: SwiftPosition) throws -> Value? {
        guard handlerCapture != nil, a.list.count == 2, fn.signature.parameterClause.parameters.count == 2,
              let body = fn.body?.statements else { return nil }
        let params = fn.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
        let text = body.description.filter { !$0.isWhitespace }
        let point = params[0], id = params[1]
        // The frames: a property the preference stores.
        guard let frames = inst.type.properties.first(where: { p in preferenceStoreValue(inst, p.name) != nil && text.contains(p.name + ".filter{$0.key!=" + id + "}") }) else { return nil }
        // The centre property and the distance used, declared in the file.
        guard let centre = text.range(of: #"\.value\.([A-Za-z_]+)\.distance\(to:"# + point + #"\)<"#, options: .regularExpression).map({ String(text[$0].dropFirst(7).prefix { $0 != "." }) }),
              centreIsMid(centre), distanceIsEuclidean() else { return nil }
        // Containment first, then the minimum, each mapped back to the index of its key.
        guard text.contains(".first(where:{$0.value.contains(" + point + ")})"), text.contains(".min"), text.hasSuffix("returnnil") else { return nil }
        let searches = text.components(separatedBy: ".firstIndex(where:{$0.id==").count - 1
        guard searches == 2,
              let arrayName = text.range(of: #"([A-Za-z_]+)\.firstIndex\(where:\{\$0\.id=="#, options: .regularExpression).map({ String(text[$0].prefix { $0 != "." }) }),
              case .record("StateArray", let f)? = try? eval(ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(arrayName))), s),
              let model = recordModel(f) else { return nil }
        _ = frames
        let p = try eval(a.list[0].expr, s)
        guard case .number(let x, _)? = p.field("x"), case .number(let y, _)? = p.field("y") else { return nil }
        let excluded = try eval(a.list[1].expr, s)
        guard case .number(let ex, _) = excluded else { return nil }
        return .record("ElementUnderPoint", [("array", .string(model.name)), ("x", .number(x, isInt: false)), ("y", .number(y, isInt: false)),
                                             ("excluding", .number(elementId(model, ex), isInt: true))])
    }

    /// Whether the file's `CGRect` extension declares `name` as `CGPoint(x: midX, y: midY)`.
    func centreIsMid(_ name: String) -> Bool {
        guard let t = index.types["CGRect"] else { return false }
        return t.node.description.filter { !$0.isWhitespace }.contains("var" + name + ":CGPoint{CGPoint(x:midX,y:midY)}")
    }

    /// Whether the file's `CGPoint` extension's `distance(to:)` is the Euclidean distance.
    func distanceIsEuclidean() -> Bool {
        guard let t = index.types["CGPoint"], let fs = t.functions["distance"], let f = fs.first, let b = f.body else { return false }
        let text = b.statements.description.filter { !$0.isWhitespace }
        return text.contains("sqrt(dx*dx+dy*dy)") || text.contains("hypot(dx,dy)")
    }

    /// `xs.remove(at: i)` in a gesture handler, `i` an element found by id: the element taken out,
    /// for `insert` to put back (a move).
    func handlerRemove(_ model: RecordArrayModel, _ index: Value, _ at: SwiftPosition) throws -> Value {
        guard case .record("ElementIndex", let f) = index, case .number(let id, _)? = f.first(where: { $0.0 == "id" })?.1 else {
            throw Unsupported(position: at, construct: "remove", message: "removing an element of a state array in a gesture handler is modelled only as part of a move (remove(at:) then insert)")
        }
        return .record("RemovedElement", [("array", .string(model.name)), ("id", .number(id, isInt: true))])
    }

    /// `xs.insert(e, at: j)` in a gesture handler of the element `remove(at:)` took out: a move.
    func handlerInsert(_ model: RecordArrayModel, _ element: Value, _ index: Value, _ at: SwiftPosition) throws {
        guard case .record("RemovedElement", let f) = element, case .string(model.name)? = f.first(where: { $0.0 == "array" })?.1,
              case .number(let id, _)? = f.first(where: { $0.0 == "id" })?.1 else {
            throw Unsupported(position: at, construct: "insert", message: "inserting into a state array in a gesture handler is modelled only as part of a move (the element remove(at:) took out)")
        }
        let to: JSON
        switch index {
        case .record("ElementUnderPoint", let g):
            guard case .number(let x, _)? = g.first(where: { $0.0 == "x" })?.1, case .number(let y, _)? = g.first(where: { $0.0 == "y" })?.1,
                  case .number(let ex, _)? = g.first(where: { $0.0 == "excluding" })?.1 else { return }
            to = .object([("nearest", .array([.num(x), .num(y)])), ("excluding", .num(ex))])
        case .number(let e, _):
            to = .num(e)
        default:
            throw Unsupported(position: at, construct: "insert", message: "an index of \(index.kindName) is not modelled")
        }
        try captureHandlerMove(model.name, .object([("move", .object([("from", .object([("id", .num(id))])), ("to", to)]))]), at)
    }

    /// `to != from` between two symbolic indices of a handler's move: true (a move to the
    /// element's own place changes nothing, so the change may run either way); `==` is not
    /// modelled (nil).
    func handlerIndexComparison(_ op: String, _ l: Value, _ r: Value) -> Double? {
        func symbolic(_ v: Value) -> Bool {
            if case .record(let t, _) = v { return t == "ElementIndex" || t == "ElementUnderPoint" }
            return false
        }
        guard handlerCapture != nil, op == "!=", symbolic(l) || symbolic(r) else { return nil }
        return 1
    }

    /// A handler change that moves an element: `{"move": …}` set on the array, in the current
    /// `withAnimation` block.
    func captureHandlerMove(_ name: String, _ op: JSON, _ at: SwiftPosition) throws {
        guard let capture = handlerCapture else { return }
        let when = capture.when.isEmpty ? nil : capture.when.dropFirst().reduce(capture.when[0]) { .binaryOp("&&", $0, $1) }
        var change = HandlerCapture.Change(set: [], animation: currentAnimation, block: currentBlock, after: capture.now, when: when)
        change.moves = [(name, op)]
        capture.changes.append(change)
        handlerMovedArrays.insert(name)
    }
}
