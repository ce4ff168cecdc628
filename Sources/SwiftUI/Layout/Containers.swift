// Containers that lay their content out as a stack or a grid does: the lazy stacks (laid out as
// the stacks, which a render of every view makes the same), scroll views at rest, grids, and
// navigation containers, whose content is the screen's (their bars are not drawn).
internal import AnimoViewRecord

public struct LazyVStack<Content: View>: View {
    let alignment: HorizontalAlignment, spacing: CGFloat?, content: Content, file: StaticString, line: UInt, column: UInt
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
        self.file = file
        self.line = line
        self.column = column
    }
    public var body: some View {
        VStack(alignment: alignment, spacing: spacing, content: { content }, file: file, line: line, column: column)
    }
}

public struct LazyHStack<Content: View>: View {
    let alignment: VerticalAlignment, spacing: CGFloat?, content: Content, file: StaticString, line: UInt, column: UInt
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
        self.file = file
        self.line = line
        self.column = column
    }
    public var body: some View {
        HStack(alignment: alignment, spacing: spacing, content: { content }, file: file, line: line, column: column)
    }
}

public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// At rest, scrolled to its start: its content an implicit vertical (or horizontal) stack,
/// clipped to the scroll view.
public struct ScrollView<Content: View>: View, PrimitiveView {
    let axes: Axis.Set, content: Content, site: SourceSite
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.axes = axes
        self.content = content()
        site = SwiftUI.site(file, line, column)
    }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        let c = context.at(site)
        let name = axes == [.horizontal, .vertical] ? "both" : axes == .horizontal ? "horizontal" : "vertical"
        return RecordNode(c, .scrollView(axes: name), children: [c.graph.record(content, c.child("content").sharing())])
    }
}

public struct NavigationStack<Content: View>: View {
    let content: Content
    public init(@ViewBuilder root: () -> Content) { content = root() }
    public init<Data>(path: Binding<Data>, @ViewBuilder root: () -> Content) { content = root() }
    public var body: some View { content }
}

public struct NavigationView<Content: View>: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View { content }
}

public struct GridItem: Sendable {
    public enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: Size
    public var spacing: CGFloat?
    public var alignment: Alignment?
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
    var recorded: RecordedGridItem {
        switch size {
        case .fixed(let w): return RecordedGridItem(kind: "fixed", minimum: Double(w), maximum: nil, spacing: spacing.map(Double.init), alignment: alignment?.name)
        case .flexible(let lo, let hi): return RecordedGridItem(kind: "flexible", minimum: Double(lo), maximum: hi.isFinite ? Double(hi) : nil, spacing: spacing.map(Double.init), alignment: alignment?.name)
        case .adaptive(let lo, let hi): return RecordedGridItem(kind: "adaptive", minimum: Double(lo), maximum: hi.isFinite ? Double(hi) : nil, spacing: spacing.map(Double.init), alignment: alignment?.name)
        }
    }
}

public struct LazyVGrid<Content: View>: View, PrimitiveView {
    let columns: [GridItem], alignment: HorizontalAlignment, spacing: CGFloat?, content: Content, site: SourceSite
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
        site = SwiftUI.site(file, line, column)
    }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        let c = context.at(site)
        return RecordNode(c, .grid(RecordedGrid(vertical: true, items: columns.map(\.recorded), alignment: alignment.name, spacing: spacing.map(Double.init))),
                          children: [c.graph.record(content, c.child("content").sharing())])
    }
}

public struct LazyHGrid<Content: View>: View, PrimitiveView {
    let rows: [GridItem], alignment: VerticalAlignment, spacing: CGFloat?, content: Content, site: SourceSite
    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
        site = SwiftUI.site(file, line, column)
    }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        let c = context.at(site)
        return RecordNode(c, .grid(RecordedGrid(vertical: false, items: rows.map(\.recorded), alignment: alignment.name, spacing: spacing.map(Double.init))),
                          children: [c.graph.record(content, c.child("content").sharing())])
    }
}
