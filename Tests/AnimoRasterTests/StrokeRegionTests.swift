// The stroker's outline against the analytic stroke region of random polylines, independent of the
// stroker's code: a point is in the stroke of a polyline with round caps and joins iff its distance to
// the polyline is ≤ w/2; with butt caps it is in one of the segment rectangles or in a join piece
// (bevel triangle, miter quadrilateral) built here from the definitions (SVG 2 §13.5.4).
import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoRaster
@testable import AnimoGeometry

/// Signed distance of `p` to a convex polygon (negative inside), for the butt/bevel/miter pieces.
private func signedDistanceToConvex(_ p: Point, _ poly: [Point]) -> Double {
    var inside = true, d = Double.infinity
    // Orientation-independent inside test: all cross products of one sign.
    var sign = 0.0
    for i in 0..<poly.count {
        let a = poly[i], b = poly[(i + 1) % poly.count]
        d = min(d, distanceToSegment(p, a, b))
        let c = (b - a).cross(p - a)
        if c != 0 {
            if sign == 0 { sign = c } else if (c > 0) != (sign > 0) { inside = false }
        }
    }
    return inside ? -d : d
}

private typealias Mix = TestRandom

@Suite struct StrokeRegionTests {
    /// Random polylines: a few long segments, some very short ones and sharp turns.
    private func randomPolyline(_ rng: inout Mix, count: Int) -> [Point] {
        var pts = [Point(rng.unit() * 40, rng.unit() * 40)]
        var dir = rng.unit() * 2 * .pi
        for _ in 1..<count {
            let turn = rng.unit() < 0.3 ? (rng.unit() - 0.5) * 6 : (rng.unit() - 0.5) * 0.6
            dir += turn
            let len = rng.unit() < 0.3 ? 0.2 + rng.unit() * 2 : 3 + rng.unit() * 15
            pts.append(pts[pts.count - 1] + Point(cos(dir), sin(dir)) * len)
        }
        return pts
    }

    private func path(_ pts: [Point], closed: Bool) -> Path {
        var p = Path()
        p.move(to: pts[0])
        for q in pts.dropFirst() { p.line(to: q) }
        if closed { p.close() }
        return p
    }

    /// Sample points over the polyline's box grown by the width, on a jittered grid.
    private func samples(_ pts: [Point], margin: Double, _ rng: inout Mix) -> [Point] {
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let x0 = xs.min()! - margin, x1 = xs.max()! + margin, y0 = ys.min()! - margin, y1 = ys.max()! + margin
        var out: [Point] = []
        for _ in 0..<600 { out.append(Point(x0 + rng.unit() * (x1 - x0), y0 + rng.unit() * (y1 - y0))) }
        return out
    }

    @Test(arguments: 0..<24)
    func roundStrokeIsThePointsWithinHalfWidth(_ seed: Int) {
        var rng = Mix(state: UInt64(seed) &* 7919 &+ 17)
        let pts = randomPolyline(&rng, count: 3 + seed % 7)
        let closed = seed % 3 == 0
        let w = [1.0, 4, 6, 12, 30][seed % 5], h = w / 2
        let tol = 1e-3
        let outline = path(pts, closed: closed)
            .stroked(StrokeStyle(lineWidth: w, lineCap: .round, lineJoin: .round), tolerance: tol).flattened()
        var segs: [(Point, Point)] = []
        for i in 0..<(pts.count - 1) { segs.append((pts[i], pts[i + 1])) }
        if closed { segs.append((pts[pts.count - 1], pts[0])) }
        var checked = 0
        for p in samples(pts, margin: w, &rng) {
            let d = segs.map { distanceToSegment(p, $0.0, $0.1) }.min()!
            if abs(d - h) < 2 * tol { continue }   // within the approximation band
            checked += 1
            #expect((windingNumber(outline, p) != 0) == (d < h), "seed \(seed) at \(p): distance \(d), h \(h)")
        }
        #expect(checked > 500)
    }

    @Test(arguments: 0..<24)
    func buttStrokeIsRectanglesPlusJoinPieces(_ seed: Int) {
        var rng = Mix(state: UInt64(seed) &* 104_729 &+ 5)
        let pts = randomPolyline(&rng, count: 3 + seed % 6)
        let closed = seed % 4 == 1
        let join: LineJoin = seed % 2 == 0 ? .bevel : .miter
        let w = [2.0, 5, 9, 16][seed % 4], h = w / 2
        let limit = 4.0
        let outline = path(pts, closed: closed)
            .stroked(StrokeStyle(lineWidth: w, lineCap: .butt, lineJoin: join, miterLimit: limit), tolerance: 1e-3).flattened()
        // The pieces, from the definitions.
        let n = pts.count
        var pieces: [[Point]] = []
        let segCount = closed ? n : n - 1
        func dir(_ i: Int) -> Point { (pts[(i + 1) % n] - pts[i]).normalized! }
        for i in 0..<segCount {
            let a = pts[i], b = pts[(i + 1) % n], l = Point(dir(i).y, -dir(i).x) * h
            pieces.append([a + l, b + l, b - l, a - l])
        }
        for v in (closed ? 0 : 1)..<(closed ? n : n - 1) {
            let dA = dir((v + segCount - 1) % segCount), dB = dir(v)
            let cross = dA.cross(dB)
            if abs(cross) < 1e-12 { continue }
            // Outer side: the normal on the side away from the turn.
            let s: Double = cross > 0 ? 1 : -1
            let nA = Point(dA.y, -dA.x) * s, nB = Point(dB.y, -dB.x) * s
            let c = ((1 + dA.dot(dB)) / 2).squareRoot()
            let p = pts[v]
            if join == .miter && c > 0 && 1 / c <= limit {
                let bis = (nA + nB).normalized!
                pieces.append([p, p + nA * h, p + bis * (h / c), p + nB * h])
            } else {
                pieces.append([p, p + nA * h, p + nB * h])
            }
        }
        var checked = 0
        for p in samples(pts, margin: w, &rng) {
            let d = pieces.map { signedDistanceToConvex(p, $0) }.min()!
            if abs(d) < 1e-6 { continue }
            checked += 1
            #expect((windingNumber(outline, p) != 0) == (d < 0), "seed \(seed) \(join) at \(p): signed distance \(d)")
        }
        #expect(checked > 500)
    }

    /// The inner side of a smooth curve costs one edge per flattened vertex (inner miter points), so a
    /// round-joined stroke of a circle has about two edges per flattened vertex, not five as with pivots.
    @Test func circleOutlineEdgeCountAndExactArea() {
        let r = 50.0, w = 8.0, h = w / 2
        let c = Path.circle(in: Rect(x: -r, y: -r, width: 2 * r, height: 2 * r))
        let vertices = c.flattened(tolerance: 0.1).reduce(0) { $0 + $1.points.count }
        let outline = c.stroked(StrokeStyle(lineWidth: w, lineJoin: .round), tolerance: 0.1).flattened()
        let edges = outline.reduce(0) { $0 + $1.points.count }
        #expect(edges <= 3 * vertices + 8, "edges \(edges) for \(vertices) centreline vertices")
        // Non-redundant outline: the shoelace sum is the annulus area (no double-counted overlaps).
        // The flattened circle is inside the true one by ≤ 0.1 (both sides move by that).
        let area = shoelace(outline)
        let annulus = Double.pi * ((r + h) * (r + h) - (r - h) * (r - h))
        #expect(abs(abs(area) - annulus) < 2 * Double.pi * r * 0.25, "area \(area) vs \(annulus)")
    }

    /// The device-space polygons are `stroked` mapped through the transform, point for point.
    @Test func strokeOutlineIsTheTransformedStrokedPath() {
        var p = Path()
        p.move(to: Point(0, 0)); p.cubic(to: Point(40, 10), control1: Point(10, 30), control2: Point(30, -20))
        p.line(to: Point(50, 40)); p.move(to: Point(5, 5)); p.line(to: Point(5, 5))
        let t = Transform.scale(2, 3).concatenating(.translation(10, -4))
        for style in [StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .round),
                      StrokeStyle(lineWidth: 2, lineCap: .square, lineJoin: .miter, dash: [5, 3])] {
            let viaPath = p.stroked(style, transform: t).flattened(transform: t)
            let direct = p.strokeOutline(style, transform: t)
            #expect(viaPath.count == direct.count)
            for (x, y) in zip(viaPath, direct) {
                #expect(x.points.count == y.points.count)
                for (a, b) in zip(x.points, y.points) { #expect((a - b).length < 1e-9) }
            }
        }
        #expect(p.strokeOutline(StrokeStyle(lineWidth: .nan)).isEmpty)
        #expect(p.strokeOutline(StrokeStyle(lineWidth: 1), transform: .scale(0, 1)).isEmpty)
    }

    /// Rasterized with the area-exact rasterizer, a round-joined curve stroke gives each pixel the area
    /// of the stroke inside it: compared with 16×16 supersampling of the outline's own non-zero region.
    /// (An outline whose inner side doubles back through the centreline overlaps itself in boundary
    /// pixels, where min(|Σ area|, 1) over-counts: errors up to ~0.4 on this wave.) Widths up to 14:
    /// at 18 the inner offset of the wave's tightest bend folds over itself (a swallowtail), and
    /// pixels where two sheets of the outline overlap are approximate for any such rasterizer (0.15).
    @Test(arguments: [3.0, 6.0, 10.0, 14.0])
    func curveStrokeCoverageMatchesSupersampling(_ width: Double) {
        var wave = Path()
        wave.move(to: Point(10, 60))
        wave.cubic(to: Point(86, 60), control1: Point(30, 0), control2: Point(66, 120))
        let outline = wave.strokeOutline(StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round))
        let n = 96
        var cov = [Float](repeating: 0, count: n * n)
        var r = Rasterizer()
        r.rasterize(outline, rule: .nonZero, clip: PixelRect(x: 0, y: 0, width: n, height: n)) { y, x, c in
            for i in 0..<c.count { cov[y * n + x + i] = c[i] }
        }
        let s = 16
        var worst = 0.0
        for y in 0..<n {
            for x in 0..<n {
                // Only pixels near the outline can be fractional; skip far ones cheaply.
                let c = Point(Double(x) + 0.5, Double(y) + 0.5)
                var near = false
                for pl in outline where !near {
                    for i in 0..<pl.points.count {
                        let a = pl.points[i], b = pl.points[(i + 1) % pl.points.count]
                        if distanceToSegment(c, a, b) < 0.75 { near = true; break }
                    }
                }
                var inside = 0
                if near {
                    for sy in 0..<s {
                        for sx in 0..<s {
                            let p = Point(Double(x) + (Double(sx) + 0.5) / Double(s), Double(y) + (Double(sy) + 0.5) / Double(s))
                            if windingNumber(outline, p) != 0 { inside += 1 }
                        }
                    }
                } else {
                    inside = windingNumber(outline, c) != 0 ? s * s : 0
                }
                worst = max(worst, abs(Double(cov[y * n + x]) - Double(inside) / Double(s * s)))
            }
        }
        // 16×16 samples resolve an edge crossing a pixel to ~1/16 of a row of samples: ≤ ~0.03 off.
        #expect(worst < 0.04, "width \(width): worst pixel differs by \(worst)")
    }
}
