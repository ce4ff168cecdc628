// Corner profiles of rounded rectangles: circular quarter arcs and Apple's "continuous" corner.
//
// Apple's exact continuous-curvature corner is private (docs/semantics.md §62). We use the widely ported
// reverse-engineered construction published by PaintCode, "Drawing code for iOS 7 rounded rectangles"
// (paintcodeapp.com/news/code-for-ios-7-rounded-rectangles), quoted in docs/semantics.md §63: each
// corner reaches 1.52866483·r along both edges and is made of three cubics joined by two short lines.
// The coordinates below are PaintCode's, in units of r, as (along the incoming edge measured back from
// the corner, along the outgoing edge measured from the corner).
//
// Too-small rectangles. PaintCode clamps r to min(w, h)/2/1.52866483 so the corner still fits, which
// makes large radii look smaller than asked. We instead keep r (clamped only to min(w, h)/2 as SwiftUI
// does, §65) and blend the corner's control points linearly toward the circular corner of the
// same r (written in the same 3-cubic structure), with the blend weight chosen so the corner's extent
// along the edge, r·(1.52866483 − 0.52866483·t), is exactly the available half side. Consequences:
// - r·1.52866483 ≤ min(w, h)/2 → exactly PaintCode's corner;
// - r = min(w, h)/2 (a capsule) → exactly the circular capsule;
// - in between the shape changes continuously with r, so animating the radius does not jump.
// Rejected: PaintCode's clamp (shrinks the visible radius, capsules stop being capsules) and switching
// abruptly to circular corners (a visible jump while animating cornerRadius).
import Foundation

/// The corner style of rounded rectangles and capsules (SwiftUI's `RoundedCornerStyle`).
public enum RoundedCornerStyle: String, Hashable, Sendable, CaseIterable {
    /// Quarter-circle corners (Core Graphics' `addRoundedRect`).
    case circular
    /// Continuous-curvature corners (SwiftUI's default in the current SDK, docs/semantics.md §61).
    case continuous
}

/// One corner as a fixed sequence: start point, cubic, line, cubic, line, cubic (so that profiles
/// with the same structure can be blended point by point).
struct CornerProfile {
    /// 12 points in corner units: start, then (c1, c2, end) ×3 interleaved with line ends:
    /// [start, c1a, c2a, ea, la, c1b, c2b, eb, lb, c1c, c2c, ec].
    var points: [Point]

    /// PaintCode's continuous corner (docs/semantics.md §63).
    static let extent = 1.52866483
    static let continuous = CornerProfile(points: [
        Point(1.52866483, 0),
        Point(1.08849323, 0), Point(0.86840689, 0), Point(0.66993427, 0.06549600),
        Point(0.63149399, 0.07491100),
        Point(0.37282392, 0.16905899), Point(0.16905899, 0.37282392), Point(0.07491100, 0.63149399),
        Point(0.06549600, 0.66993427),
        Point(0, 0.86840689), Point(0, 1.08849323), Point(0, 1.52866483),
    ])

    /// A circular quarter corner of radius 1 in the same structure: degenerate first and last cubics,
    /// zero-length lines, and one 90° cubic whose handles are 4/3·tan(π/8) = 0.5522847498 (the standard
    /// tangent-matching arc approximation; radial error 2.7e-4·r).
    static let circularK = 4.0 / 3.0 * tan(Double.pi / 8)
    static let circular = CornerProfile(points: [
        Point(1, 0),
        Point(1, 0), Point(1, 0), Point(1, 0),
        Point(1, 0),
        Point(1 - circularK, 0), Point(0, 1 - circularK), Point(0, 1),
        Point(0, 1),
        Point(0, 1), Point(0, 1), Point(0, 1),
    ])

    /// The profile for radius `r` when only `available` length of each edge may be used (half the
    /// shorter side). See the file header for the blending rule.
    static func profile(style: RoundedCornerStyle, radius r: Double, available: Double) -> CornerProfile {
        guard style == .continuous, r > 0 else { return circular }
        if r * extent <= available { return continuous }
        // extent(t) = r·(E − (E − 1)·t) = available  →  t = (r·E − available) / (r·(E − 1)).
        let t = min(1, max(0, (r * extent - available) / (r * (extent - 1))))
        var pts = continuous.points
        for k in pts.indices { pts[k] = pts[k].lerp(circular.points[k], t) }
        return CornerProfile(points: pts)
    }

    /// How far along each edge the corner reaches, in corner units.
    var reach: Double { points[0].x }

    /// Appends the corner at `corner`, arriving along unit direction `dIn` and leaving along `dOut`,
    /// scaled by `r`. The path's current point is expected to be the profile's start.
    func append(to path: inout Path, corner: Point, dIn: Point, dOut: Point, r: Double) {
        func map(_ q: Point) -> Point { corner - dIn * (q.x * r) + dOut * (q.y * r) }
        var k = 1
        for piece in 0..<5 {
            if piece % 2 == 0 {
                let c1 = map(points[k]), c2 = map(points[k + 1]), e = map(points[k + 2])
                if !(c1 == path.currentPoint && c2 == e && c1 == e) {   // skip fully degenerate cubics
                    path.cubic(to: e, control1: c1, control2: c2)
                }
                k += 3
            } else {
                let e = map(points[k])
                if e != path.currentPoint { path.line(to: e) }
                k += 1
            }
        }
    }
}
