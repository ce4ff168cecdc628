// A golden case catches timing: its key poses' times are recorded in poses.json, and a spec whose
// event moved fails even though every key-pose picture is the same (the poses move with it).
import Foundation
import Testing
import AnimoTestSupport
@testable import AnimoVerify
import AnimoCheck

/// A dot that eases from x = 10 to x = 30 over 0.4 s, from the event at `at`: easeInOut is
/// symmetric, so start:0 = at, mid:0 = at + 0.2, rest:0 = at + 0.4.
private func dotSpec(eventAt at: String, duration: String = "0.4") -> String {
    #"{"canvas": {"width": 40, "height": 30, "scale": 1, "background": "black"}, "duration": 1, "fps": 30, "state": {"x": 10}, "events": [{"at": \#(at), "set": {"x": 30}, "animation": {"easeInOut": {"duration": \#(duration)}}}], "content": [{"circle": {"center": ["=x", 15], "radius": 6}, "fill": "white"}]}"#
}

private func makeCase(_ spec: String) throws -> GoldenCase {
    let dir = temporaryFolder("golden-timing").appendingPathComponent("dot")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try Data(spec.utf8).write(to: dir.appendingPathComponent("spec.json"))
    return GoldenCase(folder: dir)
}

@Test func anEventMoved40msLaterFailsTheGoldenInWords() throws {
    let golden = try makeCase(dotSpec(eventAt: "0.2"))
    let recorded = golden.check(mode: .missing)
    #expect(!recorded.failed, "\(recorded.line) \(recorded.details)")
    #expect(golden.check(mode: .never).failed == false)

    try Data(dotSpec(eventAt: "0.24").utf8).write(to: golden.folder.appendingPathComponent("spec.json"))
    let moved = golden.check(mode: .never)
    #expect(moved.failed, "a transition 40 ms late must fail: \(moved.line)")
    let text = moved.details.joined(separator: "\n")
    #expect(text.contains("start-0 is 40 ms late (0.200 s → 0.240 s)"), "\(text)")
    #expect(text.contains("mid-0 is 40 ms late (0.400 s → 0.440 s)"), "\(text)")
    #expect(text.contains("rest-0 is 40 ms late (0.600 s → 0.640 s)"), "\(text)")
    #expect(moved.line.contains("the whole animation runs 40 ms late"), "\(moved.line)")
}

@Test func maxPoseShiftInToleranceJSONSetsHowFarAPoseMayMove() throws {
    let golden = try makeCase(dotSpec(eventAt: "0.2"))
    #expect(!golden.check(mode: .missing).failed)
    try Data(dotSpec(eventAt: "0.24").utf8).write(to: golden.folder.appendingPathComponent("spec.json"))
    try Data(#"{"maxPoseShift": 0.05}"#.utf8).write(to: golden.folder.appendingPathComponent("tolerance.json"))
    let loose = golden.check(mode: .never)
    #expect(!loose.failed, "40 ms is within 50 ms: \(loose.line) \(loose.details)")
    try Data(#"{"maxPoseShift": 0.03}"#.utf8).write(to: golden.folder.appendingPathComponent("tolerance.json"))
    #expect(golden.check(mode: .never).failed)
    try Data(#"{"maxPoseShfit": 0.03}"#.utf8).write(to: golden.folder.appendingPathComponent("tolerance.json"))
    let typo = golden.check(mode: .never)
    #expect(typo.failed && typo.line.contains("unknown key 'maxPoseShfit'"), "\(typo.line)")
}

@Test func aFasterSpringIsAScaleOfItsTransition() throws {
    func spring(_ response: String) -> String {
        #"{"canvas": {"width": 40, "height": 30, "scale": 1, "background": "black"}, "duration": 1, "state": {"x": 10}, "events": [{"at": 0.2, "set": {"x": 30}, "animation": {"spring": {"response": \#(response), "dampingFraction": 0.8}}}], "content": [{"circle": {"center": ["=x", 15], "radius": 6}, "fill": "white"}]}"#
    }
    let golden = try makeCase(spring("0.4"))
    #expect(!golden.check(mode: .missing).failed)
    try Data(spring("0.3").utf8).write(to: golden.folder.appendingPathComponent("spec.json"))
    let r = golden.check(mode: .never)
    let timing = try #require(r.timing, "\(r.line)")
    // A spring's durations scale with its response: 0.3 / 0.4; the start does not move.
    #expect(timing.model?.kind == .scale, "\(timing.sentence)")
    #expect(abs((timing.model?.scale ?? 0) - 0.75) < 0.02, "\(timing.model as Any)")
    #expect(timing.sentence.hasPrefix("the spring settles ") && timing.sentence.contains(" ms sooner (25 % shorter)"), "\(timing.sentence)")
    #expect(r.poses.first { $0.role == "start:0" }?.status == .kept)
}

@Test func aTimingModelPrefersTheSimplestThatFits() {
    // Key poses of one transition starting at 0.2: mid 0.4, rest 0.6.
    func points(_ f: (Double) -> Double) -> [TimingPoint] {
        [0.2, 0.4, 0.6].enumerated().map { TimingPoint(label: "p\($0.offset)", old: $0.element, new: f($0.element), origin: 0.2) }
    }
    let shift = TimingModel.fit(points { $0 + 0.04 }, tolerance: 0.005)
    #expect(shift?.kind == .shift && abs((shift?.shift ?? 0) - 0.04) < 1e-9)
    #expect(shift?.sentence(span: 0.4) == "the whole animation runs 40 ms late")
    let scale = TimingModel.fit(points { 0.2 + 1.5 * ($0 - 0.2) }, tolerance: 0.005)
    #expect(scale?.kind == .scale && abs((scale?.scale ?? 0) - 1.5) < 1e-9)
    #expect(scale?.sentence(subject: "the spring", span: 0.4) == "the spring settles 200 ms later (50 % longer)")
    let both = TimingModel.fit(points { 0.25 + 0.5 * ($0 - 0.2) }, tolerance: 0.005)
    #expect(both?.kind == .shiftAndScale, "\(both as Any)")
    #expect(both?.sentence(span: 0.4) == "the transition starts 50 ms late and takes 50 % less time: it settles 150 ms sooner")
    #expect(TimingModel.fit(points { $0 }, tolerance: 0.005)?.kind == .unchanged)
    // Mid early, rest late: no shift or scale within 5 ms.
    let none = TimingModel.fit([TimingPoint(label: "a", old: 0.2, new: 0.2, origin: 0.2), TimingPoint(label: "b", old: 0.4, new: 0.35, origin: 0.2),
                                TimingPoint(label: "c", old: 0.6, new: 0.7, origin: 0.2)], tolerance: 0.005)
    #expect(none == nil, "\(none as Any)")
}

@Test func aRestPoseThatMovesPastTheEndIsNotedAndNoLongerExists() throws {
    let golden = try makeCase(dotSpec(eventAt: "0.5"))
    #expect(!golden.check(mode: .missing).failed)
    // Now the event is at 0.7: its rest at 1.1 s is after the 1 s spec.
    try Data(dotSpec(eventAt: "0.7").utf8).write(to: golden.folder.appendingPathComponent("spec.json"))
    let r = golden.check(mode: .never)
    #expect(r.failed)
    #expect(r.details.contains { $0.contains("rest-0 no longer exists (recorded at 0.900 s)") && $0.contains("after the end of the spec") }, "\(r.details)")
    #expect(r.notes.contains { $0.contains("rest:0 would be at 1.100 s, outside the spec's 0…1 s: no golden") }, "\(r.notes)")
    #expect(r.orphans.contains("rest-0.png"), "\(r.orphans)")
}
