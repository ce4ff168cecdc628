// `ScrollView(_:)` (docs/semantics.md §105).
import AnimoGeometry
import AnimoSpec

/// Offers its content nil along the scrolling axes (so the content takes its ideal length there)
/// and the proposal across them; it takes the proposal along a scrolling axis and its content's
/// length across it. The content is placed at the scroll view's top-left moved by −`offset` (the
/// distance scrolled); the scene clips it to the scroll view's frame.
public struct ScrollLayout: Sendable {
    public var horizontal: Bool
    public var vertical: Bool
    /// The content offset: how far the content has been scrolled (points; positive = towards the end).
    public var offset: Point

    public init(horizontal: Bool = false, vertical: Bool = true, offset: Point = Point(0, 0)) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.offset = offset
    }

    func childProposal(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }

    public func sizeThatFits(_ p: ProposedSize, subviews: LayoutSubviews) -> Size {
        let c = subviews.isEmpty ? Size.zero : subviews[0].sizeThatFits(childProposal(p))
        return Size(horizontal ? (p.width ?? c.width) : c.width, vertical ? (p.height ?? c.height) : c.height)
    }

    public func placeSubviews(in bounds: Rect, proposal p: ProposedSize, subviews: LayoutSubviews) {
        subviews[0].place(at: Point(bounds.minX - offset.x, bounds.minY - offset.y), proposal: childProposal(p))
    }
}
