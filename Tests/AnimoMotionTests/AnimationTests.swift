import Foundation
import Testing
@testable import AnimoMotion

@Test func presetsUseDocumentedParameters() throws {
    // docs/semantics.md §7–9, §23: typed again here from the document.
    #expect(Animation.smooth == (try Animation.spring(duration: 0.5, bounce: 0)))
    #expect(Animation.snappy == (try Animation.spring(response: 0.5, dampingFraction: 0.85)))
    #expect(Animation.bouncy == (try Animation.spring(response: 0.5, dampingFraction: 0.7)))
    #expect(Animation.interactiveSpring == (try Animation.spring(response: 0.15, dampingFraction: 0.85, blendDuration: 0.25)))
    #expect(Animation.easeInOut == (try Animation.timingCurve(0.42, 0, 0.58, 1, duration: 0.35)))
    #expect(Animation.linear == (try Animation.linear(duration: 0.35)))
}

@Test func badParametersNameTheParameter() {
    func message(_ body: () throws -> Animation) -> String? {
        do { _ = try body(); return nil } catch let e as MotionError { return e.message } catch { return "?" }
    }
    #expect(message { try .spring(response: -1) } == "response must be > 0, got -1")
    #expect(message { try .spring(response: 0) } == "response must be > 0, got 0")
    #expect(message { try .spring(response: 0.5, dampingFraction: -0.2) } == "dampingFraction must be >= 0, got -0.2")
    #expect(message { try .easeInOut(duration: 0) } == "duration must be > 0, got 0")
    #expect(message { try .linear(duration: -2) } == "duration must be > 0, got -2")
    #expect(message { try .timingCurve(0.2, .nan, 0.8, 1) } == "c0y must be finite, got nan")
    #expect(message { try .spring(duration: .nan) } == "duration must be > 0, got nan")
    #expect(message { try Animation.linear.delay(-1) } == "delay must be >= 0, got -1")
    #expect(message { try Animation.linear.speed(0) } == "speed must be > 0, got 0")
    #expect(message { try Animation.linear.repeatCount(0) } == "repeatCount must be >= 1, got 0")
    #expect(message { try Animation.spring(response: 0.5, dampingFraction: 0).repeatForever() }?.hasPrefix("dampingFraction") == true)
    #expect(message { try Animation.linear.repeatForever().repeatForever() }?.hasPrefix("repeatForever") == true)
    #expect(message { try .interpolatingSpring(stiffness: -1, damping: 1) } == "stiffness must be > 0, got -1")
}

@Test func curveRunFollowsTheCurve() throws {
    let run = AnimationRun(try .easeIn(duration: 2), delta: AnimatableVector(1))
    for t in stride(from: 0.0, through: 2.0, by: 0.25) {
        #expect(close(run.sample(at: t).f, UnitCurve.easeIn.value(at: t / 2), 1e-12))
    }
    #expect(run.finishTime == 2 && run.logicalCompletionTime == 2)
}

@Test func delayAndSpeedComposeOutsideIn() throws {
    // Fact 28: .delay(1).speed(2): the delay itself runs 2× faster.
    let a = try Animation.linear(duration: 1).delay(1).speed(2)
    let run = AnimationRun(a, delta: AnimatableVector(1))
    #expect(run.sample(at: 0.4).f == 0)
    #expect(close(run.sample(at: 0.75).f, 0.5, 1e-12))
    #expect(run.finishTime == 1)
    #expect(close(run.sample(at: 0.75).df, 2, 1e-9))
}

@Test func repeatCountAutoreversesAndSnaps() throws {
    // Fact 26: n = 2 with autoreverse: forward, reverse, then the model value.
    let run = AnimationRun(try Animation.linear(duration: 1).repeatCount(2, autoreverses: true), delta: AnimatableVector(1))
    #expect(close(run.sample(at: 0.25).f, 0.25, 1e-12))
    #expect(close(run.sample(at: 1.25).f, 0.75, 1e-12))
    #expect(run.sample(at: 2.5).f == 1)
    #expect(run.finishTime == 2)
    let three = AnimationRun(try Animation.linear(duration: 1).repeatCount(3, autoreverses: false), delta: AnimatableVector(1))
    #expect(close(three.sample(at: 2.5).f, 0.5, 1e-12))
    #expect(three.logicalCompletionTime == 3)
    let forever = AnimationRun(try Animation.easeInOut.repeatForever(), delta: AnimatableVector(1))
    #expect(forever.finishTime == nil && forever.logicalCompletionTime == nil)
    #expect(close(forever.sample(at: 0.35 * 101 + 0.1).f, 1 - UnitCurve.easeInOut.value(at: 0.1 / 0.35), 1e-9))
}

@Test func interpolatingSpringIsClosedFormFraction() throws {
    let a = try Animation.interpolatingSpring(stiffness: 170, damping: 15, initialVelocity: 2)
    let run = AnimationRun(a, delta: AnimatableVector(40))
    for t in [0.05, 0.2, 0.6] {
        let ref = rk4Spring(mass: 1, stiffness: 170, damping: 15, target: 1, v0: 2, time: t)
        #expect(close(run.sample(at: t).f, ref.x, 1e-6))
        #expect(close(run.sample(at: t).df, ref.v, 1e-6))
    }
    #expect(close(run.logicalCompletionTime!, 2 * Double.pi / sqrt(170), 1e-12))  // §16
}

@Test func logicallyCompleteNeverExtends() throws {
    let r1 = AnimationRun(try Animation.linear(duration: 1).logicallyComplete(after: 0.3), delta: AnimatableVector(1))
    #expect(r1.logicalCompletionTime == 0.3 && r1.finishTime == 1)
    let r2 = AnimationRun(try Animation.linear(duration: 1).logicallyComplete(after: 3), delta: AnimatableVector(1))
    #expect(r2.logicalCompletionTime == 1)
}
