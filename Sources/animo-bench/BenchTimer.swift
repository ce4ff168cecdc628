// Timing helpers for animo-bench: wall-clock medians over repeated runs after a warm-up.
// Benchmarks print figures; they never assert (tests do not time anything).
import Foundation

struct Timing {
    var samples: [Double]   // milliseconds
    var median: Double { let s = samples.sorted(); return s.isEmpty ? .nan : s[s.count / 2] }
    var min: Double { samples.min() ?? .nan }
    var max: Double { samples.max() ?? .nan }
    var summary: String { String(format: "%.2f ms (min %.2f, max %.2f, n %d)", median, min, max, samples.count) }
}

/// Runs `body` once to warm up, then `runs` times, and returns the per-run milliseconds.
func measure(runs: Int, warmup: Int = 1, _ body: () throws -> Void) rethrows -> Timing {
    for _ in 0..<warmup { try body() }
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return Timing(samples: samples)
}

func format(_ x: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", x) }
