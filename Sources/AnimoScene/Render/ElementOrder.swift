// The order of a `forEach`'s elements when they move (docs/spec.md "State arrays and forEach",
// docs/semantics.md §335–§336).
//
// An array whose elements move gives each element a state variable: its index in the array
// (StateArray.rankSlots). Resolving, each instance gets a track of that index whose changes carry
// the animation of the event that made them (`rankTrack`). A layout container lays the instances
// out in the order of the indices' targets, the model order at that instant, as SwiftUI lays out
// a ForEach by its data's current order.
//
// SwiftUI then animates each view that changed place from where it was drawn to its new place,
// with the change's animation: the view keeps its identity, and its position is an animatable
// value like any other. Here the position is rebuilt every frame, from the layout of this frame:
// the container's slots are where its instances are now (slot r: the frame of the instance whose
// index is r), an element's place after change k of its index is the centre of slot r_k, and an
// AnimatedProperty replays the changes (time, target centre, animation) so springs retarget and
// curves combine as for any animated value (Motion's rules). The difference between that value
// and the element's own centre now is a translation drawn over the element, layout unchanged
// (the frames the layout and geometry readers report are the new places, as in SwiftUI).
//
// Slot centres stand for "where this element would be at index r": exact in a lazy grid (each
// element is centred in its cell, whatever its size) and when the elements keep their sizes among
// the slots they visit. In a stack, when a moving element's size differs from the slot's it
// started from, the evaluator reports it (`layout:move`).
import AnimoSpec
import AnimoMotion
import AnimoGeometry

extension SceneResolver {
    /// The one view an instance's content shows, whose position the container sets: its single
    /// node, or the single node of the one `if` among its nodes whose condition holds for the
    /// instance (content chosen by the element's identity).
    func instanceView(_ content: [SpecNode], _ frame: [Double]) -> SpecNode? {
        if content.count == 1 {
            if case .conditional(let c) = content[0].kind, c.content.count == 1, case .expression = c.condition { return c.content[0] }
            return content[0]
        }
        var shown: [SpecNode] = []
        for n in content {
            guard case .conditional(let c) = n.kind else { return nil }
            let holds: Bool
            switch c.condition {
            case .constant(let d): holds = d != 0
            case .expression(let e): holds = e.evaluate(frame) != 0
            }
            if holds { shown += c.content }
        }
        return shown.count == 1 ? shown[0] : nil
    }

    /// The track of a moving element's index: its changes while the element is in the array
    /// before and after them animate with the event's animation (the implicit `animation`
    /// modifiers of the instance's single content view included, since they wrap its position);
    /// changes while it enters or leaves the array jump (it has no place before or after).
    func rankTrack(_ rank: SpecExpression, presence: SpecExpression, _ content: SpecNode?, _ scope: Scope) -> Int {
        var s = scope
        if let content { s.animations = animationModifiers(content, after: -1, scope) }
        func value(_ e: SpecExpression, _ state: [Double]) -> Double {
            var f = scope.frame
            states.write(state: state, into: &f)
            return e.evaluate(f)
        }
        var current = value(rank, states.initial)
        var track = PropertyTrack(initial: current)
        let reads = Set(rank.slots).union(presence.slots)
        for (k, ev) in states.events.enumerated() where !ev.changedSlots.isDisjoint(with: reads) {
            let before = states.state(after: k == 0 ? nil : k - 1), after = states.stateAfter[k]
            let v = value(rank, after)
            guard v != current, v.isFinite else { continue }
            let stays = value(presence, before) != 0 && value(presence, after) != 0
            do {
                try track.motion.set(.scalar(v), at: ev.time, animation: stays ? animation(for: k, s) : nil)
                track.eventOfChange.append(ev.index)
                current = v
            } catch { continue }
        }
        tracks.append(track)
        return tracks.count - 1
    }
}

/// The elements of one moving `forEach` laid out this frame: per element, its index track and
/// the view records it contributed.
struct ElementOrder {
    var tracks: [Int]
    /// views[i]: the records element i's content became (in a container), in order.
    var views: [[Int]]
    /// Laid out by a lazy grid: each element is centred in its cell, so a cell's centre is where
    /// any element at that index is, whatever its size.
    var cells: Bool
    /// The array, and each element's id (aligned with `tracks`).
    var array: String
    var ids: [Int] = []
}

/// The laid-out frames of moving elements, by array and id, in canvas coordinates (minX, minY,
/// maxX, maxY): what a handler's `{"move": {"to": {"nearest": …}}}` hit-tests, as SwiftUI code
/// reads `GeometryReader` frames published through a preference. The first `forEach` over an
/// array that is laid out gives its frames.
final class ElementFrameLog: @unchecked Sendable {
    var frames: [String: [Int: [Double]]] = [:]
}

extension LayoutBuild {
    /// The children's indices in the order their elements' indices have at `t` (ties: as written).
    func ordered(_ reorder: [Int], count: Int) -> [Int] {
        let ranks = (0..<count).map { i in i < reorder.count ? ev.tracks[reorder[i]].target(at: t) : Double(i) }
        return (0..<count).sorted { (ranks[$0], $0) < (ranks[$1], $1) }
    }

    /// Records each moving element's frame (its first view's, after its layout modifiers).
    func record(into log: ElementFrameLog) {
        let o = ev.layoutContext.origin
        for order in elementOrders where log.frames[order.array] == nil {
            var frames: [Int: [Double]] = [:]
            for (i, recs) in order.views.enumerated() {
                guard let r = recs.first else { continue }
                let f = tree.frame(of: views[r].top)
                guard isFinite(f) else { continue }
                frames[order.ids[i]] = [f.minX + o.x, f.minY + o.y, f.maxX + o.x, f.maxY + o.y]
            }
            log.frames[order.array] = frames
        }
    }

    /// Per view record of a moving element, the translation from its new place to where it is
    /// drawn at `t` (see the file's header); records not moving are absent.
    func displacements() -> [Int: Point] {
        var out: [Int: Point] = [:]
        for order in elementOrders {
            // Slot r's centre: the frame of the (first) view of the element whose index target is r.
            var slots: [Int: (centre: Point, size: Size)] = [:]
            var own: [Int: (rank: Int, centre: Point, size: Size)] = [:]
            for (i, recs) in order.views.enumerated() {
                guard let r = recs.first else { continue }
                let f = tree.frame(of: views[r].top)
                guard isFinite(f) else { continue }
                let rank = Int(ev.tracks[order.tracks[i]].target(at: t).rounded())
                let c = Point(f.midX, f.midY)
                slots[rank] = (c, f.size)
                own[i] = (rank, c, f.size)
            }
            for (i, recs) in order.views.enumerated() {
                guard let mine = own[i] else { continue }
                let track = ev.tracks[order.tracks[i]]
                guard track.motion.isAnimating(at: t) else { continue }
                // The changes since the last jump (a jump drops what ran before it), replayed
                // with this frame's slot centres as targets.
                let list = track.motion.changes.prefix { $0.time <= t }
                guard !list.isEmpty else { continue }
                var k0 = list.endIndex - 1
                while k0 > list.startIndex, list[k0].animation != nil { k0 -= 1 }
                let base = list[k0].animation == nil ? list[k0].target.x : track.motion.initialValue.x
                let first = list[k0].animation == nil ? k0 + 1 : k0
                guard first < list.endIndex, let c0 = slots[Int(base.rounded())] else { continue }
                var p = AnimatedProperty(initialValue: AnimatableVector(c0.centre.x, c0.centre.y))
                var complete = true
                for k in first..<list.endIndex {
                    guard let c = slots[Int(list[k].target.x.rounded())] else { complete = false; break }
                    do { try p.set(AnimatableVector(c.centre.x, c.centre.y), at: list[k].time, animation: list[k].animation) } catch { complete = false; break }
                }
                guard complete else { continue }
                let v = p.value(at: t)
                let d = Point(v.x - mine.centre.x, v.y - mine.centre.y)
                guard d.x != 0 || d.y != 0, d.x.isFinite, d.y.isFinite else { continue }
                if !order.cells, abs(c0.size.width - mine.size.width) > 0.5 || abs(c0.size.height - mine.size.height) > 0.5 {
                    ev.warn("layout:move", views[recs[0]].path, "a moving element of size \(mine.size.width) × \(mine.size.height) passes a place sized \(c0.size.width) × \(c0.size.height): its path follows the places' centres")
                }
                for r in recs { out[r] = d }
            }
        }
        return out
    }
}
