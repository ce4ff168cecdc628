// Taps and drags played on the render clock (`--tap`, `--drag`), as the renderer plays them for a
// spec (docs/semantics.md §259): a tap runs the action of the view it targets at its lift; a drag
// moves the finger in a straight line at constant speed, its first `onChanged` when it has moved
// the gesture's `minimumDistance`, then one per frame (30 a second) and one at the lift, then
// `onEnded`; the predicted end is 0.25 s of the velocity further. Without layout, a tap or drag
// goes to a view by its label, its index among the views with such a handler, or the first one;
// a point target is not hit-tested (a warning says so).
internal import AnimoViewRecord
import Foundation

struct PlayedInteraction {
    enum Kind {
        case tap(hold: Double, target: Target?)
        case drag(from: CGPoint, to: CGPoint, duration: Double)
    }
    enum Target { case label(String), index(Int), point(Double, Double) }
    var at: Double
    var kind: Kind

    /// `tap,AT,HOLD[,label,CODEPOINTS|,index,N|,point,X Y]` and `drag,AT,X1,Y1,X2,Y2,SECONDS`,
    /// separated by `;` (what the renderer writes).
    static func parse(_ text: String) -> [PlayedInteraction] {
        text.split(separator: ";").compactMap { item in
            let f = item.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 3, let at = Double(f[1]) else { return nil }
            switch f[0] {
            case "tap":
                var target: Target?
                if f.count >= 5 {
                    switch f[3] {
                    case "label": target = .label(String(String.UnicodeScalarView(f[4].split(separator: ".").compactMap { UInt32($0).flatMap(Unicode.Scalar.init) })))
                    case "index": target = Int(f[4]).map(Target.index)
                    case "point":
                        let xy = f[4].split(separator: " ").compactMap { Double($0) }
                        if xy.count == 2 { target = .point(xy[0], xy[1]) }
                    default: break
                    }
                }
                return PlayedInteraction(at: at, kind: .tap(hold: Double(f[2]) ?? 0.1, target: target))
            case "drag":
                let n = f.dropFirst(2).compactMap(Double.init)
                guard n.count == 5 else { return nil }
                return PlayedInteraction(at: at, kind: .drag(from: CGPoint(x: n[0], y: n[1]), to: CGPoint(x: n[2], y: n[3]), duration: max(n[4], 1e-3)))
            default: return nil
            }
        }
    }
}

/// A drag gesture attached to a view, as the graph plays it.
struct DragHandler {
    let path: String
    let site: SourceSite
    let node: RecordedView
    let minimumDistance: CGFloat
    let changed: @MainActor (DragGesture.Value) -> Void
    let ended: @MainActor (DragGesture.Value) -> Void
}

extension ViewGraph {
    func schedule(_ p: PlayedInteraction) {
        switch p.kind {
        case .tap(let hold, let target):
            clock.schedule(at: p.at + hold) { [weak self] in self?.tap(target) }
        case .drag(let from, let to, let duration):
            scheduleDrag(at: p.at, from: from, to: to, duration: duration)
        }
    }

    private func tap(_ target: PlayedInteraction.Target?) {
        let chosen: (path: String, site: SourceSite, node: RecordedView, action: () -> Void)?
        switch target {
        case .label(let l)?: chosen = tapActions.first { Self.shows(l, $0.node) }
        case .index(let i)?: chosen = i >= 0 && i < tapActions.count ? tapActions[i] : nil
        case .point?:
            warn("--tap x,y", "a point is not hit-tested in a compiled view: the first view with a tap action is tapped", .unknown)
            chosen = tapActions.first
        case nil: chosen = tapActions.first
        }
        guard let chosen else {
            fail("--tap: no view with a tap action matches \(target.map { "\($0)" } ?? "") (views with one: \(tapActions.count))", .unknown)
            return
        }
        chosen.action()
    }

    /// Whether the view's content shows `label` as a text or a symbol.
    static func shows(_ label: String, _ v: RecordedView) -> Bool {
        switch v.kind {
        case .text(let t) where t.string == label: return true
        case .symbol(let n) where n == label: return true
        default: return v.children.contains { shows(label, $0) }
        }
    }

    private func scheduleDrag(at start: Double, from: CGPoint, to: CGPoint, duration: Double) {
        let step = 1.0 / 30
        let velocity = CGSize(width: (to.x - from.x) / duration, height: (to.y - from.y) / duration)
        let length = ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
        func value(_ t: Double) -> DragGesture.Value {
            let k = min(max((t - start) / duration, 0), 1)
            let location = CGPoint(x: from.x + (to.x - from.x) * k, y: from.y + (to.y - from.y) * k)
            let translation = CGSize(width: location.x - from.x, height: location.y - from.y)
            return DragGesture.Value(time: Date(timeIntervalSinceReferenceDate: t), location: location, startLocation: from, translation: translation,
                                     velocity: velocity,
                                     predictedEndLocation: CGPoint(x: location.x + velocity.width * 0.25, y: location.y + velocity.height * 0.25),
                                     predictedEndTranslation: CGSize(width: translation.width + velocity.width * 0.25, height: translation.height + velocity.height * 0.25))
        }
        var started = false
        var times: [Double] = []
        var t = start
        while t < start + duration - 1e-9 { t += step; times.append(min(t, start + duration)) }
        if times.last.map({ $0 < start + duration - 1e-9 }) ?? true { times.append(start + duration) }
        for (i, time) in times.enumerated() {
            let last = i == times.count - 1
            clock.schedule(at: time) { [weak self] in
                guard let self, let handler = self.dragHandlers.first else {
                    if last { self?.warn("--drag", "no view has a DragGesture: the drag does nothing", .unknown) }
                    return
                }
                let v = value(time)
                let moved = (v.translation.width * v.translation.width + v.translation.height * v.translation.height).squareRoot()
                if !started, moved < handler.minimumDistance, !last { return }
                if !started, moved < handler.minimumDistance, length < handler.minimumDistance { return }
                started = true
                handler.changed(v)
                if last {
                    self.update()
                    handler.ended(v)
                }
            }
        }
    }
}
