// Searches of an array known at compile time: `firstIndex(where:)`, `lastIndex(where:)`,
// `first(where:)`, `last(where:)` and `contains(where:)`. The predicate runs for each element now;
// `ForEach(chips) { chip in … chips.firstIndex(where: { $0.id == chip.id }) … }` over a constant
// array finds the element's own index. (A state array of records has its own search,
// StateArrays.swift.)
//
// A predicate whose answer is known only while rendering (it reads a @State in a gesture
// handler, or the clock) gives `contains` as a condition of the state; the other searches return
// an element or an index the code goes on to use as a value of its own, which the spec has no
// form for: they are reported at the call.
internal import SwiftSyntax

extension Compiler {
    func searchArray(_ items: [Value], _ name: String, _ closure: ClosureExprSyntax, _ s: Scope, _ at: SwiftPosition) throws -> Value {
        var answers: [Expr] = []
        for item in items {
            try step(at)
            guard let v = try callClosure(closure, s, args: [item], at: at) else {
                throw Unsupported(position: at, construct: name, message: "the predicate returns no value")
            }
            answers.append(try condition(v, at))
        }
        if name == "contains" {
            if answers.contains(where: { $0.constant.map { $0 != 0 } ?? false }) { return .bool(.num(1)) }
            let open = answers.filter { $0.constant == nil }
            guard let first = open.first else { return .bool(.num(0)) }
            return .bool(open.dropFirst().reduce(first) { .binaryOp("||", $0, $1) })
        }
        let order = name.hasPrefix("last") ? Array(items.indices.reversed()) : Array(items.indices)
        for k in order {
            guard let c = answers[k].constant else {
                let names = answers[k].names.sorted().joined(separator: ", ")
                throw Unsupported(position: at, construct: name, message: "which element matches depends on \(names), known only while rendering; the element found is not modelled")
            }
            if c != 0 { return name.hasSuffix("Index") ? .number(.num(Double(k)), isInt: true) : items[k] }
        }
        return .optionalNone
    }
}
