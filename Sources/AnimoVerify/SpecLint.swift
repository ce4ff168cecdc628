// Static checks of the traps generated animation code falls into (docs/lint.md), from the spec model: constant values, and
// expressions evaluated at the state's rest snapshots (the initial state, then the state after
// each event) and at every index of enclosing `repeat`s. Each finding has an id, the JSON path
// and a message with its figures. Geometry is read from the nodes' own frames and centers
// (modifiers such as offset are not applied: a simple analysis, documented). A finding that the
// spec suppresses (`"lint": {"ignore": {"rule-id": "why"}}` at the top level, or on the node it
// concerns or an ancestor of it) is still returned, marked with the entry that suppressed it.
import Foundation
import AnimoSpec
import AnimoScene
import AnimoMotion

/// One lint finding.
public struct LintFinding: Equatable, Sendable {
    /// The rule's id (docs/lint.md).
    public var id: String
    /// The JSON path of what it concerns.
    public var path: String
    /// What is wrong, with its figures, and the fix.
    public var message: String
    /// The node the finding concerns when its path is elsewhere (an event that animates a goo).
    public var node: String? = nil
    /// The `lint.ignore` entry that suppresses it (nil: a finding to fix).
    public var suppression: LintSettings.Ignore? = nil

    public var isSuppressed: Bool { suppression != nil }

    public init(id: String, path: String, message: String, node: String? = nil, suppression: LintSettings.Ignore? = nil) {
        self.id = id; self.path = path; self.message = message; self.node = node; self.suppression = suppression
    }
}

public struct SpecLint {
    /// Every rule id, in docs/lint.md order (the spec's `lint.ignore` accepts these).
    public static let ids = LintSettings.ruleIDs

    /// Rules reserved but not checked yet (docs/lint.md).
    public static let unchecked: Set<String> = []

    /// The goo's transition must be slower than this response to be seen (docs/architecture.md, "The traps").
    static let slowestGooSpring = 0.6

    let spec: Spec
    /// (label, slot frame): "initially", then "after events[k]".
    let snapshots: [(label: String, frame: [Double])]
    var findings: [LintFinding] = []
    private var seen = Set<String>()

    init(spec: Spec) {
        self.spec = spec
        var frame = spec.initialFrame()
        var snaps = [(label: "initially", frame: frame)]
        for e in spec.events {
            for a in e.set where a.slot < frame.count { frame[a.slot] = a.value }
            if !frame.isEmpty { frame[0] = spec.clock(at: e.at) }
            snaps.append((label: "at rest after \(e.label) (\(fmt(e.at)) s)", frame: frame))
        }
        snapshots = snaps
    }

    /// Every finding of the rules, in document order, suppressed ones marked.
    public static func run(_ spec: Spec) -> [LintFinding] {
        var l = SpecLint(spec: spec)
        l.checkEvents()
        l.walk(spec.content, loops: [])
        l.checkGlassUse(spec.content, motions: [], animations: [], loops: [])
        let scopes = suppressionScopes(spec)
        return l.findings.map { f in
            var f = f
            f.suppression = suppression(of: f, scopes: scopes, top: spec.lint)
            return f
        }
    }

    /// (node path, its lint settings) for every node that has some, masks included.
    static func suppressionScopes(_ spec: Spec) -> [(path: String, settings: LintSettings)] {
        var out: [(path: String, settings: LintSettings)] = []
        func visit(_ nodes: [SpecNode]) {
            for n in nodes {
                if let l = n.lint, !l.ignore.isEmpty { out.append((n.path, l)) }
                for m in n.modifiers { if case .mask(let inner) = m { visit([inner]) } }
                switch n.kind {
                case .group(let c): visit(c)
                case .repeat(let r): visit(r.content)
                case .conditional(let c): visit(c.content)
                case .phaseAnimator(let p): visit(p.content)
                case .keyframeAnimator(let k): visit(k.content)
                case .canvas(let c): visit(c.content)
                default: break
                }
            }
        }
        visit(spec.content)
        return out
    }

    /// Whether `path` is `node` or lies inside it (`node.`…, `node[`…).
    static func isInside(_ path: String, _ node: String) -> Bool {
        guard path.hasPrefix(node) else { return false }
        let rest = path.dropFirst(node.count)
        return rest.isEmpty || rest.hasPrefix(".") || rest.hasPrefix("[")
    }

    /// The entry suppressing `f`: the innermost node's that holds the finding (its path, or the
    /// node it concerns), else the spec's.
    static func suppression(of f: LintFinding, scopes: [(path: String, settings: LintSettings)], top: LintSettings) -> LintSettings.Ignore? {
        let holding = scopes.filter { s in isInside(f.path, s.path) || f.node.map { isInside($0, s.path) } == true }
            .sorted { $0.path.count > $1.path.count }
        for s in holding { if let i = s.settings.ignore.first(where: { $0.rule == f.id }) { return i } }
        return top.ignore.first { $0.rule == f.id }
    }

    mutating func add(_ id: String, _ path: String, node: String? = nil, _ message: String) {
        let key = id + "|" + path
        guard !seen.contains(key) else { return }
        seen.insert(key)
        findings.append(LintFinding(id: id, path: path, message: message, node: node))
    }

    // MARK: - Walking

    typealias Loop = (slot: Int, count: Int)

    /// Every assignment of loop indices (capped at 256 combinations).
    static func bindings(_ loops: [Loop]) -> [[(Int, Double)]] {
        var out: [[(Int, Double)]] = [[]]
        for l in loops {
            var next: [[(Int, Double)]] = []
            for b in out { for i in 0..<max(l.count, 0) where next.count < 256 { next.append(b + [(l.slot, Double(i))]) } }
            out = next
        }
        return out
    }

    /// Snapshot frames with every loop binding applied.
    func frames(_ loops: [Loop]) -> [(label: String, frame: [Double])] {
        var out: [(String, [Double])] = []
        for s in snapshots {
            for b in Self.bindings(loops) {
                var f = s.frame
                for (slot, v) in b where slot < f.count { f[slot] = v }
                let where_ = b.isEmpty ? "" : " (" + b.map { "\(spec.slots.indices.contains($0.0) ? spec.slots[$0.0].name : "i") = \(Int($0.1))" }.joined(separator: ", ") + ")"
                out.append((s.label + where_, f))
            }
        }
        return out
    }

    mutating func walk(_ nodes: [SpecNode], loops: [Loop]) {
        for n in nodes {
            checkGlassSpacing(n, loops: loops)
            for m in n.modifiers {
                if case .mask(let inner) = m { walk([inner], loops: loops) }
                if case .background(let b) = m { walk(b.content, loops: loops) }
                if case .overlay(let o) = m { walk(o.content, loops: loops) }
                if case .animation(let a) = m, let anim = a.animation { checkLoaderAnimation(anim, path: n.path + ".modifiers") }
            }
            switch n.kind {
            case .group(let c): walk(c, loops: loops)
            case .repeat(let r): walk(r.content, loops: loops + [(r.slot, r.count)])
            case .conditional(let c): walk(c.content, loops: loops)
            case .phaseAnimator(let p): walk(p.content, loops: loops)
            case .keyframeAnimator(let k): walk(k.content, loops: loops)
            case .canvas(let c):
                if let goo = gooFilters(c.filters) {
                    checkGoo(node: n, blur: goo.blur, threshold: goo.threshold, content: c.content, animatable: c.animatable, loops: loops)
                }
                walk(c.content, loops: loops)
            case .metaball(let m):
                checkMetaball(node: n, m, loops: loops)
            case .symbol(let s):
                checkSymbol(node: n, s)
            case .pathLoader(let p):
                checkPathLoader(node: n, p)
            case .layout(let l): walk(l.content, loops: loops)
            case .shape, .text, .image: break
            }
        }
    }

    // MARK: - Goo (canvas with alphaThreshold + blur, or a metaball component)

    func gooFilters(_ filters: [SpecFilter]) -> (blur: SpecNumber, threshold: SpecNumber)? {
        var blur: SpecNumber?, threshold: SpecNumber?
        for f in filters {
            if case .blur(let r, _) = f { blur = r }
            if case .alphaThreshold(let lo, _, _) = f { threshold = lo }
        }
        guard let b = blur, let t = threshold else { return nil }
        return (b, t)
    }

    struct Blob { var path: String; var center: SpecPoint; var radius: SpecNumber; var loops: [Loop] }
    struct Fill { var path: String; var rect: SpecRect; var loops: [Loop] }

    /// Circles and rectangle-like fills of a goo canvas's content (through groups and repeats).
    static func collect(_ nodes: [SpecNode], loops: [Loop], blobs: inout [Blob], fills: inout [Fill]) {
        for n in nodes {
            switch n.kind {
            case .shape(let s):
                switch (s.shape.kind, s.shape.frame) {
                case (.circle, .circle(let c, let r)?): blobs.append(Blob(path: n.path, center: c, radius: r, loops: loops))
                case (.rectangle, .rect(let r)?), (.capsule, .rect(let r)?), (.roundedRectangle, .rect(let r)?):
                    fills.append(Fill(path: n.path, rect: r, loops: loops))
                default: break
                }
            case .group(let c): collect(c, loops: loops, blobs: &blobs, fills: &fills)
            case .repeat(let r): collect(r.content, loops: loops + [(r.slot, r.count)], blobs: &blobs, fills: &fills)
            default: break
            }
        }
    }

    mutating func checkGoo(node: SpecNode, blur: SpecNumber, threshold: SpecNumber, content: [SpecNode], animatable: [StateReference], loops: [Loop]) {
        var blobs: [Blob] = [], fills: [Fill] = []
        Self.collect(content, loops: loops, blobs: &blobs, fills: &fills)
        checkGooGeometry(path: node.path, blur: blur, threshold: threshold, blobs: blobs, fills: fills, loops: loops)
        checkGooSpring(path: node.path, reads: Set(animatable.map(\.slot)).union(blobs.flatMap { $0.center.x.slots + $0.center.y.slots + $0.radius.slots }))
    }

    mutating func checkMetaball(node: SpecNode, _ m: MetaballNode, loops: [Loop]) {
        let blobs = m.blobs.enumerated().map { Blob(path: "\(node.path).metaball.blobs[\($0.offset)]", center: $0.element.center, radius: $0.element.radius, loops: loops) }
        checkGooGeometry(path: node.path, blur: m.blur, threshold: m.threshold, blobs: blobs, fills: [], loops: loops)
        checkGooSpring(path: node.path, reads: Set(m.animatable.map(\.slot)).union(blobs.flatMap { $0.center.x.slots + $0.center.y.slots + $0.radius.slots }))
    }

    mutating func checkGooGeometry(path: String, blur: SpecNumber, threshold: SpecNumber, blobs: [Blob], fills: [Fill], loops: [Loop]) {
        // Outer loops (around the goo node) give separate snapshots; loops inside its content give
        // the instances compared with each other.
        let outer = Set(loops.map(\.slot))
        for (label, f) in frames(loops) {
            let sigma = blur.value(f), theta = threshold.value(f)
            guard sigma.isFinite, sigma > 0, theta.isFinite, theta > 0, theta < 1 else { continue }
            // Instances of every blob under this binding (blobs inside a repeat differ by index, so
            // expand each blob's own loops again over their counts).
            var inst: [(path: String, x: Double, y: Double, r: Double)] = []
            for b in blobs {
                let own = b.loops.filter { !outer.contains($0.slot) }
                for bind in Self.bindings(own) {
                    var g = f
                    for (slot, v) in bind where slot < g.count { g[slot] = v }
                    let idx = bind.map { "\(spec.slots.indices.contains($0.0) ? spec.slots[$0.0].name : "i")=\(Int($0.1))" }.joined(separator: ",")
                    inst.append((b.path + (idx.isEmpty ? "" : "[\(idx)]"), b.center.x.value(g), b.center.y.value(g), b.radius.value(g)))
                }
            }
            // Teardrop: two distinct blobs (each center outside the other disk) closer than
            // r1 + r2 + 2·blur stay joined at rest (docs/architecture.md, "The traps").
            for i in 0..<inst.count {
                for j in (i + 1)..<max(i + 1, inst.count) {
                    let a = inst[i], b = inst[j]
                    let d = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
                    let need = a.r + b.r + 2 * sigma
                    if d > max(a.r, b.r), d < need {
                        add("metaball-teardrop", path, "\(label): blobs \(a.path) and \(b.path) are \(fmt(d)) pt apart, below r1 + r2 + 2·blur = \(fmt(a.r)) + \(fmt(b.r)) + 2·\(fmt(sigma)) = \(fmt(need)) pt: they stay joined at rest (a teardrop); space them by more than \(fmt(need)) pt")
                    }
                }
            }
            // Shrinking blob: a disk of radius r blurred with σ peaks at 1 − exp(−r²/2σ²) (the
            // 2-D Gaussian's radial integral); it vanishes under threshold θ when
            // r < σ·√(−2 ln(1 − θ)) (1.18 σ at θ = 0.5). Warn within 20 % of that.
            let critical = sigma * (-2 * log(1 - theta)).squareRoot()
            for a in inst where a.r > 0 && a.r < 1.2 * critical {
                let peak = 1 - exp(-a.r * a.r / (2 * sigma * sigma))
                add("metaball-shrinking-blob", a.path, "\(label): radius \(fmt(a.r)) pt with blur \(fmt(sigma)) peaks at \(fmt(peak)) after the blur (threshold \(fmt(theta))): " + (a.r < critical ? "it vanishes" : "within 20 % of vanishing") + "; keep radius above \(fmt(1.2 * critical)) pt or shrink the blur")
            }
            // Thin fill: a bar of thickness h blurred with σ peaks at erf(h / (2√2 σ)); blur above
            // h/2 thins it and erases it once the peak is under the threshold (docs/architecture.md, "The traps").
            for fl in fills {
                for bind in Self.bindings(fl.loops.filter { !outer.contains($0.slot) }) {
                    var g = f
                    for (slot, v) in bind where slot < g.count { g[slot] = v }
                    let h = min(abs(fl.rect.width.value(g)), abs(fl.rect.height.value(g)))
                    guard h > 0, h.isFinite, sigma > h / 2 else { continue }
                    let peak = erf(h / (2 * 2.0.squareRoot() * sigma))
                    let idx = bind.map { "\(spec.slots.indices.contains($0.0) ? spec.slots[$0.0].name : "i")=\(Int($0.1))" }.joined(separator: ",")
                    add("thin-fill-blur", fl.path + (idx.isEmpty ? "" : "[\(idx)]"), "\(label): a fill \(fmt(h)) pt thick under blur \(fmt(sigma)) (more than half its thickness) peaks at erf(\(fmt(h))/(2√2·\(fmt(sigma)))) = \(fmt(peak)) against threshold \(fmt(theta)): " + (peak < theta ? "it is erased" : "it thins") + "; keep blur ≤ \(fmt(h / 2)) pt")
                }
            }
        }
    }

    /// The response of a spring animation (with SwiftUI's defaults for what the spec leaves out,
    /// as the renderer maps it), nil for timing curves and keyframes.
    static func springResponse(_ a: SpecAnimation, _ frame: [Double]) -> Double? {
        (try? a.motionAnimation(frame: frame, path: ""))?.springResponse
    }

    mutating func checkGooSpring(path: String, reads: Set<Int>) {
        for (k, e) in spec.events.enumerated() {
            guard let anim = e.animation, e.set.contains(where: { reads.contains($0.slot) }),
                  let r = Self.springResponse(anim, snapshots[k].frame), r < Self.slowestGooSpring else { continue }
            let names = e.set.filter { reads.contains($0.slot) }.map(\.name).joined(separator: ", ")
            add("metaball-fast-spring", "\(e.path).animation", node: path, "\(e.label) morphs the goo at \(path) (\(names)) with a spring of response \(fmt(r)) s, faster than \(Self.slowestGooSpring) s: the neck between blobs lasts too briefly to be seen; use a response ≥ \(Self.slowestGooSpring)")
        }
    }

    // MARK: - Symbols

    mutating func checkSymbol(node: SpecNode, _ s: SymbolNode) {
        guard let effect = s.effect, effect.kind == .drawOn || effect.kind == .drawOff else { return }
        let kind = effect.kind.rawValue
        if s.name.hasSuffix(".fill") && s.pathData == nil {
            add("draw-on-fill-glyph", "\(node.path).symbol.name", "\(kind) on the fill glyph '\(s.name)': draw effects trace a glyph's strokes, a filled glyph has none to trace; use '\(s.name.dropLast(5))'")
        }
        guard effect.kind == .drawOn else { return }
        guard let active = effect.isActive else {
            add("draw-on-starts-visible", "\(node.path).symbol.effect", "drawOn without isActive: the symbol is visible from the start and no trace ever plays; bind isActive to a state that starts true (hidden) and later turns false")
            return
        }
        if active.slots.isEmpty {
            add("draw-on-starts-visible", "\(node.path).symbol.effect.isActive", "isActive is constant (\(active)): it never changes, so no trace ever plays")
            return
        }
        let initial = active.value(spec.initialFrame())
        if initial == 0 {
            add("draw-on-starts-visible", "\(node.path).symbol.effect.isActive", "isActive (\(active)) is false initially: for drawOn, active means hidden, so the symbol starts visible and the first change hides it; initialise the state so isActive starts true")
        }
    }

    // MARK: - Events

    mutating func checkEvents() {
        var frame = spec.initialFrame()
        var reported: Set<String> = []  // a timer's firings are reported once
        for (k, e) in spec.events.enumerated() {
            for a in e.set where a.slot < frame.count {
                if frame[a.slot] == a.value, reported.insert("\(e.path).set.\(a.name)").inserted {
                    let v = spec.stateVariable(named: a.name)
                    let shown = v?.isBoolean == true ? (a.value != 0 ? "true" : "false") : fmt(a.value)
                    let when = k == 0 || !spec.events[0..<k].contains(where: { $0.set.contains { $0.slot == a.slot } }) ? "its initial value" : "its current value"
                    add("appear-flag-at-destination", "\(e.path).set.\(a.name)", "\(e.label) sets '\(a.name)' to \(shown), \(when): nothing changes, so nothing animates; initialise '\(a.name)' to where the transition starts")
                }
                frame[a.slot] = a.value
            }
            if let anim = e.animation { checkLoaderAnimation(anim, path: "\(e.path).animation") }
        }
    }

    // MARK: - Loaders

    mutating func checkLoaderAnimation(_ a: SpecAnimation, path: String) {
        guard a.repeatForever, Self.springResponse(a, spec.initialFrame()) != nil else { return }
        add("loader-spring-driven", path, "a repeatForever spring drives a loop: springs retarget and settle, so the loop's speed drifts and restarts; derive a loader from the clock t (TimelineView) instead")
    }

    mutating func checkPathLoader(node: SpecNode, _ p: PathLoaderNode) {
        let numbers: [(String, SpecNumber?)] = [("period", p.period), ("rotation", p.rotation), ("scale", p.scale), ("trail.length", p.trail.length)]
        for (key, n) in numbers {
            guard let n else { continue }
            let stateSlots = n.slots.filter { spec.slots.indices.contains($0) && spec.slots[$0].kind == .state }
            guard !stateSlots.isEmpty else { continue }
            let names = stateSlots.map { spec.slots[$0].name }.joined(separator: ", ")
            add("loader-spring-driven", "\(node.path).pathLoader.\(key)", "the loader's \(key) reads state (\(names)) that events animate: a loader should be a function of the clock t only")
        }
    }
}

func fmt(_ v: Double) -> String { String(format: "%.4g", v) }
