// Count of perceptibly different pixels, with anti-aliasing detection, in the manner of
// pixelmatch (github.com/mapbox/pixelmatch, README "threshold" and "includeAA"). Written from
// the published method, not from its code:
//
// - Color difference: the squared YIQ distance of Kotsarenko & Ramos, "Measuring perceived color
//   difference using YIQ NTSC transmission color space in mobile applications" (2010):
//     Y = 0.29889531 R + 0.58662247 G + 0.11448223 B
//     I = 0.59597799 R − 0.27417610 G − 0.32180189 B
//     Q = 0.21147017 R − 0.52261711 G + 0.31114694 B
//     ΔE² = 0.5053 ΔY² + 0.299 ΔI² + 0.1957 ΔQ²
//   with 35215 the largest ΔE² between two 8-bit colors, so a `threshold` in 0…1 allows
//   ΔE² ≤ 35215 · threshold² (pixelmatch's scale; its default threshold is 0.1).
//   Colors with alpha < 255 are first blended over white (c' = 255 + (c − 255)·α), as pixelmatch 5
//   and its Python port do.
// - Anti-aliasing: V. Vyšniauskas, "Anti-aliased pixel and intensity slope detector" (2009), as
//   pixelmatch applies it: a differing pixel is an anti-aliased one (not counted) when, in either
//   image, among its 8 neighbours at most 2 have the same brightness (Y), it has both a darker and
//   a brighter neighbour, and the darkest or the brightest neighbour has 3 or more identical
//   neighbours of its own in both images (it sits inside a flat region: the pixel is on an edge
//   between two flat regions). Pixels on the image border count one "equal" neighbour for free.
//
// Our addition: pixels fully transparent in both images compare equal whatever their colors
// (ImageDifference's rule), before any of the above.
import Foundation

/// The pixelmatch-style figures of two images of the same size.
public struct PerceptualDifference: Sendable, Equatable {
    /// Pixels whose YIQ difference exceeds the threshold and are not anti-aliasing.
    public let differingPixels: Int
    /// Pixels whose YIQ difference exceeds the threshold but were classified as anti-aliasing.
    public let antialiasedPixels: Int
    /// The threshold used (0…1, pixelmatch's scale).
    public let threshold: Double

    /// pixelmatch's default threshold.
    public static let defaultThreshold = 0.1
    /// The largest squared YIQ distance between two 8-bit colors (Kotsarenko & Ramos; pixelmatch).
    public static let maxYIQDelta = 35215.0

    /// Compares two images of the same size; nil when the sizes differ. `threshold` outside 0…1 is
    /// clamped; NaN is treated as the default.
    public init?(actual: RGBAImage, expected: RGBAImage, threshold: Double = PerceptualDifference.defaultThreshold) {
        guard actual.width == expected.width, actual.height == expected.height else { return nil }
        let t = threshold.isNaN ? Self.defaultThreshold : min(max(threshold, 0), 1)
        self.threshold = t
        let limit = Self.maxYIQDelta * t * t
        let w = actual.width, h = actual.height
        var differing = 0, aa = 0
        actual.bytes.withUnsafeBufferPointer { a in
            expected.bytes.withUnsafeBufferPointer { e in
                a.withMemoryRebound(to: UInt32.self) { a32 in
                    e.withMemoryRebound(to: UInt32.self) { e32 in
                        for y in 0..<h {
                            let row = y * w
                            for x in 0..<w {
                                let i = row + x
                                // Fast path: identical pixels (most of any golden) cost one compare.
                                if a32[i] == e32[i] { continue }
                                let o = 4 * i
                                if a[o + 3] == 0 && e[o + 3] == 0 { continue }
                                let d = Self.yiqDelta(a, o, e, o)
                                if d <= limit { continue }
                                if Self.isAntialiased(a, x, y, w, h, other: e) || Self.isAntialiased(e, x, y, w, h, other: a) {
                                    aa += 1
                                } else {
                                    differing += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        differingPixels = differing
        antialiasedPixels = aa
    }

    // MARK: - Color

    /// A channel blended over white by alpha in 0…1.
    @inline(__always) static func overWhite(_ c: UInt8, _ alpha: Double) -> Double {
        255 + (Double(c) - 255) * alpha
    }

    /// The three blended channels of pixel at byte offset `o`.
    @inline(__always) static func rgb(_ p: UnsafeBufferPointer<UInt8>, _ o: Int) -> (Double, Double, Double) {
        let a = p[o + 3]
        if a == 255 { return (Double(p[o]), Double(p[o + 1]), Double(p[o + 2])) }
        let al = Double(a) / 255
        return (overWhite(p[o], al), overWhite(p[o + 1], al), overWhite(p[o + 2], al))
    }

    /// Brightness Y (Kotsarenko & Ramos coefficients).
    @inline(__always) static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// Squared YIQ distance ΔE² between two pixels (unsigned: only its size is compared).
    @inline(__always) static func yiqDelta(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ q: UnsafeBufferPointer<UInt8>, _ j: Int) -> Double {
        let (r1, g1, b1) = rgb(p, i), (r2, g2, b2) = rgb(q, j)
        let dr = r1 - r2, dg = g1 - g2, db = b1 - b2
        let dy = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        let di = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let dq = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    }

    /// Brightness difference Y(p at i) − Y(p at j).
    @inline(__always) static func lumaDelta(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ j: Int) -> Double {
        let (r1, g1, b1) = rgb(p, i), (r2, g2, b2) = rgb(p, j)
        return luma(r1, g1, b1) - luma(r2, g2, b2)
    }

    // MARK: - Anti-aliasing (Vyšniauskas 2009)

    /// Whether pixel (x, y) of `img` looks like an anti-aliased edge pixel between two flat regions
    /// (flat in both `img` and `other`).
    static func isAntialiased(_ img: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int, _ w: Int, _ h: Int,
                              other: UnsafeBufferPointer<UInt8>) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, w - 1), y0 = max(y - 1, 0), y1 = min(y + 1, h - 1)
        let center = 4 * (y * w + x)
        var equal = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        // d = Y(center) − Y(neighbour): the most negative d is the brightest neighbour.
        var brightest = 0.0, darkest = 0.0
        var brightX = -1, brightY = -1, darkX = -1, darkY = -1
        // Column-major scan (x outer): with ties the first extreme found is kept.
        for nx in x0...x1 {
            for ny in y0...y1 where nx != x || ny != y {
                let d = lumaDelta(img, center, 4 * (ny * w + nx))
                if d == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if d < brightest {
                    brightest = d; brightX = nx; brightY = ny
                } else if d > darkest {
                    darkest = d; darkX = nx; darkY = ny
                }
            }
        }
        guard darkest != 0, brightest != 0 else { return false }
        return (hasFlatSurroundings(img, darkX, darkY, w, h) && hasFlatSurroundings(other, darkX, darkY, w, h))
            || (hasFlatSurroundings(img, brightX, brightY, w, h) && hasFlatSurroundings(other, brightX, brightY, w, h))
    }

    /// True when pixel (x, y) has 3 or more neighbours with exactly its RGBA (border counts as one).
    static func hasFlatSurroundings(_ img: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int, _ w: Int, _ h: Int) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, w - 1), y0 = max(y - 1, 0), y1 = min(y + 1, h - 1)
        let c = 4 * (y * w + x)
        var equal = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        for nx in x0...x1 {
            for ny in y0...y1 where nx != x || ny != y {
                let o = 4 * (ny * w + nx)
                if img[o] == img[c] && img[o + 1] == img[c + 1] && img[o + 2] == img[c + 2] && img[o + 3] == img[c + 3] {
                    equal += 1
                }
                if equal > 2 { return true }
            }
        }
        return false
    }
}
