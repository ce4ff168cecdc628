// The metrics on constructed pairs, against analytic truth or computations written here.
import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoCheck

@Test func onePixelChangedCountsOnceInEveryMetric() throws {
    let w = 12, h = 10
    let e = solid(w, h, (40, 80, 120, 255))
    var a = e
    setPixel(&a, w, 5, 4, (240, 80, 120, 255))
    let c = FrameComparison(actual: try image(w, h, a), expected: try image(w, h, e))
    #expect(c.exact.differingPixels == 1)
    #expect(c.exact.maxChannelDelta == 200)
    #expect(c.perceptual?.differingPixels == 1)
    #expect(c.perceptual?.antialiasedPixels == 0)
    #expect((c.ssim ?? 1) < 1)
    #expect(!c.passes)
    #expect(FrameComparison(actual: try image(w, h, a), expected: try image(w, h, e),
                            tolerance: Tolerance(maxDifferingPixels: 1)).passes)
}

/// A vertical edge black | gray | white, the gray column being the anti-aliased edge pixel.
private func edge(_ w: Int, _ h: Int, gray: UInt8) -> [UInt8] {
    var b = solid(w, h)
    for y in 0..<h {
        setPixel(&b, w, w / 2, y, (gray, gray, gray, 255))
        for x in (w / 2 + 1)..<w { setPixel(&b, w, x, y, (255, 255, 255, 255)) }
    }
    return b
}

@Test func subpixelShiftOfAnAntialiasedEdgeIsIgnoredByThePerceptualCountOnly() throws {
    // Edge coverage 0.50 → 0.625: the edge moved by 1/8 pixel. ΔE² = 0.5053 · 32² ≈ 517 > 352.
    let w = 16, h = 9
    let c = FrameComparison(actual: try image(w, h, edge(w, h, gray: 160)), expected: try image(w, h, edge(w, h, gray: 128)))
    #expect(c.exact.differingPixels == h)
    #expect(c.perceptual?.differingPixels == 0)
    #expect(c.perceptual?.antialiasedPixels == h)
}

@Test func grayChangeThresholdFollowsTheYIQFormula() throws {
    // For a gray change d, ΔI = ΔQ = 0 (their coefficients sum to 0) and ΔE² = 0.5053 d²; the
    // limit at threshold 0.1 is 35215 · 0.01 = 352.15, so d = 26 passes and d = 27 counts.
    for (d, counted) in [(26, 0), (27, 1)] {
        let e = solid(9, 9, (100, 100, 100, 255))
        var a = e
        let v = UInt8(100 + d)
        setPixel(&a, 9, 4, 4, (v, v, v, 255))
        let p = PerceptualDifference(actual: try image(9, 9, a), expected: try image(9, 9, e))
        #expect(p?.differingPixels == counted, "gray change \(d)")
    }
}

@Test func smallColorShiftIsImperceptibleButALargeOneCountsEveryPixel() throws {
    let w = 8, h = 8
    let e = solid(w, h, (100, 120, 140, 255))
    let small = FrameComparison(actual: try image(w, h, solid(w, h, (103, 120, 140, 255))), expected: try image(w, h, e))
    #expect(small.exact.differingPixels == w * h)
    #expect(small.exact.maxChannelDelta == 3)
    #expect(small.perceptual?.differingPixels == 0)
    #expect(small.passes == false)
    #expect(FrameComparison(actual: try image(w, h, solid(w, h, (103, 120, 140, 255))), expected: try image(w, h, e),
                            tolerance: Tolerance(maxDelta: 3)).passes)
    let large = FrameComparison(actual: try image(w, h, solid(w, h, (220, 120, 140, 255))), expected: try image(w, h, e))
    #expect(large.perceptual?.differingPixels == w * h)
}

@Test func fullyTransparentPixelsWithDifferentColorsAreEqualInEveryMetric() throws {
    let w = 9, h = 8
    let c = FrameComparison(actual: try image(w, h, solid(w, h, (255, 0, 0, 0))), expected: try image(w, h, solid(w, h, (0, 0, 255, 0))))
    #expect(c.isIdentical)
    #expect(c.passes)
    #expect(PerceptualDifference(actual: try image(w, h, solid(w, h, (255, 0, 0, 0))), expected: try image(w, h, solid(w, h, (0, 0, 255, 0))))?.differingPixels == 0)
    #expect(StructuralSimilarity.mean(actual: try image(w, h, solid(w, h, (255, 0, 0, 0))), expected: try image(w, h, solid(w, h, (0, 0, 255, 0)))) == 1)
}

@Test func sizeMismatchFailsOnItsOwn() throws {
    let c = FrameComparison(actual: try image(4, 4, solid(4, 4)), expected: try image(4, 5, solid(4, 5)))
    #expect(c.sizeMismatch && !c.passes)
    #expect(c.summary.contains("size mismatch"))
}

/// SSIM straight from Wang et al. eq. 13 with a 7×7 uniform window and sample covariance,
/// in Double, one channel, every valid window position.
private func referenceSSIM(_ a: [UInt8], _ b: [UInt8], _ w: Int, _ h: Int, channel: Int) -> Double {
    let c1: Double = 2.55 * 2.55, c2: Double = 7.65 * 7.65
    var total = 0.0, count = 0
    for y0 in 0...(h - 7) {
        for x0 in 0...(w - 7) {
            var xs: [Double] = [], ys: [Double] = []
            for y in y0..<(y0 + 7) { for x in x0..<(x0 + 7) {
                xs.append(Double(a[4 * (y * w + x) + channel])); ys.append(Double(b[4 * (y * w + x) + channel]))
            } }
            let mx = xs.reduce(0, +) / 49, my = ys.reduce(0, +) / 49
            var vx = 0.0, vy = 0.0, vxy = 0.0
            for i in 0..<49 { vx += (xs[i] - mx) * (xs[i] - mx); vy += (ys[i] - my) * (ys[i] - my); vxy += (xs[i] - mx) * (ys[i] - my) }
            vx /= 48; vy /= 48; vxy /= 48
            total += (2 * mx * my + c1) * (2 * vxy + c2) / ((mx * mx + my * my + c1) * (vx + vy + c2))
            count += 1
        }
    }
    return total / Double(count)
}

@Test(arguments: [1, 4])
func ssimMatchesTheDirectFormula(threads: Int) throws {
    let w = 13, h = 11
    var rng = TestRandom(seed: 7)
    var a = solid(w, h), b = solid(w, h)
    for i in 0..<(w * h) {
        for c in 0..<3 {
            let v = UInt8(rng.next() % 256)
            a[4 * i + c] = v
            b[4 * i + c] = UInt8(clamping: Int(v) + Int(rng.next() % 41) - 20)
        }
    }
    let expected = (0..<3).map { referenceSSIM(a, b, w, h, channel: $0) }.reduce(0, +) / 3
    let got = StructuralSimilarity.mean(actual: try image(w, h, a), expected: try image(w, h, b), threads: threads)
    #expect(abs((got ?? 0) - expected) < 1e-12, "got \(String(describing: got)), expected \(expected)")
    #expect(StructuralSimilarity.mean(actual: try image(w, h, a), expected: try image(w, h, a)) == 1)
    #expect(StructuralSimilarity.mean(actual: try image(6, 6, solid(6, 6)), expected: try image(6, 6, solid(6, 6))) == nil)
}

@Test func toleranceFileIsReadAndTyposAreRejected() throws {
    let dir = temporaryFolder()
    #expect(try Tolerance.load(folder: dir) == .exact)
    try Data(#"{"maxDelta": 2, "maxDifferingPixels": 10, "minSSIM": 0.999}"#.utf8).write(to: dir.appendingPathComponent("tolerance.json"))
    let t = try Tolerance.load(folder: dir)
    #expect(t.maxDelta == 2 && t.maxDifferingPixels == 10 && t.minSSIM == 0.999)
    try Data(#"{"maxDelt": 2}"#.utf8).write(to: dir.appendingPathComponent("tolerance.json"))
    #expect(throws: Tolerance.FileError.self) { try Tolerance.load(folder: dir) }
}

