// Hit testing (docs/semantics.md "Interactions"): which view with a gesture handler a touch at a
// canvas point reaches. The scene is evaluated at the touch's instant with every such view wrapped
// in a `hitTarget` marker carrying its layout frame; the markers are collected with the transforms
// around them, in drawing order. A touch goes to the last-drawn (frontmost) view whose frame,
// transformed as drawn, contains the point and that takes the gesture; a view under
// `allowsHitTesting(false)` takes none. Geometry only: no pixels.
import AnimoSpec
import AnimoGeometry
import AnimoMotion

/// A view that takes gestures, as marked in a display list for hit testing.
public struct HitTarget: Sendable {
    /// The instance's key (RInteraction.key).
    public var key: String
    /// Its layout frame, in the coordinates of the marked node.
    public var frame: Rect
    /// false: `allowsHitTesting(false)`: nothing inside takes touches.
    public var hittable: Bool
}

/// When a button is held down: its label shows the pressed look from `down` to `up`, then fades
/// back over `PressSpan.release` seconds.
struct PressSpan: Sendable {
    var down: Double
    var up: Double

    /// The default (automatic, borderless on iOS) button style's pressed opacity, and how long the
    /// label takes to come back after the finger lifts: animo-render's emulation (docs/semantics.md
    /// "Interactions").
    static let pressedOpacity = 0.2
    static let release = 0.2

    /// The label's opacity factor at t (1: not pressed).
    func opacity(at t: Double) -> Double {
        guard t >= down else { return 1 }
        if t < up { return PressSpan.pressedOpacity }
        let p = (t - up) / PressSpan.release
        guard p < 1 else { return 1 }
        return PressSpan.pressedOpacity + (1 - PressSpan.pressedOpacity) * UnitCurve.easeOut.value(at: p)
    }
}

extension SceneEvaluator {
    /// The node wrapped in its hit-test marker (when marking), in the frame given.
    func marked(_ ia: RInteraction, _ content: DisplayNode, frame: Rect) -> DisplayNode {
        guard marksTargets else { return content }
        return .hitTarget(HitTarget(key: ia.key, frame: frame, hittable: ia.handlers.allowsHitTesting), content)
    }

    /// The node with its button's pressed look at t.
    func pressed(_ ia: RInteraction, _ content: DisplayNode, _ t: Double) -> DisplayNode {
        guard let spans = presses[ia.key] else { return content }
        var o = 1.0
        for s in spans { o = min(o, s.opacity(at: t)) }
        return o < 1 ? .opacity(o, content) : content
    }
}

/// The markers of one display list, in drawing order, with the transforms to canvas points.
struct HitMap {
    struct Region {
        var key: String
        var frame: Rect
        /// Local → canvas.
        var transform: Transform
        var inverse: Transform?
    }

    private(set) var regions: [Region] = []

    init(_ root: DisplayNode) {
        collect(root, .identity)
    }

    private mutating func collect(_ n: DisplayNode, _ t: Transform) {
        switch n {
        case .group(let children):
            for c in children { collect(c, t) }
        case .transform(let m, let child):
            collect(child, m.concatenating(t))
        case .clip(_, let child), .opacity(_, let child), .blendMode(_, let child), .effect(_, let child):
            collect(child, t)
        case .layer(let child, _):
            collect(child, t)
        case .hitTarget(let h, let child):
            guard h.hittable else { return }
            regions.append(Region(key: h.key, frame: h.frame, transform: t, inverse: t.inverted))
            collect(child, t)
        case .fill, .stroke, .material, .image, .glass:
            break
        }
    }

    /// The keys of the views in drawing order (each once, at its first marker).
    var keys: [String] {
        var seen = Set<String>()
        return regions.compactMap { seen.insert($0.key).inserted ? $0.key : nil }
    }

    /// The centre of a view's frame in canvas points (its outermost marker: the frame with its
    /// padding and backgrounds).
    func centre(of key: String) -> Point? {
        guard let r = regions.first(where: { $0.key == key }) else { return nil }
        return r.transform.apply(Point(r.frame.midX, r.frame.midY))
    }

    /// The frontmost view at `p` that `accepts` (the last drawn whose frame contains it).
    func hit(_ p: Point, accepts: (String) -> Bool) -> String? {
        for r in regions.reversed() {
            guard let inv = r.inverse else { continue }
            let q = inv.apply(p)
            let f = r.frame
            if q.x >= f.minX && q.x <= f.maxX && q.y >= f.minY && q.y <= f.maxY && accepts(r.key) { return r.key }
        }
        return nil
    }
}
