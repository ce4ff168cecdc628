// SVG elliptical arcs: endpoint parameterization → center parameterization → cubic Béziers.
//
// The conversion follows the SVG 1.1 implementation notes, appendix F.6.5 "Conversion from endpoint to
// center parameterization" and F.6.6 "Correction of out-of-range radii"
// (https://www.w3.org/TR/SVG11/implnote.html#ArcConversionEndpointToCenter), also in SVG 2 §9.5
// ("Elliptical arc implementation notes"). Every formula below is labelled with its equation number.
import Foundation

/// An elliptical arc in center parameterization: the points
/// `center + R(rotation)·(radii.x·cos θ, radii.y·sin θ)` for θ from `startAngle` to `startAngle + sweep`.
/// Angles are radians; positive sweep increases θ, which is clockwise on a y-down screen (SVG's sweep-flag 1).
public struct EllipticalArc: Hashable, Sendable {
    public var center: Point
    public var radii: Point
    public var rotation: Double
    public var startAngle: Double
    public var sweep: Double

    /// Result of converting an SVG arc command.
    public enum Conversion: Hashable, Sendable {
        /// Start and end coincide: SVG says the arc is omitted entirely (F.6.2).
        case omitted
        /// A radius is zero: SVG says the arc is a straight line to the end point (F.6.2).
        case line
        case arc(EllipticalArc)
    }

    /// Converts SVG arc parameters (from `p1` to `p2`, radii `rx`, `ry`, x-axis rotation in **degrees**,
    /// large-arc and sweep flags) to center form. Negative radii are made positive (F.6.6 step 1) and radii
    /// too small to reach the end point are scaled up uniformly until they just do (F.6.6 eq. 6.2–6.3).
    public static func convert(from p1: Point, to p2: Point, rx: Double, ry: Double, xAxisRotationDegrees: Double,
                               largeArc: Bool, sweep: Bool) -> Conversion {
        guard p1.isFinite, p2.isFinite, rx.isFinite, ry.isFinite, xAxisRotationDegrees.isFinite else { return .line }
        if p1 == p2 { return .omitted }
        var rx = abs(rx), ry = abs(ry)
        if rx == 0 || ry == 0 { return .line }
        let phi = xAxisRotationDegrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cphi = cos(phi), sphi = sin(phi)
        // F.6.5 step 1 (eq. 5.1): the midpoint-relative start point in the ellipse's own axes.
        let dx2 = (p1.x - p2.x) / 2, dy2 = (p1.y - p2.y) / 2
        let x1p = cphi * dx2 + sphi * dy2
        let y1p = -sphi * dx2 + cphi * dy2
        // F.6.6 eq. 6.2: Λ = x1'²/rx² + y1'²/ry²; if Λ > 1 scale both radii by √Λ (eq. 6.3).
        let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
        if lambda > 1 { let s = lambda.squareRoot(); rx *= s; ry *= s }
        // F.6.5 step 2 (eq. 5.2): the centre in the rotated frame; the sign is + when fA ≠ fS.
        let rx2 = rx * rx, ry2 = ry * ry, x1p2 = x1p * x1p, y1p2 = y1p * y1p
        let den = rx2 * y1p2 + ry2 * x1p2
        var num = rx2 * ry2 - den
        if num < 0 { num = 0 }  // exactly-scaled radii: rounding may make this slightly negative
        var coef = den > 0 ? (num / den).squareRoot() : 0
        if largeArc == sweep { coef = -coef }
        let cxp = coef * rx * y1p / ry
        let cyp = -coef * ry * x1p / rx
        // F.6.5 step 3 (eq. 5.3): back to user space.
        let cx = cphi * cxp - sphi * cyp + (p1.x + p2.x) / 2
        let cy = sphi * cxp + cphi * cyp + (p1.y + p2.y) / 2
        // F.6.5 step 4 (eq. 5.5–5.6): start angle and sweep from the unit vectors.
        let ux = (x1p - cxp) / rx, uy = (y1p - cyp) / ry
        let vx = (-x1p - cxp) / rx, vy = (-y1p - cyp) / ry
        let theta1 = atan2(uy, ux)
        var dtheta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        // eq. 5.6 modulo rule: sweep-flag 0 needs Δθ ≤ 0, sweep-flag 1 needs Δθ ≥ 0.
        if !sweep && dtheta > 0 { dtheta -= 2 * .pi }
        if sweep && dtheta < 0 { dtheta += 2 * .pi }
        return .arc(EllipticalArc(center: Point(cx, cy), radii: Point(rx, ry), rotation: phi,
                                  startAngle: theta1, sweep: dtheta))
    }

    public init(center: Point, radii: Point, rotation: Double, startAngle: Double, sweep: Double) {
        self.center = center; self.radii = radii; self.rotation = rotation
        self.startAngle = startAngle; self.sweep = sweep
    }

    /// The point at parametric angle θ (F.6.3 eq. 3.1).
    public func point(at theta: Double) -> Point {
        let c = cos(rotation), s = sin(rotation)
        let ex = radii.x * cos(theta), ey = radii.y * sin(theta)
        return Point(center.x + c * ex - s * ey, center.y + s * ex + c * ey)
    }

    /// dP/dθ at θ.
    func derivative(at theta: Double) -> Point {
        let c = cos(rotation), s = sin(rotation)
        let ex = -radii.x * sin(theta), ey = radii.y * cos(theta)
        return Point(c * ex - s * ey, s * ex + c * ey)
    }

    /// Appends the arc to `path` as cubic Béziers of at most 30° each, using the handle length
    /// 4/3·tan(Δ/4) of each piece (the standard tangent-matching construction). The radial error of that
    /// construction grows with the 6th power of the piece angle: 2.7e-4·r for 90° pieces (what Core
    /// Graphics uses), 3.7e-7·r measured for 30° pieces, which keeps arc lengths (trim, dashes) within
    /// 2e-7 relative. The final point is replaced by `end` when given, so an
    /// arc parsed from SVG ends exactly at the command's end point instead of a rounded recomputation.
    public func appendCubics(to path: inout Path, end: Point? = nil) {
        guard sweep != 0, sweep.isFinite else {
            if let end { path.line(to: end) }
            return
        }
        // Clamped before converting (SVG arcs sweep at most 2π: 12 pieces; the clamp only guards).
        let n = max(1, Int(min((abs(sweep) / (Double.pi / 6) - 1e-9).rounded(.up), 4096)))
        let step = sweep / Double(n)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a0 = startAngle
        var p0 = path.currentPoint ?? point(at: a0)
        for i in 0..<n {
            let a1 = i == n - 1 ? startAngle + sweep : a0 + step
            var p1 = point(at: a1)
            if i == n - 1, let end { p1 = end }
            path.cubic(to: p1, control1: p0 + derivative(at: a0) * k, control2: p1 - derivative(at: a1) * k)
            a0 = a1; p0 = p1
        }
    }
}
