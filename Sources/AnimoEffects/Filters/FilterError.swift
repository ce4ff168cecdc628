// FilterError: why a filter's parameters were refused. Filters validate in their constructors (or
// `Filter.validate()`) and never trap on bad numbers; the spec layer prefixes the JSON path.

/// A filter parameter that cannot be used, with a message that names the parameter and the rule.
public enum FilterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A blur or shadow radius that is negative, NaN or infinite.
    case invalidRadius(parameter: String, value: Double)
    /// An alpha threshold range outside [0, 1] or with min > max.
    case invalidThreshold(min: Double, max: Double)
    /// A non-finite (NaN or infinite) amount, offset or color component.
    case nonFinite(parameter: String, value: Double)
    /// An amount outside the range the filter accepts.
    case outOfRange(parameter: String, value: Double, range: ClosedRange<Double>)

    public var description: String {
        switch self {
        case let .invalidRadius(p, v):
            return "\(p) must be a finite number ≥ 0 (a Gaussian standard deviation in pixels), got \(v)"
        case let .invalidThreshold(lo, hi):
            if !(lo.isFinite && hi.isFinite) { return "alphaThreshold min and max must be finite, got min \(lo), max \(hi)" }
            if lo > hi { return "alphaThreshold needs min ≤ max (SwiftUI leaves min > max undefined), got min \(lo), max \(hi)" }
            return "alphaThreshold min and max must lie in [0, 1], got min \(lo), max \(hi)"
        case let .nonFinite(p, v):
            return "\(p) must be a finite number, got \(v)"
        case let .outOfRange(p, v, r):
            return "\(p) must lie in \(r.lowerBound)…\(r.upperBound), got \(v)"
        }
    }
}
