/// A hairline across its stack.
public struct Divider: View, PrimitiveView {
    public init() {}
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode { RecordNode(context, .divider) }
}
