/// A view that draws nothing and takes no space.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode { RecordNode(context, .empty) }
}
