// `ignoresSafeArea(_:edges:)` (docs/semantics.md §118).
import AnimoGeometry
import AnimoSpec

/// Keeps the size the child reports, but when placing offers the child its frame extended, on each
/// of `edges` where the frame reaches the safe area's edge, out to the screen's edge.
public struct SafeAreaIgnoringLayout: Sendable {
    public var edges: EdgeSet

    public init(edges: EdgeSet = .all) {
        self.edges = edges
    }

    public func sizeThatFits(_ p: ProposedSize, subviews: LayoutSubviews) -> Size {
        subviews[0].sizeThatFits(p)
    }

    /// `bounds` extended to the screen on the edges it touches (within 0.001 pt).
    public func extended(_ bounds: Rect, screen: Rect, safeArea: Rect) -> Rect {
        let eps = 1e-3
        var x0 = bounds.minX, y0 = bounds.minY, x1 = bounds.maxX, y1 = bounds.maxY
        if edges.contains(.top), y0 <= safeArea.minY + eps { y0 = min(y0, screen.minY) }
        if edges.contains(.bottom), y1 >= safeArea.maxY - eps { y1 = max(y1, screen.maxY) }
        if edges.contains(.leading), x0 <= safeArea.minX + eps { x0 = min(x0, screen.minX) }
        if edges.contains(.trailing), x1 >= safeArea.maxX - eps { x1 = max(x1, screen.maxX) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func placeSubviews(in bounds: Rect, proposal p: ProposedSize, subviews: LayoutSubviews, screen: Rect, safeArea: Rect) {
        let r = extended(bounds, screen: screen, safeArea: safeArea)
        subviews[0].place(at: r.origin, proposal: r == bounds ? p : ProposedSize(r.size))
    }
}
