import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoEffects

/// Filter lengths far beyond the pixmap (already in pixels) must not trap converting to Int.
@Suite struct HugeMagnitudeFilterTests {
    func square() throws -> Pixmap {
        var p = try Pixmap(width: 16, height: 16)
        for y in 4..<12 { for x in 4..<12 { p.pixels[y * 16 + x] = SIMD4(1, 1, 1, 1) } }
        return p
    }

    @Test(arguments: [1e15, 1e19, 1e300, -1e300])
    func shadowOffsetsPastThePixmapDrawNoShadow(_ offset: Double) throws {
        var p = try square()
        let before = p.pixels
        try DropShadow(color: .black, radius: 1, x: offset, y: offset).apply(to: &p, threads: 1)
        #expect(p.pixels == before)   // the shadow lands outside; the content is unchanged
    }

    @Test(arguments: [1e4, 1e5, 1e6, 1e7, 1e8, 1e15, 1e19, 1e300])
    func blurredAlphaWithAThresholdAndAHugeSigma(_ sigma: Double) throws {
        let plane = try GaussianBlur(sigma: sigma).blurredAlpha(of: try square(), threshold: 0.01, threads: 1)
        #expect(plane.values.allSatisfy { $0.isFinite && $0 >= -1e-3 && $0 < 0.01 }, "\(plane.values.max()!)")
        var p = try square()
        try GaussianBlur(sigma: sigma).apply(to: &p, threads: 1)
        #expect(p.pixels.allSatisfy { $0.w.isFinite && $0.w < 0.01 }, "\(p.pixels.map(\.w).max()!)")
    }
}
