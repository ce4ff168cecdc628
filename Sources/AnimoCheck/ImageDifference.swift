// Pixel comparison on decoded images (never on encoded bytes): exact match, the largest
// per-channel difference and the count of differing pixels, in 8-bit straight-alpha RGBA,
// which is what a PNG golden stores. Fully transparent pixels compare equal whatever their
// color channels hold (a PNG writer may keep any color under alpha 0).
import AnimoRaster
import AnimoGeometry

/// The difference between an actual and an expected image.
public struct ImageDifference: Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// Set when the two images do not have the same size; the other figures are then zero.
    public let sizeMismatch: (actual: PixelRect, expected: PixelRect)?
    /// The largest absolute difference of any channel of any pixel, 0…255.
    public let maxChannelDelta: Int
    /// Pixels where any channel differs by more than `tolerance`.
    public let differingPixels: Int
    /// Mean absolute channel difference over all channels of all pixels, 0…255.
    public let meanChannelDelta: Double
    /// The per-channel tolerance used for `differingPixels`.
    public let tolerance: Int

    public var isIdentical: Bool { sizeMismatch == nil && maxChannelDelta == 0 }
    /// True when the sizes match and no pixel differs by more than the tolerance.
    public var passes: Bool { sizeMismatch == nil && differingPixels == 0 }

    public var description: String {
        if let m = sizeMismatch {
            return "size mismatch: actual \(m.actual.width)×\(m.actual.height), expected \(m.expected.width)×\(m.expected.height)"
        }
        return "max channel delta \(maxChannelDelta), \(differingPixels) of \(width * height) pixels differ by more than \(tolerance)"
            + ", mean delta \((meanChannelDelta * 1000).rounded() / 1000)"
    }

    /// Compares two images in 8-bit straight-alpha RGBA. `tolerance` is the per-channel difference
    /// allowed before a pixel counts as differing (0: exact).
    public init(actual: Pixmap, expected: Pixmap, tolerance: Int = 0) {
        self.init(actual: actual.rgba8Straight(), expected: expected.rgba8Straight(),
                  actualSize: actual.bounds, expectedSize: expected.bounds, tolerance: tolerance)
    }

    /// Compares two 8-bit straight-alpha RGBA buffers of the given sizes.
    public init(actual a: [UInt8], expected e: [UInt8], actualSize: PixelRect, expectedSize: PixelRect, tolerance: Int = 0) {
        self.tolerance = tolerance
        width = expectedSize.width; height = expectedSize.height
        guard actualSize.width == expectedSize.width, actualSize.height == expectedSize.height,
              a.count == e.count, a.count % 4 == 0 else {
            sizeMismatch = (actualSize, expectedSize)
            maxChannelDelta = 0; differingPixels = 0; meanChannelDelta = 0
            return
        }
        sizeMismatch = nil
        var maxDelta = 0, differing = 0, total = 0
        a.withUnsafeBufferPointer { pa in
            e.withUnsafeBufferPointer { pe in
                pa.withMemoryRebound(to: UInt32.self) { a32 in
                    pe.withMemoryRebound(to: UInt32.self) { e32 in
                        for p in 0..<(pa.count / 4) {
                            // Fast path: identical pixels (most of any golden) cost one compare.
                            if a32[p] == e32[p] { continue }
                            let i = 4 * p
                            if pa[i + 3] == 0 && pe[i + 3] == 0 { continue }
                            var pixelMax = 0
                            for c in 0..<4 {
                                let d = abs(Int(pa[i + c]) - Int(pe[i + c]))
                                total += d
                                pixelMax = max(pixelMax, d)
                            }
                            maxDelta = max(maxDelta, pixelMax)
                            if pixelMax > tolerance { differing += 1 }
                        }
                    }
                }
            }
        }
        maxChannelDelta = maxDelta
        differingPixels = differing
        meanChannelDelta = a.isEmpty ? 0 : Double(total) / Double(a.count)
    }
}
