// `fixedSize(horizontal:vertical:)` (docs/semantics.md §114).
import AnimoGeometry
import AnimoSpec

/// Proposes nil on the fixed axes, so the child takes its ideal size there, and reports that size
/// even if it overflows the parent.
public struct FixedSizeLayout: Sendable {
    public var horizontal: Bool
    public var vertical: Bool

    public init(horizontal: Bool = true, vertical: Bool = true) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    func childProposal(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }

    public func sizeThatFits(_ p: ProposedSize, subviews: LayoutSubviews) -> Size {
        subviews[0].sizeThatFits(childProposal(p))
    }

    public func placeSubviews(in bounds: Rect, proposal p: ProposedSize, subviews: LayoutSubviews) {
        subviews[0].place(at: bounds.center, anchor: UnitPoint(x: 0.5, y: 0.5), proposal: childProposal(p))
    }
}
