/// SwiftUI's `Binding`: a reference to a value stored elsewhere.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let getter: () -> Value
    let setter: (Value, Transaction?) -> Void
    public var transaction: Transaction

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = { v, _ in set(v) }
        transaction = Transaction()
    }

    public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
        getter = get
        setter = { v, t in set(v, t ?? Transaction()) }
        transaction = Transaction()
    }

    init(getter: @escaping () -> Value, setter: @escaping (Value, Transaction?) -> Void, transaction: Transaction) {
        self.getter = getter
        self.setter = setter
        self.transaction = transaction
    }

    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    public var wrappedValue: Value {
        get { getter() }
        nonmutating set {
            // A binding with an animation (`$x.animation()`) sets its value in that transaction.
            if transaction.animation != nil || transaction.disablesAnimations {
                let t = transaction
                withTransaction(t) { setter(newValue, t) }
            } else {
                setter(newValue, nil)
            }
        }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let get = getter, set = setter
        return Binding<Subject>(getter: { get()[keyPath: keyPath] }, setter: { v, t in
            var whole = get()
            whole[keyPath: keyPath] = v
            set(whole, t)
        }, transaction: transaction)
    }

    /// The binding whose changes animate with `animation`.
    public func animation(_ animation: Animation? = .default) -> Binding<Value> {
        var b = self
        b.transaction.animation = animation
        return b
    }

    public func transaction(_ transaction: Transaction) -> Binding<Value> {
        var b = self
        b.transaction = transaction
        return b
    }
}

extension Binding: DynamicProperty {}

extension Binding {
    /// `Binding<Value?>` from a `Binding<Value>`.
    public init<V>(_ base: Binding<V>) where Value == V? {
        self.init(get: { base.wrappedValue }, set: { if let v = $0 { base.wrappedValue = v } })
    }
}
