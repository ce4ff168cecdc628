// SheetPlan: the instants a contact sheet shows. A spec with events shows its placed key poses
// (KeyPoses.swift: no copies of an unanimated event's start, nothing outside the timeline). A
// spec without events has no transition to find poses in: when its frames move (a loader driven
// by the TimelineView clock, a repeatForever animation, a phase animator), the sheet shows one
// period of the loop in evenly spaced frames, since its `first` and `last` are often the same
// picture. The period is measured from pixels: the frames at i / fps are rendered (at most one
// pixel per point and 256 pixels on the longer side) and the period is the first k / fps whose
// frame matches frame 0 — no pixel differs by more than the visibility tolerance, 0.04
// premultiplied (VisibleMask) — while some frame before it does not, and every later frame
// matches the one k earlier. A loop that does not repeat within the duration, or repeats at a
// time between frames, shows the whole duration evenly spaced instead (so does one of more than
// 600 frames, left unmeasured); a spec whose frames never change keeps `first` and `last`.
// Every measured frame is kept until the period is found: at most 600 of 256² px, 157 MB.
import AnimoScene
import AnimoRender
import AnimoCheck

public enum SheetPlan {
    /// How many evenly spaced frames show a loop.
    public static let loopCells = 8
    /// The most frames rendered to measure a loop.
    public static let maxFrames = 600
    /// The longer side, in pixels, of the frames rendered to measure a loop (at most one pixel per
    /// point), so that measuring a phone-sized canvas costs about what a small one does.
    public static let measureSide = 256.0

    /// The sheet's cells, in order. Loop cells are named `k/8` (k = 0 … 7) with their time.
    public static func cells(renderer: SceneRenderer) throws -> [KeyPose] {
        let poses = renderer.keyPoses()
        guard renderer.spec.events.isEmpty else { return poses }
        let duration = renderer.spec.duration
        guard duration > 0, let loop = try measureLoop(renderer: renderer) else { return poses }
        let n = loopCells
        switch loop {
        case .period(let p):
            return (0..<n).map { KeyPose(role: "\($0)/\(n)", time: p * Double($0) / Double(n)) }
        case .aperiodic:
            return (0..<n).map { KeyPose(role: "\($0)/\(n - 1)", time: duration * Double($0) / Double(n - 1)) }
        }
    }

    /// What the frames of a spec do over its duration.
    public enum Loop: Sendable, Equatable {
        /// They repeat every this many seconds.
        case period(Double)
        /// They move without repeating within the duration (at frame times).
        case aperiodic
    }

    /// The loop of the spec's frames at its fps; nil when no frame differs from the first.
    public static func measureLoop(renderer: SceneRenderer) throws -> Loop? {
        let times = renderer.frameTimes(fps: renderer.spec.fps)
        // Every frame is kept to compare; a longer spec is shown whole, unmeasured.
        guard times.count <= maxFrames else { return .aperiodic }
        let canvas = renderer.spec.canvas
        let scale = min(canvas.scale, 1, measureSide / max(canvas.width, canvas.height, 1))
        let frames = try times.map { RGBAImage(try renderer.render(at: $0, scale: scale)) }
        func same(_ a: Int, _ b: Int) -> Bool { VisibleMask.changedPixels(frames[a], from: frames[b]) == 0 }
        guard let firstMove = frames.indices.dropFirst().first(where: { !same($0, 0) }) else { return nil }
        for k in (firstMove + 1)..<max(frames.count, firstMove + 1) where same(k, 0) {
            if (k..<frames.count).allSatisfy({ same($0, $0 - k) }) { return .period(times[k]) }
        }
        return .aperiodic
    }
}
