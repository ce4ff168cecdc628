// The layout pass alone, for `animo-bench layout`: what a frame spends laying out its layout views
// (building each root view's tree with this frame's values, sizing and placing it) before any
// drawing.
import AnimoSpec
import AnimoGeometry

extension ResolvedScene {
    /// Lays out every top-level layout view at t without drawing; returns the number of layout
    /// tree nodes and of views built (so the work cannot be skipped).
    @_spi(Benchmarks) public func layoutPass(at t: Double) -> (treeNodes: Int, views: Int) {
        let ev = evaluator
        var frame = [Double](repeating: 0, count: ev.slotCount)
        frame[0] = t + ev.states.clockStart
        ev.states.write(stateAt: t, into: &frame)
        var nodes = 0, views = 0
        for n in ev.content where n.isLayoutView {
            for b in n.bindings { frame[b.slot] = b.value }
            let build = LayoutBuild(ev, t)
            var ids: [Int] = []
            build.collect(n, &frame, distributed: [], grid: false, into: &ids)
            guard let r = ids.first, build.views[r].top >= 0 else { continue }
            build.tree.placeRoot(build.views[r].top, in: ev.layoutContext.area, alignment: ev.layoutContext.alignment)
            nodes += build.tree.count
            views += build.views.count
        }
        return (nodes, views)
    }
}
