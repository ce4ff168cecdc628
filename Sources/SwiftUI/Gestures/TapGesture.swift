// Taps: the actions of `onTapGesture` and `Button`, which the render's interactions run.

extension View {
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        modifier(ObservingModifier { node, c in c.graph.tapActions.append((c.path, node.site, action)) })
    }

    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping () -> Void, onPressingChanged: ((Bool) -> Void)? = nil) -> some View {
        modifier(ObservingModifier { node, c in c.graph.tapActions.append((c.path, node.site, action)) })
    }

    public func gesture<G>(_ gesture: G, including mask: GestureMask = .all, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        unmodelledModifier("gesture(_:)", "the gesture is not played", file, line, column)
    }

    public func simultaneousGesture<G>(_ gesture: G, including mask: GestureMask = .all, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        unmodelledModifier("simultaneousGesture(_:)", "the gesture is not played", file, line, column)
    }

    public func highPriorityGesture<G>(_ gesture: G, including mask: GestureMask = .all, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        unmodelledModifier("highPriorityGesture(_:)", "the gesture is not played", file, line, column)
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
