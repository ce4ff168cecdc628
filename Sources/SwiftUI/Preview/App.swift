// An app's entry point compiles (`@main struct MyApp: App`); the render starts from a preview or
// a view, never from the app.

@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor var body: Body { get }
    init()
}

extension App {
    public static func main() {}
}

@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor var body: Body { get }
}

extension Never: Scene {}

@resultBuilder
public enum SceneBuilder {
    public static func buildBlock<S: Scene>(_ content: S) -> S { content }
    public static func buildBlock<each S: Scene>(_ content: repeat each S) -> _TupleScene { _TupleScene() }
}

public struct _TupleScene: Scene {
    public var body: Never { fatalError() }
}

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
    public init(_ title: String, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("WindowGroup has no body") }
}

@propertyWrapper
public struct UIApplicationDelegateAdaptor<T> {
    public init(_ delegateType: T.Type) {}
    public var wrappedValue: T { fatalError("UIApplicationDelegateAdaptor is not run") }
}

@propertyWrapper
public struct AppStorage<Value>: DynamicProperty, StateLinkable {
    let box: StateBox<Value>
    public init(wrappedValue: Value, _ key: String) { box = StateBox(initial: { wrappedValue }) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
    func link(_ graph: ViewGraph, key: String, environment: EnvironmentValues) { box.link(graph, key: "AppStorage." + key) }
}
