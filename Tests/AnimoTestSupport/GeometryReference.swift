// Reference geometry for tests, written from the definitions and independent of the code under
// test: the non-zero winding number, the point–segment distance and the shoelace area.
import AnimoGeometry

/// Non-zero winding number of `p` with respect to implicitly closed polygons (crossing rule on the
/// upward and downward edges, as in the classic point-in-polygon test).
public func windingNumber(_ lines: [Polyline], _ p: Point) -> Int {
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
public func distanceToSegment(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let ab = b - a, l2 = ab.dot(ab)
    let t = l2 > 0 ? min(max((p - a).dot(ab) / l2, 0), 1) : 0
    return (p - (a + ab * t)).length
}

/// Signed shoelace area of flattened contours (positive = clockwise on a y-down screen).
public func shoelace(_ lines: [Polyline]) -> Double {
    var a = 0.0
    for l in lines {
        let pts = l.points
        guard pts.count > 2 else { continue }
        for i in 0..<pts.count {
            let p = pts[i], q = pts[(i + 1) % pts.count]
            a += p.x * q.y - q.x * p.y
        }
    }
    return a / 2
}
