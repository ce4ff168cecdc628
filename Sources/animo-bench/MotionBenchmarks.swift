// MotionBenchmarks: timing of the hot evaluation paths, for `animo-bench motion`
// (targets: 1,000,000 spring samples < 50 ns each, 1,000,000 Bézier samples < 100 ns each, release build).
import Foundation
import AnimoMotion

/// Micro-benchmarks of Motion's evaluators.
public enum MotionBenchmarks {
    /// One measurement.
    public struct Result: Sendable {
        public let name: String
        public let samples: Int
        public let nanosecondsPerSample: Double
        public let checksum: Double
    }

    @inline(never)
    static func measure(_ name: String, _ n: Int, _ body: (Int) -> Double) -> Result {
        let start = DispatchTime.now().uptimeNanoseconds
        var sum = 0.0
        for i in 0..<n { sum += body(i) }
        let ns = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(n)
        return Result(name: name, samples: n, nanosecondsPerSample: ns, checksum: sum)
    }

    /// Runs every benchmark with `samples` evaluations each.
    public static func results(samples n: Int = 1_000_000) -> [Result] {
        let spring = Spring.bouncy
        let curve = UnitCurve.easeInOut
        let custom = try! UnitCurve.bezier(0.2, 0.9, 0.1, 1.0)
        let fluid = AnimationRun(.bouncy, delta: AnimatableVector(100, 50))
        let inv = 1.0 / Double(n)
        return [
            measure("spring closed form (scalar)", n) { i in spring.value(target: 1, time: Double(i) * inv * 1.2) },
            measure("bezier easeInOut", n) { i in curve.value(at: Double(i) * inv) },
            measure("bezier (0.2, 0.9, 0.1, 1)", n) { i in custom.value(at: Double(i) * inv) },
            measure("fluid spring run sample", n) { i in fluid.sample(at: Double(i) * inv * 1.2).f },
        ]
    }

    /// Human-readable lines: `name: X ns/sample (N samples)`.
    public static func run(samples: Int = 1_000_000) -> [String] {
        results(samples: samples).map {
            let ns = ($0.nanosecondsPerSample * 10).rounded() / 10
            return "\($0.name): \(ns) ns/sample (\($0.samples) samples, checksum \($0.checksum))"
        }
    }
}
