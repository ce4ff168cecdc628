// AreaResample: resizes a premultiplied pixmap by exact area averaging (each output pixel is the
// mean of the source area it covers, partial pixels weighted by their covered fraction). This is
// the box filter of a pixel-as-square model; on premultiplied color it is the correct average of
// emitted color and coverage (Porter & Duff 1984, premultiplied compositing is linear). Separable:
// rows first, then columns. Pixel contract: premultiplied in, premultiplied out, gamma-encoded
// sRGB values averaged as stored (like every browser's image downscaler).
import AnimoRaster
import AnimoGeometry

enum AreaResample {
    /// Weights of source samples for each output sample along one axis of `n` → `m` samples.
    private static func taps(_ n: Int, _ m: Int) -> [[(Int, Float)]] {
        let scale = Double(n) / Double(m)
        return (0..<m).map { o in
            let a = Double(o) * scale, b = Double(o + 1) * scale
            var t: [(Int, Float)] = []
            var i = Int(a.rounded(.down))
            while Double(i) < b && i < n {
                let cover = min(b, Double(i + 1)) - max(a, Double(i))
                if cover > 0 { t.append((i, Float(cover / scale))) }
                i += 1
            }
            return t
        }
    }

    /// `src` resized to `width` × `height` (both ≥ 1).
    static func resize(_ src: Pixmap, width: Int, height: Int) throws -> Pixmap {
        if width == src.width && height == src.height { return src }
        var dst = try Pixmap(width: width, height: height)
        let tx = taps(src.width, width), ty = taps(src.height, height)
        var tmp = [SIMD4<Float>](repeating: .zero, count: width * src.height)
        for y in 0..<src.height {
            for x in 0..<width {
                var acc = SIMD4<Float>.zero
                for (i, w) in tx[x] { acc += src.pixels[y * src.width + i] * w }
                tmp[y * width + x] = acc
            }
        }
        for y in 0..<height {
            for x in 0..<width {
                var acc = SIMD4<Float>.zero
                for (i, w) in ty[y] { acc += tmp[i * width + x] * w }
                dst.pixels[y * width + x] = acc
            }
        }
        return dst
    }
}
