// What a parent offers a child in SwiftUI's layout (docs/semantics.md §84–86): a size whose axes
// may each be a number, nil ("your ideal size") or infinity ("as much as you like").
import AnimoGeometry

/// One of the two layout axes.
public enum LayoutAxis: Sendable, Equatable {
    case horizontal, vertical

    /// The other axis.
    public var other: LayoutAxis { self == .horizontal ? .vertical : .horizontal }
}

/// SwiftUI's `ProposedViewSize` (§85): each axis a length, nil (the ideal size is asked for) or
/// `.infinity` (the maximum). `.zero` asks for the minimum, `.unspecified` for the ideal size.
public struct ProposedSize: Sendable, Equatable, CustomStringConvertible {
    public var width: Double?
    public var height: Double?

    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    public init(_ size: Size) {
        width = size.width
        height = size.height
    }

    /// Both axes nil: "what is your ideal size?"
    public static let unspecified = ProposedSize(width: nil, height: nil)
    public static let zero = ProposedSize(width: 0, height: 0)
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)

    /// The length along `axis`.
    public subscript(axis: LayoutAxis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// A proposal given along one axis and across it.
    public init(_ along: Double?, on axis: LayoutAxis, across: Double?) {
        if axis == .horizontal { self.init(width: along, height: across) } else { self.init(width: across, height: along) }
    }

    /// nil axes replaced by `size` (10×10 by default, as `replacingUnspecifiedDimensions()`, §86).
    public func replacingUnspecified(by size: Size = Size(10, 10)) -> Size {
        Size(width ?? size.width, height ?? size.height)
    }

    public var description: String {
        func f(_ v: Double?) -> String { v.map { $0 == .infinity ? "∞" : "\($0)" } ?? "nil" }
        return "(\(f(width)), \(f(height)))"
    }
}

extension Size {
    /// The length along `axis`.
    subscript(axis: LayoutAxis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// A size given along one axis and across it.
    init(_ along: Double, on axis: LayoutAxis, across: Double) {
        if axis == .horizontal { self.init(along, across) } else { self.init(across, along) }
    }
}

extension Point {
    /// The coordinate along `axis`.
    subscript(axis: LayoutAxis) -> Double {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }
}

/// Insets on the four edges (SwiftUI's `EdgeInsets`), in points.
public struct EdgeInsets: Sendable, Equatable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init(all: Double) { self.init(top: all, leading: all, bottom: all, trailing: all) }

    public static let zero = EdgeInsets()

    var horizontal: Double { leading + trailing }
    var vertical: Double { top + bottom }
}

/// A set of edges (SwiftUI's `Edge.Set`).
public struct EdgeSet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let top = EdgeSet(rawValue: 1)
    public static let leading = EdgeSet(rawValue: 2)
    public static let bottom = EdgeSet(rawValue: 4)
    public static let trailing = EdgeSet(rawValue: 8)
    public static let horizontal: EdgeSet = [.leading, .trailing]
    public static let vertical: EdgeSet = [.top, .bottom]
    public static let all: EdgeSet = [.top, .leading, .bottom, .trailing]
}
