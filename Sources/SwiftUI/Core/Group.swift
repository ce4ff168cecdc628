/// Views grouped without a layout of their own: its modifiers apply to each of them.
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        RecordNode(context, .group, children: [context.graph.record(content, context.child("content"))])
    }
}
