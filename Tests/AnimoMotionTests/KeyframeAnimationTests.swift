// The `keyframes` animation form: a keyframe track over a change's progress.
import Testing
@testable import AnimoMotion

@Test func keyframeAnimationFollowsItsTrackAndFinishesAtTheTarget() throws {
    // 0 → 1.2 linearly over 0.2 s, then 1.2 → 1 linearly over 0.3 s.
    let a = try Animation.keyframes([.linear(.scalar(1.2), duration: 0.2), .linear(.scalar(1), duration: 0.3)])
    var p = AnimatedProperty(initialValue: .scalar(10))
    try p.set(.scalar(20), at: 1, animation: a)          // delta 10
    #expect(abs(p.value(at: 1.1).x - (10 + 10 * 0.6)) < 1e-9)     // halfway up the first ramp
    #expect(abs(p.value(at: 1.2).x - 22) < 1e-9)                  // the overshoot keyframe
    #expect(abs(p.value(at: 1.35).x - 21) < 1e-9)                 // halfway down
    #expect(p.value(at: 1.6).x == 20)                             // finished: the target
    #expect(p.restTime(afterChange: 0).map { abs($0 - 1.5) < 1e-9 } == true)
}

@Test func keyframeAnimationCombinesAdditivelyLikeACurve() throws {
    let k = try Animation.keyframes([.linear(.scalar(1), duration: 1)])
    var p = AnimatedProperty(initialValue: .scalar(0))
    try p.set(.scalar(100), at: 0, animation: k)
    try p.set(.scalar(0), at: 0.5, animation: k)
    // Fact 19 with linear progress: x = (1 − p1)·a0(t) + p1·target, a0(t) = 100·t, p1 = t − 0.5.
    let t = 0.75
    let expected = (1 - (t - 0.5)) * (100 * t) + (t - 0.5) * 0
    #expect(abs(p.value(at: t).x - expected) < 1e-9)
}

@Test func keyframeAnimationRejectsTracksThatDoNotReachOneOrTakeNoTime() {
    #expect(throws: MotionError.self) { _ = try Animation.keyframes([.linear(.scalar(0.8), duration: 0.3)]) }
    #expect(throws: MotionError.self) { _ = try Animation.keyframes([.move(.scalar(1))]) }
    #expect(throws: MotionError.self) { _ = try Animation.keyframes([]) }
}
