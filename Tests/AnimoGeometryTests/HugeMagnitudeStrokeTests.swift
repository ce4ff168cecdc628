import Foundation
import Testing
@testable import AnimoGeometry

/// Line widths far beyond any canvas: the round pieces' step count must stay a bounded whole
/// number (the arc step's acos form underflows to 0 for h/tol ≳ 1e16, and π/0 does not convert).
@Suite struct HugeMagnitudeStrokeTests {
    @Test(arguments: [1e16, 1e17, 9223372036854775808.0, 1e200, 1e300, Double.greatestFiniteMagnitude])
    func hugeLineWidthsStrokeWithoutTrapping(_ w: Double) {
        var p = Path(); p.move(to: Point(5, 20)); p.line(to: Point(35, 20))
        for cap in [LineCap.butt, .round, .square] {
            for join in [LineJoin.miter, .round, .bevel] {
                let outline = p.strokeOutline(StrokeStyle(lineWidth: w, lineCap: cap, lineJoin: join),
                                              transform: .scale(2, 2))
                #expect(!outline.isEmpty)
            }
        }
        // A zero-length round dot (the full-disc step count).
        var dot = Path(); dot.move(to: Point(5, 5)); dot.line(to: Point(5, 5))
        #expect(!dot.strokeOutline(StrokeStyle(lineWidth: w, lineCap: .round)).isEmpty)
    }

    @Test func arcStepCountsAreBounded() {
        for h in [1e-300, 1e-9, 0.5, 1, 1e6, 1e15, 1e16, 1e100, 1e308] {
            for tol in [1e-12, 1e-6, 0.1, 1e10] {
                let s = Stroker(style: StrokeStyle(lineWidth: 2 * h, lineCap: .round), tolerance: tol)
                #expect((2...4096).contains(s.capSteps))
                #expect((4...8192).contains(s.dotSteps))
            }
        }
    }
}
