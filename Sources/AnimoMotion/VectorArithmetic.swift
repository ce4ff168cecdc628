// VectorArithmetic: the algebra an animatable value needs (SwiftUI's `VectorArithmetic`:
// addition, subtraction, scaling, a zero and a squared magnitude). Spring rest thresholds
// (docs/semantics.md §15) are tested on `magnitudeSquared` of the animatable data.

/// A value that can be added, subtracted and scaled: what every animation interpolates.
public protocol VectorArithmetic: AdditiveArithmetic, Sendable {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product of the value with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// A copy multiplied by `rhs`.
    public func scaled(by rhs: Double) -> Self {
        var copy = self
        copy.scale(by: rhs)
        return copy
    }
}

extension Double: VectorArithmetic {
    public mutating func scale(by rhs: Double) { self *= rhs }
    public var magnitudeSquared: Double { self * self }
}
