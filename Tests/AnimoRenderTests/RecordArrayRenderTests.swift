import Foundation
import Testing
import AnimoRaster
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Rendering a `forEach` over a state array of records: a field change of one element animates
/// that element only, with the event's animation (docs/spec.md "State arrays and forEach").
struct RecordArrayRenderTests {
    @Test func aFieldChangeOfOneElementAnimatesThatElementOnly() throws {
        // Three 20×20 squares at x = 0, 30, 60 (20 px tall rows at y 0…20). At 0.5 s the middle
        // one's opacity goes to 0 over 1 s (linear) and the last one's colour turns blue at once;
        // at 1 s the first is removed where its opacity is 1 (the fade-out is 0.4 s).
        let s = try Spec.load(json: """
        {"canvas": {"width": 80, "height": 24, "scale": 1}, "duration": 2,
         "state": {"sq": {"records": {"x": 0, "opacity": 1, "color": "#FF0000"}, "initial": [{"x": 0}, {"x": 30}, {"x": 60}]}},
         "events": [
           {"at": 0.5, "set": {"sq": {"update": {"index": 1, "set": {"opacity": 0}}}}, "animation": {"linear": {"duration": 1}}},
           {"at": 0.5, "set": {"sq": {"update": {"id": 2, "set": {"color": "#0000FF"}}}}},
           {"at": 1, "set": {"sq": {"removeAll": {"where": "=item.x < 10"}}}, "animation": {"linear": {"duration": 0.4}}}],
         "content": [{"forEach": {"in": "sq", "as": "s", "content": [
           {"rectangle": {"frame": ["=s.x", 0, 20, 20]}, "fill": "=s.color", "modifiers": [{"opacity": "=s.opacity"}]}]}},
           {"rectangle": {"frame": ["=20 * count(sq)", 22, 2, 2]}, "fill": "#000000"}]}
        """)
        let r = try SceneRenderer(spec: s)
        func px(_ t: Double, _ x: Int, _ y: Int = 10) throws -> SIMD4<Float> { try r.render(at: t).pixels[y * 80 + x] }
        // Before: three opaque red squares.
        #expect(try px(0.2, 10).w == 1 && px(0.2, 40).w == 1 && px(0.2, 70).x == 1)
        // Half way through the middle one's fade: it alone is half transparent.
        #expect(abs(try px(1, 40).w - 0.5) < 0.01)
        #expect(try px(1, 10).w == 1)
        // The last square turned blue at once, without a fade.
        let blue = try px(0.51, 70)
        #expect(blue.z == 1 && blue.x == 0 && blue.w == 1)
        // The first one leaves over 0.4 s from 1 s; the middle one has gone by 1.5 s.
        #expect(abs(try px(1.2, 10).w - 0.5) < 0.01)
        #expect(try px(1.6, 10).w == 0)
        #expect(try px(1.6, 40).w == 0)
        #expect(try px(1.6, 70).w == 1)
        // count(sq): the marker stands at 20 × 3 = 60, then 20 × 2 = 40 once the first is gone.
        #expect(try px(0.2, 61, 23).w == 1 && px(0.2, 41, 23).w == 0)
        #expect(try px(1.9, 41, 23).w == 1 && px(1.9, 61, 23).w == 0)
    }
}
