// Closed-form evaluation of a Spring and its settling duration.
//
// Equation: m·x'' = −k(x − T) − c·x', x(0) = 0, x'(0) = v0 (the spring moves a value from 0
// toward target T). With λ = ζω0 and ω = ω0√|1 − ζ²| (docs/semantics.md §13, the standard solution):
//   underdamped  x(t) = T − e^{−λt}[(Tλ − v0)·sin(ωt)/ω + T·cos(ωt)]
//   critical     x(t) = T − e^{−λt}[T + (Tλ − v0)·t]
//   overdamped   x(t) = T + A·e^{r1 t} + B·e^{r2 t}, r1,2 = −λ ± ω,
//                A = (v0 + r2·T)/(r1 − r2), B = −T − A
// Velocities are the exact derivatives. Because x is linear in (T, v0), vector values are
// evaluated through the two basis responses (`coefficients`).
import Foundation

extension Spring {
    /// Basis responses at time t: x = T·a + v0·b and v = T·da + v0·db.
    @inline(__always)
    public func coefficients(time t: Double) -> (a: Double, b: Double, da: Double, db: Double) {
        let w0 = angularFrequency, z = dampingRatio
        let lam = z * w0
        if z < 1 - 1e-9 {
            let w = w0 * (1 - z * z).squareRoot()
            let e = exp(-lam * t), s = sin(w * t), c = cos(w * t)
            // x = T(1 − e(λ s/ω + c)) + v0·e·s/ω
            let a = 1 - e * (lam * s / w + c)
            let b = e * s / w
            // v = e[v0 c + (λ(Tλ − v0)/ω + Tω) s]
            let da = e * (lam * lam / w + w) * s
            let db = e * (c - lam * s / w)
            return (a, b, da, db)
        } else if z <= 1 + 1e-9 {
            let e = exp(-lam * t)
            // x = T − e[T + (Tλ − v0)t];  v = e[v0 + λ(Tλ − v0)t]
            let a = 1 - e * (1 + lam * t)
            let b = e * t
            let da = e * lam * lam * t
            let db = e * (1 - lam * t)
            return (a, b, da, db)
        } else {
            let w = w0 * (z * z - 1).squareRoot()
            let r1 = -lam + w, r2 = -lam - w
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            // T-basis: A = r2/(r1 − r2), B = −1 − A; v0-basis: A = 1/(r1 − r2), B = −A.
            let aT = r2 / (r1 - r2), bT = -1 - aT
            let aV = 1 / (r1 - r2)
            let a = 1 + aT * e1 + bT * e2
            let b = aV * (e1 - e2)
            let da = aT * r1 * e1 + bT * r2 * e2
            let db = aV * (r1 * e1 - r2 * e2)
            return (a, b, da, db)
        }
    }

    /// `Spring.value(target:initialVelocity:time:)`: position at `time` of a value that starts at
    /// 0 with velocity `initialVelocity` and is pulled toward `target`.
    public func value(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        let k = coefficients(time: time)
        return target * k.a + initialVelocity * k.b
    }

    /// `Spring.velocity(target:initialVelocity:time:)`: the exact derivative of `value`.
    public func velocity(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        let k = coefficients(time: time)
        return target * k.da + initialVelocity * k.db
    }

    /// Vector form of `value(target:initialVelocity:time:)`.
    public func value(target: AnimatableVector, initialVelocity: AnimatableVector = .zero, time: Double) -> AnimatableVector {
        let k = coefficients(time: time)
        return AnimatableVector(storage: target.storage * k.a + initialVelocity.storage * k.b)
    }

    /// Vector form of `velocity(target:initialVelocity:time:)`.
    public func velocity(target: AnimatableVector, initialVelocity: AnimatableVector = .zero, time: Double) -> AnimatableVector {
        let k = coefficients(time: time)
        return AnimatableVector(storage: target.storage * k.da + initialVelocity.storage * k.db)
    }

    /// `Spring.settlingDuration` (ADOC: target 1, initial velocity 0, epsilon 0.001), using the
    /// rule of docs/semantics.md §12 (OSUI `Spring+VectorArithmetic.swift`):
    /// - decay 0 → +∞;
    /// - underdamped: t = −ln(ε / (|T·λ − v0| + |T|)) / λ, clamped to ≥ 0;
    /// - critically/over-damped: sample every 0.1 s (at most 1024 samples) and return the first
    ///   sample time after which |x − T| stays < ε for more than 1 s (the last candidate, or
    ///   102.3 s, if the samples run out).
    public var settlingDuration: Double { settlingDuration(target: 1, initialVelocity: 0, epsilon: 0.001) }

    /// The settling duration for a given target, initial velocity and epsilon (§12).
    public func settlingDuration(target: Double, initialVelocity: Double = 0, epsilon: Double = 0.001) -> Double {
        let lam = decay
        if lam <= 0 { return .infinity }
        if dampingRatio < 1 - 1e-9 {
            let t = -log(epsilon / (abs(target * lam - initialVelocity) + abs(target))) / lam
            return max(0, t)
        }
        var candidate: Double? = nil
        for i in 0..<1024 {
            let t = Double(i) * 0.1
            let x = value(target: target, initialVelocity: initialVelocity, time: t)
            if abs(x - target) < epsilon {
                if let c = candidate {
                    if t - c > 1.0 + 1e-9 { return c }
                } else {
                    candidate = t
                }
            } else {
                candidate = nil
            }
        }
        return candidate ?? 102.3
    }
}
