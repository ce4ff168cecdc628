import Foundation
import Testing
import AnimoRaster
import AnimoTestSupport
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Colour expressions in the fields that took only literal colours before: `colorMultiply` (the
/// modifier and the canvas filter), `alphaThreshold`'s colour, a glass tint, `tint`,
/// `foregroundColor`, a metaball's colour and the canvas background. Each is read from pixels of a
/// small canvas; a state change animates them in linear sRGB, as a fill's colour animates.
struct ColorValueFieldTests {
    /// A 40×20 canvas at scale 1 whose state `on` turns true at 0 with a 1 s linear animation.
    func spec(_ content: String, canvas: String = "", shapes: String = "") throws -> Spec {
        try Spec.load(json: """
        {"canvas": {"width": 40, "height": 20, "scale": 1\(canvas)}, "duration": 2, "state": {"on": false},
         "events": [{"at": 0, "set": {"on": true}, "animation": {"linear": {"duration": 1}}}], \(shapes)
         "content": \(content)}
        """)
    }

    /// A 1 pt dot in the far corner, for specs about the background alone.
    static let dot = #"[{"rectangle": {"frame": [39, 19, 1, 1]}, "fill": "white"}]"#

    func pixel(_ r: SceneRenderer, _ t: Double, _ x: Int = 10, _ y: Int = 10) throws -> SIMD4<Float> {
        let p = try r.render(at: t)
        return p.pixels[y * p.width + x]
    }

    /// Red at 0, #BC00BC halfway (the linear-sRGB mix of red and blue), blue at rest.
    func expectRedToBlue(_ r: SceneRenderer, x: Int = 10, y: Int = 10, _ what: String) throws {
        let start = try pixel(r, 0, x, y), mid = try pixel(r, 0.5, x, y), end = try pixel(r, 1.5, x, y)
        #expect(start.x > 0.99 && start.z < 0.01 && start.w > 0.99, "\(what) at 0: \(start)")
        #expect(abs(mid.x - 0.737) < 0.01 && abs(mid.z - 0.737) < 0.01 && mid.y < 0.01, "\(what) halfway: \(mid), expected #BC00BC")
        #expect(end.z > 0.99 && end.x < 0.01, "\(what) at rest: \(end)")
    }

    @Test func colorMultiplyModifierAnimatesWithTheState() throws {
        // White × the colour = the colour.
        let s = try spec(#"[{"rectangle": {"frame": [0, 0, 40, 20]}, "fill": "white", "modifiers": [{"colorMultiply": "=on ? #0000FF : #FF0000"}]}]"#)
        try expectRedToBlue(try SceneRenderer(spec: s), "colorMultiply")
    }

    @Test func canvasFiltersTakeComputedColours() throws {
        // colorMultiply as a canvas filter, alphaThreshold painting its colour and a metaball's
        // colour (that threshold's), from the clock and from the state. A canvas draws immediately,
        // as SwiftUI's Canvas closure runs with the new state: the state's colour does not
        // animate there (blue already halfway through the state's animation).
        let filters = [
            #"{"canvas": {"filters": [{"colorMultiply": COLOUR}], "content": [{"rectangle": {"frame": [0, 0, 40, 20]}, "fill": "white"}]}}"#,
            #"{"canvas": {"filters": [{"alphaThreshold": {"min": 0.5, "color": COLOUR}}], "content": [{"rectangle": {"frame": [0, 0, 40, 20]}, "fill": "white"}]}}"#,
            #"{"metaball": {"blobs": [{"center": [10, 10], "radius": 8}], "blur": 1, "color": COLOUR}}"#,
        ]
        for f in filters {
            let clock = try SceneRenderer(spec: try spec("[" + f.replacingOccurrences(of: "COLOUR", with: #""=t < 1 ? #FF0000 : #0000FF""#) + "]"))
            let early = try pixel(clock, 0.5), late = try pixel(clock, 1.5)
            #expect(early.x > 0.99 && early.z < 0.01 && early.w > 0.99, "\(f) at 0.5: \(early)")
            #expect(late.z > 0.99 && late.x < 0.01 && late.w > 0.99, "\(f) at 1.5: \(late)")
            let state = try SceneRenderer(spec: try spec("[" + f.replacingOccurrences(of: "COLOUR", with: #""=on ? #0000FF : #FF0000""#) + "]"))
            let mid = try pixel(state, 0.5)
            #expect(mid.z > 0.99 && mid.x < 0.01, "\(f) from the state at 0.5: \(mid)")
        }
    }

    @Test func canvasBackgroundAnimatesWithTheStateAndFollowsTheClock() throws {
        let s = try spec(#"[{"rectangle": {"frame": [30, 0, 10, 20]}, "fill": "white"}]"#, canvas: #", "background": "=on ? #0000FF : #FF0000""#)
        // The first frame's value stands for the background where one colour is needed (checks).
        let first = s.canvas.background
        #expect(first.red > 0.999 && first.blue < 0.001 && first.opacity > 0.999, "\(first)")
        let r = try SceneRenderer(spec: s)
        try expectRedToBlue(r, "background")
        #expect(try pixel(r, 0.5, 35, 10) == SIMD4<Float>(1, 1, 1, 1), "the content is drawn over it")
        // From the clock: half-transparent grey from t = 1 on.
        let c = try SceneRenderer(spec: try spec(Self.dot, canvas: #", "background": "=t < 1 ? clear : opacity(white, 0.5)""#))
        #expect(try pixel(c, 0.5) == SIMD4<Float>(0, 0, 0, 0))
        let half = try pixel(c, 1.2)
        #expect(abs(half.w - 0.5) < 0.002 && abs(half.x - 0.5) < 0.002, "premultiplied white at 0.5: \(half)")
        // A literal background is unchanged.
        #expect(try pixel(try SceneRenderer(spec: try spec(Self.dot, canvas: #", "background": "blue""#)), 0.5).z > 0.99)
    }

    @Test func tintAndForegroundColorTakeExpressions() throws {
        let tint = try spec(#"[{"rectangle": {"frame": [0, 0, 40, 20]}, "fill": "tint", "modifiers": [{"tint": "=on ? #0000FF : #FF0000"}]}]"#)
        try expectRedToBlue(try SceneRenderer(spec: tint), "tint")
        let fg = try spec(#"[{"group": [{"rectangle": {"frame": [0, 0, 40, 20]}}], "modifiers": [{"foregroundColor": "=on ? #0000FF : #FF0000"}]}]"#)
        try expectRedToBlue(try SceneRenderer(spec: fg), "foregroundColor")
    }

    @Test func computedGlassTintDrawsAsTheLiteralTintOfEachState() throws {
        // The glass with "=on ? red : blue" draws, at rest in each state, the pixels of the glass
        // tinted with that literal; halfway it is neither.
        func glass(_ tint: String) throws -> SceneRenderer {
            try SceneRenderer(spec: try spec("""
                [{"rectangle": {"frame": [0, 0, 40, 20]}, "fill": "gray"},
                 {"color": "clear", "modifiers": [{"frame": {"width": 30, "height": 16}}, {"glassEffect": {"tint": \(tint), "shape": "rectangle"}}]}]
                """))
        }
        let computed = try glass(#""=on ? blue : red""#), red = try glass(#""red""#), blue = try glass(#""blue""#)
        #expect(try computed.render(at: 0).pixels == red.render(at: 0).pixels)
        #expect(try computed.render(at: 1.5).pixels == blue.render(at: 1.5).pixels)
        let mid = try computed.render(at: 0.5).pixels
        #expect(try mid != red.render(at: 0.5).pixels && mid != blue.render(at: 0.5).pixels)
        #expect(try red.render(at: 0).pixels != blue.render(at: 0).pixels, "the tint shows")
    }

    @Test func aNumberWhereAColourIsExpectedIsAnErrorAtItsPath() {
        let cases: [(String, String, String)] = [
            (#"[{"circle": {}, "modifiers": [{"colorMultiply": "=x * 2"}]}]"#, "", "content[0].modifiers[0].colorMultiply"),
            (#"[{"circle": {}, "modifiers": [{"tint": "=x"}]}]"#, "", "content[0].modifiers[0].tint"),
            (#"[{"circle": {}, "modifiers": [{"glassEffect": {"tint": "=x + 1"}}]}]"#, "", "content[0].modifiers[0].glassEffect.tint"),
            (#"[{"canvas": {"filters": [{"alphaThreshold": {"min": 0.5, "color": "=x"}}], "content": []}}]"#, "", "content[0].canvas.filters[0].alphaThreshold.color"),
            (#"[{"canvas": {"filters": [{"colorMultiply": "=x"}], "content": []}}]"#, "", "content[0].canvas.filters[0].colorMultiply"),
        ]
        for (content, _, path) in cases {
            let e = TestSupport.errors(TestSupport.spec(content: content))
            #expect(e.first?.path == path, "\(content): \(e)")
            #expect(e.first?.message.contains("expected a colour") == true, "\(e)")
        }
        let bg = TestSupport.errors(#"{"canvas": {"width": 10, "height": 10, "background": "=on ? 1 : 0"}, "duration": 1, "state": {"on": false}, "content": []}"#)
        #expect(bg.first?.path == "canvas.background" && bg.first?.message.contains("expected a colour") == true, "\(bg)")
        let unknown = TestSupport.errors(#"{"canvas": {"width": 10, "height": 10, "background": "=of ? red : blue"}, "duration": 1, "state": {"on": false}, "content": []}"#)
        #expect(unknown.first?.path == "canvas.background", "\(unknown)")
    }
}
