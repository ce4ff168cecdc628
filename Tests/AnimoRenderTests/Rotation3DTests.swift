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
}
