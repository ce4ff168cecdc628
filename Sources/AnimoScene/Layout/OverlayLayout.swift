// `background(alignment:content:)` and `overlay(alignment:content:)` (docs/semantics.md §116).
import AnimoGeometry
import AnimoSpec

/// The primary view (child 0) keeps its layout; the secondary (child 1: the background or overlay,
/// an implicit ZStack when several views) is offered the primary's final size and placed with its
/// guides on the primary's. It may extend beyond the primary. Whether it draws behind or in front
/// is the scene's business.
public struct OverlayLayout: Sendable {
    public var alignment: Alignment

    public init(alignment: Alignment = .center) {
        self.alignment = alignment
    }

    public func sizeThatFits(_ p: ProposedSize, subviews: LayoutSubviews) -> Size {
        subviews[0].sizeThatFits(p)
    }

    public func placeSubviews(in bounds: Rect, proposal p: ProposedSize, subviews: LayoutSubviews) {
        let primary = subviews[0].dimensions(in: p)
        subviews[0].place(at: bounds.origin, proposal: p)
        guard subviews.count > 1 else { return }
        let offer = ProposedSize(bounds.size)
        let d = subviews[1].dimensions(in: offer)
        let x = bounds.minX + primary[alignment.horizontal] - d[alignment.horizontal]
        let y = bounds.minY + primary[alignment.vertical] - d[alignment.vertical]
        subviews[1].place(at: Point(x, y), proposal: offer)
    }
}
