// Star and regular polygon shapes inscribed in a frame. SwiftUI has no built-in star or polygon; these
// follow the conventions of the built-in shapes (Shapes.swift): centred in the frame, circumradius
// min(w, h)/2 like `Circle`, closed, running clockwise on a y-down screen.
//
// Angle convention (a choice, documented): `rotationDegrees` is the angle of the first vertex measured
// from 3 o'clock, positive clockwise on screen, the same convention as `Path.addArc` and SwiftUI's
// `Angle` in `rotationEffect`. So rotation 0 puts the first vertex at 3 o'clock (where `Circle` starts)
// and rotation −90 puts it at 12 o'clock (the usual upright star).
import Foundation

extension Path {
    /// A star with `points` outer vertices (at least 2) alternating with as many inner vertices at
    /// `innerRatio` (clamped to [0, 1]) of the outer radius. Outer radius min(w, h)/2, centred. The path
    /// starts at the first outer vertex (angle `rotationDegrees`, see file header) and runs clockwise on
    /// screen. Returns an empty path for fewer than 2 points or a non-finite frame.
    public static func star(in rect: Rect, points: Int, innerRatio: Double, rotationDegrees: Double = -90) -> Path {
        guard points >= 2, rect.isFiniteRect, rotationDegrees.isFinite else { return Path() }
        let r = rect.standardized
        let outer = min(r.width, r.height) / 2
        let inner = outer * (innerRatio.isFinite ? min(max(innerRatio, 0), 1) : 0.5)
        let start = rotationDegrees * .pi / 180
        let n = 2 * points
        var radii: [Double] = []
        radii.reserveCapacity(n)
        for k in 0..<n { radii.append(k % 2 == 0 ? outer : inner) }
        return radialPolygon(center: r.center, radii: radii, startAngle: start)
    }

    /// A regular polygon with `sides` (at least 3) vertices on the circle of radius min(w, h)/2 centred in
    /// the frame; the first vertex is at angle `rotationDegrees` (see file header), then clockwise on screen.
    public static func regularPolygon(in rect: Rect, sides: Int, rotationDegrees: Double = -90) -> Path {
        guard sides >= 3, rect.isFiniteRect, rotationDegrees.isFinite else { return Path() }
        let r = rect.standardized
        let radius = min(r.width, r.height) / 2
        return radialPolygon(center: r.center, radii: Array(repeating: radius, count: sides),
                             startAngle: rotationDegrees * .pi / 180)
    }

    /// Vertices at equal angular steps (clockwise on screen) with the given radii, closed.
    static func radialPolygon(center: Point, radii: [Double], startAngle: Double) -> Path {
        var p = Path()
        let step = 2 * Double.pi / Double(radii.count)
        for (k, rad) in radii.enumerated() {
            let a = startAngle + step * Double(k)
            let q = Point(center.x + rad * cos(a), center.y + rad * sin(a))
            if k == 0 { p.move(to: q) } else { p.line(to: q) }
        }
        p.close()
        return p
    }
}
