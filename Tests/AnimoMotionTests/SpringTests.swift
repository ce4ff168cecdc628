import Foundation
import Testing
@testable import AnimoMotion

@Test func publishedCheckValues() throws {
    // ADOC `Spring` overview (docs/semantics.md §2).
    let a = try Spring(duration: 0.5, bounce: 0.3)
    #expect(a.mass == 1)
    #expect(close(a.stiffness, 157.9, 0.05))
    #expect(close(a.damping, 17.6, 0.05))
    let b = try Spring(mass: 1, stiffness: 100, damping: 10)
    #expect(close(b.duration, 0.63, 0.005))
    #expect(close(b.bounce, 0.5, 1e-12))
}

@Test func negativeBounceAndResponseMapping() throws {
    // Fact 3: bounce −0.5 → ζ 2 → c = 4π·2/0.5 ≈ 50.27 (duration 0.5).
    let s = try Spring(duration: 0.5, bounce: -0.5)
    #expect(close(s.dampingRatio, 2, 1e-12))
    #expect(close(s.damping, 4 * Double.pi * 2 / 0.5, 1e-9))
    #expect(close(s.bounce, -0.5, 1e-12))
    let r = try Spring(response: 0.35, dampingRatio: 0.6)
    #expect(close(r.stiffness, pow(2 * Double.pi / 0.35, 2), 1e-9))
    #expect(close(r.damping, 4 * Double.pi * 0.6 / 0.35, 1e-9))
    // Fact 5: overdamping not allowed → critically damped.
    let c = try Spring(mass: 1, stiffness: 100, damping: 40)
    #expect(c.dampingRatio == 1)
    let o = try Spring(mass: 1, stiffness: 100, damping: 40, allowOverDamping: true)
    #expect(close(o.dampingRatio, 2, 1e-12))
}

@Test(arguments: [(1.0, 100.0, 4.0), (2.0, 150.0, 2 * sqrt(300.0)), (1.0, 50.0, 30.0), (0.5, 400.0, 12.0)])
func closedFormMatchesRK4(mass: Double, stiffness: Double, damping: Double) throws {
    let s = try Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
    for v0 in [0.0, 3.0, -7.5] {
        for t in [0.05, 0.2, 0.5, 1.1] {
            let ref = rk4Spring(mass: mass, stiffness: stiffness, damping: damping, target: 2.5, v0: v0, time: t)
            #expect(close(s.value(target: 2.5, initialVelocity: v0, time: t), ref.x, 1e-6))
            #expect(close(s.velocity(target: 2.5, initialVelocity: v0, time: t), ref.v, 1e-6))
        }
    }
}

@Test func vectorFormIsComponentWise() throws {
    let s = try Spring(duration: 0.4, bounce: 0.2)
    let v = s.value(target: AnimatableVector(1, -2, 3, 0), initialVelocity: AnimatableVector(0, 1, 0, 0), time: 0.13)
    #expect(close(v.x, s.value(target: 1, time: 0.13), 1e-12))
    #expect(close(v.y, s.value(target: -2, initialVelocity: 1, time: 0.13), 1e-12))
    #expect(close(v.z, s.value(target: 3, time: 0.13), 1e-12))
}

@Test func presetSettlingDurations() {
    // Recomputed independently from §12: underdamped t = ln((λ + 1)/ε)/λ for T = 1, v0 = 0.
    let eps = 0.001, w0 = 2 * Double.pi / 0.5
    func under(_ z: Double) -> Double { let l = z * w0; return log((l + 1) / eps) / l }
    #expect(close(Spring.snappy.settlingDuration, under(0.85), 1e-12))
    #expect(close(Spring.bouncy.settlingDuration, under(0.7), 1e-12))
    #expect(close(Spring.snappy.settlingDuration, 0.877, 0.0005))
    #expect(close(Spring.bouncy.settlingDuration, 1.045, 0.0005))
    // Critical: first 0.1 s sample with e^{−λt}(1 + λt) < ε (monotone approach), λ = w0.
    var t = 0.0
    while exp(-w0 * t) * (1 + w0 * t) >= eps { t += 0.1 }
    #expect(close(Spring.smooth.settlingDuration, t, 1e-9))
    #expect(close(Spring.smooth.settlingDuration, 0.8, 1e-9))
}

@Test func settlingTimesMonotoneInDamping() throws {
    // For underdamped ratios, more damping settles sooner (ln((λ+1)/ε)/λ decreases in λ).
    var last = Double.infinity
    for z in stride(from: 0.1, through: 0.95, by: 0.05) {
        let d = try Spring(response: 0.5, dampingRatio: z).settlingDuration
        #expect(d < last)
        last = d
    }
    #expect(try Spring(response: 0.5, dampingRatio: 0).settlingDuration == .infinity)
}

@Test func settlingDurationInitializerRoundTrips() throws {
    let s = try Spring(settlingDuration: 1.2, dampingRatio: 0.6)
    #expect(close(s.settlingDuration, 1.2, 1e-6))
}

@Test func badSpringParametersNameTheParameter() {
    #expect(throws: MotionError(parameter: "response", message: "response must be > 0, got -1")) {
        try Spring(response: -1, dampingRatio: 0.5)
    }
    #expect(throws: MotionError(parameter: "duration", message: "duration must be > 0, got 0")) {
        try Spring(duration: 0, bounce: 0)
    }
    #expect(throws: MotionError.self) { try Spring(duration: 0.5, bounce: .nan) }
    #expect(throws: MotionError.self) { try Spring(response: 0.5, dampingRatio: -0.1) }
    #expect(throws: MotionError.self) { try Spring(mass: 0, stiffness: 1, damping: 1) }
}

@Test func interactiveSpringSettlesIn0295() throws {
    // Fact 12: interactive 0.295 s (ζ 0.85, duration 0.15): ln((λ + 1)/ε)/λ, λ = 0.85·2π/0.15.
    let s = try Spring(duration: 0.15, bounce: 0.15)
    let l = 0.85 * 2 * Double.pi / 0.15
    #expect(close(s.settlingDuration, log((l + 1) / 0.001) / l, 1e-12))
    #expect(close(s.settlingDuration, 0.295, 0.0005))
}

@Test func samplerPlotsTheCurve() throws {
    let pts = try MotionSampler.samples(of: .easeInOut, duration: 0.35, step: 0.035)
    #expect(pts.count == 11)
    for p in pts { #expect(close(p.fraction, UnitCurve.easeInOut.value(at: p.time / 0.35), 1e-9)) }
}
