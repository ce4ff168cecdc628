import Foundation
import Testing
@testable import AnimoMotion

func v(_ x: Double) -> AnimatableVector { AnimatableVector(x) }

@Test func tracksHitEachKeyframeAtItsTime() throws {
    // The skill's tracks (the swiftui-microinteractions skill): scale springs, rotation linear, yOffset cubic.
    let rotation = KeyframeTrack("rotation", [
        try .linear(.angle(degrees: 15), duration: 0.15),
        try .linear(.angle(degrees: -15), duration: 0.3),
        try .linear(.angle(degrees: 0), duration: 0.15),
    ])
    let y = KeyframeTrack("y", [try .cubic(v(-20), duration: 0.3), try .cubic(v(0), duration: 0.3),
                                try .cubic(v(12), duration: 0.2), try .move(v(50)), try .linear(v(60), duration: 0.1)])
    let scale = KeyframeTrack("scale", [try .spring(v(1.5)), try .spring(v(1.0))])
    let tl = try KeyframeTimeline(initialValues: ["rotation": .angle(degrees: 0), "y": v(0), "scale": v(1)],
                                  tracks: [rotation, y, scale])
    for (deg, t) in [(15.0, 0.15), (-15, 0.45), (0, 0.6)] {
        #expect(close(tl.value(of: "rotation", at: t)!.degrees, deg, 1e-9))
    }
    #expect(close(tl.value(of: "rotation", at: 0.075)!.degrees, 7.5, 1e-9))  // linear midway
    for (val, t) in [(-20.0, 0.3), (0, 0.6), (60, 0.9)] {
        #expect(close(tl.value(of: "y", at: t)!.x, val, 1e-9), "t=\(t)")
    }
    // The cubic reaches 12 as t → 0.8; the move keyframe at 0.8 jumps to 50 at once.
    #expect(close(tl.value(of: "y", at: 0.8 - 1e-9)!.x, 12, 1e-6))
    #expect(tl.value(of: "y", at: 0.8)!.x == 50)
    // Springs with nil duration last the settling duration (0.8 s for Spring(), §12) each.
    #expect(close(scale.duration, 1.6, 1e-12))
    #expect(close(tl.duration, 1.6, 1e-12))                  // longest track (§34)
    #expect(close(tl.value(of: "scale", at: 0.8)!.x, 1.5, 1e-12))
    #expect(close(tl.value(of: "scale", at: 0.4)!.x, 1 + 0.5 * Spring.default.value(target: 1, time: 0.4), 1e-12))
    #expect(tl.value(of: "rotation", at: 1.2)!.degrees == tl.value(of: "rotation", at: 0.6)!.degrees) // holds
}

@Test func cubicUsesCatmullRomTangents() throws {
    // Three cubic keyframes 0→10 (t 1), →30 (t 2), →20 (t 4): tangent at t=1 is (30 − 0)/(2 − 0) = 15.
    let tr = ResolvedKeyframeTrack(KeyframeTrack("x", [try .cubic(v(10), duration: 1), try .cubic(v(30), duration: 1),
                                                       try .cubic(v(20), duration: 2)]), from: v(0))
    #expect(close(tr.state(at: 1 - 1e-9).velocity.x, 15, 1e-6))
    #expect(close(tr.state(at: 1 + 1e-9).velocity.x, 15, 1e-6))
    // At t = 2: (20 − 10)/(4 − 1) = 10/3.
    #expect(close(tr.state(at: 2).velocity.x, 10.0 / 3, 1e-6))
    // Hermite value at the segment midpoint: (p0 + p1)/2 + d·(v0 − v1)/8 with d = 1, v0 = 0, v1 = 15.
    #expect(close(tr.value(at: 0.5).x, 5 + (0 - 15) / 8, 1e-9))
}

@Test func lastTrackWinsAndTriggeredRunsRestartFromCurrentValue() throws {
    let a = KeyframeTrack("x", [try .linear(v(10), duration: 1)])
    let b = KeyframeTrack("x", [try .linear(v(-10), duration: 1)])
    let tl = try KeyframeTimeline(initialValues: ["x": v(0)], tracks: [a, b])
    #expect(tl.value(of: "x", at: 0.5)!.x == -5)
    let anim = try KeyframeAnimator(initialValues: ["x": v(0)], tracks: [a], playback: .triggered(times: [1, 1.5]))
    #expect(anim.values(at: 0.5)["x"]!.x == 0)
    #expect(close(anim.values(at: 1.25)["x"]!.x, 2.5, 1e-12))
    // Second trigger at 1.5 restarts from 5 toward 10 over 1 s.
    #expect(close(anim.values(at: 2.0)["x"]!.x, 7.5, 1e-12))
    #expect(anim.values(at: 9)["x"]!.x == 10)
    let loop = try KeyframeAnimator(initialValues: ["x": v(0)], tracks: [KeyframeTrack("x", [try .linear(v(10), duration: 1), try .linear(v(0), duration: 1)])], playback: .repeating)
    #expect(close(loop.values(at: 2.5)["x"]!.x, 5, 1e-12))
    #expect(close(loop.values(at: 7.25)["x"]!.x, 7.5, 1e-9))  // 7.25 mod 2 = 1.25: 10 → 0 at 0.25
}

@Test func keyframeErrorsNameTheParameter() {
    #expect(throws: MotionError(parameter: "duration", message: "duration must be >= 0, got -1")) {
        try Keyframe.linear(v(1), duration: -1)
    }
    #expect(throws: MotionError.self) { try Keyframe.cubic(v(.nan), duration: 1) }
    #expect(throws: MotionError.self) { try KeyframeTimeline(initialValues: [:], tracks: [KeyframeTrack("x", [])]) }
}
