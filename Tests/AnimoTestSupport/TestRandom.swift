// Seeded generators for test data, so every failure reproduces: SplitMix64 (Steele, Lea, Flood,
// "Fast splittable pseudorandom number generators", OOPSLA 2014) where well-mixed bits matter, and
// a 64-bit LCG (Knuth's MMIX constants) where a test was written against its sequence.

/// SplitMix64. Usable with the standard library's `random(in:using:)`.
public struct TestRandom: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }
    public init(seed: UInt64) { self.state = seed }

    /// The next 64 random bits.
    public mutating func bits() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `RandomNumberGenerator`: the next 64 random bits.
    public mutating func next() -> UInt64 { bits() }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(bits() >> 11) / Double(1 << 53) }

    /// Uniform in 0..<n.
    public mutating func int(_ n: Int) -> Int { Int(bits() % UInt64(n)) }
}

/// A 64-bit linear congruential generator (Knuth's MMIX constants).
public struct TestLCG: Sendable {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    /// Uniform in [0, 1).
    public mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }

    /// Uniform in [lo, hi).
    public mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * next() }
}
