// SpanRecord: fills recorded as compact spans of coverage, to be composited later band by band
// (BandReplay.swift) instead of into the whole frame at once.
//
// Why. The frame is Float32 premultiplied, 16 B/px (Pixmap.swift): 22 MB at 1170², far larger than
// L2 (1 MiB/core on this Zen 4 VM, `lscpu`) and most of L3. Compositing each fill straight into it
// walks the whole frame once per shape; perf on `animo-bench raster` (2026-11-29) put 47 % of all
// samples in the span compositing loops, nearly all on the load of the destination pixel, i.e.
// waiting for memory. Recording the spans (a few bytes per span, 4 B per edge pixel) and replaying
// every recorded fill over one band of rows at a time keeps the band's pixels in L2 while all the
// shapes that touch it are composited.
//
// Exactness. A recorded span carries exactly what the immediate path handed to the compositor: the
// constant coverage of an interior run, or the per-pixel coverage row (already multiplied by the
// clip mask, as the immediate path does before compositing). The replay calls the same Compositor
// functions with the same arguments for every pixel, in the same order of fills, so each pixel sees
// the same sequence of floating-point operations: the output is bit-identical (checked by
// DeferredCompositingTests over random scenes).

import AnimoGeometry

/// One run of pixels of a recorded fill: row `y`, pixels `x ..< x + count`, with constant coverage
/// `constant` when `coverage < 0`, otherwise per-pixel coverage at `SpanStorage.coverage[coverage...]`.
struct RecordedSpan: Sendable {
    var y: Int32
    var x: Int32
    var count: Int32
    /// Offset into the storage's coverage buffer, or −1 for a constant span.
    var coverage: Int32
    var constant: Float
}

/// One recorded fill: how to composite (shader, blend mode) and its spans, in row order.
struct RecordedFill: Sendable {
    var shader: Shader
    var blendMode: BlendMode
    /// Indices into the recorder's `SpanStorage.spans`. Under a clip every non-zero span is recorded with
    /// per-pixel coverage (clip applied), so constant spans only occur in clip-free fills.
    var spans: Range<Int>
}

/// The pending drawing for one surface: an optional clear, then fills in call order.
///
/// Invariant: the spans of each fill are contiguous in `storage` and sorted by row (the rasterizer
/// emits rows top to bottom, spans left to right); every coverage offset plus count is at most
/// `storage.coverageCount`.
struct SpanRecorder: Sendable {
    /// A clear requested before the recorded fills (a clear drops every fill recorded before it: it
    /// replaces every pixel, so they cannot show).
    var clearColor: SIMD4<Float>? = nil
    var fills: [RecordedFill] = []
    /// Spans and coverage (raw buffers, copy-on-write; see SpanStorage.swift).
    private(set) var storage = SpanStorage()

    /// Flush once the recording holds this many bytes (spans + coverage): 8 MB by default, enough
    /// for the 270 shapes of the fill workload (~2.5 MB) while bounding memory for endless scenes.
    /// Checked before each row of a fill (after each span under a clip), so the recording exceeds
    /// it by at most one row. Tests lower it to force flushes in the middle of fills.
    var byteBudget = 8 << 20

    /// True when nothing is pending.
    var isEmpty: Bool { clearColor == nil && fills.isEmpty }

    /// Records a clear: drops the pending fills (their pixels are all replaced) and keeps the buffers.
    mutating func recordClear(_ color: SIMD4<Float>) {
        reset()
        clearColor = color
    }

    /// The storage to append spans to, made uniquely owned by this recorder (copied if a copy of
    /// the recorder shares it). Call before `beginFill`; valid until the recorder is copied or reset.
    mutating func uniqueStorage() -> SpanStorage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// Starts a fill; spans appended to the storage until `endFill` belong to it.
    mutating func beginFill(shader: Shader, blendMode: BlendMode) {
        fills.append(RecordedFill(shader: shader, blendMode: blendMode, spans: storage.spanCount..<storage.spanCount))
    }

    /// Closes the fill begun last (drops it when it recorded no span).
    mutating func endFill() {
        guard let last = fills.indices.last else { return }
        fills[last].spans = fills[last].spans.lowerBound..<storage.spanCount
        if fills[last].spans.isEmpty { fills.removeLast() }
    }

    /// Forgets everything but keeps the same storage object, for a flush in the middle of a fill:
    /// the caller holds the storage (from `uniqueStorage()`), so it is not shared with another
    /// recorder even though it is not uniquely referenced.
    mutating func resetKeepingStorage() {
        clearColor = nil
        fills.removeAll(keepingCapacity: true)
        storage.removeAll()
    }

    /// Forgets everything, keeping the buffers' capacity for the next frame (or leaving a shared
    /// storage to its other owners).
    mutating func reset() {
        clearColor = nil
        fills.removeAll(keepingCapacity: true)
        if isKnownUniquelyReferenced(&storage) {
            storage.removeAll()
        } else {
            storage = SpanStorage()
        }
    }
}

/// Records the spans of one clip-free fill (`DrawingContext`'s deferred path): varying values stay
/// where the rasterizer wrote them, in the free tail of the store, and constant spans of coverage 0
/// are dropped (they change no pixel). Before each row the budget is checked (`SpanWriter.flush(over:_:)`).
struct RecordingSink: SpanSink {
    var spans: SpanWriter
    let budget: Int

    @inline(__always)
    mutating func rowBuffer(_ n: Int, flush: () -> Void) -> UnsafeMutablePointer<Float> {
        spans.flush(over: budget, flush)
        return spans.reserveCoverage(n)
    }

    @inline(__always)
    mutating func span(y: Int, x: Int, count: Int, coverage: UnsafePointer<Float>?, constant: Float) {
        if let coverage {
            spans.appendVarying(y: y, x: x, count: count, values: coverage)
        } else if constant != 0 {
            spans.appendConstant(y: y, x: x, count: count, coverage: constant)
        }
    }
}
