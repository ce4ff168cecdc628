// Optional identities as state: `@State var draggingId: UUID?` holds the id of one element of a
// ForEach, or nil. The spec's state is a number: 0 for nil, k for the k-th `UUID()` the compile
// made (an Identifiable element's `let id = UUID()` is the string `UUID-k`, Calls.swift). So
// `draggingId = chip.id` sets k, `draggingId = nil` sets 0, and `draggingId == chip.id`
// compares with k: inside a ForEach each element asks about its own id.

extension Compiler {
    /// `UUID?`, `UUID`, `String?` and `X.ID?` @State properties without a value (or `nil`).
    static func isIdentityType(_ type: String?) -> Bool {
        guard let t = type?.replacingOccurrences(of: " ", with: "") else { return false }
        return ["UUID?", "UUID", "String?", "Optional<UUID>"].contains(t) || (t.hasSuffix(".ID?") && !t.hasPrefix("."))
    }

    /// The number an identity value stands for: k for `UUID-k`, 0 for nil.
    func identityNumber(_ v: Value) -> Expr? {
        switch v {
        case .optionalNone: return .num(0)
        case .string(let s) where s.hasPrefix("UUID-"): return Int(s.dropFirst(5)).map { .num(Double($0)) }
        default: return nil
        }
    }

    /// A comparison of an identity state with an id or nil: `draggingId == chip.id`, `draggingId != nil`.
    func identityComparison(_ l: Value, _ r: Value) -> (Expr, Expr)? {
        func state(_ v: Value) -> Expr? {
            guard case .number(let e, _) = v, !e.names.isDisjoint(with: identityStates) else { return nil }
            return e
        }
        if let a = state(l), let b = identityNumber(r) { return (a, b) }
        if let a = identityNumber(l), let b = state(r) { return (a, b) }
        return nil
    }
}
