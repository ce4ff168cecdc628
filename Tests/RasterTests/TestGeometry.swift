// Helpers shared by the Raster tests, written from the definitions (independent of the code under
// test): reproducible random generators (an LCG, and SplitMix64 where a test needs well-mixed bits), the non-zero winding number and the point–segment distance.
@testable import Raster

/// A small deterministic generator (64-bit LCG, Knuth's MMIX constants), so cases are reproducible.
struct TestLCG {
    var state: UInt64
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * next() }
}

/// Non-zero winding number of `p` with respect to implicitly closed polygons (crossing rule on the
/// upward/downward edges, as in the classic point-in-polygon test).
func windingNumber(_ lines: [Polyline], _ p: Point) -> Int {
    var w = 0
    for l in lines {
        let pts = l.points
        for i in 0..<pts.count {
            let a = pts[i], b = pts[(i + 1) % pts.count]
            if a.y <= p.y {
                if b.y > p.y && (b - a).cross(p - a) > 0 { w += 1 }
            } else if b.y <= p.y && (b - a).cross(p - a) < 0 { w -= 1 }
        }
    }
    return w
}

/// Distance from `p` to the segment a–b.
func distanceToSegment(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let ab = b - a, l2 = ab.dot(ab)
    let t = l2 > 0 ? min(max((p - a).dot(ab) / l2, 0), 1) : 0
    return (p - (a + ab * t)).length
}

/// A small deterministic generator (SplitMix64: Steele, Lea, Flood, "Fast splittable pseudorandom
/// number generators", 2014), so failures reproduce.
struct TestRandom {
    var state: UInt64
    mutating func bits() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    mutating func next() -> Double { Double(bits() >> 11) / Double(1 << 53) }
    /// Uniform in 0..<n.
    mutating func int(_ n: Int) -> Int { Int(bits() % UInt64(n)) }
}
