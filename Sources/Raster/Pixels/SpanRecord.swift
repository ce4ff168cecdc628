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

/// One run of pixels of a recorded fill: row `y`, pixels `x ..< x + count`, with constant coverage
/// `constant` when `coverage < 0`, otherwise per-pixel coverage at `SpanRecorder.coverage[coverage...]`.
struct RecordedSpan: Sendable {
    var y: Int32
    var x: Int32
    var count: Int32
    /// Offset into the recorder's coverage buffer, or −1 for a constant span.
    var coverage: Int32
    var constant: Float
}

/// One recorded fill: how to composite (shader, blend mode) and its spans, in row order.
struct RecordedFill: Sendable {
    var shader: Shader
    var blendMode: BlendMode
    /// Indices into `SpanRecorder.spans`. Under a clip every non-zero span is recorded with
    /// per-pixel coverage (clip applied), so constant spans only occur in clip-free fills.
    var spans: Range<Int>
}

/// The pending drawing for one surface: an optional clear, then fills in call order.
///
/// Invariant: the spans of each fill are contiguous in `spans` and sorted by row (the rasterizer
/// emits rows top to bottom, spans left to right); every coverage offset plus count is at most
/// `coverageCount ≤ coverage.count`.
struct SpanRecorder: Sendable {
    /// A clear requested before the recorded fills (a clear drops every fill recorded before it: it
    /// replaces every pixel, so they cannot show).
    var clearColor: SIMD4<Float>? = nil
    var fills: [RecordedFill] = []
    var spans: [RecordedSpan] = []
    /// Per-pixel coverage of the varying spans. Only the first `coverageCount` values are recorded;
    /// the rest is capacity kept across frames, so recording a row is one copy into memory that
    /// already exists (`Array.append(contentsOf:)` of a buffer was an unspecialized generic call per
    /// row: 3.8 M of 65.6 M instructions per fill frame, callgrind, 2026-11-29).
    var coverage: [Float] = []
    private(set) var coverageCount = 0

    /// Flush once the recording holds this many bytes (spans + coverage): 8 MB by default, enough
    /// for the 270 shapes of the fill workload (~2 MB) while bounding memory for endless scenes.
    /// Tests lower it to force flushes in the middle of fills.
    var byteBudget = 8 << 20

    /// True when nothing is pending.
    var isEmpty: Bool { clearColor == nil && fills.isEmpty }

    /// Bytes held by the recorded spans and coverage.
    var recordedBytes: Int { spans.count * MemoryLayout<RecordedSpan>.stride + coverageCount * 4 }

    /// Records a clear: drops the pending fills (their pixels are all replaced) and keeps the buffers.
    mutating func recordClear(_ color: SIMD4<Float>) {
        clearColor = color
        fills.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        coverageCount = 0
    }

    /// Starts a fill; spans appended until the next `beginFill`/`endFill` belong to it.
    mutating func beginFill(shader: Shader, blendMode: BlendMode) {
        fills.append(RecordedFill(shader: shader, blendMode: blendMode, spans: spans.count..<spans.count))
    }

    /// Closes the fill begun last (drops it when it recorded no span).
    mutating func endFill() {
        guard let last = fills.indices.last else { return }
        fills[last].spans = fills[last].spans.lowerBound..<spans.count
        if fills[last].spans.isEmpty { fills.removeLast() }
    }

    /// Appends a constant-coverage span to the current fill.
    @inline(__always)
    mutating func appendConstant(y: Int, x: Int, count: Int, coverage k: Float) {
        spans.append(RecordedSpan(y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: x),
                                  count: Int32(truncatingIfNeeded: count), coverage: -1, constant: k))
    }

    /// Appends a span with per-pixel coverage copied from `values`; returns the offset of its values
    /// in `coverage`, so the caller can apply the clip in place.
    @inline(__always)
    mutating func appendVarying(y: Int, x: Int, count: Int, values: UnsafePointer<Float>) -> Int {
        let offset = claimCoverage(count)
        coverage.withUnsafeMutableBufferPointer { c in (c.baseAddress! + offset).update(from: values, count: count) }
        spans.append(RecordedSpan(y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: x),
                                  count: Int32(truncatingIfNeeded: count), coverage: Int32(truncatingIfNeeded: offset),
                                  constant: 0))
        return offset
    }

    /// Appends a span of `count` pixels that all have coverage `k` but need per-pixel values (a
    /// clip will multiply them); returns the offset of its values, as `appendVarying`.
    @inline(__always)
    mutating func appendVarying(y: Int, x: Int, count: Int, repeating k: Float) -> Int {
        let offset = claimCoverage(count)
        coverage.withUnsafeMutableBufferPointer { c in (c.baseAddress! + offset).update(repeating: k, count: count) }
        spans.append(RecordedSpan(y: Int32(truncatingIfNeeded: y), x: Int32(truncatingIfNeeded: x),
                                  count: Int32(truncatingIfNeeded: count), coverage: Int32(truncatingIfNeeded: offset),
                                  constant: 0))
        return offset
    }

    /// Forgets everything, keeping the buffers' capacity for the next frame.
    mutating func reset() {
        clearColor = nil
        fills.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        coverageCount = 0
    }

    /// Claims `count` coverage values at the end of the recording and returns their offset.
    @inline(__always)
    private mutating func claimCoverage(_ count: Int) -> Int {
        let offset = coverageCount
        if offset + count > coverage.count {
            // Grow geometrically (at least 64 K values) so claims stay amortized O(1).
            coverage.append(contentsOf: repeatElement(0, count: max(offset + count - coverage.count, coverage.count, 1 << 16)))
        }
        coverageCount = offset + count
        return offset
    }
}
