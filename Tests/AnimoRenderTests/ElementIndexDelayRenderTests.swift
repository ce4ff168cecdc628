import Foundation
import Testing
import AnimoRaster
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// `e.index`, a `forEach` element's index in its array now, read by an animation's delay: the
/// delay is evaluated when the watched value changes, so it follows the order the array has then
/// (docs/spec.md "State arrays and forEach").
struct ElementIndexDelayRenderTests {
    /// Coloured 10×10 squares side by side, each fading in and out with `go` over 0.2 s after a
    /// delay of 1 s per index.
    static func squares(_ colours: [String], events: String) -> String {
        let initial = colours.map { #"{"c": "\#($0)"}"# }.joined(separator: ", ")
        return """
        {"canvas": {"width": \(10 * colours.count), "height": 10, "scale": 1}, "duration": 3,
         "state": {"go": false, "cs": {"records": {"c": "#000000"}, "initial": [\(initial)]}},
         "events": \(events),
         "content": [{"hstack": {"spacing": 0, "content": [
           {"forEach": {"in": "cs", "as": "e", "content": [
             {"rectangle": {}, "fill": "=e.c", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"opacity": "=go ? 1 : 0"},
               {"animation": {"linear": {"duration": 0.2}, "delay": "=e.index", "value": "go"}}]}]}}]}}]}
        """
    }

    static func colour(_ p: SIMD4<Float>) -> String {
        p.w < 0.5 ? "none" : p.x > 0.5 ? "red" : p.y > 0.5 ? "green" : p.z > 0.5 ? "blue" : "other"
    }

    static func row(_ r: SceneRenderer, _ t: Double, _ xs: [Int]) throws -> [String] {
        let p = try r.render(at: t)
        return xs.map { colour(p.pixels[5 * p.width + $0]) }
    }

    @Test func aDelayByIndexFollowsAMove() throws {
        // Red (index 0) fades in at once, green (index 1) a second later. Then the two swap
        // places and `go` turns off: green, now first, fades out at once and red, now second,
        // a second later.
        let s = try Spec.load(json: Self.squares(["#FF0000", "#00FF00"], events: """
            [{"at": 0.2, "set": {"go": true}},
             {"at": 1.6, "set": {"cs": {"move": {"from": 0, "to": 1}}}},
             {"at": 1.7, "set": {"go": false}}]
            """))
        let r = try SceneRenderer(spec: s)
        #expect(try Self.row(r, 0.6, [5, 15]) == ["red", "none"])
        #expect(try Self.row(r, 1.5, [5, 15]) == ["red", "green"])
        #expect(try Self.row(r, 1.65, [5, 15]) == ["green", "red"])
        #expect(try Self.row(r, 2.2, [5, 15]) == ["none", "red"])
        #expect(try Self.row(r, 2.95, [5, 15]) == ["none", "none"])
        #expect(r.diagnostics.isEmpty)
    }

    @Test func aDelayByIndexFollowsARemovalBeforeTheElement() throws {
        // Reading `e.index` gives the elements index variables without any move: after red is
        // removed, green is first (no delay) and blue second (1 s), centred in the row.
        let s = try Spec.load(json: Self.squares(["#FF0000", "#00FF00", "#0000FF"], events: """
            [{"at": 0.2, "set": {"cs": {"removeFirst": 1}}},
             {"at": 0.5, "set": {"go": true}}]
            """))
        #expect(s.events[0].set.contains { $0.name == "cs[id 1].index" && $0.value == 0 })
        let r = try SceneRenderer(spec: s)
        #expect(try Self.row(r, 1, [10, 20]) == ["green", "none"])
        #expect(try Self.row(r, 1.9, [10, 20]) == ["green", "blue"])
    }
}
