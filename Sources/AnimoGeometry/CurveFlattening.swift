// Adaptive flattening of cubic Béziers: where to cut a cubic so its chords stay within a tolerance,
// with close to the fewest chords. The uniform steps of Wang's bound (Flatten.swift) spend chords
// evenly in the parameter; this spends them where the curvature is.
//
// Method (from the analysis in Raph Levien, "Flattening quadratic Béziers", 2019; written from the
// formulas, not ported):
// - A chord of length Δs on a curve of curvature κ deviates by ≈ κΔs²/8, so the fewest chords for a
//   deviation d is N = ∫ √(κ/(8d)) ds. For a quadratic Bézier Q(t) with q0 = c − p0 and
//   dd = p0 − 2c + p2 (so Q'(t) = 2(q0 + t·dd), Q'' = 2dd, Q' × Q'' = 4 q0 × dd constant), substituting
//   x = (q0 + t·dd)·dd / (2 q0 × dd) gives |Q'| = 2|w|√(1 + 4x²) with w = (q0 × dd)/|dd|, and
//   N = |q0 × dd| / (√d · |dd|^{3/2}) · |I(x1) − I(x0)| with I(x) = ∫₀ˣ (1 + 4u²)^{−1/4} du
//   (Levien's "basic parabola" integral, derived here in the Bézier's own terms). For a parabola the
//   deviation formula is exact, since a chord is parallel to the tangent at its midpoint in x.
//   Cutting at equal steps of I gives chords of equal deviation.
// - I and its inverse use Levien's closed-form approximations I(x) ≈ x / (0.33 + (0.67⁴ + x²/4)^{1/4}),
//   I⁻¹(u) ≈ u·(0.61 + √(0.39² + u²/4)); checked numerically here against the integral: within 3.2 %
//   and 4.2 % (round trip) for all x, so chord deviations are within ~9 % of the target.
// - A cubic is split into m equal parameter pieces, each approximated by the quadratic with control
//   point (3(a1 + a2) − a0 − a3)/4, whose distance to the cubic piece (same parameter) is at most
//   √3/36·|a3 − 3a2 + 3a1 − a0| (the classic cubic-to-quadratic error bound; the third difference of a
//   piece is 1/m³ of the whole), so m = ⌈(√3/36·|D3| / εq)^{1/3}⌉.
// - The chords' end points are evaluated on the cubic itself at the chosen parameters, so the polyline
//   vertices lie on the curve: a chord is within εq of the quadratic's chord, which is within the
//   flattening deviation εf of the quadratic, which is within εq of the cubic: total ≤ 2εq + 1.09·εf.
//   With εq = 0.1·tol and εf = 0.75·tol that is ≤ 1.02·tol, and the check below keeps chords within tol.
// - The chord count is shared over the pieces (one ⌈N⌉ per run of pieces, cut at equal steps of the
//   summed integral). Where the curve turns by more than 60° between the half chords on either side of
//   a junction (a cusp of the cubic at the junction) the junction is always cut, since a chord spanning
//   it would skip the cusp's tip. The parameter inside a piece comes from I⁻¹ normalised by I⁻¹ at the piece's
//   ends, so the ends map exactly and the cuts increase. The total never exceeds Wang's uniform count:
//   when the uniform count is not larger, uniform steps are used (they carry a proven bound).
// - The estimate is asymptotic (it does not model chords across an inflection, where the deviation
//   grows like the cube of the length, nor a near-cusp narrower than a piece), so every chord is also
//   checked at three interior parameters and halved while a check point is off by more than 0.9·tol
//   (the margin covers a maximum falling between the check points).
// Degenerate pieces (straight, or control points on one line so the curve doubles back) have
// q0 × dd ≈ 0; they get Wang's quadratic count √(|dd|/(4εf)) with uniform parameter steps.
import Foundation

enum CurveFlattening {
    /// Levien's approximation of I(x) = ∫₀ˣ (1 + 4u²)^{−1/4} du (see header).
    @inline(__always) static func parabolaIntegral(_ x: Double) -> Double {
        x / (0.33 + (0.201_511_21 + 0.25 * x * x).squareRoot().squareRoot())   // 0.67⁴ = 0.20151121
    }

    /// Levien's approximation of the inverse of `parabolaIntegral`.
    @inline(__always) static func parabolaIntegralInverse(_ u: Double) -> Double {
        u * (0.61 + (0.1521 + 0.25 * u * u).squareRoot())                       // 0.39² = 0.1521
    }

    /// One quadratic piece of the cubic, as the flattening sees it.
    struct Piece {
        var count: Double      // N of the piece (fractional)
        var u0: Double, u1: Double
        var uniform: Bool      // degenerate: parameter proportional to the count
        /// The cubic piece's half chords: its midpoint − its start, its end − its midpoint.
        var firstHalf: Point, secondHalf: Point
    }

    /// Calls `body(t)` with increasing parameters in (0, 1) where the cubic (p0, p1, p2, p3) should be
    /// cut so that its chords deviate from it by at most `tolerance`; the end points are not included.
    /// At most 4095 cuts; nothing is called for non-finite input.
    static func cubicCuts(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double,
                          _ body: (Double) -> Void) {
        let tol = max(tolerance, 1e-9)
        // Wang's uniform count (Flatten.swift), the fallback and the upper bound.
        let wangBound = 0.75 * max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length)
        let nWang = Path.segmentCount(bound: wangBound, tolerance: tol)
        guard nWang > 1 else { return }
        let epsQ = 0.1 * tol, epsF = 0.75 * tol
        let d3 = (p3 - p2 * 3 + p1 * 3 - p0).length
        let mReal = (3.0.squareRoot() / 36 * d3 / epsQ).cubeRoot.rounded(.up)
        // Non-finite input, or so many pieces that the uniform count is as good: uniform steps.
        guard mReal.isFinite, mReal <= 64 else { uniform(nWang, body); return }
        let m = max(1, Int(mReal))

        // Pieces: the cubic on [j/m, (j+1)/m] with its control points, then its quadratic.
        var pieces: [Piece] = []
        pieces.reserveCapacity(m)
        let dt = 1.0 / Double(m)
        for j in 0..<m {
            let ta = Double(j) * dt, tb = Double(j + 1) * dt
            let a0 = Bezier.cubicPoint(p0, p1, p2, p3, ta), a3 = Bezier.cubicPoint(p0, p1, p2, p3, tb)
            let a1 = a0 + cubicDerivative(p0, p1, p2, p3, ta) * (dt / 3)
            let a2 = a3 - cubicDerivative(p0, p1, p2, p3, tb) * (dt / 3)
            let c = ((a1 + a2) * 3 - a0 - a3) * 0.25
            let mid = Bezier.cubicPoint(p0, p1, p2, p3, ta + dt / 2)
            let q0 = c - a0, q1 = a3 - c, dd = q1 - q0
            let cr = q0.cross(dd), ddLen = dd.length
            var piece: Piece
            if ddLen > 0 && abs(cr) > 1e-9 * (q0.lengthSquared + q1.lengthSquared) {
                let x0 = q0.dot(dd) / (2 * cr), x1 = q1.dot(dd) / (2 * cr)
                let u0 = parabolaIntegral(x0), u1 = parabolaIntegral(x1)
                let scale = abs(cr) / (epsF.squareRoot() * ddLen * ddLen.squareRoot())
                piece = Piece(count: scale * abs(u1 - u0), u0: u0, u1: u1, uniform: false,
                              firstHalf: mid - a0, secondHalf: a3 - mid)
            } else {
                piece = Piece(count: (0.25 * ddLen / epsF).squareRoot(), u0: 0, u1: 0, uniform: true,
                              firstHalf: mid - a0, secondHalf: a3 - mid)
            }
            if !piece.count.isFinite { uniform(nWang, body); return }
            pieces.append(piece)
        }
        // Groups of pieces that continue smoothly into each other. A chord may span a junction only
        // there: where the curve turns sharply at a junction (a cusp of the cubic there, where the
        // direction reverses) the junction itself is cut. Measured by the half chords on either side
        // (the quadratics' own tangents can miss a cusp: at the cusp both are tiny and sideways).
        let pieceList = pieces
        @inline(__always) func continues(_ j: Int) -> Bool {
            let a = pieceList[j - 1].secondHalf, b = pieceList[j].firstHalf
            return a.dot(b) > 0.5 * (a.length * b.length)     // turn below 60°
        }
        var total = 0, groupStart = 0
        while groupStart < m {
            var sum = pieceList[groupStart].count, groupEnd = groupStart + 1
            while groupEnd < m && continues(groupEnd) { sum += pieceList[groupEnd].count; groupEnd += 1 }
            total += max(1, Int(min(sum.rounded(.up), 1e9)))   // finite counts may still sum past Int
            groupStart = groupEnd
        }
        if total >= nWang { uniform(nWang, body); return }
        // Safety net for what the estimate does not model (chords across an inflection, a near-cusp
        // narrower than a piece): each chord is checked at 1/4, 1/2 and 3/4 of its parameter interval
        // and halved until those points are within 0.9·tol (at most 6 levels).
        var checker = ChordChecker(p0: p0, p1: p1, p2: p2, p3: p3, limit: 0.9 * tol)
        // Cut each group at equal steps of its summed count, and between groups.
        groupStart = 0
        while groupStart < m {
            var sum = pieceList[groupStart].count, groupEnd = groupStart + 1
            while groupEnd < m && continues(groupEnd) { sum += pieceList[groupEnd].count; groupEnd += 1 }
            let n = max(1, Int(min(sum.rounded(.up), 1e9)))   // here sum ≤ total < nWang ≤ 4096
            var j = groupStart, before = 0.0
            let step = sum / Double(n)
            for i in stride(from: 1, to: n, by: 1) {
                let target = step * Double(i)
                while j < groupEnd - 1 && before + pieceList[j].count < target { before += pieceList[j].count; j += 1 }
                let pc = pieceList[j]
                let f = pc.count > 0 ? min(max((target - before) / pc.count, 0), 1) : 0
                var local = f
                if !pc.uniform {
                    // Map through the inverse, normalised by the inverse's own end values so the piece's
                    // ends map exactly to 0 and 1 (the approximations are not exact inverses).
                    let xa = parabolaIntegralInverse(pc.u0), xb = parabolaIntegralInverse(pc.u1)
                    if xb != xa {
                        let x = parabolaIntegralInverse(pc.u0 + (pc.u1 - pc.u0) * f)
                        local = min(max((x - xa) / (xb - xa), 0), 1)
                    }
                }
                checker.emit((Double(j) + local) * dt, body)
            }
            if groupEnd < m { checker.emit(Double(groupEnd) * dt, body) }
            groupStart = groupEnd
        }
        checker.refine(checker.prevT, checker.prevP, 1, p3, depth: 0, body)
    }

    /// Emits cuts in increasing order, halving any chord whose check points are off by more than `limit`.
    struct ChordChecker {
        let p0: Point, p1: Point, p2: Point, p3: Point
        let limit: Double
        /// Bounds on limit² for deciding `distance > limit` without the square root (see `exceeds`);
        /// `squaredTest` is false when they cannot be trusted (limit negative, tiny, huge or NaN).
        let above: Double, below: Double, squaredTest: Bool
        var prevT = 0.0
        var prevP: Point

        init(p0: Point, p1: Point, p2: Point, p3: Point, limit: Double) {
            self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3; self.limit = limit; prevP = p0
            let sq = limit * limit
            above = sq * (1 + 0x1p-50); below = sq * (1 - 0x1p-50)
            squaredTest = limit >= 0 && sq >= 1e-280 && sq <= 1e280
        }

        /// `x.squareRoot() > limit`, the decision the check has always made on a squared distance x,
        /// mostly without the square root. With u = 2⁻⁵³ (IEEE double, correctly rounded +, ×, √):
        /// sq = fl(limit²) is within a factor 1 ± u of limit² and `above` = fl(sq·(1 + 8u)) at least
        /// limit²·(1 + 5u) (u-terms bounded, sq normal); so x > above gives √x > limit·(1 + 2.4u) and
        /// fl(√x) ≥ √x·(1 − u) > limit: true. Likewise x < below ≤ limit²·(1 − 5u) gives
        /// fl(√x) < limit: false. Only x within a few ulps of limit² (and NaN) take the square root.
        @inline(__always) func exceeds(_ x: Double) -> Bool {
            if squaredTest {
                if x > above { return true }
                if x < below { return false }
            }
            return x.squareRoot() > limit
        }

        @inline(__always) func point(_ t: Double) -> Point { Bezier.cubicPoint(p0, p1, p2, p3, t) }

        func tooFar(_ ta: Double, _ a: Point, _ tb: Double, _ b: Point) -> Bool {
            let d = tb - ta
            return exceeds(CurveFlattening.squaredDistanceToSegment(point(ta + d * 0.5), a, b))
                || exceeds(CurveFlattening.squaredDistanceToSegment(point(ta + d * 0.25), a, b))
                || exceeds(CurveFlattening.squaredDistanceToSegment(point(ta + d * 0.75), a, b))
        }

        func refine(_ ta: Double, _ a: Point, _ tb: Double, _ b: Point, depth: Int, _ body: (Double) -> Void) {
            guard depth < 6, tooFar(ta, a, tb, b) else { return }
            let tm = (ta + tb) / 2, pm = point(tm)
            refine(ta, a, tm, pm, depth: depth + 1, body)
            body(tm)
            refine(tm, pm, tb, b, depth: depth + 1, body)
        }

        mutating func emit(_ t: Double, _ body: (Double) -> Void) {
            let p = point(t)
            refine(prevT, prevP, t, p, depth: 0, body)
            body(t)
            prevT = t; prevP = p
        }
    }

    /// The square of `distanceToSegment` before its square root: `distanceToSegment` is exactly
    /// `squaredDistanceToSegment(…).squareRoot()` (Point.length is lengthSquared's square root).
    @inline(__always) static func squaredDistanceToSegment(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, l2 = ab.dot(ab)
        let t = l2 > 0 ? min(max((p - a).dot(ab) / l2, 0), 1) : 0
        return (p - (a + ab * t)).lengthSquared
    }

    @inline(__always) static func distanceToSegment(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, l2 = ab.dot(ab)
        let t = l2 > 0 ? min(max((p - a).dot(ab) / l2, 0), 1) : 0
        return (p - (a + ab * t)).length
    }

    /// Uniform parameter steps 1/n … (n−1)/n.
    private static func uniform(_ n: Int, _ body: (Double) -> Void) {
        guard n > 1 else { return }
        for i in 1..<n { body(Double(i) / Double(n)) }
    }

    /// B'(t) of a cubic Bézier.
    @inline(__always) static func cubicDerivative(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let mt = 1 - t
        return ((p1 - p0) * (mt * mt) + (p2 - p1) * (2 * mt * t) + (p3 - p2) * (t * t)) * 3
    }
}

private extension Double {
    /// The real cube root.
    var cubeRoot: Double { Foundation.cbrt(self) }
}
