// SwiftUI's stacks: laid out by the renderer's stack layout (docs/semantics.md, layout).
internal import AnimoViewRecord

public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment, spacing: CGFloat?, content: Content, site: SourceSite
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
        site = SwiftUI.site(file, line, column)
    }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        let c = context.at(site)
        return RecordNode(c, .stack(RecordedStack(axis: .vertical, alignment: alignment.name, spacing: spacing.map(Double.init))),
                          children: [c.graph.record(content, c.child("content").sharing())])
    }
}

public struct HStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment, spacing: CGFloat?, content: Content, site: SourceSite
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
        site = SwiftUI.site(file, line, column)
    }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        let c = context.at(site)
        return RecordNode(c, .stack(RecordedStack(axis: .horizontal, alignment: alignment.name, spacing: spacing.map(Double.init))),
                          children: [c.graph.record(content, c.child("content").sharing())])
    }
}

public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment, content: Content, site: SourceSite
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.alignment = alignment
        self.content = content()
        site = SwiftUI.site(file, line, column)
    }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        let c = context.at(site)
        return RecordNode(c, .stack(RecordedStack(axis: .depth, alignment: alignment.name, spacing: nil)),
                          children: [c.graph.record(content, c.child("content"))])
    }
}
