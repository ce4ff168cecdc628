// InteractionResolver: a spec's taps and drags turned into ordinary events, once, before any pixel
// (docs/spec.md "Interactions", docs/semantics.md "Interactions").
//
// Interactions are taken in time order. For each, the scene with the events known so far is
// resolved and evaluated at the touch-down instant with its gesture views marked (HitTesting.swift);
// the touch is hit-tested there, and the handler it reaches runs its actions as events:
//
// - a `button` or `onTap` at touch-up (down + hold; a tap held longer than 0.75 s fails); a button's
//   label shows the pressed look while the finger is down;
// - an `onLongPress` once the finger has been down `minimumDuration` (if the hold lasts that long;
//   it then takes the touch instead of a tap);
// - an `onDrag`'s `onChanged` once the finger has moved `minimumDistance`, then at every frame
//   instant of the spec while it moves, and `onEnded` when it lifts, each with the drag's values
//   at that instant.
//
// An action's values are expressions evaluated when it runs, over the state at that instant (the
// events before it, including those earlier actions produced), the instance's loop values and the
// drag's values.
import AnimoSpec
import AnimoGeometry

struct InteractionOutcome {
    var spec: Spec
    var presses: [String: [PressSpan]] = [:]
    var diagnostics: [RenderDiagnostic] = []
    var errors: [SpecError] = []
}

struct InteractionResolver {
    let spec: Spec
    let fileName: String
    let imageSizes: [String: Size]

    /// Seconds of velocity a drag's predicted end adds: SwiftUI's velocity is
    /// 4 × (predictedEndLocation − location), so the prediction is location + 0.25 s × velocity
    /// (docs/semantics.md §243).
    static let projection = 0.25
    /// A tap that stays down longer fails (`onTapGesture`, docs/semantics.md §240).
    static let tapDurationThreshold = 0.75
    /// At most this many `onChanged` calls per drag.
    static let maxDragSamples = 2_000

    func run() -> InteractionOutcome {
        var out = InteractionOutcome(spec: spec)
        out.spec.interactions = []
        let order = spec.interactions.indices.sorted { (a, b) in
            spec.interactions[a].at != spec.interactions[b].at ? spec.interactions[a].at < spec.interactions[b].at : a < b
        }
        var resolved: (scene: ResolvedScene, events: Int)?
        for i in order {
            let x = spec.interactions[i]
            // The scene drawn at x.at depends only on the events up to x.at: one resolved before
            // later events were added is reused.
            if resolved == nil || out.spec.events[resolved!.events...].contains(where: { $0.at <= x.at }) {
                var errors: [SpecError] = []
                let scene = ResolvedScene(resolving: out.spec, fileName: fileName, imageSizes: imageSizes, errors: &errors)
                // A spec that does not resolve is reported by the final resolve.
                guard errors.isEmpty else { break }
                resolved = (scene, out.spec.events.count)
            }
            let scene = resolved!.scene
            var ev = scene.evaluator
            ev.marksTargets = true
            let map = HitMap(ev.displayList(at: x.at))
            let table = Dictionary(scene.interactive.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
            switch x.kind {
            case .tap(let target, let hold):
                tap(x, target: target, hold: hold, map: map, table: table, &out)
            case .drag(let from, let to, let duration):
                drag(x, from: from, to: to, duration: duration, map: map, table: table, &out)
            }
        }
        return out
    }

    // MARK: Taps

    func takesTap(_ ia: RInteraction) -> Bool {
        ia.handlers.button != nil || ia.handlers.onTap != nil || ia.handlers.onLongPress != nil || ia.interactiveGlass
    }

    func tap(_ x: SpecInteraction, target: InteractionTarget?, hold: Double, map: HitMap, table: [String: RInteraction], _ out: inout InteractionOutcome) {
        let candidates = map.keys.filter { table[$0].map { $0.handlers.hasHandlers } ?? false }
        let point: Point
        switch target {
        case .point(let px, let py)?:
            point = Point(px, py)
        case nil:
            guard candidates.count == 1, let only = candidates.first, let c = map.centre(of: only) else {
                out.errors.append(error(x, candidates.isEmpty
                    ? "nothing to tap: no view with a gesture handler is on screen at \(formatNumber(x.at)) s"
                    : "the tap names no target and \(candidates.count) views take gestures; name one: \(list(candidates, map, table))"))
                return
            }
            point = c
        case .index(let n)?:
            guard n < candidates.count, let c = map.centre(of: candidates[n]) else {
                out.errors.append(error(x, "no view #\(n) at \(formatNumber(x.at)) s: \(candidates.isEmpty ? "no view with a gesture handler is on screen" : "views: " + list(candidates, map, table))"))
                return
            }
            point = c
        case .name(let name)?:
            let named = candidates.first { table[$0]?.handlers.id == name } ?? candidates.first { table[$0]?.handlers.label == name }
                ?? map.keys.first { table[$0]?.handlers.id == name }
            guard let key = named, let c = map.centre(of: key) else {
                out.errors.append(error(x, "no view named \(UserText.quoted(name)) (by id or label text) is on screen at \(formatNumber(x.at)) s; \(candidates.isEmpty ? "no view with a gesture handler is" : "views: " + list(candidates, map, table))"))
                return
            }
            point = c
        }
        guard let key = map.hit(point, accepts: { table[$0].map(takesTap) ?? false }), let ia = table[key] else {
            out.diagnostics.append(RenderDiagnostic(feature: "interaction:tap", path: x.path,
                message: "the tap at \(formatNumber(x.at)) s on (\(formatNumber(point.x)), \(formatNumber(point.y))) reaches no view that takes taps; nothing happens"))
            return
        }
        let h = ia.handlers
        let down = x.at, up = x.at + hold
        let dark = spec.canvas.environment.colorScheme == .dark
        if h.button != nil { out.presses[key, default: []].append(PressSpan(down: down, up: up, pressedOpacity: PressSpan.pressedOpacity(dark: dark))) }
        if ia.interactiveGlass { out.presses[key, default: []].append(PressSpan(down: down, up: up, look: .glass)) }
        if let lp = h.onLongPress, hold >= lp.minimumDuration {
            run(lp.perform, at: down + lp.minimumDuration, ia, gesture: nil, x, &out)
        } else if let b = h.button {
            run(b, at: up, ia, gesture: nil, x, &out)
        } else if let t = h.onTap {
            guard hold <= InteractionResolver.tapDurationThreshold else {
                out.diagnostics.append(RenderDiagnostic(feature: "interaction:tap", path: x.path,
                    message: "the finger stays down \(formatNumber(hold)) s, longer than a tap may last (0.75 s): onTap does not fire"))
                return
            }
            run(t, at: up, ia, gesture: nil, x, &out)
        }
    }

    /// `#0 "Buy" (button, id buy) at content[0]`, … for messages.
    func list(_ keys: [String], _ map: HitMap, _ table: [String: RInteraction]) -> String {
        keys.prefix(20).enumerated().map { i, k in
            guard let ia = table[k] else { return "#\(i)" }
            var what = ia.handlers.kinds
            if let id = ia.handlers.id { what.append("id \(UserText.quoted(id))") }
            let label = ia.handlers.label.map { " " + UserText.quoted($0, limit: 40) } ?? ""
            return "#\(i)\(label) (\(what.joined(separator: ", "))) at \(ia.path)"
        }.joined(separator: "; ") + (keys.count > 20 ? "; … \(keys.count - 20) more" : "")
    }

    // MARK: Drags

    func drag(_ x: SpecInteraction, from: (x: Double, y: Double), to: (x: Double, y: Double), duration: Double, map: HitMap,
              table: [String: RInteraction], _ out: inout InteractionOutcome) {
        let start = Point(from.x, from.y)
        guard let key = map.hit(start, accepts: { table[$0]?.handlers.onDrag != nil }), let ia = table[key], let d = ia.handlers.onDrag else {
            out.diagnostics.append(RenderDiagnostic(feature: "interaction:drag", path: x.path,
                message: "the drag at \(formatNumber(x.at)) s from (\(formatNumber(from.x)), \(formatNumber(from.y))) starts on no view with onDrag; nothing happens"))
            return
        }
        let dx = to.x - from.x, dy = to.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length >= d.minimumDistance, length > 0 else {
            out.diagnostics.append(RenderDiagnostic(feature: "interaction:drag", path: x.path,
                message: "the drag moves \(formatNumber(length)) pt, less than its minimumDistance \(formatNumber(d.minimumDistance)); the gesture does not begin"))
            return
        }
        // The finger moves at constant speed: it passes minimumDistance at s0.
        let s0 = duration * d.minimumDistance / length
        var times = [x.at + s0]
        let step = 1 / spec.fps
        var k = (x.at + s0) / step
        k = k.rounded(.down) + 1
        while k * step < x.at + duration - 1e-9, times.count < InteractionResolver.maxDragSamples {
            times.append(k * step)
            k += 1
        }
        if times.last! < x.at + duration - 1e-9 { times.append(x.at + duration) }
        let velocity = (dx / duration, dy / duration)
        // The view's own coordinates, as it is drawn at touch-down (DragGesture's `.local`).
        func local(_ px: Double, _ py: Double) -> Point { map.local(Point(px, py), in: key) ?? Point(px, py) }
        func values(at time: Double) -> [String: Double] {
            let s = min(max((time - x.at) / duration, 0), 1)
            let tx = dx * s, ty = dy * s
            let p = InteractionResolver.projection
            let ls = local(from.x, from.y), ll = local(from.x + tx, from.y + ty)
            let lp = local(from.x + tx + velocity.0 * p, from.y + ty + velocity.1 * p)
            return ["localStartLocation.x": ls.x, "localStartLocation.y": ls.y, "localLocation.x": ll.x, "localLocation.y": ll.y,
                    "localPredictedEndLocation.x": lp.x, "localPredictedEndLocation.y": lp.y,
                    "translation.width": tx, "translation.height": ty,
                    "location.x": from.x + tx, "location.y": from.y + ty,
                    "startLocation.x": from.x, "startLocation.y": from.y,
                    "predictedEndTranslation.width": tx + velocity.0 * p, "predictedEndTranslation.height": ty + velocity.1 * p,
                    "predictedEndLocation.x": from.x + tx + velocity.0 * p, "predictedEndLocation.y": from.y + ty + velocity.1 * p,
                    "velocity.width": velocity.0, "velocity.height": velocity.1]
        }
        for time in times { run(d.onChanged, at: time, ia, gesture: values(at: time), x, &out) }
        run(d.onEnded, at: x.at + duration, ia, gesture: values(at: x.at + duration), x, &out)
    }

    // MARK: Actions

    /// The actions as events at `time` (an action with `after` that much later), each evaluated
    /// over the state just before it; an action whose `when` is false then does nothing, and one
    /// later than the spec's duration never runs. Actions run in time order, those at one instant
    /// in the order written.
    func run(_ actions: [SpecAction], at time: Double, _ ia: RInteraction, gesture: [String: Double]?, _ x: SpecInteraction, _ out: inout InteractionOutcome) {
        let order = actions.indices.sorted { (actions[$0].after, $0) < (actions[$1].after, $1) }
        for k in order where !actions[k].set.isEmpty {
            let a = actions[k]
            let time = time + a.after
            guard time <= spec.duration else { continue }
            var frame = ia.frame
            if frame.count < out.spec.slots.count { frame += [Double](repeating: 0, count: out.spec.slots.count - frame.count) }
            frame[0] = time
            StateTimeline(spec: out.spec).write(stateAt: time, into: &frame)
            if let gesture {
                for (i, s) in out.spec.slots.enumerated() where s.kind == .gesture { frame[i] = gesture[s.name] ?? 0 }
            }
            if let when = a.when, when.value(frame) == 0 { continue }
            var sets: [StateAssignment] = []
            for s in a.set {
                if let move = s.move {
                    // Moving an element sets the indices it changes (SpecArrayMove); `nearest`
                    // hit-tests the elements' frames as laid out at this instant.
                    let frames = move.readsFrames ? elementFrames(move.array, at: time, out.spec) : [:]
                    switch move.changes(frame, frames: frames) {
                    case .success(let changes):
                        for c in changes {
                            frame[c.slot] = c.value
                            sets.append(StateAssignment(name: "\(s.name)[id \(c.id)].index", slot: c.slot, value: c.value))
                        }
                    case .failure(let e):
                        out.errors.append(error(x, "\(a.path) at \(formatNumber(time)) s: \(e.message) (Swift's remove(at:) and insert(_:at:) stop the app there)"))
                    }
                    continue
                }
                var v = s.value.value(frame)
                if !v.isFinite { v = 0 }
                if s.isBoolean { v = v != 0 ? 1 : 0 }
                sets.append(StateAssignment(name: s.name, slot: s.slot, value: v))
            }
            out.spec.events.append(SpecEvent(at: time, set: sets, animation: a.animation, path: "\(x.path) → \(a.path)"))
        }
    }

    /// The laid-out frames of the array's elements at `time`, with the events so far.
    func elementFrames(_ array: String, at time: Double, _ spec: Spec) -> [Int: [Double]] {
        var errors: [SpecError] = []
        let scene = ResolvedScene(resolving: spec, fileName: fileName, imageSizes: imageSizes, errors: &errors)
        guard errors.isEmpty else { return [:] }
        var ev = scene.evaluator
        let log = ElementFrameLog()
        ev.elementFrames = log
        _ = ev.displayList(at: time)
        return log.frames[array] ?? [:]
    }

    func error(_ x: SpecInteraction, _ message: String) -> SpecError {
        x.path.hasPrefix("--") ? SpecError(file: fileName, path: x.path, line: 0, column: 0, message: message)
            : spec.error(at: x.path, message, fileName: fileName)
    }
}
