// Mean structural similarity (SSIM) of two images: Z. Wang, A. C. Bovik, H. R. Sheikh,
// E. P. Simoncelli, "Image quality assessment: from error visibility to structural similarity",
// IEEE TIP 13(4), 2004, eq. 13:
//   SSIM(x, y) = (2 μx μy + C1)(2 σxy + C2) / ((μx² + μy² + C1)(σx² + σy² + C2)),
//   C1 = (K1 L)², C2 = (K2 L)², K1 = 0.01, K2 = 0.03, L = 255 (the data range).
// With the settings scikit-image's `structural_similarity(a, b, channel_axis=2, data_range=255)`
// uses by default (its documentation): a 7×7 uniform window, sample covariance (σ computed with
// N − 1 = 48, `use_sample_covariance=True`), the mean taken over the pixels whose window lies
// inside the image (it crops (7 − 1) / 2 = 3 pixels on each side, so its border mode never
// matters), then averaged over channels. scripts/validate-ssim checks agreement to within 1e-3.
//
// Channels: premultiplied R, G, B (so fully transparent pixels compare equal whatever their
// color; for opaque images these are the straight channels scikit-image sees), plus alpha when
// either image has a pixel that is not opaque (an opaque pair's alpha SSIM is exactly 1 and
// would only dilute the mean).
//
// Implementation: exact integer window sums (Σx, Σy, Σx², Σy², Σxy over 49 pixels fit in
// Int) by sliding column sums; rows are split into bands over threads and the per-row means are
// added in row order, so the figure is identical for every thread count.
import Foundation

public enum StructuralSimilarity {
    /// The window side (scikit-image's default `win_size`).
    public static let window = 7
    static let k1 = 0.01, k2 = 0.03, dataRange = 255.0

    /// Mean SSIM in −1…1 (1: identical); nil when the sizes differ or an image is smaller than the
    /// 7×7 window.
    public static func mean(actual: RGBAImage, expected: RGBAImage, threads: Int = ProcessInfo.processInfo.activeProcessorCount) -> Double? {
        guard actual.width == expected.width, actual.height == expected.height,
              actual.width >= window, actual.height >= window else { return nil }
        let withAlpha = !actual.isOpaque || !expected.isOpaque
        let channels = withAlpha ? 4 : 3
        let w = actual.width, h = actual.height
        let planesA = planes(actual, channels), planesE = planes(expected, channels)
        var total = 0.0
        for c in 0..<channels {
            total += channelMean(planesA[c], planesE[c], w, h, threads: threads)
        }
        return total / Double(channels)
    }

    /// Channel planes: premultiplied color (round(c·a/255)) and alpha.
    static func planes(_ img: RGBAImage, _ channels: Int) -> [[UInt8]] {
        let n = img.pixelCount
        var out = [[UInt8]](repeating: [UInt8](repeating: 0, count: n), count: channels)
        img.bytes.withUnsafeBufferPointer { b in
            for c in 0..<channels {
                out[c].withUnsafeMutableBufferPointer { p in
                    for i in 0..<n {
                        let a = Int(b[4 * i + 3])
                        if c == 3 { p[i] = UInt8(a); continue }
                        let v = Int(b[4 * i + c])
                        p[i] = a == 255 ? UInt8(v) : UInt8((v * a + 127) / 255)
                    }
                }
            }
        }
        return out
    }

    /// Mean SSIM of one channel over the valid window positions.
    static func channelMean(_ x: [UInt8], _ y: [UInt8], _ w: Int, _ h: Int, threads: Int) -> Double {
        let r = window, outW = w - r + 1, outH = h - r + 1
        let n = Double(r * r)
        let c1 = (k1 * dataRange) * (k1 * dataRange), c2 = (k2 * dataRange) * (k2 * dataRange)
        // Sample covariance normalisation N / (N − 1) (scikit-image `use_sample_covariance=True`).
        let covNorm = n / (n - 1)
        var rowMeans = [Double](repeating: 0, count: outH)
        let bands = max(1, min(threads, outH / 16 + 1))
        let rowsPerBand = (outH + bands - 1) / bands
        rowMeans.withUnsafeMutableBufferPointer { rows in
            nonisolated(unsafe) let rowsOut = rows
            x.withUnsafeBufferPointer { xb in
                y.withUnsafeBufferPointer { yb in
                    nonisolated(unsafe) let xs = xb, ys = yb
                    DispatchQueue.concurrentPerform(iterations: bands) { band in
                        let r0 = band * rowsPerBand, r1 = min(outH, r0 + rowsPerBand)
                        guard r0 < r1 else { return }
                        // Column sums over the r rows of the window starting at row oy.
                        var sx = [Int](repeating: 0, count: w), sy = sx, sxx = sx, syy = sx, sxy = sx
                        func add(row: Int, sign: Int) {
                            let base = row * w
                            for i in 0..<w {
                                let a = Int(xs[base + i]), b = Int(ys[base + i])
                                sx[i] += sign * a; sy[i] += sign * b
                                sxx[i] += sign * a * a; syy[i] += sign * b * b; sxy[i] += sign * a * b
                            }
                        }
                        for row in r0..<(r0 + r) { add(row: row, sign: 1) }
                        for oy in r0..<r1 {
                            if oy > r0 {
                                add(row: oy - 1, sign: -1)
                                add(row: oy + r - 1, sign: 1)
                            }
                            var wx = 0, wy = 0, wxx = 0, wyy = 0, wxy = 0
                            for i in 0..<r { wx += sx[i]; wy += sy[i]; wxx += sxx[i]; wyy += syy[i]; wxy += sxy[i] }
                            var sum = 0.0
                            for ox in 0..<outW {
                                if ox > 0 {
                                    let o = ox - 1, p = ox + r - 1
                                    wx += sx[p] - sx[o]; wy += sy[p] - sy[o]
                                    wxx += sxx[p] - sxx[o]; wyy += syy[p] - syy[o]; wxy += sxy[p] - sxy[o]
                                }
                                let mx = Double(wx) / n, my = Double(wy) / n
                                // N·Σx² − (Σx)² is exact in Int; divide by N² then scale by N / (N − 1).
                                let vx = Double(r * r * wxx - wx * wx) / (n * n) * covNorm
                                let vy = Double(r * r * wyy - wy * wy) / (n * n) * covNorm
                                let vxy = Double(r * r * wxy - wx * wy) / (n * n) * covNorm
                                let num = (2 * mx * my + c1) * (2 * vxy + c2)
                                let den = (mx * mx + my * my + c1) * (vx + vy + c2)
                                sum += num / den
                            }
                            rowsOut[oy] = sum / Double(outW)
                        }
                    }
                }
            }
        }
        var total = 0.0
        for m in rowMeans { total += m }
        return total / Double(outH)
    }
}
