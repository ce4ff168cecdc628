import Foundation
import Testing
@testable import AnimoMotion

@Test func jumpWithoutAnimation() throws {
    var p = AnimatedProperty(initialValue: AnimatableVector(0))
    try p.set(AnimatableVector(10), at: 1, animation: nil)
    #expect(p.value(at: 0.5).x == 0)
    #expect(p.value(at: 1).x == 10)
    #expect(p.restTime(afterChange: 0) == 1)
}

@Test func overlappingEaseCurvesCombineAsFact19() throws {
    // x = a0(t) + p1·(M1 − a0(t)): the second curve runs from the first's in-flight value.
    var p = AnimatedProperty(initialValue: AnimatableVector(0))
    let a0 = try Animation.easeInOut(duration: 1), a1 = try Animation.easeIn(duration: 0.8)
    try p.set(AnimatableVector(100), at: 0, animation: a0)
    try p.set(AnimatableVector(-50), at: 0.4, animation: a1)
    for t in stride(from: 0.0, through: 1.4, by: 0.05) {
        let first = 0 + 100 * UnitCurve.easeInOut.value(at: t)
        let p1 = t < 0.4 ? 0 : UnitCurve.easeIn.value(at: (t - 0.4) / 0.8)
        let expected = t < 0.4 ? first : first + p1 * (-50 - first)
        #expect(close(p.value(at: t).x, expected, 1e-9), "t=\(t)")
    }
    // Cumulative-delta form of §19: e0 = v0 = 100, e1 = v0 + v1 = −50;
    // result = a0(e0); result += a1(e1 − result).
    let t = 0.9
    var result = 100 * UnitCurve.easeInOut.value(at: t)
    result += UnitCurve.easeIn.value(at: (t - 0.4) / 0.8) * (-50 - result)
    #expect(close(p.value(at: t).x, result, 1e-9))
    // The combined animation ends with its last-added entry.
    #expect(close(p.restTime(afterChange: 0)!, 1.2, 1e-12))
}

@Test func springRetargetIsContinuousInValueAndVelocity() throws {
    var p = AnimatedProperty(initialValue: AnimatableVector(0, 0))
    try p.set(AnimatableVector(100, 50), at: 0, animation: .bouncy)
    try p.set(AnimatableVector(-40, 80), at: 0.23, animation: .snappy)
    let h = 1e-7
    let before = p.state(at: 0.23 - h), after = p.state(at: 0.23 + h)
    #expect((before.value - after.value).magnitude < 1e-3)
    #expect((before.velocity - after.velocity).magnitude < 1e-1)
    // The velocity really is the derivative of the value (finite difference).
    for t in [0.1, 0.3, 0.5] {
        let fd = (p.value(at: t + 1e-5) - p.value(at: t - 1e-5)).scaled(by: 1 / 2e-5)
        #expect((fd - p.velocity(at: t)).magnitude < 1e-3 * max(1, fd.magnitude))
    }
    // Retarget to the same response keeps the spring ODE: compare with RK4 from the carried state.
    var q = AnimatedProperty(initialValue: AnimatableVector(0))
    try q.set(AnimatableVector(100), at: 0, animation: .snappy)
    try q.set(AnimatableVector(20), at: 0.2, animation: .snappy)
    let s0 = q.state(at: 0.2)
    let k = pow(2 * Double.pi / 0.5, 2), c = 2 * k.squareRoot() * 0.85
    let ref = rk4Spring(mass: 1, stiffness: k, damping: c, target: 20, x0: s0.value.x, v0: s0.velocity.x, time: 0.3)
    #expect(abs(q.value(at: 0.5).x - ref.x) < 1e-4 * 100)
}

@Test func responseBlendsOverBlendDuration() throws {
    // Fact 17: from response 0.5 to 0.15 over 0.25 s, stiffness rises gradually.
    let (kStart, _) = FluidSpringTrajectory.coefficients(time: 0, response: 0.15, zeta: 0.85, blendFrom: 0.5, blendDuration: 0.25)
    let (kMid, _) = FluidSpringTrajectory.coefficients(time: 0.125, response: 0.15, zeta: 0.85, blendFrom: 0.5, blendDuration: 0.25)
    let (kEnd, _) = FluidSpringTrajectory.coefficients(time: 0.3, response: 0.15, zeta: 0.85, blendFrom: 0.5, blendDuration: 0.25)
    #expect(close(kStart, pow(2 * Double.pi / 0.5, 2), 1e-9))
    #expect(close(kMid, pow(2 * Double.pi / 0.325, 2), 1e-9))  // p = 0.5 → smoothstep 0.5
    #expect(close(kEnd, pow(2 * Double.pi / 0.15, 2), 1e-9))
    var p = AnimatedProperty(initialValue: AnimatableVector(0))
    try p.set(AnimatableVector(100), at: 0, animation: .smooth)
    try p.set(AnimatableVector(200), at: 0.1, animation: .interactiveSpring)
    let (a, b) = (p.state(at: 0.1 - 1e-7), p.state(at: 0.1 + 1e-7))
    #expect(abs(a.value.x - b.value.x) < 1e-3 && abs(a.velocity.x - b.velocity.x) < 0.1)
}

@Test func springOverCurveStartsAtRest() throws {
    // Fact 17: Béziers report no velocity, so the merging spring starts with zero velocity.
    var p = AnimatedProperty(initialValue: AnimatableVector(0))
    try p.set(AnimatableVector(100), at: 0, animation: .linear)
    try p.set(AnimatableVector(0), at: 0.2, animation: .smooth)
    #expect(close(p.value(at: 0.2).x, 100 * 0.2 / 0.35, 1e-9))
    #expect(abs(p.velocity(at: 0.2 + 1e-9).x) < 1e-3)
}

@Test func randomAccessEvaluationIsPure() throws {
    var p = AnimatedProperty(initialValue: AnimatableVector(0))
    try p.set(AnimatableVector(1), at: 0, animation: .bouncy)
    try p.set(AnimatableVector(3), at: 0.3, animation: .easeOut)
    try p.set(AnimatableVector(-1), at: 0.5, animation: .snappy)
    let times = (0..<90).map { Double($0) / 30 }
    let forward = times.map { p.value(at: $0) }
    for i in times.indices.reversed() { #expect(p.value(at: times[i]) == forward[i]) }
}

@Test func settleAndMidpointTimes() throws {
    var p = AnimatedProperty(initialValue: AnimatableVector(0))
    try p.set(AnimatableVector(10), at: 1, animation: try .linear(duration: 2))
    #expect(p.restTime(afterChange: 0) == 3)
    #expect(close(p.firstTime(reachingFraction: 0.5, ofChange: 0)!, 2, 1e-8))
    var s = AnimatedProperty(initialValue: AnimatableVector(0))
    try s.set(AnimatableVector(10), at: 0, animation: .smooth)
    let rest = try #require(s.restTime(afterChange: 0))
    #expect(rest > 0.5 && rest < 1.5)
    let mid = try #require(s.firstTime(reachingFraction: 0.5, ofChange: 0))
    // Critically damped step response: 1 − e^{−ωt}(1 + ωt) = 0.5 at ωt ≈ 1.67835.
    #expect(close(mid, 1.678347 / (2 * Double.pi / 0.5), 1e-4))
    var f = AnimatedProperty(initialValue: AnimatableVector(0))
    try f.set(AnimatableVector(1), at: 0, animation: try Animation.easeInOut.repeatForever())
    #expect(f.restTime(afterChange: 0) == nil)
}

@Test func timesMustNotGoBackwards() throws {
    var p = AnimatedProperty(initialValue: AnimatableVector(0))
    try p.set(AnimatableVector(1), at: 2, animation: .smooth)
    #expect(throws: MotionError.self) { try p.set(AnimatableVector(2), at: 1, animation: .smooth) }
    #expect(throws: MotionError.self) { try p.set(AnimatableVector(2), at: .nan, animation: .smooth) }
}

@Test func restTimesMonotoneInDamping() throws {
    var last = Double.infinity
    for z in [0.3, 0.5, 0.7, 0.9] {
        var p = AnimatedProperty(initialValue: AnimatableVector(0))
        try p.set(AnimatableVector(100), at: 0, animation: try .spring(response: 0.5, dampingFraction: z))
        let r = try #require(p.restTime(afterChange: 0))
        #expect(r < last)
        last = r
    }
}
