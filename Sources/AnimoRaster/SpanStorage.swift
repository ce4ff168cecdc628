// SpanStorage: the growable raw buffers behind SpanRecorder (recorded spans and their per-pixel
// coverage), shared copy-on-write between copies of a recorder.
//
// Why raw buffers instead of two Swift arrays: recording appends one span per run of a row (about
// 75 000 per frame of the fill workload), and every `Array.append` re-checks uniqueness through a
// runtime call and re-checks capacity; with the Mask captured by the recording closure this came to
// ~120 instructions per span (callgrind on `animo-bench raster`, fill: 9 M of 65 M instructions per
// frame, 2026-11-29). Here the recorder checks uniqueness once per fill, and a fill appends through a
// `SpanWriter` (below): a capacity test and a store.

import AnimoGeometry

/// Raw, growable storage for recorded spans and coverage values.
///
/// Invariant: `spanCount ≤ spanCapacity`, `coverageCount ≤ coverageCapacity`; the first
/// `spanCount` spans are initialized, and every span's coverage values lie in the first
/// `coverageCount` values. Only a uniquely referenced
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

    /// Forgets the contents, keeping the capacity.
    func removeAll() {
        spanCount = 0
        coverageCount = 0
    }

    /// Sets the counts after a `SpanWriter` appended through its own copies of them.
    func setCounts(spans: Int, coverage: Int) {
        spanCount = spans
        coverageCount = coverage
    }

    /// Doubles the span capacity (amortized O(1) appends).
    @inline(never)
    func growSpans() {
        let cap = spanCapacity * 2
        let p = UnsafeMutablePointer<RecordedSpan>.allocate(capacity: cap)
        p.moveInitialize(from: spans, count: spanCount)
        spans.deallocate()
        spans = p
        spanCapacity = cap
    }

    /// Grows the coverage capacity to at least `needed` values, at least doubling it.
    @inline(never)
    func growCoverage(_ needed: Int) {
        let cap = max(needed, coverageCapacity * 2)
        let p = UnsafeMutablePointer<Float>.allocate(capacity: cap)
        p.moveInitialize(from: coverage, count: coverageCount)
        coverage.deallocate()
        coverage = p
        coverageCapacity = cap
    }
}

/// One fill's appends to a `SpanStorage`, through local copies of its pointers and counts that are
/// written back by `commit()`.
///
/// Why not append to the storage object directly: its counts are stored properties of a class,
/// reloaded and stored back through the reference on every append; a local struct (held by the
/// recording sink) lets them stay in registers across a row. Measured alone it saved little
/// (~0.5 % of a raster-workload frame, callgrind, 2026-12-01); it is what the inlined `SpanSink`
/// path appends through.
///
/// Invariant: between `init`/`reload()` and `commit()` nobody else touches the storage (a flush in
/// the middle of a fill commits first and reloads after). Growth goes through the storage (commit,
/// grow, reload), so the pointers here are always the storage's.
struct SpanWriter {
    let storage: SpanStorage
    private var spans: UnsafeMutablePointer<RecordedSpan>
    private var spanCapacity: Int
    private(set) var spanCount: Int
    private var coverage: UnsafeMutablePointer<Float>
    private var coverageCapacity: Int
    private(set) var coverageCount: Int

    init(_ storage: SpanStorage) {
        self.storage = storage
        spans = storage.spans; spanCapacity = storage.spanCapacity; spanCount = storage.spanCount
        coverage = storage.coverage; coverageCapacity = storage.coverageCapacity; coverageCount = storage.coverageCount
    }

    /// Takes the storage's pointers and counts again (after it grew or was emptied by a flush).
    mutating func reload() { self = SpanWriter(storage) }

    /// Writes the counts back to the storage.
    func commit() { storage.setCounts(spans: spanCount, coverage: coverageCount) }

    /// Bytes held by the recorded spans and coverage values.
    @inline(__always)
    var recordedBytes: Int { spanCount * MemoryLayout<RecordedSpan>.stride + coverageCount * MemoryLayout<Float>.stride }

    /// Runs `flush` (which composites and empties the recording) when the recording has grown past
    /// `budget` bytes, committing before and reloading after.
    @inline(__always)
    mutating func flush(over budget: Int, _ flush: () -> Void) {
        if recordedBytes > budget { commit(); flush(); reload() }
    }

    @inline(never)
    private mutating func growSpans() {
        commit(); storage.growSpans(); reload()
    }

    @inline(never)
    private mutating func growCoverage(_ needed: Int) {
        commit(); storage.growCoverage(needed); reload()
    }

    /// Appends a span with constant coverage `k`.
    @inline(__always)
    mutating func appendConstant(y: Int, x: Int, count: Int, coverage k: Float) {
        if spanCount == spanCapacity { growSpans() }
        (spans + spanCount).initialize(to: RecordedSpan(y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: x),
                                                        count: Int32(truncatingIfNeeded: count), coverage: -1, constant: k))
        spanCount += 1
    }

    /// Appends a span with per-pixel coverage and returns a pointer to its `count` values, which
    /// the caller must fill before the next append.
    @inline(__always)
    mutating func appendVarying(y: Int, x: Int, count: Int) -> UnsafeMutablePointer<Float> {
        let values = reserveCoverage(count)
        appendVarying(y: y, x: x, count: count, values: values)
        return values
    }

    /// Room for `count` coverage values after the recorded ones; returns where they go. Values
    /// written there join the recording only through `appendVarying(y:x:count:values:)`. Valid
    /// until the next append or reservation that grows the buffer.
    @inline(__always)
    mutating func reserveCoverage(_ count: Int) -> UnsafeMutablePointer<Float> {
        if coverageCount + count > coverageCapacity { growCoverage(coverageCount + count) }
        return coverage + coverageCount
    }

    /// Appends a span whose `count` values the caller already wrote at `values`, right after the
    /// recorded values, inside the room last returned by `reserveCoverage` (a row's varying spans
    /// are written there one after another, and flushes happen only between rows or spans).
    @inline(__always)
    mutating func appendVarying(y: Int, x: Int, count: Int, values: UnsafePointer<Float>) {
        if spanCount == spanCapacity { growSpans() }
        let offset = UnsafePointer(coverage).distance(to: values)
        (spans + spanCount).initialize(to: RecordedSpan(y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: x),
                                                        count: Int32(truncatingIfNeeded: count),
                                                        coverage: Int32(truncatingIfNeeded: offset), constant: 0))
        spanCount += 1
        coverageCount = offset + count
    }
}
