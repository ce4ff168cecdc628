// Stroking: turns a path and a `StrokeStyle` into an outline to be filled with the non-zero rule.
//
// Method (the classic polyline offsetter, as in Skia's SkStroke and tiny-skia's stroker, written from
// the geometry, not ported): the path is flattened (StrokeContour.swift), optionally dashed (Dasher.swift),
// and each polyline becomes one closed outline: its left offset forward, the end cap, its right offset
// backward, the start cap. A closed polyline becomes two contours (left offset of the forward and of the
// reversed loop) and has no caps. At each vertex the outer side gets the join.
//
// Why the outline's non-zero region is exactly the stroke. Route every inner side through the vertex
// itself ("pivot": a → v → b, a and b the two offset ends) and the outline decomposes into one rectangle
// per segment plus one wedge per outer join and one piece per cap, all wound clockwise on a y-down
// screen; its winding number is then the count of pieces covering a point, so its non-zero region is
// the union of the pieces: the stroke. The pivot costs two long edges per vertex, so where it is safe
// the inner side takes the single point x where the two inner offset lines cross (the inner miter
// point). That removes from the winding the quadrilateral Q = (a, v, b, x). With turning angle θ ≤ π/2
// and both adjacent segments at least h·sin θ long, Q lies inside both adjacent segment rectangles
// (in the incoming segment's frame, v = 0, direction +x, inner side y < 0: a = (0, −h),
// b = (−h sin θ, −h cos θ), x = (−h tan(θ/2), −h), and tan(θ/2) ≤ sin θ for θ ≤ π/2; symmetrically in
// the outgoing frame). A point inside k removed quadrilaterals of one open chain lies in at least k + 1
// distinct segment rectangles (Q at vertex i lies in rectangles i − 1 and i), so its winding stays
// ≥ 1; outside the stroke nothing changes. A closed chain keeps the pivot at its first vertex so the
// count k + 1 still holds. The non-zero region is therefore unchanged: the exact stroke of the polyline.
//
// Joins (Core Graphics / SVG 2 §13.5.4): with turning angle θ between segment directions, the miter
// length / line width is 1/sin(φ/2) for the interior angle φ = π − θ, i.e. 1/cos(θ/2), and
// cos(θ/2) = √((1 + cos θ)/2) comes from the directions' dot product (half-angle identity); above
// miterLimit the miter becomes a bevel. The inner miter point is v + (n_A + n_B)·h/(1 + cos θ)
// (|n_A + n_B| = 2 cos(θ/2), distance h/cos(θ/2)). Round joins and caps are arcs of radius h = w/2 split
// into chords whose sagitta h(1 − cos(Δ/2)) is at most the tolerance, i.e. Δ ≤ 2·acos(1 − tol/h). The
// arcs are stepped by a rotation matrix computed once per stroke (cap: π/N, dot: 2π/M equal steps);
// a join rotates n_A by the cap step until the remaining angle, read from cos = n·n_B, is below one
// step, then ends at n_B: no trigonometric call per vertex, and a join over an angle below one step has
// no intermediate point.
// Smooth vertices (inside a flattened curve, see StrokeContour.swift) turn by small angles; there the
// outer side takes the outer miter point v + (n_A + n_B)·h/(1 + cos θ) instead of the arc's chord a → b
// when that point lies within the tolerance of the arc, h(1/cos(θ/2) − 1) ≤ tol, i.e. cos(θ/2) ≥
// h/(h + tol). The outer offset then has one vertex per curve vertex (the offset polyline of the
// flattened curve), whose chords are inside and whose vertices are outside the true offset curve by at
// most the tolerance, instead of two vertices all inside it: a third fewer edges on curves, and closer
// to the true stroke in measured coverage (16×16 supersampled wave, widths 6 and 10).
// Zero-length subpaths and dashes: round cap → a disc of diameter w, square cap → a square of side w
// (aligned with the dash direction when known, else axis-aligned, as Core Graphics), butt → nothing.
//
// Tolerance: `tolerance` is in the space `transform` maps to (device pixels). Flattening is chosen there
// (StrokeContour.swift) and the round pieces use tolerance / transform.maxScale in the path's own space,
// so every deviation is ≤ tolerance on the device. `stroked` returns the outline in the path's own space,
// so callers fill it with the same transform as the path (a non-uniform transform then shapes the pen
// too, as in Core Graphics where the CTM applies to the line width); `strokeOutline` returns it already
// mapped to device space as polylines, ready for `Rasterizer.rasterize(_:rule:clip:_:)`.
import Foundation

extension Path {
    /// The outline of the stroke of this path, to be filled with the **non-zero** rule.
    /// - Parameters:
    ///   - style: width, caps, joins, miter limit and dashes (lengths in the path's own units).
    ///   - transform: the transform the outline will be drawn with (path space → device); only used to
    ///     choose how finely curves and round parts are approximated.
    ///   - tolerance: the largest allowed deviation from the exact outline, in device units.
    /// - Returns: the outline in the path's own coordinates. Empty when the width is not finite and
    ///   positive, when the transform is singular or not finite, or when nothing is visible. A dash
    ///   pattern too fine to resolve comes back undashed (its coverage: `strokeOutlineWithCoverage`).
    public func stroked(_ style: StrokeStyle, transform: Transform = .identity,
                        tolerance: Double = Path.defaultTolerance) -> Path {
        guard let s = strokeOutlinePoints(style, transform: transform, tolerance: tolerance) else { return Path() }
        return Path(closedPolygons: s.points, ends: s.ends)
    }

    /// The outline of the stroke of this path as closed device-space polygons (each implicitly closed
    /// by an edge from its last point back to its first), to be filled with the **non-zero** rule, e.g.
    /// by `Rasterizer.rasterize(_:rule:clip:_:)`. Same outline as `stroked(_:transform:tolerance:)`
    /// mapped through `transform`, without building a `Path` and flattening it again.
    /// - Returns: empty in the cases where `stroked` returns an empty path.
    public func strokeOutline(_ style: StrokeStyle, transform: Transform = .identity,
                              tolerance: Double = Path.defaultTolerance) -> [Polyline] {
        strokeOutlineWithCoverage(style, transform: transform, tolerance: tolerance).outline
    }

    /// `strokeOutline` and the coverage to draw it with: 1, or below 1 for a dash pattern drawn at
    /// its mean coverage (`Dasher.meanCoverage`: far finer than a pixel, or more dashes than
    /// `Dasher.maxDashes`), whose outline is then the undashed stroke's.
    public func strokeOutlineWithCoverage(_ style: StrokeStyle, transform: Transform = .identity,
                                          tolerance: Double = Path.defaultTolerance) -> (outline: [Polyline], coverage: Double) {
        guard let s = strokeOutlinePoints(style, transform: transform, tolerance: tolerance) else { return ([], 1) }
        var out: [Polyline] = []
        out.reserveCapacity(s.ends.count)
        var start = 0
        for end in s.ends {
            var pts: [Point] = []
            pts.reserveCapacity(end - start)
            for i in start..<end { pts.append(transform.apply(s.points[i])) }
            out.append(Polyline(points: pts, closed: true))
            start = end
        }
        return (out, s.coverage)
    }

    /// The outline's points in path space, polygons back to back; `ends[k]` is one past polygon k's
    /// last point; `coverage` as in `strokeOutlineWithCoverage`. Nil when nothing can be stroked
    /// (see `stroked`).
    func strokeOutlinePoints(_ style: StrokeStyle, transform: Transform,
                             tolerance: Double) -> (points: [Point], ends: [Int], coverage: Double)? {
        let w = style.lineWidth
        guard w.isFinite, w > 0, transform.isFinite, transform.determinant != 0 else { return nil }
        let scale = transform.maxScale
        guard scale > 0, scale.isFinite else { return nil }
        let tol = max(tolerance.isFinite ? tolerance : Path.defaultTolerance, 1e-6)
        var contours = strokeContours(transform: transform, tolerance: tol)
        var coverage = 1.0
        if let pattern = style.dashPattern {
            if let mean = Dasher.meanCoverage(contours, pattern: pattern, lineWidth: w, cap: style.lineCap, scale: scale) {
                coverage = mean
                contours.removeAll { $0.points.count < 2 }   // zero-length subpaths have no length to dash
            } else {
                contours = Dasher.dash(contours, pattern: pattern, phase: style.normalizedDashPhase)
            }
        }
        var stroker = Stroker(style: style, tolerance: tol / scale)
        var estimate = 0, longest = 0
        for c in contours { estimate += 2 * c.points.count + 16; longest = max(longest, c.points.count) }
        stroker.points.reserveCapacity(estimate)
        stroker.ends.reserveCapacity(contours.count * 2)
        stroker.reserveScratch(longest)
        for c in contours { stroker.stroke(c) }
        return (stroker.points, stroker.ends, coverage)
    }
}

/// Builds the outline of stroke contours in the contours' space, as polygons stored back to back.
struct Stroker {
    let h: Double
    let cap: LineCap
    let join: LineJoin
    let miterLimit: Double
    /// Round caps and joins: `capSteps` equal steps of δ = π/capSteps ≤ the largest tolerable step,
    /// and the rotation by δ (clockwise on screen) as (cos δ, sin δ).
    let capSteps: Int
    let stepCos: Double, stepSin: Double
    /// Cosine threshold of a join: a remaining angle above δ has a cosine below this.
    let joinThreshold: Double
    /// Full discs (zero-length round dashes): `dotSteps` equal steps of 2π/dotSteps.
    let dotSteps: Int
    let dotCos: Double, dotSin: Double
    /// A smooth vertex's outer side takes the outer miter point when cos(θ/2) ≥ this = h/(h + tol)
    /// (the miter point is then within tol of the arc; see header).
    let smoothMiterCos: Double

    /// The outline points, polygons back to back; `ends[k]` is one past polygon k's last point.
    var points: [Point] = []
    var ends: [Int] = []
    /// Where the polygon being built starts in `points`.
    private var polygonStart = 0
    /// Scratch: unit directions and lengths of the current contour's segments.
    private var dirs: [Point] = []
    private var lens: [Double] = []

    /// Room in the per-contour scratch for contours of up to `points` points (one allocation each
    /// instead of the doublings of appending: ~1,400 fewer allocations per stroke workload frame).
    mutating func reserveScratch(_ points: Int) {
        dirs.reserveCapacity(points); lens.reserveCapacity(points)
    }

    init(style: StrokeStyle, tolerance: Double) {
        h = style.lineWidth / 2
        cap = style.lineCap
        join = style.lineJoin
        miterLimit = style.miterLimit.isFinite ? max(style.miterLimit, 1) : 10
        let ratio = min(tolerance / h, 1)
        // Largest step whose chord's sagitta h(1 − cos(Δ/2)) is ≤ tolerance (see header), at most 90°.
        // 1 − cos(Δ/2) = 2 sin²(Δ/4), so Δ = 4 asin(√(ratio/2)): the same step without the
        // cancellation of acos(1 − ratio), which is acos(1) = 0 once ratio < 2⁻⁵³ (h/tol ≳ 10¹⁶).
        let maxArcStep = min(4 * asin((ratio / 2).squareRoot()), Double.pi / 2)
        // The counts are clamped as Doubles before converting (a ratio that underflows to 0, or is
        // NaN, gives an infinite or NaN quotient, which `Int(_:)` cannot represent).
        capSteps = Self.stepCount(Double.pi / maxArcStep, 2...4096)
        let delta = Double.pi / Double(capSteps)
        stepCos = cos(delta); stepSin = sin(delta)
        joinThreshold = stepCos - 1e-12
        dotSteps = Self.stepCount(2 * Double.pi / maxArcStep, 4...8192)
        let dd = 2 * Double.pi / Double(dotSteps)
        dotCos = cos(dd); dotSin = sin(dd)
        smoothMiterCos = h / (h + tolerance)
    }

    /// ⌈x⌉ clamped to `range`; NaN gives the range's upper bound (the finest subdivision).
    static func stepCount(_ x: Double, _ range: ClosedRange<Int>) -> Int {
        guard x <= Double(range.upperBound) else { return range.upperBound }
        guard x >= Double(range.lowerBound) else { return range.lowerBound }
        return Int(x.rounded(.up))
    }

    /// Left normal (90° counter-clockwise on a y-down screen) of a unit direction.
    @inline(__always) static func left(_ d: Point) -> Point { Point(d.y, -d.x) }

    // MARK: polygon building

    @inline(__always) private mutating func add(_ p: Point) {
        if points.count > polygonStart, points[points.count - 1] == p { return }
        points.append(p)
    }

    private mutating func closePolygon() {
        var n = points.count - polygonStart
        // The closing edge makes a last point equal to the first redundant.
        if n > 1, points[points.count - 1] == points[polygonStart] { points.removeLast(); n -= 1 }
        if n > 2 {
            ends.append(points.count)
            polygonStart = points.count
        } else {
            points.removeSubrange(polygonStart...)
        }
    }

    // MARK: contours

    mutating func stroke(_ c: StrokeContour) {
        let pts = c.points
        let n = pts.count
        if n < 2 || c.isDegenerate {
            dot(at: pts[0], direction: c.direction)
            return
        }
        let segCount = c.closed ? n : n - 1
        dirs.removeAll(keepingCapacity: true)
        lens.removeAll(keepingCapacity: true)
        for i in 0..<segCount {
            let d = pts[i + 1 == n ? 0 : i + 1] - pts[i]
            let l = d.length
            if l > 0 && l.isFinite {
                dirs.append(Point(d.x / l, d.y / l)); lens.append(l)
            } else {
                dirs.append(Point(1, 0)); lens.append(0)
            }
        }
        let smooth = c.smooth
        if c.closed {
            // Left side of the forward loop; the first vertex keeps the pivot (see header).
            for i in 0..<n {
                let p = i == 0 ? segCount - 1 : i - 1
                appendJoin(at: pts[i], dirs[p], dirs[i], lens[p], lens[i], smooth: smooth[i], pivotOnly: i == 0)
            }
            closePolygon()
            // Left side of the reversed loop: vertex j is entered along −d_j and left along −d_{j−1}.
            for j in stride(from: n - 1, through: 0, by: -1) {
                let p = j == 0 ? segCount - 1 : j - 1
                appendJoin(at: pts[j], -dirs[j], -dirs[p], lens[j], lens[p], smooth: smooth[j], pivotOnly: j == 0)
            }
            closePolygon()
        } else {
            let last = segCount - 1
            add(pts[0] + Self.left(dirs[0]) * h)
            if n > 2 {
                for i in 1..<(n - 1) {
                    appendJoin(at: pts[i], dirs[i - 1], dirs[i], lens[i - 1], lens[i], smooth: smooth[i], pivotOnly: false)
                }
            }
            add(pts[n - 1] + Self.left(dirs[last]) * h)
            appendCap(at: pts[n - 1], direction: dirs[last])
            add(pts[n - 1] + Self.left(-dirs[last]) * h)
            if n > 2 {
                for j in stride(from: n - 2, through: 1, by: -1) {
                    appendJoin(at: pts[j], -dirs[j], -dirs[j - 1], lens[j], lens[j - 1], smooth: smooth[j], pivotOnly: false)
                }
            }
            add(pts[0] + Self.left(-dirs[0]) * h)
            appendCap(at: pts[0], direction: -dirs[0])
            closePolygon()
        }
    }

    /// A zero-length subpath or dash.
    private mutating func dot(at p: Point, direction: Point?) {
        switch cap {
        case .butt: return
        case .round:
            var u = Point(1, 0)
            for _ in 0..<dotSteps {
                add(p + u * h)
                u = Point(u.x * dotCos - u.y * dotSin, u.x * dotSin + u.y * dotCos)
            }
            closePolygon()
        case .square:
            let d = direction ?? Point(1, 0), l = Self.left(d)
            add(p + (d + l) * h); add(p + (d - l) * h); add(p - (d + l) * h); add(p - (d - l) * h)
            closePolygon()
        }
    }

    /// The join at vertex `v` on the left side, entering along unit `dA` (segment length `lenA`) and
    /// leaving along `dB` (length `lenB`). `pivotOnly` forbids the inner miter point (see header).
    private mutating func appendJoin(at v: Point, _ dA: Point, _ dB: Point, _ lenA: Double, _ lenB: Double,
                                     smooth: Bool, pivotOnly: Bool) {
        let nA = Self.left(dA), nB = Self.left(dB)
        let a = v + nA * h, b = v + nB * h
        let cross = dA.cross(dB), dot = dA.dot(dB)
        let straight = abs(cross) <= 1e-12
        if straight && dot > 0 {                      // straight on
            add(a)
            return
        }
        if cross < 0 && !straight {                   // turning left: the left side is inner
            let sinTheta = -cross
            if !pivotOnly && dot >= 0 && lenA >= h * sinTheta && lenB >= h * sinTheta {
                add(v + (nA + nB) * (h / (1 + dot)))  // inner miter point
            } else {
                add(a); add(v); add(b)                // pivot
            }
            return
        }
        // Outer side. θ ∈ (0, π]: a reversal (cross ≈ 0, dot < 0) counts as π on both sides.
        if smooth && dot > 0 {
            let c = ((1 + dot) / 2).squareRoot()      // cos(θ/2)
            if c >= smoothMiterCos {
                add(v + (nA + nB) * (h / (1 + dot)))  // outer miter point, within tolerance of the arc
                return
            }
        }
        let style: LineJoin = smooth ? .round : join
        switch style {
        case .round:
            add(a)
            var u = nA
            var guardCount = capSteps
            while u.dot(nB) < joinThreshold && guardCount > 0 {
                u = Point(u.x * stepCos - u.y * stepSin, u.x * stepSin + u.y * stepCos)
                add(v + u * h)
                guardCount -= 1
            }
            add(b)
        case .miter:
            let c = ((1 + dot) / 2).squareRoot()      // cos(θ/2)
            if !straight && c > 0 && 1 / c <= miterLimit, let bis = (nA + nB).normalized {
                add(a); add(v + bis * (h / c)); add(b)
            } else {
                add(a); add(b)
            }
        case .bevel:
            add(a); add(b)
        }
    }

    /// Caps the end at `p` reached travelling along `d`: the points strictly between the left offset
    /// point and the right one (the caller adds those).
    private mutating func appendCap(at p: Point, direction d: Point) {
        let l = Self.left(d)
        switch cap {
        case .butt: break
        case .square:
            add(p + (l + d) * h); add(p + (d - l) * h)
        case .round:
            var u = l
            for _ in 1..<capSteps {
                u = Point(u.x * stepCos - u.y * stepSin, u.x * stepSin + u.y * stepCos)
                add(p + u * h)
            }
        }
    }
}
