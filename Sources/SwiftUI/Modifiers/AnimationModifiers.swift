// `.animation(_:value:)`, `.transition(_:)`, `.id(_:)` and `.contentTransition(_:)`.
internal import AnimoViewRecord

extension View {
    /// Changes to `value` animate this view with `animation`: the module records a token that
    /// changes exactly when `value` differs (==) from its value at the update before.
    public func animation<V: Equatable>(_ animation: Animation?, value: V, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { c in
            let token = c.graph.watch(c.path + "@animation\(line):\(column)", value) { ($0 as? V) == value }
            return .animation(animation?.recorded, token: token)
        }
    }

    /// The deprecated form: every change of the view animates.
    public func animation(_ animation: Animation?, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { c in .animation(animation?.recorded, token: c.graph.recording.updates.count) }
    }

    public func transition(_ t: AnyTransition, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .transition(t.recorded) }
    }

    public func id<ID: Hashable>(_ id: ID) -> some View {
        modifier(ContextModifier { $0 = $0.child("id:\(id)") })
    }

    public func contentTransition(_ transition: ContentTransition, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        recording(file, line, column) { _ in .contentTransition(transition.name) }
    }

    public func transaction(_ transform: @escaping (inout Transaction) -> Void, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        unmodelledModifier("transaction(_:)", "the transaction is not changed", file, line, column)
    }
}

public struct ContentTransition: Sendable {
    let name: String
    public static let identity = ContentTransition(name: "identity")
    public static let opacity = ContentTransition(name: "opacity")
    public static let interpolate = ContentTransition(name: "interpolate")
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition(name: "numericText") }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition(name: "numericText") }
}
