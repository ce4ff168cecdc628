// The layout tree of one frame: SwiftUI's layout protocol (docs/semantics.md §84) run over a
// flat array of nodes. A parent proposes a size, the child chooses its own, the parent places it.
//
// Each container and layout modifier is a value type with the two steps of SwiftUI's `Layout`
// protocol, `sizeThatFits(_:subviews:)` and `placeSubviews(in:proposal:subviews:)` (one file per
// concept in this folder); the tree dispatches to them, caches each node's last answers (stacks
// ask a child several times: for its minimum, its maximum and its share) and records where every
// node was placed. Coordinates are the tree's (the canvas's points, y down); frames are not
// rounded — `snapped(_:)` rounds them to the pixel grid for drawing (§87).
//
// The tree knows no pixels and no spec: the scene builds one per frame from the resolved nodes
// (SceneEvaluator+Layout.swift) and reads the placed frames back by node id.
import AnimoGeometry
import AnimoSpec

/// The children of a container, as SwiftUI's `LayoutSubviews`.
public struct LayoutSubviews: RandomAccessCollection, Sendable {
    // Unowned: subviews live only during their tree's sizing and placing calls (no reference
    // counting on the layout's hot path).
    unowned(unsafe) let tree: LayoutTree
    let ids: ArraySlice<Int>

    public var startIndex: Int { 0 }
    public var endIndex: Int { ids.count }
    public subscript(i: Int) -> LayoutSubview { LayoutSubview(tree: tree, id: ids[ids.startIndex + i]) }
}

/// One child as its container sees it (SwiftUI's `LayoutSubview`).
public struct LayoutSubview: Sendable {
    unowned(unsafe) let tree: LayoutTree
    /// The node's index in its tree.
    public let id: Int

    /// The child's size for `proposal` (cached).
    public func sizeThatFits(_ proposal: ProposedSize) -> Size { tree.sizeThatFits(id, proposal) }

    /// The child's size and alignment guides for `proposal`.
    public func dimensions(in proposal: ProposedSize) -> ViewDimensions {
        ViewDimensions(size: tree.sizeThatFits(id, proposal), proposal: proposal, tree: tree, id: id)
    }

    /// `layoutPriority` (default 0; −∞ for spacers and empty containers, §99).
    public var priority: Double { tree.nodes[id].priority }
    /// `gridCellColumns` (default 1).
    public var gridColumns: Int { tree.nodes[id].gridColumns }
    public var spacing: ViewSpacing { tree.spacing(of: id) }

    /// Places the child so that its `anchor` point (a unit point of its size) lies at `point`,
    /// giving it `proposal` (SwiftUI's `place(at:anchor:proposal:)`).
    public func place(at point: Point, anchor: UnitPoint = UnitPoint(x: 0, y: 0), proposal: ProposedSize) {
        tree.place(id, at: point, anchor: anchor, proposal: proposal)
    }
}

/// A view's size and guides (SwiftUI's `ViewDimensions`): leading 0, centre w/2, trailing w, top
/// 0, centre h/2, bottom h; the text baselines from the view's text, else its bottom (§123).
public struct ViewDimensions: Sendable {
    public let size: Size
    let proposal: ProposedSize
    unowned(unsafe) let tree: LayoutTree
    let id: Int

    public var width: Double { size.width }
    public var height: Double { size.height }

    public subscript(guide: HorizontalAlignment) -> Double {
        switch guide {
        case .leading: return 0
        case .center: return size.width / 2
        case .trailing: return size.width
        }
    }

    public subscript(guide: VerticalAlignment) -> Double {
        switch guide {
        case .top: return 0
        case .center: return size.height / 2
        case .bottom: return size.height
        case .firstTextBaseline, .lastTextBaseline:
            return tree.explicitBaseline(id, guide, size: size, proposal: proposal) ?? size.height
        }
    }

    /// The baseline the view itself defines (text, or a container of text), nil if none.
    public func explicitBaseline(_ guide: VerticalAlignment) -> Double? {
        tree.explicitBaseline(id, guide, size: size, proposal: proposal)
    }
}

/// What a container or modifier node does; each payload is one layout of this folder.
enum LayoutNodeKind: Sendable {
    case leaf(LeafKind)
    case stack(StackLayout)
    case zstack(ZStackLayout)
    case frame(FrameLayout)
    case flexFrame(FlexFrameLayout)
    case padding(PaddingLayout)
    /// Children: the primary view, then the secondary (its background or overlay).
    case overlay(OverlayLayout)
    case aspectRatio(AspectRatioLayout)
    case position(PositionLayout)
    case fixedSize(FixedSizeLayout)
    case ignoresSafeArea(SafeAreaIgnoringLayout)
    case grid(GridLayout)
    case lazyGrid(LazyGridLayout)
    case scroll(ScrollLayout)
}

/// How the tree stores a node's kind: plain values only (so reading one copies bytes, no
/// reference counting); grids and custom leaves live in side tables, by index.
enum StoredKind: Sendable {
    enum Leaf: Sendable {
        case flexible
        case fixed(Size)
        case spacer(Double?)
        case divider(Double)
        case custom(Int)
    }
    case leaf(Leaf)
    case stack(StackLayout)
    case zstack(ZStackLayout)
    case frame(FrameLayout)
    case flexFrame(FlexFrameLayout)
    case padding(PaddingLayout)
    case overlay(OverlayLayout)
    case aspectRatio(AspectRatioLayout)
    case position(PositionLayout)
    case fixedSize(FixedSizeLayout)
    case ignoresSafeArea(SafeAreaIgnoringLayout)
    case grid(Int)
    case lazyGrid(Int)
    case scroll(ScrollLayout)
}

/// The last four answers of one node (proposal → size): a stack asks each child for its minimum,
/// its maximum and its share. (Eight entries measured slower: the nodes outgrow the cache.)
struct SizeCache: Sendable {
    var p0 = ProposedSize(width: -1, height: -1), s0 = Size.zero
    var p1 = ProposedSize(width: -1, height: -1), s1 = Size.zero
    var p2 = ProposedSize(width: -1, height: -1), s2 = Size.zero
    var p3 = ProposedSize(width: -1, height: -1), s3 = Size.zero
    var next = 0

    func lookup(_ p: ProposedSize) -> Size? {
        if p == p0 { return s0 }
        if p == p1 { return s1 }
        if p == p2 { return s2 }
        if p == p3 { return s3 }
        return nil
    }

    mutating func store(_ p: ProposedSize, _ s: Size) {
        switch next {
        case 0: p0 = p; s0 = s
        case 1: p1 = p; s1 = s
        case 2: p2 = p; s2 = s
        default: p3 = p; s3 = s
        }
        next = (next + 1) & 3
    }
}

/// One frame's layout tree. Build it bottom-up (children before their parent), then ask the root
/// for its size and place it; every node's frame is then known.
public final class LayoutTree: @unchecked Sendable {
    struct Node: Sendable {
        var kind: StoredKind
        /// Positions in `childList`.
        var children: Range<Int>
        var priority: Double
        var gridColumns: Int = 1
        /// The stack the node sits in (spacers and dividers orient themselves by it).
        var stackAxis: LayoutAxis?
        var cache = SizeCache()
        /// Where the node was placed (tree coordinates, not rounded), and with which proposal.
        var frame = Rect.zero
        var proposal = ProposedSize.unspecified
        var isPlaced = false
    }

    var nodes: [Node] = []
    var childList: [Int] = []
    var customLeaves: [any LayoutLeaf] = []
    var grids: [GridLayout] = []
    var lazyGrids: [LazyGridLayout] = []
    /// Set while a container computes its own baseline: `place` records child frames here
    /// instead of placing them.
    var recording: [(id: Int, frame: Rect, proposal: ProposedSize)]?

    /// The screen and its safe area in tree coordinates (`ignoresSafeArea` extends views that
    /// reach the safe area's edge out to the screen's, §118).
    public var screen: Rect
    public var safeArea: Rect
    /// Pixels per point, for `snapped(_:)`.
    public var scale: Double
    /// Where the tree's origin lies in canvas coordinates (frames are rounded on the canvas's grid).
    public var offset = Point(0, 0)

    public init(screen: Rect, safeArea: Rect? = nil, scale: Double = 1) {
        self.screen = screen
        self.safeArea = safeArea ?? screen
        self.scale = scale
        nodes.reserveCapacity(64)
        childList.reserveCapacity(64)
    }

    public var count: Int { nodes.count }

    // MARK: Building

    /// Adds a node whose children were added before it; returns its id.
    @discardableResult
    func add(_ kind: LayoutNodeKind, children: [Int] = []) -> Int {
        let start = childList.count
        childList.append(contentsOf: children)
        var defaultPriority = 0.0
        switch kind {
        case .leaf(.spacer): defaultPriority = -.infinity  // §99
        case .stack, .zstack, .grid, .lazyGrid: if children.isEmpty { defaultPriority = -.infinity }
        default: break
        }
        let stored: StoredKind
        switch kind {
        case .leaf(let l):
            switch l {
            case .flexible: stored = .leaf(.flexible)
            case .fixed(let s): stored = .leaf(.fixed(s))
            case .spacer(let m): stored = .leaf(.spacer(m))
            case .divider(let d): stored = .leaf(.divider(d))
            case .custom(let c):
                customLeaves.append(c)
                stored = .leaf(.custom(customLeaves.count - 1))
            }
        case .stack(let l): stored = .stack(l)
        case .zstack(let l): stored = .zstack(l)
        case .frame(let l): stored = .frame(l)
        case .flexFrame(let l): stored = .flexFrame(l)
        case .padding(let l): stored = .padding(l)
        case .overlay(let l): stored = .overlay(l)
        case .aspectRatio(let l): stored = .aspectRatio(l)
        case .position(let l): stored = .position(l)
        case .fixedSize(let l): stored = .fixedSize(l)
        case .ignoresSafeArea(let l): stored = .ignoresSafeArea(l)
        case .grid(let g):
            grids.append(g)
            stored = .grid(grids.count - 1)
        case .lazyGrid(let g):
            lazyGrids.append(g)
            stored = .lazyGrid(lazyGrids.count - 1)
        case .scroll(let l): stored = .scroll(l)
        }
        nodes.append(Node(kind: stored, children: start..<childList.count, priority: defaultPriority))
        let id = nodes.count - 1
        // Spacers and dividers orient themselves along the stack they are in (through modifiers).
        if case .stack(let s) = kind { for c in children { orient(c, s.axis) } }
        return id
    }

    private func orient(_ id: Int, _ axis: LayoutAxis) {
        switch nodes[id].kind {
        case .leaf(.spacer), .leaf(.divider):
            nodes[id].stackAxis = axis
        case .frame, .flexFrame, .padding, .aspectRatio, .fixedSize, .ignoresSafeArea, .position:
            for c in nodes[id].children { orient(childList[c], axis) }
        case .overlay:
            if let first = nodes[id].children.first { orient(childList[first], axis) }
        default: break
        }
    }

    public func addLeaf(_ kind: LeafKind) -> Int { add(.leaf(kind)) }

    /// `layoutPriority(_:)`: a trait of the view, whatever modifiers follow it.
    public func setPriority(_ id: Int, _ p: Double) { nodes[id].priority = p }
    /// `gridCellColumns(_:)` (at least 1).
    public func setGridColumns(_ id: Int, _ n: Int) { nodes[id].gridColumns = max(1, n) }

    public func children(of id: Int) -> [Int] { nodes[id].children.map { childList[$0] } }

    func subviews(_ id: Int) -> LayoutSubviews {
        LayoutSubviews(tree: self, ids: childList[nodes[id].children])
    }

    // MARK: Sizing

    /// The node's size for `proposal` (SwiftUI's `sizeThatFits`), cached per node.
    public func sizeThatFits(_ id: Int, _ proposal: ProposedSize) -> Size {
        if let s = nodes[id].cache.lookup(proposal) { return s }
        var p = proposal
        // Arithmetic on ∞ (∞ − ∞) must not reach a view as NaN: a NaN length is 0.
        if p.width?.isNaN == true { p.width = 0 }
        if p.height?.isNaN == true { p.height = 0 }
        var s = computeSize(id, p)
        if s.width.isNaN { s.width = 0 }
        if s.height.isNaN { s.height = 0 }
        nodes[id].cache.store(proposal, s)
        return s
    }

    private func computeSize(_ id: Int, _ p: ProposedSize) -> Size {
        let kind = nodes[id].kind
        if case .leaf(let leaf) = kind { return leafSize(leaf, axis: nodes[id].stackAxis, p) }
        let sub = subviews(id)
        switch kind {
        case .leaf: return .zero
        case .stack(let l): return l.sizeThatFits(p, subviews: sub)
        case .zstack(let l): return l.sizeThatFits(p, subviews: sub)
        case .frame(let l): return l.sizeThatFits(p, subviews: sub)
        case .flexFrame(let l): return l.sizeThatFits(p, subviews: sub)
        case .padding(let l): return l.sizeThatFits(p, subviews: sub)
        case .overlay(let l): return l.sizeThatFits(p, subviews: sub)
        case .aspectRatio(let l): return l.sizeThatFits(p, subviews: sub)
        case .position(let l): return l.sizeThatFits(p, subviews: sub)
        case .fixedSize(let l): return l.sizeThatFits(p, subviews: sub)
        case .ignoresSafeArea(let l): return l.sizeThatFits(p, subviews: sub)
        case .grid(let i): return grids[i].sizeThatFits(p, subviews: sub)
        case .lazyGrid(let i): return lazyGrids[i].sizeThatFits(p, subviews: sub)
        case .scroll(let l): return l.sizeThatFits(p, subviews: sub)
        }
    }

    func leafSize(_ leaf: StoredKind.Leaf, axis: LayoutAxis?, _ p: ProposedSize) -> Size {
        switch leaf {
        case .flexible:
            return p.replacingUnspecified()
        case .fixed(let s):
            return s
        case .spacer(let minLength):
            let m = minLength ?? ViewSpacing.defaultDistance
            func along(_ v: Double?) -> Double { max(v ?? -.infinity, m) }
            switch axis {
            case .horizontal?: return Size(along(p.width), 0)
            case .vertical?: return Size(0, along(p.height))
            case nil: return Size(along(p.width), along(p.height))
            }
        case .divider(let thickness):
            if axis == .horizontal { return Size(thickness, p.height ?? 10) }
            return Size(p.width ?? 10, thickness)
        case .custom(let i):
            return customLeaves[i].sizeThatFits(p)
        }
    }

    func spacing(of id: Int) -> ViewSpacing {
        switch nodes[id].kind {
        case .leaf(.spacer): return .zero
        case .leaf(.custom(let i)): return customLeaves[i].spacing
        default: return .standard
        }
    }

    // MARK: Placing

    /// Places node `id` so that `anchor` (a unit point of its size) lies at `point`, then its
    /// children. While a container measures its own baseline, records the frame instead.
    public func place(_ id: Int, at point: Point, anchor: UnitPoint = UnitPoint(x: 0, y: 0), proposal: ProposedSize) {
        let size = sizeThatFits(id, proposal)
        // (An anchor of 0 leaves the point as it is, whatever the size: no 0 × ∞.)
        var x = anchor.x == 0 ? point.x : point.x - anchor.x * size.width
        var y = anchor.y == 0 ? point.y : point.y - anchor.y * size.height
        if x.isNaN { x = 0 }
        if y.isNaN { y = 0 }
        let frame = Rect(x: x, y: y, width: size.width, height: size.height)
        if recording != nil {
            recording!.append((id, frame, proposal))
            return
        }
        nodes[id].frame = frame
        nodes[id].proposal = proposal
        nodes[id].isPlaced = true
        placeChildren(id, in: frame, proposal)
    }

    private func placeChildren(_ id: Int, in bounds: Rect, _ p: ProposedSize) {
        let sub = subviews(id)
        guard !sub.isEmpty else { return }
        switch nodes[id].kind {
        case .leaf: return
        case .stack(let l): l.placeSubviews(in: bounds, proposal: p, subviews: sub)
        case .zstack(let l): l.placeSubviews(in: bounds, proposal: p, subviews: sub)
        case .frame(let l): l.placeSubviews(in: bounds, proposal: p, subviews: sub)
        case .flexFrame(let l): l.placeSubviews(in: bounds, proposal: p, subviews: sub)
        case .padding(let l): l.placeSubviews(in: bounds, proposal: p, subviews: sub)
        case .overlay(let l): l.placeSubviews(in: bounds, proposal: p, subviews: sub)
        case .aspectRatio(let l): l.placeSubviews(in: bounds, proposal: p, subviews: sub)
        case .position(let l): l.placeSubviews(in: bounds, proposal: p, subviews: sub)
        case .fixedSize(let l): l.placeSubviews(in: bounds, proposal: p, subviews: sub)
        case .ignoresSafeArea(let l): l.placeSubviews(in: bounds, proposal: p, subviews: sub, screen: screen, safeArea: safeArea)
        case .grid(let i): grids[i].placeSubviews(in: bounds, proposal: p, subviews: sub)
        case .lazyGrid(let i): lazyGrids[i].placeSubviews(in: bounds, proposal: p, subviews: sub)
        case .scroll(let l): l.placeSubviews(in: bounds, proposal: p, subviews: sub)
        }
    }

    /// Lays out a root view the way a hosting view does (§120): offered the safe area's size and
    /// centred in it (or aligned by `alignment`, as GeometryReader puts its content top-leading).
    public func placeRoot(_ id: Int, in area: Rect, alignment: Alignment = .center) {
        let p = ProposedSize(area.size)
        let d = subviewDimensions(id, p)
        let bounds = Size(area.width, area.height)
        let x = area.minX + alignmentValue(alignment.horizontal, bounds) - d[alignment.horizontal]
        let y = area.minY + alignmentValue(alignment.vertical, bounds) - d[alignment.vertical]
        place(id, at: Point(x, y), proposal: p)
    }

    func subviewDimensions(_ id: Int, _ p: ProposedSize) -> ViewDimensions {
        ViewDimensions(size: sizeThatFits(id, p), proposal: p, tree: self, id: id)
    }

    /// In a right-to-left layout, the horizontal extent frames are mirrored across (x becomes
    /// minX + maxX − x): views are laid out left to right and then read back mirrored, so the
    /// leading edge, stacks' order, leading and trailing alignment, padding and position all turn
    /// over while each view's own drawing (text, symbols, shapes) is not mirrored (§258).
    public var mirrored: (minX: Double, maxX: Double)?

    /// The frame node `id` was placed at (tree coordinates, not rounded).
    public func frame(of id: Int) -> Rect {
        let f = nodes[id].frame
        guard let m = mirrored else { return f }
        return Rect(x: m.minX + m.maxX - f.maxX, y: f.minY, width: f.width, height: f.height)
    }
    public func isPlaced(_ id: Int) -> Bool { nodes[id].isPlaced }
    public func proposal(of id: Int) -> ProposedSize { nodes[id].proposal }

    /// `rect` with its origin and far corner rounded to the pixel grid, ties up (§87).
    public func snapped(_ rect: Rect) -> Rect {
        rect.snappedToPixels(scale: scale, origin: offset)
    }

    // MARK: Baselines

    /// The first or last text baseline node `id` defines at `size`, nil when it has no text: a
    /// leaf's own; for a container, its children's (placed as it would place them) combined —
    /// the topmost first baseline, the bottommost last baseline (§123).
    func explicitBaseline(_ id: Int, _ guide: VerticalAlignment, size: Size, proposal: ProposedSize) -> Double? {
        switch nodes[id].kind {
        case .leaf(.custom(let i)):
            let l = customLeaves[i]
            return guide == .lastTextBaseline ? l.lastTextBaseline(in: size) : l.firstTextBaseline(in: size)
        case .leaf:
            return nil
        default:
            break
        }
        let kids = children(of: id)
        guard !kids.isEmpty else { return nil }
        // Place the children as the node would, in its own coordinates, without committing.
        let saved = recording
        recording = []
        placeChildren(id, in: Rect(origin: Point(0, 0), size: size), proposal)
        let placed = recording ?? []
        recording = saved
        var result: Double?
        let considered: ArraySlice<(id: Int, frame: Rect, proposal: ProposedSize)>
        if case .overlay = nodes[id].kind { considered = placed.prefix(1) } else { considered = placed[...] }
        for (child, f, p) in considered {
            guard let b = explicitBaseline(child, guide, size: f.size, proposal: p) else { continue }
            let v = f.minY + b
            result = result.map { guide == .lastTextBaseline ? max($0, v) : min($0, v) } ?? v
        }
        return result
    }
}

/// The value of a guide in a box of `size` (no text: baselines at the bottom).
func alignmentValue(_ h: HorizontalAlignment, _ size: Size) -> Double {
    switch h {
    case .leading: return 0
    case .center: return size.width / 2
    case .trailing: return size.width
    }
}

func alignmentValue(_ v: VerticalAlignment, _ size: Size) -> Double {
    switch v {
    case .top: return 0
    case .center: return size.height / 2
    case .bottom, .firstTextBaseline, .lastTextBaseline: return size.height
    }
}
