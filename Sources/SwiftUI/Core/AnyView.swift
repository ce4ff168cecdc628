/// A type-erased view. Its identity includes the type it wraps, as SwiftUI's does: wrapping
/// another type replaces the view.
public struct AnyView: View, PrimitiveView {
    let storage: any View
    public init<V: View>(_ view: V) { storage = view }
    public init<V: View>(erasing view: V) { storage = view }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        context.graph.record(storage, context.child(String(describing: type(of: storage))))
    }
}
