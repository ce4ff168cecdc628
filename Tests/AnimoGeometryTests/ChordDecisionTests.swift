// The chord check's squared-distance test (CurveFlattening.ChordChecker.exceeds) must make exactly
// the decision `x.squareRoot() > limit` it replaced, so the flattening's cut points do not change.
// The truth here is that definition itself, evaluated on squared distances packed around limit²
// (every double within 200 ulps of it, the squares of the doubles next to limit, random values),
// where a margin that was too thin would flip a decision.
import AnimoTestSupport
import Testing
@testable import AnimoGeometry

private func checker(limit: Double) -> CurveFlattening.ChordChecker {
    CurveFlattening.ChordChecker(p0: Point(0, 0), p1: Point(1, 0), p2: Point(2, 0), p3: Point(3, 0), limit: limit)
}

private func stepped(_ x: Double, by k: Int) -> Double {
    var v = x
    for _ in 0..<abs(k) { v = k > 0 ? v.nextUp : v.nextDown }
    return v
}

@Test(arguments: [0.045, 0.09, 0.0045, 1.0, 0.1, 0.3, 123.456, 1e-100, 1e100, 3e-150, 0.0, -0.5])
func chordDecisionMatchesSquareRoot(_ limit: Double) {
    let c = checker(limit: limit)
    var xs: [Double] = [0, .infinity, .nan, -1, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
    let sq = limit * limit
    for k in -200...200 { xs.append(stepped(sq, by: k)) }
    for k in -50...50 {
        let y = stepped(abs(limit), by: k)
        let yy = y * y
        for j in -3...3 { xs.append(stepped(yy, by: j)) }
    }
    var g = SystemRandomNumberGenerator()
    for _ in 0..<2000 { xs.append(sq * Double.random(in: 0.5...2, using: &g)) }
    var mismatches = 0
    for x in xs where c.exceeds(x) != (x.squareRoot() > limit) { mismatches += 1 }
    #expect(mismatches == 0)
}

@Test func squaredDistanceIsTheDistanceSquared() {
    // distanceToSegment must be exactly the square root of squaredDistanceToSegment (same operations).
    var g = SystemRandomNumberGenerator()
    for _ in 0..<1000 {
        let p = Point(Double.random(in: -10...10, using: &g), Double.random(in: -10...10, using: &g))
        let a = Point(Double.random(in: -10...10, using: &g), Double.random(in: -10...10, using: &g))
        let b = Point(Double.random(in: -10...10, using: &g), Double.random(in: -10...10, using: &g))
        let ab = b - a, l2 = ab.x * ab.x + ab.y * ab.y
        let t = l2 > 0 ? min(max(((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / l2, 0), 1) : 0
        let dx = p.x - (a.x + ab.x * t), dy = p.y - (a.y + ab.y * t)
        #expect(CurveFlattening.squaredDistanceToSegment(p, a, b) == dx * dx + dy * dy)
        #expect(CurveFlattening.distanceToSegment(p, a, b) == (dx * dx + dy * dy).squareRoot())
    }
}
