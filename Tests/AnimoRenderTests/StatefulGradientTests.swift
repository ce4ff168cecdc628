import Foundation
import Testing
import AnimoRaster
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Gradient stops that read the state: the gradient follows the state, and an animated change
/// blends the old and new ramps point by point (docs/semantics.md §315–§318).
struct StatefulGradientTests {
    /// A 100 × 10 canvas (scale 1) filled by `fill`; `on` turns true at 0 with a linear 1 s animation.
    func renderer(_ fill: String, animation: String = #"{"linear": {"duration": 1}}"#) throws -> SceneRenderer {
        try SceneRenderer(spec: Spec.load(json: """
        {"canvas": {"width": 100, "height": 10, "scale": 1}, "duration": 2, "state": {"on": false},
         "events": [{"at": 0, "set": {"on": true}, "animation": \(animation)}],
         "content": [{"rectangle": {"frame": [0, 0, 100, 10]}, "fill": \(fill)}]}
        """))
    }

    func pixel(_ r: SceneRenderer, _ t: Double, x: Int) throws -> SIMD4<Float> {
        let p = try r.render(at: t)
        return p.pixels[5 * p.width + x]
    }

    func near(_ p: SIMD4<Float>, _ r: Float, _ g: Float, _ b: Float, _ tolerance: Float = 0.02) -> Bool {
        abs(p.x - r) < tolerance && abs(p.y - g) < tolerance && abs(p.z - b) < tolerance && abs(p.w - 1) < 0.01
    }

    @Test func swappedStopColoursBlendInTheRampsSpace() throws {
        // red → blue becomes blue → red. Halfway every point is the gamma-sRGB mean of red and
        // blue, #800080 (a lone colour animating would be #BC00BC, linear sRGB).
        let r = try renderer("""
            {"linearGradient": {"colors": ["=on ? #0000FF : #FF0000", "=on ? #FF0000 : #0000FF"], "startPoint": "leading", "endPoint": "trailing"}}
            """)
        let start = try pixel(r, 0, x: 2), end = try pixel(r, 1.5, x: 2)
        #expect(start.x > 0.95 && start.z < 0.05, "leading edge at 0: \(start), expected red")
        #expect(end.z > 0.95 && end.x < 0.05, "leading edge at rest: \(end), expected blue")
        for x in [2, 50, 97] {
            let mid = try pixel(r, 0.5, x: x)
            #expect(near(mid, 0.5, 0, 0.5), "halfway at x = \(x): \(mid), expected #800080")
        }
    }

    @Test func aMovedLocationCrossFadesInsteadOfSliding() throws {
        // A hard edge black | white at 0.2 moves to 0.8. Halfway the band between is gray: the old
        // white fades where the new black rises; a sliding stop would put the edge at 0.5.
        let r = try renderer("""
            {"linearGradient": {"stops": [{"color": "black", "location": 0}, {"color": "black", "location": "=on ? 0.8 : 0.2"},
                                          {"color": "white", "location": "=on ? 0.8 : 0.2"}, {"color": "white", "location": 1}],
                                "startPoint": "leading", "endPoint": "trailing"}}
            """)
        #expect(near(try pixel(r, 0, x: 35), 1, 1, 1), "before the change x = 35 is white")
        #expect(near(try pixel(r, 1.5, x: 65), 0, 0, 0), "at rest x = 65 is black")
        for x in [35, 65] {
            let mid = try pixel(r, 0.5, x: x)
            #expect(near(mid, 0.5, 0.5, 0.5), "halfway at x = \(x): \(mid), expected gray")
        }
        #expect(near(try pixel(r, 0.5, x: 10), 0, 0, 0), "black on both sides of the change stays black")
        #expect(near(try pixel(r, 0.5, x: 90), 1, 1, 1), "white on both sides stays white")
        // The hard edges stay hard: at 0.2 and 0.8 the blend jumps by half.
        let below = try pixel(r, 0.5, x: 19), at = try pixel(r, 0.5, x: 20)
        #expect(below.x < 0.05 && abs(at.x - 0.5) < 0.02, "\(below) | \(at)")
    }

    @Test func radialAndAngularStopsAnimateToo() throws {
        for fill in [#"{"radialGradient": {"colors": ["=on ? #0000FF : #FF0000", "=on ? #0000FF : #FF0000"], "endRadius": 40}}"#,
                     #"{"angularGradient": {"colors": ["=on ? #0000FF : #FF0000", "=on ? #0000FF : #FF0000"]}}"#] {
            let r = try renderer(fill)
            let start = try pixel(r, 0, x: 30), mid = try pixel(r, 0.5, x: 30), end = try pixel(r, 1.5, x: 30)
            #expect(near(start, 1, 0, 0), "\(fill) at 0: \(start)")
            #expect(near(mid, 0.5, 0, 0.5), "\(fill) halfway: \(mid)")
            #expect(near(end, 0, 0, 1), "\(fill) at rest: \(end)")
        }
    }

    @Test func withoutAnimationTheNewGradientShowsAtOnce() throws {
        let r = try SceneRenderer(spec: Spec.load(json: """
        {"canvas": {"width": 100, "height": 10, "scale": 1}, "duration": 2, "state": {"on": false},
         "events": [{"at": 0.5, "set": {"on": true}}],
         "content": [{"rectangle": {"frame": [0, 0, 100, 10]}, "fill": {"linearGradient": {"colors": ["=on ? #0000FF : #FF0000", "white"], "startPoint": "leading", "endPoint": "trailing"}}}]}
        """))
        let before = try pixel(r, 0.4, x: 0), after = try pixel(r, 0.5, x: 0)
        #expect(before.x > 0.95 && before.z < 0.05, "\(before)")
        #expect(after.z > 0.95 && after.x < 0.05, "\(after)")
    }

    @Test func aSpringOvershootStaysInTheGamut() throws {
        let r = try renderer(#"{"linearGradient": {"colors": ["=on ? #0000FF : #FF0000", "white"]}}"#,
                             animation: #"{"spring": {"response": 0.5, "dampingFraction": 0.3}}"#)
        for k in 0..<20 {
            let p = try pixel(r, Double(k) * 0.05, x: 50)
            #expect(p.x >= 0 && p.x <= 1 && p.z >= 0 && p.z <= 1 && p.w <= 1, "t = \(Double(k) * 0.05): \(p)")
        }
    }
}
