// SwiftUI's transitions: how a view that is inserted or removed comes and goes.
internal import AnimoViewRecord

public struct AnyTransition: Sendable {
    var recorded: RecordedTransition
    init(_ recorded: RecordedTransition) { self.recorded = recorded }

    public static let identity = AnyTransition(.identity)
    public static let opacity = AnyTransition(.opacity)
    public static let scale = AnyTransition(.scale(0, anchor: [0.5, 0.5]))
    public static let slide = AnyTransition(.slide)
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition { AnyTransition(.scale(Double(scale), anchor: anchor.pair)) }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(.move(edge: "\(edge)")) }
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition(.push(edge: "\(edge)")) }
    public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition(.offset(x: Double(offset.width), y: Double(offset.height))) }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { AnyTransition(.offset(x: Double(x), y: Double(y))) }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(.asymmetric(insertion: insertion.recorded, removal: removal.recorded))
    }
    public func combined(with other: AnyTransition) -> AnyTransition {
        if case .combined(let list) = recorded { return AnyTransition(.combined(list + [other.recorded])) }
        return AnyTransition(.combined([recorded, other.recorded]))
    }
    /// The transition runs with this animation (recorded as the change's; the renderer's
    /// transitions take the animation of the change that inserts or removes the view).
    public func animation(_ animation: Animation?) -> AnyTransition { self }
}
