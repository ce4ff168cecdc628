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
import AnimoRaster

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
        // Opaque pairs are read in place (stride 4); otherwise premultiplied copies are made once.
        let xa = withAlpha ? premultiplied(actual) : actual.bytes
        let xe = withAlpha ? premultiplied(expected) : expected.bytes
        var total = 0.0
        xa.withUnsafeBufferPointer { pa in
            xe.withUnsafeBufferPointer { pe in
                for c in 0..<channels {
                    total += channelMean(pa.baseAddress! + c, pe.baseAddress! + c, stride: 4, w, h, threads: threads)
                }
            }
        }
        return total / Double(channels)
    }

    /// RGBA with color premultiplied by alpha, round(c·a/255); alpha kept.
    static func premultiplied(_ img: RGBAImage) -> [UInt8] {
        var out = img.bytes
        out.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Int(p[i + 3])
                if a != 255 {
                    for c in 0..<3 { p[i + c] = UInt8((Int(p[i + c]) * a + 127) / 255) }
                }
                i += 4
            }
        }
        return out
    }

    /// Mean SSIM of one channel over the valid window positions.
    static func channelMean(_ x: UnsafePointer<UInt8>, _ y: UnsafePointer<UInt8>, stride: Int, _ w: Int, _ h: Int, threads: Int) -> Double {
        let r = window, outW = w - r + 1, outH = h - r + 1
        let n = r * r
        let c1 = (k1 * dataRange) * (k1 * dataRange), c2 = (k2 * dataRange) * (k2 * dataRange)
        // σ² = (N·Σx² − (Σx)²) / N² · N / (N − 1): sample covariance (`use_sample_covariance=True`).
        let k = 1.0 / Double(n * (n - 1))
        let invN = 1.0 / Double(n), dn = Double(n)
        var rowMeans = [Double](repeating: 0, count: outH)
        // Bands of at least 16 rows, one per thread: each band starts its window sums afresh.
        let bands = max(1, min(threads, outH / 16 + 1))
        rowMeans.withUnsafeMutableBufferPointer { rows in
            let rowsOut = rows
            do {
                do {
                    let xs = x, ys = y
                    Parallel.forEachChunk(count: outH, threads: bands, chunksPerThread: 1) { band in
                        let r0 = band.lowerBound, r1 = band.upperBound
                        // Column sums over the r rows of the current window (Int32: ≤ 7·255² each).
                        let cols = UnsafeMutablePointer<Int32>.allocate(capacity: 5 * w)
                        defer { cols.deallocate() }
                        cols.initialize(repeating: 0, count: 5 * w)
                        let sx = cols, sy = cols + w, sxx = cols + 2 * w, syy = cols + 3 * w, sxy = cols + 4 * w
                        @inline(__always) func add(_ row: Int, _ sign: Int32) {
                            let px = xs + row * w * stride, py = ys + row * w * stride
                            for i in 0..<w {
                                let a = Int32(px[i * stride]), b = Int32(py[i * stride])
                                sx[i] &+= sign &* a; sy[i] &+= sign &* b
                                sxx[i] &+= sign &* a &* a; syy[i] &+= sign &* b &* b; sxy[i] &+= sign &* a &* b
                            }
                        }
                        for row in r0..<(r0 + r) { add(row, 1) }
                        for oy in r0..<r1 {
                            if oy > r0 {
                                add(oy - 1, -1)
                                add(oy + r - 1, 1)
                            }
                            var wx: Int32 = 0, wy: Int32 = 0, wxx: Int32 = 0, wyy: Int32 = 0, wxy: Int32 = 0
                            for i in 0..<r { wx &+= sx[i]; wy &+= sy[i]; wxx &+= sxx[i]; wyy &+= syy[i]; wxy &+= sxy[i] }
                            var sum = 0.0
                            var ox = 0
                            while true {
                                let dx = Double(wx), dy = Double(wy)
                                let mx = dx * invN, my = dy * invN
                                // N·Σx² − (Σx)² ≤ 49²·255² < 2⁵³: exact in Double (Int32 would overflow).
                                let nvxy = dn * Double(wxy) - dx * dy
                                let nvxvy = dn * Double(wxx &+ wyy) - dx * dx - dy * dy
                                let num = (2 * mx * my + c1) * (2 * nvxy * k + c2)
                                let den = (mx * mx + my * my + c1) * (nvxvy * k + c2)
                                sum += num / den
                                ox += 1
                                if ox == outW { break }
                                let o = ox - 1, p = ox + r - 1
                                wx &+= sx[p] &- sx[o]; wy &+= sy[p] &- sy[o]
                                wxx &+= sxx[p] &- sxx[o]; wyy &+= syy[p] &- syy[o]; wxy &+= sxy[p] &- sxy[o]
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
