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

    /// The union of the top-priority children's frames, with the guide at (0, 0). A child of
    /// infinite length on an axis makes the stack infinite there (from 0, so no ∞ − ∞).
    func union(_ p: ProposedSize, _ subviews: LayoutSubviews) -> Rect {
        guard !subviews.isEmpty else { return .zero }
        var top = -Double.infinity
        for s in subviews { top = max(top, s.priority) }
        var x0 = Double.infinity, x1 = -Double.infinity, y0 = Double.infinity, y1 = -Double.infinity
        var infiniteX = false, infiniteY = false
        for s in subviews where s.priority == top {
            let d = s.dimensions(in: p)
            if d.width.isFinite {
                x0 = min(x0, -d[alignment.horizontal]); x1 = max(x1, d.width - d[alignment.horizontal])
            } else { infiniteX = true }
            if d.height.isFinite {
                y0 = min(y0, -d[alignment.vertical]); y1 = max(y1, d.height - d[alignment.vertical])
            } else { infiniteY = true }
        }
        if !(x0 <= x1) { x0 = 0; x1 = 0 }
        if !(y0 <= y1) { y0 = 0; y1 = 0 }
        return Rect(x: infiniteX ? 0 : x0, y: infiniteY ? 0 : y0, width: infiniteX ? .infinity : x1 - x0, height: infiniteY ? .infinity : y1 - y0)
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
