import Foundation
import Testing
@testable import AnimoMotion

@Test(arguments: [(0.5, 1.0), (0.5, 0.85), (0.5, 0.7), (0.35, 0.6), (0.15, 0.85)])
func fluidSpringMatchesRK4(response: Double, zeta: Double) {
    // Reference: RK4 at 1e-4 s on x'' = −k(x − D) − c·x', k = (2π/r)², c = 2√k·ζ (§15).
    let k = pow(2 * Double.pi / response, 2), c = 2 * k.squareRoot() * zeta
    let delta = 100.0
    let traj = FluidSpringTrajectory(delta: AnimatableVector(delta), response: response, dampingFraction: zeta)
    let rest = traj.restTime ?? 10
    var t = 1.0 / 30
    while t < rest {
        let ref = rk4Spring(mass: 1, stiffness: k, damping: c, target: delta, v0: 0, time: t)
        // Error ≤ 1e-4 of the delta (the bound for the fluid spring).
        #expect(abs(traj.offset(at: t).x - ref.x) <= 1e-4 * delta, "t=\(t)")
        // Off the 1/300 s grid (Hermite interpolation between steps).
        let u = t + 0.0013
        let refU = rk4Spring(mass: 1, stiffness: k, damping: c, target: delta, v0: 0, time: u)
        #expect(abs(traj.offset(at: u).x - refU.x) <= 1e-4 * delta, "t=\(u)")
        #expect(abs(traj.velocity(at: u).x - refU.v) <= 1e-3 * delta, "t=\(u)")
        t += 1.0 / 30
    }
}

@Test func fluidSpringCarriesInitialVelocity() {
    let k = pow(2 * Double.pi / 0.5, 2), c = 2 * k.squareRoot() * 0.8
    let traj = FluidSpringTrajectory(delta: AnimatableVector(10), initialVelocity: AnimatableVector(-40),
                                     response: 0.5, dampingFraction: 0.8)
    for t in [0.05, 0.1, 0.3] {
        let ref = rk4Spring(mass: 1, stiffness: k, damping: c, target: 10, v0: -40, time: t)
        #expect(abs(traj.offset(at: t).x - ref.x) <= 1e-6)
        #expect(abs(traj.velocity(at: t).x - ref.v) <= 1e-5)
    }
    #expect(close(traj.velocity(at: 0).x, -40, 1e-12))
}

@Test func fluidSpringRestRule() {
    // At the rest step the thresholds of §15 hold, one step earlier they do not.
    let traj = FluidSpringTrajectory(delta: AnimatableVector(200), response: 0.5, dampingFraction: 0.7)
    let n = try! #require(traj.finishStep)
    let k = pow(2 * Double.pi / 0.5, 2), c = 2 * k.squareRoot() * 0.7
    func ok(_ s: SIMD4<Double>) -> Bool {
        let rem = 200 * (1 - s[0]), v = 200 * s[2], a = k * rem - c * v
        return v * v <= 0.0036 && a * a <= 0.0036 && abs(rem) <= 2
    }
    #expect(ok(traj.basis(step: n)))
    #expect(!ok(traj.basis(step: n - 1)))
    #expect(traj.offset(at: Double(n) / 300 + 0.01) == AnimatableVector(200))
}

@Test func fluidStiffnessIsCapped() {
    let (k, _) = FluidSpringTrajectory.coefficients(time: 0, response: 0.01, zeta: 1, blendFrom: nil, blendDuration: 0)
    #expect(k == 45000)
}

@Test func randomAccessEqualsSequential() {
    let traj = FluidSpringTrajectory(delta: AnimatableVector(1, 2), response: 0.4, dampingFraction: 0.5)
    let times = (0..<120).map { Double($0) / 97 }
    let seq = times.map { traj.offset(at: $0) }
    for i in times.indices.shuffled() {
        #expect(traj.offset(at: times[i]) == seq[i])
    }
}

@Test func undampedFluidSpringStaysBoundedAndCheap() {
    // ζ = 0 never rests (finishStep nil); far-future queries use the closed form, no long loops.
    let traj = FluidSpringTrajectory(delta: AnimatableVector(1), response: 0.5, dampingFraction: 0)
    #expect(traj.finishStep == nil)
    let w = 2 * Double.pi / 0.5
    for t in [61.0, 1000.25, 1e8] {
        #expect(close(traj.offset(at: t).x, 1 - cos(w * t), 1e-5 * max(1, t / 100)))
    }
    let run = AnimationRun(try! Animation.linear(duration: 1).speed(1e300).repeatForever(), delta: AnimatableVector(1))
    _ = run.sample(at: 5e8)
}
