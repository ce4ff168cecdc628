// The `symbol` component: a glyph from the built-in library (SymbolLibrary) or custom SVG path
// data, drawn at `pointSize` (the em box) with a stroke width from `weight`, and one symbol effect
// (SymbolEffectClock.swift for timing).
//
// Layout: the symbol's frame is the pointSize × pointSize square centred on the canvas (a lone
// Image in a full-screen stack is centred); `position`, `offset` and the other geometry
// modifiers move it as for any node.
//
// Draw effects. The visibility progress P (SymbolEffectClock) maps to per-layer trace fractions:
// `wholeSymbol` traces every layer together, `individually` one layer after another in draw
// order (each layer's share of the time proportional to its length: a pen at constant speed),
// `byLayer` (the default, docs/semantics.md §76) starts each layer `layerStagger` of a layer's
// duration after the previous one. Each fraction goes through SwiftUI's easeInOut curve; a
// layer at fraction f draws its first f of arc length (so drawOff, the time reverse, retracts it
// back to its start). Fill glyphs have no stroke to trace: they appear and disappear at once
// when the target changes, and the resolver warns about it (as the skill does).
//
// Other effects are transforms about the glyph's anchor in em space or layer opacities; their
// shapes (hump heights, swing angles) are this renderer's choices, documented beside each.
import AnimoSpec
import Foundation
import AnimoMotion
import AnimoGeometry

/// A resolved symbol effect.
struct RSymbolEffect: Sendable {
    var kind: SymbolEffect.Kind
    var choices: [String: String]
    /// Seconds per cycle (base / speed).
    var cycle: Double
    var reversing: Bool
    var hideInactive: Bool
    var draw: DrawTimeline?
    var drive: SymbolEffectDrive?
    /// For `replace`: whether `to` shows before any swap, and the swaps.
    var replace: (initialTo: Bool, swaps: [(time: Double, to: Bool)])?
}

/// A symbol resolved for one instance.
struct RSymbol: Sendable {
    var glyph: SymbolGlyph
    var lengths: [Double]
    var measures: [PathMeasure]
    /// The `replace` target glyph.
    var alternate: (glyph: SymbolGlyph, lengths: [Double], measures: [PathMeasure])?
    var pointSize: RNumber
    /// Stroke width in em.
    var strokeWidth: Double
    /// A colour expression's channels animate as a fill's; evaluated once per frame.
    var color: RColor
    var effect: RSymbolEffect?
}

extension SceneResolver {
    /// The value of a condition at t = 0 with the initial state and after every event that
    /// changes it (expressions of state; a `t` term is read at the event times only).
    func conditionChanges(_ n: SpecNumber, _ scope: Scope) -> (initial: Bool, changes: [(time: Double, event: Int, value: Bool)]) {
        guard case .expression(let e) = n else { return (n.constantValue.map { $0 != 0 } ?? false, []) }
        var current = model(e, scope, t: 0, state: states.initial) != 0
        let initial = current
        var out: [(Double, Int, Bool)] = []
        for (k, ev) in states.events.enumerated() {
            let v = model(e, scope, t: ev.time, state: states.stateAfter[k]) != 0
            if v != current { out.append((ev.time, ev.index, v)); current = v }
        }
        return (initial, out)
    }

    func triggers(_ refs: [StateReference]) -> [(time: Double, event: Int)] {
        let slots = Set(refs.map(\.slot))
        return states.events.filter { !$0.changedSlots.isDisjoint(with: slots) }.map { ($0.time, $0.index) }
    }

    static func measured(_ g: SymbolGlyph) -> (lengths: [Double], measures: [PathMeasure]) {
        let m = g.strokes.map { PathMeasure($0) }
        return (m.map(\.length), m)
    }

    /// The symbol's own colour, else the foreground style when it is a colour (literal or
    /// computed), else the scheme's primary (black in light mode, as v1 drew).
    func symbolColor(_ s: SymbolNode, _ scope: Scope) -> RColor {
        if s.hasColor { return colorValue(s.color, scope) }
        return foregroundColor(scope)
    }

    /// The foreground style when it is a colour, literal or computed; else the scheme's primary.
    func foregroundColor(_ scope: Scope) -> RColor {
        switch scope.foreground {
        case .color(let c)?: return .constant(c)
        case .channels(let r, let g, let b, let a)?: return .channels(r, g, b, a)
        default: return .constant(color(SpecColor.foreground(env.colorScheme)))
        }
    }

    func symbol(_ s: SymbolNode, _ node: SpecNode, _ scope: Scope) -> RNode.Kind {
        let path = node.path + ".symbol"
        let glyph: SymbolGlyph
        if let d = s.pathData {
            do { glyph = try SymbolGlyph(svg: d) } catch let e as SVGPathError {
                issues.append(ResolveIssue(path: path + ".path", message: "bad SVG path data: \(e.message) at column \(e.column) of the path data"))
                return .unsupported("symbol")
            } catch {
                issues.append(ResolveIssue(path: path + ".path", message: "bad SVG path data: \(error)"))
                return .unsupported("symbol")
            }
        } else if let g = SymbolLibrary.glyph(named: s.name) {
            glyph = g
        } else {
            issues.append(ResolveIssue(path: path + ".name", message: "unknown symbol \(UserText.quoted(s.name))\(Suggestion.phrase(for: s.name, in: SymbolLibrary.names)); known symbols: \(SymbolLibrary.names.joined(separator: ", "))"))
            return .unsupported("symbol")
        }
        let (lengths, measures) = Self.measured(glyph)
        var r = RSymbol(glyph: glyph, lengths: lengths, measures: measures, alternate: nil, pointSize: number(s.pointSize, scope),
                        strokeWidth: s.weight.strokeWidth, color: symbolColor(s, scope), effect: nil)
        if let e = s.effect { r.effect = symbolEffect(e, glyph: glyph, name: s.pathData == nil ? s.name : "custom", &r, path: path + ".effect", scope) }
        return .symbol(r)
    }

    func symbolEffect(_ e: SymbolEffect, glyph: SymbolGlyph, name: String, _ r: inout RSymbol, path: String, _ scope: Scope) -> RSymbolEffect? {
        let speedValue = e.options["speed"].map { initialValue($0, scope) } ?? 1
        guard speedValue.isFinite, speedValue > 0 else {
            issues.append(ResolveIssue(path: "\(path).\(e.kind.rawValue).speed", message: "speed must be a positive multiplier (default 1), got \(formatNumber(speedValue))"))
            return nil
        }
        // docs/semantics.md §78: "very large/small values may be clamped"; clamp to 1/100…100.
        let speed = min(max(speedValue, 0.01), 100)
        let runs = max(e.options["repeatCount"].map { initialValue($0, scope) } ?? 1, 1)
        let reversing = (e.options["reversing"].map { initialValue($0, scope) } ?? 1) != 0
        let hide = (e.options["hideInactiveLayers"].map { initialValue($0, scope) } ?? 0) != 0
        let base: Double
        switch e.kind {
        case .drawOn, .drawOff: base = SymbolEffectTiming.draw
        case .bounce: base = SymbolEffectTiming.bounce
        case .pulse: base = SymbolEffectTiming.pulse
        case .breathe: base = SymbolEffectTiming.breathe
        case .wiggle: base = SymbolEffectTiming.wiggle
        case .rotate: base = SymbolEffectTiming.rotate
        case .variableColor:
            // A reversing cycle walks the layers forward then back (2n − 2 steps for n steps).
            let n = max(glyph.layerCount, 1)
            base = SymbolEffectTiming.variableColor * (reversing && n > 1 ? Double(2 * n - 2) / Double(n) : 1)
        case .replace: base = SymbolEffectTiming.replace
        }
        let cycle = base / speed
        var out = RSymbolEffect(kind: e.kind, choices: e.choices, cycle: cycle, reversing: reversing, hideInactive: hide)

        switch e.kind {
        case .drawOn, .drawOff:
            if glyph.isFill {
                diagnostics.append(RenderDiagnostic(feature: "symbol", path: path,
                    message: "\(UserText.quoted(name)) is a fill glyph with no stroke to trace: \(e.kind.rawValue) shows and hides it at once instead of drawing it (as on a device); use a stroke glyph such as \"heart\" or \"star\" for a pen trace"))
            }
            if let a = e.isActive {
                // isActive true = hidden (SwiftUI\'s inverted semantics).
                let c = conditionChanges(a, scope)
                var tl = DrawTimeline(initial: c.initial ? 0 : 1, duration: cycle)
                for ch in c.changes {
                    let end = tl.set(target: ch.value ? 0 : 1, at: ch.time)
                    componentTransitions.append(ComponentTransition(event: ch.event, start: ch.time, end: end))
                }
                out.draw = tl
            } else if !e.value.isEmpty {
                var tl = DrawTimeline(initial: 1, duration: cycle)
                for tr in triggers(e.value) {
                    if e.kind == .drawOn {
                        tl.changes.append(.init(time: tr.time, from: 0, target: 1))
                    } else {
                        // Discrete drawOff erases the symbol, which then shows again at the end.
                        tl.changes.append(.init(time: tr.time, from: 1, target: 0))
                        tl.changes.append(.init(time: tr.time + cycle, from: 1, target: 1))
                    }
                    componentTransitions.append(ComponentTransition(event: tr.event, start: tr.time, end: tr.time + cycle))
                }
                out.draw = tl
            } else {
                out.draw = DrawTimeline(initial: 1, duration: cycle)
            }
        case .replace:
            guard let to = e.choices["to"], let alt = SymbolLibrary.glyph(named: to) else {
                issues.append(ResolveIssue(path: "\(path).replace.to", message: "replace needs \"to\": the symbol shown while isActive is true (one of \(SymbolLibrary.names.joined(separator: ", ")))"))
                return nil
            }
            let m = Self.measured(alt)
            r.alternate = (alt, m.lengths, m.measures)
            var swaps: [(time: Double, to: Bool)] = []
            var initialTo = false
            if let a = e.isActive {
                let c = conditionChanges(a, scope)
                initialTo = c.initial
                for ch in c.changes {
                    swaps.append((ch.time, ch.value))
                    componentTransitions.append(ComponentTransition(event: ch.event, start: ch.time, end: ch.time + cycle))
                }
            } else {
                var cur = false
                for tr in triggers(e.value) {
                    cur.toggle()
                    swaps.append((tr.time, cur))
                    componentTransitions.append(ComponentTransition(event: tr.event, start: tr.time, end: tr.time + cycle))
                }
            }
            out.replace = (initialTo, swaps)
        default:
            if let a = e.isActive {
                let c = conditionChanges(a, scope)
                var spans: [(start: Double, end: Double)] = []
                if c.initial { spans.append((0, .infinity)) }
                for ch in c.changes {
                    if ch.value { spans.append((ch.time, .infinity)) } else if let last = spans.last, last.end == .infinity {
                        spans[spans.count - 1].end = ch.time
                    }
                }
                out.drive = .spans(spans)
            } else if !e.value.isEmpty {
                let trs = triggers(e.value)
                for tr in trs {
                    componentTransitions.append(ComponentTransition(event: tr.event, start: tr.time, end: tr.time + runs * cycle))
                }
                out.drive = .triggers(trs.map(\.time), runs: runs)
            } else {
                out.drive = .spans([(0, .infinity)])
            }
        }
        return out
    }
}

extension SceneEvaluator {
    /// Trace fractions per layer for visibility progress P (see the file header).
    static func layerFractions(_ p: Double, lengths: [Double], mode: String?) -> [Double] {
        let n = lengths.count
        guard n > 0 else { return [] }
        let ease = { (x: Double) in UnitCurve.easeInOut.value(at: min(max(x, 0), 1)) }
        switch mode {
        case "wholeSymbol":
            return Array(repeating: ease(p), count: n)
        case "individually":
            let total = lengths.reduce(0, +)
            guard total > 0 else { return Array(repeating: ease(p), count: n) }
            let s = ease(p) * total
            var run = 0.0
            return lengths.map { l in
                defer { run += l }
                return l > 0 ? min(max((s - run) / l, 0), 1) : (s >= run ? 1 : 0)
            }
        default: // byLayer
            let k = SymbolEffectTiming.layerStagger
            let d = 1 / (1 + k * Double(n - 1))
            return (0..<n).map { i in ease((p - Double(i) * k * d) / d) }
        }
    }

    /// The glyph drawn in em units with per-layer trace fractions and opacities.
    func glyphNode(_ g: SymbolGlyph, _ measures: [PathMeasure], _ lengths: [Double], fractions: [Double]?, opacities: [Double]?,
                   color: Color, width: Double, fillVisible: Bool) -> DisplayNode {
        var parts: [DisplayNode] = []
        let style = StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round)
        if fillVisible {
            var filled: [DisplayNode] = []
            for (i, p) in g.fills.enumerated() {
                let op = g.isFill ? (opacities?[i] ?? 1) : 1
                if op > 0 { filled.append(.fill(p, .solid(color.withOpacity(op)))) }
            }
            if g.cutouts.isEmpty {
                parts += filled
            } else if !filled.isEmpty {
                let erase = DisplayNode.blendMode(.destinationOut, .group(g.cutouts.map { .stroke($0, style, .solid(.black)) }))
                parts.append(.layer(.group(filled + [erase]), mask: nil))
            }
        }
        for (i, p) in g.strokes.enumerated() {
            let f = fractions?[i] ?? 1
            let op = opacities?[i] ?? 1
            guard f > 0, op > 0 else { continue }
            let piece = f >= 1 ? p : measures[i].segment(from: 0, to: f * lengths[i])
            parts.append(.stroke(piece, style, .solid(color.withOpacity(op))))
        }
        return .group(parts)
    }

    func symbol(_ s: RSymbol, _ t: Double, _ f: [Double]) -> (DisplayNode?, Rect?) {
        let size = value(s.pointSize, t, f)
        guard size.isFinite, size > 0 else { return (nil, nil) }
        let c = layoutContext.area.center
        let layout = Rect(x: c.x - size / 2, y: c.y - size / 2, width: size, height: size)
        let toCanvas = Transform.scale(size, size).concatenating(.translation(c.x, c.y))
        let g = s.glyph
        let col = color(s.color, t, f)
        guard let e = s.effect else {
            return (.transform(toCanvas, glyphNode(g, s.measures, s.lengths, fractions: nil, opacities: nil, color: col, width: s.strokeWidth, fillVisible: true)), layout)
        }
        var node: DisplayNode
        if let tl = e.draw {
            let p = tl.progress(at: t)
            let fractions = Self.layerFractions(p, lengths: s.lengths, mode: e.choices["mode"])
            // A fill glyph cannot trace: shown when the trace is heading to (or at) visible.
            let fillVisible = g.isFill ? (tl.target(at: t) > 0.5 || p >= 1) : true
            node = glyphNode(g, s.measures, s.lengths, fractions: fractions, opacities: nil, color: col, width: s.strokeWidth, fillVisible: fillVisible)
        } else if let rep = e.replace, let alt = s.alternate {
            node = replaceNode(s, alt, rep, e, t, col)
        } else {
            node = effectNode(s, e, t, col)
        }
        return (.transform(toCanvas, node), layout)
    }

    func replaceNode(_ s: RSymbol, _ alt: (glyph: SymbolGlyph, lengths: [Double], measures: [PathMeasure]),
                     _ rep: (initialTo: Bool, swaps: [(time: Double, to: Bool)]), _ e: RSymbolEffect, _ t: Double, _ color: Color) -> DisplayNode {
        func draw(_ to: Bool, scale k: Double, opacity o: Double) -> DisplayNode? {
            guard k > 0, o > 0 else { return nil }
            let (g, m, l) = to ? (alt.glyph, alt.measures, alt.lengths) : (s.glyph, s.measures, s.lengths)
            let n = glyphNode(g, m, l, fractions: nil, opacities: nil, color: color.withOpacity(o), width: s.strokeWidth, fillVisible: true)
            return k == 1 ? n : .transform(Transform.scale(k, k).about(g.anchor), n)
        }
        let last = rep.swaps.last { $0.time <= t }
        let showing = last?.to ?? rep.initialTo
        guard let sw = last, e.cycle > 0, t - sw.time < e.cycle else { return draw(showing, scale: 1, opacity: 1) ?? .empty }
        let u = (t - sw.time) / e.cycle
        // Old symbol over the first half, new one over the last 65 % (they overlap briefly).
        let a = min(u / 0.5, 1), b = min(max((u - 0.35) / 0.65, 0), 1)
        let eb = UnitCurve.easeOut.value(at: b)
        var parts: [DisplayNode] = []
        switch e.choices["style"] ?? "downUp" {
        case "upUp":
            if let n = draw(!showing, scale: 1 + 0.5 * a, opacity: 1 - a) { parts.append(n) }
        case "offUp":
            break
        default: // downUp: the old symbol scales down and fades
            if let n = draw(!showing, scale: 1 - 0.7 * a, opacity: 1 - a) { parts.append(n) }
        }
        // The new symbol scales up from 30 % and fades in.
        if let n = draw(showing, scale: 0.3 + 0.7 * eb, opacity: eb) { parts.append(n) }
        return .group(parts)
    }

    func effectNode(_ s: RSymbol, _ e: RSymbolEffect, _ t: Double, _ color: Color) -> DisplayNode {
        let g = s.glyph
        guard let ph = e.drive?.phase(at: t, cycle: e.cycle) else {
            return glyphNode(g, s.measures, s.lengths, fractions: nil, opacities: nil, color: color, width: s.strokeWidth, fillVisible: true)
        }
        let u = ph.isFinite ? ph - ph.rounded(.down) : 0   // an infinite phase would give NaN steps below
        var tr = Transform.identity
        var opacity = 1.0
        var layerOpacities: [Double]? = nil
        switch e.kind {
        case .bounce:
            // One hump of ±18 % scale (up = grow, down = shrink), about the glyph's centre.
            let k = 1 + (e.choices["direction"] == "down" ? -0.18 : 0.18) * sin(.pi * u)
            tr = Transform.scale(k, k)
        case .pulse:
            opacity = 1 - 0.7 * sin(.pi * u)
        case .breathe:
            let w = (1 - cos(2 * .pi * u)) / 2
            let k = 1 + 0.1 * w
            tr = Transform.scale(k, k)
            if e.choices["style"] == "pulse" { opacity = 1 - 0.35 * w }
        case .wiggle:
            // Two swings decaying to rest: 0.08 em or 15°.
            let w = sin(4 * .pi * u) * (1 - u)
            switch e.choices["direction"] ?? "left" {
            case "right", "forward": tr = .translation(0.08 * w, 0)
            case "up": tr = .translation(0, -0.08 * w)
            case "down": tr = .translation(0, 0.08 * w)
            case "clockwise": tr = Transform.rotation(15 * w * .pi / 180).about(g.anchor)
            case "counterClockwise": tr = Transform.rotation(-15 * w * .pi / 180).about(g.anchor)
            default: tr = .translation(-0.08 * w, 0)
            }
        case .rotate:
            let sign = e.choices["direction"] == "counterClockwise" ? -1.0 : 1.0
            tr = Transform.rotation(sign * 2 * .pi * u).about(g.anchor)
        case .variableColor:
            let n = g.layerCount
            if n > 0 {
                let steps = e.reversing && n > 1 ? 2 * n - 2 : n
                let j = min(Int(u * Double(steps)), steps - 1)
                let active = j < n ? j : 2 * n - 2 - j
                let dim = e.hideInactive ? 0.0 : 0.35
                let cumulative = e.choices["style"] == "cumulative"
                layerOpacities = (0..<n).map { i in (cumulative ? i <= active : i == active) ? 1 : dim }
            }
        default:
            break
        }
        let node = glyphNode(g, s.measures, s.lengths, fractions: nil, opacities: layerOpacities, color: color.withOpacity(opacity), width: s.strokeWidth, fillVisible: true)
        return tr == .identity ? node : .transform(tr, node)
    }
}
