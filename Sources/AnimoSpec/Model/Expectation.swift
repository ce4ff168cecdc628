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

/// A direction on the canvas (y grows downward).
public enum ExpectDirection: String, Sendable, Equatable, CaseIterable {
    case left, right, up, down
}

/// `colorAt`: the colour of the pixel under a point.
public struct ExpectColorAt: Sendable, Equatable {
    /// In canvas points.
    public var x: Double
    public var y: Double
    public var color: SpecColor
    /// The largest CIE76 ΔE*ab that passes.
    public var deltaE: Double

    public init(x: Double, y: Double, color: SpecColor, deltaE: Double) {
        self.x = x; self.y = y; self.color = color; self.deltaE = deltaE
    }
}

/// `bounds`: the bounding box of the visible pixels.
public struct ExpectBounds: Sendable, Equatable {
    /// In canvas points.
    public var rect: LiteralRect
    /// How far, in points, each edge may be from the expected one.
    public var tolerance: Double

    public init(rect: LiteralRect, tolerance: Double) {
        self.rect = rect; self.tolerance = tolerance
    }
}

/// One expectation; at least one assertion (components, coverage, notBlank, blank, changesFrom,
/// sameAs, unchanged, colorAt, bounds, monotonic) is set.
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
    /// The region is the same as in the frame at this time (up to `maxChanged`).
    public var sameAs: ExpectTime?
    /// The region stays the same from `at` to `until` (every frame at the spec's fps, up to `maxChanged`).
    public var unchanged: Bool?
    /// The end of the interval of `unchanged` and `monotonic`.
    public var until: ExpectTime?
    /// The fraction of the region's pixels that may differ for `sameAs` and `unchanged` (default 0).
    public var maxChanged: Double?
    public var colorAt: ExpectColorAt?
    public var bounds: ExpectBounds?
    /// The centroid of the region's visible pixels moves this way from `at` to `until`.
    public var monotonic: ExpectDirection?
    /// With `coverage`: count the pixels within `deltaE` of this colour instead of the visible ones.
    public var color: SpecColor?
    /// With `color`: the largest CIE76 ΔE*ab of a counted pixel (default 2.3).
    public var deltaE: Double?
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
