// Breaking shaped clusters into lines for a proposed width (docs/semantics.md §121): explicit
// line breaks always break; otherwise a line takes words while they fit and breaks at the last
// opportunity (TextShaper.breakAfter); a word that alone is wider than the line breaks between
// its characters (at least one per line). Spaces at the end of a line hang: they do not count
// toward its width. A nil width never wraps (the ideal size).

/// Widths of runs of clusters, through prefix sums.
public struct ClusterMetrics: Sendable {
    public let clusters: [ShapedCluster]
    /// prefix[i]: the pen position of cluster i from cluster 0 (advances and kerning).
    let prefix: [Double]

    public init(_ clusters: [ShapedCluster]) {
        self.clusters = clusters
        var p = [0.0]
        p.reserveCapacity(clusters.count + 1)
        for c in clusters { p.append(p[p.count - 1] + c.advance + c.kernAfter) }
        prefix = p
    }

    /// The end of `r` without its trailing whitespace.
    public func visibleEnd(_ r: Range<Int>) -> Int {
        var e = r.upperBound
        while e > r.lowerBound && clusters[e - 1].isWhitespace { e -= 1 }
        return e
    }

    /// The width of clusters `r`, trailing whitespace excluded.
    public func width(_ r: Range<Int>) -> Double {
        let e = visibleEnd(r)
        guard e > r.lowerBound else { return 0 }
        return prefix[e] - prefix[r.lowerBound] - clusters[e - 1].kernAfter
    }

    /// The x of cluster i relative to cluster `start`.
    public func offset(_ i: Int, from start: Int) -> Double { prefix[i] - prefix[start] }

    /// The paragraphs: ranges between line-break clusters (which belong to none).
    public func paragraphs() -> [Range<Int>] {
        var out: [Range<Int>] = []
        var s = 0
        for (i, c) in clusters.enumerated() where c.isNewline {
            out.append(s..<i)
            s = i + 1
        }
        out.append(s..<clusters.count)
        return out
    }

    /// Lines of every paragraph at `width` (nil: no wrapping). Each line is a range of clusters
    /// with the paragraph it belongs to.
    public func lines(width limit: Double?) -> [(range: Range<Int>, paragraph: Range<Int>)] {
        var out: [(Range<Int>, Range<Int>)] = []
        let tolerance = 1e-9
        for p in paragraphs() {
            if p.isEmpty { out.append((p, p)); continue }
            guard let w = limit else { out.append((p, p)); continue }
            var s = p.lowerBound
            while s < p.upperBound {
                var e = p.upperBound
                var lastBreak: Int? = nil
                var i = s
                while i < p.upperBound {
                    if !clusters[i].isWhitespace && width(s..<(i + 1)) > w + tolerance {
                        e = lastBreak ?? max(i, s + 1)
                        break
                    }
                    if clusters[i].breakAfter { lastBreak = i + 1 }
                    i += 1
                }
                out.append((s..<e, p))
                s = e
            }
        }
        return out
    }
}
