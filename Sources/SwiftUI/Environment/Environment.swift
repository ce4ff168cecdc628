/// SwiftUI's `@Environment`: a value read from the view's environment when it is evaluated, or an
/// `@Observable` object put there with `.environment(_:)`.
@propertyWrapper
public struct Environment<Value>: DynamicProperty, StateLinkable {
    final class Box { var environment = EnvironmentValues() }
    let read: (EnvironmentValues) -> Value
    let box = Box()

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        read = { $0[keyPath: keyPath] }
    }

    public init(_ objectType: Value.Type) where Value: AnyObject {
        read = { env in
            guard let o = env.objects[ObjectIdentifier(objectType)] as? Value else {
                fatalError("No \(Value.self) in the environment: the view needs .environment(\(Value.self)(…)) above it")
            }
            return o
        }
    }

    public var wrappedValue: Value { read(box.environment) }

    func link(_ graph: ViewGraph, key: String, environment: EnvironmentValues) {
        box.environment = environment
    }
}

/// `@EnvironmentObject`: an `ObservableObject` put in the environment with `.environmentObject(_:)`.
@propertyWrapper
public struct EnvironmentObject<ObjectType: AnyObject>: DynamicProperty, StateLinkable {
    final class Box { var object: ObjectType? }
    let box = Box()
    public init() {}
    public var wrappedValue: ObjectType {
        guard let o = box.object else { fatalError("No \(ObjectType.self) in the environment: the view needs .environmentObject(…) above it") }
        return o
    }
    func link(_ graph: ViewGraph, key: String, environment: EnvironmentValues) {
        box.object = environment.objects[ObjectIdentifier(ObjectType.self)] as? ObjectType
    }
}
