// Gestures as values: they compile, and the views that attach them warn that they are not played.

public protocol Gesture<Value> {
    associatedtype Value
}

extension Gesture {
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> { SimultaneousGesture(first: self, second: other) }
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> { SequenceGesture(first: self, second: other) }
    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> { ExclusiveGesture(first: self, second: other) }
    public func map<T>(_ body: @escaping (Value) -> T) -> _MapGesture<Self, T> { _MapGesture(base: self) }
    @_disfavoredOverload public func onEnded(_ action: @escaping (Value) -> Void) -> Self { self }
    @_disfavoredOverload public func onChanged(_ action: @escaping (Value) -> Void) -> Self where Value: Equatable { self }
    @_disfavoredOverload public func updating<State>(_ state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void) -> Self { self }
}

/// A gesture made of others, whose parts are played.
protocol CompositeGesture { var parts: [Any] { get } }

public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture, CompositeGesture {
    var parts: [Any] { [first, second] }
    public struct Value { public var first: First.Value?; public var second: Second.Value? }
    public var first: First
    public var second: Second
}
public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture, CompositeGesture {
    var parts: [Any] { [first, second] }
    public enum Value { case first(First.Value), second(First.Value, Second.Value?) }
    public var first: First
    public var second: Second
}
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture, CompositeGesture {
    var parts: [Any] { [first, second] }
    public enum Value { case first(First.Value), second(Second.Value) }
    public var first: First
    public var second: Second
}
public struct _MapGesture<Base: Gesture, Value>: Gesture {
    let base: Base
}

public struct DragGesture: Gesture {
    public struct Value: Equatable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize
        public var velocity: CGSize
        public var predictedEndLocation: CGPoint
        public var predictedEndTranslation: CGSize
    }
    let minimumDistance: CGFloat
    var changed: [(Value) -> Void] = []
    var ended: [(Value) -> Void] = []
    /// `updating` bodies: each sets its gesture state while the drag moves, and resets it after.
    var updates: [(change: @MainActor (Value) -> Void, reset: () -> Void)] = []

    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
    }
    public func onChanged(_ action: @escaping (Value) -> Void) -> DragGesture {
        var g = self
        g.changed.append(action)
        return g
    }
    public func onEnded(_ action: @escaping (Value) -> Void) -> DragGesture {
        var g = self
        g.ended.append(action)
        return g
    }
    public func updating<State>(_ state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void) -> DragGesture {
        var g = self
        g.updates.append((change: { value in
            var s = state.box.value
            var t = Transaction()
            body(value, &s, &t)
            let new = s
            withTransaction(t) { state.box.value = new }
        }, reset: { MainActor.assumeIsolated { state.reset() } }))
        return g
    }
}

public struct TapGesture: Gesture {
    public typealias Value = Void
    var ended: [() -> Void] = []
    public init(count: Int = 1) {}
    public func onEnded(_ action: @escaping () -> Void) -> TapGesture {
        var g = self
        g.ended.append(action)
        return g
    }
}

public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {}
    public func onEnded(_ action: @escaping (Bool) -> Void) -> LongPressGesture { self }
    public func onChanged(_ action: @escaping (Bool) -> Void) -> LongPressGesture { self }
}

public struct MagnifyGesture: Gesture {
    public struct Value: Equatable { public var magnification: CGFloat }
    public init(minimumScaleDelta: CGFloat = 0.01) {}
    public func onChanged(_ action: @escaping (Value) -> Void) -> MagnifyGesture { self }
    public func onEnded(_ action: @escaping (Value) -> Void) -> MagnifyGesture { self }
}

public enum CoordinateSpace: Hashable, Sendable {
    case global, local, named(AnyHashable)
}

@propertyWrapper
public struct GestureState<Value>: DynamicProperty, StateLinkable {
    let box: StateBox<Value>
    let initial: Value
    let resetTransaction: Transaction
    public init(wrappedValue: Value) { self.init(wrappedValue: wrappedValue, resetTransaction: Transaction()) }
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }
    public init(wrappedValue: Value, resetTransaction: Transaction) {
        initial = wrappedValue
        self.resetTransaction = resetTransaction
        box = StateBox(initial: { wrappedValue })
    }
    public var wrappedValue: Value { box.value }
    public var projectedValue: GestureState<Value> { self }
    /// Back to the initial value when the gesture ends, in the reset transaction.
    func reset() {
        let v = initial
        withTransaction(resetTransaction) { box.value = v }
    }
    func link(_ graph: ViewGraph, key: String, environment: EnvironmentValues) {
        box.link(graph, key: key)
    }
}
