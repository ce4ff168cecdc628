// A text as a leaf of the layout tree (LayoutLeaf): it answers a proposal with the size its lines
// need (docs/semantics.md §121) — the unwrapped line for an unspecified or infinite width, wrapped
// and then truncated as the width and height shrink — and reports its first and last baselines,
// which `firstTextBaseline` and `lastTextBaseline` alignments line up.
import AnimoGeometry

struct TextLeaf: LayoutLeaf {
    let evaluator: SceneEvaluator
    let text: RText
    let t: Double
    let frame: [Double]

    func layout(_ proposal: ProposedSize) -> TextLayout {
        evaluator.textSize(text, proposal: (proposal.width, proposal.height), t, frame)
    }

    func sizeThatFits(_ proposal: ProposedSize) -> Size { layout(proposal).size }

    func firstTextBaseline(in size: Size) -> Double? {
        layout(ProposedSize(width: size.width + TextLeaf.slack, height: size.height + TextLeaf.slack)).firstBaseline
    }

    func lastTextBaseline(in size: Size) -> Double? {
        layout(ProposedSize(width: size.width + TextLeaf.slack, height: size.height + TextLeaf.slack)).lastBaseline
    }

    /// Laying a text out again in the size it answered gives the same lines (greedy wrapping only
    /// moves a word down when it does not fit); this much room is added so that rounding in the
    /// sum of advances cannot wrap the last word.
    static let slack = 1e-6
}
