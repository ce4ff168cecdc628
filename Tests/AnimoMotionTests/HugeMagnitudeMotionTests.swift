import Foundation
import Testing
@testable import AnimoMotion

/// Times and rates far beyond any animation convert to whole numbers without trapping.
@Suite struct HugeMagnitudeMotionTests {
    @Test(arguments: [1e15, 1e19, 1e300, Double.greatestFiniteMagnitude])
    func springsAnswerAtHugeTimes(_ t: Double) {
        for zeta in [0.0, 0.05, 0.7, 1.0] {   // undamped and nearly undamped never settle within the cap
            let traj = FluidSpringTrajectory(delta: AnimatableVector(100), response: 0.5, dampingFraction: zeta)
            let b = traj.basis(at: t)
            if zeta >= 0.7 { #expect(b == SIMD4(1, 0, 0, 0), "ζ \(zeta): \(b)") }
            _ = traj.offset(at: t)
        }
    }

    @Test func frameCountsOfHugeRatesSaturate() {
        #expect(MotionClock.frameCount(duration: 1e300, fps: 240) > 0)
        #expect(MotionClock.frameCount(duration: 1, fps: .greatestFiniteMagnitude) > 0)
    }
}
