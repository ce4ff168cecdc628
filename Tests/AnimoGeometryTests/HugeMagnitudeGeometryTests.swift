import Foundation
import Testing
@testable import AnimoGeometry

/// Counts derived from huge or degenerate numbers are clamped before they become Ints.
@Suite struct HugeMagnitudeGeometryTests {
    @Test(arguments: [1e15, 1e19, 1e300, -1e300])
    func arcsOfHugeSweepsAreBounded(_ sweep: Double) {
        var p = Path()
        p.addArc(center: Point(10, 10), radii: Point(5, 5), rotation: 0, startAngle: 0, sweep: sweep)
        #expect(p.elements.count <= 4098)
        let arc = EllipticalArc(center: Point(0, 0), radii: Point(5, 5), rotation: 0, startAngle: 0, sweep: sweep)
        var q = Path(); q.move(to: Point(5, 0))
        arc.appendCubics(to: &q)
        #expect(q.elements.count <= 4098)
    }

    @Test func segmentCountsOfDegenerateBounds() {
        #expect(Path.segmentCount(bound: 0, tolerance: 0) == 1)          // 0/0
        #expect(Path.segmentCount(bound: 1, tolerance: 0) == 4096)       // ∞
        #expect(Path.segmentCount(bound: 1e300, tolerance: 1e-300) == 4096)
    }

    /// A rect from corners far from 0 still contains both (the far edge once rounded inside).
    @Test func rectsFromCornersContainThem() {
        for (lo, hi) in [(-1e20, 20.0), (-1e300, 1e-300), (0.1, 0.3), (-3e17, 7.0), (1e20, 1e20 + 16384)] {
            let r = Rect(corners: Point(lo, lo), Point(hi, hi))
            #expect(r.maxX >= hi && r.maxY >= hi && r.minX <= lo, "\(lo)…\(hi): \(r)")
            let big = 2 * (abs(lo) + abs(hi)) + 1
            let i = Rect(x: lo, y: lo, width: big, height: big).intersection(Rect(corners: Point(lo, lo), Point(hi, hi)))
            #expect((i?.maxX ?? .infinity) >= hi, "\(lo)…\(hi): \(String(describing: i))")
        }
    }
}
