// The storage behind `@State` and `@StateObject`: a box shared by every copy of the property
// wrapper, pointed at the graph's slot for the view's identity when the view is evaluated.

final class StateSlot<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

final class StateBox<Value> {
    private var initial: (() -> Value)?
    private var slot: StateSlot<Value>?

    init(initial: @escaping () -> Value) { self.initial = initial }

    private func resolved() -> StateSlot<Value> {
        if let slot { return slot }
        let s = StateSlot(initial!())
        slot = s
        return s
    }

    var value: Value {
        get { resolved().value }
        set {
            MainActor.assumeIsolated { ViewGraph.current?.willChange() }
            resolved().value = newValue
        }
    }

    @MainActor func link(_ graph: ViewGraph, key: String) {
        let make = initial!
        slot = graph.slot(key) { StateSlot(make()) }
    }
}
