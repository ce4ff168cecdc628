/// SwiftUI's `@State`: a value the view owns. It lives as long as the view's identity does; a
/// change records the view again, with the transaction it happened in.
@propertyWrapper
public struct State<Value>: DynamicProperty, StateLinkable {
    let box: StateBox<Value>

    public init(wrappedValue value: Value) {
        box = StateBox(initial: { value })
    }

    public init(initialValue value: Value) {
        box = StateBox(initial: { value })
    }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }

    func link(_ graph: ViewGraph, key: String, environment: EnvironmentValues) {
        box.link(graph, key: key)
    }
}

// In an extension, as SwiftUI declares it: a contextual `where` on the initializer itself would
// make Swift try it for every `@State var x: T` written without a default value.
extension State where Value: ExpressibleByNilLiteral {
    public init() {
        box = StateBox(initial: { nil })
    }
}

