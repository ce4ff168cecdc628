// SwiftUI's `ViewModifier` and `ModifiedContent`. The module's own modifiers record themselves
// on the view they modify; a modifier type of the user's is evaluated by calling its
// `body(content:)`, with its `@State` kept like a view's.
internal import AnimoViewRecord

@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// A modifier the module records itself.
@MainActor protocol PrimitiveModifier {
    func record(content: any View, _ context: RecordContext) -> RecordNode
}

/// The common case: record the content, then add one modifier to it.
@MainActor protocol RecordedModifierValue: PrimitiveModifier {
    var site: SourceSite { get }
    func modifier(_ context: RecordContext) -> RecordedModifier?
}

extension RecordedModifierValue {
    func record(content: any View, _ context: RecordContext) -> RecordNode {
        var node = context.graph.record(content, context)
        if let m = modifier(context.at(site)) { node.modifiers.append(m) }
        return node
    }
}

extension ViewModifier where Body == Never {
    public func body(content: Content) -> Never { fatalError("\(Self.self) is recorded by animo-render; its body is not evaluated") }
}

public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View, PrimitiveView where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError("ModifiedContent has no body") }

    func record(_ context: RecordContext) -> RecordNode {
        if let m = modifier as? any PrimitiveModifier { return m.record(content: content, context) }
        let c = context.child(String(describing: Modifier.self))
        context.graph.link(modifier, c)
        let placeholder = _ViewModifier_Content<Modifier>(content: content, context: context)
        return context.graph.record(modifier.body(content: placeholder), c)
    }
}

extension ModifiedContent: ViewModifier where Content: ViewModifier, Modifier: ViewModifier {}

/// The content a modifier's `body(content:)` receives: the modified view, recorded where the
/// modifier's body places it, with the identity it had before the modifier.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    let content: any View
    let context: RecordContext
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        var c = self.context
        c.environment = context.environment
        return c.graph.record(content, c)
    }
}

extension View {
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

extension ViewModifier {
    public func concat<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
