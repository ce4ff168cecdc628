import Foundation
import Testing
import AnimoRaster
import AnimoTestSupport
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// Colour expressions where colours used to be literals only: a shadow's colour (animating in
/// linear sRGB, as a fill's does) and a shader's `color` argument.
struct ColorExpressionEffectTests {
    @Test func shadowColourAnimatesInLinearSRGB() throws {
        // A sharp shadow (radius 0) 40 pt to the right of a white square: a copy in the shadow's
        // colour. Red → blue over 1 s, linear: halfway is #BC00BC (linear sRGB mix), not #800080.
        let s = try Spec.load(json: """
        {"canvas": {"width": 100, "height": 40, "scale": 1}, "duration": 2, "state": {"on": false},
         "events": [{"at": 0, "set": {"on": true}, "animation": {"linear": {"duration": 1}}}],
         "content": [{"rectangle": {"frame": [5, 10, 20, 20]}, "fill": "white",
                      "modifiers": [{"shadow": {"color": "=on ? #0000FF : #FF0000", "radius": 0, "x": 40, "y": 0}}]}]}
        """)
        let r = try SceneRenderer(spec: s)
        func pixel(_ t: Double) throws -> SIMD4<Float> {
            let p = try r.render(at: t)
            return p.pixels[20 * p.width + 55]
        }
        let start = try pixel(0), mid = try pixel(0.5), end = try pixel(1.5)
        #expect(start.x > 0.99 && start.z < 0.01, "\(start)")
        #expect(end.z > 0.99 && end.x < 0.01, "\(end)")
        #expect(abs(mid.x - 0.737) < 0.01 && abs(mid.z - 0.737) < 0.01 && mid.y < 0.01, "halfway \(mid), expected #BC00BC")
    }

    @Test func shadowAndShaderColoursTakeExpressions() throws {
        let spec = try Spec.load(json: TestSupport.spec(content: """
            [{"circle": {}, "modifiers": [{"shadow": {"color": "=on ? red : blue", "radius": 4}},
                                          {"colorEffect": {"shader": "tint", "arguments": [{"color": "=mix(red, blue, x / 2)"}, {"color": "green"}]}}]}]
            """))
        guard case .shadow(let sh) = spec.content[0].modifiers[0] else { Issue.record("expected a shadow"); return }
        #expect(sh.computedColor?.source == "on ? red : blue")
        guard case .colorEffect(let e) = spec.content[0].modifiers[1] else { Issue.record("expected a colorEffect"); return }
        guard case .colorExpression = e.arguments[0], case .color(let g) = e.arguments[1] else { Issue.record("arguments \(e.arguments)"); return }
        #expect(e.arguments[0].typeName == "color")
        #expect(g == SpecColor.named("green", scheme: .light, systemColors: .iOS18))
        // A number where a colour is expected is still an error at its path.
        let errors = TestSupport.errors(TestSupport.spec(content: #"[{"circle": {}, "modifiers": [{"shadow": {"color": "=x * 2", "radius": 4}}]}]"#))
        #expect(errors.first?.path == "content[0].modifiers[0].shadow.color")
        #expect(errors.first?.message.contains("expected a colour") == true)
    }
}
