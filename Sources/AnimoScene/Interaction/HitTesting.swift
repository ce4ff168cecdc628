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

/// When a view is held down: a button's label shows the pressed look from `down` to `up`, then
/// comes back over `PressSpan.release` seconds; interactive glass swells and brightens likewise.
struct PressSpan: Sendable {
    enum Look: Sendable { case button, glass }
    var down: Double
    var up: Double
    var look: Look = .button
    /// The label's opacity while held.
    var pressedOpacity = PressSpan.pressedOpacity(dark: false)

    /// The default (automatic, borderless on iOS) button style's pressed opacity: 0.2 in light
    /// mode, 0.4 in dark (docs/semantics.md §238).
    static func pressedOpacity(dark: Bool) -> Double { dark ? 0.4 : 0.2 }
    /// How long the label takes to come back after the finger lifts (undocumented, §238;
    /// animo-render's choice, §259).
    static let release = 0.2
    /// Interactive glass while pressed: its scale and the white added to its face (an emulation,
    /// docs/semantics.md §259; Apple publishes no numbers).
    static let glassScale = 1.06
    static let glassBrighten = 0.15

    /// How pressed the view looks at t: 1 while held, easing out to 0 after the lift.
    func intensity(at t: Double) -> Double {
        guard t >= down else { return 0 }
        if t < up { return 1 }
        let p = (t - up) / PressSpan.release
        guard p < 1 else { return 0 }
        return 1 - UnitCurve.easeOut.value(at: p)
    }

    /// The label's opacity factor at t (1: not pressed).
    func opacity(at t: Double) -> Double {
        let k = intensity(at: t)
        return k == 1 ? pressedOpacity : 1 - (1 - pressedOpacity) * k
    }
}

extension SceneEvaluator {
    /// The node wrapped in its hit-test marker (when marking), in the frame given.
    func marked(_ ia: RInteraction, _ content: DisplayNode, frame: Rect) -> DisplayNode {
        guard marksTargets else { return content }
        return .hitTarget(HitTarget(key: ia.key, frame: frame, hittable: ia.handlers.allowsHitTesting), content)
    }

    /// The node with its pressed look at t: a button's dimmed label, interactive glass swollen
    /// about the centre of `frame` and brightened.
    func pressed(_ ia: RInteraction, _ content: DisplayNode, frame: Rect, _ t: Double) -> DisplayNode {
        guard let spans = presses[ia.key] else { return content }
        var opacity = 1.0, glass = 0.0
        for s in spans {
            switch s.look {
            case .button: opacity = min(opacity, s.opacity(at: t))
            case .glass: glass = max(glass, s.intensity(at: t))
            }
        }
        var out = content
        if glass > 0 {
            out = out.brighteningGlass(by: PressSpan.glassBrighten * glass)
            let k = 1 + (PressSpan.glassScale - 1) * glass
            if frame.origin.isFinite && frame.width.isFinite && frame.height.isFinite {
                out = .transform(Transform.scale(k, k).about(Point(frame.midX, frame.midY)), out)
            }
        }
        return opacity < 1 ? .opacity(opacity, out) : out
    }
}

extension DisplayNode {
    /// The node with the white fill of every glass face it draws (through groups, transforms,
    /// opacity, blend modes and markers) raised by `amount`.
    func brighteningGlass(by amount: Double) -> DisplayNode {
        switch self {
        case .glass(var g):
            for i in g.shapes.indices { g.shapes[i].style.fill = min(1, g.shapes[i].style.fill + amount) }
            return .glass(g)
        case .group(let c): return .group(c.map { $0.brighteningGlass(by: amount) })
        case .transform(let m, let c): return .transform(m, c.brighteningGlass(by: amount))
        case .opacity(let o, let c): return .opacity(o, c.brighteningGlass(by: amount))
        case .blendMode(let b, let c): return .blendMode(b, c.brighteningGlass(by: amount))
        case .hitTarget(let h, let c): return .hitTarget(h, c.brighteningGlass(by: amount))
        default: return self
        }
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

    /// A canvas point in a view's own coordinates (SwiftUI's `.local` space: from its outermost
    /// frame's top-leading corner, through the transforms it is drawn with).
    func local(_ p: Point, in key: String) -> Point? {
        guard let r = regions.first(where: { $0.key == key }), let inv = r.inverse else { return nil }
        let q = inv.apply(p)
        return Point(q.x - r.frame.minX, q.y - r.frame.minY)
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
