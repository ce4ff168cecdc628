// Glass that appears or disappears inside a container while its view's transition runs
// (`glassEffectID`, `glassEffectTransition`; docs/semantics.md §226, the emulation §268). Geometry
// only: the shapes of one frame, each with how far its view is in (`presence`), become the shapes
// to draw; AnimoRender's GlassPainter draws them like any other.
//
// - `matchedGeometry` (the default), with a partner: a shape on its way in and one on its way out
//   with the same `glassEffectID` are one shape. Its frame moves from the leaving shape's frame to
//   the arriving one's (as matched geometry interpolates frames), and its outline is the blend of
//   the two shapes' signed distances, each reshaped to that frame, weighted by how far the
//   arriving view is in: w = p_in / (p_in + p_out), which is the animation's progress when both
//   views ride the same animation (p_out = 1 − p_in).
// - `matchedGeometry` without a partner, within the container's spacing of a shape that stays:
//   the shape grows out of (or shrinks into) the nearest one, by the same blend with w = its
//   presence, eroded by (1 − w) × the union's width so that it starts inside its neighbour's
//   outline without bulging it (Apple: a new shape within the spacing of an existing one
//   transitions out of that shape's geometry).
// - `materialize`, or matched geometry with nothing to match: the material materializes
//   (`DisplayGlass.materialized`) with the presence.
// - `identity`: drawn as at rest while its view is there.
import AnimoSpec
import AnimoGeometry

enum GlassTransitions {
    /// The shapes to draw for shapes in one container of `spacing` points, in the container's coordinates.
    static func resolve(_ shapes: [DisplayGlassShape], spacing: Double) -> [DisplayGlassShape] {
        func moving(_ s: DisplayGlassShape) -> Bool { s.transitioning && s.transition != .identity }
        guard shapes.contains(where: moving) else { return shapes }
        let frames = shapes.map { DisplayNode.bounds($0.outline.bounds, $0.transform) }
        func matchable(_ j: Int) -> Bool { moving(shapes[j]) && shapes[j].transition == .matchedGeometry && frames[j] != nil }
        // Pairs of one id, each drawn once as their morph (at the first of the two).
        var partner: [Int: Int] = [:]
        for i in shapes.indices where partner[i] == nil && matchable(i) {
            guard let id = shapes[i].id,
                  let j = shapes.indices.first(where: { $0 != i && partner[$0] == nil && shapes[$0].id == id && matchable($0) })
            else { continue }
            partner[i] = j
            partner[j] = i
        }
        var out: [DisplayGlassShape] = []
        for i in shapes.indices {
            let s = shapes[i]
            guard moving(s), let fi = frames[i] else { out.append(s); continue }
            let p = unit(s.presence)
            if let j = partner[i] {
                guard j > i else { continue }
                let q = unit(shapes[j].presence)
                out.append(morph(s, fi, shapes[j], frames[j]!, w: p + q > 0 ? q / (p + q) : 0.5))
                continue
            }
            if s.transition == .matchedGeometry, spacing > 0,
               let j = nearest(to: fi, among: shapes, frames, except: i, within: spacing) {
                // Eroded by (1 − p)·2·spacing, the blend's width: at p = 0 the union with the
                // neighbour is the neighbour alone, so nothing bulges as the shape starts to grow.
                var m = morph(shapes[j], frames[j]!, s, fi, w: p)
                m.outline = .eroded(m.outline, by: (1 - p) * 2 * spacing)
                m.style = s.style
                out.append(m)
                continue
            }
            var m = s
            m.style = s.style.materialized(p)
            m.presence = 1
            m.transitioning = false
            out.append(m)
        }
        return out
    }

    static func unit(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }

    /// `a` (frame `fa`) turned `w` of the way into `b` (frame `fb`), in the container's coordinates.
    static func morph(_ a: DisplayGlassShape, _ fa: Rect, _ b: DisplayGlassShape, _ fb: Rect, w: Double) -> DisplayGlassShape {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * w }
        let r = Rect(x: l(fa.minX, fb.minX), y: l(fa.minY, fb.minY), width: l(fa.width, fb.width), height: l(fa.height, fb.height))
        var m = w < 0.5 ? a : b
        m.outline = .blend(DisplayNode.reshaped(a.outline, r), DisplayNode.reshaped(b.outline, r), weight: w)
        m.transform = .identity
        m.style = a.style.mixed(b.style, w)
        m.presence = 1
        m.transitioning = false
        return m
    }

    /// The present shape (not itself moving) whose frame's gap to `f` is smallest and at most `spacing`.
    static func nearest(to f: Rect, among shapes: [DisplayGlassShape], _ frames: [Rect?], except i: Int, within spacing: Double) -> Int? {
        var best: (Int, Double)?
        for (j, s) in shapes.enumerated() where j != i && !s.transitioning {
            guard let g = frames[j] else { continue }
            let dx = max(g.minX - f.maxX, f.minX - g.maxX, 0), dy = max(g.minY - f.maxY, f.minY - g.maxY, 0)
            let gap = (dx * dx + dy * dy).squareRoot()
            if gap <= spacing, best.map({ gap < $0.1 }) ?? true { best = (j, gap) }
        }
        return best?.0
    }
}
