// Hostile magnitudes through the whole render path: each case once trapped, drew a wrong frame
// in silence, or took memory out of proportion to the canvas. Small canvases, scale 1.
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene

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
}
