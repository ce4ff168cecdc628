/// A stored property of a view that the graph updates before `body` is evaluated.
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// A property wrapper whose storage lives in the graph, keyed by the view's identity.
@MainActor protocol StateLinkable {
    func link(_ graph: ViewGraph, key: String, environment: EnvironmentValues)
}
