import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoGeometry

private func line(_ a: Point, _ b: Point) -> Path {
    var p = Path(); p.move(to: a); p.line(to: b); return p
}

private func subpathCount(_ p: Path) -> Int {
    p.elements.filter { if case .move = $0 { return true } else { return false } }.count
}

@Suite struct StrokerTests {
    let tol = 1e-4

    @Test func defaultsMatchSwiftUI() {
        let s = StrokeStyle()
        #expect(s.lineWidth == 1 && s.lineCap == .butt && s.lineJoin == .miter && s.miterLimit == 10)
        #expect(s.dash.isEmpty && s.dashPhase == 0 && s.dashPattern == nil)
    }

    /// A computed negative length dashes by its magnitude, as SwiftUI's renderer does (§285); a
    /// non-finite one counts as 0; a pattern that then sums to nothing is solid.
    @Test func dashLengthsCountByTheirMagnitude() {
        #expect(StrokeStyle(dash: [8, -4.86]).dashPattern == [8, 4.86])
        #expect(StrokeStyle(dash: [-3]).dashPattern == [3, 3])
        #expect(StrokeStyle(dash: [.nan, 5]).dashPattern == [0, 5])
        #expect(StrokeStyle(dash: [0, -0]).dashPattern == nil)
        #expect(StrokeStyle(dash: [1e-9, -1e-9]).dashPattern == nil)
        #expect(StrokeStyle(dash: [.infinity, -.infinity]).dashPattern == nil)
        // Drawn: the dashed line covers about 8/(8 + 4.86) of the solid one's area.
        let seg = line(Point(0, 10), Point(1000, 10))
        let solid = shoelace(seg.stroked(StrokeStyle(lineWidth: 2), tolerance: tol).flattened())
        let dashed = shoelace(seg.stroked(StrokeStyle(lineWidth: 2, dash: [8, -4.86]), tolerance: tol).flattened())
        #expect(abs(dashed / solid - 8 / 12.86) < 0.01)
    }

    @Test func straightSegmentAreas() {
        let seg = line(Point(10, 10), Point(110, 10))
        let L = 100.0, w = 8.0, h = w / 2
        let butt = seg.stroked(StrokeStyle(lineWidth: w), tolerance: tol)
        #expect(abs(shoelace(butt.flattened()) - L * w) < 1e-9)
        let square = seg.stroked(StrokeStyle(lineWidth: w, lineCap: .square), tolerance: tol)
        #expect(abs(shoelace(square.flattened()) - (L + w) * w) < 1e-9)
        let round = seg.stroked(StrokeStyle(lineWidth: w, lineCap: .round), tolerance: tol)
        #expect(abs(shoelace(round.flattened()) - (L * w + .pi * h * h)) < 0.01)
        // Direction of the segment does not matter; a diagonal segment has the same area.
        let diag = line(Point(0, 0), Point(60, 80)).stroked(StrokeStyle(lineWidth: w), tolerance: tol)
        #expect(abs(shoelace(diag.flattened()) - L * w) < 1e-9)
    }

    @Test func zeroLengthSubpaths() {
        let w = 6.0, h = w / 2
        let lineDot = line(Point(5, 5), Point(5, 5))
        var closeDot = Path(); closeDot.move(to: Point(5, 5)); closeDot.close()
        for p in [lineDot, closeDot] {
            #expect(abs(shoelace(p.stroked(StrokeStyle(lineWidth: w, lineCap: .round), tolerance: tol).flattened()) - .pi * h * h) < 0.01)
            let sq = p.stroked(StrokeStyle(lineWidth: w, lineCap: .square), tolerance: tol)
            #expect(abs(shoelace(sq.flattened()) - w * w) < 1e-9)
            #expect(sq.tightBounds == Rect(x: 2, y: 2, width: 6, height: 6))   // axis-aligned
            #expect(p.stroked(StrokeStyle(lineWidth: w, lineCap: .butt)).isEmpty)
        }
        // A lone moveto draws nothing, whatever the cap.
        var lone = Path(); lone.move(to: Point(1, 1))
        #expect(lone.stroked(StrokeStyle(lineWidth: w, lineCap: .round)).isEmpty)
    }

    /// A corner at the origin turning by θ = 150° (interior angle 30°), clockwise on screen.
    private func corner() -> Path {
        let th = 150.0 * .pi / 180
        var p = Path()
        p.move(to: Point(-100, 0)); p.line(to: .zero); p.line(to: Point(100 * cos(th), 100 * sin(th)))
        return p
    }

    @Test func miterBevelRoundAtThirtyDegrees() {
        let w = 10.0, h = 5.0, half = 75.0 * .pi / 180
        let bevel = shoelace(corner().stroked(StrokeStyle(lineWidth: w, lineJoin: .bevel), tolerance: tol).flattened())
        // Miter ratio 1/sin(15°) = 3.8637: within the default limit 10 → miter tip triangle added.
        let miter = shoelace(corner().stroked(StrokeStyle(lineWidth: w, lineJoin: .miter), tolerance: tol).flattened())
        let tip = h * h * pow(sin(half), 3) / cos(half)
        #expect(abs(miter - bevel - tip) < 1e-9)
        // Limit 3.8 < 3.8637 → beveled; 3.87 → mitered.
        let limited = shoelace(corner().stroked(StrokeStyle(lineWidth: w, lineJoin: .miter, miterLimit: 3.8), tolerance: tol).flattened())
        #expect(abs(limited - bevel) < 1e-9)
        let justOver = shoelace(corner().stroked(StrokeStyle(lineWidth: w, lineJoin: .miter, miterLimit: 3.87), tolerance: tol).flattened())
        #expect(abs(justOver - miter) < 1e-9)
        // Round join: circular sector minus the bevel triangle, θ = 150°.
        let round = shoelace(corner().stroked(StrokeStyle(lineWidth: w, lineJoin: .round), tolerance: tol).flattened())
        let th = 2 * half
        #expect(abs(round - bevel - (h * h * th / 2 - h * h * sin(th) / 2)) < 0.01)
        // The miter tip lies at distance h / cos(75°) from the corner (the farthest outline point near it).
        let outline = corner().stroked(StrokeStyle(lineWidth: w, lineJoin: .miter), tolerance: tol)
        let expectedTip = h / cos(half)
        let nearCorner = outline.flattened()[0].points.filter { $0.length < 30 }.map { $0.length }.max()!
        #expect(abs(nearCorner - expectedTip) < 1e-9)
    }

    @Test func closedContourHasJoinsNoCaps() {
        let r = Path(rect: Rect(x: 0, y: 0, width: 100, height: 100))
        let butt = r.stroked(StrokeStyle(lineWidth: 10, lineCap: .butt))
        let round = r.stroked(StrokeStyle(lineWidth: 10, lineCap: .round))
        #expect(butt == round)
        #expect(subpathCount(butt) == 2)
        // Winding: inside the band → non-zero, inner hole and outside → zero; mitered corners fill (104, 104).
        let f = butt.flattened()
        #expect(windingNumber(f, Point(50, 2)) != 0)
        #expect(windingNumber(f, Point(50, -4)) != 0)
        #expect(windingNumber(f, Point(104, 104)) != 0)
        #expect(windingNumber(f, Point(50, 50)) == 0)
        #expect(windingNumber(f, Point(50, 6)) == 0)
        #expect(windingNumber(f, Point(106, 50)) == 0)
    }

    @Test func circleStrokeIsAnAnnulus() {
        // Exact truth for round joins: the stroke is the set of points within w/2 of the circle.
        let c = Path.circle(in: Rect(x: -50, y: -50, width: 100, height: 100))
        for join in [LineJoin.round, .miter, .bevel] {
            let f = c.stroked(StrokeStyle(lineWidth: 20, lineJoin: join), tolerance: 0.01).flattened()
            for i in stride(from: -65.0, through: 65, by: 2.5) {
                for j in stride(from: -65.0, through: 65, by: 2.5) {
                    let d = abs(Point(i, j).length - 50)
                    if abs(d - 10) < 0.05 { continue }
                    #expect((windingNumber(f, Point(i, j)) != 0) == (d < 10), "join \(join) at \(i), \(j)")
                }
            }
        }
        // A stroke wider than the diameter fills the centre.
        let wide = c.stroked(StrokeStyle(lineWidth: 120), tolerance: 0.01).flattened()
        #expect(windingNumber(wide, .zero) != 0)
    }

    @Test func deviceToleranceRefinesOutline() {
        let c = Path.circle(in: Rect(x: 0, y: 0, width: 10, height: 10))
        let coarse = c.stroked(StrokeStyle(lineWidth: 2), transform: .identity, tolerance: 0.1)
        let fine = c.stroked(StrokeStyle(lineWidth: 2), transform: .scale(20, 20), tolerance: 0.1)
        // Wang's bound: segment count grows like √scale (√20 ≈ 4.5) for the curves.
        #expect(fine.elements.count > 2 * coarse.elements.count)
        // Still in path space: same bounds.
        #expect(abs(fine.tightBounds!.maxX - 11) < 1e-3)
        #expect(c.stroked(StrokeStyle(lineWidth: 2), transform: .scale(0, 1)).isEmpty)
        #expect(c.stroked(StrokeStyle(lineWidth: .nan)).isEmpty)
        #expect(c.stroked(StrokeStyle(lineWidth: -1)).isEmpty)
    }
}

@Suite struct DasherTests {
    let seg = { () -> Path in var p = Path(); p.move(to: .zero); p.line(to: Point(100, 0)); return p }()

    private func dashes(_ style: StrokeStyle) -> (count: Int, area: Double) {
        let o = seg.stroked(style, tolerance: 1e-4)
        return (subpathCount(o), shoelace(o.flattened()))
    }

    @Test func patternAndPhase() {
        let w = 2.0
        // [10, 5]: dashes at 0, 15, …, 90 → 7 dashes, 70 long.
        var r = dashes(StrokeStyle(lineWidth: w, dash: [10, 5]))
        #expect(r.count == 7 && abs(r.area - 70 * w) < 1e-9)
        // Phase 3: [0,7], then every 15 from 12 → 7 dashes, 67 long.
        r = dashes(StrokeStyle(lineWidth: w, dash: [10, 5], dashPhase: 3))
        #expect(r.count == 7 && abs(r.area - 67 * w) < 1e-9)
        // Phase −3 ≡ 12: first dash starts at 3; dashes at 3, 18, …, 93 (the last cut to 7) → 67 long.
        r = dashes(StrokeStyle(lineWidth: w, dash: [10, 5], dashPhase: -3))
        #expect(r.count == 7 && abs(r.area - 67 * w) < 1e-9)
        // Phase of a whole pattern changes nothing.
        #expect(dashes(StrokeStyle(lineWidth: w, dash: [10, 5], dashPhase: 45)).area == dashes(StrokeStyle(lineWidth: w, dash: [10, 5])).area)
    }

    @Test func oddZeroAndNegativeArrays() {
        let w = 2.0
        // [10] repeats to [10, 10]: 5 dashes of 10.
        var r = dashes(StrokeStyle(lineWidth: w, dash: [10]))
        #expect(r.count == 5 && abs(r.area - 50 * w) < 1e-9)
        // [10, 5, 5] → [10, 5, 5, 10, 5, 5] (period 40): on 0–10, 15–20, 30–35, 40–50, 55–60, 70–75, 80–90,
        // 95–100 → 8 dashes, 55 long.
        r = dashes(StrokeStyle(lineWidth: w, dash: [10, 5, 5]))
        #expect(r.count == 8 && abs(r.area - 55 * w) < 1e-9)
        // Lengths summing to nothing → solid.
        for d in [[0.0, 0.0], [Double.nan, .nan], [1e-9, -1e-9]] {
            r = dashes(StrokeStyle(lineWidth: w, dash: d))
            #expect(r.count == 1 && abs(r.area - 100 * w) < 1e-9)
        }
        // A negative length counts by its magnitude, a non-finite one as 0 (§285): [5, -1] is
        // [5, 1] (on 0–5, 6–11, …, 96–100: 17 dashes, 84 long).
        r = dashes(StrokeStyle(lineWidth: w, dash: [5, -1]))
        #expect(r.count == 17 && abs(r.area - 84 * w) < 1e-9)
        let nanOn = dashes(StrokeStyle(lineWidth: w, dash: [Double.nan, 2]))
        let zeroOn = dashes(StrokeStyle(lineWidth: w, dash: [0, 2]))
        #expect(nanOn.count == zeroOn.count && abs(nanOn.area - zeroOn.area) < 1e-9)
    }

    @Test func zeroLengthDashesMakeDots() {
        let w = 4.0
        // [0, 20] with round caps: dots at 0, 20, 40, 60, 80.
        let o = seg.stroked(StrokeStyle(lineWidth: w, lineCap: .round, dash: [0, 20]), tolerance: 1e-4)
        #expect(subpathCount(o) == 5)
        #expect(abs(shoelace(o.flattened()) - 5 * .pi * 4) < 0.01)
        #expect(seg.stroked(StrokeStyle(lineWidth: w, lineCap: .butt, dash: [0, 20])).isEmpty)
        // Square caps follow the path direction: a diagonal path gives rotated squares of area w².
        var diag = Path(); diag.move(to: .zero); diag.line(to: Point(60, 80))
        let sq = diag.stroked(StrokeStyle(lineWidth: w, lineCap: .square, dash: [0, 50]), tolerance: 1e-4)
        #expect(subpathCount(sq) == 2)
        #expect(abs(shoelace(sq.flattened()) - 2 * w * w) < 1e-9)
        #expect(abs(sq.tightBounds!.minX - (-w / 2) * (0.6 + 0.8)) < 1e-9)
    }

    @Test func dashesContinueAcrossCornersAndRestartPerSubpath() {
        var p = Path()
        p.move(to: .zero); p.line(to: Point(10, 0)); p.line(to: Point(10, 10))
        p.move(to: Point(50, 0)); p.line(to: Point(70, 0))
        // [15, 100]: one dash spans the corner of the first subpath (0…15), and the pattern restarts on the second.
        let o = p.stroked(StrokeStyle(lineWidth: 2, lineJoin: .bevel, dash: [15, 100]), tolerance: 1e-4)
        #expect(subpathCount(o) == 2)
        let f = o.flattened()
        // Corner join present: the point just outside the corner on the bisector side (10.5, -0.5) is covered.
        #expect(windingNumber(f, Point(10.4, -0.4)) != 0)
        // Second subpath: 50…65 covered, 66 not.
        #expect(windingNumber(f, Point(64, 0)) != 0)
        #expect(windingNumber(f, Point(66, 0)) == 0)
        // Total: (15 + 15)·2 + the bevel triangle at the corner (legs 1, area 1/2) − the 1×1 square where
        // the two legs of the first dash overlap inside the corner (the outline counts it once).
        #expect(abs(shoelace(f) - (60 + 0.5 - 1)) < 1e-9)
    }

    @Test func closedContourDashedAround() {
        let r = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        // Perimeter 40, dash [5, 5]: dashes on 0–5, 10–15, 20–25, 30–35, one per edge, butt caps.
        let o = r.stroked(StrokeStyle(lineWidth: 1, dash: [5, 5]), tolerance: 1e-4)
        #expect(subpathCount(o) == 4)
        #expect(abs(shoelace(o.flattened()) - 20) < 1e-9)
    }
}

@Suite struct GeometryDegenerateInputTests {
    @Test func nonFiniteAndHugeInputsDoNotCrash() throws {
        var bad = Path(); bad.move(to: Point(.nan, 0)); bad.line(to: Point(10, 10))
        #expect(bad.stroked(StrokeStyle(lineWidth: 2)).isEmpty)
        #expect(PathMeasure(bad).length == 0)
        #expect(bad.trimmed(from: 0.2, to: 0.5).isEmpty)
        #expect(Path(rect: Rect(x: .infinity, y: 0, width: 1, height: 1)).isEmpty)
        #expect(Path.circle(in: Rect(x: 0, y: 0, width: .nan, height: 1)).isEmpty)
        #expect(Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: .nan) == Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(throws: SVGPathError.self) { try Path(svg: "M 1e999 0") }
        let huge = Path.circle(in: Rect(x: 0, y: 0, width: 1e9, height: 1e9))
        #expect(!huge.stroked(StrokeStyle(lineWidth: 1e7, dash: [1e-3, 1e-3])).isEmpty)
        #expect(!Path.circle(in: Rect(x: 0, y: 0, width: 10, height: 10))
            .stroked(StrokeStyle(lineWidth: 1, miterLimit: .nan, dash: [1, 1], dashPhase: .infinity)).isEmpty)
    }

    @Test func fullTrimOfCircleStrokesWithoutSeam() {
        let c = Path.circle(in: Rect(x: 0, y: 0, width: 40, height: 40))
        let a = c.trimmed(from: 0, to: 1).stroked(StrokeStyle(lineWidth: 4, lineCap: .round))
        let b = c.stroked(StrokeStyle(lineWidth: 4, lineCap: .butt))
        #expect(a == b)
        // A partial trim is open: its stroke gets caps (round caps add area).
        let p = c.trimmed(from: 0, to: 0.999)
        let capped = shoelace(p.stroked(StrokeStyle(lineWidth: 4, lineCap: .round), tolerance: 1e-3).flattened())
        let butt = shoelace(p.stroked(StrokeStyle(lineWidth: 4, lineCap: .butt), tolerance: 1e-3).flattened())
        #expect(abs(capped - butt - .pi * 4) < 0.01)
    }
}
