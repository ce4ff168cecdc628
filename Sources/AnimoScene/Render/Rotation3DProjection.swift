// `rotation3DEffect` as SwiftUI draws it: the view's plane (z = 0) rotated about an axis through
// the anchor (at depth anchorZ), seen through a perspective whose distance is
// max(width, height) / perspective, projected back onto the screen. The construction follows
// the row-vector chain  T(−anchor) · R(angle, axis) · P(distance) · T(anchor)  with
// P's m34 = −1/distance, as reverse-engineered in OpenSwiftUI's `_Rotation3DEffect.effectValue`
// (Layout/Geometry, audited against SwiftUI 6.5.4); the rotation matrix is Rodrigues' formula
// in that row-vector convention, so axis (0, 0, 1) turns like `rotationEffect` (clockwise on a
// y-down screen). For a point of the plane the chain is a 2D homography H, which we build once
// and invert: drawing maps each output pixel back through H⁻¹ (no forward splatting, no holes).
//
// A singular H is a plane seen edge-on (orthographic: its normal lies in the screen plane, e.g.
// ±90° about an axis in the screen plane; perspective: the eye lies in the rotated plane): it
// covers no area and draws nothing (`isEdgeOn`). With perspective 0 the chain is affine and is
// the limit of a vanishing perspective, anchorZ included (`affine`).
import AnimoSpec
import Foundation
import AnimoGeometry

public struct Rotation3DProjection: Sendable {
    /// Rows of H acting on column vectors (x, y, 1): (X, Y, W) = H · (x, y, 1), screen = (X/W, Y/W).
    let h: [Double]      // 9 values, row-major
    /// H⁻¹; all zeros when `isEdgeOn`.
    let inverse: [Double]
    /// H is singular: the plane is seen edge-on and covers nothing.
    let isEdgeOn: Bool

    /// nil when the axis is zero or a value is not finite.
    public init?(degrees: Double, axis: (x: Double, y: Double, z: Double), anchor: Point, anchorZ: Double,
          size: Size, perspective: Double) {
        let len = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        guard len > 0, len.isFinite, degrees.isFinite, anchorZ.isFinite, perspective.isFinite else { return nil }
        let x = axis.x / len, y = axis.y / len, z = axis.z / len
        let a = degrees * .pi / 180
        let c = cos(a), s = sin(a), t = 1 - c
        // Rodrigues in the row-vector convention (r = q · R).
        let r: [[Double]] = [
            [t * x * x + c, t * x * y + s * z, t * x * z - s * y],
            [t * x * y - s * z, t * y * y + c, t * y * z + s * x],
            [t * x * z + s * y, t * y * z - s * x, t * z * z + c],
        ]
        let maxSide = max(size.width, size.height)
        // perspective 0 (or a zero-sized view) is an orthographic projection.
        let invDistance = (perspective > 0 && maxSide > 0) ? perspective / maxSide : 0
        // The homogeneous outputs are affine in (x, y): evaluate them at the basis points.
        func outputs(_ px: Double, _ py: Double) -> (Double, Double, Double) {
            let q = (px - anchor.x, py - anchor.y, -anchorZ)
            let rx = q.0 * r[0][0] + q.1 * r[1][0] + q.2 * r[2][0]
            let ry = q.0 * r[0][1] + q.1 * r[1][1] + q.2 * r[2][1]
            let rz = q.0 * r[0][2] + q.1 * r[1][2] + q.2 * r[2][2]
            let w = 1 - rz * invDistance
            return (rx + anchor.x * w, ry + anchor.y * w, w)
        }
        let o = outputs(0, 0), ex = outputs(1, 0), ey = outputs(0, 1)
        let m = [ex.0 - o.0, ey.0 - o.0, o.0,
                 ex.1 - o.1, ey.1 - o.1, o.1,
                 ex.2 - o.2, ey.2 - o.2, o.2]
        h = m
        guard m.allSatisfy(\.isFinite) else { return nil }
        if let inv = Self.invert(m) {
            inverse = inv; isEdgeOn = false
        } else {
            inverse = Array(repeating: 0, count: 9); isEdgeOn = true
        }
    }

    /// H as a 2D affine transform when it is one (perspective 0: its last row is (0, 0, 1)).
    var affine: Transform? {
        guard h[6] == 0, h[7] == 0, h[8] == 1 else { return nil }
        return Transform(a: h[0], b: h[3], c: h[1], d: h[4], tx: h[2], ty: h[5])
    }

    /// The screen position of a point of the view's plane, nil behind the viewer (W ≤ 0).
    public func apply(_ p: Point) -> Point? {
        guard !isEdgeOn else { return nil }
        let X = h[0] * p.x + h[1] * p.y + h[2], Y = h[3] * p.x + h[4] * p.y + h[5], W = h[6] * p.x + h[7] * p.y + h[8]
        guard W > 1e-9 else { return nil }
        return Point(X / W, Y / W)
    }

    /// The point of the view's plane seen at a screen position, nil when that ray does not meet
    /// the visible side of the plane (the plane point would be behind the viewer).
    @inline(__always)
    public func source(_ x: Double, _ y: Double) -> (Double, Double)? {
        guard !isEdgeOn else { return nil }
        let X = inverse[0] * x + inverse[1] * y + inverse[2]
        let Y = inverse[3] * x + inverse[4] * y + inverse[5]
        let W = inverse[6] * x + inverse[7] * y + inverse[8]
        guard abs(W) > 1e-12 else { return nil }
        let sx = X / W, sy = Y / W
        // Forward W at the source must be positive (in front of the viewer).
        guard h[6] * sx + h[7] * sy + h[8] > 1e-9 else { return nil }
        return (sx, sy)
    }

    /// The bounding box of a rectangle's projection, nil if any corner is behind the viewer.
    public func bounds(of r: Rect) -> Rect? {
        var pts: [Point] = []
        for c in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)] {
            guard let p = apply(c), p.isFinite else { return nil }
            pts.append(p)
        }
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return Rect(corners: Point(xs.min()!, ys.min()!), Point(xs.max()!, ys.max()!))
    }

    /// Inverse of a 3×3 row-major matrix by the adjugate, nil when singular.
    static func invert(_ m: [Double]) -> [Double]? {
        let a = m[0], b = m[1], c = m[2], d = m[3], e = m[4], f = m[5], g = m[6], h = m[7], i = m[8]
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det.isFinite, abs(det) > 1e-15 else { return nil }
        let inv = [A, -(b * i - c * h), b * f - c * e,
                   B, a * i - c * g, -(a * f - c * d),
                   C, -(a * h - b * g), a * e - b * d]
        return inv.map { $0 / det }
    }
}
