// Differential tests for the speed paths: the sparse span emitter (`Rasterizer.rasterizeSpans`) and
// the compositing fast paths of `DrawingContext.fill` must reproduce the dense reference path
// (`Rasterizer.rasterize`, one coverage value per pixel) and a per-pixel source-over written here
// bit for bit, so speed work cannot silently change pixels.
import AnimoTestSupport
import Testing
import Foundation
@testable import AnimoRaster
@testable import AnimoGeometry

/// Random shapes: circles, self-intersecting polygons, stroked curves (zig-zags with far-apart
/// crossings of one row, the case sparse spans skip), some reaching past the canvas.
private func shapes(_ seed: UInt64, _ w: Double, _ h: Double) -> [Path] {
    var g = TestLCG(state: seed)
    var out: [Path] = []
    for i in 0..<12 {
        var p = Path()
        switch i % 3 {
        case 0:
            let r = g.range(0.3, w / 2)
            p = Path.circle(in: Rect(x: g.range(-10, w) - r, y: g.range(-10, h) - r, width: 2 * r, height: 2 * r))
        case 1:
            p.move(to: Point(g.range(-20, w + 20), g.range(-20, h + 20)))
            for _ in 0..<Int(g.range(2, 9)) { p.line(to: Point(g.range(-20, w + 20), g.range(-20, h + 20))) }
            p.close()
        default:
            var q = Path()
            q.move(to: Point(g.range(0, w), g.range(0, h)))
            for _ in 0..<3 {
                q.cubic(to: Point(g.range(0, w), g.range(0, h)), control1: Point(g.range(0, w), g.range(0, h)),
                        control2: Point(g.range(0, w), g.range(0, h)))
            }
            p = q.stroked(StrokeStyle(lineWidth: g.range(0.5, 8), lineCap: .round, lineJoin: .round))
        }
        out.append(p)
    }
    return out
}

@Suite struct RasterFastPathTests {
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func spansMatchDenseRows(rule: FillRule) {
        let w = 97, h = 61
        let clips = [PixelRect(x: 0, y: 0, width: w, height: h), PixelRect(x: 13, y: 7, width: 50, height: 30)]
        var checked = 0
        for seed in UInt64(1)...4 {
            for path in shapes(seed, Double(w), Double(h)) {
                for clip in clips {
                    var dense = [Float](repeating: -1, count: w * h)
                    var sparse = [Float](repeating: -1, count: w * h)
                    var r1 = Rasterizer(), r2 = Rasterizer()
                    let rep1 = r1.rasterize(path, rule: rule, clip: clip, tolerance: 0.1) { y, x, cov in
                        for i in 0..<cov.count { dense[y * w + x + i] = cov[i] }
                    }
                    var rowEnd: [Int: Int] = [:]
                    let rep2 = r2.rasterizeSpans(path, transform: .identity, rule: rule, clip: clip, tolerance: 0.1) { y, x, n, cov, k in
                        // Spans of a row come left to right and touch without gaps.
                        if let end = rowEnd[y] { #expect(end == x) }
                        rowEnd[y] = x + n
                        for i in 0..<n { sparse[y * w + x + i] = cov?[i] ?? k }
                    }
                    #expect(rep1 == rep2)
                    for i in 0..<(w * h) where dense[i].bitPattern != sparse[i].bitPattern {
                        Issue.record("seed \(seed) pixel \(i % w),\(i / w): dense \(dense[i]) sparse \(sparse[i])")
                        break
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == 4 * 12 * 2)
    }

    /// Two thin rectangles whose touched cell groups are separated by short and long untouched runs:
    /// a gap of at most `joinedGap` cells stays inside one varying span (with its constant values),
    /// a longer one is a constant span of its own; the values are the dense path's either way
    /// (`spansMatchDenseRows`).
    @Test(arguments: [(gapCells: 4, joined: true), (8, true), (12, false), (40, false)])
    func shortUntouchedRunsJoinTheVaryingSpan(gapCells: Int, joined: Bool) {
        // Left rectangle's right edge at x = 3.5 touches cells 3–4 (group 0…3 and 4…7); the right one
        // starts half a pixel into the group after the gap.
        let right = 8.0 + Double(gapCells) + 0.5
        var p = Path(rect: Rect(x: 0.5, y: 0, width: 3, height: 1))
        p.addPath(Path(rect: Rect(x: right, y: 0, width: 3, height: 1)))
        var r = Rasterizer()
        var spans: [(x: Int, n: Int, varying: Bool)] = []
        r.rasterizeSpans(p, transform: .identity, rule: .nonZero, clip: PixelRect(x: 0, y: 0, width: 80, height: 1),
                         tolerance: 0.1) { _, x, n, cov, _ in spans.append((x, n, cov != nil)) }
        let varying = spans.filter(\.varying).count
        #expect(joined ? varying == 1 : varying >= 2, "gap \(gapCells): spans \(spans)")
        #expect(spans.allSatisfy { $0.varying || !joined }, "gap \(gapCells): spans \(spans)")
    }

    /// Into a `SpanSink`, the same spans and values come out as through the closure form, and each
    /// row's varying spans are written compactly from the start of the buffer handed out for that
    /// row, one after another (the recording relies on it to keep coverage where it was written).
    @Test func sinkRowBuffersReceiveCompactVaryingValues() {
        let w = 97, h = 61
        let clip = PixelRect(x: 0, y: 0, width: w, height: h)
        for path in shapes(11, Double(w), Double(h)) {
            var viaClosure: [[Float]] = []
            var r1 = Rasterizer(), r2 = Rasterizer()
            r1.rasterizeSpans(path, transform: .identity, rule: .nonZero, clip: clip, tolerance: 0.1) { y, x, n, cov, k in
                viaClosure.append([Float(y), Float(x), Float(n)] + (cov.map { Array(UnsafeBufferPointer(start: $0, count: n)) } ?? [k]))
            }
            var sink = CheckingSink(capacity: w + 8)
            defer { sink.buffer.deallocate() }
            var flushes = 0
            r2.rasterizeSpans(path, transform: .identity, rule: .nonZero, clip: clip, tolerance: 0.1,
                              into: &sink, flush: { flushes += 1 })
            #expect(sink.problems.isEmpty, "\(sink.problems.prefix(3))")
            #expect(flushes == 0)
            #expect(viaClosure.count == sink.spans.count)
            for (a, b) in zip(viaClosure, sink.spans) where a.map(\.bitPattern) != b.map(\.bitPattern) {
                Issue.record("span differs: \(a.prefix(3)) vs \(b.prefix(3))")
                break
            }
        }
    }

    /// The scratch rows are left clean: the same rasterizer gives the same result for a path drawn
    /// after others as a fresh one.
    @Test func scratchIsCleanAfterSpans() {
        let w = 64, h = 48
        let paths = shapes(9, Double(w), Double(h))
        var shared = Rasterizer()
        for path in paths {
            var a = [Float](repeating: 0, count: w * h), b = a
            var fresh = Rasterizer()
            let clip = PixelRect(x: 0, y: 0, width: w, height: h)
            shared.rasterizeSpans(path, transform: .identity, rule: .nonZero, clip: clip, tolerance: 0.1) { y, x, n, cov, k in
                for i in 0..<n { a[y * w + x + i] = cov?[i] ?? k }
            }
            fresh.rasterize(path, rule: .nonZero, clip: clip, tolerance: 0.1) { y, x, cov in
                for i in 0..<cov.count { b[y * w + x + i] = cov[i] }
            }
            #expect(a == b)
        }
    }

    /// `DrawingContext.fill` with solid colors (opaque and translucent) equals the dense coverage
    /// composited here with source-over, k·s + d·(1 − k·αs), pixel for pixel and bit for bit.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func solidFillMatchesReferenceComposite(rule: FillRule) throws {
        let w = 83, h = 57
        var ctx = try DrawingContext(width: w, height: h)
        var ref = [SIMD4<Float>](repeating: .zero, count: w * h)
        let colors = [Color(rgba8: 200, 30, 40, 255), Color(rgba8: 20, 180, 90, 106), Color(rgba8: 10, 20, 250, 151)]
        var g = TestLCG(state: 77)
        for (i, path) in shapes(5, Double(w), Double(h)).enumerated() {
            let color = colors[i % colors.count]
            let opacity = i % 4 == 3 ? g.range(0.2, 0.9) : 1
            ctx.fill(path, with: .solid(color), rule: rule, opacity: opacity)
            let s = color.premultiplied.simd * Float(opacity)
            var r = Rasterizer()
            r.rasterize(path, rule: rule, clip: PixelRect(x: 0, y: 0, width: w, height: h), tolerance: ctx.tolerance) { y, x, cov in
                guard y >= 0, y < h, x >= 0, x + cov.count <= w else {
                    Issue.record("row outside the clip: y \(y) x \(x) count \(cov.count)"); return
                }
                for j in 0..<cov.count {
                    let k = cov[j], d = ref[y * w + x + j]
                    ref[y * w + x + j] = s * k + d * (1 - s.w * k)
                }
            }
        }
        let got = ctx.finish().pixels
        var mismatches = 0
        for i in 0..<(w * h) where got[i] != ref[i] { mismatches += 1 }
        #expect(mismatches == 0)
    }
}

/// A sink that hands out one buffer per row (poisoned with NaN) and checks that varying spans are
/// written compactly into it.
private struct CheckingSink: SpanSink {
    let buffer: UnsafeMutablePointer<Float>
    let capacity: Int
    var next: UnsafeMutablePointer<Float>
    var rowCells = 0
    var spans: [[Float]] = []
    var problems: [String] = []

    init(capacity: Int) {
        self.capacity = capacity
        buffer = .allocate(capacity: capacity)
        next = buffer
    }

    mutating func rowBuffer(_ n: Int, flush: () -> Void) -> UnsafeMutablePointer<Float> {
        if n > capacity { problems.append("row of \(n) cells") }
        buffer.initialize(repeating: .nan, count: capacity)
        rowCells = n
        next = buffer
        return buffer
    }

    mutating func span(y: Int, x: Int, count: Int, coverage: UnsafePointer<Float>?, constant: Float) {
        if let coverage {
            if UnsafeMutablePointer(mutating: coverage) != next { problems.append("row \(y): varying span at \(x) not right after the previous one") }
            if buffer.distance(to: UnsafeMutablePointer(mutating: coverage)) + count > rowCells { problems.append("row \(y): values past the row") }
            next = UnsafeMutablePointer(mutating: coverage) + count
        }
        spans.append([Float(y), Float(x), Float(count)] + (coverage.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [constant]))
    }
}
