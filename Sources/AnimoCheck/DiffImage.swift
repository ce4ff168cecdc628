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
        let heat = heatMap(expected: expected, actual: actual)
        for y in 0..<h {
            for x in 0..<w { out.pixels[y * out.width + 2 * (w + gap) + x] = heat.pixels[y * w + x] }
        }
        return out
    }

    /// The heat map alone, the size of the larger image: black where the pixels agree, dark red
    /// to yellow-white as the largest channel difference grows (the largest in the image is the
    /// brightest); opaque.
    public static func heatMap(expected: Pixmap, actual: Pixmap) -> Pixmap {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
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
        // A size mismatch: where only one image has pixels, the difference is the largest.
        var out = (try? Pixmap(width: w, height: h, fill: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)))!
        for y in 0..<h {
            for x in 0..<w {
                let inBoth = x < min(expected.width, actual.width) && y < min(expected.height, actual.height)
                let d = inBoth ? Float(deltas[y * w + x]) : Float(maxD)
                let v = d == 0 ? 0 : 0.25 + 0.75 * d / Float(maxD)
                out.pixels[y * w + x] = SIMD4<Float>(min(1, 2 * v), max(0, 2 * v - 1), max(0, 4 * v - 3), 1)
            }
        }
        return out
    }
}
