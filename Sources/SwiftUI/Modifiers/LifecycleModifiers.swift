// `onAppear`, `onDisappear`, `onChange`, `onReceive` and `task`: the user's closures, run on the
// render's clock when SwiftUI would run them.

extension View {
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modifier(ObservingModifier { _, c in c.graph.appear(c.path + "@appear", action: action) })
    }

    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        modifier(ObservingModifier { _, c in c.graph.appear(c.path + "@disappear", action: nil, disappear: action) })
    }

    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View {
        modifier(ObservingModifier { _, c in
            c.graph.onChange(c.path + "@change", value, equal: { ($0 as? V) == value }, action: { _ in action(value) })
        })
    }

    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View {
        modifier(ObservingModifier { _, c in
            if initial { c.graph.appear(c.path + "@changeInitial", action: { action(value, value) }) }
            c.graph.onChange(c.path + "@change2", value, equal: { ($0 as? V) == value }, action: { old in action(old as! V, value) })
        })
    }

    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        modifier(ObservingModifier { _, c in
            if initial { c.graph.appear(c.path + "@changeInitial", action: action) }
            c.graph.onChange(c.path + "@change0", value, equal: { ($0 as? V) == value }, action: { _ in action() })
        })
    }

    /// Subscribes when the view appears; values arrive on the render's clock.
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View where P.Failure == Never {
        modifier(ObservingModifier { _, c in
            c.graph.appear(c.path + "@receive", action: {
                let graph = c.graph
                graph.keep(publisher._subscribe { value in graph.run { action(value) } })
            })
        })
    }

    public func task(priority: TaskPriority = .userInitiated, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column, _ action: @escaping @Sendable () async -> Void) -> some View {
        unmodelledModifier("task(priority:_:)", "the task's async code is not run yet", file, line, column)
    }

    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column, _ action: @escaping @Sendable () async -> Void) -> some View {
        unmodelledModifier("task(id:priority:_:)", "the task's async code is not run yet", file, line, column)
    }
}

extension ViewGraph {
    /// Keeps a subscription for the whole run.
    func keep(_ c: AnyCancellable) { subscriptions.append(c) }
}
