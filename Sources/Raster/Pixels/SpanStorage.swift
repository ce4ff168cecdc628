// SpanStorage: the growable raw buffers behind SpanRecorder (recorded spans and their per-pixel
// coverage), shared copy-on-write between copies of a recorder.
//
// Why raw buffers instead of two Swift arrays: recording appends one span per run of a row (about
// 75 000 per frame of the fill workload), and every `Array.append` re-checks uniqueness through a
// runtime call and re-checks capacity; with the Mask captured by the recording closure this came to
// ~120 instructions per span (callgrind on `animo-bench raster`, fill: 9 M of 65 M instructions per
// frame, 2026-11-29). Here the recorder checks uniqueness once per fill and an append is a capacity
// test and a store.

/// Raw, growable storage for recorded spans and coverage values.
///
/// Invariant: `spanCount ≤ spanCapacity`, `coverageCount ≤ coverageCapacity`; the first
/// `spanCount` spans and `coverageCount` values are initialized. Only a uniquely referenced
/// instance is ever mutated (SpanRecorder checks with `isKnownUniquelyReferenced`), and shared
/// instances are only read, hence `@unchecked Sendable`.
final class SpanStorage: @unchecked Sendable {
    private(set) var spans: UnsafeMutablePointer<RecordedSpan>
    private(set) var spanCapacity: Int
    private(set) var spanCount = 0
    private(set) var coverage: UnsafeMutablePointer<Float>
    private(set) var coverageCapacity: Int
    private(set) var coverageCount = 0

    /// Small initial capacities (5 KB + 4 KB): contexts are also made for small masks and layers;
    /// a frame-sized recording grows by doubling in a few steps and keeps its capacity across frames.
    init(spanCapacity: Int = 256, coverageCapacity: Int = 1024) {
        self.spanCapacity = max(spanCapacity, 16)
        self.coverageCapacity = max(coverageCapacity, 16)
        spans = .allocate(capacity: self.spanCapacity)
        coverage = .allocate(capacity: self.coverageCapacity)
    }

    deinit {
        spans.deallocate()
        coverage.deallocate()
    }

    /// An independent copy with the same recorded contents.
    func copy() -> SpanStorage {
        let c = SpanStorage(spanCapacity: spanCapacity, coverageCapacity: coverageCapacity)
        c.spans.initialize(from: spans, count: spanCount)
        c.coverage.initialize(from: coverage, count: coverageCount)
        c.spanCount = spanCount
        c.coverageCount = coverageCount
        return c
    }

    /// Bytes held by the recorded spans and coverage values.
    @inline(__always)
    var recordedBytes: Int { spanCount * MemoryLayout<RecordedSpan>.stride + coverageCount * MemoryLayout<Float>.stride }

    /// Forgets the contents, keeping the capacity.
    func removeAll() {
        spanCount = 0
        coverageCount = 0
    }

    /// Appends a span with constant coverage `k`.
    @inline(__always)
    func appendConstant(y: Int, x: Int, count: Int, coverage k: Float) {
        if spanCount == spanCapacity { growSpans() }
        (spans + spanCount).initialize(to: RecordedSpan(y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: x),
                                                        count: Int32(truncatingIfNeeded: count), coverage: -1, constant: k))
        spanCount += 1
    }

    /// Appends a span with per-pixel coverage and returns a pointer to its `count` values, which
    /// the caller must fill (copy the row, then apply the clip) before the next append.
    @inline(__always)
    func appendVarying(y: Int, x: Int, count: Int) -> UnsafeMutablePointer<Float> {
        if spanCount == spanCapacity { growSpans() }
        if coverageCount + count > coverageCapacity { growCoverage(coverageCount + count) }
        let offset = coverageCount
        (spans + spanCount).initialize(to: RecordedSpan(y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: x),
                                                        count: Int32(truncatingIfNeeded: count),
                                                        coverage: Int32(truncatingIfNeeded: offset), constant: 0))
        spanCount += 1
        coverageCount += count
        return coverage + offset
    }

    /// Doubles the span capacity (amortized O(1) appends).
    @inline(never)
    private func growSpans() {
        let cap = spanCapacity * 2
        let p = UnsafeMutablePointer<RecordedSpan>.allocate(capacity: cap)
        p.moveInitialize(from: spans, count: spanCount)
        spans.deallocate()
        spans = p
        spanCapacity = cap
    }

    /// Grows the coverage capacity to at least `needed` values, at least doubling it.
    @inline(never)
    private func growCoverage(_ needed: Int) {
        let cap = max(needed, coverageCapacity * 2)
        let p = UnsafeMutablePointer<Float>.allocate(capacity: cap)
        p.moveInitialize(from: coverage, count: coverageCount)
        coverage.deallocate()
        coverage = p
        coverageCapacity = cap
    }
}
