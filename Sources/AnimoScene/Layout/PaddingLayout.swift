// `padding(_:_:)` (docs/semantics.md §111).
import AnimoGeometry
import AnimoSpec

/// Padding: the child is offered the proposal minus the insets (not below 0; nil stays nil), the
/// view is the child's size plus the insets, and the child sits at (leading, top).
public struct PaddingLayout: Sendable {
    public var insets: EdgeInsets

    /// SwiftUI's default padding on iOS, 16 pt on every edge (§111).
    public static let defaultLength = 16.0

    public init(insets: EdgeInsets) {
        self.insets = insets
    }

    func childProposal(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: p.width.map { max($0 - insets.horizontal, 0) },
                     height: p.height.map { max($0 - insets.vertical, 0) })
    }

    public func sizeThatFits(_ p: ProposedSize, subviews: LayoutSubviews) -> Size {
        let c = subviews[0].sizeThatFits(childProposal(p))
        return Size(c.width + insets.horizontal, c.height + insets.vertical)
    }

    public func placeSubviews(in bounds: Rect, proposal p: ProposedSize, subviews: LayoutSubviews) {
        subviews[0].place(at: Point(bounds.minX + insets.leading, bounds.minY + insets.top), proposal: childProposal(p))
    }
}
