// SwiftUI's `Button`: its label is drawn; its action runs when the render's interactions tap it.
internal import AnimoViewRecord

public struct Button<Label: View>: View, PrimitiveView {
    let action: () -> Void
    let label: Label
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        let node = context.graph.record(label, context.child("label"))
        context.graph.tapActions.append((context.path, node.site, node, action))
        return node
    }
}

extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void) {
        self.init(action: action) { Text(titleKey).foregroundColor(.accentColor) }
    }
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.init(action: action) { Text(title).foregroundColor(.accentColor) }
    }
}
