// The binary search the timelines share: how many of a sorted list's entries happen at or before
// an instant. No allocation, so it runs per frame.

extension RandomAccessCollection where Index == Int {
    /// How many leading elements satisfy `isInPrefix`, which must hold for a prefix of the
    /// collection and fail for the rest (entries sorted by time, `{ $0.time <= t }`).
    @inlinable
    func prefixCount(where isInPrefix: (Element) -> Bool) -> Int {
        var lo = startIndex, hi = endIndex
        while lo < hi {
            let mid = (lo + hi) / 2
            if isInPrefix(self[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
