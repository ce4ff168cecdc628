// Spring: SwiftUI's `Spring` model — a damped harmonic oscillator described equivalently by
// (duration, bounce), (response, dampingRatio) or (mass, stiffness, damping).
//
// Relations (docs/semantics.md §1, 4; docs/spec.md; OSUI `Spring+DurationBounce.swift`,
// Flutter `SpringDescription.withDurationAndBounce`):
//   ω0 = 2π/duration, stiffness k = m·ω0², damping c = 2·m·ζ·ω0,
//   ζ = 1 − bounce (bounce ≥ 0), ζ = 1/(1 + bounce) (−1 < bounce < 0).
// `response` is the same quantity as `duration` (§4).
import Foundation

/// A damped spring, stored as (mass, natural angular frequency ω0, damping ratio ζ).
public struct Spring: Sendable, Hashable {
    /// Mass m (> 0).
    public let mass: Double
    /// Natural angular frequency ω0 = √(k/m), rad/s.
    public let angularFrequency: Double
    /// Damping ratio ζ = c / (2√(km)) (≥ 0; > 1 is overdamped).
    public let dampingRatio: Double

    init(unchecked mass: Double, omega: Double, zeta: Double) {
        self.mass = mass
        angularFrequency = omega
        dampingRatio = zeta
    }

    /// `Spring(duration:bounce:)` (§1). duration > 0, bounce > −1 (bounce ≤ −1 would be
    /// infinite damping, §1) and ≤ 1.
    public init(duration: Double = 0.5, bounce: Double = 0) throws {
        try MotionError.requirePositive(duration, "duration")
        guard bounce.isFinite, bounce > -1, bounce <= 1 else {
            throw MotionError(parameter: "bounce", message: "bounce must be in (-1, 1], got \(MotionError.format(bounce))")
        }
        self.init(unchecked: 1, omega: 2 * .pi / duration, zeta: Spring.dampingRatio(bounce: bounce))
    }

    /// `Spring(response:dampingRatio:)` (§4): the same mapping with ζ given directly.
    public init(response: Double, dampingRatio: Double) throws {
        try MotionError.requirePositive(response, "response")
        try MotionError.requireNonNegative(dampingRatio, "dampingRatio")
        self.init(unchecked: 1, omega: 2 * .pi / response, zeta: dampingRatio)
    }

    /// `Spring(mass:stiffness:damping:allowOverDamping:)`. When overdamping is not allowed and
    /// ζ > 1, the spring is critically damped (§5; ADOC).
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) throws {
        try MotionError.requirePositive(mass, "mass")
        try MotionError.requirePositive(stiffness, "stiffness")
        try MotionError.requireNonNegative(damping, "damping")
        let omega = (stiffness / mass).squareRoot()
        var zeta = damping / (2 * (stiffness * mass).squareRoot())
        if !allowOverDamping { zeta = min(zeta, 1) }
        self.init(unchecked: mass, omega: omega, zeta: zeta)
    }

    /// `Spring(settlingDuration:dampingRatio:epsilon:)` (§14): ζ clamped to [ulp, 1], the
    /// duration to [0.01, 10] s; ω0 solved so that the underdamped settling-time formula of
    /// §12 (target 1, v0 0) equals the duration: e^{−ζω0 t}(ζω0 + 1) = ε. Solved with Newton
    /// iterations in ω0 (initial guess 5, as the port), with a bisection fallback.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) throws {
        try MotionError.requirePositive(settlingDuration, "settlingDuration")
        try MotionError.requireFinite(dampingRatio, "dampingRatio")
        try MotionError.requirePositive(epsilon, "epsilon")
        let zeta = min(max(dampingRatio, Double.ulpOfOne), 1)
        let t = min(max(settlingDuration, 0.01), 10)
        // f(ω) = −ζωt + ln(ζω + 1) − ln ε = 0 ; f'(ω) = −ζt + ζ/(ζω + 1).
        func f(_ w: Double) -> Double { -zeta * w * t + log(zeta * w + 1) - log(epsilon) }
        var w = 5.0
        var ok = false
        for _ in 0..<50 {
            let d = -zeta * t + zeta / (zeta * w + 1)
            guard abs(d) > 1e-15 else { break }
            let next = w - f(w) / d
            if !next.isFinite || next <= 0 { break }
            if abs(next - w) < 1e-12 * max(1, w) { w = next; ok = true; break }
            w = next
        }
        if !ok || abs(f(w)) > 1e-9 {
            // f decreases for large ω; bracket and bisect.
            var lo = 1e-9, hi = 1.0
            while f(hi) > 0 && hi < 1e9 { hi *= 2 }
            for _ in 0..<200 { let m = 0.5 * (lo + hi); if f(m) > 0 { lo = m } else { hi = m } }
            w = 0.5 * (lo + hi)
        }
        self.init(unchecked: 1, omega: w, zeta: zeta)
    }

    /// ζ from bounce (§1).
    static func dampingRatio(bounce: Double) -> Double {
        bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    }

    // MARK: Derived parameters

    /// Stiffness k = m·ω0².
    public var stiffness: Double { mass * angularFrequency * angularFrequency }
    /// Damping c = 2·m·ζ·ω0.
    public var damping: Double { 2 * mass * dampingRatio * angularFrequency }
    /// Perceptual duration = 2π/ω0 (§4: 2π/√(λ² + ω|ω|) = 2π/ω0 for every damping regime).
    public var duration: Double { 2 * .pi / angularFrequency }
    /// Same as `duration` (§4).
    public var response: Double { duration }
    /// Bounce = 1 − ζ for ζ ≤ 1, 1/ζ − 1 for ζ > 1 (inverse of §1).
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }
    /// Exponential decay rate λ = ζ·ω0 = c/(2m).
    public var decay: Double { dampingRatio * angularFrequency }

    // MARK: Presets (§8: all are spring(duration: 0.5, bounce:); OSUI `Spring.swift`, WWDC23 10158)

    /// `Spring.smooth`: duration 0.5, bounce 0 (ζ 1).
    public static let smooth = Spring(unchecked: 1, omega: 2 * .pi / 0.5, zeta: 1)
    /// `Spring.snappy`: duration 0.5, bounce 0.15 (ζ 0.85).
    public static let snappy = Spring(unchecked: 1, omega: 2 * .pi / 0.5, zeta: 0.85)
    /// `Spring.bouncy`: duration 0.5, bounce 0.3 (ζ 0.7).
    public static let bouncy = Spring(unchecked: 1, omega: 2 * .pi / 0.5, zeta: 0.7)
    /// `Spring()`: duration 0.5, bounce 0 (§32).
    public static let `default` = smooth

    /// `Spring.smooth(duration:extraBounce:)`: base bounce 0 plus extraBounce (§8).
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) throws -> Spring {
        try Spring(duration: duration, bounce: 0 + extraBounce)
    }
    /// `Spring.snappy(duration:extraBounce:)`: base bounce 0.15 plus extraBounce (§8).
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) throws -> Spring {
        try Spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    /// `Spring.bouncy(duration:extraBounce:)`: base bounce 0.3 plus extraBounce (§8).
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) throws -> Spring {
        try Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
