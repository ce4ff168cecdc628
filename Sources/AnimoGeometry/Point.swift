// Points, sizes and rectangles in a y-down coordinate space (SwiftUI's and Core Graphics'
// flipped view space). Plain Double values: geometry is exact enough in Double at any scale
// the renderer accepts, and the rasterizer narrows to Float only per edge.

/// A point or a vector in 2D, y pointing down.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Point(0, 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static func / (a: Point, s: Double) -> Point { Point(a.x / s, a.y / s) }
    @inlinable public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }
    @inlinable public static func += (a: inout Point, b: Point) { a = a + b }
    @inlinable public static func -= (a: inout Point, b: Point) { a = a - b }

    /// Dot product.
    @inlinable public func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    /// 2D cross product (z of the 3D cross product); positive when `o` is clockwise from `self` on screen (y down).
    @inlinable public func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public var lengthSquared: Double { x * x + y * y }
    @inlinable public func distance(to o: Point) -> Double { (self - o).length }
    /// The vector scaled to length 1, or nil for a zero (or non-finite) vector.
    @inlinable public var normalized: Point? {
        let l = length
        guard l > 0, l.isFinite else { return nil }
        return Point(x / l, y / l)
    }
    /// The vector rotated 90° (clockwise on a y-down screen).
    @inlinable public var perpendicular: Point { Point(-y, x) }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    /// Linear interpolation: `self` at 0, `o` at 1.
    @inlinable public func lerp(_ o: Point, _ t: Double) -> Point { Point(x + (o.x - x) * t, y + (o.y - y) * t) }

    public var description: String { "(\(x), \(y))" }
}

/// A width and a height.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
}

/// An axis-aligned rectangle: origin (top-left in y-down space) and size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// The smallest rectangle holding both corners, whatever their order. The size is rounded up
    /// where needed so that `maxX`, `maxY` (origin + size) reach the far corner (see `span`).
    @inlinable public init(corners a: Point, _ b: Point) {
        let x0 = Swift.min(a.x, b.x), y0 = Swift.min(a.y, b.y)
        origin = Point(x0, y0)
        size = Size(Rect.span(x0, Swift.max(a.x, b.x)), Rect.span(y0, Swift.max(a.y, b.y)))
    }

    /// hi − lo, rounded up until lo + span ≥ hi. A rect stores origin and size, and far from 0 the
    /// difference alone can fall short: for lo = −1e20, hi = 20 it rounds to 1e20 (the 20 is below
    /// half an ulp, 8192) and lo + size = 0, so content up to x = 20 would fall outside its own
    /// bounds. One or two ulps of the size fix it (|error| of each rounding ≤ ½ ulp).
    @inlinable static func span(_ lo: Double, _ hi: Double) -> Double {
        var d = hi - lo
        for _ in 0..<4 where lo + d < hi { d = d.nextUp }
        return d
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
    @inlinable public var center: Point { Point(midX, midY) }
    @inlinable public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// A point of the rectangle given in unit coordinates (SwiftUI's `UnitPoint`: (0,0) top-leading, (1,1) bottom-trailing).
    @inlinable public func point(atUnit u: Point) -> Point {
        Point(origin.x + u.x * size.width, origin.y + u.y * size.height)
    }

    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width - 2 * dx, height: size.height - 2 * dy)
    }

    @inlinable public func union(_ o: Rect) -> Rect {
        Rect(corners: Point(Swift.min(minX, o.minX), Swift.min(minY, o.minY)),
             Point(Swift.max(maxX, o.maxX), Swift.max(maxY, o.maxY)))
    }

    /// The overlap of two rectangles, or nil when they do not overlap.
    @inlinable public func intersection(_ o: Rect) -> Rect? {
        let x0 = Swift.max(minX, o.minX), y0 = Swift.max(minY, o.minY)
        let x1 = Swift.min(maxX, o.maxX), y1 = Swift.min(maxY, o.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: Rect.span(x0, x1), height: Rect.span(y0, y1))
    }

    public var description: String { "[\(minX), \(minY), \(width), \(height)]" }
}
