import Foundation
import Testing
@testable import AnimoGeometry

/// Measured figures quoted in the file headers (printed, and bounded so a regression fails).
@Suite struct GeometryFiguresTests {
    @Test func circleApproximationAndMeasureAccuracy() {
        let c = Path.circle(in: Rect(x: -100, y: -100, width: 200, height: 200))
        var maxRadial = 0.0
        var cur = Point.zero
        for e in c.elements {
            switch e {
            case .move(let p): cur = p
            case .cubic(let c1, let c2, let p):
                for i in 0...200 { maxRadial = max(maxRadial, abs(Bezier.cubicPoint(cur, c1, c2, p, Double(i) / 200).length - 100)) }
                cur = p
            default: break
            }
        }
        let lengthError = abs(PathMeasure(c).length - 2 * .pi * 100)
        print("circle r=100: max radial error \(maxRadial), measured length error \(lengthError)")
        #expect(maxRadial < 1e-4)
        #expect(lengthError < 2e-4)
    }

    @Test func strokeTimingOfALargeCurve() {
        var p = Path()
        p.move(to: .zero)
        for i in 0..<200 {
            let x = Double(i) * 10
            p.cubic(to: Point(x + 10, 0), control1: Point(x + 3, 40), control2: Point(x + 7, -40))
        }
        let clock = ContinuousClock()
        var outline = Path()
        let t = clock.measure { outline = p.stroked(StrokeStyle(lineWidth: 6, lineJoin: .round, dash: [7, 3]), tolerance: 0.1) }
        print("stroke of 200 cubics, dashed, round joins: \(t), \(outline.elements.count) outline elements")
        #expect(!outline.isEmpty)
    }
}
