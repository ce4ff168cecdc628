// The stroker's input: subpaths flattened to polylines that remember which vertices are real corners.
//
// Flattening cuts are chosen in device space (control points mapped through the caller's transform,
// then the curvature-adaptive cuts of CurveFlattening.swift, never more than Wang's uniform count of
// Flatten.swift), but points are evaluated in the path's own space at the same parameters. Affine maps
// commute with Bézier evaluation, so the device image of these points is exactly the device-space
// flattening: the chords are within `tolerance` device units of the curve.
//
// A vertex is *smooth* when it lies inside a curve, or where two segments meet with the same tangent
// direction (e.g. the quarter arcs of a circle). The stroker joins smooth vertices with round joins,
// which makes the outline the exact Minkowski sum of the polyline with the pen: it then stays within
// `tolerance` of the true offset curve whatever the line width. User joins apply only at real corners.
import Foundation

struct StrokeContour: Sendable {
    var points: [Point]
    /// smooth[i] is true when points[i] is a smooth vertex (see header); same count as points.
    var smooth: [Bool]
    var closed: Bool
    /// For a contour whose points all coincide: the direction a square cap is aligned to (nil = axis-aligned).
    var direction: Point? = nil

    /// True when every point is the same (a zero-length subpath or dash).
    var isDegenerate: Bool { points.allSatisfy { $0 == points[0] } }
}

extension Path {
    /// Flattens into stroke contours (see file header). Lone `move`s are dropped; a subpath with segments
    /// of zero total length (`M p L p`, or `M p Z`) becomes a single-point contour.
    func strokeContours(transform: Transform, tolerance: Double) -> [StrokeContour] {
        var b = StrokeContourBuilder(tolerance: max(tolerance, 1e-6))
        for e in elements {
            switch e {
            case .move(let p):
                b.flush(closed: false)
                b.start = p; b.cur = p
            case .line(let p):
                b.addLine(p)
            case .quad(let c, let p):
                let cur = b.cur
                let (c1, c2) = (cur + (c - cur) * (2.0 / 3.0), p + (c - p) * (2.0 / 3.0))
                b.addCubic(cur, c1, c2, p, transform)
            case .cubic(let c1, let c2, let p):
                b.addCubic(b.cur, c1, c2, p, transform)
            case .close:
                b.flush(closed: true)
                b.cur = b.start
            }
        }
        b.flush(closed: false)
        return b.out
    }
}

/// The state of `strokeContours` while it walks a path: the contours so far and the one being built.
/// A struct with mutating methods rather than nested functions over captured locals: captured
/// variables that a closure (the flattening callback) mutates are boxed, and every access to them
/// went through a dynamic exclusivity check (`swift_beginAccess`, ~4 % of the stroke workload in
/// callgrind, 2026-12-01).
private struct StrokeContourBuilder {
    let tol: Double
    var out: [StrokeContour] = []
    var pts: [Point] = [], smooth: [Bool] = []
    var hasSegment = false
    var start = Point.zero, cur = Point.zero
    var lastTangent: Point? = nil      // end tangent of the previous segment
    var firstTangent: Point? = nil     // start tangent of the subpath's first segment

    init(tolerance: Double) { tol = tolerance }

    mutating func add(_ p: Point, smooth s: Bool) {
        if let last = pts.last, last == p {
            if !s { smooth[smooth.count - 1] = smooth[smooth.count - 1] && s }
            return
        }
        pts.append(p); smooth.append(s)
    }

    mutating func beginSegment(startTangent: Point?) {
        if pts.isEmpty {
            // Room for a flattened curve or two: appending from a capacity of one reallocated the
            // arrays about eight times per subpath (~15 % of the stroke workload's allocations).
            pts.reserveCapacity(64); smooth.reserveCapacity(64)
            pts.append(cur); smooth.append(false)
        }
        if firstTangent == nil { firstTangent = startTangent }
        // Mark the junction smooth when the tangents continue (same direction).
        if let a = lastTangent, let b = startTangent, pts.count > 1 {
            let sm = abs(a.cross(b)) <= 1e-9 && a.dot(b) > 0
            smooth[smooth.count - 1] = sm
        }
        hasSegment = true
    }

    mutating func flush(closed: Bool) {
        defer { pts = []; smooth = []; hasSegment = false; lastTangent = nil; firstTangent = nil }
        guard hasSegment || closed, !pts.isEmpty || closed else { return }
        if pts.isEmpty { pts = [start]; smooth = [false] }
        guard pts.allSatisfy({ $0.isFinite }) else { return }
        if closed && pts.count > 1 {
            func continues(_ a: Point?, _ b: Point?) -> Bool {
                guard let a, let b else { return false }
                return abs(a.cross(b)) <= 1e-9 && a.dot(b) > 0
            }
            if pts.last == pts.first {
                // The subpath already returned to its start: one junction, last segment → first segment.
                pts.removeLast(); smooth.removeLast()
                smooth[0] = continues(lastTangent, firstTangent)
            } else {
                // A closing line: junctions at both of its ends.
                let c = (pts[0] - pts[pts.count - 1]).normalized
                smooth[pts.count - 1] = continues(lastTangent, c)
                smooth[0] = continues(c, firstTangent)
            }
        }
        out.append(StrokeContour(points: pts, smooth: smooth, closed: closed))
    }

    mutating func addLine(_ p: Point) {
        let t = (p - cur).normalized
        if t == nil && !pts.isEmpty { hasSegment = true; cur = p; return }
        beginSegment(startTangent: t)
        add(p, smooth: false)
        if t != nil { lastTangent = t }
        cur = p
    }

    mutating func addCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ transform: Transform) {
        let startT = (p1 - p0).normalized ?? (p2 - p0).normalized ?? (p3 - p0).normalized
        let endT = (p3 - p2).normalized ?? (p3 - p1).normalized ?? (p3 - p0).normalized
        beginSegment(startTangent: startT)
        let d0 = transform.apply(p0), d1 = transform.apply(p1), d2 = transform.apply(p2), d3 = transform.apply(p3)
        CurveFlattening.cubicCuts(d0, d1, d2, d3, tolerance: tol) { t in
            add(Bezier.cubicPoint(p0, p1, p2, p3, t), smooth: true)
        }
        add(p3, smooth: false)
        if let e = endT { lastTangent = e }
        cur = p3
    }
}
