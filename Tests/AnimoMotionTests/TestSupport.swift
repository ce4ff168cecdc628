// Independent reference integrators and helpers for Motion tests. Written here, not shared with
// the code under test, so tests can fail.
import Foundation
@testable import AnimoMotion

/// RK4 integration of m·x'' = −k(x − T) − c·x' from (x0, v0) over `time` with step `h`.
func rk4Spring(mass m: Double, stiffness k: Double, damping c: Double, target T: Double,
               x0: Double = 0, v0: Double, time: Double, step h: Double = 1e-4) -> (x: Double, v: Double) {
    var x = x0, v = v0, t = 0.0
    func acc(_ x: Double, _ v: Double) -> Double { (-k * (x - T) - c * v) / m }
    while t < time - 1e-15 {
        let dt = min(h, time - t)
        let k1x = v, k1v = acc(x, v)
        let k2x = v + 0.5 * dt * k1v, k2v = acc(x + 0.5 * dt * k1x, v + 0.5 * dt * k1v)
        let k3x = v + 0.5 * dt * k2v, k3v = acc(x + 0.5 * dt * k2x, v + 0.5 * dt * k2v)
        let k4x = v + dt * k3v, k4v = acc(x + dt * k3x, v + dt * k3v)
        x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        t += dt
    }
    return (x, v)
}

/// Evaluates a cubic Bézier coordinate at parameter s (Bernstein form, independent of the solver).
func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
}

func close(_ a: Double, _ b: Double, _ tol: Double) -> Bool { abs(a - b) <= tol }
