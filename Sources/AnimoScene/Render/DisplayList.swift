// The display list: what one frame draws, as plain values (paths in user space, paints,
// transforms, opacity, blend modes, layers, clips, masks), and its painter onto a DrawingContext.
//
// Opacity and blend modes apply to each leaf below them (SwiftUI applies `opacity` and
// `blendMode` to every leaf of a container unless it is a compositing group); a `layer` (a
// `canvas`, or a masked node) composites its content as one image with the opacity and blend
// mode in effect around it.
import AnimoSpec
import AnimoRaster
import AnimoGeometry

/// One frame's drawing.
indirect enum DisplayNode: Sendable {
    case fill(Path, Paint)
    /// Stroked at paint time, so the outline's tolerance follows the device transform.
    case stroke(Path, StrokeStyle, Paint)
    case group([DisplayNode])
    /// `transform` maps the child's coordinates to the enclosing ones.
    case transform(Transform, DisplayNode)
    /// The child clipped to a path in the enclosing coordinates.
    case clip(Path, DisplayNode)
    case opacity(Double, DisplayNode)
    case blendMode(BlendMode, DisplayNode)
    /// The child drawn into one layer, optionally masked by another node's alpha.
    case layer(DisplayNode, mask: DisplayNode?)
    /// The child drawn into one layer, processed by filters or a shader (EffectPainter.swift),
    /// then composited with the opacity and blend mode around it.
    case effect(DisplayEffect, DisplayNode)

    static let empty = DisplayNode.group([])
}

/// Draws display nodes.
enum DisplayPainter {
    static func draw(_ node: DisplayNode, in ctx: inout DrawingContext, opacity: Double = 1, blendMode: BlendMode = .normal,
                     env: EffectEnvironment = EffectEnvironment()) {
        switch node {
        case .fill(let path, let paint):
            guard opacity > 0 else { return }
            ctx.fill(path, with: paint, opacity: opacity, blendMode: blendMode)
        case .stroke(let path, let style, let paint):
            guard opacity > 0 else { return }
            ctx.stroke(path, with: paint, style: style, opacity: opacity, blendMode: blendMode)
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
        }
    }
}
