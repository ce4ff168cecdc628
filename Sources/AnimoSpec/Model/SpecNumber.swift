// Numbers in a spec: a literal, or an expression ("=…") evaluated per frame, and the small
// geometric groupings built from them.

/// A number that is either fixed at load or computed per frame from an expression.
public enum SpecNumber: Sendable, CustomStringConvertible {
    case constant(Double)
    case expression(SpecExpression)

    /// The value over a frame of slot values (`Spec.slots`). Constants ignore the frame.
    public func value(_ frame: [Double]) -> Double {
        switch self {
        case .constant(let d): return d
        case .expression(let e): return e.evaluate(frame)
        }
    }

    /// The value when it does not depend on any variable.
    public var constantValue: Double? {
        switch self {
        case .constant(let d): return d
        case .expression(let e): return e.constantValue
        }
    }

    /// Slots the value reads (empty for constants).
    public var slots: [Int] {
        if case .expression(let e) = self { return e.slots }
        return []
    }

    public var description: String {
        switch self {
        case .constant(let d): return formatNumber(d)
        case .expression(let e): return e.description
        }
    }
}

/// A point `[x, y]` in points.
public struct SpecPoint: Sendable {
    public var x: SpecNumber
    public var y: SpecNumber
    public init(x: SpecNumber, y: SpecNumber) {
        self.x = x
        self.y = y
    }
}

/// A rectangle `[x, y, width, height]` in points (y down, origin top-left of the canvas).
public struct SpecRect: Sendable {
    public var x: SpecNumber
    public var y: SpecNumber
    public var width: SpecNumber
    public var height: SpecNumber
    public init(x: SpecNumber, y: SpecNumber, width: SpecNumber, height: SpecNumber) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A rectangle of literal numbers (expectation regions).
public struct LiteralRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// SwiftUI's `UnitPoint`: a point in 0…1 of a frame, (0, 0) = top leading.
public struct UnitPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let center = UnitPoint(x: 0.5, y: 0.5)

    /// SwiftUI's named unit points (Apple docs, `UnitPoint`: zero, center, leading, trailing, top,
    /// bottom, topLeading, topTrailing, bottomLeading, bottomTrailing).
    public static let named: [String: UnitPoint] = [
        "zero": UnitPoint(x: 0, y: 0), "center": UnitPoint(x: 0.5, y: 0.5),
        "leading": UnitPoint(x: 0, y: 0.5), "trailing": UnitPoint(x: 1, y: 0.5),
        "top": UnitPoint(x: 0.5, y: 0), "bottom": UnitPoint(x: 0.5, y: 1),
        "topLeading": UnitPoint(x: 0, y: 0), "topTrailing": UnitPoint(x: 1, y: 0),
        "bottomLeading": UnitPoint(x: 0, y: 1), "bottomTrailing": UnitPoint(x: 1, y: 1),
    ]
}
