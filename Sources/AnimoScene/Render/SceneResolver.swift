// SceneResolver: walks a loaded Spec once, before any pixel, and produces the instance tree
// (ResolvedNode.swift) with every animated property's transaction history (SceneTimeline.swift).
//
// Animation choice per property and event (docs/spec.md, SwiftUI's `.animation(_:value:)`): an
// `animation` modifier applies to the node's content, to the modifiers listed before it, and to
// every descendant; the nearest one (innermost first) whose `value` names a state variable the
// event changed (or that lists none: the deprecated `.animation(_:)`) supplies the animation, its
// `delay` and other parameters evaluated per instance (e.g. "=0.10 + i * 0.07"); a null animation
// there means "no animation". Otherwise the event's own animation is used.
import AnimoSpec
import Foundation
import AnimoMotion
import AnimoGeometry

final class SceneResolver {
    struct ScopedAnimation {
        var modifier: AnimationModifier
        var frame: [Double]
        var path: String
    }

    struct Scope {
        /// Slot values with this instance's loop bindings (t and state are filled per use).
        var frame: [Double]
        /// Enclosing animators, outermost first.
        var animators: [RAnimator] = []
        /// Applicable `animation` modifiers, innermost first.
        var animations: [ScopedAnimation] = []
        /// Inside `canvas` content: drawing is immediate (no property animation, no transitions).
        var immediate = false
        /// Environment: the foreground style and font set by enclosing `foregroundStyle` and
        /// `font` modifiers (nil: the scheme's primary, and `.body`).
        var foreground: RPaint? = nil
        var font: SpecFont? = nil
        /// The `tint` modifier's colour (nil: accentColor).
        var tint: RColor? = nil
        /// Inside a layout container (docs/spec.md, "Layout"): groups, repeats, ifs and animators
        /// are transparent and pass their modifiers to each child.
        var inLayout = false
        /// The enclosing `if`s and `forEach` elements whose presence events animate, outermost
        /// first: a conditional inside them changes with them (`presenceTrack`).
        var enclosingPresence: [PresenceCondition] = []
    }

    /// A condition of the state under which enclosing content is present, read with its instance's
    /// loop bindings.
    struct PresenceCondition {
        var condition: SpecExpression
        var frame: [Double]
    }

    let spec: Spec
    let states: StateTimeline
    var tracks: [PropertyTrack] = []
    var issues: [ResolveIssue] = []
    var diagnostics: [RenderDiagnostic] = []
    /// The node being resolved (for diagnostics found while resolving its numbers).
    var currentPath = ""
    /// Instances checked per node path and expression for array indices out of range (−1 once
    /// reported).
    var indexChecks: [String: Int] = [:]
    /// Every shader modifier of the spec, once per JSON path, for the renderer's check.
    var shaderUses: [ShaderUse] = []
    /// Component animations set off by events (symbol effects), for the key poses.
    var componentTransitions: [ComponentTransition] = []
    /// For each track, whether it is a presence or canvas variable (used as a value, not an offset).
    let horizon: Double

    /// Every node instance with gesture handlers, in the order resolved.
    var interactive: [RInteraction] = []

    /// Natural pixel sizes of the spec's PNG images, by file name (read by the renderer).
    var imageSizes: [String: Size] = [:]

    /// Slots the layout fills per frame (geometry readers' values).
    let layoutSlots: Set<Int>

    init(spec: Spec, imageSizes: [String: Size] = [:]) {
        self.spec = spec
        self.imageSizes = imageSizes
        states = StateTimeline(spec: spec)
        horizon = spec.duration + 1
        layoutSlots = Set(spec.slots.indices.filter { spec.slots[$0].kind == .layout })
    }

    func resolveContent() -> [RNode] {
        let scope = Scope(frame: spec.initialFrame())
        return spec.content.map { resolve($0, scope) }
    }

    /// `canvas.background`: a literal, or an expression's channels (animated by the state's
    /// changes as any number of the content is).
    func background() -> RColor {
        guard let e = spec.canvas.computedBackground else { return .constant(color(spec.canvas.background)) }
        return colorChannels(e, Scope(frame: spec.initialFrame()))
    }

    // MARK: Numbers and tracks

    /// Evaluates `expr` with the clock at t, the state `state` and the animators at t.
    func model(_ expr: SpecExpression, _ scope: Scope, t: Double, state: [Double]) -> Double {
        var f = scope.frame
        f[0] = spec.clock(at: t)
        states.write(state: state, into: &f)
        for a in scope.animators { a.write(at: t, into: &f) }
        return expr.evaluate(f)
    }

    func stateSlotsRead(_ slots: [Int]) -> Bool { slots.contains { states.slots.contains($0) } }

    func number(_ n: SpecNumber, _ scope: Scope) -> RNumber {
        switch n {
        case .constant(let d): return .constant(d)
        case .expression(let e):
            if let c = e.constantValue { return .constant(c) }
            if e.indexesArrays { checkIndices(e, scope) }
            guard !scope.immediate, stateSlotsRead(e.slots) else { return .direct(e) }
            // A value that depends on the layout (a geometry reader's size) is not known here: its
            // jumps are evaluated every frame, each animated by a unit track (ResolvedNode.swift).
            if !layoutSlots.isDisjoint(with: e.slots) { return layoutDependent(e, scope) }
            let initial = model(e, scope, t: 0, state: states.initial)
            guard initial.isFinite else { return .direct(e) }
            var track = PropertyTrack(initial: initial)
            var target = initial
            let read = Set(e.slots)
            for (k, ev) in states.events.enumerated() where !ev.changedSlots.isDisjoint(with: read) {
                let before = model(e, scope, t: ev.time, state: states.state(after: k == 0 ? nil : k - 1))
                let after = model(e, scope, t: ev.time, state: states.stateAfter[k])
                let jump = after - before
                guard jump.isFinite, jump != 0 else { continue }
                target += jump
                let anim = animation(for: k, scope)
                do {
                    try track.motion.set(.scalar(target), at: ev.time, animation: anim)
                    track.eventOfChange.append(ev.index)
                } catch {
                    continue
                }
            }
            if track.motion.changes.isEmpty { return .direct(e) }
            tracks.append(track)
            return .animated(e, tracks.count - 1)
        }
    }

    /// Reports, once per node and expression, an array index computed outside its array (it is
    /// clamped): checked for this instance at every frame time (at most 600 of them) with the state
    /// in force then, and just after each event.
    func checkIndices(_ e: SpecExpression, _ scope: Scope) {
        let key = currentPath + "\u{0}" + e.source
        // At most 64 instances of a node are checked, so a large repeat costs little.
        let checked = indexChecks[key, default: 0]
        guard checked >= 0, checked < 64 else { return }
        indexChecks[key] = checked + 1
        // An index of loop variables alone is the same at every time.
        let varies = e.slots.contains(0) || stateSlotsRead(e.slots) || !scope.animators.isEmpty
        let frames = varies ? max(1, min(600, spec.frameCount)) : 1
        var times: [(Double, [Double])] = []
        for k in 0..<frames {
            let t = frames == 1 ? 0 : spec.duration * Double(k) / Double(frames - 1)
            times.append((t, states.state(after: states.lastEvent(at: t))))
        }
        if varies { for (k, ev) in states.events.enumerated() { times.append((ev.time, states.stateAfter[k])) } }
        for (t, state) in times {
            var f = scope.frame
            f[0] = spec.clock(at: t)
            states.write(state: state, into: &f)
            for a in scope.animators { a.write(at: t, into: &f) }
            if e.clampsIndex(f) {
                indexChecks[key] = -1  // reported
                diagnostics.append(RenderDiagnostic(feature: "index", path: currentPath, message: "\(e) reads an array outside its elements at t = \(formatNumber(t)) s (for at least one instance); the index is clamped to the first or last element"))
                return
            }
        }
    }

    /// A layout-dependent number: one unit track per event that changes the state it reads.
    func layoutDependent(_ e: SpecExpression, _ scope: Scope) -> RNumber {
        let read = Set(e.slots)
        var jumps: [LayoutJump] = []
        for (k, ev) in states.events.enumerated() where !ev.changedSlots.isDisjoint(with: read) {
            var track = PropertyTrack(initial: 0)
            do {
                try track.motion.set(.scalar(1), at: ev.time, animation: animation(for: k, scope))
            } catch { continue }
            track.eventOfChange.append(ev.index)
            tracks.append(track)
            jumps.append(LayoutJump(track: tracks.count - 1, before: states.state(after: k == 0 ? nil : k - 1), after: states.stateAfter[k]))
        }
        return jumps.isEmpty ? .direct(e) : .layoutDependent(e, jumps)
    }

    /// A track whose value is used directly: `value(S)` evaluated at each event.
    func valueTrack(_ scope: Scope, reads: Set<Int>, _ value: ([Double]) -> Double) -> Int? {
        var track = PropertyTrack(initial: value(states.initial))
        var current = value(states.initial)
        for (k, ev) in states.events.enumerated() where !ev.changedSlots.isDisjoint(with: reads) {
            let v = value(states.stateAfter[k])
            guard v.isFinite, v != current else { continue }
            current = v
            do {
                try track.motion.set(.scalar(v), at: ev.time, animation: animation(for: k, scope))
                track.eventOfChange.append(ev.index)
            } catch { continue }
        }
        tracks.append(track)
        return tracks.count - 1
    }

    /// The animation a property in `scope` uses for event k (see the file header). None when the
    /// content is absent just before the event (an enclosing `if` or `forEach` element does not
    /// hold): content the event inserts, or inserts later, has no old value to animate from and
    /// takes the new one at once (docs/semantics.md §325).
    func animation(for k: Int, _ scope: Scope) -> Animation? {
        let ev = states.events[k]
        if !scope.enclosingPresence.isEmpty {
            let before = states.state(after: k == 0 ? nil : k - 1)
            for c in scope.enclosingPresence {
                var f = c.frame
                states.write(state: before, into: &f)
                if c.condition.evaluate(f) == 0 { return nil }
            }
        }
        var frame = scope.frame
        frame[0] = spec.clock(at: ev.time)
        states.write(state: states.stateAfter[k], into: &frame)
        for m in scope.animations {
            var applies = (m.modifier.values.isEmpty && m.modifier.expressions.isEmpty) || m.modifier.values.contains { ev.changedSlots.contains($0.slot) }
            if !applies, !m.modifier.expressions.isEmpty {
                // A computed value: the change applies when the value differs before and after it.
                var before = m.frame, after = m.frame
                before[0] = spec.clock(at: ev.time)
                after[0] = before[0]
                states.write(state: states.state(after: k > 0 ? k - 1 : nil), into: &before)
                states.write(state: states.stateAfter[k], into: &after)
                applies = m.modifier.expressions.contains { $0.value(before) != $0.value(after) }
            }
            guard applies else { continue }
            guard let a = m.modifier.animation else { return nil }
            var f = m.frame
            f[0] = spec.clock(at: ev.time)
            states.write(state: states.stateAfter[k], into: &f)
            return mapped(a, f, m.path)
        }
        guard let a = ev.spec.animation else { return nil }
        return mapped(a, frame, ev.spec.path + ".animation")
    }

    func mapped(_ a: SpecAnimation, _ frame: [Double], _ path: String) -> Animation? {
        do {
            return try a.motionAnimation(frame: frame, path: path)
        } catch {
            if !issues.contains(where: { $0.path == error.path }) { issues.append(error) }
            return nil
        }
    }

    // MARK: Nodes

    func animationModifiers(_ node: SpecNode, after index: Int, _ scope: Scope) -> [ScopedAnimation] {
        var list: [ScopedAnimation] = []
        for (j, m) in node.modifiers.enumerated() where j > index {
            if case .animation(let a) = m {
                list.append(ScopedAnimation(modifier: a, frame: scope.frame, path: "\(node.path).modifiers[\(j)].animation"))
            }
        }
        return list + scope.animations
    }

    /// The environment a node's own modifiers set for its content: each `font` or
    /// `foregroundStyle` applies to what it wraps, so the first one listed (the innermost) wins.
    func environment(_ node: SpecNode, _ scope: inout Scope) {
        for m in node.modifiers.reversed() {
            switch m {
            case .font(let f): scope.font = f.over(scope.font)
            case .foregroundStyle(let p): scope.foreground = paint(p, scope)
            case .tint(let c): scope.tint = colorValue(c, scope)
            default: break
            }
        }
    }

    func resolve(_ node: SpecNode, _ outer: Scope, bindings: [SlotBinding] = []) -> RNode {
        let enclosingPath = currentPath
        currentPath = node.path
        defer { currentPath = enclosingPath }
        var scope = outer
        for b in bindings { scope.frame[b.slot] = b.value }
        environment(node, &scope)
        var inner = scope
        inner.animations = animationModifiers(node, after: -1, scope)
        let kind: RNode.Kind
        switch node.kind {
        case .shape(let s):
            kind = .shape(shapeNode(s, node.path, inner))
        case .group(let children):
            kind = .group(children.map { resolve($0, inner) })
        case .repeat(let r):
            // ForEach: the repeat's modifiers apply to each element (one instance per index).
            var instances: [RNode] = []
            var rankTracks: [Int] = []
            for i in 0..<max(0, r.count) {
                var s = scope
                s.frame[r.slot] = r.value(i)
                var si = s
                si.animations = animationModifiers(node, after: -1, s)
                if let ranks = r.ranks, let presence = r.presence, !si.immediate {
                    rankTracks.append(rankTrack(ranks[i], presence: presence[i], instanceView(r.content, s.frame), si))
                }
                var ci = si
                if let p = r.presence, !si.immediate { ci.enclosingPresence.append(PresenceCondition(condition: p[i], frame: si.frame)) }
                let content = r.content.map { resolve($0, ci) }
                // forEach: each element is present while its id is in the state array.
                let kind: RNode.Kind = r.presence.map {
                    .conditional(presenceConditional($0[i], r.transition, si, path: node.path + ".forEach.transition", content: content))
                } ?? .group(content)
                instances.append(RNode(kind: kind, bindings: [SlotBinding(slot: r.slot, value: r.value(i))],
                                       modifiers: modifiers(node, s), path: "\(node.path)[\(i)]"))
            }
            checkWrapperModifiers(node, scope)
            var group = RNode(kind: .group(instances), bindings: bindings, modifiers: [], path: node.path)
            if rankTracks.count == instances.count, !rankTracks.isEmpty {
                group.reorder = rankTracks
                group.reorderIDs = (r.array ?? "", (0..<instances.count).map { Int(r.value($0)) })
            }
            return group
        case .conditional(let c):
            kind = .conditional(conditional(c, node, inner))
        case .canvas(let c):
            var animatable: [(slot: Int, track: Int)] = []
            if !inner.immediate {
                for v in c.animatable {
                    let j = states.slots.firstIndex(of: v.slot)
                    if let j, let tr = valueTrack(inner, reads: [v.slot], { $0[j] }) { animatable.append((v.slot, tr)) }
                }
            }
            var cs = inner
            cs.immediate = true
            cs.inLayout = false
            kind = .canvas(RCanvas(animatable: animatable, filterNames: c.filters.enumerated().map { ($1.name, "\(node.path).canvas.filters[\($0)]") },
                                   content: c.content.map { resolve($0, cs) }, filters: filters(c.filters, cs)))
        case .phaseAnimator(let p):
            kind = phaseAnimator(p, node, inner)
        case .keyframeAnimator(let k):
            kind = keyframeAnimator(k, node, inner)
        case .pathLoader(let l):
            kind = pathLoader(l, node, inner)
        case .symbol(let sy):
            kind = symbol(sy, node, inner)
        case .text(let tx):
            kind = text(tx, node, inner)
        case .image(let im):
            kind = image(im, node, inner)
        case .layout(let l):
            kind = .layout(layout(l, node, inner))
        case .metaball(let m):
            // Resolved as the equivalent goo canvas (Components/MetaballCanvas.swift).
            var canvas = node
            canvas.kind = m.canvasKind(path: node.path)
            return resolve(canvas, outer, bindings: bindings)
        }
        var r = RNode(kind: kind, bindings: bindings, modifiers: modifiers(node, scope), path: node.path)
        r.isLayoutView = isLayoutView(node)
        let interactiveGlass = node.modifiers.contains { if case .glassEffect(let g) = $0 { return g.interactive } else { return false } }
        if node.handlers != nil || interactiveGlass {
            let loops = spec.slots.indices.filter { spec.slots[$0].kind == .loop }.map { formatNumber(scope.frame[$0]) }
            let key = loops.isEmpty ? node.path : node.path + "|" + loops.joined(separator: ",")
            var ia = RInteraction(key: key, handlers: node.handlers ?? SpecGestureHandlers(), frame: scope.frame, path: node.path)
            ia.interactiveGlass = interactiveGlass
            r.interaction = ia
            interactive.append(ia)
        }
        checkWrapperModifiers(node, scope)
        return r
    }

    func triggerTimes(_ refs: [StateReference]) -> [Double] {
        let slots = Set(refs.map(\.slot))
        return states.events.filter { !$0.changedSlots.isDisjoint(with: slots) }.map(\.time)
    }

    func phaseAnimator(_ p: PhaseAnimatorNode, _ node: SpecNode, _ scope: Scope) -> RNode.Kind {
        let names = p.variables.map(\.name)
        let phases: [[String: AnimatableVector]] = p.phases.map { ph in
            Dictionary(uniqueKeysWithValues: zip(names, ph.values.map { AnimatableVector.scalar($0) }))
        }
        var f = scope.frame
        states.write(state: states.initial, into: &f)
        let anims: [Animation?] = p.phases.enumerated().map { (i, ph) in
            ph.animation.flatMap { mapped($0, f, "\(node.path).phaseAnimator.phases[\(i)].animation") }
        }
        do {
            let a = try PhaseAnimator(phases: phases, animations: anims,
                                      triggers: p.trigger.isEmpty ? nil : triggerTimes(p.trigger), horizon: horizon)
            let r = RAnimator.phases(a, names: names, slots: p.variables.map(\.slot))
            var inner = scope
            inner.animators.append(r)
            return .animator(r, p.content.map { resolve($0, inner) })
        } catch {
            issues.append(ResolveIssue(path: node.path + ".phaseAnimator", message: "\(error)"))
            return .unsupported("phaseAnimator")
        }
    }

    func keyframeAnimator(_ k: KeyframeAnimatorNode, _ node: SpecNode, _ scope: Scope) -> RNode.Kind {
        var f = scope.frame
        states.write(state: states.initial, into: &f)
        var initial: [String: AnimatableVector] = [:]
        var tracks: [KeyframeTrack] = []
        do {
            for tr in k.tracks {
                initial[tr.variable.name] = .scalar(tr.initial)
                var frames: [Keyframe] = []
                for (ki, kf) in tr.keyframes.enumerated() {
                    // `tracks` is an object of arrays keyed by value name: `tracks.y[0]`.
                    let path = "\(node.path).keyframeAnimator.tracks.\(tr.variable.name)[\(ki)]"
                    do {
                        frames.append(try kf.motionKeyframe(f))
                    } catch let e as MotionError {
                        throw ResolveIssue(path: kf.jsonPath(of: e.parameter, at: path), message: e.message)
                    } catch {
                        throw ResolveIssue(path: path, message: "\(error)")
                    }
                }
                tracks.append(KeyframeTrack(tr.variable.name, frames))
            }
            let playback: KeyframeAnimator.Playback = k.repeating ? .repeating : .triggered(times: k.trigger.isEmpty ? [0] : triggerTimes(k.trigger))
            let a = try KeyframeAnimator(initialValues: initial, tracks: tracks, playback: playback)
            let r = RAnimator.keyframes(a, names: k.tracks.map(\.variable.name), slots: k.tracks.map(\.variable.slot))
            var inner = scope
            inner.animators.append(r)
            return .animator(r, k.content.map { resolve($0, inner) })
        } catch let e as ResolveIssue {
            issues.append(e)
        } catch {
            issues.append(ResolveIssue(path: node.path + ".keyframeAnimator", message: "\(error)"))
        }
        return .unsupported("keyframeAnimator")
    }

    func conditional(_ c: ConditionalNode, _ node: SpecNode, _ scope: Scope) -> RConditional {
        var expr: SpecExpression? = nil
        var constant = true
        switch c.condition {
        case .constant(let d): constant = d != 0
        case .expression(let e):
            if let v = e.constantValue { constant = v != 0 } else { expr = e }
        }
        var presence: Int? = nil
        var inner = scope
        if let e = expr, !scope.immediate, e.slots.allSatisfy({ states.slots.contains($0) }) {
            presence = presenceTrack(e, scope)
            inner.enclosingPresence.append(PresenceCondition(condition: e, frame: scope.frame))
        }
        let tr = transition(c.transition ?? .opacity, scope, path: node.path + ".if.transition")
        return RConditional(condition: expr, constantCondition: constant, presence: presence, transition: tr,
                            content: c.content.map { resolve($0, inner) })
    }

    /// The track of a condition of the state: 1 while the content is present, 0 while not; its
    /// target is what the evaluator draws (SceneEvaluator.presence).
    ///
    /// As SwiftUI inserts and removes a view with its whole subtree (docs/semantics.md §292): at an
    /// event that inserts an enclosing `if` (or `forEach` element), this one takes its new value
    /// at once, without a transition of its own; while an enclosing one is absent (removed by the
    /// event, or still absent), this one keeps the value it had, so that content being removed is
    /// shown as it was. Only while every enclosing one is present before and after an event does
    /// this one animate its own change.
    func presenceTrack(_ e: SpecExpression, _ scope: Scope) -> Int? {
        func holds(_ c: SpecExpression, _ frame: [Double], _ s: [Double]) -> Bool {
            var f = frame
            states.write(state: s, into: &f)
            return c.evaluate(f) != 0
        }
        let enclosing = scope.enclosingPresence
        func enclosingPresent(_ s: [Double]) -> Bool { enclosing.allSatisfy { holds($0.condition, $0.frame, s) } }
        var reads = Set(e.slots)
        for c in enclosing { reads.formUnion(c.condition.slots) }
        var current: Double = holds(e, scope.frame, states.initial) ? 1 : 0
        var track = PropertyTrack(initial: current)
        for (k, ev) in states.events.enumerated() where !ev.changedSlots.isDisjoint(with: reads) {
            let after = states.stateAfter[k]
            guard enclosingPresent(after) else { continue }
            let v: Double = holds(e, scope.frame, after) ? 1 : 0
            guard v != current else { continue }
            do {
                // Not animated when an enclosing one is absent before the event (`animation(for:)`).
                try track.motion.set(.scalar(v), at: ev.time, animation: animation(for: k, scope))
                track.eventOfChange.append(ev.index)
                current = v
            } catch { continue }
        }
        tracks.append(track)
        return tracks.count - 1
    }

    /// A `forEach` element: present while `condition` (its id is in the array) holds.
    func presenceConditional(_ condition: SpecExpression, _ t: SpecTransition?, _ scope: Scope, path: String, content: [RNode]) -> RConditional {
        RConditional(condition: condition, constantCondition: false, presence: scope.immediate ? nil : presenceTrack(condition, scope),
                     transition: transition(t ?? .opacity, scope, path: path), content: content)
    }

    /// - Parameter path: the transition's JSON path, for errors in a custom transition's modifiers.
    func transition(_ t: SpecTransition, _ scope: Scope, path: String) -> RTransition {
        var direct = scope
        direct.immediate = true
        switch t {
        case .identity: return .identity
        case .opacity: return .opacity
        case .scale(let s, let a): return .scale(number(s, direct), anchor: a)
        case .move(let e): return .move(e)
        case .offset(let x, let y): return .offset(number(x, direct), number(y, direct))
        case .slide: return .asymmetric(insertion: .move(.leading), removal: .move(.trailing))
        case .push(let e):
            let opposite: SpecEdge = e == .top ? .bottom : e == .bottom ? .top : e == .leading ? .trailing : .leading
            return .asymmetric(insertion: .combined([.move(e), .opacity]), removal: .combined([.move(opposite), .opacity]))
        case .asymmetric(let i, let r):
            return .asymmetric(insertion: transition(i, scope, path: path + ".asymmetric.insertion"),
                               removal: transition(r, scope, path: path + ".asymmetric.removal"))
        case .combined(let list): return .combined(list.enumerated().map { transition($1, scope, path: "\(path).combined[\($0)]") })
        case .custom(let a, let i):
            // Not a node: effect modifiers are skipped (an empty node path), and a modifier's own
            // errors (a clip's path data) are placed at `custom.active[j]` / `custom.identity[j]`.
            let fake = SpecNode(kind: .group([]), modifiers: [], about: nil, path: "")
            return .custom(active: a.enumerated().map { modifier($1, fake, $0, direct, path: "\(path).custom.active[\($0)]") },
                           identity: i.enumerated().map { modifier($1, fake, $0, direct, path: "\(path).custom.identity[\($0)]") })
        }
    }

    // MARK: Shapes, paints, modifiers

    func color(_ c: SpecColor) -> Color { Color(red: c.red, green: c.green, blue: c.blue, alpha: c.opacity) }

    /// A gradient whose computed stops read loop variables and the state (checked at load): fixed
    /// when they read no state, else the gradient after each state change that alters it, each
    /// change animated by a unit track with the change's animation (GradientTimeline.swift).
    func gradient(_ g: SpecGradient, _ scope: Scope) -> RGradient {
        var read = Set<Int>()
        for s in g.stops {
            if let e = s.computedColor { for c in e.channels { read.formUnion(c.slots) } }
            if let e = s.computedLocation { read.formUnion(e.slots) }
        }
        func at(_ state: [Double]) -> Gradient {
            var f = scope.frame
            states.write(state: state, into: &f)
            return gradient(g, frame: f)
        }
        guard stateSlotsRead(Array(read)) else { return .constant(at(states.initial)) }
        var timeline = GradientTimeline(initial: at(states.initial))
        var current = timeline.initial
        for (k, ev) in states.events.enumerated() where !ev.changedSlots.isDisjoint(with: read) {
            let after = at(states.stateAfter[k])
            guard after != current else { continue }
            timeline.steps.append((ev.time, after))
            defer { current = after }
            guard !scope.immediate, let anim = animation(for: k, scope) else { continue }
            var track = PropertyTrack(initial: 0)
            do {
                try track.motion.set(.scalar(1), at: ev.time, animation: anim)
            } catch { continue }
            track.eventOfChange.append(ev.index)
            tracks.append(track)
            timeline.changes.append(GradientTimeline.Change(track: tracks.count - 1, before: current, after: after))
        }
        return timeline.steps.isEmpty ? .constant(timeline.initial) : .stateful(timeline)
    }

    /// A gradient with its computed stops evaluated in `frame` (this instance's loop variables and
    /// one state).
    func gradient(_ g: SpecGradient, frame: [Double]) -> Gradient {
        var stops: [Gradient.Stop] = []
        for s in g.stops {
            var c = color(s.color)
            if let e = s.computedColor {
                let v = e.channels.map { $0.value(frame) }
                c = SceneEvaluator.encodedColor(v[0], v[1], v[2], v[3])
            }
            var location = s.location
            if let e = s.computedLocation {
                location = e.evaluate(frame)
                let previous = stops.last?.location ?? 0
                if !(location >= previous && location <= 1) {
                    let message = "the stop's location evaluates to \(formatNumber(location)) for this instance (with the state at some time); expected a number in [\(formatNumber(previous)), 1] (in 0…1, not below the stop before)"
                    if !issues.contains(where: { $0.path == s.path + ".location" }) { issues.append(ResolveIssue(path: s.path + ".location", message: message)) }
                    location = location.isNaN ? previous : min(max(location, previous), 1)
                }
            }
            stops.append(Gradient.Stop(color: c, location: location))
        }
        return Gradient(stops: stops)
    }

    func paint(_ p: SpecPaint, _ scope: Scope) -> RPaint {
        switch p {
        case .color(let c): return .color(color(c))
        case .colorExpression(let e): return .channels(number(e.red, scope), number(e.green, scope), number(e.blue, scope), number(e.opacity, scope))
        case .linearGradient(let g, let s, let e): return .linear(gradient(g, scope), start: s, end: e)
        case .radialGradient(let g, let c, let r0, let r1): return .radial(gradient(g, scope), center: c, startRadius: number(r0, scope), endRadius: number(r1, scope))
        case .angularGradient(let g, let c, let a0, let a1): return .angular(gradient(g, scope), center: c, startAngle: number(a0, scope), endAngle: number(a1, scope))
        case .material(let m): return .material(DisplayMaterial.recipe(m, env.colorScheme))
        case .tint:
            switch scope.tint {
            case .constant(let c)?: return .color(c)
            case .channels(let r, let g, let b, let a)?: return .channels(r, g, b, a)
            case nil: return .color(color(SpecColor.named("accentColor", scheme: env.colorScheme, systemColors: env.systemColors) ?? .black))
            }
        }
    }

    func style(_ s: CornerStyle) -> RoundedCornerStyle { s == .continuous ? .continuous : .circular }

    func shape(_ s: SpecShape, _ path: String, _ scope: Scope) -> RShape {
        let kind: RShapeKind
        switch s.kind {
        case .circle: kind = .circle
        case .ellipse: kind = .ellipse
        case .rectangle: kind = .rectangle
        case .roundedRectangle(let r, let st): kind = .roundedRectangle(number(r, scope), style(st))
        case .capsule(let st): kind = .capsule(style(st))
        case .path(let d):
            do {
                let p = try Path(svg: d)
                kind = .path(p, bounds: p.tightBounds ?? Rect(x: 0, y: 0, width: 0, height: 0))
            } catch let e as SVGPathError {
                issues.append(ResolveIssue(path: path + ".path.d", message: "bad SVG path data: \(e.message) at column \(e.column) of the path data"))
                kind = .path(Path(), bounds: .zero)
            } catch {
                issues.append(ResolveIssue(path: path + ".path.d", message: "bad SVG path data: \(error)"))
                kind = .path(Path(), bounds: .zero)
            }
        case .star(let n, let inner, let rot): kind = .star(points: n, inner: number(inner, scope), rotation: number(rot, scope))
        case .polygon(let n, let rot): kind = .polygon(sides: n, rotation: number(rot, scope))
        case .custom(let use):
            kind = .custom(use.template, zip(use.template.parameters, use.arguments).map { p, a in
                p.isAnimatable ? number(a, scope) : jumping(a, scope)
            })
        }
        let frame: RFrame
        switch s.frame {
        case .rect(let r)?: frame = .rect(number(r.x, scope), number(r.y, scope), number(r.width, scope), number(r.height, scope))
        case .circle(let c, let r)?: frame = .circle(number(c.x, scope), number(c.y, scope), radius: number(r, scope))
        case nil: frame = .enclosing
        }
        return RShape(kind: kind, frame: frame, pixelAligned: s.pixelAligned)
    }

    /// A number that takes its new value at once when the state changes (a shape template's
    /// parameter outside its `animatableData`).
    func jumping(_ n: SpecNumber, _ scope: Scope) -> RNumber {
        switch n {
        case .constant(let d): return .constant(d)
        case .expression(let e):
            if let c = e.constantValue { return .constant(c) }
            if e.indexesArrays { checkIndices(e, scope) }
            return .direct(e)
        }
    }

    func stroke(_ st: SpecStroke, _ scope: Scope) -> RStroke {
        RStroke(paint: paint(st.paint, scope), lineWidth: number(st.lineWidth, scope),
                lineCap: LineCap(rawValue: st.lineCap.rawValue) ?? .butt, lineJoin: LineJoin(rawValue: st.lineJoin.rawValue) ?? .miter,
                miterLimit: st.miterLimit, dash: st.dash.map { number($0, scope) }, dashPhase: number(st.dashPhase, scope))
    }

    func shapeNode(_ s: ShapeNode, _ path: String, _ scope: Scope) -> RShapeNode {
        var node = RShapeNode(shape: shape(s.shape, path, scope), fill: s.fill.map { paint($0, scope) }, stroke: s.stroke.map { stroke($0, scope) },
                              trim: s.trim.map { (number($0.from, scope), number($0.to, scope)) },
                              foreground: scope.foreground ?? .color(color(SpecColor.foreground(env.colorScheme))))
        node.strokeBorder = s.strokeBorder.map { stroke($0, scope) }
        node.outline = s.outline.map { stroke($0, scope) }
        return node
    }

    func modifiers(_ node: SpecNode, _ scope: Scope) -> [RModifier] {
        node.modifiers.enumerated().map { (j, m) in
            var s = scope
            s.animations = animationModifiers(node, after: j, scope)
            return modifier(m, node, j, s)
        }
    }

    /// - Parameter jsonPath: the modifier's JSON path when it is not `node.modifiers[j]`.
    func modifier(_ m: SpecModifier, _ node: SpecNode, _ j: Int, _ s: Scope, path jsonPath: String? = nil) -> RModifier {
        let path = jsonPath ?? "\(node.path).modifiers[\(j)]"
        switch m {
        case .offset(let x, let y): return .offset(number(x, s), number(y, s))
        case .position(let x, let y): return .position(number(x, s), number(y, s))
        case .scaleEffect(let x, let y, let a): return .scale(number(x, s), number(y, s), anchor: a)
        case .rotationEffect(let d, let a): return .rotation(number(d, s), anchor: a)
        case .rotation3DEffect(let d, let axis, let a, let z, let p): return .rotation3D(number(d, s), axis: axis, anchor: a, anchorZ: number(z, s), perspective: number(p, s))
        case .opacity(let o): return .opacity(number(o, s))
        case .blendMode(let b): return .blendMode(BlendMode(rawValue: b.rawValue) ?? .normal)
        case .clipShape(let sh): return .clip(shape(sh, path + ".clipShape", s))
        case .mask(let n):
            var absolute = s
            absolute.inLayout = false
            return .mask(resolve(n, absolute))
        case .animation: return .skip(name: "animation", path: path)
        case .glassEffect(let g):
            // A computed tint is written into the recipe per frame; its placeholder only marks it tinted.
            let tint = g.tint.map { colorValue($0, s) }
            var placeholder: Color? = nil
            if case .constant(let c)? = tint { placeholder = c } else if tint != nil { placeholder = Color(red: 0, green: 0, blue: 0, alpha: 0) }
            guard let recipe = DisplayGlass.recipe(g.variant, tint: placeholder, env.colorScheme) else { return .skip(name: m.name, path: path) }
            if case .channels? = tint { return .glass(recipe, g.shape, isEnabled: g.isEnabled.map { number($0, s) }, tint: tint) }
            return .glass(recipe, g.shape, isEnabled: g.isEnabled.map { number($0, s) }, tint: nil)
        case .glassEffectContainer(let spacing): return .glassContainer(spacing: spacing)
        case .glassEffectUnion(let id): return .glassUnion(id)
        case .glassEffectID(let id): return .glassID(id)
        case .glassEffectTransition(let t): return .glassTransition(t)
        case .font, .foregroundStyle, .tint: return .skip(name: m.name, path: path)  // environment, read by `environment(_:_:)`
        case .frame, .padding, .aspectRatio, .background, .overlay, .clipped, .zIndex, .ignoresSafeArea, .fixedSize, .layoutPriority, .gridCellColumns:
            return .layout(layoutModifier(m, s))
        default:
            if !node.path.isEmpty, let e = effectModifier(m, path: path, s) { return .effect(e) }
            if Self.effectModifierNames.contains(m.name) { return .skip(name: m.name, path: path) }
            if !node.path.isEmpty {
                diagnostics.append(RenderDiagnostic(feature: "modifier:" + m.name, path: path, message: "not drawn by this renderer; skipped"))
            }
            return .skip(name: m.name, path: path)
        }
    }
}
