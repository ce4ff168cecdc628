import Foundation
import AnimoTestSupport
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene

/// Small pixel measurements for render tests.
enum Measure {
    /// Whether the pixel differs from the background by more than `tolerance` (0.02 ≈ 5/255) in any channel.
    static func visible(_ p: Pixmap, _ x: Int, _ y: Int, background: SIMD4<Float>, tolerance: Float = 0.02) -> Bool {
        let v = p.pixels[y * p.width + x]
        let d = (v - background).replacing(with: background - v, where: v .< background)
        return max(max(d.x, d.y), max(d.z, d.w)) > tolerance
    }

    static func background(_ spec: Spec) -> SIMD4<Float> {
        let b = spec.canvas.background
        return Color(red: b.red, green: b.green, blue: b.blue, alpha: b.opacity).premultiplied.simd
    }

    /// Fraction of visible pixels in a region given in points (nil = whole canvas).
    static func coverage(_ p: Pixmap, _ spec: Spec, region: (Double, Double, Double, Double)? = nil, scale: Double) -> Double {
        let r = region ?? (0, 0, spec.canvas.width, spec.canvas.height)
        let x0 = max(0, Int((r.0 * scale).rounded())), y0 = max(0, Int((r.1 * scale).rounded()))
        let x1 = min(p.width, Int(((r.0 + r.2) * scale).rounded())), y1 = min(p.height, Int(((r.1 + r.3) * scale).rounded()))
        guard x1 > x0, y1 > y0 else { return 0 }
        let bg = background(spec)
        var n = 0
        for y in y0..<y1 { for x in x0..<x1 where visible(p, x, y, background: bg) { n += 1 } }
        return Double(n) / Double((x1 - x0) * (y1 - y0))
    }

    /// Visible pixel positions (pixel coordinates) in a whole pixmap.
    static func visibleCount(_ p: Pixmap, _ spec: Spec) -> Int {
        let bg = background(spec)
        var n = 0
        for y in 0..<p.height { for x in 0..<p.width where visible(p, x, y, background: bg) { n += 1 } }
        return n
    }

    /// The leftmost column (in pixels) of row y whose alpha-weighted coverage exceeds one half,
    /// refined by the coverage of the edge pixel: returns the edge position in pixels.
    static func leftEdge(_ p: Pixmap, row y: Int) -> Double? {
        for x in 0..<p.width {
            let a = Double(p.pixels[y * p.width + x].w)
            if a > 0.001 { return Double(x) + (1 - a) }
        }
        return nil
    }

    /// The centroid (pixels) of alpha in the pixmap.
    static func centroid(_ p: Pixmap) -> (x: Double, y: Double)? {
        var sx = 0.0, sy = 0.0, s = 0.0
        for y in 0..<p.height {
            for x in 0..<p.width {
                let a = Double(p.pixels[y * p.width + x].w)
                sx += a * (Double(x) + 0.5); sy += a * (Double(y) + 0.5); s += a
            }
        }
        return s > 0 ? (sx / s, sy / s) : nil
    }

    static func example(_ name: String) throws -> Spec {
        try Spec.load(path: Repository.sceneSpec(name).path)
    }

}
