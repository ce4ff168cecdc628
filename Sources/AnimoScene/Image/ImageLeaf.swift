// An image as a leaf of the layout tree (LayoutLeaf): a PNG answers a proposal as SwiftUI's Image
// does (docs/semantics.md §119: natural size unless resizable, then the proposal, or the natural
// size scaled to fit or fill it); a system image is its symbol's size at the font's point size.
import AnimoGeometry

struct ImageLeaf: LayoutLeaf {
    let evaluator: SceneEvaluator
    let image: RImage
    /// A system image's size (its symbol evaluated once for the frame).
    let symbolSize: Size?

    func sizeThatFits(_ proposal: ProposedSize) -> Size {
        if let s = symbolSize { return s }
        // A resizable image takes what it is offered, infinity included, so that a stack's probe
        // for its largest size finds it flexible, as a shape is.
        return evaluator.imageSize(image, proposal: (proposal.width, proposal.height))
    }
}
