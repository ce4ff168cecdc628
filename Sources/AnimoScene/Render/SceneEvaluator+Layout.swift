// Layout views in a frame (docs/spec.md, "Layout"): a layout view met in an absolute context (the
// top level, a canvas's or a geometry reader's content, a mask) is a root view. Its subtree is
// built into one LayoutTree — values of this frame evaluated, groups, repeats, ifs and animators
// dissolved into their children (which take their modifiers), v1 absolute nodes evaluated as
// fixed-size views — then laid out in the context's area (the safe area at the top level,
// docs/semantics.md §120) and drawn: each view's content in its frame, then its modifiers in
// order, a drawing modifier using the frame of the layout modifier before it as its layout frame.
import AnimoSpec
import AnimoGeometry

/// Where the layout views of an absolute context are laid out.
struct LayoutContext: Sendable {
    /// The area a root view is offered and placed in.
    var area: Rect
    /// How a root view is placed in `area`: centred (a hosting view, §120) or top-leading (a
    /// geometry reader's content, §106).
    var alignment: Alignment = .center
    /// The screen and the safe area, in the context's coordinates.
    var screen: Rect
    var safeArea: Rect
    /// The context's origin in canvas coordinates (geometry readers report canvas frames).
    var origin = Point(0, 0)
    /// Pixels per point (frames are rounded to pixels when drawn, §87).
    var scale: Double
    /// `layoutDirection: rightToLeft`: frames are mirrored within the area (docs/semantics.md §258).
    var rightToLeft = false

    /// The context inside a view placed at `rect`: its own coordinates, from (0, 0).
    func local(_ rect: Rect, alignment: Alignment) -> LayoutContext {
        func shift(_ r: Rect) -> Rect { Rect(x: r.minX - rect.minX, y: r.minY - rect.minY, width: r.width, height: r.height) }
        return LayoutContext(area: Rect(origin: Point(0, 0), size: rect.size), alignment: alignment, screen: shift(screen),
                             safeArea: shift(safeArea), origin: origin + rect.origin, scale: scale, rightToLeft: rightToLeft)
    }
}

extension SceneEvaluator {
    /// Lays out a layout view of an absolute context as a root view and draws it; its layout frame
    /// is where it was placed.
    func rootView(_ node: RNode, _ t: Double, _ frame: inout [Double]) -> (node: DisplayNode?, layout: Rect?) {
        let build = LayoutBuild(self, t)
        var ids: [Int] = []
        build.collect(node, &frame, distributed: [], grid: false, into: &ids)
        guard let r = ids.first, build.views[r].top >= 0 else { return (nil, nil) }
        build.tree.placeRoot(build.views[r].top, in: layoutContext.area, alignment: layoutContext.alignment)
        if layoutContext.rightToLeft { build.tree.mirrored = (layoutContext.area.minX, layoutContext.area.maxX) }
        if !build.elementOrders.isEmpty {
            build.moves = build.displacements()
            if let log = elementFrames { build.record(into: log) }
        }
        let (d, rect) = build.draw(r)
        return (d, rect)
    }

    /// An evaluator for the content of a view placed at `rect` (a canvas, a geometry reader): its
    /// own coordinates from (0, 0); layout views in it are placed by `alignment`.
    func local(_ rect: Rect, alignment: Alignment) -> SceneEvaluator {
        var e = self
        e.canvasRect = Rect(origin: Point(0, 0), size: rect.size)
        e.layoutContext = layoutContext.local(rect, alignment: alignment)
        return e
    }

    /// A `canvas` node placed in an area that does not start at (0, 0): its content drawn in its
    /// own coordinates, moved to the area.
    func localCanvas(_ node: RNode, _ c: RCanvas, _ t: Double, _ frame: inout [Double]) -> (DisplayNode?, Rect?) {
        let area = layoutContext.area
        var bare = node
        bare.modifiers = []
        bare.bindings = []
        let inner = local(area, alignment: .center)
        let d = inner.evaluate(bare, t, &frame).node
        return (d.map { translated($0, area.origin) }, area)
    }

    /// The modifiers an `if` applies this frame, or nil when its content is absent
    /// (as `conditional`, for content laid out by a container).
    func conditionalModifiers(_ c: RConditional, _ t: Double, _ frame: [Double]) -> [RModifier]? {
        guard let s = presence(c, t, frame) else { return nil }
        guard s.p != 1 || s.animating else { return [] }
        return [Self.glassPresence(s.p)] + transitionModifiers(c.transition, p: s.p, inserting: s.present, t, frame)
    }
}

func translated(_ d: DisplayNode, _ by: Point) -> DisplayNode {
    by.x == 0 && by.y == 0 ? d : .transform(.translation(by.x, by.y), d)
}

/// One layout view's subtree for one frame: its LayoutTree and, per view, what to draw.
final class LayoutBuild {
    /// What a view draws in its content frame (small: the node itself is in the record).
    enum Content {
        /// A frameless shape (the record's node): fills its frame.
        case shape
        case color(Color)
        /// A v1 node drawn at its own coordinates, whose layout frame was `Rect`; moved to its frame.
        case absolute(DisplayNode?, Rect)
        /// A container: its subviews, in drawing order.
        case children([Int])
        /// A scroll view: its subviews, clipped to its frame.
        case scroll([Int])
        /// A `canvas` (the record's node, drawn without its modifiers): content in its own coordinates.
        case canvas
        /// A geometry reader (the record's node): an absolute context in its frame.
        case reader
        /// A text (the record's node), laid out again in the size it answered: `Rect` is that
        /// size, unrounded, at its place.
        case text
        /// An image (the record's node): a PNG drawn over its frame, a symbol placed at its origin.
        case image
        case divider
        case nothing
        /// A `gridRow` inside a grid: its cells (not a view of its own).
        case gridRow(VerticalAlignment?, [Int])
    }

    /// A modifier as drawn.
    enum Step {
        /// The view's modifier number i (its own, then those its wrappers handed down).
        case draw(Int)
        /// From here on, the layout frame is this tree node's.
        case layout(Int)
        /// A background (`front` false) or overlay laid out by tree node `item`.
        case secondary([Int], item: Int, front: Bool)
        case clipped
    }

    struct ViewRecord {
        /// The view's node, and the modifiers groups, repeats, ifs and animators around it handed down.
        var node: RNode
        var distributed: [RModifier]
        /// The slot values the view's content and modifiers are evaluated with.
        var frame: [Double]
        var content: Content
        /// Tree nodes of the content and of the whole view (after its layout modifiers).
        var contentItem: Int
        var top: Int
        var steps: [Step]
        var zIndex: Double

        var path: String { node.path }

        func modifier(_ i: Int) -> RModifier {
            i < node.modifiers.count ? node.modifiers[i] : distributed[i - node.modifiers.count]
        }
    }

    let ev: SceneEvaluator
    let t: Double
    let tree: LayoutTree
    var views: [ViewRecord] = []
    /// The `forEach`s over moving elements laid out in this build (ElementOrder.swift).
    var elementOrders: [ElementOrder] = []
    /// Per view record, the translation it is drawn with while it moves to its new place.
    var moves: [Int: Point] = [:]
    /// Whether the container whose subviews are being collected places each in a cell (a lazy
    /// grid), so an element's centre is its cell's whatever its size.
    var collectingCells = false

    init(_ ev: SceneEvaluator, _ t: Double) {
        self.ev = ev
        self.t = t
        let c = ev.layoutContext
        tree = LayoutTree(screen: c.screen, safeArea: c.safeArea, scale: c.scale)
        tree.offset = c.origin
    }

    // MARK: Building

    /// The subviews `node` contributes to a container, appended to `out`: groups, repeats, ifs and
    /// animators are transparent and hand their modifiers to each child (after its own), as
    /// SwiftUI's Group and ForEach do. In a grid's content, `gridRow`s become row markers.
    func collect(_ node: RNode, _ frame: inout [Double], distributed: [RModifier], grid: Bool, into out: inout [Int]) {
        for b in node.bindings { frame[b.slot] = b.value }
        func passed(_ own: [RModifier]) -> [RModifier] {
            own.isEmpty ? distributed : distributed.isEmpty ? own : own + distributed
        }
        switch node.kind {
        case .group(let children):
            let d = passed(node.modifiers)
            if let reorder = node.reorder {
                // A forEach whose elements move: in the array's order at this instant.
                var order = ElementOrder(tracks: [], views: [], cells: collectingCells, array: node.reorderIDs?.array ?? "")
                for i in ordered(reorder, count: children.count) {
                    let before = out.count
                    collect(children[i], &frame, distributed: d, grid: grid, into: &out)
                    order.tracks.append(reorder[i])
                    order.ids.append(node.reorderIDs?.ids[i] ?? i)
                    order.views.append(Array(out[before...]))
                }
                elementOrders.append(order)
            } else {
                for i in children.indices { collect(children[i], &frame, distributed: d, grid: grid, into: &out) }
            }
        case .conditional(let c):
            guard let tm = ev.conditionalModifiers(c, t, frame) else { return }
            let d = passed(tm + node.modifiers)
            for i in c.content.indices { collect(c.content[i], &frame, distributed: d, grid: grid, into: &out) }
        case .animator(let a, let children):
            a.write(at: t, into: &frame)
            let d = passed(node.modifiers)
            for i in children.indices { collect(children[i], &frame, distributed: d, grid: grid, into: &out) }
        case .unsupported:
            return
        default:
            if grid, case .layout(.gridRow(let alignment, let content)) = node.kind {
                // A row of the grid: its cells take the row's modifiers.
                var cells: [Int] = []
                let d = passed(node.modifiers)
                for i in content.indices { collect(content[i], &frame, distributed: d, grid: false, into: &cells) }
                views.append(ViewRecord(node: node, distributed: [], frame: frame, content: .gridRow(alignment, cells), contentItem: -1, top: -1, steps: [], zIndex: 0))
                out.append(views.count - 1)
            } else {
                out.append(view(node, &frame, distributed: distributed))
            }
        }
    }

    func children(_ nodes: [RNode], _ frame: inout [Double], grid: Bool = false, cells: Bool = false) -> [Int] {
        let outer = collectingCells
        collectingCells = cells
        defer { collectingCells = outer }
        var out: [Int] = []
        out.reserveCapacity(nodes.count)
        for i in nodes.indices { collect(nodes[i], &frame, distributed: [], grid: grid, into: &out) }
        return out
    }

    func value(_ n: RNumber, _ frame: [Double]) -> Double { ev.value(n, t, frame) }

    /// A length from the spec: a non-finite or negative value from an expression becomes 0 (or
    /// nil where nil is allowed) with a diagnostic; ∞ is kept only where `infinity` allows it.
    func length(_ n: RNumber, _ frame: [Double], _ path: String, _ what: String, infinity: Bool = false) -> Double {
        let v = value(n, frame)
        if v >= 0 && (v.isFinite || (infinity && v == .infinity)) { return v }
        ev.warn("layout:" + what, path, "\(what) \(v) from an expression is not \(infinity ? "≥ 0" : "a finite length ≥ 0"); 0 used")
        return 0
    }

    /// A stack's spacing from an expression: any finite number, negative ones overlapping the
    /// children (§281); a non-finite one is 0, reported.
    func stackSpacing(_ n: RNumber, _ frame: [Double], _ path: String) -> Double {
        let v = value(n, frame)
        if v.isFinite { return v }
        ev.warn("layout:spacing", path, "spacing \(v) from an expression is not a finite number; 0 used")
        return 0
    }

    /// The modifier chain of a view being built.
    struct Chain {
        var current: Int
        var steps: [Step] = []
        var zIndex = 0.0
        var priority: Double?
        var columns: Int?
    }

    /// One view: its content as a tree leaf or container, then its modifiers in order.
    func view(_ node: RNode, _ frame: inout [Double], distributed: [RModifier]) -> Int {
        let snapshot = frame
        var content: Content
        var item: Int
        switch node.kind {
        case .shape(let s) where isFrameless(s):
            content = .shape
            item = tree.addLeaf(.flexible)
        case .layout(let l):
            (content, item) = container(l, node.path, &frame)
        case .canvas:
            content = .canvas
            item = tree.addLeaf(.flexible)
        case .text(let tx):
            content = .text
            item = tree.addLeaf(.custom(TextLeaf(evaluator: ev, text: tx, t: t, frame: frame)))
        case .image(let im):
            content = .image
            let symbolSize = im.symbol.flatMap { ev.symbol($0, t, frame).1?.size }
            item = tree.addLeaf(.custom(ImageLeaf(evaluator: ev, image: im, symbolSize: symbolSize ?? (im.symbol == nil ? nil : .zero))))
        default:
            // A v1 node: a view of fixed size, its layout frame's (docs/spec.md, "Layout").
            var f = frame
            let (d, r) = ev.evaluate(bare(node), t, &f)
            let rect = r.flatMap { $0.origin.isFinite && $0.width.isFinite && $0.height.isFinite ? $0 : nil } ?? Rect.zero
            content = .absolute(d, rect)
            item = tree.addLeaf(.fixed(rect.size))
        }
        var chain = Chain(current: item)
        for i in node.modifiers.indices { add(node.modifiers[i], i, &chain, snapshot, node.path) }
        for i in distributed.indices { add(distributed[i], node.modifiers.count + i, &chain, snapshot, node.path) }
        // layoutPriority is a trait of the whole view; a spacer's −∞ passes through its modifiers.
        tree.setPriority(chain.current, chain.priority ?? tree.nodes[item].priority)
        if let c = chain.columns { tree.setGridColumns(chain.current, c) }
        views.append(ViewRecord(node: node, distributed: distributed, frame: snapshot, content: content, contentItem: item,
                                top: chain.current, steps: chain.steps, zIndex: chain.zIndex))
        return views.count - 1
    }

    /// The node without its modifiers and bindings (they are handled by the layout).
    func bare(_ node: RNode) -> RNode {
        var b = node
        b.modifiers = []
        b.bindings = []
        b.isLayoutView = false
        b.interaction = nil
        return b
    }

    func isFrameless(_ s: RShapeNode) -> Bool {
        guard case .enclosing = s.shape.frame else { return false }
        if case .path = s.shape.kind { return false }
        return true
    }

    /// Adds one modifier to a view's chain: layout modifiers wrap the tree node built so far.
    func add(_ m: RModifier, _ index: Int, _ chain: inout Chain, _ f: [Double], _ path: String) {
        func wrap(_ kind: LayoutNodeKind) {
            chain.current = tree.add(kind, children: [chain.current])
            chain.steps.append(.layout(chain.current))
        }
        switch m {
        case .position(let x, let y):
            // On a layout view, position is SwiftUI's layout (§113).
            let px = value(x, f), py = value(y, f)
            wrap(.position(PositionLayout(x: px.isFinite ? px : 0, y: py.isFinite ? py : 0)))
        case .layout(.frame(let w, let h, let a)):
            wrap(.frame(FrameLayout(width: w.map { length($0, f, path, "frame width") },
                                    height: h.map { length($0, f, path, "frame height") }, alignment: a)))
        case .layout(.flexFrame(let v, let a)):
            let names = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]
            let x = (0..<6).map { k in v[k].map { length($0, f, path, "frame " + names[k], infinity: k % 3 == 2) } }
            wrap(.flexFrame(FlexFrameLayout(width: .init(min: x[0], ideal: x[1], max: x[2]),
                                            height: .init(min: x[3], ideal: x[4], max: x[5]), alignment: a)))
        case .layout(.padding(let top, let leading, let bottom, let trailing)):
            wrap(.padding(PaddingLayout(insets: EdgeInsets(top: length(top, f, path, "padding"), leading: length(leading, f, path, "padding"),
                                                           bottom: length(bottom, f, path, "padding"), trailing: length(trailing, f, path, "padding")))))
        case .layout(.aspectRatio(let r, let mode)):
            var ratio: Double?
            if let r {
                let v = value(r, f)
                if v > 0 && v.isFinite { ratio = v } else {
                    ev.warn("layout:aspectRatio", path, "aspect ratio \(v) from an expression is not a finite number > 0; the view's own ratio used")
                }
            }
            wrap(.aspectRatio(AspectRatioLayout(ratio: ratio, contentMode: mode)))
        case .layout(.background(let nodes, let a, let fills)):
            secondary(nodes, a, fillsSafeArea: fills, front: false, &chain, f)
        case .layout(.overlay(let nodes, let a)):
            secondary(nodes, a, fillsSafeArea: false, front: true, &chain, f)
        case .layout(.ignoresSafeArea(let e)):
            wrap(.ignoresSafeArea(SafeAreaIgnoringLayout(edges: e)))
        case .layout(.fixedSize(let h, let v)):
            wrap(.fixedSize(FixedSizeLayout(horizontal: h, vertical: v)))
        case .layout(.zIndex(let z)):
            let v = value(z, f)
            chain.zIndex = v.isFinite ? v : 0
        case .layout(.layoutPriority(let p)):
            let v = value(p, f)
            chain.priority = v.isNaN ? 0 : v
        case .layout(.gridCellColumns(let n)):
            chain.columns = n
        case .layout(.clipped):
            chain.steps.append(.clipped)
        default:
            chain.steps.append(.draw(index))
        }
    }

    /// A background or overlay: its views in an implicit ZStack offered the primary's size (§100,
    /// §116); a colour background also covers the unsafe area next to the view (§116).
    func secondary(_ nodes: [RNode], _ alignment: Alignment, fillsSafeArea: Bool, front: Bool, _ chain: inout Chain, _ f: [Double]) {
        var frame = f
        let recs = children(nodes, &frame)
        var z = tree.add(.zstack(ZStackLayout(alignment: alignment)), children: recs.map { views[$0].top })
        if fillsSafeArea { z = tree.add(.ignoresSafeArea(SafeAreaIgnoringLayout(edges: .all)), children: [z]) }
        chain.current = tree.add(.overlay(OverlayLayout(alignment: alignment)), children: [chain.current, z])
        chain.steps.append(.secondary(recs, item: chain.current, front: front))
    }

    /// A container's subviews and tree node, or a leaf's.
    func container(_ l: RLayout, _ path: String, _ frame: inout [Double]) -> (Content, Int) {
        let f = frame
        switch l {
        case .stack(let axis, let spacing, let v, let h, let content):
            let sp = spacing.map { stackSpacing($0, f, path) }
            let recs = children(content, &frame)
            return (.children(recs), tree.add(.stack(StackLayout(axis: axis, spacing: sp, verticalAlignment: v, horizontalAlignment: h)),
                                              children: recs.map { views[$0].top }))
        case .zstack(let a, let content):
            let recs = children(content, &frame)
            return (.children(recs), tree.add(.zstack(ZStackLayout(alignment: a)), children: recs.map { views[$0].top }))
        case .spacer(let m):
            return (.nothing, tree.addLeaf(.spacer(minLength: m.map { length($0, f, path, "spacer minLength") })))
        case .divider:
            return (.divider, tree.addLeaf(.divider(thickness: 1 / max(ev.layoutContext.scale, 1e-6))))
        case .color(let c):
            return (.color(c), tree.addLeaf(.flexible))
        case .channels(let r, let g, let b, let a):
            let c = SceneEvaluator.encodedColor(value(r, frame), value(g, frame), value(b, frame), value(a, frame))
            return (.color(c), tree.addLeaf(.flexible))
        case .grid(let a, let hs, let vs, let content):
            let h = hs.map { length($0, f, path, "horizontalSpacing") }
            let v = vs.map { length($0, f, path, "verticalSpacing") }
            let recs = children(content, &frame, grid: true)
            var rows: [GridLayout.Row] = []
            var cells: [Int] = []
            var order: [Int] = []
            for r in recs {
                if case .gridRow(let al, let rowCells) = views[r].content {
                    rows.append(GridLayout.Row(count: rowCells.count, alignment: al))
                    cells += rowCells.map { views[$0].top }
                    order += rowCells
                } else {
                    rows.append(GridLayout.Row(count: 1, spansAllColumns: true))
                    cells.append(views[r].top)
                    order.append(r)
                }
            }
            return (.children(order), tree.add(.grid(GridLayout(rows: rows, alignment: a, horizontalSpacing: h, verticalSpacing: v)), children: cells))
        case .gridRow(let a, let content):
            // Outside a grid, a row lays out like an HStack (animo-render's choice).
            let recs = children(content, &frame)
            return (.children(recs), tree.add(.stack(StackLayout(axis: .horizontal, verticalAlignment: a ?? .center)), children: recs.map { views[$0].top }))
        case .lazyGrid(let axis, let items, let a, let spacing, let content):
            let resolved = items.map { item -> LazyGridLayout.Item in
                let size: LazyGridLayout.ItemSize
                switch item.size {
                case .fixed(let w): size = .fixed(length(w, f, path, "grid item size"))
                case .flexible(let lo, let hi):
                    let l = length(lo, f, path, "grid item minimum")
                    size = .flexible(minimum: l, maximum: max(length(hi, f, path, "grid item maximum", infinity: true), l))
                case .adaptive(let lo, let hi):
                    var l = length(lo, f, path, "grid item minimum")
                    if l < 1 {
                        ev.warn("layout:adaptive", path, "an adaptive item's minimum \(l) from an expression is below 1 pt; 1 used")
                        l = 1
                    }
                    size = .adaptive(minimum: l, maximum: max(length(hi, f, path, "grid item maximum", infinity: true), l))
                }
                return LazyGridLayout.Item(size, spacing: item.spacing.map { length($0, f, path, "grid item spacing") }, alignment: item.alignment)
            }
            let sp = spacing.map { length($0, f, path, "spacing") }
            let recs = children(content, &frame, cells: true)
            return (.children(recs), tree.add(.lazyGrid(LazyGridLayout(axis: axis, items: resolved, alignment: a, spacing: sp)), children: recs.map { views[$0].top }))
        case .scroll(let horizontal, let vertical, let x, let y, let content):
            let ox = value(x, f), oy = value(y, f)
            let recs = children(content, &frame)
            // The content is an implicit VStack (animo-render's choice, docs/spec.md).
            let stack = tree.add(.stack(StackLayout(axis: .vertical)), children: recs.map { views[$0].top })
            return (.scroll(recs), tree.add(.scroll(ScrollLayout(horizontal: horizontal, vertical: vertical,
                                                                 offset: Point(ox.isFinite ? ox : 0, oy.isFinite ? oy : 0))), children: [stack]))
        case .geometryReader:
            return (.reader, tree.addLeaf(.flexible))
        }
    }

    // MARK: Drawing

    func snapped(_ r: Rect) -> Rect { tree.snapped(r) }

    /// A scroll view's clip: its frame, reaching out to the screen's edge on each side where the
    /// frame reaches the safe area's, since its content scrolls under the safe area (§105).
    func scrollClip(_ r: Rect) -> Rect {
        let safe = tree.safeArea, screen = tree.screen, eps = 0.5 / max(tree.scale, 1)
        let x0 = r.minX <= safe.minX + eps ? min(r.minX, screen.minX) : r.minX
        let y0 = r.minY <= safe.minY + eps ? min(r.minY, screen.minY) : r.minY
        let x1 = r.maxX >= safe.maxX - eps ? max(r.maxX, screen.maxX) : r.maxX
        let y1 = r.maxY >= safe.maxY - eps ? max(r.maxY, screen.maxY) : r.maxY
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func isFinite(_ r: Rect) -> Bool { r.origin.isFinite && r.width.isFinite && r.height.isFinite }

    /// The drawing of view `r` and its final layout frame (rounded to pixels).
    func draw(_ r: Int) -> (node: DisplayNode?, layout: Rect) {
        var frame = views[r].frame
        var rect = snapped(tree.frame(of: views[r].contentItem))
        var d: DisplayNode?
        let drawable = isFinite(rect)
        if !drawable {
            ev.warn("layout:infinite", views[r].path, "the view's frame \(rect) is not finite (an unbounded proposal reached a view that takes it); not drawn")
        }
        switch views[r].content {
        case .shape:
            if drawable, case .shape(let s) = views[r].node.kind { d = ev.shapeNode(s, t, frame, enclosing: rect, path: views[r].node.path).0 }
        case .color(let c):
            if drawable { d = .fill(Path(rect: rect), .solid(c)) }
        case .absolute(let disp, let lr):
            d = disp.map { translated($0, Point(rect.minX - lr.minX, rect.minY - lr.minY)) }
        case .children(let recs):
            d = group(recs)
        case .scroll(let recs):
            d = group(recs).map { drawable ? .clip(Path(rect: scrollClip(rect)), $0) : $0 }
        case .canvas:
            if drawable {
                let inner = ev.local(rect, alignment: .center)
                d = inner.evaluate(bare(views[r].node), t, &frame).node.map { translated($0, rect.origin) }
            }
        case .reader:
            if drawable, case .layout(.geometryReader(let slots, let content)) = views[r].node.kind {
                writeGeometry(slots, rect, &frame)
                let inner = ev.local(rect, alignment: .topLeading)
                var parts: [DisplayNode] = []
                for c in content { if let p = inner.evaluate(c, t, &frame).node { parts.append(p) } }
                d = parts.isEmpty ? nil : translated(.group(parts), rect.origin)
            }
        case .text:
            if drawable, case .text(let tx) = views[r].node.kind {
                // The unrounded size the text answered: its lines again, placed at the rounded frame.
                let exact = tree.frame(of: views[r].contentItem).size
                d = ev.drawText(tx, proposal: (exact.width + TextLeaf.slack, exact.height + TextLeaf.slack), t, frame) { _ in rect.origin }.0
            }
        case .image:
            if drawable, case .image(let im) = views[r].node.kind {
                if let sy = im.symbol {
                    let (sd, sf) = ev.symbol(sy, t, frame)
                    if let sd, let sf { d = translated(sd, Point(rect.minX - sf.minX, rect.minY - sf.minY)) }
                } else {
                    d = ev.drawImage(im, in: rect, t, frame).0
                }
            }
        case .divider:
            // The separator colour of the light appearance, rgba(60, 60, 67, 0.29) (docs/semantics.md §210).
            if drawable { d = .fill(Path(rect: rect), .solid(Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29))) }
        case .nothing, .gridRow:
            d = nil
        }
        let interaction = views[r].node.interaction
        if let interaction, let content = d, drawable { d = ev.marked(interaction, content, frame: rect) }
        for step in views[r].steps {
            switch step {
            case .draw(let i):
                let m = views[r].modifier(i)
                guard let content = d, isFinite(rect) else { continue }
                guard case .mask(let mask) = m else {
                    d = ev.apply(m, to: content, layout: rect, t, &frame)
                    continue
                }
                // A layout view's mask is laid out in its frame (SwiftUI's mask(alignment:)).
                var e = ev
                e.layoutContext.area = rect
                e.layoutContext.alignment = .center
                var mf = frame
                d = .layer(content, mask: e.evaluate(mask, t, &mf).node ?? .empty)
            case .layout(let item):
                rect = snapped(tree.frame(of: item))
                if let interaction, let content = d, isFinite(rect) { d = ev.marked(interaction, content, frame: rect) }
            case .secondary(let recs, let item, let front):
                rect = snapped(tree.frame(of: item))
                guard let s = group(recs) else { continue }
                if let primary = d { d = .group(front ? [primary, s] : [s, primary]) } else { d = s }
                if let interaction, let content = d, isFinite(rect) { d = ev.marked(interaction, content, frame: rect) }
            case .clipped:
                if let content = d, isFinite(rect) { d = .clip(Path(rect: rect), content) }
            }
        }
        if let interaction, let content = d { d = ev.pressed(interaction, content, frame: rect, t) }
        if let m = moves[r], let content = d { d = translated(content, m) }
        return (d, rect)
    }

    /// Subviews drawn in order, or by `zIndex` (higher in front, stable) when any is set.
    func group(_ recs: [Int]) -> DisplayNode? {
        var order = recs
        if recs.contains(where: { views[$0].zIndex != 0 }) {
            order = recs.enumerated().sorted { a, b in
                let za = views[a.element].zIndex, zb = views[b.element].zIndex
                return za != zb ? za < zb : a.offset < b.offset
            }.map(\.element)
        }
        var parts: [DisplayNode] = []
        parts.reserveCapacity(order.count)
        for r in order { if let p = draw(r).node { parts.append(p) } }
        return parts.isEmpty ? nil : parts.count == 1 ? parts[0] : .group(parts)
    }

    /// A geometry reader's values (GeometrySlots.names order): size, frame in canvas coordinates,
    /// and how far the frame reaches into the unsafe area on each edge.
    func writeGeometry(_ slots: [Int], _ rect: Rect, _ frame: inout [Double]) {
        let c = ev.layoutContext
        let g = Rect(x: rect.minX + c.origin.x, y: rect.minY + c.origin.y, width: rect.width, height: rect.height)
        let safe = c.safeArea
        let values = [rect.width, rect.height, g.minX, g.midX, g.maxX, g.minY, g.midY, g.maxY,
                      max(0, min(safe.minY, rect.maxY) - rect.minY), max(0, min(safe.minX, rect.maxX) - rect.minX),
                      max(0, rect.maxY - max(safe.maxY, rect.minY)), max(0, rect.maxX - max(safe.maxX, rect.minX))]
        for (slot, v) in zip(slots, values) where frame.indices.contains(slot) { frame[slot] = v }
    }
}
