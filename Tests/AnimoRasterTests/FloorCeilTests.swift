// Rasterizer.floorSmall / ceilSmall replace `Int(x.rounded(.down/.up))` on the accumulation's hot
// lines (baseline x86-64 has no rounding instruction). They must give the same integers for every
// input the rasterizer can see (|x| < 2⁵⁰); the reference here is the definition of floor and
// ceiling: the integer n with n ≤ x < n + 1 (resp. n − 1 < x ≤ n), checked directly, plus the stdlib
// rounding.
import Testing
@testable import AnimoRaster
@testable import AnimoGeometry

private let samples: [Double] = {
    var v: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 2.5, -2.5, 16384, -16384, 1e-300, -1e-300,
                       Double.ulpOfOne, -Double.ulpOfOne, 4503599627370495.5, -4503599627370495.5,
                       9007199254740992, -9007199254740992, 1e18, -1e18]
    for k in -40...40 {
        let n = Double(k)
        v += [n, n.nextUp, n.nextDown, n + 0.25, n - 0.25, n + 0.999999, n - 0.999999]
    }
    // A deterministic spread of fractional values (Weyl sequence with the golden ratio).
    var x = 0.0
    for _ in 0..<2000 { x = (x + 0.6180339887498949).truncatingRemainder(dividingBy: 1); v += [x * 2400 - 1200] }
    return v
}()

/// floorSmall / ceilSmall (the accumulation's magic-number forms) give the same integers as the
/// definition, and the same value as a Double, on their domain |x| < 2⁵⁰ (up to its edges).
@Test func smallFloorAndCeilingMatchTheDefinition() {
    let edge = 0x1p50.nextDown
    let domain = samples.filter { abs($0) < 0x1p50 } + [edge, -edge, 0x1p50 - 0.5, -0x1p50 + 0.5, 0x1p49 + 0.5, -0x1p49 - 0.5]
    for x in domain {
        let (f, fd) = Rasterizer.floorSmall(x)
        #expect(Double(f) <= x && x < Double(f) + 1, "floorSmall(\(x)) = \(f)")
        #expect(f == Int(x.rounded(.down)) && fd == x.rounded(.down), "floorSmall(\(x)) = \(f), \(fd)")
        let (c, cd) = Rasterizer.ceilSmall(x)
        #expect(Double(c) - 1 < x && x <= Double(c), "ceilSmall(\(x)) = \(c)")
        #expect(c == Int(x.rounded(.up)) && cd == x.rounded(.up), "ceilSmall(\(x)) = \(c), \(cd)")
    }
}

/// floorNonNegative / ceilNonNegative (the cell-column forms: truncation on x86-64) give the floor
/// and ceiling of the definition, as Int and as Double, on their domain 0 ≤ x < 2³¹ (and −0).
@Test func nonNegativeFloorAndCeilingMatchTheDefinition() {
    let domain = samples.filter { $0 >= 0 && $0 < 0x1p31 } + [-0.0, 0x1p31.nextDown, 16386, 16385.999999999998]
    for x in domain {
        let (f, fd) = Rasterizer.floorNonNegative(x)
        #expect(f == Int(x.rounded(.down)) && fd == x.rounded(.down), "floorNonNegative(\(x)) = \(f), \(fd)")
        let (c, cd) = Rasterizer.ceilNonNegative(x)
        #expect(c == Int(x.rounded(.up)) && cd == x.rounded(.up), "ceilNonNegative(\(x)) = \(c), \(cd)")
    }
}
