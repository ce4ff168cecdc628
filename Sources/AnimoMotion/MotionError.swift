// MotionError: the one error type of the Motion target. Every constructor that takes a
// parameter validates it and throws a MotionError whose message names the parameter
// e.g. `response must be > 0, got -1`.

/// A parameter rejected at construction, or a misuse of an engine (times going backwards).
public struct MotionError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The name of the offending parameter, as the SwiftUI API spells it (`response`, `duration`, …).
    public let parameter: String
    /// A human-readable sentence that starts with the parameter name.
    public let message: String

    public init(parameter: String, message: String) {
        self.parameter = parameter
        self.message = message
    }

    public var description: String { message }

    /// Formats a number the way messages show it: integers without a fraction (`-1`, not `-1.0`).
    static func format(_ x: Double) -> String {
        if x.isNaN { return "nan" }
        if x.isInfinite { return x > 0 ? "inf" : "-inf" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return String(x)
    }

    /// Throws unless `value` is finite and `> 0`.
    static func requirePositive(_ value: Double, _ name: String) throws {
        guard value.isFinite, value > 0 else {
            throw MotionError(parameter: name, message: "\(name) must be > 0, got \(format(value))")
        }
    }

    /// Throws unless `value` is finite and `>= 0`.
    static func requireNonNegative(_ value: Double, _ name: String) throws {
        guard value.isFinite, value >= 0 else {
            throw MotionError(parameter: name, message: "\(name) must be >= 0, got \(format(value))")
        }
    }

    /// Throws unless `value` is finite (any sign).
    static func requireFinite(_ value: Double, _ name: String) throws {
        guard value.isFinite else {
            throw MotionError(parameter: name, message: "\(name) must be finite, got \(format(value))")
        }
    }
}
