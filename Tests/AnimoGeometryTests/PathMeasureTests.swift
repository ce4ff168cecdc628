import Foundation
import Testing
@testable import AnimoGeometry

private func near(_ a: Point, _ b: Point, _ tol: Double = 1e-6) -> Bool { a.distance(to: b) <= tol }

@Suite struct PathMeasureTests {
    @Test func circleLength() {
        let c = Path.circle(in: Rect(x: -100, y: -100, width: 200, height: 200))
        let m = PathMeasure(c)
        #expect(abs(m.length - 2 * .pi * 100) < 1e-3)
        #expect(m.contours.count == 1 && m.contours[0].isClosed)
        // Point and tangent at a quarter: 6 o'clock, moving left.
        #expect(near(m.point(atLength: m.length / 4)!, Point(0, 100), 1e-3))
        #expect(near(m.tangent(atLength: m.length / 4)!, Point(-1, 0), 1e-4))
        // Point at arbitrary length: angle s/r.
        let s = 1.234 * 100
        #expect(near(m.point(atLength: s)!, Point(100 * cos(1.234), 100 * sin(1.234)), 1e-3))
    }

    @Test func linesAndClosing() {
        let p = Path(rect: Rect(x: 0, y: 0, width: 30, height: 10))
        let m = PathMeasure(p)
        #expect(m.length == 80)
        #expect(m.point(atLength: 35) == Point(30, 5))
        #expect(m.point(atLength: 75) == Point(0, 5))
        #expect(m.tangent(atLength: 75) == Point(0, -1))
        #expect(m.point(atLength: 1000) == Point(0, 0))
    }

    @Test func cubicLengthAgainstFineChords() {
        // Independent reference: a polyline of 200 000 chords.
        let p0 = Point(0, 0), p1 = Point(30, 100), p2 = Point(200, -80), p3 = Point(150, 40)
        var ref = 0.0, prev = p0
        let n = 200_000
        for i in 1...n {
            let q = Bezier.cubicPoint(p0, p1, p2, p3, Double(i) / Double(n)); ref += q.distance(to: prev); prev = q
        }
        var path = Path(); path.move(to: p0); path.cubic(to: p3, control1: p1, control2: p2)
        #expect(abs(PathMeasure(path).length - ref) < 1e-5)
        // A cusp (control points crossed) still measures accurately.
        var cusp = Path(); cusp.move(to: Point(0, 0)); cusp.cubic(to: Point(100, 0), control1: Point(150, 50), control2: Point(-50, 50))
        var r2 = 0.0; prev = Point(0, 0)
        for i in 1...n {
            let q = Bezier.cubicPoint(Point(0, 0), Point(150, 50), Point(-50, 50), Point(100, 0), Double(i) / Double(n))
            r2 += q.distance(to: prev); prev = q
        }
        #expect(abs(PathMeasure(cusp).length - r2) / r2 < 1e-6)
    }

    @Test func multipleSubpathsAndLoneMove() {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(10, 0))
        p.move(to: Point(50, 50))
        p.move(to: Point(0, 10)); p.line(to: Point(0, 30))
        let m = PathMeasure(p)
        #expect(m.contours.map(\.length) == [10, 0, 20])
        #expect(m.length == 30)
        #expect(m.point(atLength: 15) == Point(0, 15))
    }

    @Test func segmentKeepsCurvesAndLength() {
        let c = Path.circle(in: Rect(x: -100, y: -100, width: 200, height: 200))
        let m = PathMeasure(c)
        let piece = m.segment(from: 100, to: 400)
        #expect(piece.elements.allSatisfy { if case .line = $0 { return false } else { return true } })
        #expect(abs(PathMeasure(piece).length - 300) < 1e-6)
        #expect(near(PathMeasure(piece).point(atLength: 0)!, m.point(atLength: 100)!, 1e-9))
        #expect(m.segment(from: 5, to: 5).isEmpty)
    }

    @Test func trimFractions() {
        let p = Path(rect: Rect(x: 0, y: 0, width: 30, height: 10))
        // Length 80; trim(0.25, 0.6) covers lengths 20…48: (20,0) → (30,0) → (30,10) → (22,10).
        let t = p.trimmed(from: 0.25, to: 0.6)
        #expect(t.elements == [.move(Point(20, 0)), .line(Point(30, 0)), .line(Point(30, 10)), .line(Point(22, 10))])
        #expect(p.trimmed(from: 0.6, to: 0.4).isEmpty)
        #expect(p.trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(p.trimmed(from: -1, to: 2) == p)
        #expect(abs(PathMeasure(p.trimmed(from: -0.5, to: 0.1)).length - 8) < 1e-12)
        // Full trim keeps the circle closed (no seam).
        let c = Path.circle(in: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(c.trimmed(from: 0, to: 1).elements.last == .close)
        // Trim over two subpaths: fractions of the total length.
        var two = Path()
        two.move(to: .zero); two.line(to: Point(10, 0))
        two.move(to: Point(0, 10)); two.line(to: Point(30, 10))
        #expect(two.trimmed(from: 0.125, to: 0.5).elements == [.move(Point(5, 0)), .line(Point(10, 0)),
                                                              .move(Point(0, 10)), .line(Point(10, 10))])
    }
}
