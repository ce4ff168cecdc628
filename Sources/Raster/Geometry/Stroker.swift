// Stroking: turns a path and a `StrokeStyle` into an outline path to be filled with the non-zero rule.
//
// Method (the classic polyline offsetter, as in Skia's SkStroke and tiny-skia's stroker, written from
// the geometry, not ported): the path is flattened (StrokeContour.swift), optionally dashed (Dasher.swift),
// and each polyline becomes one closed outline: its left offset forward, the end cap, its right offset
// backward, the start cap. A closed polyline becomes two contours (left offset of the forward and of the
// reversed loop) and has no caps. At each vertex the outer side gets the join; the inner side is routed
// through the vertex itself ("pivot"), which adds only zero-area pieces. The outline then decomposes into
// one rectangle per segment plus one wedge per outer join and one piece per cap, all wound clockwise on a
// y-down screen, so its non-zero winding region is exactly the union of those pieces: the stroke.
// (Overlaps are counted more than once by a shoelace sum; the non-zero fill does not care.)
//
// Joins (Core Graphics / SVG 2 §13.5.4): with turning angle θ between segment directions, the miter
// length / line width is 1/sin(φ/2) for the interior angle φ = π − θ, i.e. 1/cos(θ/2); above miterLimit
// the miter becomes a bevel. Round joins and caps are arcs of radius w/2 split into chords whose sagitta
// r(1 − cos(Δ/2)) is at most the tolerance, i.e. Δ = 2·acos(1 − tol/r).
// Zero-length subpaths and dashes: round cap → a disc of diameter w, square cap → a square of side w
// (aligned with the dash direction when known, else axis-aligned, as Core Graphics), butt → nothing.
//
// Tolerance: `tolerance` is in the space `transform` maps to (device pixels). Flattening is chosen there
// (StrokeContour.swift) and the round pieces use tolerance / transform.maxScale in the path's own space,
// so every deviation is ≤ tolerance on the device. The outline is returned in the path's own space, so
// callers fill it with the same transform as the path (a non-uniform transform then shapes the pen too,
// as in Core Graphics where the CTM applies to the line width).
import Foundation

extension Path {
    /// The outline of the stroke of this path, to be filled with the **non-zero** rule.
    /// - Parameters:
    ///   - style: width, caps, joins, miter limit and dashes (lengths in the path's own units).
    ///   - transform: the transform the outline will be drawn with (path space → device); only used to
    ///     choose how finely curves and round parts are approximated.
    ///   - tolerance: the largest allowed deviation from the exact outline, in device units.
    /// - Returns: the outline in the path's own coordinates. Empty when the width is not finite and
    ///   positive, when the transform is singular or not finite, or when nothing is visible.
    public func stroked(_ style: StrokeStyle, transform: Transform = .identity,
                        tolerance: Double = Path.defaultTolerance) -> Path {
        let w = style.lineWidth
        guard w.isFinite, w > 0, transform.isFinite, transform.determinant != 0 else { return Path() }
        let scale = transform.maxScale
        guard scale > 0, scale.isFinite else { return Path() }
        let tol = max(tolerance.isFinite ? tolerance : Path.defaultTolerance, 1e-6)
        var contours = strokeContours(transform: transform, tolerance: tol)
        if let pattern = style.dashPattern {
            contours = Dasher.dash(contours, pattern: pattern, phase: style.normalizedDashPhase)
        }
        var stroker = Stroker(style: style, tolerance: tol / scale)
        for c in contours { stroker.stroke(c) }
        return stroker.out
    }
}

/// Builds the outline of stroke contours in the contours' space.
struct Stroker {
    let h: Double
    let cap: LineCap
    let join: LineJoin
    let miterLimit: Double
    /// Largest angle step of round parts so that chords stay within tolerance.
    let maxArcStep: Double
    var out = Path()

    init(style: StrokeStyle, tolerance: Double) {
        h = style.lineWidth / 2
        cap = style.lineCap
        join = style.lineJoin
        miterLimit = style.miterLimit.isFinite ? max(style.miterLimit, 1) : 10
        let ratio = min(tolerance / h, 1)
        maxArcStep = min(2 * acos(1 - ratio), Double.pi / 2)
    }

    /// Left normal (90° counter-clockwise on a y-down screen) of a unit direction.
    @inline(__always) static func left(_ d: Point) -> Point { Point(d.y, -d.x) }

    mutating func stroke(_ c: StrokeContour) {
        if c.points.count < 2 || c.isDegenerate {
            dot(at: c.points[0], direction: c.direction)
            return
        }
        if c.closed {
            var side = offsetSide(c.points, c.smooth, closed: true)
            emit(side)
            side = offsetSide(Array(c.points.reversed()), Array(c.smooth.reversed()), closed: true)
            emit(side)
        } else {
            var poly = offsetSide(c.points, c.smooth, closed: false)
            let n = c.points.count
            let dEnd = (c.points[n - 1] - c.points[n - 2]).normalized!
            appendCap(&poly, at: c.points[n - 1], direction: dEnd)
            poly += offsetSide(Array(c.points.reversed()), Array(c.smooth.reversed()), closed: false)
            let dStart = (c.points[0] - c.points[1]).normalized!
            appendCap(&poly, at: c.points[0], direction: dStart)
            emit(poly)
        }
    }

    private mutating func emit(_ poly: [Point]) {
        guard poly.count > 2 else { return }
        out.move(to: poly[0])
        for p in poly.dropFirst() where p != out.currentPoint { out.line(to: p) }
        out.close()
    }

    /// A zero-length subpath or dash.
    private mutating func dot(at p: Point, direction: Point?) {
        switch cap {
        case .butt: return
        case .round:
            var poly: [Point] = []
            appendArc(&poly, center: p, from: Point(1, 0), sweep: 2 * .pi)
            poly.removeLast()
            emit(poly)
        case .square:
            let d = direction ?? Point(1, 0), l = Self.left(d)
            emit([p + (d + l) * h, p + (d - l) * h, p - (d + l) * h, p - (d - l) * h])
        }
    }

    /// The left offset of a polyline (assumed free of consecutive duplicates), with joins.
    private func offsetSide(_ pts: [Point], _ smooth: [Bool], closed: Bool) -> [Point] {
        let n = pts.count
        let segCount = closed ? n : n - 1
        var dirs: [Point] = []
        dirs.reserveCapacity(segCount)
        for i in 0..<segCount { dirs.append((pts[(i + 1) % n] - pts[i]).normalized ?? Point(1, 0)) }
        var side: [Point] = []
        side.reserveCapacity(n * 2)
        if closed {
            for i in 0..<n { appendJoin(&side, at: pts[i], dirs[(i + segCount - 1) % segCount], dirs[i], smooth: smooth[i]) }
        } else {
            side.append(pts[0] + Self.left(dirs[0]) * h)
            if n > 2 {
                for i in 1..<(n - 1) { appendJoin(&side, at: pts[i], dirs[i - 1], dirs[i], smooth: smooth[i]) }
            }
            side.append(pts[n - 1] + Self.left(dirs[segCount - 1]) * h)
        }
        return side
    }

    private func appendJoin(_ side: inout [Point], at v: Point, _ dA: Point, _ dB: Point, smooth: Bool) {
        let a = v + Self.left(dA) * h, b = v + Self.left(dB) * h
        let cross = dA.cross(dB), dot = dA.dot(dB)
        if abs(cross) <= 1e-12 && dot > 0 {          // straight on
            side.append(a)
            return
        }
        if cross < 0 && !(abs(cross) <= 1e-12) {      // turning left: the left side is inner → pivot
            side.append(a); side.append(v); side.append(b)
            return
        }
        // Outer side. θ ∈ (0, π]: a reversal (cross ≈ 0, dot < 0) counts as π on both sides.
        let theta = abs(cross) <= 1e-12 ? Double.pi : atan2(cross, dot)
        let style: LineJoin = smooth ? .round : join
        switch style {
        case .round:
            appendArc(&side, center: v, from: Self.left(dA), sweep: theta)
        case .miter:
            let c = cos(theta / 2)
            if c > 0 && 1 / c <= miterLimit, let bis = (Self.left(dA) + Self.left(dB)).normalized {
                side.append(a); side.append(v + bis * (h / c)); side.append(b)
            } else {
                side.append(a); side.append(b)
            }
        case .bevel:
            side.append(a); side.append(b)
        }
    }

    /// Caps the end at `p` reached travelling along `d`: from the left offset point to the right one.
    private func appendCap(_ poly: inout [Point], at p: Point, direction d: Point) {
        let l = Self.left(d)
        switch cap {
        case .butt: break
        case .square:
            poly.append(p + (l + d) * h); poly.append(p + (d - l) * h)
        case .round:
            var arc: [Point] = []
            appendArc(&arc, center: p, from: l, sweep: .pi)
            poly += arc.dropFirst().dropLast()
        }
    }

    /// Points of the arc of radius h around `center` starting at unit vector `u` and turning `sweep`
    /// radians clockwise on screen, both ends included.
    private func appendArc(_ pts: inout [Point], center: Point, from u: Point, sweep: Double) {
        let steps = max(1, min(4096, Int((sweep / maxArcStep).rounded(.up))))
        let base = atan2(u.y, u.x)
        for k in 0...steps {
            let a = base + sweep * Double(k) / Double(steps)
            pts.append(Point(center.x + h * cos(a), center.y + h * sin(a)))
        }
    }
}
