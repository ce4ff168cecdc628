/// SwiftUI's `@StateObject`: an `ObservableObject` the view owns, made once per identity.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty, StateLinkable {
    let box: StateBox<ObjectType>

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        box = StateBox(initial: thunk)
    }

    public var wrappedValue: ObjectType { box.objectValue }

    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: box.objectValue) }

    func link(_ graph: ViewGraph, key: String, environment: EnvironmentValues) {
        box.link(graph, key: key)
    }
}

/// SwiftUI's `@ObservedObject`: an `ObservableObject` passed in; its `@Published` changes record
/// the views again.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    public var wrappedValue: ObjectType
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { wrappedValue = initialValue }

    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let o = object
            return Binding(get: { o[keyPath: keyPath] }, set: { o[keyPath: keyPath] = $0 })
        }
    }
}

/// `@Bindable`: bindings to the properties of an `@Observable` object.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value: AnyObject> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public var projectedValue: Bindable<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let o = wrappedValue
        return Binding(get: { o[keyPath: keyPath] }, set: { o[keyPath: keyPath] = $0 })
    }
}

extension StateBox {
    /// The object, made on first use; reading it never counts as a change.
    var objectValue: Value { value }
}
