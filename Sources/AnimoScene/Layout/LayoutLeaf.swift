// The leaves of the layout tree: views that size themselves instead of arranging children
// (shapes, Color, spacers, dividers, v1 absolute drawings — and text, which conforms to
// `LayoutLeaf`). A leaf answers one question, "what size for this proposal?", and optionally
// where its text baselines are; its parent places it.
import AnimoGeometry
import AnimoSpec

/// A view that sizes itself. Text plugs into layout by conforming to this protocol and being
/// added with `LayoutTree.addLeaf(.custom(…))`.
///
/// - `sizeThatFits`: the size for a proposal (docs/semantics.md §84–86). A nil axis asks for the
///   ideal length, `.infinity` for the maximum, 0 for the minimum. The parent must accept the
///   answer; it may be larger than the proposal. Called several times per layout with different
///   proposals (stacks probe 0 and ∞ to learn flexibility), so keep it a pure function; the tree
///   caches the last answers per node.
/// - `firstTextBaseline`/`lastTextBaseline`: the distance from the top of a view of `size` to its
///   first/last text baseline, or nil for a view without text (the bottom edge is used then, §123).
/// - `spacing`: the distances the view prefers to its neighbours in a stack (§94–95).
public protocol LayoutLeaf: Sendable {
    func sizeThatFits(_ proposal: ProposedSize) -> Size
    func firstTextBaseline(in size: Size) -> Double?
    func lastTextBaseline(in size: Size) -> Double?
    var spacing: ViewSpacing { get }
}

extension LayoutLeaf {
    public func firstTextBaseline(in size: Size) -> Double? { nil }
    public func lastTextBaseline(in size: Size) -> Double? { nil }
    public var spacing: ViewSpacing { .standard }
}

/// How a built-in leaf sizes itself.
public enum LeafKind: Sendable {
    /// Shapes, `Color`, `canvas`, `geometryReader`: the proposal itself, 0 and ∞ included, with a
    /// nil axis counting as 10 (docs/semantics.md §86, §106).
    case flexible
    /// A fixed size whatever the proposal: a v1 absolute node (its layout frame's size).
    case fixed(Size)
    /// `Spacer(minLength:)`: along its stack's axis max(proposal, minLength), across 0; outside a
    /// stack both axes (§98). nil minLength = the default spacing, 8.
    case spacer(minLength: Double?)
    /// `Divider()`: `thickness` across its stack's axis (along the vertical axis outside a stack),
    /// the proposal along the other (nil = 10).
    case divider(thickness: Double)
    /// Any other leaf (text).
    case custom(any LayoutLeaf)
}

/// A view's spacing preferences on its four edges (SwiftUI's `ViewSpacing`, §94). nil on an edge =
/// no preference. Two neighbours are placed `distance(to:along:)` apart.
public struct ViewSpacing: Sendable, Equatable {
    public var top: Double?
    public var leading: Double?
    public var bottom: Double?
    public var trailing: Double?

    public init(top: Double? = nil, leading: Double? = nil, bottom: Double? = nil, trailing: Double? = nil) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No preference anywhere: two such views are 8 pt apart (the iOS default, §94).
    public static let standard = ViewSpacing()
    /// A Spacer's: 0 on every edge, so it sits flush against its neighbours (§98).
    public static let zero = ViewSpacing(top: 0, leading: 0, bottom: 0, trailing: 0)
    /// The platform's default distance between two views, in points (§94).
    public static let defaultDistance = 8.0

    /// The distance from this view to `next`, which follows it along `axis`: the larger of the two
    /// preferences on the facing edges; the default distance when neither has one.
    public func distance(to next: ViewSpacing, along axis: LayoutAxis) -> Double {
        let a = axis == .horizontal ? trailing : bottom
        let b = axis == .horizontal ? next.leading : next.top
        switch (a, b) {
        case (nil, nil): return ViewSpacing.defaultDistance
        case (let x?, nil): return x
        case (nil, let y?): return y
        case (let x?, let y?): return max(x, y)
        }
    }
}
