// BandReplay: composites a SpanRecorder's fills into a pixmap one band of rows at a time, every
// recorded fill in call order within each band, so the band's pixels stay in cache while all the
// shapes that touch it are drawn (see SpanRecord.swift for why and why the result is bit-identical).
//
// Per span, the calls are exactly those of the immediate path in DrawingContext.fill: a constant span
// of a solid fill goes through `Compositor.solidSpan`; a per-pixel span through `solidRow`; shader
// fills shade the span's pixels and go through `colorRow` with the recorded (or expanded constant)
// coverage. A pending clear is written band by band before the fills, so the frame is written once
// (PixelFill.swift: without fetching the lines it overwrites). An 8-bit target (Pixmap8.swift) is
// replayed by the same loop with Compositor8's calls in place of Compositor's (`BandPixels`).
import AnimoGeometry
import Dispatch

extension SpanRecorder {
    /// Rows per band. A 1170-px Float32 row is 18.7 KB, so 32 rows are 0.6 MB: inside the 1 MiB L2
    /// of this machine with room for the span and coverage streams. Chosen by measurement on
    /// `animo-bench raster` (2026-11-29, fill/stroke min ms): see README "Raster" performance.
    static let bandRows = 32

    /// Composites everything recorded into `pixmap` (the surface the fills were recorded for).
    /// Spans must lie inside the pixmap (they were clipped to its bounds when recorded).
    ///
    /// With `threads` > 1 the bands are split into contiguous groups composited concurrently
    /// (`Parallel.forEachChunk`). Every pixel belongs to exactly one band and each band
    /// runs the same calls in the same order whatever the grouping, so the pixels do not depend on
    /// the thread count.
    func replay(into pixmap: inout Pixmap, bandRows: Int = SpanRecorder.bandRows, threads: Int = 1) {
        let w = pixmap.width, h = pixmap.height
        pixmap.pixels.withUnsafeMutableBufferPointer { replay(FloatBand.self, $0.baseAddress!, w, h, bandRows, threads, false) }
    }

    /// `replay(into:)` for an 8-bit target (Compositor8's loops; see Pixmap8.swift).
    /// `avx2`: Compositor8's AVX2 loops (where `Compositor8.usesAVX2`; the same bytes).
    func replay(into pixmap: inout Pixmap8, bandRows: Int = SpanRecorder.bandRows, threads: Int = 1, avx2: Bool) {
        let w = pixmap.width, h = pixmap.height
        pixmap.pixels.withUnsafeMutableBufferPointer { replay(ByteBand.self, $0.baseAddress!, w, h, bandRows, threads, avx2) }
    }

    private func replay<P: BandPixels>(_: P.Type, _ dst: UnsafeMutablePointer<P.Pixel>, _ w: Int, _ h: Int,
                                       _ bandRows: Int, _ threads: Int, _ avx2: Bool) {
        guard !fills.isEmpty else {
            if let c = clearColor { P.fill(dst, c, w * h) }
            return
        }
        let rows = max(bandRows, 1)
        let bands = (h + rows - 1) / rows
        let groups = min(max(threads, 1), bands)
        let solids = fills.map { $0.shader.solidColor }
        let needsShading = solids.contains { $0 == nil }
        let clear = clearColor
        let store = storage
        withExtendedLifetime(store) {
            fills.withUnsafeBufferPointer { fl in
                solids.withUnsafeBufferPointer { so in
                    let job = BandJob<P>(dst: dst, spans: UnsafeBufferPointer(start: store.spans, count: store.spanCount),
                                         coverage: UnsafePointer(store.coverage), fills: fl, solids: so,
                                         width: w, height: h, rows: rows, clear: clear, needsShading: needsShading, avx2: avx2)
                    Parallel.forEachChunk(count: bands, threads: groups, chunksPerThread: 1) { job.run(bands: $0) }
                }
            }
        }
    }
}

/// What a band replay hands every compositing call besides the span: a row of Float32 scratch
/// pixels (when the format needs one) and whether the AVX2 loops run (decided once per replay: read
/// per span, the global `Compositor8.usesAVX2` cost its lazy initializer's check each time, 1 % of
/// the fill frame's instructions).
struct BandScratch {
    let row: UnsafeMutablePointer<SIMD4<Float>>?
    let avx2: Bool
}

/// The compositing calls of a band replay for one pixel format.
protocol BandPixels {
    associatedtype Pixel
    /// Whether the calls need a row of Float32 scratch pixels (`BandScratch.row`).
    static var needsScratch: Bool { get }
    static func fill(_ dst: UnsafeMutablePointer<Pixel>, _ color: SIMD4<Float>, _ count: Int)
    static func solidSpan(_ dst: UnsafeMutablePointer<Pixel>, _ k: Float, _ count: Int, _ s: SIMD4<Float>, _ mode: BlendMode,
                          _ scratch: BandScratch)
    static func solidRow(_ dst: UnsafeMutablePointer<Pixel>, _ cov: UnsafePointer<Float>, _ count: Int, _ s: SIMD4<Float>,
                         _ mode: BlendMode, _ scratch: BandScratch)
    static func colorRow(_ dst: UnsafeMutablePointer<Pixel>, _ cov: UnsafePointer<Float>, _ count: Int,
                         _ src: UnsafePointer<SIMD4<Float>>, _ mode: BlendMode, _ scratch: BandScratch)
}

/// Float32 pixels: Compositor.swift's loops, PixelFill's clear.
enum FloatBand: BandPixels {
    static var needsScratch: Bool { false }
    @inline(__always) static func fill(_ dst: UnsafeMutablePointer<SIMD4<Float>>, _ color: SIMD4<Float>, _ count: Int) {
        PixelFill.fill(dst, with: color, count: count)
    }
    @inline(__always) static func solidSpan(_ dst: UnsafeMutablePointer<SIMD4<Float>>, _ k: Float, _ count: Int, _ s: SIMD4<Float>,
                                            _ mode: BlendMode, _ scratch: BandScratch) {
        Compositor.solidSpan(dst, k, count, s, mode)
    }
    @inline(__always) static func solidRow(_ dst: UnsafeMutablePointer<SIMD4<Float>>, _ cov: UnsafePointer<Float>, _ count: Int,
                                           _ s: SIMD4<Float>, _ mode: BlendMode, _ scratch: BandScratch) {
        Compositor.solidRow(dst, cov, count, s, mode)
    }
    @inline(__always) static func colorRow(_ dst: UnsafeMutablePointer<SIMD4<Float>>, _ cov: UnsafePointer<Float>, _ count: Int,
                                           _ src: UnsafePointer<SIMD4<Float>>, _ mode: BlendMode,
                                           _ scratch: BandScratch) {
        Compositor.colorRow(dst, cov, count, src, mode)
    }
}

/// 8-bit premultiplied pixels: Compositor8's loops for source-over of solid colours, every other
/// case through Float32 scratch (`Compositor8.throughFloat`).
enum ByteBand: BandPixels {
    static var needsScratch: Bool { true }
    @inline(__always) static func fill(_ dst: UnsafeMutablePointer<UInt32>, _ color: SIMD4<Float>, _ count: Int) {
        Pixmap8.fill(dst, Pixmap8.pack(color), count: count)
    }
    @inline(__always) static func solidSpan(_ dst: UnsafeMutablePointer<UInt32>, _ k: Float, _ count: Int, _ s: SIMD4<Float>,
                                            _ mode: BlendMode, _ scratch: BandScratch) {
        if mode == .normal { Compositor8.solidSpan(dst, k, count, s, avx2: scratch.avx2); return }
        Compositor8.throughFloat(dst, count, scratch.row!) { Compositor.solidSpan($0, k, count, s, mode) }
    }
    @inline(__always) static func solidRow(_ dst: UnsafeMutablePointer<UInt32>, _ cov: UnsafePointer<Float>, _ count: Int,
                                           _ s: SIMD4<Float>, _ mode: BlendMode, _ scratch: BandScratch) {
        if mode == .normal { Compositor8.solidRow(dst, cov, count, s, avx2: scratch.avx2); return }
        Compositor8.throughFloat(dst, count, scratch.row!) { Compositor.solidRow($0, cov, count, s, mode) }
    }
    @inline(__always) static func colorRow(_ dst: UnsafeMutablePointer<UInt32>, _ cov: UnsafePointer<Float>, _ count: Int,
                                           _ src: UnsafePointer<SIMD4<Float>>, _ mode: BlendMode,
                                           _ scratch: BandScratch) {
        Compositor8.throughFloat(dst, count, scratch.row!) { Compositor.colorRow($0, cov, count, src, mode) }
    }
}

/// The replay of a range of bands over raw buffers that outlive it (see `SpanRecorder.replay`).
/// Concurrent jobs write disjoint bands of `dst` and only read the rest, hence `@unchecked Sendable`.
private struct BandJob<P: BandPixels>: @unchecked Sendable {
    let dst: UnsafeMutablePointer<P.Pixel>
    let spans: UnsafeBufferPointer<RecordedSpan>
    let coverage: UnsafePointer<Float>
    let fills: UnsafeBufferPointer<RecordedFill>
    let solids: UnsafeBufferPointer<SIMD4<Float>?>
    let width: Int, height: Int, rows: Int
    let clear: SIMD4<Float>?
    let needsShading: Bool
    let avx2: Bool

    init(dst: UnsafeMutablePointer<P.Pixel>, spans: UnsafeBufferPointer<RecordedSpan>, coverage: UnsafePointer<Float>,
         fills: UnsafeBufferPointer<RecordedFill>, solids: UnsafeBufferPointer<SIMD4<Float>?>,
         width: Int, height: Int, rows: Int, clear: SIMD4<Float>?, needsShading: Bool, avx2: Bool) {
        self.dst = dst; self.spans = spans; self.coverage = coverage; self.fills = fills; self.solids = solids
        self.width = width; self.height = height; self.rows = rows; self.clear = clear; self.needsShading = needsShading
        self.avx2 = avx2
    }

    /// The first span of `fill` on row `y` or below (spans of a fill are sorted by row).
    func firstSpan(_ fill: RecordedFill, atOrBelow y: Int) -> Int {
        var lo = fill.spans.lowerBound, hi = fill.spans.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(spans[mid].y) < y { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    func run(bands: Range<Int>) {
        guard !bands.isEmpty else { return }
        let w = width
        var colors = [SIMD4<Float>](repeating: .zero, count: needsShading ? w : 0)
        var konst = [Float](repeating: 0, count: needsShading ? w : 0)
        var scratch = [SIMD4<Float>](repeating: .zero, count: P.needsScratch ? w : 0)
        let firstRow = bands.lowerBound * rows
        var cursors = fills.map { firstRow == 0 ? $0.spans.lowerBound : firstSpan($0, atOrBelow: firstRow) }
        let sp = spans, fl = fills
        colors.withUnsafeMutableBufferPointer { col in
          konst.withUnsafeMutableBufferPointer { kb in
            scratch.withUnsafeMutableBufferPointer { scr in
                let sc = BandScratch(row: scr.baseAddress, avx2: avx2)
                for band in bands {
                    let y0 = band * rows, y1 = min(height, y0 + rows)
                    if let c = clear { P.fill(dst + y0 * w, c, (y1 - y0) * w) }
                    for f in 0..<fl.count {
                        var i = cursors[f]
                        let end = fl[f].spans.upperBound
                        guard i < end, Int(sp[i].y) < y1 else { continue }
                        let mode = fl[f].blendMode
                        if let solid = solids[f] {
                            while i < end {
                                let s = sp[i]
                                guard Int(s.y) < y1 else { break }
                                let d = dst + Int(s.y) * w + Int(s.x)
                                if s.coverage < 0 {
                                    P.solidSpan(d, s.constant, Int(s.count), solid, mode, sc)
                                } else {
                                    P.solidRow(d, coverage + Int(s.coverage), Int(s.count), solid, mode, sc)
                                }
                                i += 1
                            }
                        } else {
                            while i < end {
                                let s = sp[i]
                                guard Int(s.y) < y1 else { break }
                                let n = Int(s.count)
                                let d = dst + Int(s.y) * w + Int(s.x)
                                let cov: UnsafePointer<Float>
                                if s.coverage < 0 {
                                    kb.baseAddress!.update(repeating: s.constant, count: n)
                                    cov = UnsafePointer(kb.baseAddress!)
                                } else {
                                    cov = coverage + Int(s.coverage)
                                }
                                fl[f].shader.shadeRow(y: Int(s.y), x: Int(s.x), count: n, into: col.baseAddress!)
                                P.colorRow(d, cov, n, col.baseAddress!, mode, sc)
                                i += 1
                            }
                        }
                        cursors[f] = i
                    }
                }
            }
          }
        }
    }
}
