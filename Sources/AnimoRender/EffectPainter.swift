// Painting an effect node: the content is rasterized as ONE layer (docs/semantics.md §46: a filter
// acts on a drawing operation's implicit transparency layer; a `canvas` is one `drawLayer`),
// the filters or the shader run on that layer's pixels, and the result is composited back with
// the opacity, blend mode and clip in effect around it.
//
// The layer is not the whole canvas: it is the content's bounds (in the layer's local points)
// grown by the effect's reach (4σ + 2 px per blur, the shadow's offset, a shader's
// maxSampleOffset; a colour effect also covers the view's layout frame, which it may paint),
// intersected with the part of local space that can reach the visible canvas. At 4σ a Gaussian
// step has fallen to Φ(−4) ≈ 3·10⁻⁵ of its height, far below 1/255.
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
        let k = aligned ? ctm.a : abs(ctm.determinant).squareRoot()
        guard k.isFinite, k > 0 else { return }

        // The region of local space the layer covers, and how far the effect reaches.
        let content = bounds(of: child)
        var area: Rect
        var reach: (x: Double, y: Double)
        switch effect {
        case .filters(let list, _):
            guard let c = content else { return }
            let r = filterReach(list, pixelsPerPoint: k)
            reach = (r.isInfinite ? 0 : r, r.isInfinite ? 0 : r)
            area = r.isInfinite ? unbounded : c.insetBy(dx: -r, dy: -r)
        case .shader(let shader):
            let base = content.map { $0.union(shader.frame) } ?? shader.frame
            reach = (shader.maxSampleOffset.width + 1 / k, shader.maxSampleOffset.height + 1 / k)
            area = base.insetBy(dx: -reach.x, dy: -reach.y)
        case .projection:
            return   // drawn by drawProjected above
        }
        // Local space that can reach the visible canvas (grown by the reach, which may pull in
        // content from beyond the edge).
        let canvas = Rect(x: 0, y: 0, width: Double(ctx.width), height: Double(ctx.height))
        guard let visible = transformedBounds(canvas, inverse)?.insetBy(dx: -reach.x, dy: -reach.y),
              let region = area.intersection(visible) else { return }

        // Layer pixel grid: p_px = k·p − o.
        let ox = aligned ? ((k * region.minX + ctm.tx).rounded(.down) - ctm.tx) : (k * region.minX).rounded(.down)
        let oy = aligned ? ((k * region.minY + ctm.ty).rounded(.down) - ctm.ty) : (k * region.minY).rounded(.down)
        let wd = (k * region.maxX - ox).rounded(.up), ht = (k * region.maxY - oy).rounded(.up)
        guard wd >= 1, ht >= 1, wd <= Double(Pixmap.maxSide), ht <= Double(Pixmap.maxSide),
              var layer = try? DrawingContext(width: Int(wd), height: Int(ht)) else { return }
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
            let frame = display.frame, path = display.path
            guard var buffer = ShaderBuffer(width: pixmap.width, height: pixmap.height, pixels: pixmap.pixels),
                  let geometry = ShaderGeometry(scale: Float(k), origin: SIMD2(Float(frame.minX - ox / k), Float(frame.minY - oy / k)))
            else { return }
            prepared.apply(to: &buffer, geometry: geometry, threads: env.threads)
            // The black-shader trap (docs/architecture.md, "The traps"): uniformly black or transparent over the
            // visible part of the view's frame.
            let x0 = max(0, Int((k * frame.minX - ox).rounded(.down))), x1 = min(buffer.width, Int((k * frame.maxX - ox).rounded(.up)))
            let y0 = max(0, Int((k * frame.minY - oy).rounded(.down))), y1 = min(buffer.height, Int((k * frame.maxY - oy).rounded(.up)))
            if x1 > x0, y1 > y0, buffer.isBlank(xs: x0..<x1, ys: y0..<y1) {
                env.warnings?.add(RenderDiagnostic(
                    feature: "shader:" + prepared.signature.name, path: path,
                    message: "the shader's output is uniformly black or transparent over the view (\(prepared.signature)); on a device a wrong name, a missing library or a wrong argument order renders exactly this"))
            }
            pixmap.pixels = buffer.pixels
        case .projection:
            return
        }

        ctx.saveState()
        ctx.draw(pixmap, transform: Transform.translation(ox, oy).concatenating(.scale(1 / k, 1 / k)),
                 sampling: aligned ? .nearest : .bilinear, opacity: opacity, blendMode: blendMode)
        ctx.restoreState()
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
        case .stroke(let p, let style, _):
            // Miter joins reach lineWidth/2 · miterLimit; square caps lineWidth/2 · √2.
            let grow = style.lineWidth / 2 * max(style.miterLimit, 1.5) + 0.5
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
        case .opacity(_, let child), .blendMode(_, let child):
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
