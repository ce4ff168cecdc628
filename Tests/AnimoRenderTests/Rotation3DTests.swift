// rotation3DEffect with SwiftUI's perspective, measured from pixels.
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

struct Rotation3DTests {
    func render(_ modifier: String) throws -> Pixmap {
        let s = try Spec.load(json: """
        {"canvas": {"width": 200, "height": 200, "scale": 1, "background": "black"}, "duration": 1,
         "content": [{"rectangle": {"frame": [50, 50, 100, 100]}, "fill": "white", "modifiers": [\(modifier)]}]}
        """)
        return try SceneRenderer(spec: s).render(at: 0)
    }

    /// Rows of column `x` that are mostly covered.
    func inkedRows(_ p: Pixmap, _ x: Int) -> Int { (0..<p.height).filter { p.pixel(x: x, y: $0)!.red > 0.5 }.count }
    func inkedColumns(_ p: Pixmap, _ y: Int) -> Int { (0..<p.width).filter { p.pixel(x: $0, y: y)!.red > 0.5 }.count }

    @Test func perspectiveMakesTheFarSideSmaller() throws {
        // 60° about the y axis: the right half moves away (w = 1 + sin60·x/d), the left half closer.
        let p = try render(#"{"rotation3DEffect": {"angle": 60, "axis": [0, 1, 0]}}"#)
        let left = inkedRows(p, 80), right = inkedRows(p, 120)
        #expect(left > right + 10, "left \(left) right \(right)")
        // Analytic check at the projected edges: a corner (x, y) of the plane maps to
        // anchor + r/(1 − r_z/d) with d = 100 (max side / perspective 1).
        let s = 3.0.squareRoot() / 2, c = 0.5, d = 100.0
        func project(_ qx: Double, _ qy: Double) -> (Double, Double) {
            let rx = qx * c, rz = -qx * s, w = 1 - rz / d
            return (100 + rx / w, 100 + qy / w)
        }
        let (lx, ly) = project(-50, -50), (rx, ry) = project(50, -50)
        // The projected top edge is the straight line between the projected corners (a
        // homography keeps lines straight); the height at a column center is twice its distance
        // above the anchor. Measured columns: just inside the near and the far edge.
        func expectedHeight(_ col: Int) -> Double {
            let x = Double(col) + 0.5
            let yTop = ly + (ry - ly) * (x - lx) / (rx - lx)
            return 2 * (100 - yTop)
        }
        for col in [Int(lx.rounded(.up)) + 1, Int(rx.rounded(.down)) - 2] {
            #expect(abs(Double(inkedRows(p, col)) - expectedHeight(col)) <= 1.5, "column \(col): \(inkedRows(p, col)) rows, expected \(expectedHeight(col))")
        }
    }

    @Test func zeroPerspectiveIsOrthographic() throws {
        let p = try render(#"{"rotation3DEffect": {"angle": 60, "axis": [0, 1, 0], "perspective": 0}}"#)
        #expect(inkedRows(p, 80) == inkedRows(p, 120))
        #expect(abs(inkedColumns(p, 100) - 50) <= 1)   // width · cos 60°
    }

    @Test func rotationAboutTheViewAxisMatchesRotationEffect() throws {
        // About z the projection is a plain rotation: the same pixels as rotationEffect (within AA).
        let a = try render(#"{"rotation3DEffect": {"angle": 30, "axis": [0, 0, 1]}}"#)
        let b = try render(#"{"rotationEffect": 30}"#)
        var maxDelta: Float = 0
        for i in 0..<a.pixels.count { maxDelta = max(maxDelta, abs(a.pixels[i].x - b.pixels[i].x)) }
        #expect(maxDelta < 0.1, "max red difference \(maxDelta)")
    }

    /// The centroid (pixels) of the red channel (white content on black).
    func redCentroid(_ p: Pixmap) -> (x: Double, y: Double)? {
        var sx = 0.0, sy = 0.0, s = 0.0
        for y in 0..<p.height {
            for x in 0..<p.width {
                let a = Double(p.pixels[y * p.width + x].x)
                sx += a * (Double(x) + 0.5); sy += a * (Double(y) + 0.5); s += a
            }
        }
        return s > 0 ? (sx / s, sy / s) : nil
    }

    /// Visible pixels (red above 5/255).
    func inked(_ p: Pixmap) -> Int { p.pixels.filter { $0.x > 0.02 }.count }

    /// A plane seen edge-on is invisible: at exactly ±90° (and 270°) nothing is drawn, with and
    /// without perspective, while 89° still draws a sliver.
    @Test(arguments: [90.0, -90.0, 270.0, -270.0])
    func edgeOnPlaneDrawsNothing(_ angle: Double) throws {
        for axis in ["[0, 1, 0]", "[1, 0, 0]", "[1, 1, 0]"] {
            for perspective in ["1", "0", "0.5"] {
                let p = try render("{\"rotation3DEffect\": {\"angle\": \(angle), \"axis\": \(axis), \"perspective\": \(perspective)}}")
                #expect(inked(p) == 0, "angle \(angle) axis \(axis) perspective \(perspective): \(inked(p)) pixels")
            }
        }
        let sliver = try render("{\"rotation3DEffect\": {\"angle\": \(angle > 0 ? 89 : -89), \"axis\": [0, 1, 0]}}")
        #expect(inked(sliver) > 0 && inked(sliver) < 1000)
    }

    /// perspective 0 is the limit of a vanishing perspective, anchorZ included: the plane is
    /// turned about the point (anchor, anchorZ), so anchorZ shifts it sideways.
    @Test func zeroPerspectiveHonoursAnchorZ() throws {
        for (axis, z) in [("[1, 1, 1]", 40.0), ("[0, 1, 0]", -30.0), ("[1, 0, 0.3]", 25.0)] {
            let ortho = try render("{\"rotation3DEffect\": {\"angle\": 60, \"axis\": \(axis), \"anchorZ\": \(z), \"perspective\": 0}}")
            let tiny = try render("{\"rotation3DEffect\": {\"angle\": 60, \"axis\": \(axis), \"anchorZ\": \(z), \"perspective\": 1e-6}}")
            let a = try #require(redCentroid(ortho)), b = try #require(redCentroid(tiny))
            #expect(abs(a.x - b.x) < 0.05 && abs(a.y - b.y) < 0.05, "axis \(axis) anchorZ \(z): \(a) vs \(b)")
            // Same area (the transform's exact coverage against the warped layer's bilinear edges).
            let ma = ortho.pixels.reduce(0.0) { $0 + Double($1.x) }, mb = tiny.pixels.reduce(0.0) { $0 + Double($1.x) }
            #expect(abs(ma - mb) < 0.01 * mb, "axis \(axis) anchorZ \(z): area \(ma) vs \(mb)")
        }
    }
}
