// The picture a person reads when a golden fails: expected | actual | difference heat map,
// side by side on one canvas. The heat map is black where pixels agree and runs from dark
// red to yellow-white as the largest channel difference grows (scaled so that the largest
// difference in the image is the brightest).
import AnimoRaster
import AnimoGeometry

public enum DiffImage {
    /// expected | actual | heat map, each `width × height`, separated by a 4 px gap.
    /// Images of different sizes are each drawn at their own size.
    public static func sideBySide(expected: Pixmap, actual: Pixmap) throws -> Pixmap {
        let gap = 4
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        var out = try Pixmap(width: 3 * w + 2 * gap, height: h,
                             fill: PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        func blit(_ p: Pixmap, at x0: Int) {
            for y in 0..<p.height {
                for x in 0..<p.width {
                    // Over a checkerboard so transparency reads as transparency.
                    let check: Float = ((x / 8 + y / 8) % 2 == 0) ? 0.85 : 0.65
                    let s = p.pixels[y * p.width + x]
                    let bg = SIMD4<Float>(check, check, check, 1)
                    out.pixels[y * out.width + x0 + x] = s + bg * (1 - s.w)
                }
            }
        }
        blit(expected, at: 0)
        blit(actual, at: w + gap)
        let e8 = expected.rgba8Straight(), a8 = actual.rgba8Straight()
        var deltas = [Int](repeating: 0, count: w * h)
        var maxD = 1
        for y in 0..<min(expected.height, actual.height) {
            for x in 0..<min(expected.width, actual.width) {
                let ie = 4 * (y * expected.width + x), ia = 4 * (y * actual.width + x)
                if e8[ie + 3] == 0 && a8[ia + 3] == 0 { continue }
                var d = 0
                for c in 0..<4 { d = max(d, abs(Int(e8[ie + c]) - Int(a8[ia + c]))) }
                deltas[y * w + x] = d
                maxD = max(maxD, d)
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                let d = Float(deltas[y * w + x])
                let v = d == 0 ? 0 : 0.25 + 0.75 * d / Float(maxD)
                let color = SIMD4<Float>(min(1, 2 * v), max(0, 2 * v - 1), max(0, 4 * v - 3), 1)
                out.pixels[y * out.width + 2 * (w + gap) + x] = color
            }
        }
        return out
    }
}
