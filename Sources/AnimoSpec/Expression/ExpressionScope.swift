// The names an expression may use, each bound to a slot of the evaluation frame. Slot numbers are
// allocated once per spec by the decoder (see `Spec.slots`): slot 0 is the clock `t`, then the
// state variables, then one slot per loop variable, phase value and keyframe value declared in
// the content tree. An inner declaration shadows an outer one with the same name.

/// Names visible to an expression, mapped to slots of the evaluation frame.
public struct ExpressionScope: Sendable {
    /// Name → slot index.
    public private(set) var names: [String: Int]

    /// Named constants (the canvas's environment values): a name bound to a slot shadows them.
    public private(set) var constants: [String: Double] = [:]

    public init(names: [String: Int] = [:]) {
        self.names = names
    }

    /// A scope that also knows these constants.
    public func adding(constants c: [String: Double]) -> ExpressionScope {
        var copy = self
        copy.constants.merge(c) { _, new in new }
        return copy
    }

    /// A scope with one more name (shadowing any outer binding of it).
    public func adding(_ name: String, slot: Int) -> ExpressionScope {
        var copy = self
        copy.names[name] = slot
        return copy
    }

    /// Names that cannot be bound by a spec: constants, keywords and function names.
    public static let reserved: Set<String> = Set(["pi", "true", "false"] + ExpressionFunction.allCases.map(\.rawValue))
}
