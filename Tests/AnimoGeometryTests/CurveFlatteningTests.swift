// Adaptive cubic flattening: every chord within the tolerance of the curve (measured against a dense
// sampling of the cubic, independent of the cut placement), never more chords than Wang's uniform count.
import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoGeometry

@Suite struct CurveFlatteningTests {
    /// The cuts of `cubicCuts` as a polyline, end points included.
    private func polyline(_ c: [Point], _ tol: Double) -> (pts: [Point], ts: [Double]) {
        var ts: [Double] = [0]
        CurveFlattening.cubicCuts(c[0], c[1], c[2], c[3], tolerance: tol) { ts.append($0) }
        ts.append(1)
        return (ts.map { Bezier.cubicPoint(c[0], c[1], c[2], c[3], $0) }, ts)
    }

    /// Largest distance from the curve to the chord spanning the same parameter interval.
    private func deviation(_ c: [Point], _ ts: [Double], _ pts: [Point]) -> Double {
        var worst = 0.0
        for k in 0..<(ts.count - 1) {
            for s in 1..<64 {
                let t = ts[k] + (ts[k + 1] - ts[k]) * Double(s) / 64
                worst = max(worst, distanceToSegment(Bezier.cubicPoint(c[0], c[1], c[2], c[3], t), pts[k], pts[k + 1]))
            }
        }
        return worst
    }

    private static let special: [[Point]] = [
        [Point(0, 0), Point(300, 0), Point(-200, 0), Point(100, 0)],      // collinear, doubles back
        [Point(0, 0), Point(100, 100), Point(0, 100), Point(100, 0)],     // cusp-like crossing
        [Point(0, 0), Point(200, 200), Point(-100, 200), Point(100, 0)],  // loop
        [Point(0, 0), Point(0, 0), Point(50, 50), Point(50, 50)],         // coincident controls
        [Point(0, 0), Point(10, 0), Point(20, 0), Point(30, 0)],          // straight
        [Point(10, 60), Point(30, 0), Point(66, 120), Point(86, 60)],     // S curve
        [Point(0, 0), Point(0, 0), Point(0, 0), Point(0, 0)],             // a point
    ]

    @Test(arguments: 0..<40)
    func chordsStayWithinTolerance(_ seed: Int) {
        var r = TestLCG(state: UInt64(seed) &+ 99)
        let c: [Point] = seed < Self.special.count
            ? Self.special[seed]
            : (0..<4).map { _ in Point(r.next() * 600 - 300, r.next() * 600 - 300) * (seed % 3 == 0 ? 0.05 : 1) }
        for tol in [0.1, 0.25, 0.01] {
            let (pts, ts) = polyline(c, tol)
            #expect(zip(ts, ts.dropFirst()).allSatisfy { $0 < $1 }, "cuts increase")
            let dev = deviation(c, ts, pts)
            #expect(dev <= tol, "seed \(seed) tol \(tol): deviation \(dev) with \(pts.count - 1) chords")
            // Never more than Wang's uniform count.
            let wang = Path.segmentCount(bound: 0.75 * max((c[0] - c[1] * 2 + c[2]).length, (c[1] - c[2] * 2 + c[3]).length),
                                         tolerance: tol)
            #expect(pts.count - 1 <= wang)
        }
    }

    /// The adaptive cuts need clearly fewer chords than uniform steps on a curve whose curvature varies.
    @Test func fewerChordsThanUniformOnAnSCurve() {
        let c = [Point(0, 500), Point(200, -300), Point(600, 900), Point(800, 100)]
        let adaptive = polyline(c, 0.1).pts.count - 1
        let wang = Path.segmentCount(bound: 0.75 * max((c[0] - c[1] * 2 + c[2]).length, (c[1] - c[2] * 2 + c[3]).length),
                                     tolerance: 0.1)
        #expect(Double(adaptive) < 0.8 * Double(wang), "adaptive \(adaptive), uniform \(wang)")
    }

    /// The closed-form approximation of ∫₀ˣ (1 + 4u²)^(−1/4) du and its inverse, against the integral
    /// by the midpoint rule.
    @Test(arguments: [0.05, 0.5, 1, 2, 7, 40, 500])
    func parabolaIntegralApproximation(_ x: Double) {
        let n = 20_000
        var sum = 0.0
        for i in 0..<n {
            let u = (Double(i) + 0.5) / Double(n) * x
            sum += pow(1 + 4 * u * u, -0.25) * x / Double(n)
        }
        #expect(abs(CurveFlattening.parabolaIntegral(x) / sum - 1) < 0.035)
        #expect(abs(CurveFlattening.parabolaIntegralInverse(CurveFlattening.parabolaIntegral(x)) / x - 1) < 0.045)
    }
}
