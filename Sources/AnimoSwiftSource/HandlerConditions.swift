// An `if` in a gesture handler whose condition reads the state or the drag (`if draggingId ==
// nil { draggingId = chip.id }`, `if value.translation.width > 80 { page += 1 }`): its condition
// is computed once, into a flag, by a change that runs before the branch's changes, and each
// change of a branch runs only `when` its side's flag holds. The flag keeps the condition's value
// from before the branch ran, as Swift evaluates it once, even when the branch changes what it
// reads or its changes are split by `withAnimation` blocks or delays.

extension Compiler {
    /// The conditions the two sides of an `if` on `c` run under in a gesture handler (nil outside
    /// one, or when the condition is known at compile time).
    func handlerBranchConditions(_ c: Expr, _ at: SwiftPosition) -> (Expr?, Expr?) {
        guard let capture = handlerCapture, c.constant == nil else { return (nil, nil) }
        let flag = freshName("condition")
        states.append(StateDecl(name: flag, initial: 0, isBool: true, position: at))
        let outer = capture.when.isEmpty ? nil : capture.when.dropFirst().reduce(capture.when[0]) { .binaryOp("&&", $0, $1) }
        blockCounter += 1
        capture.changes.append(.init(set: [(flag, c)], animation: nil, block: -blockCounter, after: capture.now, when: outer))
        return (.name(flag), .unaryOp("!", .name(flag)))
    }

    /// Runs `body` with its handler changes under `condition` as well.
    func underHandlerCondition<T>(_ condition: Expr?, _ body: () throws -> T) throws -> T {
        guard let condition, let capture = handlerCapture else { return try body() }
        capture.when.append(condition)
        defer { capture.when.removeLast() }
        return try body()
    }
}
