// Scan conversion with exact area coverage: the signed-area accumulation technique of font
// rasterizers (font-rs; stb_truetype v2; described in Raph Levien, "The rasterizer", 2016,
// and "Inside the fastest font renderer in the world"). Written from the description, not ported.
//
// Principle. Every polygon edge, clipped to one pixel row, deposits into an accumulation row two
// numbers per pixel cell it crosses: for a sub-segment lying in cell k with signed height dy
// (+ downwards, − upwards) and mean x offset m inside the cell (0…1), the pixel k receives
// dy·(1 − m) (the part of the cell right of the edge, i.e. the exact trapezoid area) and k+1
// receives dy·m, so that after a prefix sum over the row every pixel right of the edge holds the
// full dy. The prefix sum of a row is then the signed, winding-weighted area of the path inside
// each pixel, exact for a single edge per pixel.
//
// Fill rules. The rule is applied to that accumulated value s: non-zero gives min(|s|, 1), even-odd
// gives the triangle wave of |s| with period 2 (0→0, 1→1, 2→0). This is exactly what FreeType's
// "gray" rasterizer does with its sparse cell list (it also sums cover/area per cell, then applies
// the rule to the sum) and what font-rs does for non-zero; so a dense accumulation row and a
// sparse sorted cell list give the same numbers. Both are exact wherever at most one edge crosses
// a pixel (every interior pixel of overlapping contours included: winding 2 → covered for non-zero,
// hole for even-odd) and approximate only in pixels crossed by several edges. We chose the dense
// row over the sorted cell list: the compositor visits every covered pixel anyway, the dense row
// needs no sort and no allocation per cell, and its cost is bounded by the clipped bounding box.
// Fills read the rows sparsely (`rasterizeSpans`): groups of cells no edge touched have constant
// coverage, so interiors are composited as constant spans and zero runs (between the two sides of
// a stroke, say) are skipped without touching the destination. Measured with callgrind on
// `animo-bench raster` (instructions per frame, excluding the frame allocation): fill 72 M → 36 M, stroke
// 118 M → 96 M, pixels bit-identical (RasterFastPathTests checks it against `rasterize`).
//
// Clipping is analytic: rows outside the clip rectangle are dropped; the part of an edge left of
// the clip is moved onto its left border (it still adds its full height to every pixel to its right,
// as the true edge would); the part right of the clip is moved onto the right border, where it only
// touches a guard cell that is never read. Nothing is sampled, so 1e9 coordinates cost no more than
// on-canvas ones.
import AnimoGeometry
import Foundation
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// How overlapping or self-intersecting contours decide what is inside.
public enum FillRule: Sendable, Hashable {
    /// Inside where the winding number is not zero (SwiftUI's and Core Graphics' default).
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}

/// What the rasterizer did with a path besides drawing it: a dropped draw is reported, not hidden.
public struct RasterReport: Sendable, Equatable {
    /// Subpaths skipped because a coordinate (after the transform) was NaN or infinite.
    public var droppedNonFiniteSubpaths: Int = 0
    /// True when nothing was drawn because the path was empty, degenerate or entirely clipped.
    public var isEmpty: Bool = true
    public init() {}
}

/// A reusable scan converter. Keeping one per thread lets its scratch rows be reused across paths,
/// so rasterizing allocates nothing once warmed up. Not thread-safe; cheap to create.
public struct Rasterizer: Sendable {
    /// Accumulation cells, bbox width + 2 per row (two guard cells for the right border).
    private var acc: [Float] = []
    /// Per bbox row, the lowest and highest cell index written (or Int32.max/min when untouched).
    private var rowMin: [Int32] = []
    private var rowMax: [Int32] = []
    /// One row of final coverage handed to the caller.
    private var line: [Float] = []

    public init() {}

    /// Rasterizes `path` (mapped by `transform` to pixels, flattened within `tolerance` px) and calls
    /// `body(y, x, coverage)` for each pixel row that has coverage: `coverage[i]` (0…1) belongs to
    /// pixel (x + i, y). Pixels outside `clip` are never reported. Subpaths are closed implicitly.
    /// Non-finite subpaths are skipped and counted in the returned report; nothing traps.
    @discardableResult
    public mutating func rasterize(_ path: Path, transform: Transform = .identity, rule: FillRule,
                                   clip: PixelRect, tolerance: Double = Path.defaultTolerance,
                                   _ body: (_ y: Int, _ x: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void) -> RasterReport {
        var report = RasterReport()
        report.droppedNonFiniteSubpaths = Rasterizer.nonFiniteSubpathCount(path, transform)
        let lines = path.flattened(transform: transform, tolerance: tolerance)
        let r = rasterize(lines, rule: rule, clip: clip, body)
        report.isEmpty = r.isEmpty
        report.droppedNonFiniteSubpaths += r.droppedNonFiniteSubpaths
        return report
    }

    /// Rasterizes device-space polylines (each implicitly closed); see `rasterize(_:transform:…)`.
    @discardableResult
    public mutating func rasterize(_ polylines: [Polyline], rule: FillRule, clip: PixelRect,
                                   _ body: (_ y: Int, _ x: Int, _ coverage: UnsafeBufferPointer<Float>) -> Void) -> RasterReport {
        var report = RasterReport()
        guard let box = accumulate(polylines, clip: clip, &report) else { return report }
        report.isEmpty = !emitRows(box, rule: rule, body)
        return report
    }

    /// The sparse form of `rasterize(_:transform:…)` used by the compositing fast paths: each row is
    /// handed over as spans, `body(y, x, count, coverage, constant)`, where `coverage` is nil for a
    /// span of `count` pixels that all have coverage `constant` (an interior run: no edge touches it)
    /// and otherwise points at `count` per-pixel values. Spans of a row come left to right and tile
    /// exactly the row that `rasterize` would report; the values are bit-identical to it (see
    /// `emitSpans`). Constant spans of coverage 0 are reported too, so callers decide to skip them.
    @discardableResult
    mutating func rasterizeSpans(_ path: Path, transform: Transform, rule: FillRule, clip: PixelRect,
                                 tolerance: Double,
                                 _ body: (_ y: Int, _ x: Int, _ count: Int, _ coverage: UnsafePointer<Float>?,
                                          _ constant: Float) -> Void) -> RasterReport {
        var report = RasterReport()
        report.droppedNonFiniteSubpaths = Rasterizer.nonFiniteSubpathCount(path, transform)
        let lines = path.flattened(transform: transform, tolerance: tolerance)
        return rasterizeSpans(lines, rule: rule, clip: clip, report: report, body)
    }

    /// `rasterizeSpans` over device-space polylines (each implicitly closed), e.g. a stroke outline
    /// from `Path.strokeOutline`; `report` carries what the caller already counted.
    @discardableResult
    mutating func rasterizeSpans(_ polylines: [Polyline], rule: FillRule, clip: PixelRect, report: RasterReport = RasterReport(),
                                 _ body: (_ y: Int, _ x: Int, _ count: Int, _ coverage: UnsafePointer<Float>?,
                                          _ constant: Float) -> Void) -> RasterReport {
        var report = report
        guard let box = accumulate(polylines, clip: clip, &report) else { return report }
        // The rasterizer's own row buffer (sized by `accumulate`), moved out while the rows are
        // emitted (no copy).
        var buffer: [Float] = []
        swap(&buffer, &line)
        defer { swap(&buffer, &line) }
        report.isEmpty = buffer.withUnsafeMutableBufferPointer { b in
            withoutActuallyEscaping(body) { body in
                var sink = ClosureSpanSink(buffer: b.baseAddress!, body: body)
                return !emitSpans(box, rule: rule, into: &sink, flush: {})
            }
        }
        return report
    }

    /// `rasterizeSpans` into a `SpanSink`: the same spans and values, with each row's per-pixel
    /// coverage written where the sink's `rowBuffer` says (compactly, see `SpanSink`). `flush` is
    /// handed to the sink before each row (a recording sink calls it to empty itself when it has
    /// grown past its budget). Generic so that the sink's methods are inlined into the row scan.
    @discardableResult
    mutating func rasterizeSpans<Sink: SpanSink>(_ path: Path, transform: Transform, rule: FillRule, clip: PixelRect,
                                                 tolerance: Double, into sink: inout Sink, flush: () -> Void) -> RasterReport {
        var report = RasterReport()
        report.droppedNonFiniteSubpaths = Rasterizer.nonFiniteSubpathCount(path, transform)
        let lines = path.flattened(transform: transform, tolerance: tolerance)
        return rasterizeSpans(lines, rule: rule, clip: clip, report: report, into: &sink, flush: flush)
    }

    /// The device-polyline form of `rasterizeSpans(_:transform:rule:clip:tolerance:into:flush:)`.
    @discardableResult
    mutating func rasterizeSpans<Sink: SpanSink>(_ polylines: [Polyline], rule: FillRule, clip: PixelRect,
                                                 report: RasterReport = RasterReport(), into sink: inout Sink,
                                                 flush: () -> Void) -> RasterReport {
        var report = report
        guard let box = accumulate(polylines, clip: clip, &report) else { return report }
        report.isEmpty = !emitSpans(box, rule: rule, into: &sink, flush: flush)
        return report
    }

    /// Deposits the finite polylines into the accumulation rows; nil when nothing can be drawn.
    private mutating func accumulate(_ polylines: [Polyline], clip: PixelRect, _ report: inout RasterReport) -> Box? {
        // Bounding box of the finite polylines.
        var lo = Point(.infinity, .infinity), hi = Point(-.infinity, -.infinity)
        var usable: [Int] = []
        usable.reserveCapacity(polylines.count)
        for (i, pl) in polylines.enumerated() {
            guard pl.points.count >= 2 else { continue }
            var ok = true
            for p in pl.points where !p.isFinite { ok = false; break }
            guard ok else { report.droppedNonFiniteSubpaths += 1; continue }
            for p in pl.points {
                lo.x = min(lo.x, p.x); lo.y = min(lo.y, p.y); hi.x = max(hi.x, p.x); hi.y = max(hi.y, p.y)
            }
            usable.append(i)
        }
        guard !usable.isEmpty, !clip.isEmpty else { return nil }
        // Clip the box to the clip rectangle. Geometry left of the clip still matters (it adds cover).
        let bx0 = clip.x
        let bx1 = Int(min(Double(clip.maxX), max(Double(clip.x), (hi.x).rounded(.up))))
        let by0 = Int(max(Double(clip.y), min(Double(clip.maxY), lo.y.rounded(.down))))
        let by1 = Int(min(Double(clip.maxY), max(Double(clip.y), hi.y.rounded(.up))))
        // Columns start at the clip's left edge only when geometry reaches past it; otherwise at the path.
        let left = Int(max(Double(bx0), min(Double(clip.maxX), lo.x.rounded(.down))))
        guard bx1 > left, by1 > by0 else { return nil }
        let box = Box(x0: left, y0: by0, width: bx1 - left, height: by1 - by0)
        prepare(box)

        acc.withUnsafeMutableBufferPointer { a in
            rowMin.withUnsafeMutableBufferPointer { rmin in
                rowMax.withUnsafeMutableBufferPointer { rmax in
                    let sink = Accumulator(cells: a.baseAddress!, rowMin: rmin.baseAddress!, rowMax: rmax.baseAddress!, stride: box.width + 2,
                                           width: Double(box.width), height: Double(box.height))
                    let ox = Double(box.x0), oy = Double(box.y0)
                    for i in usable {
                        polylines[i].points.withUnsafeBufferPointer { pts in
                            var prev = pts[pts.count - 1]
                            for p in pts {
                                sink.addLine(prev.x - ox, prev.y - oy, p.x - ox, p.y - oy)
                                prev = p
                            }
                        }
                    }
                }
            }
        }
        return box
    }

    /// Counts subpaths of `path` that have a non-finite point after `transform`.
    static func nonFiniteSubpathCount(_ path: Path, _ t: Transform) -> Int {
        var count = 0, bad = false, open = false
        func check(_ p: Point) { if !t.apply(p).isFinite { bad = true } }
        for e in path.elements {
            switch e {
            case .move(let p):
                if open && bad { count += 1 }
                bad = false; open = true; check(p)
            case .line(let p): check(p)
            case .quad(let c, let p): check(c); check(p)
            case .cubic(let c1, let c2, let p): check(c1); check(c2); check(p)
            case .close: break
            }
        }
        if open && bad { count += 1 }
        return count
    }

    private struct Box { var x0, y0, width, height: Int }

    private mutating func prepare(_ box: Box) {
        let n = (box.width + 2) * box.height
        if acc.count < n { acc = [Float](repeating: 0, count: max(n, acc.count * 2)) }
        if rowMin.count < box.height {
            rowMin = [Int32](repeating: .max, count: box.height * 2)
            rowMax = [Int32](repeating: .min, count: box.height * 2)
        }
        if line.count < box.width + 2 { line = [Float](repeating: 0, count: box.width + 2) }
    }

    /// Prefix-sums each touched row, applies the fill rule, hands the row to `body` and zeroes the
    /// cells it used (so the scratch stays clean for the next path). Returns whether any row was emitted.
    private mutating func emitRows(_ box: Box, rule: FillRule,
                                   _ body: (Int, Int, UnsafeBufferPointer<Float>) -> Void) -> Bool {
        let stride = box.width + 2
        var any = false
        acc.withUnsafeMutableBufferPointer { a in
            line.withUnsafeMutableBufferPointer { out in
                rowMin.withUnsafeMutableBufferPointer { rmin in
                    rowMax.withUnsafeMutableBufferPointer { rmax in
                        let o = out.baseAddress!
                        for r in 0..<box.height {
                            let c0 = Int(rmin[r]), c1w = Int(rmax[r])
                            guard c0 <= c1w else { continue }
                            rmin[r] = .max; rmax[r] = .min
                            let c1 = min(c1w, box.width - 1)
                            let row = a.baseAddress! + r * stride
                            if c0 <= c1 {
                                Rasterizer.prefixSum(row + c0, o, c1 - c0 + 1, rule)
                                any = true
                                body(box.y0 + r, box.x0 + c0, UnsafeBufferPointer(start: o, count: c1 - c0 + 1))
                            }
                            (row + c0).update(repeating: 0, count: c1w - c0 + 1)
                        }
                    }
                }
            }
        }
        return any
    }

    /// The sparse twin of `emitRows`. Each touched row is scanned in the same groups of four cells
    /// (counted from the row's first touched cell) as `prefixSum`; a group whose four cells are all
    /// zero is one that no edge touched, so its four prefix sums all equal the running sum and its
    /// coverage is rule(running sum), computed once. Runs of such groups become one constant span;
    /// the other groups go through the same arithmetic as `prefixSum` (same grouping, same order of
    /// additions, so the values are bit-identical to the dense path: adding the four zeros of a
    /// skipped group leaves the running sum unchanged exactly), written compactly into the sink's
    /// `rowBuffer(n)`. Zeroes the cells it used. Returns whether any span was emitted.
    private mutating func emitSpans<Sink: SpanSink>(_ box: Box, rule: FillRule, into sink: inout Sink,
                                                    flush: () -> Void) -> Bool {
        let stride = box.width + 2
        var any = false
        acc.withUnsafeMutableBufferPointer { a in
            rowMin.withUnsafeMutableBufferPointer { rmin in
                rowMax.withUnsafeMutableBufferPointer { rmax in
                    for r in 0..<box.height {
                        let c0 = Int(rmin[r]), c1w = Int(rmax[r])
                        guard c0 <= c1w else { continue }
                        rmin[r] = .max; rmax[r] = .min
                        let c1 = min(c1w, box.width - 1)
                        let row = a.baseAddress! + r * stride
                        let y = box.y0 + r, x = box.x0 + c0
                        let n = c1 - c0 + 1
                        if n > 0 {
                            any = true
                            // One inlined copy of the scan per rule, each with its rule a constant:
                            // −2 % of the stroke frame's instructions against one copy taking the
                            // rule as a variable (callgrind, 2026-12-01).
                            let buffer = sink.rowBuffer(n, flush: flush)
                            switch rule {
                            case .nonZero:
                                Rasterizer.spans(row + c0, buffer, n, .nonZero) { start, count, values, k in
                                    sink.span(y: y, x: x + start, count: count, coverage: values, constant: k)
                                }
                            case .evenOdd:
                                Rasterizer.spans(row + c0, buffer, n, .evenOdd) { start, count, values, k in
                                    sink.span(y: y, x: x + start, count: count, coverage: values, constant: k)
                                }
                            }
                        }
                        // The scan zeroed the groups it read; clear the tail and guard cells: at most
                        // n % 4 + 2 ≤ 5 cells, stored one by one (as `update(repeating:)` this was a
                        // memset call per row).
                        let done = n > 0 ? n - n % 4 : 0
                        let t = row + c0 + done
                        switch c1w - c0 + 1 - done {
                        case 5: t[4] = 0; fallthrough
                        case 4: t[3] = 0; fallthrough
                        case 3: t[2] = 0; fallthrough
                        case 2: t[1] = 0; fallthrough
                        case 1: t[0] = 0
                        default: assert(c1w - c0 + 1 - done <= 0)
                        }
                    }
                }
            }
        }
        return any
    }

    /// The longest run of untouched cells (a multiple of four) that `spans` reports inside a
    /// varying span instead of as a constant span of its own.
    static let joinedGap = 8

    /// Coverage of accumulated sums under `rule`, four lanes (see `prefixSum`).
    @inline(__always)
    static func ruleCoverage(_ v: SIMD4<Float>, _ rule: FillRule) -> SIMD4<Float> {
        switch rule {
        case .nonZero:
            // Lane by lane: the stdlib's generic pointwiseMin/pointwiseMax are specialized but not
            // inlined here (callgrind shows them as calls, ~30 instructions per SIMD4 each).
            return SIMD4(Swift.min(abs(v.x), 1), Swift.min(abs(v.y), 1), Swift.min(abs(v.z), 1), Swift.min(abs(v.w), 1))
        case .evenOdd:
            return SIMD4(ruleCoverage(v.x, rule), ruleCoverage(v.y, rule), ruleCoverage(v.z, rule), ruleCoverage(v.w, rule))
        }
    }

    /// Coverage of one accumulated sum under `rule`.
    @inline(__always)
    static func ruleCoverage(_ s: Float, _ rule: FillRule) -> Float {
        let t = abs(s)
        switch rule {
        case .nonZero: return min(t, 1)
        case .evenOdd:
            let m = t - 2 * (t * 0.5).rounded(.down)          // |s| mod 2
            return m > 1 ? 2 - m : m                          // triangle wave
        }
    }

    /// Scans `n` cells like `prefixSum` and reports maximal spans left to right,
    /// `span(start, count, values, constant)`: a constant span (`values` nil) is a run of groups no
    /// edge touched, all with coverage `constant`; a varying span is a run of touched groups (and
    /// the last `n % 4` cells, always varying; untouched runs of at most `joinedGap` cells between
    /// touched groups are included, with their constant values), its `count` coverage values written to `out`
    /// compactly: the first varying span's values at `out[0…]`, the next one's right after them.
    /// Zeroes every complete group it reads (the caller clears the remainder).
    ///
    /// Two alternating phases, because the running sum (hence a constant run's coverage) only
    /// changes in touched groups: skip untouched groups (sixteen cells per test first: a stroke's
    /// rows are mostly untouched cells between its two sides), then scan touched ones. Indices stay
    /// within 0…n, hence the wrapping operators (no overflow checks in the loop).
    @inline(__always)
    static func spans(_ cells: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ n: Int, _ rule: FillRule,
                      _ span: (_ start: Int, _ count: Int, _ values: UnsafePointer<Float>?, _ constant: Float) -> Void) {
        var carry = SIMD4<Float>(repeating: 0)
        var i = 0, written = 0
        // A varying run [vStart, i) whose values start at out[vWritten], not yet reported (the
        // tail may extend it).
        var vStart = -1, vWritten = 0
        while i &+ 4 <= n {
            let start = i
            while i &+ 16 <= n {
                // The sixteen cells' bits OR-ed, one compare: a cell is never −0 (cells start at +0
                // and IEEE addition gives +0 for every sum that cancels), so bits zero ⇔ value zero.
                let p = UnsafeRawPointer(cells + i)
                let bits = p.loadUnaligned(as: SIMD4<UInt32>.self) | p.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self)
                    | p.loadUnaligned(fromByteOffset: 32, as: SIMD4<UInt32>.self) | p.loadUnaligned(fromByteOffset: 48, as: SIMD4<UInt32>.self)
                guard bits == .zero else { break }
                i &+= 16
            }
            while i &+ 4 <= n && UnsafeRawPointer(cells + i).loadUnaligned(as: SIMD4<Float>.self) == .zero { i &+= 4 }
            if i > start {
                if vStart >= 0 && i < n && i &- start <= Rasterizer.joinedGap {
                    // A short untouched run between touched ones joins the varying span, its values
                    // written out (the constant coverage the dense scan computes there): one span
                    // instead of three costs less than the span bookkeeping it saves.
                    let k = SIMD4<Float>(repeating: ruleCoverage(carry.w, rule))
                    var j = start
                    repeat {
                        UnsafeMutableRawPointer(out + written).storeBytes(of: k, as: SIMD4<Float>.self)
                        written &+= 4
                        j &+= 4
                    } while j < i
                } else {
                    if vStart >= 0 { span(vStart, start &- vStart, UnsafePointer(out + vWritten), 0); vStart = -1 }
                    span(start, i &- start, nil, ruleCoverage(carry.w, rule))
                }
            }
            guard i &+ 4 <= n else { break }
            if vStart < 0 { vStart = i; vWritten = written }
            repeat {
                var v = UnsafeRawPointer(cells + i).loadUnaligned(as: SIMD4<Float>.self)
                if v == .zero { break }
                UnsafeMutableRawPointer(cells + i).storeBytes(of: .zero, as: SIMD4<Float>.self)
                v = inclusiveScan(v) + carry
                carry = SIMD4(repeating: v.w)
                UnsafeMutableRawPointer(out + written).storeBytes(of: ruleCoverage(v, rule), as: SIMD4<Float>.self)
                written &+= 4
                i &+= 4
            } while i &+ 4 <= n
        }
        if i < n {
            if vStart < 0 { vStart = i; vWritten = written }
            var s = carry.w
            while i < n {
                s += cells[i]
                out[written] = ruleCoverage(s, rule)
                written &+= 1
                i &+= 1
            }
        }
        if vStart >= 0 { span(vStart, n &- vStart, UnsafePointer(out + vWritten), 0) }
    }

    /// The in-register prefix sum of four cells: w = v + [0, v0, v1, v2], then w + [0, 0, w0, w1], the
    /// two shifted adds of `prefixSum`. On x86-64 the shifts are spelled with SSE2 intrinsics (64-bit
    /// lane shifts and an unpack for the first, `movlhps` for the second; the byte-shift intrinsics
    /// are C macros Swift cannot import): written as SIMD4 lane initializers, LLVM split the lanes
    /// into scalar adds and shuffles, 18 instructions instead of 11. The same additions on the same
    /// operands either way, so the same values.
    @inline(__always)
    static func inclusiveScan(_ v: SIMD4<Float>) -> SIMD4<Float> {
        #if arch(x86_64)
        let q = unsafeBitCast(v, to: SIMD2<Int64>.self)
        let one = _mm_or_si128(_mm_slli_epi64(q, 32), _mm_unpacklo_epi64(_mm_setzero_si128(), _mm_srli_epi64(q, 32)))
        let w = v + unsafeBitCast(one, to: SIMD4<Float>.self)       // [v0, v1 + v0, v2 + v1, v3 + v2]
        return w + _mm_movelh_ps(_mm_setzero_ps(), w)
        #else
        var w = v
        w += SIMD4(0, w.x, w.y, w.z)
        w += SIMD4(0, 0, w.x, w.y)
        return w
        #endif
    }

    /// out[i] = rule(Σ_{j ≤ i} cells[j]) for i < n. Four lanes at a time with an in-register scan
    /// (two shifted adds, then the carry from the previous group), so the serial dependency is one
    /// add per four pixels instead of one per pixel.
    @inline(__always)
    static func prefixSum(_ cells: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<Float>, _ n: Int, _ rule: FillRule) {
        var carry = SIMD4<Float>(repeating: 0)
        var i = 0
        while i + 4 <= n {
            var v = UnsafeRawPointer(cells + i).loadUnaligned(as: SIMD4<Float>.self)
            v = inclusiveScan(v) + carry
            carry = SIMD4(repeating: v.w)
            UnsafeMutableRawPointer(out + i).storeBytes(of: ruleCoverage(v, rule), as: SIMD4<Float>.self)
            i += 4
        }
        var s = carry.w
        while i < n {
            s += cells[i]
            out[i] = ruleCoverage(s, rule)
            i += 1
        }
    }
}

/// Receives the rows of `Rasterizer.rasterizeSpans(_:…into:flush:)` as spans.
///
/// Before a row of `n` cells is scanned, `rowBuffer(n, flush:)` returns room for `n` coverage
/// values; the row's varying spans are written there compactly, one after another from its start,
/// and each `span` call's `coverage` points at its own values (nil for a constant span of coverage
/// `constant`; constant spans of coverage 0 are reported too). Spans of a row come left to right
/// and tile the row. A protocol rather than closures because the rasterizer is specialized for each
/// sink and the calls are inlined into the scan: called through closures, the recording's per-span
/// work cost ~55 instructions per span (callgrind, fill workload, 2026-12-01).
protocol SpanSink {
    mutating func rowBuffer(_ n: Int, flush: () -> Void) -> UnsafeMutablePointer<Float>
    mutating func span(y: Int, x: Int, count: Int, coverage: UnsafePointer<Float>?, constant: Float)
}

/// The closure form of `rasterizeSpans`: every row in one buffer, spans to `body`.
private struct ClosureSpanSink: SpanSink {
    let buffer: UnsafeMutablePointer<Float>
    let body: (Int, Int, Int, UnsafePointer<Float>?, Float) -> Void

    func rowBuffer(_ n: Int, flush: () -> Void) -> UnsafeMutablePointer<Float> { buffer }

    func span(y: Int, x: Int, count: Int, coverage: UnsafePointer<Float>?, constant: Float) {
        body(y, x, count, coverage, constant)
    }
}

/// Deposits clipped line segments into the accumulation rows (local box coordinates).
///
/// Index arithmetic uses wrapping operators and truncating conversions: every index is a cell of
/// the box (rows 0..<height, cells 0...width + 1 of a row of `stride` = width + 2), which the clipping
/// above guarantees, so the overflow checks Swift would emit per cell could never fire (they were
/// a fifth of the instructions of `cellRow`, callgrind, 2026-12-01). The buffers are held as plain
/// pointers (a buffer pointer's `baseAddress!` was a nil test per row) and clamps are written as
/// selects on values known not to be NaN (`min`/`max` compiled to compare-and-blend sequences):
/// ~100 → ~60 instructions per one-cell row, the same values.
private struct Accumulator {
    let cells: UnsafeMutablePointer<Float>
    let rowMin: UnsafeMutablePointer<Int32>
    let rowMax: UnsafeMutablePointer<Int32>
    let stride: Int
    let width: Double
    let height: Double

    /// Adds the edge (x0, y0) → (x1, y1): clipped to rows 0…height, split at x = 0 and x = width,
    /// parts outside moved onto the border (see the file comment).
    func addLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard y0 != y1 else { return }                         // horizontal: no area
        var xa = x0, ya = y0, xb = x1, yb = y1
        // Clip in y (rows outside the box are dropped).
        if max(ya, yb) <= 0 || min(ya, yb) >= height { return }
        if ya < 0 || ya > height || yb < 0 || yb > height {   // the slope only when a row clip needs it
            let dxdy = (xb - xa) / (yb - ya)
            if ya < 0 { xa += (0 - ya) * dxdy; ya = 0 } else if ya > height { xa += (height - ya) * dxdy; ya = height }
            if yb < 0 { xb += (0 - yb) * dxdy; yb = 0 } else if yb > height { xb += (height - yb) * dxdy; yb = height }
        }
        guard ya != yb else { return }
        // Split at the vertical borders x = 0 and x = width so each piece lies on one side of each
        // (then moving a piece onto the border does not change the slope of the part inside).
        var t1 = 2.0, t2 = 2.0
        if (xa < 0) != (xb < 0) && xa != xb { t1 = (0 - xa) / (xb - xa) }
        if (xa > width) != (xb > width) && xa != xb { t2 = (width - xa) / (xb - xa) }
        if t1 > 1 && t2 > 1 {
            addInside(clampX(xa), ya, clampX(xb), yb)
            return
        }
        let tA = min(t1, t2), tB = max(t1, t2)
        var px = xa, py = ya
        for t in [tA, tB, 1.0] where t <= 1 {
            let qx = t == 1 ? xb : xa + (xb - xa) * t
            let qy = t == 1 ? yb : ya + (yb - ya) * t
            addInside(clampX(px), py, clampX(qx), qy)
            px = qx; py = qy
        }
    }

    @inline(__always) private func clampX(_ x: Double) -> Double { min(max(x, 0), width) }

    /// Adds an edge lying inside [0, width] × [0, height].
    @inline(never) private func addInside(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard y0 != y1 else { return }
        let dir: Double = y1 > y0 ? 1 : -1
        // Walk downwards.
        let (ax, ay, bx, by) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
        let dxdy = (bx - ax) / (by - ay)
        let (r0, _) = Rasterizer.floorSmall(ay)
        let (rEnd, fEnd) = Rasterizer.ceilSmall(by)
        // Rows r0…r1 − 1, r1 = min(⌈by⌉, height); r and fr are the same integer (fr as a Double,
        // counted exactly, instead of converting r on every row).
        var r = max(r0, 0), fr = Double(r)
        let r1 = fEnd < height ? rEnd : Int(height)
        guard r < r1 else { return }
        // Row r covers y in [top, bot] with top = max(ay, r), bot = min(by, r + 1). For every row
        // after the first, r > ⌊ay⌋ gives r > ay, so top = r; and r < r1 ≤ ⌈by⌉ gives r < by, so
        // the previous row's bot, min(by, r), was r too. Hence a row's top and its x there,
        // ax + (top − ay)·dxdy, are exactly the previous row's bot and x (same operands, same
        // operations), carried instead of recomputed: bit-identical sums.
        var top = max(ay, fr)
        var xt = ax + (top - ay) * dxdy
        while r < r1 {
            let next = fr + 1, bot = by < next ? by : next
            let xbm = ax + (bot - ay) * dxdy
            if bot > top { cellRow(r, xt, xbm, dir * (bot - top)) }
            top = bot; xt = xbm
            r &+= 1; fr += 1
        }
    }

    /// Deposits a sub-segment of one row spanning x from `xa` to `xb` with signed height `dy`.
    @inline(__always) private func cellRow(_ r: Int, _ xa: Double, _ xb: Double, _ dy: Double) {
        // Clamped again: interpolating a clamped edge at a row boundary can land a rounding error
        // outside [0, width] (e.g. x = −1e-16, which would floor to cell −1, outside the row).
        let lo = xa < xb ? xa : xb, hi = xa < xb ? xb : xa
        let xl = lo > 0 ? lo : 0, xr = hi < width ? hi : width
        let row = cells + r &* stride
        let (k0, fk0) = Rasterizer.floorNonNegative(xl)
        var kMax = k0 &+ 1
        if xr <= fk0 + 1 {
            // One cell: trapezoid with mean x offset m.
            let m = (xl + xr) * 0.5 - fk0
            row[k0] += Float(dy * (1 - m))
            row[k0 &+ 1] += Float(dy * m)
        } else {
            // Several cells: the height inside each cell is proportional to its x extent.
            let (kc, fkc) = Rasterizer.ceilNonNegative(xr)
            let k1 = kc &- 1, fk1 = fkc - 1
            let perX = dy / (xr - xl)
            // First partial cell [xl, k0+1].
            var w = (fk0 + 1) - xl
            var d = perX * w
            let m0 = (xl + (fk0 + 1)) * 0.5 - fk0
            row[k0] += Float(d * (1 - m0))
            var carry = d * m0
            var k = k0 &+ 1
            if k < k1 {
                // Full cell: height perX, mean offset 0.5. The first one also takes the carry of
                // the partial cell; every later one adds perX·0.5 + perX·0.5, the same Float each
                // time, converted once (same double operations as adding them cell by cell).
                row[k] += Float(carry + perX * 0.5)
                carry = perX * 0.5
                k &+= 1
                let full = Float(carry + perX * 0.5)
                while k < k1 {
                    row[k] += full
                    k &+= 1
                }
            }
            // Last partial cell [k1, xr].
            w = xr - fk1
            d = perX * w
            let m = w * 0.5
            row[k1] += Float(carry + d * (1 - m))
            row[k1 &+ 1] += Float(d * m)
            kMax = k1 &+ 1
        }
        let first = Int32(truncatingIfNeeded: k0), last = Int32(truncatingIfNeeded: kMax)
        let pMin = rowMin + r, pMax = rowMax + r
        // Stores of selects, not conditional stores: whether an edge widens its row's range
        // follows the geometry, not a pattern the branch predictor learns (0.98× stroke, 0.97×
        // fill frame time, alternating runs, 2026-12-01).
        let oldMin = pMin.pointee, oldMax = pMax.pointee
        pMin.pointee = first < oldMin ? first : oldMin
        pMax.pointee = last > oldMax ? last : oldMax
    }
}

extension Rasterizer {
    /// 1.5·2⁵²: for |x| < 2⁵⁰, x + this lies in (2⁵², 2⁵³), where doubles are the integers, so the
    /// addition rounds x to the nearest integer n (ties to even) and the sum's 52 fraction bits
    /// hold n + 2⁵¹. (Near |x| = 2⁵¹ the rounded sum can reach 2⁵³ and the trick breaks: the test
    /// found it there.)
    @usableFromInline static let roundingMagic = 6755399441055744.0

    /// The integer nearest to x (ties to even) as (Int, Double), for |x| < 2⁵⁰, by the addition above.
    @inline(__always) private static func nearestSmall(_ x: Double) -> (Int, Double) {
        let s = x + roundingMagic
        let i = Int(truncatingIfNeeded: s.bitPattern & 0x000F_FFFF_FFFF_FFFF) &- 0x0008_0000_0000_0000
        return (i, s - roundingMagic)                  // the Double is exact
    }

    /// ⌊x⌋ as (Int, Double) for |x| < 2⁵⁰ (the accumulation's coordinates: inside a box of at most
    /// `Pixmap.maxSide` + 2 cells): the nearest integer, one less when it lies above x. Baseline
    /// x86-64 (SSE2) has no rounding instruction (`roundsd` is SSE4.1), so `rounded(.down)` is a
    /// libm call, and `Int(x)` checks its range with three compares and branches per call; this is
    /// neither, on the hottest lines of the accumulation (callgrind, 2026-11-29 and 2026-12-01).
    @inline(__always) static func floorSmall(_ x: Double) -> (Int, Double) {
        let (i, n) = nearestSmall(x)
        return n > x ? (i &- 1, n - 1) : (i, n)
    }

    /// ⌊x⌋ as (Int, Double) for 0 ≤ x < 2³¹ (a cell column: clamped to 0…width): truncation, which is
    /// the floor there, one `cvttsd2si` on x86-64 (the range checks of `Int(x)` and the magic-number
    /// sequence of `floorSmall` were ~8 instructions per accumulated row). Tests compare it to
    /// `rounded(.down)`.
    @inline(__always) static func floorNonNegative(_ x: Double) -> (Int, Double) {
        #if arch(x86_64)
        let i = Int(_mm_cvttsd_si32(_mm_set_sd(x)))
        return (i, Double(i))
        #else
        return floorSmall(x)
        #endif
    }

    /// ⌈x⌉ as (Int, Double) for 0 ≤ x < 2³¹; see `floorNonNegative`.
    @inline(__always) static func ceilNonNegative(_ x: Double) -> (Int, Double) {
        let (i, d) = floorNonNegative(x)
        return d < x ? (i &+ 1, d + 1) : (i, d)
    }

    /// ⌈x⌉ as (Int, Double) for |x| < 2⁵⁰; see `floorSmall`.
    @inline(__always) static func ceilSmall(_ x: Double) -> (Int, Double) {
        let (i, n) = nearestSmall(x)
        return n < x ? (i &+ 1, n + 1) : (i, n)
    }
}
