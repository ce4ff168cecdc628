// `@Namespace` and `matchedGeometryEffect`: compiled, and the views drawn where their own layout
// puts them. The frame travelling from the source to the other view is not modelled yet (a
// warning at the caller says so).
internal import AnimoViewRecord

@propertyWrapper
public struct Namespace: DynamicProperty, Sendable {
    public struct ID: Hashable, Sendable {
        let value: Int
    }
    nonisolated(unsafe) private static var next = 0
    private let id: ID
    public init() {
        Namespace.next += 1
        id = ID(value: Namespace.next)
    }
    public var wrappedValue: ID { id }
}

public struct MatchedGeometryProperties: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let position = MatchedGeometryProperties(rawValue: 1)
    public static let size = MatchedGeometryProperties(rawValue: 2)
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

extension View {
    public func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame, anchor: UnitPoint = .center, isSource: Bool = true,
                                                   file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> some View {
        unmodelledModifier("matchedGeometryEffect(id:in:)", "the frame does not travel between the matched views yet: each is drawn where its own layout puts it", file, line, column)
    }
}
