// Affine transforms in Core Graphics' convention:
//   x' = a·x + c·y + tx
//   y' = b·x + d·y + ty
// `concatenating` follows CGAffineTransform: `t1.concatenating(t2)` applies t1 first, then t2.
import Foundation

public struct Transform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    @inlinable public static func translation(_ dx: Double, _ dy: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }
    @inlinable public static func scale(_ sx: Double, _ sy: Double) -> Transform {
        Transform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// Rotation by `radians`; positive angles turn clockwise on a y-down screen, as SwiftUI's `rotationEffect`.
    @inlinable public static func rotation(_ radians: Double) -> Transform {
        let c = cos(radians), s = sin(radians)
        return Transform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `self` applied first, then `t`.
    @inlinable public func concatenating(_ t: Transform) -> Transform {
        Transform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                  c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                  tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// Transform about an anchor: translate the anchor to the origin, apply `self`, translate back.
    @inlinable public func about(_ p: Point) -> Transform {
        Transform.translation(-p.x, -p.y).concatenating(self).concatenating(.translation(p.x, p.y))
    }

    @inlinable public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
    /// Applies only the linear part (for vectors).
    @inlinable public func applyVector(_ p: Point) -> Point {
        Point(a * p.x + c * p.y, b * p.x + d * p.y)
    }

    @inlinable public var determinant: Double { a * d - b * c }
    @inlinable public var isIdentity: Bool { self == .identity }
    @inlinable public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The inverse, or nil when the transform is singular (zero scale) or not finite.
    public var inverted: Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id,
                         tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// An upper bound of how much the transform can stretch a length (the largest singular value).
    /// Used to turn a device-pixel tolerance into a user-space one.
    public var maxScale: Double {
        let s1 = a * a + b * b + c * c + d * d
        let s2 = ((a * a + b * b - c * c - d * d) * (a * a + b * b - c * c - d * d) + 4 * (a * c + b * d) * (a * c + b * d)).squareRoot()
        return ((s1 + s2) / 2).squareRoot()
    }
}
