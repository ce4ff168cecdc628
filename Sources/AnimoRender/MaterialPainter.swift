// Painting a material (AnimoScene's Materials.swift gives the recipe and its sources): the
// canvas drawn so far, under the path's device bounds grown by the blur's reach, is blurred
// (Gaussian, σ = the recipe's blur in points × pixels per point), then per pixel, on straight
// colour: saturated (the Rec. 709 luma-preserving matrix of `saturation`, §48), brightened,
// moved by amount × (curve(L) − L) toward the recipe's luminance curve, and laid over the
// material's tint where the backdrop is not opaque; the result is composited through the path's
// coverage with the opacity and blend mode in effect.
import AnimoScene
import AnimoEffects
import AnimoRaster
import AnimoGeometry

enum MaterialPainter {
    static func draw(_ m: DisplayMaterial, path: Path, in ctx: inout DrawingContext, opacity: Double, blendMode: BlendMode) {
        let ctm = ctx.transform
        guard ctm.isFinite, ctm.determinant != 0 else { return }
        let k = abs(ctm.determinant).squareRoot()
        guard let dev = path.transformed(by: ctm).controlBounds else { return }
        let sigma = max(0, m.blur * k)
        let reach = 4 * sigma + 2
        guard let (x0, y0, x1, y1) = clampedPixelBox(dev, grownBy: reach, width: ctx.width, height: ctx.height) else { return }
        let backdrop = ctx.pixmap
        guard var crop = try? Pixmap(width: x1 - x0, height: y1 - y0) else { return }
        for y in y0..<y1 {
            for x in x0..<x1 { crop.pixels[(y - y0) * crop.width + (x - x0)] = backdrop.pixels[y * backdrop.width + x] }
        }
        if sigma > 0, let blur = try? GaussianBlur(sigma: sigma) { blur.apply(to: &crop) }
        let s = Float(m.saturation), b = Float(m.brightness), amount = m.luminanceAmount
        let tint = m.tint
        let ta = Float(tint.alpha), tg = Float(tint.red)
        guard var content = try? Pixmap(width: ctx.width, height: ctx.height) else { return }
        for y in y0..<y1 {
            for x in x0..<x1 {
                let p = crop.pixels[(y - y0) * crop.width + (x - x0)]
                var out = SIMD4<Float>(tg * ta, tg * ta, tg * ta, ta)
                if p.w > 1e-6 {
                    var c = SIMD3<Float>(p.x, p.y, p.z) / p.w
                    let luma = 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z
                    c = SIMD3<Float>(repeating: luma) + (c - SIMD3<Float>(repeating: luma)) * s
                    c += SIMD3<Float>(repeating: b)
                    let l = Double(0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z)
                    c += SIMD3<Float>(repeating: Float(amount * (m.curve(l) - l)))
                    c = c.clamped(lowerBound: SIMD3<Float>(repeating: 0), upperBound: SIMD3<Float>(repeating: 1))
                    let a = p.w
                    // The processed backdrop over the tint.
                    out = SIMD4<Float>(c.x * a, c.y * a, c.z * a, a) + out * (1 - a)
                }
                content.pixels[y * ctx.width + x] = out
            }
        }
        guard var mctx = try? DrawingContext(width: ctx.width, height: ctx.height) else { return }
        mctx.transform = ctm
        mctx.tolerance = ctx.tolerance
        mctx.fill(path, with: .solid(.white))
        ctx.drawMasked(content: content, mask: mctx.finish(), opacity: opacity, blendMode: blendMode)
    }
}
