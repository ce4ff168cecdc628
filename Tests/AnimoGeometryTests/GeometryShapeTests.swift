import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoGeometry

private func near(_ a: Point, _ b: Point, _ tol: Double = 1e-6) -> Bool { a.distance(to: b) <= tol }

private func firstPoint(_ p: Path) -> Point? {
    if case .move(let q)? = p.elements.first { return q }
    return nil
}

@Suite struct GeometryShapeTests {
    let frame = Rect(x: 10, y: 20, width: 200, height: 100)

    @Test func rectangleStartsTopLeftClockwise() {
        let p = Path(rect: frame)
        #expect(p.elements == [.move(Point(10, 20)), .line(Point(210, 20)), .line(Point(210, 120)),
                               .line(Point(10, 120)), .close])
        #expect(shoelace(p.flattened()) > 0)
    }

    @Test func circleBoundsStartAndDirection() {
        let c = Path.circle(in: frame)
        #expect(near(firstPoint(c)!, Point(160, 70)))
        let b = c.tightBounds!
        #expect(abs(b.minX - 60) < 1e-9 && abs(b.maxX - 160) < 1e-9 && abs(b.minY - 20) < 1e-9 && abs(b.maxY - 120) < 1e-9)
        // Quarter trim ends at 6 o'clock (clockwise on screen).
        let q = c.trimmed(from: 0, to: 0.25)
        #expect(near(q.currentPoint!, Point(110, 120), 1e-6))
        #expect(near(c.trimmed(from: 0, to: 0.5).currentPoint!, Point(60, 70), 1e-6))
        // Area of the flattened circle ≈ π·50², positive (clockwise on screen).
        #expect(abs(shoelace(c.flattened(tolerance: 0.001)) - .pi * 2500) < 0.5)
    }

    @Test func ellipseStaysOnEllipse() {
        let e = Path(ellipseIn: frame)
        #expect(near(firstPoint(e)!, Point(210, 70)))
        for q in e.flattened(tolerance: 0.01)[0].points {
            let u = (q.x - 110) / 100, v = (q.y - 70) / 50
            #expect(abs((u * u + v * v).squareRoot() - 1) < 1e-6)
        }
    }

    @Test func circularRoundedRectCornerIsOnCircle() {
        let r = 20.0
        let p = Path(roundedRect: frame, cornerRadius: r, style: .circular)
        #expect(near(firstPoint(p)!, Point(210, 70)))
        let b = p.tightBounds!
        #expect(abs(b.minX - 10) < 1e-9 && abs(b.maxX - 210) < 1e-9 && abs(b.maxY - 120) < 1e-9)
        // Points of the top-right corner lie on the circle around (190, 40).
        for q in p.flattened(tolerance: 0.01)[0].points where q.x > 190 && q.y < 40 {
            #expect(abs(q.distance(to: Point(190, 40)) - r) < 0.01)
        }
        #expect(shoelace(p.flattened()) > 0)
    }

    @Test func radiusClampedToHalfShortSide() {
        let p = Path(roundedRect: frame, cornerRadius: 500, style: .circular)
        let cap = Path.capsule(in: frame, style: .circular)
        #expect(p == cap)
        // Capsule ends are semicircles of radius 50.
        for q in cap.flattened(tolerance: 0.01)[0].points where q.x > 160 {
            #expect(abs(q.distance(to: Point(160, 70)) - 50) < 0.02)
        }
    }

    @Test func continuousCornerGeometry() {
        let r = 20.0, k = 1.52866483
        let p = Path(roundedRect: frame, cornerRadius: r, style: .continuous)
        // Starts at the middle of the right edge (docs/semantics.md §282).
        #expect(near(firstPoint(p)!, Point(210, 70), 1e-9))
        let pts = p.flattened(tolerance: 0.001)[0].points
        // The corner reaches exactly k·r along both edges of the top-right corner: the curve leaves the top edge
        // at x = 210 − k·r and the right edge at y = 20 + k·r.
        let onTop = pts.filter { abs($0.y - 20) < 1e-9 }.map(\.x).max()!
        #expect(abs(onTop - (210 - k * r)) < 1e-6)
        let onRight = pts.filter { abs($0.x - 210) < 1e-9 && $0.y < 70 }.map(\.y).min()!
        #expect(abs(onRight - (20 + k * r)) < 1e-6)
        // Every corner point is inside the rect.
        let c = Point(190, 40)
        for q in pts where q.x > 190 - k * r && q.y < 20 + k * r {
            #expect(q.x <= 210 + 1e-9 && q.y >= 20 - 1e-9)
        }
        // It is not the circle: near the edges (between 1·r and 1.52866483·r from the corner) it leaves the edge
        // earlier, so it runs inside the circular rounded rect there...
        #expect(pts.contains { $0.x > 190 - k * r && $0.x < 190 && $0.y > 20 + 0.01 })
        // ...while on the diagonal it is slightly further out than the circle (PaintCode's middle cubic at
        // t = 1/2 is 0.29151·r from the corner on each axis, the circle 1 − 1/√2 = 0.29289·r): outside the arc.
        let diag = pts.min { abs(($0.x - 210) + ($0.y - 20)) < abs(($1.x - 210) + ($1.y - 20)) }!
        #expect(diag.distance(to: c) > r + 0.01 && diag.distance(to: c) < r * 1.01)
        #expect(shoelace(p.flattened()) > 0)
    }

    @Test func continuousCornerBlendsToCapsule() {
        // r so large that k·r exceeds half the short side: the corner is blended, reaching exactly half the side.
        let sq = Rect(x: 0, y: 0, width: 100, height: 100)
        let p = Path(roundedRect: sq, cornerRadius: 40, style: .continuous)
        let b = p.tightBounds!
        #expect(abs(b.minX) < 1e-9 && abs(b.maxX - 100) < 1e-9)
        #expect(near(firstPoint(p)!, Point(100, 50), 1e-9))
        // At r = half the side it is exactly the circular capsule (a circle for a square).
        let full = Path(roundedRect: sq, cornerRadius: 50, style: .continuous)
        for q in full.flattened(tolerance: 0.01)[0].points { #expect(abs(q.distance(to: Point(50, 50)) - 50) < 0.02) }
        // Continuity in r: a tiny change of radius moves points only a little.
        let a1 = Path(roundedRect: sq, cornerRadius: 32.7, style: .continuous).flattened(tolerance: 0.01)[0].points
        let a2 = Path(roundedRect: sq, cornerRadius: 32.71, style: .continuous).flattened(tolerance: 0.01)[0].points
        #expect(a1.count == a2.count)
        for (x, y) in zip(a1, a2) { #expect(x.distance(to: y) < 0.05) }
    }

    @Test func roundedRectAndCapsuleStartMidRightClockwise() {
        // docs/semantics.md §282: the outline starts at (maxX, midY) and runs down the right edge first,
        // so trim(from: 0, to: 0.5) of a capsule is its bottom half and ends at the middle of the left edge.
        for style in [RoundedCornerStyle.circular, .continuous] {
            let cap = Path.capsule(in: frame, style: style)
            #expect(near(firstPoint(cap)!, Point(210, 70), 1e-9))
            let half = cap.trimmed(from: 0, to: 0.5)
            #expect(near(half.currentPoint!, Point(10, 70), 1e-6))
            for line in half.flattened(tolerance: 0.01) { for q in line.points { #expect(q.y >= 70 - 1e-6) } }
            // A quarter ends at the bottom middle; three quarters at the top middle.
            #expect(near(cap.trimmed(from: 0, to: 0.25).currentPoint!, Point(110, 120), 1e-6))
            #expect(near(cap.trimmed(from: 0, to: 0.75).currentPoint!, Point(110, 20), 1e-6))
            // A tall capsule starts on its straight right edge.
            let tall = Path.capsule(in: Rect(x: 0, y: 0, width: 20, height: 60), style: style)
            #expect(near(firstPoint(tall)!, Point(20, 30), 1e-9))
            #expect(near(tall.trimmed(from: 0, to: 0.5).currentPoint!, Point(0, 30), 1e-6))
        }
        let rr = Path(roundedRect: frame, cornerRadius: 12, style: .continuous)
        #expect(near(rr.trimmed(from: 0, to: 0.5).currentPoint!, Point(10, 70), 1e-6))
        #expect(shoelace(rr.flattened()) > 0)
    }

    @Test func starAndPolygon() {
        let sq = Rect(x: 0, y: 0, width: 100, height: 100)
        let s = Path.star(in: sq, points: 5, innerRatio: 0.4, rotationDegrees: -90)
        #expect(near(firstPoint(s)!, Point(50, 0), 1e-9))
        let pts = s.flattened()[0].points
        #expect(pts.count == 10)
        // Second vertex: inner, 36° clockwise from 12 o'clock.
        let a = -Double.pi / 2 + .pi / 5
        #expect(near(pts[1], Point(50 + 20 * cos(a), 50 + 20 * sin(a)), 1e-9))
        let hex = Path.regularPolygon(in: sq, sides: 6, rotationDegrees: 0)
        #expect(near(firstPoint(hex)!, Point(100, 50), 1e-9))
        // Area of a regular hexagon with circumradius 50: (3√3/2)·50².
        #expect(abs(shoelace(hex.flattened()) - 1.5 * 3.0.squareRoot() * 2500) < 1e-6)
        #expect(Path.regularPolygon(in: sq, sides: 2).isEmpty)
    }

    @Test func catmullRomPassesThroughPoints() {
        let pts = [Point(0, 0), Point(100, 10), Point(120, 80), Point(30, 120), Point(-20, 60)]
        let p = Path.catmullRom(closedThrough: pts)
        var ends: [Point] = []
        for e in p.elements {
            if case .move(let q) = e { ends.append(q) }
            if case .cubic(_, _, let q) = e { ends.append(q) }
        }
        #expect(ends == pts + [pts[0]])
        // Tangent continuity at each point: incoming and outgoing handles are collinear with the point.
        var c2s: [Point] = [], c1s: [Point] = []
        for e in p.elements { if case .cubic(let a, let b, _) = e { c1s.append(a); c2s.append(b) } }
        for i in 0..<pts.count {
            let inH = pts[(i) % pts.count] - c2s[(i + pts.count - 1) % pts.count]
            let outH = c1s[i] - pts[i]
            #expect(abs(inH.normalized!.cross(outH.normalized!)) < 1e-9)
        }
        // Fewer than 4 points: a closed polyline.
        #expect(Path.catmullRom(closedThrough: [Point(0, 0), Point(1, 0), Point(0, 1)]).elements
                == [.move(Point(0, 0)), .line(Point(1, 0)), .line(Point(0, 1)), .close])
    }
}
