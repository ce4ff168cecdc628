import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Shape templates drawn (at several sizes, animatable parameters mid-animation), `strokeBorder`
/// measured from pixels, a stroke of a stroke, and gradient unit points outside 0…1.
struct ShapeTemplateRenderTests {
    static let shapes = """
    "shapes": {
      "triangle": {"path": [{"move": ["=rect.midX", "=rect.minY"]}, {"line": ["=rect.maxX", "=rect.maxY"]},
                            {"line": ["=rect.minX", "=rect.maxY"]}, {"close": true}]},
      "pacman": {"parameters": {"mouth": 30},
                 "path": [{"move": ["=rect.midX", "=rect.midY"]},
                          {"arc": {"center": ["=rect.midX", "=rect.midY"], "radius": "=min(rect.width, rect.height) / 2",
                                   "startAngle": "=mouth", "endAngle": "=360 - mouth"}}, {"close": true}]},
      "bar": {"parameters": {"level": 0}, "animatable": ["level"],
              "path": [{"rect": ["=rect.minX", "=rect.minY", "=level * rect.width", "=rect.height"]}]},
      "inner": {"parameters": {"insetAmount": 0}, "inset": "insetAmount",
                "path": [{"rect": ["=rect.minX + insetAmount", "=rect.minY + insetAmount", "=rect.width - 2 * insetAmount", "=rect.height - 2 * insetAmount"]}]},
      "stiffBar": {"parameters": {"level": 0},
                   "path": [{"rect": ["=rect.minX", "=rect.minY", "=level * rect.width", "=rect.height"]}]}
    },
    """

    func spec(_ content: String, events: String = "[]", size: Int = 100) throws -> Spec {
        try Spec.load(json: """
        {"canvas": {"width": \(size), "height": \(size), "scale": 1}, "duration": 2, "state": {"on": false},
         "events": \(events), \(Self.shapes) "content": \(content)}
        """)
    }

    func alpha(_ p: Pixmap, _ x: Double, _ y: Double) -> Float { p.pixels[Int(y) * p.width + Int(x)].w }

    @Test func triangleFillsItsRectAtTwoSizes() throws {
        for (x, y, w, h) in [(10.0, 10.0, 40.0, 40.0), (4.0, 30.0, 90.0, 60.0)] {
            let s = try spec(#"[{"shape": {"name": "triangle", "frame": [\#(x), \#(y), \#(w), \#(h)]}, "fill": "black"}]"#)
            let p = try SceneRenderer(spec: s).render(at: 0)
            // The apex at the top middle, the base along the bottom; the top corners are empty.
            #expect(alpha(p, x + w / 2, y + 2) > 0.5, "apex of \(w)×\(h)")
            #expect(alpha(p, x + 1, y + h - 1) > 0.5, "bottom-left of \(w)×\(h)")
            #expect(alpha(p, x + w - 1.5, y + h - 1) > 0.5, "bottom-right of \(w)×\(h)")
            #expect(alpha(p, x + 2, y + 2) == 0, "top-left corner of \(w)×\(h)")
            #expect(alpha(p, x + w - 3, y + 2) == 0, "top-right corner of \(w)×\(h)")
            // Half of the frame, nothing outside it.
            let inside = Measure.coverage(p, s, region: (x, y, w, h), scale: 1)
            #expect(abs(inside - 0.5) < 0.04, "coverage \(inside) of \(w)×\(h)")
            #expect(Double(Measure.visibleCount(p, s)) <= w * h * 0.54)
        }
    }

    @Test func pacmanMouthOpensTowardIncreasingAngles() throws {
        // SwiftUI's addArc(clockwise: false) from 30° to 330° sweeps through 90° (down on screen):
        // the wedge left out is the mouth, facing right.
        let s = try spec(#"[{"shape": {"name": "pacman", "frame": [10, 10, 80, 80]}, "fill": "black"}]"#)
        let p = try SceneRenderer(spec: s).render(at: 0)
        #expect(alpha(p, 85, 50) == 0, "mouth")
        #expect(alpha(p, 15, 50) > 0.9, "back of the head")
        #expect(alpha(p, 50, 85) > 0.9, "bottom")
        #expect(alpha(p, 50, 15) > 0.9, "top")
        // A wider mouth from a parameter.
        let wide = try spec(#"[{"shape": {"name": "pacman", "frame": [10, 10, 80, 80], "parameters": {"mouth": 80}}, "fill": "black"}]"#)
        let q = try SceneRenderer(spec: wide).render(at: 0)
        // (65, 24) is at -60° (300°) from the centre: inside the 80° mouth, outside the 30° one.
        #expect(alpha(q, 65, 24) == 0, "80° mouth reaches 300°")
        #expect(alpha(p, 65, 24) > 0.9, "30° mouth does not")
    }

    @Test func animatableParameterInterpolatesAndOthersJump() throws {
        let events = #"[{"at": 0, "set": {"on": true}, "animation": {"linear": {"duration": 1}}}]"#
        let s = try spec("""
            [{"shape": {"name": "bar", "frame": [0, 0, 100, 40], "parameters": {"level": "=on ? 1 : 0"}}, "fill": "black"},
             {"shape": {"name": "stiffBar", "frame": [0, 50, 100, 40], "parameters": {"level": "=on ? 1 : 0"}}, "fill": "black"}]
            """, events: events)
        let r = try SceneRenderer(spec: s)
        for (t, level) in [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75), (1.5, 1.0)] {
            let p = try r.render(at: t)
            let animated = Measure.coverage(p, s, region: (0, 0, 100, 40), scale: 1)
            let jumped = Measure.coverage(p, s, region: (0, 50, 100, 40), scale: 1)
            #expect(abs(animated - level) < 0.015, "t = \(t): animatable level drew \(animated), expected \(level)")
            #expect(jumped > 0.99, "t = \(t): a parameter outside animatableData takes its new value at once (\(jumped))")
        }
    }

    @Test func templateInsideRepeatAndLayoutTakesEachFrame() throws {
        // Three bars from a repeat (level (i + 1)/3), then an hstack of two frameless triangles
        // 100×40, centred on the canvas (y 30…70): each takes half the width.
        let s = try spec("""
            [{"repeat": {"count": 3, "content": [{"shape": {"name": "bar", "frame": ["=10 + 30 * i", 0, 20, 20], "parameters": {"level": "=(i + 1) / 3"}}, "fill": "black"}]}},
             {"hstack": {"spacing": 0, "content": [{"shape": {"name": "triangle"}, "fill": "black"}, {"shape": {"name": "triangle"}, "fill": "black"}]},
              "modifiers": [{"frame": {"width": 100, "height": 40}}]}]
            """)
        let p = try SceneRenderer(spec: s).render(at: 0)
        for i in 0..<3 {
            let c = Measure.coverage(p, s, region: (10 + 30 * Double(i), 0, 20, 20), scale: 1)
            // Edge pixels partly covered count as visible: up to one column (1/20) more.
            #expect(c >= Double(i + 1) / 3 - 0.01 && c <= Double(i + 1) / 3 + 0.05, "instance \(i): \(c)")
        }
        #expect(alpha(p, 25, 33) > 0.5 && alpha(p, 75, 33) > 0.5, "apexes")
        #expect(alpha(p, 50, 33) == 0, "between the apexes")
        #expect(alpha(p, 45, 68) > 0.5 && alpha(p, 55, 68) > 0.5, "bases side by side")
    }

    @Test func strokeBorderStaysInsideTheFrame() throws {
        // Frame x = 20…80; a 10 pt border covers 20…30 exactly, a centred stroke 15…25.
        let s = try spec("""
            [{"rectangle": {"frame": [20, 5, 60, 40]}, "strokeBorder": {"color": "black", "lineWidth": 10}},
             {"rectangle": {"frame": [20, 55, 60, 40]}, "stroke": {"color": "black", "lineWidth": 10}}]
            """)
        let p = try SceneRenderer(spec: s).render(at: 0)
        let border = try #require(Measure.leftEdge(p, row: 25))
        let stroke = try #require(Measure.leftEdge(p, row: 75))
        #expect(abs(border - 20) < 0.02, "strokeBorder's outer edge \(border)")
        #expect(abs(stroke - 15) < 0.02, "stroke's outer edge \(stroke)")
        #expect(alpha(p, 29.5, 25) > 0.99 && alpha(p, 30.5, 25) == 0, "inner edge of the border at 30")
        // A circle's border: the ring 30…40 from the centre (50, 50) of an 80 pt frame.
        let c = try spec(#"[{"circle": {"frame": [10, 10, 80, 80]}, "strokeBorder": {"color": "black", "lineWidth": 10}}]"#)
        let q = try SceneRenderer(spec: c).render(at: 0)
        #expect(abs((Measure.leftEdge(q, row: 50) ?? 0) - 10) < 0.05)
        #expect(alpha(q, 11.5, 50) > 0.99 && alpha(q, 19.5, 50) > 0.99 && alpha(q, 21.5, 50) < 1e-3,
                "\((5..<25).map { alpha(q, Double($0), 50) })")
    }

    @Test func templateStrokeBorderInsetsThroughItsParameter() throws {
        // The template `inner` insets its rectangle by `insetAmount`; strokeBorder adds half the
        // line width to it (SwiftUI's inset(by: lineWidth / 2)), so a 10 pt border of the frame
        // x = 20…80 covers 20…30, as the built-in rectangle's does; a use that is already inset
        // by 5 draws 25…35; a plain stroke straddles the frame edge (15…25).
        let s = try spec("""
            [{"shape": {"name": "inner", "frame": [20, 5, 60, 25]}, "strokeBorder": {"color": "black", "lineWidth": 10}},
             {"shape": {"name": "inner", "frame": [20, 37, 60, 25], "parameters": {"insetAmount": 5}}, "strokeBorder": {"color": "black", "lineWidth": 10}},
             {"shape": {"name": "inner", "frame": [20, 70, 60, 25]}, "stroke": {"color": "black", "lineWidth": 10}}]
            """)
        let p = try SceneRenderer(spec: s).render(at: 0)
        let border = try #require(Measure.leftEdge(p, row: 17))
        let insetBorder = try #require(Measure.leftEdge(p, row: 49))
        let stroke = try #require(Measure.leftEdge(p, row: 82))
        #expect(abs(border - 20) < 0.02, "strokeBorder's outer edge \(border)")
        #expect(abs(insetBorder - 25) < 0.02, "strokeBorder of a use inset by 5: \(insetBorder)")
        #expect(abs(stroke - 15) < 0.02, "stroke's outer edge \(stroke)")
        #expect(alpha(p, 29.5, 17) > 0.99 && alpha(p, 30.5, 17) == 0, "inner edge of the border at 30")
        // Nothing outside the frame: the rows just above and below it stay empty.
        #expect((0..<100).allSatisfy { alpha(p, Double($0), 4.5) == 0 && alpha(p, Double($0), 30.5) == 0 })
        #expect(alpha(p, 50, 5.5) > 0.99 && alpha(p, 50, 29.5) > 0.99, "top and bottom edges of the border")
    }

    @Test func strokeOfAStrokeDrawsBothEdgesOfTheFirst() throws {
        // The 20 pt stroke of x = 50 spans 40…60; its outline's 2 pt stroke draws lines at 40 and
        // 60 and leaves the middle empty.
        let s = try spec(#"[{"rectangle": {"frame": [50, 20, 30, 60]}, "outline": {"lineWidth": 20}, "stroke": {"color": "black", "lineWidth": 2}}]"#)
        let p = try SceneRenderer(spec: s).render(at: 0)
        #expect(alpha(p, 40, 50) > 0.9 && alpha(p, 39, 50) > 0.9)
        #expect(alpha(p, 59, 50) > 0.9 && alpha(p, 60, 50) > 0.9)
        #expect(alpha(p, 50, 50) == 0 && alpha(p, 45, 50) == 0 && alpha(p, 37, 50) == 0)
        // Filled, the outline is the first stroke's area.
        let f = try spec(#"[{"rectangle": {"frame": [50, 20, 30, 60]}, "outline": {"lineWidth": 20}, "fill": "black"}]"#)
        let q = try SceneRenderer(spec: f).render(at: 0)
        #expect(alpha(q, 45, 50) > 0.99 && alpha(q, 55, 50) > 0.99 && alpha(q, 65, 50) == 0 && alpha(q, 38, 50) == 0)
    }

    @Test func gradientUnitPointsOutsideTheFrameExtrapolate() throws {
        // Black at x = -100 (unit -1), white at x = 200 (unit 2): the frame 0…100 shows the middle
        // third of the ramp, so neither of its ends is black or white.
        let s = try spec("""
            [{"rectangle": {"frame": [0, 0, 100, 20]},
              "fill": {"linearGradient": {"colors": ["black", "white"], "startPoint": [-1, 0.5], "endPoint": [2, 0.5]}}},
             {"rectangle": {"frame": [0, 40, 100, 20]},
              "fill": {"linearGradient": {"colors": ["black", "white"], "startPoint": "leading", "endPoint": "trailing"}}}]
            """)
        let p = try SceneRenderer(spec: s).render(at: 0)
        func red(_ x: Int, _ y: Int) -> Float { p.pixels[y * p.width + x].x }
        let left = red(0, 10), middle = red(50, 10), right = red(99, 10)
        #expect(left > 0.05 && right < 0.95, "ends \(left) \(right)")
        #expect(left < middle && middle < right)
        // The same colour as unit 0.5 of the plain ramp, at a third of its width from the left.
        #expect(abs(middle - red(50, 50)) < 0.02)
        #expect(abs(left - red(33, 50)) < 0.03, "\(left) vs \(red(33, 50))")
    }
}
