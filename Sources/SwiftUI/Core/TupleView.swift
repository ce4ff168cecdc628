/// The views of a `@ViewBuilder` block, in order.
public struct TupleView<T>: View, PrimitiveView {
    public var value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { neverBody() }

    func record(_ context: RecordContext) -> RecordNode {
        var children: [RecordNode] = []
        // A tuple's elements, read as SwiftUI's view list does: each at its structural position.
        for (i, child) in Mirror(reflecting: value).children.enumerated() {
            if let v = child.value as? any View {
                children.append(context.graph.record(v, context.child(String(i))))
            }
        }
        return RecordNode(context, .group, children: children)
    }
}
