// PixelFill writes exactly the color's bits into exactly the requested pixels, on both of its paths
// (memset for all-zero bits, seeded doubling copies for any other color), around the seed size.
import Testing
@testable import AnimoRaster
@testable import AnimoGeometry

@Suite struct PixelFillTests {
    static let counts = [0, 1, 7, PixelFill.seedCount - 1, PixelFill.seedCount, PixelFill.seedCount + 1,
                         3 * PixelFill.seedCount + 5, 70_001]

    @Test(arguments: [SIMD4<Float>(0, 0, 0, 0), SIMD4<Float>(-0.0, 0, 0, 0), SIMD4<Float>(0.25, 0.5, 0.125, 0.75),
                      SIMD4<Float>(.nan, 1, -3, 1e-40)])
    func writesTheColorsBitsAndNothingElse(color: SIMD4<Float>) {
        let sentinel = SIMD4<Float>(9, 8, 7, 6)
        for count in Self.counts {
            let total = count + 3
            let buf = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: total)
            defer { buf.deallocate() }
            buf.initialize(repeating: sentinel, count: total)
            PixelFill.fill(buf + 1, with: color, count: count)
            let want = unsafeBitCast(color, to: SIMD4<UInt32>.self)
            #expect(buf[0] == sentinel, "pixel before the run changed (count \(count))")
            for i in 1...max(count, 1) where i <= count {
                let got = unsafeBitCast(buf[i], to: SIMD4<UInt32>.self)
                if got != want {
                    Issue.record("count \(count): pixel \(i - 1) holds \(got), expected \(want)")
                    break
                }
            }
            #expect(buf[count + 1] == sentinel && buf[count + 2] == sentinel, "pixels after the run changed (count \(count))")
        }
    }
}
