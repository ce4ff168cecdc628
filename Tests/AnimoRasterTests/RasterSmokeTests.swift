import Testing
@testable import AnimoRaster
@testable import AnimoGeometry

@Test func arcOfQuarterCircleStaysOnCircle() {
    var p = Path()
    p.addArc(center: Point(0, 0), radius: 100, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    let lines = p.flattened(tolerance: 0.01)
    #expect(lines.count == 1)
    for q in lines[0].points { #expect(abs(q.length - 100) < 0.03) }
    #expect(abs(lines[0].points.last!.y - 100) < 1e-9)
}
