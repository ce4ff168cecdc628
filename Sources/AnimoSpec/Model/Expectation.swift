// `expect` entries: assertions proven from rendered images (examples/README.md).

/// An instant: seconds, or a key pose of event N.
public enum ExpectTime: Sendable, Equatable, CustomStringConvertible {
    case seconds(Double)
    /// `start:N`, the instant event N fires.
    case start(Int)
    /// `mid:N`, the first instant the transition started by event N is halfway in value.
    case mid(Int)
    /// `rest:N`, the instant every animation event N started has settled.
    case rest(Int)

    public var description: String {
        switch self {
        case .seconds(let s): return formatNumber(s)
        case .start(let n): return "start:\(n)"
        case .mid(let n): return "mid:\(n)"
        case .rest(let n): return "rest:\(n)"
        }
    }
}

/// A closed interval with optional ends.
public struct ExpectRange: Sendable, Equatable {
    public var min: Double?
    public var max: Double?

    public func contains(_ x: Double) -> Bool {
        if let lo = min, x < lo { return false }
        if let hi = max, x > hi { return false }
        return true
    }

    public init(min: Double? = nil, max: Double? = nil) {
        self.min = min
        self.max = max
    }
}

/// One expectation; at least one of components, coverage, notBlank, blank, changesFrom is set.
public struct Expectation: Sendable {
    public var at: ExpectTime
    /// nil = the whole canvas.
    public var region: LiteralRect?
    /// Number of 8-connected regions of visible pixels.
    public var components: ExpectRange?
    /// Fraction of visible pixels in 0…1 (relative to `relativeTo`'s visible pixels when set).
    public var coverage: ExpectRange?
    public var relativeTo: ExpectTime?
    public var notBlank: Bool?
    public var blank: Bool?
    public var changesFrom: ExpectTime?
    public var about: String?
    public var path: String

    public init(at: ExpectTime, region: LiteralRect? = nil, components: ExpectRange? = nil, coverage: ExpectRange? = nil, relativeTo: ExpectTime? = nil, notBlank: Bool? = nil, blank: Bool? = nil, changesFrom: ExpectTime? = nil, about: String? = nil, path: String) {
        self.at = at
        self.region = region
        self.components = components
        self.coverage = coverage
        self.relativeTo = relativeTo
        self.notBlank = notBlank
        self.blank = blank
        self.changesFrom = changesFrom
        self.about = about
        self.path = path
    }
}
