import AnimoTestSupport
import Testing
import Foundation
@testable import AnimoRaster
@testable import AnimoGeometry

/// Rasterizes into a dense width × height coverage grid (row-major).
private func coverage(_ path: Path, _ w: Int, _ h: Int, rule: FillRule = .nonZero,
                      transform: Transform = .identity, tolerance: Double = 0.1) -> ([Float], RasterReport) {
    var grid = [Float](repeating: 0, count: w * h)
    var r = Rasterizer()
    let rep = r.rasterize(path, transform: transform, rule: rule, clip: PixelRect(x: 0, y: 0, width: w, height: h),
                          tolerance: tolerance) { y, x, cov in
        for i in 0..<cov.count { grid[y * w + x + i] = cov[i] }
    }
    return (grid, rep)
}

private func rectPath(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, clockwise: Bool = true) -> Path {
    var p = Path()
    p.move(to: Point(x0, y0))
    if clockwise {
        p.line(to: Point(x1, y0)); p.line(to: Point(x1, y1)); p.line(to: Point(x0, y1))
    } else {
        p.line(to: Point(x0, y1)); p.line(to: Point(x1, y1)); p.line(to: Point(x1, y0))
    }
    p.close()
    return p
}

@Test func circleCoverageSumsToPolygonAreaAndPiRSquared() {
    var p = Path()
    p.addArc(center: Point(128.3, 127.6), radius: 100, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
    p.close()
    let (grid, rep) = coverage(p, 256, 256, tolerance: 0.05)
    let sum = grid.reduce(0.0) { $0 + Double($1) }
    let poly = abs(shoelace(p.flattened(tolerance: 0.05)))
    #expect(!rep.isEmpty)
    #expect(abs(sum - poly) / poly < 1e-5)                  // exact area of the actual polygon
    #expect(grid.allSatisfy { $0 >= 0 && $0 <= 1 })
    // A 2048-gon with vertices on the circle (area πr²·(1 − 1.6e-6)) sums to πr² within 0.05 %.
    var q = Path()
    for i in 0..<2048 {
        let a = Double(i) * 2 * .pi / 2048
        let pt = Point(128.3 + 100 * cos(a), 127.6 + 100 * sin(a))
        if i == 0 { q.move(to: pt) } else { q.line(to: pt) }
    }
    q.close()
    let (g2, _) = coverage(q, 256, 256)
    let s2 = g2.reduce(0.0) { $0 + Double($1) }
    #expect(abs(s2 - Double.pi * 100 * 100) / (Double.pi * 10000) < 5e-4)
}

@Test(arguments: [0.3, 0.5, 0.75, 0.01])
func verticalEdgeGivesExactPartialCoverage(_ frac: Double) {
    let (g, _) = coverage(rectPath(10 + frac, 2, 20, 8), 32, 10)
    #expect(abs(Double(g[5 * 32 + 10]) - (1 - frac)) < 1e-5)
    #expect(g[5 * 32 + 9] == 0)
    #expect(abs(g[5 * 32 + 11] - 1) < 1e-6)
    #expect(abs(g[5 * 32 + 19] - 1) < 1e-6)
    #expect(abs(g[5 * 32 + 20]) < 1e-6)
}

@Test func horizontalEdgesAndCornerGiveProductOfFractions() {
    let (g, _) = coverage(rectPath(10.3, 4.25, 20.5, 8.6), 32, 12)
    #expect(abs(g[4 * 32 + 15] - 0.75) < 1e-5)               // top row: 0.75 of the height
    #expect(abs(g[8 * 32 + 15] - 0.6) < 1e-5)                // bottom row
    #expect(abs(g[4 * 32 + 10] - 0.7 * 0.75) < 1e-5)         // corner: product
    #expect(abs(g[8 * 32 + 20] - 0.5 * 0.6) < 1e-5)
    #expect(abs(g[6 * 32 + 20] - 0.5) < 1e-5)
}

@Test func fortyFiveDegreeEdgeThroughPixelGivesHalf() {
    // Triangle (0,0) (16,0) (16,16): the diagonal x = y crosses each pixel (k, k) corner to corner.
    var p = Path()
    p.move(to: Point(0, 0)); p.line(to: Point(16, 0)); p.line(to: Point(16, 16)); p.close()
    let (g, _) = coverage(p, 20, 20)
    for k in 0..<16 {
        #expect(abs(g[k * 20 + k] - 0.5) < 1e-5)
        if k + 1 < 16 { #expect(abs(g[k * 20 + k + 1] - 1) < 1e-5) }
        if k > 0 { #expect(g[k * 20 + k - 1] < 1e-6) }
    }
    // A shallow edge spanning many cells per row: total area is still exact (16·16/2 = 128 triangle).
    var q = Path()
    q.move(to: Point(0.5, 1)); q.line(to: Point(19.5, 3.7)); q.line(to: Point(0.5, 3.7)); q.close()
    let (g2, _) = coverage(q, 20, 6)
    let sum = g2.reduce(0.0) { $0 + Double($1) }
    #expect(abs(sum - 19 * 2.7 / 2) < 1e-4)
}

private func pentagram() -> Path {
    var p = Path()
    for i in 0..<5 {
        let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
        let pt = Point(50 + 45 * cos(a), 50 + 45 * sin(a))
        if i == 0 { p.move(to: pt) } else { p.line(to: pt) }
    }
    p.close()
    return p
}

@Test func pentagramCenterIsHoleWithEvenOddAndFilledWithNonZero() {
    let (nz, _) = coverage(pentagram(), 100, 100, rule: .nonZero)
    let (eo, _) = coverage(pentagram(), 100, 100, rule: .evenOdd)
    #expect(abs(nz[50 * 100 + 50] - 1) < 1e-5)
    #expect(eo[50 * 100 + 50] < 1e-5)
    // A point tip (winding 1) is filled under both rules.
    #expect(abs(nz[12 * 100 + 50] - 1) < 1e-5 && abs(eo[12 * 100 + 50] - 1) < 1e-5)
}

@Test func overlappingRectsFollowTheFillRule() {
    var same = rectPath(10, 10, 30, 30)
    same.addPath(rectPath(20, 20, 40, 40))
    var opposite = rectPath(10, 10, 30, 30)
    opposite.addPath(rectPath(20, 20, 40, 40, clockwise: false))
    let overlap = 25 * 50 + 25, single = 15 * 50 + 15
    let (sn, _) = coverage(same, 50, 50, rule: .nonZero)
    let (se, _) = coverage(same, 50, 50, rule: .evenOdd)
    let (on, _) = coverage(opposite, 50, 50, rule: .nonZero)
    let (oe, _) = coverage(opposite, 50, 50, rule: .evenOdd)
    #expect(abs(sn[overlap] - 1) < 1e-6)   // winding 2
    #expect(se[overlap] < 1e-6)
    #expect(on[overlap] < 1e-6)            // winding 0
    #expect(oe[overlap] < 1e-6)
    for g in [sn, se, on, oe] { #expect(abs(g[single] - 1) < 1e-6) }
}

@Test func hugeAndOffCanvasCoordinatesAreClippedAnalytically() {
    // A rect reaching 1e9 left, up and right: every canvas pixel right of x = 5.5 is covered.
    let (g, rep) = coverage(rectPath(-1e9, -1e9, 5.5, 1e9), 16, 8)
    #expect(!rep.isEmpty)
    for y in 0..<8 {
        for x in 0..<5 { #expect(abs(g[y * 16 + x] - 1) < 1e-6) }
        #expect(abs(g[y * 16 + 5] - 0.5) < 1e-6)
        #expect(g[y * 16 + 6] == 0)
    }
    // Entirely left of the canvas: nothing (its cover cancels within the row).
    let (g2, _) = coverage(rectPath(-50, 0, -10, 8), 16, 8)
    #expect(g2.allSatisfy { $0 == 0 })
    // A triangle crossing the left border diagonally: area inside = analytic.
    var t = Path()
    t.move(to: Point(-8, 0)); t.line(to: Point(8, 8)); t.line(to: Point(-8, 8)); t.close()
    let (g3, _) = coverage(t, 16, 8)
    let sum = g3.reduce(0.0) { $0 + Double($1) }
    #expect(abs(sum - 16) < 1e-4)        // part with x ≥ 0: triangle (0,4)(8,8)(0,8) = 16
    // Below and above: dropped.
    let (g4, rep4) = coverage(rectPath(0, 20, 10, 30), 16, 8)
    #expect(g4.allSatisfy { $0 == 0 } && rep4.isEmpty)
}

@Test func nonFiniteAndEmptyPathsAreReportedNotFatal() {
    var p = rectPath(1, 1, 5, 5)
    p.move(to: Point(.nan, 3)); p.line(to: Point(4, .infinity)); p.line(to: Point(1, 2)); p.close()
    let (g, rep) = coverage(p, 8, 8)
    #expect(rep.droppedNonFiniteSubpaths == 1)
    #expect(abs(g[2 * 8 + 2] - 1) < 1e-6)          // the finite rect is still drawn
    let (e, rep2) = coverage(Path(), 8, 8)
    #expect(rep2.isEmpty && rep2.droppedNonFiniteSubpaths == 0 && e.allSatisfy { $0 == 0 })
    let (_, rep3) = coverage(rectPath(1, 1, 5, 5), 8, 8, transform: Transform.scale(.infinity, 1))
    #expect(rep3.droppedNonFiniteSubpaths == 1 && rep3.isEmpty)
}

@Test(arguments: [FillRule.nonZero, .evenOdd])
func simdPrefixSumMatchesScalarReference(_ rule: FillRule) {
    // Deterministic pseudo-random cells in −1.5…1.5, lengths covering the 4-lane body and the tail.
    var state: UInt64 = 42
    for n in [1, 3, 4, 5, 17, 64, 203] {
        var cells = (0..<n).map { _ -> Float in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(state >> 40) / Float(1 << 24) * 3 - 1.5
        }
        let ref: [Float] = {
            var s = 0.0, out: [Float] = []
            for c in cells {
                s += Double(c)
                let t = abs(s)
                if rule == .nonZero { out.append(Float(min(t, 1))) } else {
                    let m = t.truncatingRemainder(dividingBy: 2)
                    out.append(Float(m > 1 ? 2 - m : m))
                }
            }
            return out
        }()
        var out = [Float](repeating: -1, count: n)
        cells.withUnsafeMutableBufferPointer { c in
            out.withUnsafeMutableBufferPointer { o in Rasterizer.prefixSum(c.baseAddress!, o.baseAddress!, n, rule) }
        }
        for i in 0..<n { #expect(abs(out[i] - ref[i]) < 1e-5, "n \(n) i \(i)") }
    }
}
