// Moving an element of a state array while events run (docs/spec.md "State arrays and forEach",
// docs/semantics.md §335): `let e = xs.remove(at: i); xs.insert(e, at: j)`,
// `xs.move(fromOffsets: [i], toOffset: k)` and `xs.swapAt(i, j)` keep the element and its id,
// so each is the spec's `{"move": {"from": …, "to": …}}`, not a removal and an insertion of a new
// element (which would fade one view out and another in).
//
// `remove(at:)` alone removes the element (an event that removes its id) and remembers it; when
// the same element is inserted back into the same array, that event becomes a move. The indices
// are known when the event runs (the front end keeps the array's contents, RecordArrayModel).
import Foundation
internal import SwiftSyntax

/// An element `remove(at:)` took out: its id, its index then, and the event removing it.
struct RemovedElement {
    var id: Int
    var index: Int
    var event: Int
    var value: Value
}

extension Compiler {
    /// `xs.remove(at: i)` while events run: the element at i, removed now.
    func removeElement(_ f: [(String, Value)], _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        guard case .string(let name)? = f.first(where: { $0.0 == "name" })?.1, let model = recordArrays[name] ?? plainArrays[name],
              let ie = a.labeled("at") else {
            throw Unsupported(position: at, construct: "remove", message: "remove(at:) on this array is not modelled")
        }
        if handlerCapture != nil, let model = recordArrays[name] { return try handlerRemove(model, try eval(ie, s), at) }
        guard stateValues != nil, handlerCapture == nil else {
            throw Unsupported(position: at, construct: "remove", message: "a state array changed outside onAppear/task/timer handlers is not modelled")
        }
        guard let i = try number(ie, s, "index").constant else {
            throw Unsupported(position: at, construct: "remove", message: "an index not known when the event runs is not modelled")
        }
        let value = try model.element(at: i, at)
        let id = model.live.remove(at: Int(i))
        let op: JSON = .object([("removeAll", .object([("where", .string("=item.id == \(id)"))]))])
        events.append(EventDecl(at: now, set: [], operations: [(name, op)], animation: currentAnimation, position: at, block: newBlock()))
        lastRemoved[name] = RemovedElement(id: id, index: Int(i), event: events.count - 1, value: value)
        return value
    }

    /// `xs.insert(e, at: j)` of the element `remove(at:)` last took out of `xs`: its removal
    /// becomes a move to j (the same id, animated with the insertion's transaction). False when
    /// `v` is another element.
    func reinsert(_ name: String, _ model: RecordArrayModel, _ v: Value, _ j: Int) throws -> Bool {
        guard let r = lastRemoved[name], r.event < events.count, "\(r.value)" == "\(v)", !model.live.contains(r.id) else { return false }
        lastRemoved[name] = nil
        model.live.insert(r.id, at: j)
        var e = events[r.event]
        e.operations = [(name, move(r.index, j))]
        e.animation = currentAnimation
        if e.at != now {
            // Inserted later than removed (after a sleep): the removal stays, the element returns
            // as a move only when both happen in one instant.
            model.live.remove(at: j)
            return false
        }
        events[r.event] = e
        return true
    }

    func move(_ from: Int, _ to: Int) -> JSON {
        .object([("move", .object([("from", .number(Double(from))), ("to", .number(Double(to)))]))])
    }

    /// `xs.swapAt(i, j)` (two moves) and `xs.move(fromOffsets: [i], toOffset: k)` while events run.
    func moveElements(_ name: String, _ method: String, _ a: Arguments, _ s: Scope, _ at: SwiftPosition) throws {
        guard let model = recordArrays[name] ?? plainArrays[name] else {
            throw Unsupported(position: at, construct: method, message: "\(method) on this array is not modelled")
        }
        var moves: [(Int, Int)] = []
        let n = model.live.count
        if method == "swapAt" {
            guard a.unlabeled.count == 2, let i = try number(a.unlabeled[0], s, "index").constant, let j = try number(a.unlabeled[1], s, "index").constant else {
                throw Unsupported(position: at, construct: method, message: "swapAt needs two indices known when the event runs")
            }
            guard i == i.rounded(), j == j.rounded(), i >= 0, j >= 0, i < Double(n), j < Double(n) else {
                throw Unsupported(position: at, construct: method, message: "swapAt(\(formatSpecNumber(i)), \(formatSpecNumber(j))) is outside \(name), which has \(n) elements then")
            }
            let lo = Int(min(i, j)), hi = Int(max(i, j))
            if lo != hi { moves = [(lo, hi), (hi - 1, lo)] }
        } else {
            guard let fo = a.labeled("fromOffsets"), let toOffset = a.labeled("toOffset") else {
                throw Unsupported(position: at, construct: method, message: "move needs fromOffsets: and toOffset:")
            }
            // One offset: `[i]`, `IndexSet(integer: i)`.
            var offset: ExprSyntax?
            if let arr = fo.as(ArrayExprSyntax.self), arr.elements.count == 1 { offset = arr.elements.first?.expression }
            if let c = fo.as(FunctionCallExprSyntax.self), c.calledExpression.trimmedDescription == "IndexSet",
               let arg = c.arguments.first, arg.label?.text == "integer" { offset = arg.expression }
            guard let offset, let i = try number(offset, s, "index").constant, let k = try number(toOffset, s, "index").constant else {
                throw Unsupported(position: at, construct: method, message: "moving offsets other than one index known when the event runs is not modelled")
            }
            guard i == i.rounded(), k == k.rounded(), i >= 0, i < Double(n), k >= 0, k <= Double(n) else {
                throw Unsupported(position: at, construct: method, message: "move(fromOffsets: [\(formatSpecNumber(i))], toOffset: \(formatSpecNumber(k))) is outside \(name), which has \(n) elements then")
            }
            let j = Int(k) <= Int(i) ? Int(k) : Int(k) - 1
            if j != Int(i) { moves = [(Int(i), j)] }
        }
        for (from, to) in moves {
            model.live.insert(model.live.remove(at: from), at: to)
            // One operation per array per event.
            events.append(EventDecl(at: now, set: [], operations: [(name, move(from, to))], animation: currentAnimation, position: at, block: newBlock()))
        }
    }
}
