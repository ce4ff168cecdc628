import Testing
import AnimoTestSupport
import Foundation
@testable import AnimoRaster
@testable import AnimoGeometry

private let red = Color(red: 1, green: 0, blue: 0)
private let blue = Color(red: 0, green: 0, blue: 1)
private let green = Color(red: 0, green: 1, blue: 0, alpha: 0.5)

private func render(_ paint: Paint, _ w: Int, _ h: Int, ctm: Transform = .identity) throws -> Pixmap {
    var ctx = try DrawingContext(width: w, height: h)
    ctx.transform = ctm
    ctx.fillAll(with: paint)
    return ctx.pixmap
}

private func close(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ tol: Float = 1e-4) -> Bool {
    (a - b).replacing(with: b - a, where: a .< b).max() < tol
}

@Test func gradientStopColorsAtStopLocations() {
    let g = Gradient(stops: [.init(color: red, location: 0), .init(color: green, location: 0.25), .init(color: blue, location: 1)])
    #expect(g.color(at: 0) == red)
    #expect(g.color(at: 0.25) == green)
    #expect(g.color(at: 1) == blue)
    #expect(g.color(at: -3) == red && g.color(at: 7) == blue)          // pad
    // Midway between green (α .5) and blue (α 1): straight components interpolated, not premultiplied.
    let m = g.color(at: 0.625)
    #expect(abs(m.green - 0.5) < 1e-12 && abs(m.blue - 0.5) < 1e-12 && abs(m.alpha - 0.75) < 1e-12)
}

@Test func gradientStopsAreSortedStablyAndDuplicatesMakeAHardEdge() {
    let g = Gradient(stops: [.init(color: blue, location: 1), .init(color: red, location: 0.5),
                             .init(color: green, location: 0.5), .init(color: red, location: .nan),
                             .init(color: red, location: -2)])
    #expect(g.stops.map(\.location) == [0, 0.5, 0.5, 1])
    #expect(g.color(at: 0.4999) .approx(red, 1e-3))
    #expect(g.color(at: 0.5) == green)                                     // the later duplicate wins
    #expect(Gradient(stops: []).color(at: 0.3) == .clear)
    #expect(Gradient(colors: [red, blue]).color(at: 0.5) == Color(red: 0.5, green: 0, blue: 0.5))
}

@Test func linearGradientInDeviceSpaceHitsStopColorsAtStopPixels() throws {
    // Gradient space: unit square, mapped onto a 101 × 4 frame: x = 0 → red, x = 1 → blue.
    let frame = Transform.scale(100, 4)
    let pm = try render(.linearGradient(Gradient(colors: [red, blue]), start: Point(0, 0.5), end: Point(1, 0.5),
                                        transform: frame), 101, 4)
    // Pixel x has center x + 0.5 → t = (x + 0.5) / 100.
    for x in [0, 25, 49, 99, 100] {
        let t = min(Float(x) + 0.5, 100) / 100
        #expect(close(pm.pixel(x: x, y: 2)!.simd, SIMD4(1 - t, 0, t, 1)))
    }
}

@Test func radialGradientFollowsDistanceBetweenRadii() throws {
    let pm = try render(.radialGradient(Gradient(colors: [red, blue]), center: Point(50, 50), startRadius: 10, endRadius: 30), 100, 100)
    func at(_ x: Int, _ y: Int) -> SIMD4<Float> { pm.pixel(x: x, y: y)!.simd }
    #expect(close(at(50, 50), red.premultiplied.simd))                      // inside start radius: pad
    let d = (Double(70) + 0.5 - 50)                                         // pixel (70, 49): center (70.5, 49.5)
    let dist = (d * d + 0.25).squareRoot()
    let t = Float((dist - 10) / 20)
    #expect(close(at(70, 49), SIMD4(1 - t, 0, t, 1)))
    #expect(close(at(99, 50), blue.premultiplied.simd))
}

@Test func angularGradientStartsAtThreeOClockClockwise() throws {
    let g = Gradient(colors: [red, blue])
    let pm = try render(.angularGradient(g, center: Point(50, 50), startAngle: 0, endAngle: 2 * .pi), 100, 100)
    func t(_ x: Int, _ y: Int) -> Float {
        var a = atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 50)
        if a < 0 { a += 2 * .pi }
        return Float(a / (2 * .pi))
    }
    for (x, y) in [(90, 50), (50, 90), (10, 50), (50, 10), (80, 70)] {
        let tt = t(x, y)
        #expect(close(pm.pixel(x: x, y: y)!.simd, SIMD4(1 - tt, 0, tt, 1)), "\(x),\(y)")
    }
    // Below 3 o'clock (y > 50) is just after the start (clockwise on screen), so mostly red.
    #expect(pm.pixel(x: 90, y: 52)!.red > 0.95)
    // A quarter sweep: the missing 270° shows the end color first, the start color after halfway.
    let q = try render(.angularGradient(g, center: Point(50, 50), startAngle: 0, endAngle: .pi / 2), 100, 100)
    #expect(close(q.pixel(x: 10, y: 52)!.simd, blue.premultiplied.simd))    // ~177°: first half of the gap
    #expect(close(q.pixel(x: 52, y: 10)!.simd, red.premultiplied.simd))     // ~272°: second half
}

@Test func opacityScalesPaint() throws {
    let pm = try render(.solid(Color(red: 1, green: 0.5, blue: 0, alpha: 0.8)), 2, 2)
    #expect(close(pm.pixel(x: 0, y: 0)!.simd, SIMD4(0.8, 0.4, 0, 0.8)))
    var ctx = try DrawingContext(width: 2, height: 2)
    ctx.fillAll(with: .solid(red), opacity: 0.25)
    #expect(close(ctx.pixmap.pixel(x: 1, y: 1)!.simd, SIMD4(0.25, 0, 0, 0.25)))
}

extension Color {
    fileprivate func approx(_ o: Color, _ tol: Double) -> Bool {
        abs(red - o.red) < tol && abs(green - o.green) < tol && abs(blue - o.blue) < tol && abs(alpha - o.alpha) < tol
    }
}
