// Hostile magnitudes through the whole render path: each case once trapped, drew a wrong frame
// in silence, or took memory out of proportion to the canvas. Small canvases, scale 1.
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender
import AnimoTestSupport

enum Robust {
    /// A 40×40 pt black canvas around `content` (a JSON array body).
    static func spec(_ content: String, width: Double = 40, height: Double = 40) -> String {
        """
        {"canvas": {"width": \(width), "height": \(height), "scale": 1, "background": "black"}, "duration": 1,
         "content": [\(content)]}
        """
    }

    static func render(_ json: String, at t: Double = 0.5) throws -> (Pixmap, SceneRenderer) {
        let r = try SceneRenderer(spec: try Spec.load(json: json))
        return (try r.render(at: t, scale: 1), r)
    }

    /// Mean red channel over the pixmap (white content on black: the covered fraction).
    static func meanRed(_ p: Pixmap) -> Double {
        p.pixels.reduce(0.0) { $0 + Double($1.x) } / Double(p.pixels.count)
    }

    /// Mean red channel of the columns x0..<x1.
    static func meanRed(_ p: Pixmap, columns: Range<Int>) -> Double {
        var s = 0.0
        for y in 0..<p.height { for x in columns { s += Double(p.pixels[y * p.width + x].x) } }
        return s / Double(p.height * columns.count)
    }
}

@Suite struct RobustnessRenderTests {
    @Test(arguments: ["1e19", "1e300", "=t*1e19", "=t*1e300"])
    func shaderOverAHugeFrameDoesNotTrap(_ size: String) throws {
        let v = size.hasPrefix("=") ? "\"\(size)\"" : size
        let (p, r) = try Robust.render(Robust.spec("""
            {"rectangle": {"frame": [0, 0, \(v), \(v)]}, "fill": "white",
             "modifiers": [{"colorEffect": {"shader": "identityColor", "arguments": []}}]}
            """))
        // The frame covers the canvas: white everywhere, and not reported as a black shader.
        #expect(Robust.meanRed(p) > 0.99)
        #expect(!r.diagnostics.contains { $0.feature.hasPrefix("shader:") }, "\(r.diagnostics)")
    }

    /// A half-plane drawn with coordinates of 1e20 … 1e300 covers the left half of the canvas,
    /// also through an effect layer and a clip to its own frame (whose far edge once rounded from
    /// x = 20 down to 0: a rect as origin + size loses the 20 at that magnitude).
    @Test(arguments: ["1e20", "1e25", "1e300"])
    func hugeCoordinatesKeepTheirVisibleEdge(_ m: String) throws {
        let shape = "{\"path\": {\"d\": \"M -\(m) -\(m) L 20 -\(m) L 20 \(m) L -\(m) \(m) Z\"}, \"fill\": \"white\""
        for modifiers in ["[]", "[{\"saturation\": 1}]", "[{\"clipShape\": {\"rectangle\": {}}}]", "[{\"blur\": {\"radius\": 0.5}}]",
                          "[{\"opacity\": 0.999}]", "[{\"colorEffect\": {\"shader\": \"identityColor\", \"arguments\": []}}]"] {
            let (p, _) = try Robust.render(Robust.spec(shape + ", \"modifiers\": \(modifiers)}"))
            #expect(Robust.meanRed(p, columns: 0..<18) > 0.95, "\(m) \(modifiers): left half")
            #expect(Robust.meanRed(p, columns: 22..<40) < 0.05, "\(m) \(modifiers): right half")
        }
    }

    /// A blur far larger than the canvas keeps its content: a square reaching 3.3σ past the
    /// canvas on every side stays ≈ white in the middle (Φ-based: erf(5020/(1500·√2))² ≈ 0.998).
    @Test(arguments: ["1500", "=1500+t*0"])
    func hugeBlurKeepsItsContent(_ radius: String) throws {
        let r = radius.hasPrefix("=") ? "\"\(radius)\"" : radius
        let (p, rd) = try Robust.render(Robust.spec("""
            {"rectangle": {"frame": [-5000, -5000, 10040, 10040]}, "fill": "white", "modifiers": [{"blur": {"radius": \(r)}}]}
            """))
        let centre = p.pixels[20 * p.width + 20].x
        #expect(centre > 0.95 && centre <= 1.01, "centre \(centre)")
        #expect(rd.diagnostics.isEmpty, "\(rd.diagnostics)")
    }

    /// The layer under a blur covers what can reach the canvas, at a resolution the blur hides:
    /// its pixel count stops growing with σ (σ 1000 pt on a 100×80 pt canvas once took 2 GB).
    @Test func blurLayerSizeIsBoundedByTheCanvas() throws {
        let canvas = Rect(x: 0, y: 0, width: 200, height: 160)           // 100×80 pt at scale 2
        var sizes: [Int] = []
        for sigma in [10.0, 100, 1000, 1e4, 1e6] {
            for content in [Rect(x: 10, y: 10, width: 20, height: 20),     // inside the canvas
                            Rect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)] { // full bleed
                guard case .layer(let plan) = EffectPainter.filterLayer([.blur(radius: sigma, opaque: false)], content: content,
                                                                        canvas: canvas, ctm: .scale(2, 2)) else {
                    Issue.record("σ \(sigma) content \(content): no layer"); continue
                }
                sizes.append(plan.width * plan.height)
                // Bound: the canvas grown by the reach (4σ + 2 px at most), downsampled to the
                // budget: never more than max(4 × canvas, 2¹⁶) pixels.
                #expect(plan.width * plan.height <= max(4 * 200 * 160, 1 << 16), "σ \(sigma) content \(content): \(plan)")
            }
        }
        // Content inside the canvas needs no more than the canvas, whatever σ.
        #expect(sizes[2] <= 200 * 160 && sizes[4] <= 200 * 160 && sizes[6] <= 200 * 160, "\(sizes)")
    }

    /// End to end: σ 1000 pt on a 100×80 canvas renders a full-bleed square grey-free (≈ white
    /// at the centre) and a small square as the faint glow it is.
    @Test func blurOfSigma1000OnASmallCanvas() throws {
        let json = """
            {"canvas": {"width": 100, "height": 80, "scale": 2, "background": "black"}, "duration": 1,
             "content": [{"rectangle": {"frame": [-5000, -5000, 10100, 10080]}, "fill": "white", "modifiers": [{"blur": {"radius": 1000}}]}]}
            """
        let r = try SceneRenderer(spec: try Spec.load(json: json))
        let p = try r.render(at: 0)
        let c = p.pixels[80 * p.width + 100].x
        #expect(c > 0.99, "centre \(c)")
    }

    /// A dash pattern far finer than a pixel (or one needing more dashes than the dasher makes)
    /// is drawn at its mean coverage instead of a few dashes at the path's start: butt caps
    /// cover on/period of the stroke, caps as wide as the gaps cover all of it.
    @Test func subPixelDashesDrawTheirMeanCoverage() throws {
        func stroke(_ dash: String, cap: String = "butt", d: String = "M 5 20 L 35 20") throws -> Pixmap {
            try Robust.render(Robust.spec("""
                {"path": {"d": "\(d)"}, "stroke": {"color": "white", "lineWidth": 10, "lineCap": "\(cap)", "dash": \(dash)}}
                """)).0
        }
        let half = try stroke("[1e-6, 1e-6]")
        #expect(abs(Double(half.pixels[20 * 40 + 20].x) - 0.5) < 0.02, "\(half.pixels[20 * 40 + 20])")
        // Lengths summing to no more than FLT_EPSILON are no pattern at all: solid (§285).
        let none = try stroke("[1e-9, 1e-9]")
        #expect(none.pixels[20 * 40 + 20].x > 0.98, "\(none.pixels[20 * 40 + 20])")
        let quarter = try stroke("[1e-6, 3e-6]")
        #expect(abs(Double(quarter.pixels[20 * 40 + 20].x) - 0.25) < 0.02, "\(quarter.pixels[20 * 40 + 20])")
        let round = try stroke("[1e-6, 1e-6]", cap: "round")
        #expect(round.pixels[20 * 40 + 20].x > 0.98)
        // 0.01 pt dashes over a 4000 pt path: 200,000 dashes, more than the dasher's 100,000.
        let long = try stroke("[0.01, 0.01]", d: "M -3960 20 L 35 20")
        #expect(abs(Double(long.pixels[20 * 40 + 20].x) - 0.5) < 0.02, "\(long.pixels[20 * 40 + 20])")
        // Resolvable dashes are still dashes: 4 on, 4 off at 1 px/pt.
        let coarse = try stroke("[4, 4]")
        let row = (5..<35).map { coarse.pixels[20 * 40 + $0].x }
        #expect(row.filter { $0 > 0.99 }.count >= 12 && row.filter { $0 < 0.01 }.count >= 12, "\(row)")
    }

    /// A circle whose frame overflows (2·radius or center ± radius beyond 1.8e308) cannot be
    /// drawn: a literal is a load error naming the key, an expression a render diagnostic;
    /// below that a huge circle covers the canvas.
    @Test func overflowingShapeFramesAreRefusedNotBlack() throws {
        let e = TestSupport.errors(Robust.spec("{\"circle\": {\"center\": [20, 20], \"radius\": 9e307}, \"fill\": \"white\"}"))
        #expect(e.first?.path == "content[0].circle.radius", "\(e)")
        #expect(e.first?.message.contains("overflow") == true, "\(e)")
        let f = TestSupport.errors(Robust.spec("{\"rectangle\": {\"frame\": [1e308, 0, 1e308, 10]}, \"fill\": \"white\"}"))
        #expect(f.first?.path == "content[0].rectangle.frame", "\(f)")

        let (p, r) = try Robust.render(Robust.spec("{\"circle\": {\"center\": [20, 20], \"radius\": \"=9e307 + t\"}, \"fill\": \"white\"}"))
        #expect(Robust.meanRed(p) == 0)
        #expect(r.diagnostics.contains { $0.path == "content[0]" && $0.message.contains("not finite") }, "\(r.diagnostics)")

        for radius in ["1e20", "1e300", "8e307"] {
            let (q, rq) = try Robust.render(Robust.spec("{\"circle\": {\"center\": [20, 20], \"radius\": \(radius)}, \"fill\": \"white\"}"))
            #expect(Robust.meanRed(q) > 0.99, "radius \(radius)")
            #expect(rq.diagnostics.isEmpty)
        }
    }

    /// Every example renders at instants far past its end (`--times 1e300`): springs, keyframes,
    /// phases and symbol effects must not convert astronomical step counts to Int.
    @Test func examplesRenderAtHugeTimes() throws {
        for url in TestSupport.exampleFiles {
            let r = try SceneRenderer(spec: try Spec.load(path: url.path))
            let side = max(r.spec.canvas.width, r.spec.canvas.height)
            for t in [1e15, 1e19, 1e300, Double.greatestFiniteMagnitude] {
                let p = try r.render(at: t, scale: 16 / side)
                #expect(p.width <= 17, "\(url.lastPathComponent) at \(t)")
            }
            _ = r.keyPoses()
        }
    }

    /// Pixel sizes and frame counts beyond Int are errors or clamps, not traps: a 1e300 pt canvas
    /// at scale 1e-300 is valid, and rendering it at scale 2 asks for 2e300 px.
    @Test func hugePixelSizesAndFrameRatesDoNotTrap() throws {
        let json = """
            {"canvas": {"width": 1e300, "height": 1e300, "scale": 1e-300}, "duration": 1e300, "fps": 1e-300,
             "content": [{"circle": {"center": [5e299, 5e299], "radius": 1e299}, "fill": "white"}]}
            """
        let spec = try Spec.load(json: json)
        let r = try SceneRenderer(spec: spec)
        #expect(throws: PixmapError.self) { try r.render(at: 0, scale: 2) }
        #expect(r.frameTimes(fps: 1e300).count <= 1_000_001)
        #expect(spec.canvas.pixelWidth > 0 && spec.frameCount > 0)
        _ = try r.render(at: 0)
    }

    /// A stroke of width 1e308 under a filter: its bounds (width/2 · miter limit) once overflowed
    /// to ∞ − ∞ = NaN and the layer came out empty. Butt caps: it covers x ∈ [5, 35].
    @Test(arguments: ["1e300", "1e308", "=1e308 + t"])
    func hugeStrokeUnderAFilter(_ w: String) throws {
        let v = w.hasPrefix("=") ? "\"\(w)\"" : w
        let (p, _) = try Robust.render(Robust.spec("""
            {"path": {"d": "M 5 20 L 35 20"}, "stroke": {"color": "white", "lineWidth": \(v)}, "modifiers": [{"blur": {"radius": 1}}]}
            """))
        #expect(Robust.meanRed(p, columns: 10..<30) > 0.99, "\(w)")
    }
}
