// Painting Liquid Glass (AnimoScene's Glass.swift gives the recipe; docs/semantics.md §230–§236
// the behaviour each step stands for, §255–§257 the emulation). Everything is computed in device
// pixels of the current transform, rows spread over threads; every pixel is computed from the
// field and the backdrop alone, so the output does not depend on the thread count:
//
// 1. The outline: every shape's signed distance (SignedDistance.swift) at each pixel centre, in
//    device pixels, folded by the smooth union of width 2 × spacing, so shapes nearer than the
//    container's spacing are one surface. Coverage is clamp(0.5 − d, 0, 1), one pixel of
//    anti-aliasing across the outline. Where shapes of different recipes meet, the recipes are
//    mixed by the union's weight.
// 2. The backdrop: the canvas drawn so far under the glass (grown by the lensing's and blur's
//    reach) is copied and blurred (Gaussian, the recipe's σ; the largest σ of the group).
// 3. Lensing: within `lensWidth` of the rim the blurred backdrop is sampled (bilinearly) up to
//    `lensStrength` farther out along the outline's normal (the distance field's gradient by
//    central differences), growing as (1 − depth/lensWidth)², so the rim shows what lies just
//    beyond it, bent inward.
// 4. Colour, on straight colour: the face's levels (black + (white − black)·c), saturation, the
//    luminance cap, the white fill, the tint mixed in, then the specular rim added toward white,
//    exp(−depth/rimWidth) × (0.2 + 0.8·lit), lit = how far the normal is within the recipe's
//    spread of its light direction (either way along it: opposite rims are lit together). The
//    face is opaque: glass shows its processed backdrop, never the raw canvas.
// 5. The shadow, outside the glass: a Gaussian-blurred copy of the outline moved down by
//    `shadowY` (the profile of a blurred edge, ½·erfc(d / (σ√2)), σ = shadowRadius / 2), its
//    opacity adapted to the backdrop: × clamp(0.7 + 6·detail, 0.7, 1.6), where detail is the
//    mean |luminance − blurred luminance| under the glass (busy content such as text: stronger;
//    flat colour: lighter).
// While a shape materializes (docs/semantics.md §268) its recipe grows from doing nothing, and the
// face mixes the sharp backdrop with the blurred one by `frost`.
// The glass (over its shadow) is composited through coverage with the opacity and blend mode in
// effect. Premultiplied Float32 throughout; allocates a canvas-sized pixmap and the crops (and a
// canvas-sized mask for the Porter-Duff blend modes). Deep inside the outline, beyond the lens
// band and the rim, a pixel skips the normal, the resampling and the rim, which do nothing there.
import AnimoScene
import AnimoEffects
import AnimoRaster
import AnimoGeometry
import Foundation

enum GlassPainter {
    /// One shape, in device pixels.
    struct Device {
        var inverse: Transform
        var scale: Double
        var outline: GlassOutline
        var style: Params
    }

    /// The numbers that mix where two recipes meet (device pixels).
    struct Params {
        var black, white, saturation, maxLuma, fill: Double
        var lensWidth, lensStrength, rimWidth, rimStrength: Double
        /// The rim light's direction and the cosine of half its spread.
        var rimDirection: SIMD2<Double>
        var rimCosine: Double
        var tint: SIMD3<Double>
        var tintWeight: Double
        var shadowOpacity, shadowSigma, shadowY: Double
        /// The blurred backdrop's share of the face (1 but while materializing; the rest is sharp).
        var frost: Double

        init(_ g: DisplayGlass, _ k: Double) {
            black = g.black; white = g.white; saturation = g.saturation; maxLuma = g.maxLuma; fill = g.fill
            rimDirection = SIMD2(cos(g.rimAngle), sin(g.rimAngle))
            rimCosine = cos(min(max(g.rimSpread, 0), 2 * .pi) / 2)
            lensWidth = max(g.lensWidth * k, 1e-6)
            lensStrength = g.lensStrength * k
            rimWidth = max(g.rimWidth * k, 1e-6)
            rimStrength = g.rimStrength
            tint = SIMD3(g.tint?.red ?? 0, g.tint?.green ?? 0, g.tint?.blue ?? 0)
            tintWeight = g.tint.map { g.tintAmount * $0.alpha } ?? 0
            shadowOpacity = g.shadowOpacity
            shadowSigma = max(g.shadowRadius * k / 2, 1e-6)
            shadowY = g.shadowY * k
            frost = min(max(g.frost, 0), 1)
        }

        func mixed(_ o: Params, _ w: Double) -> Params {
            guard w > 0 else { return self }
            guard w < 1 else { return o }
            func l(_ a: Double, _ b: Double) -> Double { a + (b - a) * w }
            var r = self
            r.black = l(black, o.black); r.white = l(white, o.white); r.saturation = l(saturation, o.saturation)
            r.maxLuma = l(maxLuma, o.maxLuma); r.fill = l(fill, o.fill)
            r.rimCosine = l(rimCosine, o.rimCosine)
            let dir = rimDirection + (o.rimDirection - rimDirection) * w
            let dl = (dir * dir).sum().squareRoot()
            r.rimDirection = dl > 1e-9 ? dir / dl : rimDirection
            r.lensWidth = l(lensWidth, o.lensWidth); r.lensStrength = l(lensStrength, o.lensStrength)
            r.rimWidth = l(rimWidth, o.rimWidth); r.rimStrength = l(rimStrength, o.rimStrength)
            // A tinted shape meeting an untinted one: the tint's colour with its weight mixed.
            let ta = tintWeight, tb = o.tintWeight
            r.tintWeight = l(ta, tb)
            r.tint = ta + tb > 0 ? (tint * ta * (1 - w) + o.tint * tb * w) / (ta * (1 - w) + tb * w) : tint
            r.shadowOpacity = l(shadowOpacity, o.shadowOpacity); r.shadowSigma = l(shadowSigma, o.shadowSigma); r.shadowY = l(shadowY, o.shadowY)
            r.frost = l(frost, o.frost)
            return r
        }
    }

    static func draw(_ g: DisplayGlassGroup, in ctx: inout DrawingContext, opacity: Double, blendMode: BlendMode) {
        let ctm = ctx.transform
        guard ctm.isFinite, ctm.determinant != 0, g.spacing.isFinite else { return }
        let kg = abs(ctm.determinant).squareRoot()
        var shapes: [Device] = []
        var glassBounds: Rect?
        var maxBlur = 0.0, reach = 0.0
        for s in g.shapes {
            let m = s.transform.concatenating(ctm)
            guard m.isFinite, let inv = m.inverted else { continue }
            let k = abs(m.determinant).squareRoot()
            guard let b = EffectPainter.transformedBounds(s.outline.bounds, m), b.width.isFinite, b.height.isFinite else { continue }
            shapes.append(Device(inverse: inv, scale: k, outline: s.outline, style: Params(s.style, k)))
            glassBounds = glassBounds.map { $0.union(b) } ?? b
            maxBlur = max(maxBlur, s.style.blur * k)
            reach = max(reach, (3 * s.style.shadowRadius + s.style.shadowY) * k, s.style.lensStrength * k)
        }
        guard let gb = glassBounds, !shapes.isEmpty else { return }
        let width = 2 * max(g.spacing, 0) * kg
        // The union reaches at most width/4 beyond the shapes; the shadow `reach` beyond that.
        let grow = width / 4 + reach + 2
        guard let (ax0, ay0, ax1, ay1) = clampedPixelBox(gb, grownBy: grow, width: ctx.width, height: ctx.height),
              let (cx0, cy0, cx1, cy1) = clampedPixelBox(gb, grownBy: grow + 4 * maxBlur + 2, width: ctx.width, height: ctx.height) else { return }
        let aw = ax1 - ax0, ah = ay1 - ay0

        // 1. The distance field over the area (device pixels).
        // One recipe at one scale (the common case): no per-pixel mixing to do.
        let uniform = g.shapes.allSatisfy { $0.style == g.shapes[0].style } && shapes.allSatisfy { $0.scale == shapes[0].scale }
        func fold(_ p: Point) -> (Double, Params) {
            var d = shapes[0].outline.distance(shapes[0].inverse.apply(p)) * shapes[0].scale
            var params = shapes[0].style
            for s in shapes.dropFirst() {
                let di = s.outline.distance(s.inverse.apply(p)) * s.scale
                let (u, w) = smoothUnion(d, di, width: width)
                params = params.mixed(s.style, w)
                d = u
            }
            return (d, params)
        }
        var field = [Double](repeating: 0, count: aw * ah)
        let list = shapes
        field.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress else { return }
            let out = SharedPointer(p: base)
            Parallel.forEachChunk(count: ah, threads: Parallel.defaultThreads) { rows in
                for y in rows {
                    for x in 0..<aw {
                        let p = Point(Double(ax0 + x) + 0.5, Double(ay0 + y) + 0.5)
                        var d = list[0].outline.distance(list[0].inverse.apply(p)) * list[0].scale
                        for s in list.dropFirst() {
                            d = smoothUnion(d, s.outline.distance(s.inverse.apply(p)) * s.scale, width: width).distance
                        }
                        out.p[y * aw + x] = d
                    }
                }
            }
        }
        func fieldAt(_ x: Int, _ y: Int) -> Double { field[min(max(y, 0), ah - 1) * aw + min(max(x, 0), aw - 1)] }
        /// The field at a fractional position relative to the area (bilinear; outside it, the nearest edge).
        func fieldSample(_ fx: Double, _ fy: Double) -> Double {
            let x = fx - 0.5, y = fy - 0.5
            let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
            let tx = x - Double(x0), ty = y - Double(y0)
            let a = fieldAt(x0, y0) * (1 - tx) + fieldAt(x0 + 1, y0) * tx
            let b = fieldAt(x0, y0 + 1) * (1 - tx) + fieldAt(x0 + 1, y0 + 1) * tx
            return a * (1 - ty) + b * ty
        }

        // 2. The backdrop, and its blur.
        let backdrop = ctx.pixmap
        let cw = cx1 - cx0, ch = cy1 - cy0
        guard var crop = try? Pixmap(width: cw, height: ch) else { return }
        for y in cy0..<cy1 {
            for x in cx0..<cx1 { crop.pixels[(y - cy0) * cw + (x - cx0)] = backdrop.pixels[y * backdrop.width + x] }
        }
        let sharp = crop
        if maxBlur > 0, let blur = try? GaussianBlur(sigma: maxBlur) { blur.apply(to: &crop) }
        func sample(_ from: Pixmap, _ fx: Double, _ fy: Double) -> SIMD4<Float> {
            let x = min(max(fx - 0.5 - Double(cx0), 0), Double(cw - 1)), y = min(max(fy - 0.5 - Double(cy0), 0), Double(ch - 1))
            let x0 = Int(x), y0 = Int(y), x1 = min(x0 + 1, cw - 1), y1 = min(y0 + 1, ch - 1)
            let tx = Float(x - Double(x0)), ty = Float(y - Double(y0))
            let a = from.pixels[y0 * cw + x0] * (1 - tx) + from.pixels[y0 * cw + x1] * tx
            let b = from.pixels[y1 * cw + x0] * (1 - tx) + from.pixels[y1 * cw + x1] * tx
            return a * (1 - ty) + b * ty
        }
        func luma(_ p: SIMD4<Float>) -> Double { Double(0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z) }

        // 5 (first part). How busy the backdrop is under the glass.
        var detail = 0.0, count = 0
        for y in 0..<ah {
            for x in 0..<aw where field[y * aw + x] < 0 {
                let i = (ay0 + y - cy0) * cw + (ax0 + x - cx0)
                detail += abs(luma(sharp.pixels[i]) - luma(crop.pixels[i]))
                count += 1
            }
        }
        let adapt = min(max(0.7 + 6 * (count > 0 ? detail / Double(count) : 0), 0.7), 1.6)

        // The glass is transparent outside the area it writes, so where a transparent source leaves
        // the canvas unchanged (source-over and the separable modes) no mask is needed; the
        // Porter-Duff modes that clear under a transparent source take one over the area.
        let masked = !blendMode.transparentSourceIsIdentity
        guard var content = try? Pixmap(width: ctx.width, height: ctx.height),
              var mask = try? Pixmap(width: masked ? ctx.width : 1, height: masked ? ctx.height : 1) else { return }
        let canvasWidth = ctx.width
        // Deeper inside than the lens reaches and than the rim shows (exp(−36) < 10⁻¹⁵), a pixel
        // is the face of the backdrop under it: no normal, no resampling, no rim.
        let rimReach = 36.0
        content.pixels.withUnsafeMutableBufferPointer { cbuf in
            mask.pixels.withUnsafeMutableBufferPointer { mbuf in
                guard let cbase = cbuf.baseAddress, let mbase = mbuf.baseAddress else { return }
                let contentOut = SharedPointer(p: cbase), maskOut = SharedPointer(p: mbase)
                // Rows in any order: every pixel depends only on the field and the backdrop.
                Parallel.forEachChunk(count: ah, threads: Parallel.defaultThreads) { rows in
                    for y in rows {
                        for x in 0..<aw {
                            let px = Double(ax0 + x) + 0.5, py = Double(ay0 + y) + 0.5
                            let d = field[y * aw + x]
                            let st = uniform ? list[0].style : fold(Point(px, py)).1
                            let coverage = min(max(0.5 - d, 0), 1)
                            // The shadow under the outline moved down (hidden where the glass covers all).
                            var out = SIMD4<Float>(0, 0, 0, 0)
                            if coverage < 1 {
                                let ds = fieldSample(Double(x) + 0.5, Double(y) + 0.5 - st.shadowY)
                                out.w = Float(min(1, st.shadowOpacity * adapt * 0.5 * erfc(ds / (st.shadowSigma * 2.0.squareRoot()))))
                            }
                            if coverage > 0 {
                                let depth = max(-d, 0)
                                let deep = depth >= st.lensWidth && depth >= rimReach * st.rimWidth
                                var s: SIMD4<Float>
                                var n = SIMD2<Double>.zero
                                if deep {
                                    let k = (ay0 + y - cy0) * cw + (ax0 + x - cx0)
                                    s = crop.pixels[k]
                                    if st.frost < 1 {
                                        let f = Float(st.frost)
                                        s = s * f + sharp.pixels[k] * (1 - f)
                                    }
                                } else {
                                    // 3. Lensing along the normal.
                                    n = SIMD2<Double>(fieldAt(x + 1, y) - fieldAt(x - 1, y), fieldAt(x, y + 1) - fieldAt(x, y - 1))
                                    let len = (n * n).sum().squareRoot()
                                    n = len > 1e-9 ? n / len : .zero
                                    let tt = min(max(1 - depth / st.lensWidth, 0), 1)
                                    let disp = st.lensStrength * tt * tt
                                    s = sample(crop, px + n.x * disp, py + n.y * disp)
                                    if st.frost < 1 {
                                        // Materializing: part of the face is the sharp backdrop.
                                        let f = Float(st.frost)
                                        s = s * f + sample(sharp, px + n.x * disp, py + n.y * disp) * (1 - f)
                                    }
                                }
                                // 4. Colour: levels, saturation, the luminance cap, the white fill, the tint,
                                // the rim. Where the backdrop is transparent the face is its black level.
                                var c = SIMD3<Double>(0, 0, 0)
                                if s.w > 1e-6 { c = SIMD3<Double>(Double(s.x), Double(s.y), Double(s.z)) / Double(s.w) }
                                c = SIMD3(repeating: st.black) + c * (st.white - st.black)
                                var l = 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z
                                c = SIMD3(repeating: l) + (c - SIMD3(repeating: l)) * st.saturation
                                c = c.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
                                l = 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z
                                if l > st.maxLuma { c *= st.maxLuma / l }
                                c += (SIMD3(repeating: 1) - c) * st.fill
                                c += (st.tint - c) * st.tintWeight
                                if !deep {
                                    let facing = abs((n * st.rimDirection).sum())
                                    let lit = st.rimCosine < 1 ? min(max((facing - st.rimCosine) / (1 - st.rimCosine), 0), 1) : 0
                                    let rim = st.rimStrength * exp(-depth / st.rimWidth) * (0.2 + 0.8 * lit)
                                    c += (SIMD3(repeating: 1) - c) * rim
                                }
                                let a = 1.0
                                let glass = SIMD4<Float>(Float(c.x * a), Float(c.y * a), Float(c.z * a), Float(a))
                                let cv = Float(coverage)
                                out = glass * cv + out * (1 - cv)
                            }
                            let i = (ay0 + y) * canvasWidth + (ax0 + x)
                            contentOut.p[i] = out
                            if masked { maskOut.p[i] = SIMD4<Float>(1, 1, 1, 1) }
                        }
                    }
                }
            }
        }
        if masked {
            ctx.drawMasked(content: content, mask: mask, opacity: opacity, blendMode: blendMode)
        } else {
            ctx.composite(content, opacity: opacity, blendMode: blendMode)
        }
    }
}
