// Grids against hand-computed results (docs/semantics.md §102–104).
import Testing
import AnimoGeometry
import AnimoSpec
@testable import AnimoScene

@Suite struct GridLayoutTests {
    func lazyV(_ t: LayoutTree, _ items: [LazyGridLayout.Item], cells: Int, cellHeight: Double = 20, spacing: Double? = nil) -> (Int, [Int]) {
        var ids: [Int] = []
        for _ in 0..<cells { ids.append(t.frame(t.color(), height: cellHeight)) }
        let g = t.add(.lazyGrid(LazyGridLayout(axis: .vertical, items: items, spacing: spacing)), children: ids)
        return (g, ids)
    }

    /// §103–104: a fixed column gets its width; a flexible one what remains after the fixed
    /// columns and the 8 pt between them: [fixed 100, flexible] in 300 → 100 and 192.
    @Test func fixedAndFlexibleColumns() {
        let t = makeTree()
        let (g, ids) = lazyV(t, [.init(.fixed(100)), .init(.flexible(minimum: 10, maximum: .infinity))], cells: 4)
        t.placeRoot(g, in: rect(0, 0, 300, 600))
        // Two rows of 20, 8 apart: 48 high, centred vertically at y 276.
        #expect(same(t.frame(of: g), rect(0, 276, 300, 48)))
        #expect(same(t.frame(of: ids[0]), rect(0, 276, 100, 20)))
        #expect(same(t.frame(of: ids[1]), rect(108, 276, 192, 20)))
        #expect(same(t.frame(of: ids[2]), rect(0, 304, 100, 20)))
    }

    /// §104: flexible columns each take clamp(remaining ÷ columns left, min, max), in order:
    /// three flexible columns in 300: (300 − 16)/3 = 94.67 each; with the first capped at 50 the
    /// others share 300 − 16 − 50 = 234: 117 each.
    @Test func flexibleColumnsShareInOrder() {
        let t = makeTree()
        let flex = LazyGridLayout.Item(.flexible(minimum: 10, maximum: .infinity))
        let (g, ids) = lazyV(t, [flex, flex, flex], cells: 3)
        t.placeRoot(g, in: rect(0, 0, 300, 20))
        let w = 284.0 / 3
        #expect(same(t.frame(of: ids[0]), rect(0, 0, w, 20)))
        #expect(same(t.frame(of: ids[2]), rect(2 * w + 16, 0, w, 20)))
        let u = makeTree()
        let (g2, ids2) = lazyV(u, [.init(.flexible(minimum: 10, maximum: 50)), flex, flex], cells: 3)
        u.placeRoot(g2, in: rect(0, 0, 300, 20))
        #expect(same(u.frame(of: ids2[0]), rect(0, 0, 50, 20)))
        #expect(same(u.frame(of: ids2[1]), rect(58, 0, 117, 20)))
        #expect(same(u.frame(of: ids2[2]), rect(183, 0, 117, 20)))
    }

    /// §103–104: an adaptive item holds as many columns of at least its minimum as fit:
    /// adaptive(minimum: 50) in 300 → n = ⌊(300 + 8)/(50 + 8)⌋ = 5 columns of (300 − 32)/5 = 53.6;
    /// 7 cells make 2 rows.
    @Test func adaptiveColumnCountAndWidth() {
        let t = makeTree()
        let (g, ids) = lazyV(t, [.init(.adaptive(minimum: 50, maximum: .infinity))], cells: 7)
        t.placeRoot(g, in: rect(0, 0, 300, 48))
        #expect(same(t.frame(of: ids[0]), rect(0, 0, 53.6, 20)))
        #expect(same(t.frame(of: ids[4]), rect(4 * 61.6, 0, 53.6, 20)))
        #expect(same(t.frame(of: ids[5]), rect(0, 28, 53.6, 20)))
        // The columns grow between minimum and maximum.
        let u = makeTree()
        let (g2, ids2) = lazyV(u, [.init(.adaptive(minimum: 30, maximum: 40))], cells: 1)
        u.placeRoot(g2, in: rect(0, 0, 300, 20))
        // n = ⌊308/38⌋ = 8 columns of min(max((300 − 56)/8, 30), 40) = 30.5 → 8 × 30.5 + 56 = 300.
        #expect(same(u.frame(of: ids2[0]), rect(0, 0, 30.5, 20)))
        let w = makeTree()
        let (g3, ids3) = lazyV(w, [.init(.adaptive(minimum: 50, maximum: 50))], cells: 1)
        w.placeRoot(g3, in: rect(0, 0, 300, 20))
        // At the maximum the columns stop growing and the block is centred: 5 columns of 50 + 4 × 8
        // = 282, starting at (300 − 282)/2 = 9.
        #expect(abs(w.frame(of: ids3[0]).minX - 9) < 1e-9)
        #expect(abs(w.frame(of: ids3[0]).width - 50) < 1e-9)
    }

    /// §102: Grid columns are as wide as their widest cell; a column of flexible cells takes what
    /// the others leave: rows [40×20, Color] and [30×30, Color] in 300×100 → column 0 is 40,
    /// column 1 is 300 − 40 − 8 = 252; both rows hold a flexible cell, so they share
    /// 100 − 8 = 92: 46 each.
    @Test func gridColumnsAndFlexibleCells() {
        let t = makeTree()
        let a = t.fixed(40, 20), b = t.color(), c = t.fixed(30, 30), d = t.color()
        let g = t.add(.grid(GridLayout(rows: [.init(count: 2), .init(count: 2)])), children: [a, b, c, d])
        t.placeRoot(g, in: rect(0, 0, 300, 100))
        #expect(same(t.frame(of: g), rect(0, 0, 300, 100)))
        #expect(same(t.frame(of: a), rect(0, 13, 40, 20)))
        #expect(same(t.frame(of: b), rect(48, 0, 252, 46)))
        #expect(same(t.frame(of: c), rect(5, 62, 30, 30)))
        #expect(same(t.frame(of: d), rect(48, 54, 252, 46)))
    }

    /// §103: LazyHGrid is LazyVGrid with the axes swapped: rows [fixed 30, flexible] in a height of
    /// 100 → 30 and 100 − 30 − 8 = 62; four 20-wide cells fill two columns 8 apart.
    @Test func lazyHGridRows() {
        let t = makeTree()
        var ids: [Int] = []
        for _ in 0..<4 { ids.append(t.frame(t.color(), width: 20)) }
        let g = t.add(.lazyGrid(LazyGridLayout(axis: .horizontal, items: [.init(.fixed(30)), .init(.flexible(minimum: 10, maximum: .infinity))])), children: ids)
        t.placeRoot(g, in: rect(0, 0, 48, 100))
        #expect(same(t.frame(of: ids[0]), rect(0, 0, 20, 30)))
        #expect(same(t.frame(of: ids[1]), rect(0, 38, 20, 62)))
        #expect(same(t.frame(of: ids[2]), rect(28, 0, 20, 30)))
    }

    /// §102: a view outside a GridRow spans every column; gridCellColumns(2) spans two.
    @Test func spanningCells() {
        let t = makeTree()
        let a = t.fixed(40, 10), b = t.fixed(60, 10), wide = t.frame(t.color(), height: 5)
        let g = t.add(.grid(GridLayout(rows: [.init(count: 2), .init(count: 1, spansAllColumns: true)], verticalSpacing: 0)), children: [a, b, wide])
        t.placeRoot(g, in: rect(0, 0, 108, 15))
        #expect(same(t.frame(of: wide), rect(0, 10, 108, 5)))
        let u = makeTree()
        let x = u.fixed(40, 10), y = u.fixed(60, 10), span = u.frame(u.color(), height: 5)
        u.setGridColumns(span, 2)
        let g2 = u.add(.grid(GridLayout(rows: [.init(count: 2), .init(count: 1)], verticalSpacing: 0)), children: [x, y, span])
        u.placeRoot(g2, in: rect(0, 0, 108, 15))
        #expect(same(u.frame(of: span), rect(0, 10, 108, 5)))
    }
}
