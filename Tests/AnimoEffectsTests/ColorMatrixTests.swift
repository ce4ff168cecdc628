import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoEffects

/// Each colour filter against its formula in docs/semantics.md, written out here independently, on a few
/// straight colours (non-premultiplied in, clamp, re-premultiply: §56).
@Suite struct ColorMatrixTests {
    static let colors: [SIMD4<Double>] = [[0.9, 0.2, 0.1, 1], [0.1, 0.6, 0.8, 0.5], [0.3, 0.3, 0.3, 0.25], [1, 1, 0, 1]]

    func run(_ f: Filter, _ c: SIMD4<Double>) throws -> SIMD4<Double> {
        var p = try Pixmap(width: 1, height: 1, fill: Color(red: c.x, green: c.y, blue: c.z, alpha: c.w).premultiplied)
        try apply(filters: [f], to: &p)
        let v = p.pixel(x: 0, y: 0)!.simd
        let a = Double(v.w)
        return a > 0 ? SIMD4(Double(v.x) / a, Double(v.y) / a, Double(v.z) / a, a) : SIMD4(0, 0, 0, 0)
    }

    func clamp(_ v: SIMD4<Double>) -> SIMD4<Double> { v.clamped(lowerBound: .zero, upperBound: .one) }

    func check(_ f: Filter, sourceLocation: SourceLocation = #_sourceLocation, _ expected: (SIMD4<Double>) -> SIMD4<Double>) throws {
        for c in Self.colors {
            let got = try run(f, c), want = clamp(expected(c))
            let err = want.w > 0 ? (got - want).replacing(with: 0, where: .zero .> 0).max() : abs(got.w)
            let d = SIMD4<Double>(abs(got.x - want.x), abs(got.y - want.y), abs(got.z - want.z), abs(got.w - want.w))
            #expect((want.w > 0 ? d.max() : abs(got.w)) < 2e-5, "\(f) on \(c): got \(got), want \(want) \(err)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [0.0, 0.5, 1.0, 2.0, -1.0])
    func saturation(s: Double) throws {  // §48
        let k = max(s, 0)
        try check(.saturation(s)) { c in
            SIMD4((0.2126 + 0.7873 * k) * c.x + (0.7152 - 0.7152 * k) * c.y + (0.0722 - 0.0722 * k) * c.z,
                  (0.2126 - 0.2126 * k) * c.x + (0.7152 + 0.2848 * k) * c.y + (0.0722 - 0.0722 * k) * c.z,
                  (0.2126 - 0.2126 * k) * c.x + (0.7152 - 0.7152 * k) * c.y + (0.0722 + 0.9278 * k) * c.z, c.w)
        }
    }

    @Test(arguments: [0.0, 1.0, .pi / 2, .pi])
    func hueRotation(theta: Double) throws {  // §49
        let C = cos(theta), S = sin(theta)
        try check(.hueRotation(radians: theta)) { c in
            SIMD4((0.2126 + 0.7873 * C - 0.2126 * S) * c.x + (0.7152 - 0.7152 * C - 0.7152 * S) * c.y + (0.0722 - 0.0722 * C + 0.9278 * S) * c.z,
                  (0.2126 - 0.2126 * C + 0.1430 * S) * c.x + (0.7152 + 0.2848 * C + 0.1400 * S) * c.y + (0.0722 - 0.0722 * C - 0.2830 * S) * c.z,
                  (0.2126 - 0.2126 * C - 0.7873 * S) * c.x + (0.7152 - 0.7152 * C + 0.7152 * S) * c.y + (0.0722 + 0.9278 * C + 0.0722 * S) * c.z, c.w)
        }
    }

    @Test(arguments: [-0.3, 0.2])
    func brightness(b: Double) throws {  // §50
        try check(.brightness(b)) { c in SIMD4(c.x + b, c.y + b, c.z + b, c.w) }
    }

    @Test(arguments: [0.0, 0.5, 1.5, -1.0])
    func contrast(k: Double) throws {  // §51
        try check(.contrast(k)) { c in
            SIMD4(k * c.x + (1 - k) / 2, k * c.y + (1 - k) / 2, k * c.z + (1 - k) / 2, c.w)
        }
    }

    @Test(arguments: [0.0, 0.4, 1.0])
    func grayscale(a: Double) throws {  // §52
        try check(.grayscale(a)) { c in
            let l = 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z
            return SIMD4((1 - a) * c.x + a * l, (1 - a) * c.y + a * l, (1 - a) * c.z + a * l, c.w)
        }
    }

    @Test(arguments: [1.0, 0.25])
    func colorInvert(a: Double) throws {  // §53
        try check(.colorInvert(a)) { c in
            SIMD4((1 - 2 * a) * c.x + a, (1 - 2 * a) * c.y + a, (1 - 2 * a) * c.z + a, c.w)
        }
    }

    @Test func colorMultiply() throws {  // §54
        let m = Color(red: 0.5, green: 1, blue: 0.25, alpha: 0.8)
        try check(.colorMultiply(m)) { c in SIMD4(c.x * 0.5, c.y * 1, c.z * 0.25, c.w * 0.8) }
    }

    @Test func luminanceToAlpha() throws {  // §55
        for c in Self.colors {
            var p = try Pixmap(width: 1, height: 1, fill: Color(red: c.x, green: c.y, blue: c.z, alpha: c.w).premultiplied)
            try apply(filters: [.luminanceToAlpha], to: &p)
            let v = p.pixel(x: 0, y: 0)!.simd
            let l = 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z  // input alpha ignored
            #expect(abs(Double(v.w) - l) < 2e-5 && v.x == 0 && v.y == 0 && v.z == 0, "\(c)")
        }
    }

    @Test func generalMatrix() throws {  // §56: R′ = r1R + r2G + r3B + r4A + r5
        let rows: [[Double]] = [[0.5, 0.1, 0, 0.2, 0.05], [0, 1, 0, 0, 0], [0.3, 0, 0.3, 0, 0.1], [0, 0, 0, 0.5, 0.1]]
        try check(.colorMatrix(try ColorMatrix(rows: rows))) { c in
            let v = [c.x, c.y, c.z, c.w]
            func row(_ r: [Double]) -> Double { r[0] * v[0] + r[1] * v[1] + r[2] * v[2] + r[3] * v[3] + r[4] }
            return SIMD4(row(rows[0]), row(rows[1]), row(rows[2]), row(rows[3]))
        }
        #expect(throws: FilterError.self) { try ColorMatrix(rows: [[1, 0, 0, 0]]) }
        #expect(throws: FilterError.self) { try ColorMatrix(rows: [[.nan, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 1, 0]]) }
    }

    @Test func transparentPixelsStayTransparent() throws {
        var p = try Pixmap(width: 1, height: 1)
        try apply(filters: [.brightness(0.5), .saturation(2), .colorInvert()], to: &p)
        #expect(p.pixel(x: 0, y: 0)!.simd == .zero)
    }
}
