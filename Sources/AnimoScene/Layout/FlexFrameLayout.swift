// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`
// (docs/semantics.md §108–110).
import AnimoGeometry
import AnimoSpec

/// A flexible frame. Per axis (nil = not given; max may be ∞):
///
/// - the child is offered the proposal clamped to [min, max], or the ideal length on a nil axis;
/// - the frame's own length: with neither min nor max, the child's; with both, the proposal
///   clamped to [min, max]; with min only, max(min(proposal, child), min); with max only,
///   min(max(proposal, child), max); on a nil axis the ideal length if given, else the child's
///   clamped to [min, max];
/// - when placing, the child is offered the frame's final size, except on an axis proposed nil,
///   without an ideal length, where the frame ended strictly between min and max: there nil.
///
/// The bounds are normalised as SwiftUI does (§109): min ≥ 0, ideal ≥ min, max ≥ ideal.
public struct FlexFrameLayout: Sendable {
    public struct Bounds: Sendable, Equatable {
        public var min: Double?
        public var ideal: Double?
        public var max: Double?

        public init(min: Double? = nil, ideal: Double? = nil, max: Double? = nil) {
            var lo = min.map { Swift.max($0, 0) }
            if let l = lo, !l.isFinite { lo = nil }
            var id = ideal
            if let i = id, let l = lo { id = Swift.max(i, l) }
            var hi = max
            if let h = hi {
                if let i = id { hi = Swift.max(h, i) } else if let l = lo { hi = Swift.max(h, l) }
            }
            self.min = lo
            self.ideal = id
            self.max = hi
        }

        func clamp(_ v: Double) -> Double {
            var r = v
            if let lo = min { r = Swift.max(r, lo) }
            if let hi = max { r = Swift.min(r, hi) }
            return r
        }
    }

    public var width: Bounds
    public var height: Bounds
    public var alignment: Alignment

    public init(width: Bounds, height: Bounds, alignment: Alignment = .center) {
        self.width = width
        self.height = height
        self.alignment = alignment
    }

    func childProposal(_ p: ProposedSize) -> ProposedSize {
        func axis(_ v: Double?, _ b: Bounds) -> Double? {
            guard let v else { return b.ideal }
            return b.clamp(v)
        }
        return ProposedSize(width: axis(p.width, width), height: axis(p.height, height))
    }

    func length(_ proposed: Double?, _ child: Double, _ b: Bounds) -> Double {
        guard let p = proposed else { return b.ideal ?? b.clamp(child) }
        switch (b.min, b.max) {
        case (nil, nil): return child
        case (let lo?, let hi?): return Swift.min(Swift.max(p, lo), hi)
        case (let lo?, nil): return Swift.max(Swift.min(p, child), lo)
        case (nil, let hi?): return Swift.min(Swift.max(p, child), hi)
        }
    }

    public func sizeThatFits(_ p: ProposedSize, subviews: LayoutSubviews) -> Size {
        let c = subviews[0].sizeThatFits(childProposal(p))
        return Size(length(p.width, c.width, width), length(p.height, c.height, height))
    }

    public func placeSubviews(in bounds: Rect, proposal p: ProposedSize, subviews: LayoutSubviews) {
        func axis(_ proposed: Double?, _ final: Double, _ b: Bounds) -> Double? {
            if proposed == nil, b.ideal == nil, final > (b.min ?? 0), final < (b.max ?? .infinity) { return nil }
            return final
        }
        let cp = ProposedSize(width: axis(p.width, bounds.width, width), height: axis(p.height, bounds.height, height))
        placeAligned(subviews[0], in: bounds, alignment: alignment, proposal: cp)
    }
}
