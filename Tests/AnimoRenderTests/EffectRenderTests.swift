// Canvas filters and effect modifiers through the whole render path (spec → pixels), checked
// against analytic values: Gaussian tails (Φ), the colour matrices (§48–55),
// SwiftUI's default shadow colour (§43) and the filter order rule (§46–47).
// § numbers refer to docs/semantics.md.
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

@Suite struct EffectRenderTests {
    /// Standard normal CDF Φ(z) = erfc(−z/√2)/2.
    static func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    static func render(_ content: String, width: Int = 100, height: Int = 100, scale: Double = 1,
                       background: String = "\"clear\"", t: Double = 0) throws -> (Pixmap, SceneRenderer) {
        let json = """
        {"canvas": {"width": \(width), "height": \(height), "scale": \(scale), "background": \(background)},
         "duration": 1, "content": \(content)}
        """
        let r = try SceneRenderer(spec: try Spec.load(json: json))
        return (try r.render(at: t), r)
    }

    static func px(_ p: Pixmap, _ x: Int, _ y: Int) -> SIMD4<Float> { p.pixels[y * p.width + x] }

    // MARK: Canvas filters

    @Test func liquidStepSliderExpectationsHoldAtRest() throws {
        let spec = try Measure.example("liquid-step-slider")
        let r = try SceneRenderer(spec: spec)
        let rest = try #require(r.keyPoses().first { $0.role == "rest:0" })
        let image = try r.render(at: rest.time)
        let top = Measure.coverage(image, spec, region: (40, 55, 120, 10), scale: 2)
        let bottom = Measure.coverage(image, spec, region: (40, 145, 120, 10), scale: 2)
        let knob = Measure.coverage(image, spec, region: (219, 144, 12, 12), scale: 2)
        #expect(top >= 0.8, "blur 5 keeps the 10 pt bar: coverage \(top)")
        #expect(bottom <= 0.05, "blur 9 erases the 10 pt bar: coverage \(bottom)")
        #expect(knob >= 0.9, "the knob survives: coverage \(knob)")
    }

    /// A bar of height h blurred with σ peaks at erf(h / (2√2 σ)) = 2Φ(h/2σ) − 1: 0.683 for
    /// h = 10, σ = 5 (kept by a 0.5 threshold) and 0.421 for σ = 9 (erased).
    @Test(arguments: [(5.0, true), (9.0, false)])
    func thinFillTrap(blur: Double, survives: Bool) throws {
        let peak = 2 * Self.phi(10 / (2 * blur)) - 1
        #expect((peak > 0.5) == survives)
        let (p, _) = try Self.render("""
        [{"canvas": {"filters": [{"alphaThreshold": {"min": 0.5, "color": "white"}}, {"blur": {"radius": \(blur)}}],
          "content": [{"rectangle": {"frame": [10, 45, 180, 10]}, "fill": "white"}]}}]
        """, width: 200, height: 100, scale: 2)
        // The bar's middle row at x = 100 pt (away from the ends).
        let a = Self.px(p, 200, 100).w
        #expect(survives ? a == 1 : a == 0, "alpha \(a) at the bar's centre, blur \(blur)")
    }

    /// Threshold listed before blur ⇒ the blur runs first (last added applies first): the
    /// circle comes out as a hard disc (no partial alpha). Reversed, the threshold runs first (no
    /// change on an opaque circle) and the blur leaves a soft edge.
    @Test func filterOrderFromASpec() throws {
        func circle(_ filters: String) throws -> Pixmap {
            try Self.render("""
            [{"canvas": {"filters": \(filters), "content": [{"circle": {"center": [50, 50], "radius": 25}, "fill": "white"}]}}]
            """).0
        }
        let goo = try circle("[{\"alphaThreshold\": {\"min\": 0.5, \"color\": \"white\"}}, {\"blur\": {\"radius\": 4}}]")
        let soft = try circle("[{\"blur\": {\"radius\": 4}}, {\"alphaThreshold\": {\"min\": 0.5, \"color\": \"white\"}}]")
        let partialGoo = goo.pixels.filter { $0.w > 0 && $0.w < 1 }.count
        let partialSoft = soft.pixels.filter { $0.w > 0.02 && $0.w < 0.98 }.count
        #expect(partialGoo == 0)
        #expect(partialSoft > 200)
        #expect(Self.px(goo, 50, 50).w == 1 && Self.px(goo, 50, 85).w == 0, "\(Self.px(goo, 50, 50)) \(Self.px(goo, 50, 85))")
        // The hard disc's radius: the blurred disc crosses 0.5 a little inside r = 25.
        #expect(Self.px(goo, 50, 50 + 22).w == 1 && Self.px(goo, 50, 50 + 26).w == 0)
    }

    @Test func canvasLayerIsNotLimitedToTheCanvasOrigin() throws {
        // A blurred shape near the far corner: the layer sized to the content must still blur
        // across the canvas edge correctly (symmetric tails on both sides inside the canvas).
        let (p, _) = try Self.render("""
        [{"canvas": {"filters": [{"blur": {"radius": 3}}], "content": [{"rectangle": {"frame": [60, 60, 20, 20]}, "fill": "white"}]}}]
        """)
        let left = Self.px(p, 57, 70).w, right = Self.px(p, 82, 70).w
        #expect(abs(left - right) < 1e-3)
        // Pixel centre 57.5 is 2.5 pt outside the edge at 60: Φ(−2.5/3).
        #expect(abs(Double(left) - Self.phi(-2.5 / 3)) < 0.01)
    }

    // MARK: Effect modifiers

    /// blur(radius: 4) on a 60 pt square: 4 pt outside an edge's middle the alpha is Φ(−d/σ)
    /// (a half-plane's tail; the square's far edges add < 1e-6).
    @Test func blurModifierSpreads() throws {
        let (p, _) = try Self.render("""
        [{"rectangle": {"frame": [20, 20, 60, 60]}, "fill": "white", "modifiers": [{"blur": 4}]}]
        """)
        let a = Double(Self.px(p, 84, 50).w)  // centre 84.5: 4.5 pt outside x = 80
        #expect(a > 0)
        #expect(abs(a - Self.phi(-4.5 / 4)) < 0.01, "alpha \(a)")
    }

    /// The colour of a pixel of an opaque (0.8, 0.4, 0.2) rectangle after one modifier, against
    /// the formula of docs/semantics.md written out here.
    @Test(arguments: ["saturation", "brightness", "contrast", "hueRotation", "grayscale", "colorMultiply", "colorInvert", "luminanceToAlpha"])
    func colorModifier(_ name: String) throws {
        let (r, g, b) = (0.8, 0.4, 0.2)
        let lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let modifier: String
        let expected: (Double, Double, Double, Double)
        switch name {
        case "saturation":  // §48, s = 0.5
            let s = 0.5
            modifier = "{\"saturation\": 0.5}"
            expected = ((0.2126 + 0.7873 * s) * r + (0.7152 - 0.7152 * s) * g + (0.0722 - 0.0722 * s) * b,
                        (0.2126 - 0.2126 * s) * r + (0.7152 + 0.2848 * s) * g + (0.0722 - 0.0722 * s) * b,
                        (0.2126 - 0.2126 * s) * r + (0.7152 - 0.7152 * s) * g + (0.0722 + 0.9278 * s) * b, 1)
        case "brightness":  // §50
            modifier = "{\"brightness\": 0.1}"
            expected = (0.9, 0.5, 0.3, 1)
        case "contrast":  // §51, c = 0.5: x' = 0.5x + 0.25
            modifier = "{\"contrast\": 0.5}"
            expected = (0.65, 0.45, 0.35, 1)
        case "hueRotation":  // §49 at 90°: c = 0, s = 1
            modifier = "{\"hueRotation\": 90}"
            expected = ((0.2126 - 0.2126) * r + (0.7152 - 0.7152) * g + (0.0722 + 0.9278) * b,
                        (0.2126 + 0.1430) * r + (0.7152 + 0.1400) * g + (0.0722 - 0.2830) * b,
                        (0.2126 - 0.7873) * r + (0.7152 + 0.7152) * g + (0.0722 + 0.0722) * b, 1)
        case "grayscale":  // §52, a = 1
            modifier = "{\"grayscale\": 1}"
            expected = (lum, lum, lum, 1)
        case "colorMultiply":  // §54
            modifier = "{\"colorMultiply\": {\"red\": 0.5, \"green\": 1, \"blue\": 0.25}}"
            expected = (0.4, 0.4, 0.05, 1)
        case "colorInvert":  // §53, a = 1
            modifier = "{\"colorInvert\": true}"
            expected = (0.2, 0.6, 0.8, 1)
        default:  // luminanceToAlpha, §55: premultiplied (0, 0, 0, lum)
            modifier = "{\"luminanceToAlpha\": true}"
            expected = (0, 0, 0, lum)
        }
        let (p, _) = try Self.render("""
        [{"rectangle": {"frame": [10, 10, 40, 40]}, "fill": {"red": \(r), "green": \(g), "blue": \(b)}, "modifiers": [\(modifier)]}]
        """)
        let v = Self.px(p, 30, 30)
        func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }
        let e = SIMD4(Float(clamp(expected.0) * expected.3), Float(clamp(expected.1) * expected.3), Float(clamp(expected.2) * expected.3), Float(expected.3))
        #expect(maxDiff(v, e) < 2e-3, "\(name): got \(v), expected \(e)")
    }

    /// shadow with SwiftUI's default colour, black at 0.33 (§43), radius 0, offset 30 pt:
    /// a pixel covered only by the shadow is (0, 0, 0, 0.33).
    @Test func shadowDefaultColorAndOffset() throws {
        let (p, _) = try Self.render("""
        [{"rectangle": {"frame": [10, 10, 20, 20]}, "fill": "white", "modifiers": [{"shadow": {"radius": 0, "x": 30, "y": 5}}]}]
        """)
        let shadow = Self.px(p, 45, 25)
        #expect(maxDiff(shadow, SIMD4(0, 0, 0, 0.33)) < 2e-3, "\(shadow)")
        #expect(Self.px(p, 20, 20) == SIMD4(1, 1, 1, 1))
        #expect(Self.px(p, 45, 12).w == 0)  // above the offset shadow (it starts at y = 15)
    }

    /// Effects in modifier order: grayscale then colorMultiply(red) ≠ colorMultiply then grayscale.
    @Test func effectModifiersApplyInOrder() throws {
        let (a, _) = try Self.render("""
        [{"rectangle": {"frame": [0, 0, 20, 20]}, "fill": "white", "modifiers": [{"grayscale": 1}, {"colorMultiply": {"red": 1, "green": 0, "blue": 0}}]}]
        """)
        let (b, _) = try Self.render("""
        [{"rectangle": {"frame": [0, 0, 20, 20]}, "fill": "white", "modifiers": [{"colorMultiply": {"red": 1, "green": 0, "blue": 0}}, {"grayscale": 1}]}]
        """)
        let red = Self.px(a, 10, 10), gray = Self.px(b, 10, 10)
        #expect(red.y < 0.01 && red.x > 0.9)
        #expect(abs(gray.x - gray.y) < 1e-3 && gray.x > 0.1)
    }

    /// Threads do not change pixels.
    @Test func effectsAreDeterministicAcrossThreads() throws {
        let json = """
        {"canvas": {"width": 80, "height": 80}, "duration": 1, "content": [
          {"canvas": {"filters": [{"alphaThreshold": {"min": 0.5}}, {"blur": {"radius": 6}}],
            "content": [{"circle": {"center": [30, 40], "radius": 15}}, {"circle": {"center": [52, 40], "radius": 12}}]},
           "modifiers": [{"shadow": {"radius": 3, "y": 4}}, {"hueRotation": 40}]}]}
        """
        let r = try SceneRenderer(spec: try Spec.load(json: json))
        #expect(try r.render(at: 0, threads: 1) == r.render(at: 0, threads: 3))
    }
}

/// The largest per-channel difference of two pixels.
func maxDiff(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
    let d = a - b
    return max(max(Swift.abs(d.x), Swift.abs(d.y)), max(Swift.abs(d.z), Swift.abs(d.w)))
}
