import Foundation
import Testing
import AnimoRaster
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Rendering changes of state arrays of numbers, points and colours: an update animates that
/// element only; an insertion in the middle plays the new element's transition while the others
/// keep their identity (docs/spec.md "State arrays and forEach").
struct ArrayChangeRenderTests {
    @Test func anUpdateOfOneNumberPointOrColourAnimatesThatElementOnly() throws {
        // Three 20×20 squares per row. Row 1 (y 0…20): opacities; at 0.5 s the middle one's goes
        // to 0 over 1 s (linear). Row 2 (y 20…40): colours; the last turns from red to blue the
        // same way. Row 3 (y 40…60): points; the first moves 20 to the right.
        let s = try Spec.load(json: """
        {"canvas": {"width": 80, "height": 60, "scale": 1}, "duration": 2,
         "state": {"os": {"numbers": [1, 1, 1]}, "cs": {"colors": ["#FF0000", "#FF0000", "#FF0000"]}, "ps": {"points": [[0, 40], [40, 40]]}},
         "events": [
           {"at": 0.5, "set": {"os": {"update": {"index": 1, "set": 0}}}, "animation": {"linear": {"duration": 1}}},
           {"at": 0.5, "set": {"cs": {"update": {"index": 2, "set": "#0000FF"}}}, "animation": {"linear": {"duration": 1}}},
           {"at": 0.5, "set": {"ps": {"update": {"where": "=item.x == 0", "set": ["=item.x + 20", "=item.y"]}}}, "animation": {"linear": {"duration": 1}}}],
         "content": [
           {"forEach": {"in": "os", "as": "o", "id": "k", "content": [
             {"rectangle": {"frame": ["=20 * k", 0, 20, 20]}, "fill": "#000000", "modifiers": [{"opacity": "=o"}]}]}},
           {"forEach": {"in": "cs", "as": "c", "id": "k", "content": [
             {"rectangle": {"frame": ["=20 * k", 20, 20, 20]}, "fill": "=c"}]}},
           {"forEach": {"in": "ps", "as": "p", "content": [
             {"rectangle": {"frame": ["=p.x", "=p.y", 10, 20]}, "fill": "#000000"}]}}]}
        """)
        let r = try SceneRenderer(spec: s)
        func px(_ t: Double, _ x: Int, _ y: Int) throws -> SIMD4<Float> { try r.render(at: t).pixels[y * 80 + x] }
        // Before the change: every square as declared.
        #expect(try px(0.4, 30, 10).w == 1)
        #expect(try px(0.4, 50, 30).x == 1 && px(0.4, 50, 30).z == 0)
        #expect(try px(0.4, 5, 50).w == 1 && px(0.4, 25, 50).w == 0)
        // Half way: the middle opacity is 0.5 and the others still 1; the last colour is between
        // red and blue, the others red; the first point has moved 10, the second not at all.
        #expect(abs(try px(1, 30, 10).w - 0.5) < 0.01)
        #expect(try px(1, 10, 10).w == 1 && px(1, 50, 10).w == 1)
        let mid = try px(1, 50, 30)
        #expect(mid.x > 0.2 && mid.x < 0.9 && mid.z > 0.2 && mid.z < 0.9)
        #expect(try px(1, 30, 30).x == 1 && px(1, 30, 30).z == 0)
        #expect(try px(1, 5, 50).w == 0 && px(1, 15, 50).w == 1)
        #expect(try px(1, 45, 50).w == 1)
        // After: the middle square is gone, the last blue, the first point at x 20.
        #expect(try px(1.6, 30, 10).w == 0 && px(1.6, 10, 10).w == 1)
        #expect(try px(1.6, 50, 30).z == 1 && px(1.6, 50, 30).x == 0)
        #expect(try px(1.6, 15, 50).w == 0 && px(1.6, 25, 50).w == 1)
    }

    @Test func anInsertionInTheMiddleFadesInWhileTheOthersKeepTheirIdentity() throws {
        // An hstack of 10×10 squares, red and blue; at 0.5 s green is inserted between them with
        // the default (opacity) transition over 1 s. The stack grows from 20 to 30 points, centred
        // in the 30-point canvas.
        let s = try Spec.load(json: """
        {"canvas": {"width": 30, "height": 10, "scale": 1}, "duration": 2,
         "state": {"cs": {"colors": ["#FF0000", "#0000FF"]}},
         "events": [{"at": 0.5, "set": {"cs": {"insert": {"element": "#00FF00", "at": 1}}}, "animation": {"linear": {"duration": 1}}}],
         "content": [{"hstack": {"spacing": 0, "content": [
           {"forEach": {"in": "cs", "as": "c", "content": [
             {"rectangle": {}, "fill": "=c", "modifiers": [{"frame": {"width": 10, "height": 10}}]}]}}]}}]}
        """)
        let r = try SceneRenderer(spec: s)
        func px(_ t: Double, _ x: Int) throws -> SIMD4<Float> { try r.render(at: t).pixels[5 * 30 + x] }
        // Before: red at 5…15, blue at 15…25.
        #expect(try px(0.4, 7).x == 1 && px(0.4, 20).z == 1 && px(0.4, 2).w == 0)
        // Right after the insertion: the blue square has its new place and is not inserted again
        // (fully opaque); the green one is fading in.
        #expect(try px(0.55, 25).z == 1 && px(0.55, 25).w == 1)
        #expect(try px(0.55, 5).x == 1 && px(0.55, 5).w == 1)
        let early = try px(0.55, 15)
        #expect(early.y > 0 && early.w > 0 && early.w < 0.2)
        // Half way: green at half opacity between them.
        let half = try px(1, 15)
        #expect(abs(half.w - 0.5) < 0.02 && half.y > 0)
        // After: red, green, blue.
        let after = (try px(1.6, 5), try px(1.6, 15), try px(1.6, 25))
        #expect(after.0.x == 1 && after.1.y == 1 && after.1.w == 1 && after.2.z == 1)
    }

    @Test func anEventReadsTheArrayWhenItFires() throws {
        // The second square's width is the first element plus the second when the event fires.
        let s = try Spec.load(json: """
        {"canvas": {"width": 40, "height": 10, "scale": 1}, "duration": 1,
         "state": {"ws": {"numbers": [10, 5]}},
         "events": [{"at": 0.5, "set": {"ws": {"update": {"index": 1, "set": "=ws[0] + ws[1] + count(ws)"}}}}],
         "content": [{"forEach": {"in": "ws", "as": "w", "id": "k", "content": [
           {"rectangle": {"frame": ["=20 * k", 0, "=w", 10]}, "fill": "#000000"}]}}]}
        """)
        let r = try SceneRenderer(spec: s)
        // 5 wide before, 17 wide after.
        #expect(try r.render(at: 0.4).pixels[5 * 40 + 26].w == 0)
        #expect(try r.render(at: 0.6).pixels[5 * 40 + 36].w == 1)
        #expect(try r.render(at: 0.6).pixels[5 * 40 + 38].w == 0)
    }
}
