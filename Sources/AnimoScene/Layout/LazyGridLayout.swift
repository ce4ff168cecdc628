// `LazyVGrid(columns:alignment:spacing:)` and `LazyHGrid(rows:alignment:spacing:)` with
// `GridItem`s (docs/semantics.md §103–104). Laziness does not matter offscreen: every cell is laid out.
import AnimoGeometry
import AnimoSpec

/// A grid whose tracks (columns of a LazyVGrid, rows of a LazyHGrid) come from `GridItem`s and
/// whose cells fill them in order, a new line when the tracks are full.
///
/// Tracks: fixed items get their length; what remains of the grid's length after them and the
/// spacing between items is handed out in order, each flexible item taking clamp(remaining ÷ items
/// left, min, max) and each adaptive item, given the same share, holding as many tracks of at
/// least its minimum as fit (n·min + (n − 1)·spacing ≤ share) and growing them up to its maximum.
/// With a nil length, flexible and adaptive items take their minimum. Lines are as long (across)
/// as their longest cell, `spacing` (default 8) apart. The grid is as wide (LazyVGrid) as
/// proposed, or as its tracks when offered nil; tracks that add up to more or less than that are
/// centred. Each cell is offered its track's length (and nil along the lines) and aligned in its
/// cell by its item's alignment, else the grid's.
public struct LazyGridLayout: Sendable {
    public enum ItemSize: Sendable, Equatable {
        case fixed(Double)
        /// `.flexible(minimum: 10, maximum: .infinity)` by default.
        case flexible(minimum: Double, maximum: Double)
        /// `.adaptive(minimum:maximum: .infinity)`.
        case adaptive(minimum: Double, maximum: Double)
    }

    /// `GridItem(_:spacing:alignment:)`: `spacing` is the distance to the next item (nil = 8).
    public struct Item: Sendable, Equatable {
        public var size: ItemSize
        public var spacing: Double?
        public var alignment: Alignment?

        public init(_ size: ItemSize, spacing: Double? = nil, alignment: Alignment? = nil) {
            self.size = size
            self.spacing = spacing
            self.alignment = alignment
        }
    }

    /// The axis the grid grows along: `.vertical` for LazyVGrid (items are columns).
    public var axis: LayoutAxis
    public var items: [Item]
    /// The cells' alignment in their cells (LazyVGrid uses the horizontal guide, LazyHGrid the vertical).
    public var alignment: Alignment
    /// Between lines; nil = 8.
    public var spacing: Double?

    public init(axis: LayoutAxis, items: [Item], alignment: Alignment = .center, spacing: Double? = nil) {
        self.axis = axis
        self.items = items
        self.alignment = alignment
        self.spacing = spacing
    }

    /// One track: its offset from the start of the tracks, its length, and its item.
    struct Track { var offset: Double; var length: Double; var item: Int }

    /// At most this many tracks from one adaptive item (a guard against huge lengths).
    static let maxAdaptiveTracks = 1_000

    /// The tracks for a grid `length` long across its growth axis, and their total extent. An
    /// infinite length counts as nil (flexible and adaptive items take their minimum).
    func tracks(_ offered: Double?) -> (tracks: [Track], extent: Double) {
        let length = offered.flatMap { $0.isFinite ? $0 : nil }
        let def = ViewSpacing.defaultDistance
        var lengths: [(Double, Int, Double)] = []  // (length, item, gap after)
        var remaining = length ?? 0
        if length != nil {
            for (i, item) in items.enumerated() {
                if case .fixed(let f) = item.size { remaining -= f }
                if i < items.count - 1 { remaining -= item.spacing ?? def }
            }
        }
        var left = Double(items.filter { if case .fixed = $0.size { return false } else { return true } }.count)
        for (i, item) in items.enumerated() {
            let gap = item.spacing ?? def
            switch item.size {
            case .fixed(let f):
                lengths.append((f, i, gap))
            case .flexible(let lo, let hi):
                let w = length == nil ? lo : min(max(remaining / max(left, 1), lo), hi)
                lengths.append((w, i, gap))
                remaining -= w
                left -= 1
            case .adaptive(let lo, let hi):
                let share = length == nil ? lo : max(remaining / max(left, 1), 0)
                let fit = ((share + gap) / max(lo + gap, 1e-9)).rounded(.down)
                let n = fit.isFinite ? min(max(1, Int(min(fit, Double(LazyGridLayout.maxAdaptiveTracks)))), LazyGridLayout.maxAdaptiveTracks) : 1
                let w = length == nil ? lo : min(max((share - Double(n - 1) * gap) / Double(n), lo), hi)
                for _ in 0..<n { lengths.append((w, i, gap)) }
                remaining -= Double(n) * w + Double(n - 1) * gap
                left -= 1
            }
        }
        var out: [Track] = []
        var at = 0.0
        for (k, l) in lengths.enumerated() {
            out.append(Track(offset: at, length: l.0, item: l.1))
            at += l.0
            if k < lengths.count - 1 { at += l.2 }
        }
        return (out, at)
    }

    struct Solution {
        var tracks: [Track]
        var extent: Double
        /// Length of each line along the growth axis.
        var lines: [Double]
        var size: Size
    }

    func solve(_ p: ProposedSize, _ subviews: LayoutSubviews) -> Solution {
        let across = axis.other  // the axis the tracks divide (width for LazyVGrid)
        let (tracks, extent) = self.tracks(p[across])
        let perLine = max(tracks.count, 1)
        let lineCount = (subviews.count + perLine - 1) / perLine
        var lines = [Double](repeating: 0, count: lineCount)
        for i in 0..<subviews.count where !tracks.isEmpty {
            let t = tracks[i % perLine]
            let s = subviews[i].sizeThatFits(ProposedSize(nil, on: axis, across: t.length))
            lines[i / perLine] = max(lines[i / perLine], s[axis])
        }
        let gap = spacing ?? ViewSpacing.defaultDistance
        let along = lines.reduce(0, +) + gap * Double(max(lineCount - 1, 0))
        let acrossLength = p[across].flatMap { $0.isFinite ? $0 : nil } ?? extent
        return Solution(tracks: tracks, extent: extent, lines: lines, size: Size(along, on: axis, across: acrossLength))
    }

    public func sizeThatFits(_ p: ProposedSize, subviews: LayoutSubviews) -> Size {
        solve(p, subviews).size
    }

    public func placeSubviews(in bounds: Rect, proposal p: ProposedSize, subviews: LayoutSubviews) {
        let s = solve(p, subviews)
        guard !s.tracks.isEmpty else { return }
        let across = axis.other
        let start = bounds.origin[across] + (bounds.size[across] - s.extent) / 2
        let gap = spacing ?? ViewSpacing.defaultDistance
        var lineStart = bounds.origin[axis]
        let perLine = s.tracks.count
        for (line, length) in s.lines.enumerated() {
            for k in 0..<perLine {
                let i = line * perLine + k
                guard i < subviews.count else { break }
                let t = s.tracks[k]
                var o = Point(0, 0)
                o[axis] = lineStart
                o[across] = start + t.offset
                let cell = Rect(origin: o, size: Size(length, on: axis, across: t.length))
                placeAligned(subviews[i], in: cell, alignment: items[t.item].alignment ?? alignment,
                             proposal: ProposedSize(nil, on: axis, across: t.length))
            }
            lineStart += length + gap
        }
    }
}
