// Resolving layout views and layout modifiers (docs/spec.md, "Layout"): children of containers
// are resolved in a layout scope (wrappers there pass their modifiers to each child); a geometry
// reader's content, like a canvas's, is an absolute context again.
import AnimoSpec
import AnimoGeometry

extension SceneResolver {
    /// Whether the node is laid out by SwiftUI's rules wherever it is: a layout kind, or a node
    /// with a layout modifier (wrappers never are: their children are).
    func isLayoutView(_ node: SpecNode) -> Bool {
        switch node.kind {
        case .group, .repeat, .conditional, .phaseAnimator, .keyframeAnimator: return false
        case .layout: return true
        default: return node.modifiers.contains { $0.isLayout }
        }
    }

    /// Layout modifiers on a group, repeat, if or animator outside a layout container have no
    /// single view to apply to: an error with the modifier's path.
    func checkWrapperModifiers(_ node: SpecNode, _ scope: Scope) {
        guard !scope.inLayout else { return }
        switch node.kind {
        case .group, .repeat, .conditional, .phaseAnimator, .keyframeAnimator: break
        default: return
        }
        for (j, m) in node.modifiers.enumerated() where m.isLayout {
            issues.append(ResolveIssue(path: "\(node.path).modifiers[\(j)].\(m.name)",
                                       message: "\(m.name) on a \(node.kindName) outside a stack applies to no single view: SwiftUI applies it to each child, so put it on the children, or put the \(node.kindName) in a zstack or another container"))
        }
    }

    func layout(_ l: LayoutNode, _ node: SpecNode, _ scope: Scope) -> RLayout {
        var child = scope
        child.inLayout = true
        func content(_ nodes: [SpecNode]) -> [RNode] { nodes.map { resolve($0, child) } }
        switch l {
        case .stack(let st):
            return .stack(axis: st.axis == .horizontal ? .horizontal : .vertical, spacing: st.spacing.map { number($0, scope) },
                          vertical: st.verticalAlignment, horizontal: st.horizontalAlignment, content: content(st.content))
        case .zstack(let z):
            return .zstack(z.alignment, content(z.content))
        case .spacer(let m):
            return .spacer(m.map { number($0, scope) })
        case .divider:
            return .divider
        case .color(let c):
            return .color(color(c))
        case .colorExpression(let e):
            return .channels(number(e.red, scope), number(e.green, scope), number(e.blue, scope), number(e.opacity, scope))
        case .grid(let g):
            return .grid(g.alignment, horizontalSpacing: g.horizontalSpacing.map { number($0, scope) },
                         verticalSpacing: g.verticalSpacing.map { number($0, scope) }, content: content(g.content))
        case .gridRow(let r):
            return .gridRow(r.alignment, content(r.content))
        case .lazyGrid(let g):
            let items = g.items.map { item -> RGridItem in
                let size: RGridItem.Size
                switch item.size {
                case .fixed(let w): size = .fixed(number(w, scope))
                case .flexible(let lo, let hi): size = .flexible(number(lo, scope), number(hi, scope))
                case .adaptive(let lo, let hi): size = .adaptive(number(lo, scope), number(hi, scope))
                }
                return RGridItem(size: size, spacing: item.spacing.map { number($0, scope) }, alignment: item.alignment)
            }
            return .lazyGrid(axis: g.axis == .vertical ? .vertical : .horizontal, items: items, alignment: g.alignment,
                             spacing: g.spacing.map { number($0, scope) }, content: content(g.content))
        case .scrollView(let sv):
            return .scroll(horizontal: sv.horizontal, vertical: sv.vertical, x: number(sv.offset.x, scope), y: number(sv.offset.y, scope), content: content(sv.content))
        case .geometryReader(let g):
            var absolute = scope
            absolute.inLayout = false
            return .geometryReader(slots: g.slots.slots, content: g.content.map { resolve($0, absolute) })
        }
    }

    func layoutModifier(_ m: SpecModifier, _ s: Scope) -> RLayoutModifier {
        func n(_ x: SpecNumber?) -> RNumber? { x.map { number($0, s) } }
        var inLayout = s
        inLayout.inLayout = true
        switch m {
        case .frame(.fixed(let w, let h, let a)):
            return .frame(width: n(w), height: n(h), a)
        case .frame(.flexible(let w0, let w1, let w2, let h0, let h1, let h2, let a)):
            return .flexFrame([n(w0), n(w1), n(w2), n(h0), n(h1), n(h2)], a)
        case .padding(let p):
            return .padding(top: number(p.top, s), leading: number(p.leading, s), bottom: number(p.bottom, s), trailing: number(p.trailing, s))
        case .aspectRatio(let r, let mode):
            return .aspectRatio(n(r), mode == .fit ? .fit : .fill)
        case .background(let b):
            return .background(b.content.map { resolve($0, inLayout) }, b.alignment, fillsSafeArea: b.fillsSafeArea)
        case .overlay(let o):
            return .overlay(o.content.map { resolve($0, inLayout) }, o.alignment)
        case .zIndex(let z):
            return .zIndex(number(z, s))
        case .ignoresSafeArea(let e):
            return .ignoresSafeArea(EdgeSet(rawValue: e.rawValue))
        case .fixedSize(let h, let v):
            return .fixedSize(horizontal: h, vertical: v)
        case .layoutPriority(let p):
            return .layoutPriority(number(p, s))
        case .gridCellColumns(let c):
            return .gridCellColumns(c)
        default:
            return .clipped
        }
    }
}
