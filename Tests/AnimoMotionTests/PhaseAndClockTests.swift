import Foundation
import Testing
@testable import AnimoMotion

@Test func phasesLoopAdvancingAtLogicalCompletion() throws {
    // Seed 002: PhaseAnimator([false, true]) animation: true → spring(duration: 0.8, bounce: 0.3),
    // false → easeInOut(duration: 0.4).
    let phases: [[String: AnimatableVector]] = [["scale": v(1)], ["scale": v(1.5)]]
    let anims: [Animation?] = [try .easeInOut(duration: 0.4), try .spring(duration: 0.8, bounce: 0.3)]
    let pa = try PhaseAnimator(phases: phases, animations: anims, horizon: 3)
    // Spring logically completes after its response (0.8, §16), the curve at its end (0.4).
    let times = pa.steps.map(\.time), order = pa.steps.map(\.phase)
    #expect(order.prefix(5) == [0, 1, 0, 1, 0])
    #expect(close(times[1], 0, 1e-12) && close(times[2], 0.8, 1e-12) && close(times[3], 1.2, 1e-12) && close(times[4], 2.0, 1e-12))
    #expect(pa.values(at: 0).first!.value.x == 1)
    #expect(pa.phase(at: 1.0) == 0 && pa.phase(at: 1.3) == 1)
    // At 0.8 the curve back to 1 starts from the spring's in-flight value (§19).
    #expect(pa.values(at: 0.4)["scale"]!.x > 1.2)
}

@Test func equalPhasesDoNotLoopForever() throws {
    let pa = try PhaseAnimator(phases: [["x": v(1)], ["x": v(1)]], animations: [.smooth, .smooth], horizon: 100)
    #expect(pa.steps.count <= 4)
}

@Test func triggeredPhasesPlayOneCycle() throws {
    let phases: [[String: AnimatableVector]] = [["x": v(0)], ["x": v(10)], ["x": v(20)]]
    let lin = try Animation.linear(duration: 1)
    let pa = try PhaseAnimator(phases: phases, animations: [lin, lin, lin], triggers: [2], horizon: 10)
    #expect(pa.steps.map(\.phase) == [0, 1, 2, 0])
    #expect(pa.steps.map(\.time) == [0, 2, 3, 4])
    #expect(pa.values(at: 1)["x"]!.x == 0)
    #expect(close(pa.values(at: 2.5)["x"]!.x, 5, 1e-12))
    #expect(pa.values(at: 9)["x"]!.x == 0)
}

@Test func clockHelpers() {
    #expect(close(MotionClock.wrappedProgress(3.7, period: 1.6), 3.7 / 1.6 - 2, 1e-12))
    #expect(MotionClock.wrappedProgress(-0.4, period: 1) == 0.6)
    #expect(MotionClock.wrappedProgress(1, period: 0) == 0)
    #expect(MotionClock.cycleIndex(3.7, period: 1.6) == 2)
    #expect(MotionClock.pingPong(0.25, period: 1) == 0.5 && MotionClock.pingPong(0.75, period: 1) == 0.5)
    #expect(MotionClock.frameCount(duration: 2, fps: 30) == 60)
    #expect(MotionClock.time(ofFrame: 45, fps: 30) == 1.5)
    #expect(MotionClock.staggeredProgress(1, index: 2, stagger: 0.25, duration: 1) == 0.5)
}
