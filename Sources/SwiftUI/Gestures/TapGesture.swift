// Taps: the actions of `onTapGesture` and `Button`, which the render's interactions run.
internal import AnimoViewRecord

extension View {
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        modifier(ObservingModifier { node, c in c.graph.tapActions.append((c.path, node.site, node, action)) })
    }

    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping () -> Void, onPressingChanged: ((Bool) -> Void)? = nil) -> some View {
        modifier(ObservingModifier { node, c in c.graph.tapActions.append((c.path, node.site, node, action)) })
    }

    public func gesture<G>(_ gesture: G, including mask: GestureMask = .all, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        attach(gesture, "gesture(_:)", site(file, line, column))
    }

    /// A drag gesture (also inside a simultaneous, sequenced or exclusive one) is played by
    /// `--drag`; a tap gesture's end is a tap action; others are compiled and not played.
    func attach<G>(_ gesture: G, _ api: String, _ at: SourceSite) -> some View {
        modifier(ObservingModifier { node, c in
            var found = false
            @MainActor func visit(_ g: Any) {
                if let d = g as? DragGesture {
                    found = true
                    let updates = d.updates
                    c.graph.dragHandlers.append(DragHandler(path: c.path, site: at, node: node, minimumDistance: d.minimumDistance,
                        changed: { v in updates.forEach { $0.change(v) }; d.changed.forEach { $0(v) } },
                        ended: { v in d.ended.forEach { $0(v) }; updates.forEach { $0.reset() } }))
                } else if let t = g as? TapGesture {
                    found = true
                    let ended = t.ended
                    c.graph.tapActions.append((c.path, node.site, node, { ended.forEach { $0() } }))
                } else if let composite = g as? CompositeGesture {
                    composite.parts.forEach(visit)
                }
            }
            visit(gesture)
            if !found { c.graph.warn(api, "this gesture (\(G.self)) is not played", at) }
        })
    }

    public func simultaneousGesture<G>(_ gesture: G, including mask: GestureMask = .all, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        attach(gesture, "simultaneousGesture(_:)", site(file, line, column))
    }

    public func highPriorityGesture<G>(_ gesture: G, including mask: GestureMask = .all, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        attach(gesture, "highPriorityGesture(_:)", site(file, line, column))
    }

    public func allowsHitTesting(_ enabled: Bool) -> some View { self }
    public func disabled(_ disabled: Bool) -> some View { self }
}

public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let none = GestureMask([])
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
    public static let all: GestureMask = [.gesture, .subviews]
}
