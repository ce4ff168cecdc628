// Regression: the recursive blur overshoots 1 by ~4e-4 inside a large disc; a threshold with
// max 1 must still keep those pixels (alpha beyond 0…1 is "fully opaque"/"transparent").
import Testing
import AnimoTestSupport
import AnimoRaster
import AnimoGeometry
@testable import AnimoEffects

@Test func gooBlobInteriorIsSolid() throws {
    var ctx = try DrawingContext(width: 100, height: 100)
    ctx.fill(.circle(in: Rect(x: 25, y: 25, width: 50, height: 50)), with: .solid(.white))
    var p = ctx.finish()
    try Filter.apply([.alphaThreshold(min: 0.5, max: 1, color: .white), .blur(radius: 4)], to: &p, threads: 1)
    #expect(p.pixels[50 * 100 + 50].w == 1)
    #expect((35..<65).allSatisfy { x in p.pixels[50 * 100 + x].w == 1 })
    let t = try AlphaThreshold(min: 0.5, max: 1)
    #expect(t.keeps(1.0004) && !t.keeps(0.49))
    let band = try AlphaThreshold(min: 0.2, max: 0.6)
    #expect(!band.keeps(0.7) && band.keeps(0.6))
}
