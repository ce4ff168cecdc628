// Every figure of one actual-versus-expected frame, and the verdict under a tolerance.
import Foundation

/// The comparison of one frame: exact figures, the pixelmatch-style count, SSIM and the verdict.
public struct FrameComparison: Sendable {
    /// Sizes (width, height) of both images.
    public let actualSize: (width: Int, height: Int)
    public let expectedSize: (width: Int, height: Int)
    /// Per-channel figures (exact; transparent-equal), with `tolerance.maxDelta` as the per-pixel allowance.
    public let exact: ImageDifference
    /// pixelmatch-style figures; nil on a size mismatch.
    public let perceptual: PerceptualDifference?
    /// Mean SSIM; nil on a size mismatch or when smaller than 7×7.
    public let ssim: Double?
    public let tolerance: Tolerance

    public var sizeMismatch: Bool {
        actualSize.width != expectedSize.width || actualSize.height != expectedSize.height
    }

    /// Compares `actual` with `expected`. SSIM is computed only when needed (a tolerance asks for it,
    /// or `alwaysSSIM`), since it is the most expensive figure.
    public init(actual: RGBAImage, expected: RGBAImage, tolerance: Tolerance = .exact, alwaysSSIM: Bool = true) {
        actualSize = (actual.width, actual.height)
        expectedSize = (expected.width, expected.height)
        self.tolerance = tolerance
        exact = ImageDifference(actual: actual.bytes, expected: expected.bytes,
                                actualSize: .init(x: 0, y: 0, width: actual.width, height: actual.height),
                                expectedSize: .init(x: 0, y: 0, width: expected.width, height: expected.height),
                                tolerance: tolerance.maxDelta)
        if exact.sizeMismatch != nil || exact.isIdentical {
            perceptual = exact.isIdentical ? PerceptualDifference(actual: actual, expected: expected, threshold: tolerance.perceptualThreshold) : nil
            ssim = exact.isIdentical ? 1 : nil
            return
        }
        perceptual = PerceptualDifference(actual: actual, expected: expected, threshold: tolerance.perceptualThreshold)
        ssim = (alwaysSSIM || tolerance.minSSIM != nil) ? StructuralSimilarity.mean(actual: actual, expected: expected) : nil
    }

    public var isIdentical: Bool { exact.isIdentical }

    /// The verdict under `tolerance`.
    public var passes: Bool {
        if sizeMismatch { return false }
        if isIdentical { return true }
        if exact.differingPixels > tolerance.maxDifferingPixels { return false }
        if let limit = tolerance.maxPerceptualPixels, (perceptual?.differingPixels ?? .max) > limit { return false }
        if let minS = tolerance.minSSIM, (ssim ?? -1) < minS { return false }
        return true
    }

    /// One line of figures, e.g. `max Δ 12, 340 px differ, 120 perceptual (+220 anti-aliased), SSIM 0.99871`.
    public var summary: String {
        if sizeMismatch {
            return "size mismatch: actual \(actualSize.width)×\(actualSize.height), expected \(expectedSize.width)×\(expectedSize.height)"
        }
        if isIdentical { return "identical" }
        var s = "max Δ \(exact.maxChannelDelta), \(exact.differingPixels) px differ"
        if tolerance.maxDelta > 0 { s += " by more than \(tolerance.maxDelta)" }
        if let p = perceptual {
            s += ", \(p.differingPixels) perceptibly (+\(p.antialiasedPixels) anti-aliased)"
        }
        if let v = ssim { s += String(format: ", SSIM %.5f", v) }
        return s
    }
}
