// The glass-spacing rule (docs/lint.md): a `GlassEffectContainer`'s spacing is the distance at
// which its glass shapes begin to merge (Apple's documentation of `spacing`, docs/semantics.md
// §225), not padding. Glass siblings of a stack in a container whose layout spacing is at or below
// the container's spacing plus a margin stay fused at rest.
import AnimoSpec

extension SpecLint {
    /// The margin above the container's spacing the layout spacing must exceed: the smooth union
    /// still bulges the facing rims toward each other (SignedDistance.swift) up to about a third of
    /// the spacing beyond it, which reads as "about to merge".
    static let glassSpacingMargin = 6.0

    /// SwiftUI's default spacing between two views without text (docs/semantics.md §94).
    static let defaultStackSpacing = 8.0

    /// The container's spacing, when `node` carries `glassEffectContainer`.
    static func glassContainerSpacing(_ node: SpecNode) -> Double? {
        for m in node.modifiers { if case .glassEffectContainer(let s) = m { return s } }
        return nil
    }

    /// Whether `node` (or every view a group or repeat hands out) draws glass.
    static func drawsGlass(_ node: SpecNode) -> Bool {
        node.modifiers.contains { m in
            if case .glassEffect(let g) = m { return g.variant != .identity }
            return false
        }
    }

    /// The stacks inside a container (the container's own node included), not crossing another container.
    static func glassStacks(_ node: SpecNode, top: Bool, into out: inout [(SpecNode, StackNode)]) {
        if !top, glassContainerSpacing(node) != nil { return }
        switch node.kind {
        case .layout(.stack(let s)):
            out.append((node, s))
            for c in s.content { glassStacks(c, top: false, into: &out) }
        case .layout(let l): for c in l.content { glassStacks(c, top: false, into: &out) }
        case .group(let c): for n in c { glassStacks(n, top: false, into: &out) }
        case .repeat(let r): for n in r.content { glassStacks(n, top: false, into: &out) }
        case .conditional(let c): for n in c.content { glassStacks(n, top: false, into: &out) }
        default: break
        }
    }

    /// How many glass views a stack's content lays out side by side (groups, repeats and ifs
    /// hand out their children).
    static func glassSiblings(_ nodes: [SpecNode]) -> Int {
        var n = 0
        for c in nodes {
            switch c.kind {
            case .group(let g): n += drawsGlass(c) ? g.count : glassSiblings(g)
            case .repeat(let r): n += drawsGlass(c) ? r.count * max(r.content.count, 1) : r.count * glassSiblings(r.content)
            case .conditional(let k): n += drawsGlass(c) ? k.content.count : glassSiblings(k.content)
            default: n += drawsGlass(c) ? 1 : 0
            }
        }
        return n
    }

    mutating func checkGlassSpacing(_ node: SpecNode, loops: [Loop]) {
        guard let container = Self.glassContainerSpacing(node) else { return }
        var stacks: [(SpecNode, StackNode)] = []
        Self.glassStacks(node, top: true, into: &stacks)
        let limit = container + Self.glassSpacingMargin
        for (sn, s) in stacks where Self.glassSiblings(s.content) >= 2 {
            for (label, f) in frames(loops) {
                let spacing = s.spacing?.value(f) ?? Self.defaultStackSpacing
                guard spacing.isFinite, spacing <= limit else { continue }
                add("glass-spacing", sn.path, node: node.path, "\(label): the glass views of this stack are \(fmt(spacing)) pt apart, at or below the container's spacing + \(fmt(Self.glassSpacingMargin)) pt = \(fmt(limit)) pt (the container at \(node.path) merges glass shapes nearer than \(fmt(container)) pt): they stay fused at rest; give the stack a spacing above \(fmt(limit)) pt, or a container spacing below \(fmt(max(spacing - Self.glassSpacingMargin, 0))) pt")
                break
            }
        }
    }
}
