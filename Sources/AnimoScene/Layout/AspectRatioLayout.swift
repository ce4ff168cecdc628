// `aspectRatio(_:contentMode:)`, `scaledToFit()`, `scaledToFill()` (docs/semantics.md §115).
import AnimoGeometry
import AnimoSpec

/// Offers the child the largest rectangle of the ratio width:height that fits inside the proposal
/// (`fit`) or the smallest that covers it (`fill`); a nil axis follows from the other; a fully nil
/// proposal passes through. With no ratio, the child's ideal size gives it. The view is the
/// child's answer.
///
/// animo-render's choice: `fill` with one nil axis is treated like `fit` (OpenSwiftUI yields an
/// infinite size there, §115).
public struct AspectRatioLayout: Sendable {
    public enum ContentMode: String, Sendable, CaseIterable { case fit, fill }

    /// width ÷ height; nil = the child's ideal ratio.
    public var ratio: Double?
    public var contentMode: ContentMode

    public init(ratio: Double?, contentMode: ContentMode) {
        self.ratio = ratio
        self.contentMode = contentMode
    }

    func childProposal(_ p: ProposedSize, _ subviews: LayoutSubviews) -> ProposedSize {
        if p.width == nil && p.height == nil { return p }
        var r = ratio ?? 0
        if ratio == nil {
            let ideal = subviews[0].sizeThatFits(.unspecified)
            r = ideal.height > 0 ? ideal.width / ideal.height : 0
        }
        guard r > 0, r.isFinite else { return p }
        switch (p.width, p.height) {
        case (let w?, let h?):
            if w.isInfinite && h.isInfinite { return p }
            let wider = w > h * r   // the proposal is wider than the ratio
            if wider == (contentMode == .fit) { return ProposedSize(width: h * r, height: h) }
            return ProposedSize(width: w, height: w / r)
        case (let w?, nil): return ProposedSize(width: w, height: w / r)
        case (nil, let h?): return ProposedSize(width: h * r, height: h)
        case (nil, nil): return p
        }
    }

    public func sizeThatFits(_ p: ProposedSize, subviews: LayoutSubviews) -> Size {
        subviews[0].sizeThatFits(childProposal(p, subviews))
    }

    public func placeSubviews(in bounds: Rect, proposal p: ProposedSize, subviews: LayoutSubviews) {
        subviews[0].place(at: bounds.center, anchor: UnitPoint(x: 0.5, y: 0.5), proposal: childProposal(p, subviews))
    }
}
