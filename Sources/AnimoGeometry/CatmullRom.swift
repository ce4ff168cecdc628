// Closed Catmull–Rom splines converted to cubic Béziers.
//
// Parameterization: centripetal (α = 0.5). Yuksel, Schaefer & Keyser, "Parameterization and applications
// of Catmull–Rom curves" (Computer-Aided Design 43(7), 2011) prove the centripetal version has no cusps
// or self-intersections within a segment, unlike the uniform (α = 0) one, which overshoots and loops on
// unevenly spaced points. Knot intervals are dᵢ = |Pᵢ₊₁ − Pᵢ|^α.
//
// Bézier form of the segment Pᵢ → Pᵢ₊₁ (non-uniform Catmull–Rom tangents, the Barry–Goldman curve's
// end derivatives, scaled to the segment's own parameter interval d₁):
//   m₁ = (P₁ − P₀)/d₀ − (P₂ − P₀)/(d₀ + d₁) + (P₂ − P₁)/d₁
//   m₂ = (P₂ − P₁)/d₁ − (P₃ − P₁)/(d₁ + d₂) + (P₃ − P₂)/d₂
//   B₀ = P₁,  B₁ = P₁ + m₁·d₁/3,  B₂ = P₂ − m₂·d₁/3,  B₃ = P₂.
// With equal intervals this reduces to the familiar uniform handles (P₂ − P₀)/6.
import Foundation

extension Path {
    /// A closed centripetal Catmull–Rom spline through `points` (in order, wrapping around), as cubic
    /// Béziers; it passes through every point. Consecutive duplicates are dropped first. With fewer than
    /// 4 distinct points the result is the closed polyline through them (empty for no points); non-finite
    /// input gives an empty path.
    public static func catmullRom(closedThrough points: [Point]) -> Path {
        guard points.allSatisfy({ $0.isFinite }) else { return Path() }
        var pts: [Point] = []
        for p in points where pts.last != p { pts.append(p) }
        while pts.count > 1, pts.first == pts.last { pts.removeLast() }
        var path = Path()
        guard let first = pts.first else { return path }
        path.move(to: first)
        if pts.count < 4 {
            for p in pts.dropFirst() { path.line(to: p) }
            path.close()
            return path
        }
        let n = pts.count
        func knot(_ a: Point, _ b: Point) -> Double { max(a.distance(to: b).squareRoot(), 1e-12) }
        for i in 0..<n {
            let p0 = pts[(i + n - 1) % n], p1 = pts[i], p2 = pts[(i + 1) % n], p3 = pts[(i + 2) % n]
            let d0 = knot(p0, p1), d1 = knot(p1, p2), d2 = knot(p2, p3)
            let m1 = (p1 - p0) / d0 - (p2 - p0) / (d0 + d1) + (p2 - p1) / d1
            let m2 = (p2 - p1) / d1 - (p3 - p1) / (d1 + d2) + (p3 - p2) / d2
            path.cubic(to: p2, control1: p1 + m1 * (d1 / 3), control2: p2 - m2 * (d1 / 3))
        }
        path.close()
        return path
    }
}
