// Layout views of the spec (docs/spec.md, "Layout"): stacks, spacers, dividers, Color, grids,
// scroll views and geometry readers. Their children are laid out by SwiftUI's rules
// (docs/semantics.md §84–120) instead of drawing at absolute coordinates.

/// A layout view: one case per container or leaf kind.
public indirect enum LayoutNode: Sendable {
    /// `HStack` (axis horizontal) or `VStack` (vertical).
    case stack(StackNode)
    case zstack(ZStackNode)
    /// `Spacer(minLength:)`; nil = the default spacing (8 pt).
    case spacer(minLength: SpecNumber?)
    /// `Divider()`.
    case divider
    /// `Color` as a view: fills whatever size it is offered.
    case color(SpecColor)
    /// A `Color` view whose colour is computed (`{"color": "=on ? green : gray"}`).
    case colorExpression(SpecColorExpression)
    case grid(GridNode)
    /// `GridRow`: a row of a `grid` (elsewhere it lays out like an HStack).
    case gridRow(GridRowNode)
    /// `LazyVGrid` (axis vertical: items are columns) or `LazyHGrid` (horizontal: items are rows).
    case lazyGrid(LazyGridNode)
    case scrollView(ScrollViewNode)
    case geometryReader(GeometryReaderNode)

    /// The spec key.
    public var kindName: String {
        switch self {
        case .stack(let s): return s.axis == .horizontal ? "hstack" : "vstack"
        case .zstack: return "zstack"
        case .spacer: return "spacer"
        case .divider: return "divider"
        case .color, .colorExpression: return "color"
        case .grid: return "grid"
        case .gridRow: return "gridRow"
        case .lazyGrid(let g): return g.axis == .vertical ? "lazyVGrid" : "lazyHGrid"
        case .scrollView: return "scrollView"
        case .geometryReader: return "geometryReader"
        }
    }

    /// Every layout node key.
    public static let kindNames = ["hstack", "vstack", "zstack", "spacer", "divider", "color", "grid", "gridRow", "lazyVGrid", "lazyHGrid", "scrollView", "geometryReader"]

    /// The child nodes it lays out (empty for leaves).
    public var content: [SpecNode] {
        switch self {
        case .stack(let s): return s.content
        case .zstack(let z): return z.content
        case .grid(let g): return g.content
        case .gridRow(let r): return r.content
        case .lazyGrid(let g): return g.content
        case .scrollView(let s): return s.content
        case .geometryReader(let g): return g.content
        case .spacer, .divider, .color, .colorExpression: return []
        }
    }
}

/// The axis of a stack, lazy grid or scroll view.
public enum SpecAxis: String, Sendable, CaseIterable {
    case horizontal, vertical
}

/// `HStack(alignment:spacing:)` / `VStack(alignment:spacing:)`.
public struct StackNode: Sendable {
    public var axis: SpecAxis
    /// nil = SwiftUI's per-pair default (docs/semantics.md §94).
    public var spacing: SpecNumber?
    /// HStack: the vertical guide (default center).
    public var verticalAlignment: VerticalAlignment
    /// VStack: the horizontal guide (default center).
    public var horizontalAlignment: HorizontalAlignment
    public var content: [SpecNode]

    public init(axis: SpecAxis, spacing: SpecNumber? = nil, verticalAlignment: VerticalAlignment = .center, horizontalAlignment: HorizontalAlignment = .center, content: [SpecNode]) {
        self.axis = axis
        self.spacing = spacing
        self.verticalAlignment = verticalAlignment
        self.horizontalAlignment = horizontalAlignment
        self.content = content
    }
}

/// `ZStack(alignment:)`.
public struct ZStackNode: Sendable {
    public var alignment: Alignment
    public var content: [SpecNode]

    public init(alignment: Alignment = .center, content: [SpecNode]) {
        self.alignment = alignment
        self.content = content
    }
}

/// `Grid(alignment:horizontalSpacing:verticalSpacing:)`: `content` holds `gridRow`s and single
/// views that span every column.
public struct GridNode: Sendable {
    public var alignment: Alignment
    public var horizontalSpacing: SpecNumber?
    public var verticalSpacing: SpecNumber?
    public var content: [SpecNode]

    public init(alignment: Alignment = .center, horizontalSpacing: SpecNumber? = nil, verticalSpacing: SpecNumber? = nil, content: [SpecNode]) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content
    }
}

/// `GridRow(alignment:)`.
public struct GridRowNode: Sendable {
    /// nil = the grid's.
    public var alignment: VerticalAlignment?
    public var content: [SpecNode]

    public init(alignment: VerticalAlignment? = nil, content: [SpecNode]) {
        self.alignment = alignment
        self.content = content
    }
}

/// `GridItem(_:spacing:alignment:)`.
public struct SpecGridItem: Sendable {
    public enum Size: Sendable {
        case fixed(SpecNumber)
        /// Defaults minimum 10, maximum ∞.
        case flexible(minimum: SpecNumber, maximum: SpecNumber)
        /// Default maximum ∞.
        case adaptive(minimum: SpecNumber, maximum: SpecNumber)
    }

    public var size: Size
    /// To the next item; nil = 8.
    public var spacing: SpecNumber?
    public var alignment: Alignment?

    public init(size: Size, spacing: SpecNumber? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// `LazyVGrid(columns:alignment:spacing:)` or `LazyHGrid(rows:alignment:spacing:)`.
public struct LazyGridNode: Sendable {
    /// vertical = LazyVGrid (items are columns), horizontal = LazyHGrid (items are rows).
    public var axis: SpecAxis
    public var items: [SpecGridItem]
    public var alignment: Alignment
    /// Between rows (LazyVGrid) or columns (LazyHGrid); nil = 8.
    public var spacing: SpecNumber?
    public var content: [SpecNode]

    public init(axis: SpecAxis, items: [SpecGridItem], alignment: Alignment = .center, spacing: SpecNumber? = nil, content: [SpecNode]) {
        self.axis = axis
        self.items = items
        self.alignment = alignment
        self.spacing = spacing
        self.content = content
    }
}

/// `ScrollView(_ axes:)` scrolled to `offset` (points from the content's start; may be animated).
public struct ScrollViewNode: Sendable {
    public var horizontal: Bool
    public var vertical: Bool
    public var offset: SpecPoint
    public var content: [SpecNode]

    public init(horizontal: Bool = false, vertical: Bool = true, offset: SpecPoint, content: [SpecNode]) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.offset = offset
        self.content = content
    }
}

/// `GeometryReader { proxy in … }`: `content` sees the reader's size and frame through names
/// `<as>.width`, `<as>.height`, … (slots below).
public struct GeometryReaderNode: Sendable {
    /// The proxy's name (`as`, default `geo`).
    public var name: String
    public var slots: GeometrySlots
    public var content: [SpecNode]

    public init(name: String, slots: GeometrySlots, content: [SpecNode]) {
        self.name = name
        self.slots = slots
        self.content = content
    }
}

/// The evaluation-frame slots a geometry reader fills before its content is evaluated, one per
/// name of `GeometrySlots.names`, in that order.
public struct GeometrySlots: Sendable, Equatable {
    public var slots: [Int]

    public init(slots: [Int]) {
        self.slots = slots
    }

    /// The names after `<as>.`: the reader's size; its frame in canvas points; how far it reaches
    /// into the unsafe area on each edge.
    public static let names = ["width", "height", "minX", "midX", "maxX", "minY", "midY", "maxY",
                               "safeAreaInsets.top", "safeAreaInsets.leading", "safeAreaInsets.bottom", "safeAreaInsets.trailing"]
    /// Aliases: SwiftUI code writes `geometry.size.width`.
    public static let aliases = ["size.width": "width", "size.height": "height"]
}
