// Truncation with "…" (U+2026) when the lines or the height run out (docs/semantics.md §121–122):
// `.tail` keeps the start of the remaining text, `.head` its end, `.middle` both ends (the start
// gets the extra character when the count is odd). The ellipsis is set in the same font with the
// same spacing; trailing spaces before it and leading spaces after it are dropped. With no width
// limit (a line cut by `lineLimit` at the ideal size) the ellipsis follows the whole line.

/// `Text.TruncationMode`.
public enum TruncationMode: String, CaseIterable, Sendable, Hashable {
    case head, middle, tail
}

/// A truncated line: which clusters of the text show, where the ellipsis goes, and its width.
public struct TruncatedLine: Sendable {
    /// Clusters before the ellipsis, then after it.
    public var before: Range<Int>
    public var after: Range<Int>
    public var width: Double
}

extension ClusterMetrics {
    /// Cuts `r` (the rest of the text from the last visible line) to fit `width` with an
    /// ellipsis of width `ellipsis`.
    public func truncate(_ r: Range<Int>, width: Double?, ellipsis: Double, mode: TruncationMode) -> TruncatedLine {
        let lo = r.lowerBound, hi = visibleEnd(r)
        guard let w = width else {
            return TruncatedLine(before: lo..<hi, after: hi..<hi, width: self.width(lo..<hi) + ellipsis)
        }
        let budget = w - ellipsis + 1e-9
        func front(_ k: Int) -> Range<Int> { lo..<visibleEnd(lo..<(lo + k)) }
        func back(_ k: Int) -> Range<Int> {
            var s = hi - k
            while s < hi && clusters[s].isWhitespace { s += 1 }
            return s..<hi
        }
        let n = hi - lo
        // The largest k whose kept part fits (widths grow with k, so a binary search works).
        func largest(_ fits: (Int) -> Bool) -> Int {
            var a = 0, b = n
            while a < b {
                let m = (a + b + 1) / 2
                if fits(m) { a = m } else { b = m - 1 }
            }
            return a
        }
        switch mode {
        case .tail:
            let k = largest { self.width(front($0)) <= budget }
            let f = front(k)
            return TruncatedLine(before: f, after: hi..<hi, width: self.width(f) + ellipsis)
        case .head:
            let k = largest { self.width(back($0)) <= budget }
            let b = back(k)
            return TruncatedLine(before: lo..<lo, after: b, width: ellipsis + self.width(b))
        case .middle:
            let k = largest { self.width(front(($0 + 1) / 2)) + self.width(back($0 / 2)) <= budget }
            let f = front((k + 1) / 2), b = back(k / 2)
            return TruncatedLine(before: f, after: b, width: self.width(f) + ellipsis + self.width(b))
        }
    }
}
