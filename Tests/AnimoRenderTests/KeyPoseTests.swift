// Key poses: `mid:N` of an event that reverses running animations is halfway from what was
// displayed when it fired; no pose is placed outside [0, duration]; an event that animates nothing
// has only its `start:N` placed (its `mid`/`rest` are copies of it).
import Foundation
import Testing
import AnimoCheck
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender
@testable import AnimoVerify

struct KeyPoseTests {
    func spec(_ content: String, events: String, duration: Double = 2, expect: String = "[]") throws -> Spec {
        try Spec.load(json: """
        {"canvas": {"width": 100, "height": 120, "scale": 1}, "duration": \(duration), "state": {"on": false},
         "events": \(events), "content": \(content), "expect": \(expect)}
        """)
    }

    /// Two bars that rise on `on` with their own delayed linear animation (BarLoaderView's
    /// pattern): `on` turns true, then false 0.1 s later, while bar 0 is rising and bar 1 has not
    /// started. Bar 1 shows its new value when the second event fires, yet it still rises and falls.
    var bars: String {
        """
        [{"repeat": {"count": 2, "as": "i", "content": [
            {"rectangle": {"frame": ["=10 + 40 * i", "=110 - (on ? 100 : 20)", 20, "=on ? 100 : 20"]}, "fill": "black",
             "modifiers": [{"animation": {"linear": {"duration": 0.4}, "delay": "=i * 0.2", "value": "on"}}]}]}}]
        """
    }

    @Test func midOfAReversalIsHalfwayFromWhatWasDisplayed() throws {
        let s = try spec(bars, events: #"[{"at": 0.5, "set": {"on": true}}, {"at": 0.6, "set": {"on": false}}]"#)
        let r = try SceneRenderer(spec: s)
        let poses = Dictionary(uniqueKeysWithValues: r.keyPoses().map { ($0.role, $0.time) })
        let start = try #require(poses["start:1"]), mid = try #require(poses["mid:1"]), rest = try #require(poses["rest:1"])
        #expect(start == 0.6)
        // Bar 0 falls from 40 back to 20 during 0.8 … 1.0; bar 1 rises during 0.7 … 1.1 and falls
        // during 0.8 … 1.2: it has travelled half its path (up 20 of 40) at 0.8.
        #expect(mid > start + 0.15 && mid < rest, "mid:1 at \(mid), start \(start), rest \(rest)")
        #expect(abs((r.scene.transitionProgress(event: 1, at: mid) ?? 0) - 0.5) < 1e-6)
        let atStart = RGBAImage(try r.render(at: start)), atMid = RGBAImage(try r.render(at: mid)), atRest = RGBAImage(try r.render(at: rest))
        #expect(VisibleMask.changedPixels(atMid, from: atStart) > 100, "the halfway pose is a pose of its own")
        #expect(VisibleMask.changedPixels(atMid, from: atRest) > 100)
    }

    @Test func aPoseAfterTheEndIsReportedNotPlaced() throws {
        let s = try spec(#"[{"rectangle": {"frame": ["=on ? 60 : 10", 10, 20, 20]}, "fill": "black"}]"#,
                         events: #"[{"at": 0.6, "set": {"on": true}, "animation": {"linear": {"duration": 0.7}}}]"#, duration: 1,
                         expect: #"[{"at": "rest:0", "notBlank": true}, {"at": "start:0", "sameAs": "rest:0"}]"#)
        let r = try SceneRenderer(spec: s)
        let set = r.keyPoseSet()
        #expect(set.placed.allSatisfy { $0.time >= 0 && $0.time <= 1 }, "\(set.placed)")
        #expect(set.placed.map(\.role) == ["first", "start:0", "mid:0", "last"])
        let outside = try #require(set.outside("rest:0"))
        #expect(abs(outside.time - 1.3) < 1e-9, "\(outside)")
        #expect(set.time(of: "rest:0") == nil)
        var checker = ExpectationChecker(renderer: r)
        let verdicts = checker.checkAll()
        #expect(verdicts.allSatisfy { !$0.passed })
        #expect(verdicts[0].text.contains("rest:0 would be at 1.300 s, outside the spec's 0…1 s"), "\(verdicts[0].text)")
        #expect(verdicts[1].text.contains("sameAs: rest:0 would be at 1.300 s"), "\(verdicts[1].text)")
    }

    @Test func anUnanimatedEventHasOnlyItsStartPlaced() throws {
        let s = try spec(#"[{"rectangle": {"frame": ["=on ? 60 : 10", 10, 20, 20]}, "fill": "black"}]"#,
                         events: #"[{"at": 0.5, "set": {"on": true}}]"#,
                         expect: #"[{"at": "mid:0", "sameAs": "start:0"}, {"at": "rest:0", "sameAs": 0.5}]"#)
        let r = try SceneRenderer(spec: s)
        let set = r.keyPoseSet()
        #expect(set.placed.map(\.role) == ["first", "start:0", "last"])
        #expect(set.copies.map(\.role) == ["mid:0", "rest:0"])
        #expect(set.time(of: "mid:0") == 0.5 && set.time(of: "rest:0") == 0.5)
        var checker = ExpectationChecker(renderer: r)
        let verdicts = checker.checkAll()
        #expect(verdicts.allSatisfy { $0.passed }, "\(verdicts.map(\.text))")
    }
}
