// `position(x:y:)` (docs/semantics.md §113).
import AnimoGeometry
import AnimoSpec

/// A layout, not an effect: the view takes the whole proposal as its size (the child's length on
/// a nil axis), offers it to the child, and puts the child's centre at (x, y) in its own
/// coordinates (from its top-left).
public struct PositionLayout: Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public func sizeThatFits(_ p: ProposedSize, subviews: LayoutSubviews) -> Size {
        if let w = p.width, let h = p.height { return Size(w, h) }
        let c = subviews[0].sizeThatFits(p)
        return Size(p.width ?? c.width, p.height ?? c.height)
    }

    public func placeSubviews(in bounds: Rect, proposal p: ProposedSize, subviews: LayoutSubviews) {
        subviews[0].place(at: Point(bounds.minX + x, bounds.minY + y), anchor: UnitPoint(x: 0.5, y: 0.5), proposal: p)
    }
}
