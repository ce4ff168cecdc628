// Painting an effect node: the content is rasterized as ONE layer (docs/semantics.md §46: a filter
// acts on a drawing operation's implicit transparency layer; a `canvas` is one `drawLayer`),
// the filters or the shader run on that layer's pixels, and the result is composited back with
// the opacity, blend mode and clip in effect around it.
//
// The layer is not the whole canvas. Its reach r is how far the effect moves content (4σ + 2 px
// per blur, the shadow's offset, a shader's maxSampleOffset); at 4σ a Gaussian step has fallen to
// Φ(−4) ≈ 3·10⁻⁵ of its height, far below 1/255, so content farther than r from the visible
// canvas V (local points) changes nothing. A shader's layer is the content's bounds C (with the
// view's layout frame, which a colour effect may paint) grown by r, within V grown by r. A filter
// layer holds only what can matter: its input C ∩ (V ⊕ r) and its output (C ⊕ r) ∩ V, i.e. their
// bounding box. Nothing else is needed because every filter treats the outside of the layer as
// transparent (the Gaussian's recursions start from zero there, exactly as over zero pixels);
// an opaque blur, which clamps at the layer's edge, keeps the old extent (C ⊕ r) ∩ (V ⊕ r).
// So for content inside the canvas the layer is never larger than the canvas, whatever σ.
//
// Bound. Content larger than the canvas under a blur much wider than the canvas still needs
// V ⊕ 4σ: with σ = 1000 pt at 2 px/pt that is 16,000 px a side (σ 1000 pt on a 100×80 pt canvas
// once took 2 GB and 2 s). Past a budget of max(4 × the canvas's pixels, 2¹⁶) the layer is
// rendered coarser, k' < k pixels per point, down to the budget but never so far that the
// smallest blur (or shadow radius) in the list falls below 8 layer pixels (`coarseBlurSigma`: the
// coarse pixels' box filter and the bilinear upsampling back to the device then err by < 1/8 of an
// 8-bit level). Layer size therefore stops growing with σ. A list whose blurs are too small for
// that (a shadow offset of 10⁶ pt with radius 0) and whose layer exceeds `Pixmap`'s limits is
// drawn unfiltered with a diagnostic. Filters after a blur (alphaThreshold) then work at the
// coarser resolution: their edges are softened by one coarse pixel, in these extreme cases only.
//
// Local space → layer pixels: p_px = k · p − o with k pixels per point. When the device
// transform is a uniform scale plus a translation (the common case), k is that scale and o is
// chosen so the layer's pixels land exactly on device pixels: the composite is then an exact
// copy (nearest sampling at pixel centres). Otherwise (rotation, non-uniform scale) the layer is
// rendered at k = √|det| and drawn back through the transform with bilinear sampling.
//
// Shader positions are in points of the view's local space with the origin at the node's layout
// frame origin (docs/semantics.md §75): position = p − frame.origin.
import AnimoScene
import AnimoEffects
import Foundation
import AnimoRaster
import AnimoGeometry

enum EffectPainter {
    /// Content bounds treated as unbounded (a matrix that makes transparent pixels visible).
    static let unbounded = Rect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)

    static func draw(_ effect: DisplayEffect, _ child: DisplayNode, in ctx: inout DrawingContext,
                     opacity: Double, blendMode: BlendMode, env: EffectEnvironment) {
        if case .projection(let projection) = effect {
            drawProjected(projection, child, in: &ctx, opacity: opacity, blendMode: blendMode, env: env)
            return
        }
        // A shader whose arguments came out unusable in this frame (non-finite values from
        // expressions) is skipped: the content is drawn as it is, and the skip is reported.
        var prepared: PreparedShader! = nil
        if case .shader(let display) = effect {
            do {
                prepared = try env.shaders.prepared(display)
            } catch {
                env.warnings?.add(RenderDiagnostic(feature: "shader:" + display.name, path: display.path,
                                                   message: "\(error); the effect was skipped in the frames where this happens"))
                DisplayPainter.draw(child, in: &ctx, opacity: opacity, blendMode: blendMode, env: env)
                return
            }
        }
        let ctm = ctx.transform
        guard ctm.isFinite, ctm.determinant != 0, let inverse = ctm.inverted else { return }
        let aligned = ctm.b == 0 && ctm.c == 0 && ctm.a == ctm.d && ctm.a > 0
        let deviceK = aligned ? ctm.a : abs(ctm.determinant).squareRoot()
        guard deviceK.isFinite, deviceK > 0 else { return }

        // The region of local space the layer covers, and how far the effect reaches.
        let content = bounds(of: child)
        let canvas = Rect(x: 0, y: 0, width: Double(ctx.width), height: Double(ctx.height))
        let plan: LayerPlan
        switch effect {
        case .filters(let list, let path):
            guard let c = content else { return }
            switch filterLayer(list, content: c, canvas: canvas, ctm: ctm) {
            case .none: return
            case .tooLarge(let w, let h):
                env.warnings?.add(RenderDiagnostic(feature: "filter", path: path, message:
                    "the filters' layer would be \(w)×\(h) px (more than \(Pixmap.maxSide) a side or \(Pixmap.maxPixels) px); drawn unfiltered"))
                DisplayPainter.draw(.opacity(opacity, .blendMode(blendMode, child)), in: &ctx, env: env)
                return
            case .layer(let p): plan = p
            }
        case .shader(let display):
            let base = content.map { $0.union(display.frame) } ?? display.frame
            let offset = display.maxSampleOffset
            let reach = (x: offset.width + 1 / deviceK, y: offset.height + 1 / deviceK)
            let area = base.insetBy(dx: -reach.x, dy: -reach.y)
            // Local space that can reach the visible canvas (grown by the reach, which may pull in
            // content from beyond the edge).
            guard let visible = transformedBounds(canvas, inverse)?.insetBy(dx: -reach.x, dy: -reach.y),
                  let region = area.intersection(visible),
                  let p = LayerPlan(region: region, k: deviceK, ctm: ctm, aligned: aligned) else { return }
            plan = p
        case .projection:
            return   // drawn by drawProjected above
        }
        let k = plan.k, ox = plan.ox, oy = plan.oy
        guard var layer = try? DrawingContext(width: plan.width, height: plan.height) else { return }
        layer.transform = Transform.scale(k, k).concatenating(.translation(-ox, -oy))
        layer.tolerance = ctx.tolerance
        DisplayPainter.draw(child, in: &layer, env: env)
        var pixmap = layer.finish()

        switch effect {
        case .filters(let list, let path):
            do {
                try Filter.apply(list.map { filter($0, pixelsPerPoint: k) }, to: &pixmap, threads: env.threads)
            } catch {
                env.warnings?.add(RenderDiagnostic(feature: "filter", path: path, message: "\(error); drawn unfiltered"))
            }
        case .shader(let display):
            let shader: PreparedShader = prepared, frame = display.frame, path = display.path
            // Shader positions are Float (as on the GPU): an origin beyond its range (3.4e38) is
            // clamped to ±1e38, with a diagnostic, instead of dropping the view.
            let origin = (frame.minX - ox / k, frame.minY - oy / k)
            func float(_ v: Double) -> Float { v.isNaN ? 0 : Float(min(max(v, -1e38), 1e38)) }
            if !(abs(origin.0) <= 1e38 && abs(origin.1) <= 1e38) {
                env.warnings?.add(RenderDiagnostic(feature: "shader:" + shader.signature.name, path: path,
                                                   message: "the view's frame lies beyond ±1e38 pt, outside Float's range; shader positions clamped"))
            }
            guard var buffer = ShaderBuffer(width: pixmap.width, height: pixmap.height, pixels: pixmap.pixels),
                  let geometry = ShaderGeometry(scale: Float(k), origin: SIMD2(float(origin.0), float(origin.1)))
            else { return }
            let report = shader.apply(to: &buffer, geometry: geometry, threads: env.threads)
            // A compiled shader that stopped (budget, integer division by zero) fails the frame:
            // SceneRenderer.render throws it once painting is done.
            if let failure = report.failure {
                env.failures?.add(ShaderFailure(name: shader.signature.name, path: path, reason: failure))
            }
            if report.nonFiniteOutputs > 0 {
                env.warnings?.add(RenderDiagnostic(feature: "shader:" + shader.signature.name, path: path,
                                                   message: "the shader wrote NaN or infinite values; NaN is drawn as 0 and infinities as ±65504 (half's largest value)"))
            }
            // The black-shader trap (docs/architecture.md, "The traps"): uniformly black or transparent over the
            // visible part of the view's frame.
            // The frame may lie far outside the layer (1e19 pt): clamped in Double, then converted.
            let x0 = clampedPixel((k * frame.minX - ox).rounded(.down), buffer.width), x1 = clampedPixel((k * frame.maxX - ox).rounded(.up), buffer.width)
            let y0 = clampedPixel((k * frame.minY - oy).rounded(.down), buffer.height), y1 = clampedPixel((k * frame.maxY - oy).rounded(.up), buffer.height)
            if x1 > x0, y1 > y0, buffer.isBlank(xs: x0..<x1, ys: y0..<y1) {
                env.warnings?.add(RenderDiagnostic(
                    feature: "shader:" + shader.signature.name, path: path,
                    message: "the shader's output is uniformly black or transparent over the view (\(shader.signature)); on a device a wrong name, a missing library or a wrong argument order renders exactly this"))
            }
            pixmap.pixels = buffer.pixels
        case .projection:
            return
        }

        ctx.saveState()
        ctx.draw(pixmap, transform: Transform.translation(ox, oy).concatenating(.scale(1 / k, 1 / k)),
                 sampling: plan.aligned ? .nearest : .bilinear, opacity: opacity, blendMode: blendMode)
        ctx.restoreState()
    }

    /// A layer's pixel grid: p_px = k·p − (ox, oy) for a local point p, `width` × `height` pixels.
    /// `aligned`: the pixels land exactly on device pixels (composited by nearest sampling).
    struct LayerPlan: Equatable, CustomStringConvertible {
        var k: Double, ox: Double, oy: Double
        var width: Int, height: Int
        var aligned: Bool
        var description: String { "\(width)×\(height) px at \(k) px/pt" }

        /// The grid covering `region` (local points) at k pixels per point; aligned to the device
        /// pixels of `ctm` when `aligned`. Nil when empty or beyond `Pixmap`'s limits.
        init?(region: Rect, k: Double, ctm: Transform, aligned: Bool) {
            let ox = aligned ? ((k * region.minX + ctm.tx).rounded(.down) - ctm.tx) : (k * region.minX).rounded(.down)
            let oy = aligned ? ((k * region.minY + ctm.ty).rounded(.down) - ctm.ty) : (k * region.minY).rounded(.down)
            let wd = (k * region.maxX - ox).rounded(.up), ht = (k * region.maxY - oy).rounded(.up)
            guard wd >= 1, ht >= 1, wd <= Double(Pixmap.maxSide), ht <= Double(Pixmap.maxSide),
                  wd * ht <= Double(Pixmap.maxPixels) else { return nil }
            self.k = k; self.ox = ox; self.oy = oy; width = Int(wd); height = Int(ht); self.aligned = aligned
        }
    }

    enum FilterLayer: Equatable {
        /// Nothing the filters produce can reach the canvas.
        case none
        /// Even downsampled, the layer exceeds `Pixmap`'s limits (a shadow offset of 1e6 pt).
        case tooLarge(width: Double, height: Double)
        case layer(LayerPlan)
    }

    /// Smallest blur σ, in layer pixels, at which the layer may be rendered coarser than the
    /// device (see the header): the box filter of a coarse pixel adds 1/12 px² to σ² (≤ 0.07 %
    /// of σ at 8 px) and bilinear upsampling of the blurred layer errs by ≤ max|f''|/8 ≈ 0.24/(8σ²)
    /// ≈ 5·10⁻⁴ (0.12 of an 8-bit level) at 8 px.
    static let coarseBlurSigma = 8.0

    /// Pixels a filter layer may have before it is rendered coarser: 4 × the canvas, at least
    /// 2¹⁶ (a layer is at most the canvas grown by the reach; it exceeds this only when the reach
    /// is comparable to the canvas, i.e. for blurs far wider than the 8 px that hide the coarser
    /// grid, or for shadow offsets).
    static func layerBudget(canvasPixels: Double) -> Double { max(4 * canvasPixels, Double(1 << 16)) }

    /// The layer for a filter list over content bounds `c` (local points), drawn on a canvas
    /// `canvas` (device pixels) through `ctm` (see the header for the region and the budget).
    static func filterLayer(_ list: [DisplayFilter], content c: Rect, canvas: Rect, ctm: Transform) -> FilterLayer {
        guard ctm.isFinite, ctm.determinant != 0, let inverse = ctm.inverted,
              let v = transformedBounds(canvas, inverse) else { return .none }
        let aligned = ctm.b == 0 && ctm.c == 0 && ctm.a == ctm.d && ctm.a > 0
        let k = aligned ? ctm.a : abs(ctm.determinant).squareRoot()
        guard k.isFinite, k > 0 else { return .none }
        let r = filterReach(list, pixelsPerPoint: k)
        let region: Rect
        if r.isInfinite {
            // Transparent pixels become visible: the layer is the visible canvas.
            guard let a = unbounded.intersection(v) else { return .none }
            region = a
        } else if list.contains(where: { if case .blur(_, true) = $0 { return true } else { return false } }) {
            // An opaque blur clamps at the layer's edge: the layer keeps the content's extent.
            guard let a = c.insetBy(dx: -r, dy: -r).intersection(v.insetBy(dx: -r, dy: -r)) else { return .none }
            region = a
        } else {
            // Input: content within reach of the canvas; output: where it can land on the canvas.
            // Outside the layer is transparent to every filter, so nothing else is needed.
            guard let input = c.intersection(v.insetBy(dx: -r, dy: -r)),
                  let output = c.insetBy(dx: -r, dy: -r).intersection(v) else { return .none }
            region = input.union(output)
        }
        let full = (k * region.width) * (k * region.height)
        let budget = layerBudget(canvasPixels: canvas.width * canvas.height)
        if full > budget {
            // Coarser pixels, as far as the smallest blur hides them (σ ≥ coarseBlurSigma px).
            var sigma = Double.infinity
            for f in list {
                switch f {
                case .blur(let s, _), .shadow(_, let s, _, _): sigma = min(sigma, s)
                default: break
                }
            }
            var kc = max(k * (budget / full).squareRoot(), coarseBlurSigma / sigma)
            // The grid adds up to a pixel per side: shrink until the rounded grid fits too.
            for _ in 0..<8 {
                guard kc < k, let p = LayerPlan(region: region, k: kc, ctm: ctm, aligned: false) else { break }
                if Double(p.width * p.height) <= budget || kc <= coarseBlurSigma / sigma { return .layer(p) }
                kc = max(kc * 0.99, coarseBlurSigma / sigma)
            }
        }
        if let p = LayerPlan(region: region, k: k, ctm: ctm, aligned: aligned) { return .layer(p) }
        let w = (k * region.width).rounded(.up), h = (k * region.height).rounded(.up)
        return w >= 1 && h >= 1 ? .tooLarge(width: w, height: h) : .none
    }

    /// The pixel filter of a display-list filter: lengths converted from points to pixels.
    static func filter(_ f: DisplayFilter, pixelsPerPoint k: Double) -> Filter {
        switch f {
        case .blur(let r, let opaque): return .blur(radius: r * k, opaque: opaque)
        case .shadow(let c, let r, let x, let y): return .shadow(color: c, radius: r * k, x: x * k, y: y * k)
        case .alphaThreshold(let lo, let hi, let c): return .alphaThreshold(min: lo, max: hi, color: c)
        case .colorMatrix(let m):
            // The decoder checked the count (20) and that every entry is finite.
            let rows = (0..<4).map { i in Array(m[(i * 5)..<(i * 5 + 5)]) }
            return .colorMatrix((try? ColorMatrix(rows: rows)) ?? .identity)
        case .saturation(let a): return .saturation(a)
        case .brightness(let a): return .brightness(a)
        case .contrast(let a): return .contrast(a)
        case .hueRotation(let r): return .hueRotation(radians: r)
        case .grayscale(let a): return .grayscale(a)
        case .colorInvert(let a): return .colorInvert(a)
        case .colorMultiply(let c): return .colorMultiply(c)
        case .luminanceToAlpha: return .luminanceToAlpha
        }
    }

    /// How far (points) the filters spread content, or infinity when a filter makes transparent
    /// pixels visible (a colour matrix with an alpha offset). Blur: 4σ + 2 px (see the header);
    /// opaque blurs clamp at the layer's edge and do not grow it.
    static func filterReach(_ list: [DisplayFilter], pixelsPerPoint k: Double) -> Double {
        var r = 0.0
        for f in list {
            switch f {
            case .blur(let s, let opaque): if !opaque { r += 4 * s + 2 / k }
            case .shadow(_, let s, let x, let y): r += 4 * s + 2 / k + max(abs(x), abs(y))
            case .colorMatrix(let m): if m.count == 20, m[19] > 0 { return .infinity }
            default: break
            }
        }
        return r
    }

    /// The bounding box of `r` mapped by `t`.
    static func transformedBounds(_ r: Rect, _ t: Transform) -> Rect? {
        let ps = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)].map(t.apply)
        guard ps.allSatisfy(\.isFinite) else { return nil }
        let xs = ps.map(\.x), ys = ps.map(\.y)
        return Rect(corners: Point(xs.min()!, ys.min()!), Point(xs.max()!, ys.max()!))
    }

    /// Conservative bounds (local points) of what `node` draws; nil when it draws nothing.
    static func bounds(of node: DisplayNode) -> Rect? {
        switch node {
        case .fill(let p, _), .material(let p, _):
            return p.controlBounds.map { $0.insetBy(dx: -0.5, dy: -0.5) }
        case .image(let im):
            return im.rect.insetBy(dx: -0.5, dy: -0.5)
        case .glass(let g):
            // The outlines, the union's reach (spacing / 2) and the shadow's and lensing's.
            var r: Rect? = nil
            for s in g.shapes {
                guard let b = transformedBounds(s.outline.bounds, s.transform) else { continue }
                let shadow: Double = 3 * s.style.shadowRadius + s.style.shadowY
                let grow: Double = g.spacing / 2 + shadow + s.style.lensStrength + 2
                let e = b.insetBy(dx: -grow, dy: -grow)
                r = r.map { $0.union(e) } ?? e
            }
            return r
        case .stroke(let p, let style, _):
            // Miter joins reach lineWidth/2 · miterLimit; square caps lineWidth/2 · √2.
            // Capped at 1e300: a width of 1e308 × 10 would overflow, and ∞ − ∞ bounds are NaN.
            let grow = min(style.lineWidth / 2 * max(style.miterLimit, 1.5) + 0.5, 1e300)
            return p.controlBounds.map { $0.insetBy(dx: -grow, dy: -grow) }
        case .group(let children):
            var r: Rect? = nil
            for c in children { if let b = bounds(of: c) { r = r.map { $0.union(b) } ?? b } }
            return r
        case .transform(let t, let child):
            return bounds(of: child).flatMap { transformedBounds($0, t) }
        case .clip(let p, let child):
            guard let b = bounds(of: child), let c = p.controlBounds else { return nil }
            return b.intersection(c.insetBy(dx: -0.5, dy: -0.5))
        case .opacity(_, let child), .blendMode(_, let child), .hitTarget(_, let child):
            return bounds(of: child)
        case .layer(let child, let mask):
            guard let b = bounds(of: child) else { return nil }
            guard let mask else { return b }
            return bounds(of: mask).flatMap { b.intersection($0) }
        case .effect(let e, let child):
            switch e {
            case .filters(let list, _):
                guard let b = bounds(of: child) else { return nil }
                // Reach in points at an assumed 1 px = 1 pt: the 2 px terms only grow it.
                let r = filterReach(list, pixelsPerPoint: 1)
                return r.isInfinite ? unbounded : b.insetBy(dx: -r, dy: -r)
            case .shader(let shader):
                let base = bounds(of: child).map { $0.union(shader.frame) } ?? shader.frame
                return base.insetBy(dx: -shader.maxSampleOffset.width - 1, dy: -shader.maxSampleOffset.height - 1)
            case .projection(let projection):
                return bounds(of: child).flatMap { projection.bounds(of: $0) }.map { $0.insetBy(dx: -1, dy: -1) }
            }
        }
    }

    /// `rotation3DEffect`: the content is rendered into a layer over its own bounds, then every
    /// pixel of the projected bounds is mapped back through the projection's inverse and sampled
    /// bilinearly (premultiplied, transparent outside), so the result has no holes and its
    /// edges stay anti-aliased by the layer's coverage. Content a ray meets behind the viewer
    /// is not drawn.
    static func drawProjected(_ projection: Rotation3DProjection, _ child: DisplayNode, in ctx: inout DrawingContext,
                              opacity: Double, blendMode: BlendMode, env: EffectEnvironment) {
        let ctm = ctx.transform
        guard ctm.isFinite, ctm.determinant != 0, let inverse = ctm.inverted else { return }
        let k = abs(ctm.determinant).squareRoot()
        guard k.isFinite, k > 0, let content = bounds(of: child), let projected = projection.bounds(of: content) else { return }
        let canvas = Rect(x: 0, y: 0, width: Double(ctx.width), height: Double(ctx.height))
        guard let visible = transformedBounds(canvas, inverse), let outRegion = projected.intersection(visible) else { return }

        // Source layer: the content in its own plane, p_px = k·p − o.
        let sx0 = (k * content.minX).rounded(.down), sy0 = (k * content.minY).rounded(.down)
        let sw = (k * content.maxX - sx0).rounded(.up), sh = (k * content.maxY - sy0).rounded(.up)
        guard sw >= 1, sh >= 1, sw <= Double(Pixmap.maxSide), sh <= Double(Pixmap.maxSide),
              var layer = try? DrawingContext(width: Int(sw), height: Int(sh)) else { return }
        layer.transform = Transform.scale(k, k).concatenating(.translation(-sx0, -sy0))
        layer.tolerance = ctx.tolerance
        DisplayPainter.draw(child, in: &layer, env: env)
        let source = layer.finish()

        // Output layer over the projected region.
        let ox = (k * outRegion.minX).rounded(.down), oy = (k * outRegion.minY).rounded(.down)
        let ow = (k * outRegion.maxX - ox).rounded(.up), oh = (k * outRegion.maxY - oy).rounded(.up)
        guard ow >= 1, oh >= 1, ow <= Double(Pixmap.maxSide), oh <= Double(Pixmap.maxSide),
              var out = try? Pixmap(width: Int(ow), height: Int(oh)) else { return }
        let w = source.width, h = source.height
        source.pixels.withUnsafeBufferPointer { src in
            @inline(__always) func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
                (x >= 0 && y >= 0 && x < w && y < h) ? src[y * w + x] : .zero
            }
            for j in 0..<out.height {
                for i in 0..<out.width {
                    // The output pixel's center in local points, back to the content's plane.
                    let qx = (Double(i) + 0.5 + ox) / k, qy = (Double(j) + 0.5 + oy) / k
                    guard let (px, py) = projection.source(qx, qy) else { continue }
                    let fx = px * k - sx0 - 0.5, fy = py * k - sy0 - 0.5
                    guard fx > -1, fy > -1, fx < Double(w), fy < Double(h) else { continue }
                    let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
                    let tx = Float(fx - Double(x0)), ty = Float(fy - Double(y0))
                    let top = texel(x0, y0) * (1 - tx) + texel(x0 + 1, y0) * tx
                    let bottom = texel(x0, y0 + 1) * (1 - tx) + texel(x0 + 1, y0 + 1) * tx
                    out.pixels[j * out.width + i] = top * (1 - ty) + bottom * ty
                }
            }
        }
        ctx.saveState()
        ctx.draw(out, transform: Transform.translation(ox, oy).concatenating(.scale(1 / k, 1 / k)),
                 sampling: .bilinear, opacity: opacity, blendMode: blendMode)
        ctx.restoreState()
    }
}
