// Helpers for the filter tests: an exact reference blur written independently of the code under
// test (direct convolution in Double with the sampled Gaussian, truncated at 4σ and normalized to
// sum 1, as scipy.ndimage.gaussian_filter does), and small test images.
import Foundation
import AnimoRaster
import AnimoGeometry
@testable import AnimoEffects

enum Ref {
    /// Sampled Gaussian taps w[-r…r] (r = ⌈4σ⌉), normalized to sum 1.
    static func taps(_ sigma: Double) -> [Double] {
        let r = Int((4 * sigma).rounded(.up))
        let t = (-r...r).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
        let s = t.reduce(0, +)
        return t.map { $0 / s }
    }

    /// Exact Gaussian blur of one channel (row-major `w`×`h`), zero outside or clamped to edge.
    static func blur(_ v: [Double], w: Int, h: Int, sigma: Double, clamp: Bool = false) -> [Double] {
        let t = taps(sigma), r = (t.count - 1) / 2
        func at(_ a: [Double], _ x: Int, _ y: Int) -> Double {
            if clamp { return a[min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)] }
            return (x < 0 || y < 0 || x >= w || y >= h) ? 0 : a[y * w + x]
        }
        var tmp = [Double](repeating: 0, count: w * h), out = tmp
        for y in 0..<h { for x in 0..<w {
            var s = 0.0
            for k in -r...r { s += t[k + r] * at(v, x + k, y) }
            tmp[y * w + x] = s
        } }
        for y in 0..<h { for x in 0..<w {
            var s = 0.0
            for k in -r...r { s += t[k + r] * at(tmp, x, y + k) }
            out[y * w + x] = s
        } }
        return out
    }

    /// White anti-aliased disks on transparent (R = G = B = A), like the peers' blur test image.
    static func disks(size: Int = 160) -> Pixmap {
        var ctx = try! DrawingContext(width: size, height: size)
        let s = Double(size)
        let spec: [(Double, Double, Double)] = [(0.3, 0.35, 0.14), (0.62, 0.4, 0.2), (0.45, 0.7, 0.09),
                                                (0.75, 0.75, 0.03), (0.2, 0.8, 0.015), (0.5, 0.5, 0.01)]
        for (x, y, r) in spec {
            ctx.fill(Path.circle(in: Rect(x: (x - r) * s, y: (y - r) * s, width: 2 * r * s, height: 2 * r * s)),
                     with: .color(.white))
        }
        return ctx.finish()
    }

    static func channel(_ p: Pixmap, _ c: Int) -> [Double] { p.pixels.map { Double($0[c]) } }

    static func maxDiff(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }
}
