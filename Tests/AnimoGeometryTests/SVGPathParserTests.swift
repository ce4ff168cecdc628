import Foundation
import Testing
@testable import AnimoGeometry

private func near(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool { a.distance(to: b) <= tol }

@Suite struct SVGPathParserTests {
    @Test func absoluteAndRelativeLines() throws {
        let p = try Path(svg: "M10 20 L30 40 l5 5 H100 h-10 V0 v7 Z")
        #expect(p.elements == [.move(Point(10, 20)), .line(Point(30, 40)), .line(Point(35, 45)),
                               .line(Point(100, 45)), .line(Point(90, 45)), .line(Point(90, 0)),
                               .line(Point(90, 7)), .close])
    }

    @Test func implicitLinetoAfterMoveto() throws {
        #expect(try Path(svg: "M1 2 3 4 5 6").elements == [.move(Point(1, 2)), .line(Point(3, 4)), .line(Point(5, 6))])
        // Relative moveto: the implicit linetos are relative too; a leading m is absolute.
        #expect(try Path(svg: "m1 2 3 4 5 6").elements == [.move(Point(1, 2)), .line(Point(4, 6)), .line(Point(9, 12))])
        // A second relative moveto is relative to the current point.
        #expect(try Path(svg: "M1 1 L2 2 m10 10").elements.last == .move(Point(12, 12)))
    }

    @Test func numberSyntax() throws {
        #expect(try Path(svg: "M1.5.5L-1-2").elements == [.move(Point(1.5, 0.5)), .line(Point(-1, -2))])
        #expect(try Path(svg: "M1e-3,2E+2 L.5e1 -.25").elements == [.move(Point(0.001, 200)), .line(Point(5, -0.25))])
        #expect(try Path(svg: "  M 0,0\n\tL +3 , 4  ").elements == [.move(.zero), .line(Point(3, 4))])
        #expect(try Path(svg: "").isEmpty)
        #expect(try Path(svg: "   ").isEmpty)
    }

    @Test func cubicsAndSmoothReflection() throws {
        let p = try Path(svg: "M0 0 C10 0 20 10 20 20 S30 40 40 40 s10 0 10 10")
        #expect(p.elements[1] == .cubic(Point(10, 0), Point(20, 10), Point(20, 20)))
        // S reflects the previous second control (20,10) about (20,20) → (20,30).
        #expect(p.elements[2] == .cubic(Point(20, 30), Point(30, 40), Point(40, 40)))
        // s: reflection of (30,40) about (40,40) is (50,40); relative points from (40,40).
        #expect(p.elements[3] == .cubic(Point(50, 40), Point(50, 40), Point(50, 50)))
        // S without a preceding cubic uses the current point as first control.
        #expect(try Path(svg: "M0 0 L5 5 S10 10 20 0").elements[2] == .cubic(Point(5, 5), Point(10, 10), Point(20, 0)))
    }

    @Test func quadsAndSmoothReflection() throws {
        let p = try Path(svg: "M0 0 Q10 10 20 0 T40 0 t20 0")
        #expect(p.elements[1] == .quad(Point(10, 10), Point(20, 0)))
        #expect(p.elements[2] == .quad(Point(30, -10), Point(40, 0)))
        #expect(p.elements[3] == .quad(Point(50, 10), Point(60, 0)))
        // Implicit repeat of a relative q: relative to the end of the first, (10, 0).
        #expect(try Path(svg: "M0 0 q5 5 10 0 10 0 20 0").elements[2] == .quad(Point(20, 0), Point(30, 0)))
        // T after a non-quad: control = current point.
        #expect(try Path(svg: "M0 0 L4 4 T8 0").elements[2] == .quad(Point(4, 4), Point(8, 0)))
    }

    @Test func commandAfterCloseStartsAtSubpathStart() throws {
        let p = try Path(svg: "M10 10 L20 10 Z l5 5")
        #expect(p.elements == [.move(Point(10, 10)), .line(Point(20, 10)), .close, .move(Point(10, 10)), .line(Point(15, 15))])
    }

    @Test func arcEndpointAndCenter() throws {
        // Half circle of r = 10 from (0,0) to (20,0) with sweep 1 (increasing angle = clockwise on a y-down
        // screen): from the left end clockwise to the right end goes over the top, through (10, −10).
        let p = try Path(svg: "M0 0 A10 10 0 0 1 20 0")
        guard case .cubic(_, _, let end)? = p.elements.last else { Issue.record("no cubic"); return }
        #expect(end == Point(20, 0))
        let m = PathMeasure(p)
        #expect(abs(m.length - .pi * 10) < 1e-5)
        #expect(near(m.point(atLength: m.length / 2)!, Point(10, -10), 1e-3))
        // Every flattened point is on the circle centred at (10, 0).
        for q in p.flattened(tolerance: 0.001)[0].points { #expect(abs(q.distance(to: Point(10, 0)) - 10) < 0.01) }
    }

    @Test func arcCenterConversion() {
        // Quarter of an ellipse rx 20, ry 10 from (20,0) to (0,10) centred at the origin, sweep 1 small arc.
        guard case .arc(let a) = EllipticalArc.convert(from: Point(20, 0), to: Point(0, 10), rx: 20, ry: 10,
                                                       xAxisRotationDegrees: 0, largeArc: false, sweep: true) else {
            Issue.record("not an arc"); return
        }
        #expect(near(a.center, .zero, 1e-9))
        #expect(abs(a.sweep - .pi / 2) < 1e-12)
        // Same endpoints with the large-arc flag: centre at (20, 10), sweep 3π/2.
        guard case .arc(let b) = EllipticalArc.convert(from: Point(20, 0), to: Point(0, 10), rx: 20, ry: 10,
                                                       xAxisRotationDegrees: 0, largeArc: true, sweep: true) else {
            Issue.record("not an arc"); return
        }
        #expect(near(b.center, Point(20, 10), 1e-9))
        #expect(abs(b.sweep - 3 * .pi / 2) < 1e-12)
        // Rotated: a circle is unaffected by rotation.
        guard case .arc(let c) = EllipticalArc.convert(from: Point(10, 0), to: Point(-10, 0), rx: 10, ry: 10,
                                                       xAxisRotationDegrees: 37, largeArc: false, sweep: false) else {
            Issue.record("not an arc"); return
        }
        #expect(near(c.center, .zero, 1e-9))
        #expect(near(c.point(at: c.startAngle + c.sweep), Point(-10, 0), 1e-9))
    }

    @Test func arcRadiiScaledUpAndZeroRadii() throws {
        // Radius 1 cannot span 20 units: scaled to 10, a half circle centred at the midpoint.
        guard case .arc(let a) = EllipticalArc.convert(from: Point(0, 0), to: Point(20, 0), rx: 1, ry: 1,
                                                       xAxisRotationDegrees: 0, largeArc: false, sweep: false) else {
            Issue.record("not an arc"); return
        }
        #expect(abs(a.radii.x - 10) < 1e-9 && abs(a.radii.y - 10) < 1e-9)
        #expect(near(a.center, Point(10, 0), 1e-9))
        // Zero radius → straight line; equal endpoints → omitted.
        #expect(try Path(svg: "M0 0 A0 5 0 0 1 10 10").elements == [.move(.zero), .line(Point(10, 10))])
        #expect(try Path(svg: "M3 3 A5 5 0 0 1 3 3").elements == [.move(Point(3, 3))])
    }

    @Test func compactArcFlags() throws {
        let a = try Path(svg: "M0 0 A 1 1 0 01 1 1")
        let b = try Path(svg: "M0 0 A 1 1 0 0 1 1 1")
        #expect(a == b)
        #expect(a.currentPoint == Point(1, 1))
        // Relative arc with flags glued to the next number.
        let c = try Path(svg: "M5 5 a1 1 0 1110 0")
        #expect(c.currentPoint == Point(15, 5))
    }

    @Test(arguments: [
        ("L 1 2", 1, "expected 'M' or 'm'"),
        ("M 1 2 L", 8, "expected a number after 'L'"),
        ("M 1 2 L 3 x", 11, "expected a number after 'L'"),
        ("M0 0 A1 1 0 2 1 3 3", 13, "expected a flag (0 or 1) after 'A'"),
        ("M0 0 L1 1 X", 11, "unexpected character 'X', expected a command"),
        ("M0 0 L1e 2", 9, "expected exponent digits in number after 'L'"),
        ("M0 0 Z 5", 8, "expected a command after 'Z'"),
        ("M 1", 4, "expected a number after 'M'"),
    ])
    func errorsNameColumnAndExpectation(input: String, column: Int, message: String) {
        do {
            _ = try Path(svg: input)
            Issue.record("no error for \(input)")
        } catch let e as SVGPathError {
            #expect(e.column == column)
            #expect(e.message == message)
            #expect(e.description == "\(message) at column \(column)")
        } catch {
            Issue.record("wrong error type")
        }
    }
}
