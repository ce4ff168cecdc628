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
