// DisplayPainter: paints AnimoScene's display list onto a DrawingContext. Opacity and blend modes
// apply to each leaf below them; a `layer` composites its content as one image with the opacity and
// blend mode in effect around it; effects are painted by EffectPainter.
import AnimoScene
import AnimoGeometry
import AnimoRaster

/// Draws display nodes.
enum DisplayPainter {
    static func draw(_ node: DisplayNode, in ctx: inout DrawingContext, opacity: Double = 1, blendMode: BlendMode = .normal,
                     env: EffectEnvironment = EffectEnvironment()) {
        switch node {
        case .fill(let path, let paint):
            guard opacity > 0 else { return }
            ctx.fill(path, with: Paint(paint), opacity: opacity, blendMode: blendMode)
        case .stroke(let path, let style, let paint):
            guard opacity > 0 else { return }
            ctx.stroke(path, with: Paint(paint), style: style, opacity: opacity, blendMode: blendMode)
        case .group(let children):
            for c in children { draw(c, in: &ctx, opacity: opacity, blendMode: blendMode, env: env) }
        case .transform(let t, let child):
            guard t.isFinite, t.determinant != 0 else { return }
            ctx.saveState()
            ctx.concatenate(t)
            draw(child, in: &ctx, opacity: opacity, blendMode: blendMode, env: env)
            ctx.restoreState()
        case .clip(let path, let child):
            ctx.saveState()
            ctx.clip(to: path)
            draw(child, in: &ctx, opacity: opacity, blendMode: blendMode, env: env)
            ctx.restoreState()
        case .opacity(let o, let child):
            let v = o.isFinite ? min(max(o, 0), 1) : 0
            draw(child, in: &ctx, opacity: opacity * v, blendMode: blendMode, env: env)
        case .blendMode(let b, let child):
            draw(child, in: &ctx, opacity: opacity, blendMode: blendMode == .normal ? b : blendMode, env: env)
        case .hitTarget(_, let child):
            draw(child, in: &ctx, opacity: opacity, blendMode: blendMode, env: env)
        case .layer(let child, let mask):
            guard opacity > 0 else { return }
            var maskPixmap: Pixmap? = nil
            if let mask, var mctx = try? DrawingContext(width: ctx.width, height: ctx.height) {
                mctx.transform = ctx.transform
                mctx.tolerance = ctx.tolerance
                draw(mask, in: &mctx, env: env)
                maskPixmap = mctx.finish()
            }
            ctx.beginLayer(opacity: opacity, blendMode: blendMode)
            draw(child, in: &ctx, env: env)
            ctx.endLayer(mask: maskPixmap)
        case .effect(let e, let child):
            guard opacity > 0 else { return }
            EffectPainter.draw(e, child, in: &ctx, opacity: opacity, blendMode: blendMode, env: env)
        case .material(let path, let m):
            guard opacity > 0 else { return }
            MaterialPainter.draw(m, path: path, in: &ctx, opacity: opacity, blendMode: blendMode)
        case .glass(let g):
            guard opacity > 0 else { return }
            GlassPainter.draw(g, in: &ctx, opacity: opacity, blendMode: blendMode)
        case .image(let im):
            guard opacity > 0, let px = env.images.pixmaps[im.file], px.width > 0, px.height > 0,
                  im.rect.width > 0, im.rect.height > 0, im.rect.origin.isFinite else { return }
            let t = Transform.scale(im.rect.width / Double(px.width), im.rect.height / Double(px.height))
                .concatenating(.translation(im.rect.minX, im.rect.minY))
            ctx.draw(px, transform: t, sampling: im.nearest ? .nearest : .bilinear, opacity: opacity, blendMode: blendMode)
        }
    }
}

extension Paint {
    /// The raster paint of a display-list paint (the same geometry, in the same user space).
    init(_ p: DisplayPaint) {
        switch p {
        case .solid(let c): self = .solid(c)
        case .linearGradient(let g, let s, let e): self = .linearGradient(g, start: s, end: e)
        case .radialGradient(let g, let c, let r0, let r1): self = .radialGradient(g, center: c, startRadius: r0, endRadius: r1)
        case .angularGradient(let g, let c, let a0, let a1): self = .angularGradient(g, center: c, startAngle: a0, endAngle: a1)
        }
    }
}
