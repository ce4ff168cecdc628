// HStack and VStack: one algorithm with the axes swapped (docs/semantics.md §88–94). The space
// along the axis is divided in one place, `StackLayout.divide`, which every stack uses.
import AnimoGeometry
import AnimoSpec

/// `HStack(alignment:spacing:)` (axis horizontal) and `VStack(alignment:spacing:)` (vertical).
public struct StackLayout: Sendable {
    public var axis: LayoutAxis
    /// nil = SwiftUI's per-pair default (8 pt between ordinary views, 0 next to a Spacer, §94, §98);
    /// negative overlaps adjacent children (§281).
    public var spacing: Double?
    /// Across an HStack: the vertical guide the children line up on.
    public var verticalAlignment: VerticalAlignment
    /// Across a VStack: the horizontal guide.
    public var horizontalAlignment: HorizontalAlignment

    public init(axis: LayoutAxis, spacing: Double? = nil, verticalAlignment: VerticalAlignment = .center, horizontalAlignment: HorizontalAlignment = .center) {
        self.axis = axis
        self.spacing = spacing
        self.verticalAlignment = verticalAlignment
        self.horizontalAlignment = horizontalAlignment
    }

    /// Each child's proposal, size and origin (relative to the stack's top-left), and the stack's size.
    struct Arrangement {
        var proposals: [ProposedSize]
        var sizes: [Size]
        var origins: [Point]
        var size: Size
    }

    public func sizeThatFits(_ p: ProposedSize, subviews: LayoutSubviews) -> Size {
        arrange(p, subviews).size
    }

    /// Children in declaration order from the leading (top) edge, each its distance after the
    /// previous one, lined up across the axis on the alignment guide (§92). Offered nil across the
    /// axis, the stack sizes its children again with the cross length it chose.
    public func placeSubviews(in bounds: Rect, proposal p: ProposedSize, subviews: LayoutSubviews) {
        var placing = p
        if p[axis.other] == nil { placing[axis.other] = arrange(p, subviews).size[axis.other] }
        let a = arrange(placing, subviews)
        for i in 0..<subviews.count {
            subviews[i].place(at: bounds.origin + a.origins[i], proposal: a.proposals[i])
        }
    }

    /// The distance before each child (0 before the first).
    func distances(_ subviews: LayoutSubviews) -> [Double] {
        var d = [Double](repeating: 0, count: subviews.count)
        guard subviews.count > 1 else { return d }
        var previous = subviews[0].spacing
        for i in 1..<subviews.count {
            let current = subviews[i].spacing
            d[i] = spacing ?? previous.distance(to: current, along: axis)
            previous = current
        }
        return d
    }

    func arrange(_ p: ProposedSize, _ subviews: LayoutSubviews) -> Arrangement {
        let n = subviews.count
        guard n > 0 else { return Arrangement(proposals: [], sizes: [], origins: [], size: .zero) }
        let gaps = distances(subviews)
        let across = p[axis.other]
        var proposals: [ProposedSize]
        var sizes: [Size]
        if let length = p[axis] {
            (proposals, sizes) = StackLayout.divide(length - gaps.reduce(0, +), along: axis, across: across, subviews)
        } else {
            // Offered nil along the axis, every child is offered nil too: ideal lengths (§91).
            proposals = [ProposedSize](repeating: ProposedSize(nil, on: axis, across: across), count: n)
            sizes = (0..<n).map { subviews[$0].sizeThatFits(proposals[$0]) }
        }
        // Across the axis: each child's guide on the line 0, then everything shifted so the
        // topmost (leading-most) edge is at 0; the stack spans the union (§91).
        var crossOrigins = [Double](repeating: 0, count: n)
        var lo = 0.0, hi = 0.0
        var infiniteCross = false
        for i in 0..<n {
            guard sizes[i][axis.other].isFinite else {
                // An infinitely long child: the stack is infinite across, the child from its top.
                infiniteCross = true
                continue
            }
            let d = subviews[i].dimensions(in: proposals[i])
            let g = axis == .horizontal ? d[verticalAlignment] : d[horizontalAlignment]
            let o = -g
            crossOrigins[i] = o
            lo = min(lo, o)
            hi = max(hi, o + sizes[i][axis.other])
        }
        if infiniteCross {
            for i in 0..<n where !sizes[i][axis.other].isFinite { crossOrigins[i] = lo }
            hi = .infinity
        }
        var origins = [Point](repeating: Point(0, 0), count: n)
        var along = 0.0
        for i in 0..<n {
            let start = along + gaps[i]
            var o = Point(0, 0)
            o[axis] = start
            o[axis.other] = crossOrigins[i] - lo
            origins[i] = o
            along = start + sizes[i][axis]
        }
        // A negative spacing overlaps the children (§281); overlaps longer than the children leave
        // the stack empty along the axis rather than of negative length.
        return Arrangement(proposals: proposals, sizes: sizes, origins: origins, size: Size(max(0, along), on: axis, across: hi - lo))
    }

    /// Shares `available` points along `axis` among the children (§88–90), each offered `across`
    /// across the axis. Children go by `layoutPriority`, highest first, and within a priority by
    /// flexibility (their length offered ∞ minus their length offered 0), least flexible first;
    /// each is offered what remains divided by the number of children of its priority still to
    /// size, and what it takes is subtracted. Before a priority group is sized, the minimum
    /// lengths of every lower-priority child are set aside. Children may take more than they are
    /// offered, so the total can exceed `available`.
    static func divide(_ available: Double, along axis: LayoutAxis, across: Double?, _ subviews: LayoutSubviews) -> ([ProposedSize], [Size]) {
        let n = subviews.count
        var minLength = [Double](repeating: 0, count: n)
        var maxLength = [Double](repeating: 0, count: n)
        var priority = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let s = subviews[i]
            priority[i] = s.priority
            minLength[i] = s.sizeThatFits(ProposedSize(0, on: axis, across: across))[axis]
            maxLength[i] = s.sizeThatFits(ProposedSize(.infinity, on: axis, across: across))[axis]
        }
        func flexibility(_ i: Int) -> Double {
            let f = maxLength[i] - minLength[i]
            return f.isNaN ? .infinity : f
        }
        // Priority descending, then flexibility ascending; two infinitely flexible children: the
        // larger minimum first (§88); otherwise declaration order.
        let order = (0..<n).sorted { a, b in
            if priority[a] != priority[b] { return priority[a] > priority[b] }
            let fa = flexibility(a), fb = flexibility(b)
            if fa != fb { return fa < fb }
            if fa == .infinity, minLength[a] != minLength[b] { return minLength[a] > minLength[b] }
            return a < b
        }
        var proposals = [ProposedSize](repeating: .unspecified, count: n)
        var sizes = [Size](repeating: .zero, count: n)
        var remaining = available
        // The reserve of every child below the first group's priority.
        let top = priority[order[0]]
        for i in 0..<n where priority[i] != top { remaining -= minLength[i] }
        var k = 0
        while k < n {
            let groupPriority = priority[order[k]]
            var end = k
            while end < n, priority[order[end]] == groupPriority { end += 1 }
            if groupPriority != top {
                for j in k..<end { remaining += minLength[order[j]] }
            }
            var left = Double(end - k)
            for j in k..<end {
                let i = order[j]
                let share = remaining.isNaN ? 0 : max(remaining / left, 0)
                let proposal = ProposedSize(share, on: axis, across: across)
                let size = subviews[i].sizeThatFits(proposal)
                proposals[i] = proposal
                sizes[i] = size
                if remaining.isFinite { remaining -= size[axis] }
                left -= 1
            }
            k = end
        }
        return (proposals, sizes)
    }
}
