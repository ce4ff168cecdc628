// A text as a leaf of the layout tree (LayoutLeaf): it answers a proposal with the size its lines
// need (docs/semantics.md §121) — the unwrapped line for an unspecified or infinite width, wrapped
// and then truncated as the width and height shrink — and reports its first and last baselines,
// which `firstTextBaseline` and `lastTextBaseline` alignments line up.
import AnimoGeometry
import AnimoSpec

struct TextLeaf: LayoutLeaf {
    /// The frame's string, shaped once with its font and paragraph options: a stack asks a text
    /// for several proposals (its smallest, largest and final size), and only the line breaking
    /// depends on the proposal.
    let shaped: TextLayout.Shaped

    init(evaluator: SceneEvaluator, text: RText, t: Double, frame: [Double]) {
        let (font, options) = evaluator.textStyle(text, t, frame)
        let string = String(evaluator.textStrings(text, t, frame).current.prefix(TextNode.maxCharacters))
        shaped = TextLayout.Shaped(string, font: font, options: options)
    }

    func layout(_ proposal: ProposedSize) -> TextLayout {
        TextLayout.make(shaped, width: proposal.width, height: proposal.height)
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
