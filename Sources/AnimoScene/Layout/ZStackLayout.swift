// ZStack (docs/semantics.md §101): children overlaid, later ones on top, lined up on one guide.
import AnimoGeometry
import AnimoSpec

/// `ZStack(alignment:)`. As wide as its widest and as tall as its tallest child once their guides
/// coincide, counting only the children of the highest `layoutPriority`; every child is then
/// offered that size and placed with its guide on the stack's.
public struct ZStackLayout: Sendable {
    public var alignment: Alignment

    public init(alignment: Alignment = .center) {
        self.alignment = alignment
    }

    /// The union of the top-priority children's frames, with the guide at (0, 0).
    func union(_ p: ProposedSize, _ subviews: LayoutSubviews) -> Rect {
        guard !subviews.isEmpty else { return .zero }
        var top = -Double.infinity
        for s in subviews { top = max(top, s.priority) }
        var u: Rect?
        for s in subviews where s.priority == top {
            let d = s.dimensions(in: p)
            let r = Rect(x: -d[alignment.horizontal], y: -d[alignment.vertical], width: d.width, height: d.height)
            u = u.map { $0.union(r) } ?? r
        }
        return u ?? .zero
    }

    public func sizeThatFits(_ p: ProposedSize, subviews: LayoutSubviews) -> Size {
        union(p, subviews).size
    }

    public func placeSubviews(in bounds: Rect, proposal p: ProposedSize, subviews: LayoutSubviews) {
        let u = union(p, subviews)
        let guide = Point(bounds.minX - u.minX, bounds.minY - u.minY)
        let offer = ProposedSize(bounds.size)
        for s in subviews {
            let d = s.dimensions(in: offer)
            s.place(at: Point(guide.x - d[alignment.horizontal], guide.y - d[alignment.vertical]), proposal: offer)
        }
    }
}
