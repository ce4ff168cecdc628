// `frame(width:height:alignment:)` (docs/semantics.md §107).
import AnimoGeometry
import AnimoSpec

/// A fixed frame: an axis given a length offers it to the child and is the frame's size whatever
/// the child answers; a nil axis passes the parent's proposal through and takes the child's
/// answer. The child is placed with its guide on the frame's, so a larger child overflows
/// (equally on both sides when centred).
public struct FrameLayout: Sendable {
    public var width: Double?
    public var height: Double?
    public var alignment: Alignment

    public init(width: Double?, height: Double?, alignment: Alignment = .center) {
        self.width = width
        self.height = height
        self.alignment = alignment
    }

    func childProposal(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: width ?? p.width, height: height ?? p.height)
    }

    public func sizeThatFits(_ p: ProposedSize, subviews: LayoutSubviews) -> Size {
        if let w = width, let h = height { return Size(w, h) }
        let c = subviews[0].sizeThatFits(childProposal(p))
        return Size(width ?? c.width, height ?? c.height)
    }

    public func placeSubviews(in bounds: Rect, proposal p: ProposedSize, subviews: LayoutSubviews) {
        let cp = childProposal(p)
        placeAligned(subviews[0], in: bounds, alignment: alignment, proposal: cp)
    }
}

/// Places `child` (offered `proposal`) with its `alignment` guides on those of `bounds`.
func placeAligned(_ child: LayoutSubview, in bounds: Rect, alignment: Alignment, proposal: ProposedSize) {
    let d = child.dimensions(in: proposal)
    let x = bounds.minX + alignmentValue(alignment.horizontal, bounds.size) - d[alignment.horizontal]
    let y = bounds.minY + alignmentValue(alignment.vertical, bounds.size) - d[alignment.vertical]
    child.place(at: Point(x, y), proposal: proposal)
}
