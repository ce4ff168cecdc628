// `Grid(alignment:horizontalSpacing:verticalSpacing:)` with `GridRow`s (docs/semantics.md §102).
import AnimoGeometry
import AnimoSpec

/// A grid of rows. The subviews are the cells row by row; `rows[i]` says how many belong to row i
/// and whether it is a single view outside a GridRow, which spans every column.
///
/// A column is as wide as its widest cell's ideal width and a row as tall as its tallest cell's
/// ideal height; columns (rows) holding a flexible cell — one that grows when offered more —
/// share what the proposal leaves equally, never below their widest cell's minimum. The number of
/// columns is that of the longest row; a cell with `gridCellColumns(n)` spans n columns (spanning
/// cells do not widen columns). Cells are offered their cell's size and aligned in it.
/// Spacing nil = 8 pt (the iOS default distance, §94).
public struct GridLayout: Sendable {
    public struct Row: Sendable, Equatable {
        public var count: Int
        public var spansAllColumns: Bool
        /// `GridRow(alignment:)`; nil = the grid's.
        public var alignment: VerticalAlignment?

        public init(count: Int, spansAllColumns: Bool = false, alignment: VerticalAlignment? = nil) {
            self.count = count
            self.spansAllColumns = spansAllColumns
            self.alignment = alignment
        }
    }

    public var alignment: Alignment
    public var horizontalSpacing: Double?
    public var verticalSpacing: Double?
    public var rows: [Row]

    public init(rows: [Row], alignment: Alignment = .center, horizontalSpacing: Double? = nil, verticalSpacing: Double? = nil) {
        self.rows = rows
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
    }

    /// One cell: its subview index, row, first column and column span.
    struct Cell { var index: Int; var row: Int; var column: Int; var span: Int }

    struct Solution {
        var cells: [Cell]
        var widths: [Double]
        var heights: [Double]
        var size: Size
    }

    var hGap: Double { horizontalSpacing ?? ViewSpacing.defaultDistance }
    var vGap: Double { verticalSpacing ?? ViewSpacing.defaultDistance }

    func cells(_ subviews: LayoutSubviews) -> (cells: [Cell], columns: Int) {
        var cells: [Cell] = []
        var index = 0
        var columns = 0
        for (r, row) in rows.enumerated() {
            var c = 0
            for _ in 0..<row.count where index < subviews.count {
                let span = row.spansAllColumns ? -1 : subviews[index].gridColumns
                cells.append(Cell(index: index, row: r, column: c, span: span))
                if span > 0 { c += span }
                index += 1
            }
            columns = max(columns, c)
        }
        columns = max(columns, 1)
        for i in cells.indices where cells[i].span < 0 { cells[i].span = columns }
        for i in cells.indices { cells[i].span = min(cells[i].span, max(columns - cells[i].column, 1)) }
        return (cells, columns)
    }

    /// Shares `total` among tracks: tracks holding a flexible cell split what the others leave.
    static func share(_ ideal: [Double], _ minimum: [Double], _ flexible: [Bool], total: Double?, gap: Double) -> [Double] {
        guard let total, total.isFinite else { return ideal }
        let n = ideal.count
        let flexCount = flexible.filter { $0 }.count
        guard flexCount > 0 else { return ideal }
        var fixed = gap * Double(max(n - 1, 0))
        for i in 0..<n where !flexible[i] { fixed += ideal[i] }
        let each = max((total - fixed) / Double(flexCount), 0)
        return (0..<n).map { flexible[$0] ? max(each, minimum[$0]) : ideal[$0] }
    }

    func solve(_ p: ProposedSize, _ subviews: LayoutSubviews) -> Solution {
        let (cells, columns) = self.cells(subviews)
        var ideal = [Double](repeating: 0, count: columns)
        var minimum = [Double](repeating: 0, count: columns)
        var flexible = [Bool](repeating: false, count: columns)
        for c in cells where c.span == 1 {
            let s = subviews[c.index]
            let i = s.sizeThatFits(.unspecified).width
            ideal[c.column] = max(ideal[c.column], i)
            minimum[c.column] = max(minimum[c.column], s.sizeThatFits(ProposedSize(width: 0, height: nil)).width)
            if s.sizeThatFits(ProposedSize(width: .infinity, height: nil)).width > i { flexible[c.column] = true }
        }
        let widths = GridLayout.share(ideal, minimum, flexible, total: p.width, gap: hGap)
        func cellWidth(_ c: Cell) -> Double {
            var w = 0.0
            for k in c.column..<min(c.column + c.span, columns) { w += widths[k] }
            return w + hGap * Double(c.span - 1)
        }
        var rowIdeal = [Double](repeating: 0, count: rows.count)
        var rowMin = [Double](repeating: 0, count: rows.count)
        var rowFlexible = [Bool](repeating: false, count: rows.count)
        for c in cells {
            let s = subviews[c.index]
            let w = cellWidth(c)
            let i = s.sizeThatFits(ProposedSize(width: w, height: nil)).height
            rowIdeal[c.row] = max(rowIdeal[c.row], i)
            rowMin[c.row] = max(rowMin[c.row], s.sizeThatFits(ProposedSize(width: w, height: 0)).height)
            if s.sizeThatFits(ProposedSize(width: w, height: .infinity)).height > i { rowFlexible[c.row] = true }
        }
        let heights = GridLayout.share(rowIdeal, rowMin, rowFlexible, total: p.height, gap: vGap)
        let width = widths.reduce(0, +) + hGap * Double(max(columns - 1, 0))
        let height = heights.reduce(0, +) + vGap * Double(max(rows.count - 1, 0))
        return Solution(cells: cells, widths: widths, heights: heights, size: Size(width, rows.isEmpty ? 0 : height))
    }

    public func sizeThatFits(_ p: ProposedSize, subviews: LayoutSubviews) -> Size {
        solve(p, subviews).size
    }

    public func placeSubviews(in bounds: Rect, proposal p: ProposedSize, subviews: LayoutSubviews) {
        let s = solve(p, subviews)
        var xs = [Double](repeating: bounds.minX, count: s.widths.count + 1)
        for k in 0..<s.widths.count { xs[k + 1] = xs[k] + s.widths[k] + hGap }
        var ys = [Double](repeating: bounds.minY, count: s.heights.count + 1)
        for k in 0..<s.heights.count { ys[k + 1] = ys[k] + s.heights[k] + vGap }
        for c in s.cells {
            let end = min(c.column + c.span, s.widths.count)
            let w = xs[end] - xs[c.column] - hGap
            let cell = Rect(x: xs[c.column], y: ys[c.row], width: w, height: s.heights[c.row])
            var a = alignment
            if let v = rows[c.row].alignment { a.vertical = v }
            placeAligned(subviews[c.index], in: cell, alignment: a, proposal: ProposedSize(cell.size))
        }
    }
}
