import Foundation
import Testing
import AnimoRaster
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Rendering of periodic events, several changes in one event, `clockStart` and `forEach` over a
/// state array (docs/spec.md "Events", "State arrays and forEach").
struct TimeAndStateRenderTests {
    func spec(_ content: String, state: String, events: String, canvas: String = "", duration: Double = 2) throws -> Spec {
        try Spec.load(json: """
        {"canvas": {"width": 200, "height": 60, "scale": 1\(canvas)}, "duration": \(duration), "state": \(state),
         "events": \(events), "content": \(content)}
        """)
    }

    func edge(_ r: SceneRenderer, _ t: Double) throws -> Double {
        try #require(Measure.leftEdge(try r.render(at: t), row: 30))
    }

    @Test func aTimerMovesTheViewAtEveryFiring() throws {
        // count steps by 1 at 0.25, 0.75, 1.25, 1.75; the square moves 20 pt per step, at once.
        let s = try spec(#"[{"rectangle": {"frame": ["=20 * count", 10, 20, 40]}, "fill": "black"}]"#,
                         state: #"{"count": 0}"#, events: #"[{"every": 0.5, "from": 0.25, "set": {"count": "=count + 1"}}]"#)
        let r = try SceneRenderer(spec: s)
        for (t, x) in [(0.0, 0.0), (0.24, 0.0), (0.25, 20.0), (0.7, 20.0), (0.8, 40.0), (1.3, 60.0), (2.0, 80.0)] {
            #expect(abs(try edge(r, t) - x) < 0.02, "t = \(t)")
        }
    }

    @Test func animatedFiringsAnimateFromTheLogicalValue() throws {
        // Each firing animates 40 pt over 1 s linearly, but fires every 0.5 s: values are computed
        // from the logical count (0 → 1 → 2), not from the position on screen, and curves add.
        let s = try spec(#"[{"rectangle": {"frame": ["=40 * count", 10, 20, 40]}, "fill": "black"}]"#,
                         state: #"{"count": 0}"#, events: #"[{"every": 0.5, "until": 1, "set": {"count": "=count + 1"}, "animation": {"linear": {"duration": 1}}}]"#)
        let r = try SceneRenderer(spec: s)
        // At 0.5: the first has done 20; at 1.0: first done (40) + second half (20) = 60; at 1.5: 80.
        for (t, x) in [(0.5, 20.0), (1.0, 60.0), (1.5, 80.0)] {
            let e = try edge(r, t)
            #expect(abs(e - x) < 0.05, "t = \(t): \(e)")
        }
    }

    @Test func aNonAnimatedChangeThenAnAnimatedOneReplaysFromTheFirst() throws {
        // x is already 1 (at 100 pt); at 0.5 it is set to 0 at once, then animated back to 1.
        let s = try spec(#"[{"rectangle": {"frame": ["=100 * x", 10, 20, 40]}, "fill": "black"}]"#,
                         state: #"{"x": 1}"#, events: """
        [{"at": 0.5, "changes": [{"set": {"x": 0}}, {"set": {"x": 1}, "animation": {"linear": {"duration": 1}}}]}]
        """)
        let r = try SceneRenderer(spec: s)
        for (t, x) in [(0.4, 100.0), (0.5, 0.0), (1.0, 50.0), (1.5, 100.0)] {
            let e = try edge(r, t)
            #expect(abs(e - x) < 0.05, "t = \(t): \(e)")
        }
    }

    @Test func clockStartShiftsTheClockOnly() throws {
        let content = #"[{"rectangle": {"frame": ["=fract(t / 2) * 100 + (on ? 50 : 0)", 10, 20, 40]}, "fill": "black"}]"#
        let events = #"[{"at": 0.5, "set": {"on": true}}]"#
        let plain = try SceneRenderer(spec: try spec(content, state: #"{"on": false}"#, events: events))
        let shifted = try SceneRenderer(spec: try spec(content, state: #"{"on": false}"#, events: events, canvas: #", "clockStart": 0.5"#))
        #expect(abs(try edge(plain, 0) - 0) < 0.02)
        #expect(abs(try edge(shifted, 0) - 25) < 0.02)
        // The event stays at 0.5 s of the timeline.
        #expect(abs(try edge(shifted, 0.49) - 49.5) < 0.05)
        #expect(abs(try edge(shifted, 0.5) - 100) < 0.05)
    }

    @Test func forEachInsertsAndRemovesOnlyTheChangedElement() throws {
        // Squares appended at 0, 0.5, 1 at x = 0, 60, 120; the first is removed at 1.5. Opacity
        // transitions over 0.4 s: when the second comes in, the first stays fully drawn.
        let s = try spec("""
        [{"forEach": {"in": "xs", "as": "x", "content": [{"rectangle": {"frame": ["=x", 10, 40, 40]}, "fill": "black"}]}}]
        """, state: #"{"xs": {"numbers": []}}"#, events: """
        [{"every": 0.5, "until": 1.2, "set": {"xs": {"append": "=60 * n"}}, "animation": {"linear": {"duration": 0.4}}},
         {"at": 1.5, "set": {"xs": {"removeFirst": 1}}, "animation": {"linear": {"duration": 0.4}}}]
        """)
        let r = try SceneRenderer(spec: s)
        func alpha(_ t: Double, _ x: Int) throws -> Float { try r.render(at: t).pixels[30 * 200 + x + 20].w }
        #expect(try alpha(0, 0) == 0)
        #expect(abs(try alpha(0.2, 0) - 0.5) < 0.01)
        #expect(try alpha(0.7, 0) == 1)
        #expect(abs(try alpha(0.7, 60) - 0.5) < 0.01)
        #expect(try alpha(0.7, 120) == 0)
        #expect(abs(try alpha(1.7, 0) - 0.5) < 0.01)
        #expect(try alpha(1.7, 60) == 1)
        #expect(try alpha(1.7, 120) == 1)
        #expect(try alpha(2, 0) == 0)
    }
}
