// A vector path: subpaths of lines, quadratic and cubic Bézier segments, as in Core Graphics
// and SwiftUI's `Path`. Geometry only; nothing here knows about pixels.
import Foundation

/// One element of a path.
public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    case quad(Point, Point)            // control, end
    case cubic(Point, Point, Point)    // control 1, control 2, end
    case close
}

/// A sequence of subpaths. Every drawing subpath starts with `.move`; the builder methods insert
/// one when a segment is added without a current point (Core Graphics would ignore the segment;
/// we start it at the origin of the segment instead so no data is lost silently).
public struct Path: Hashable, Sendable {
    public private(set) var elements: [PathElement] = []
    /// The start of the current subpath (where `close` returns to).
    private var subpathStart: Point = .zero
    /// The current point, or nil before the first `move`.
    public private(set) var currentPoint: Point? = nil

    public init() {}
    public init(elements: [PathElement]) {
        for e in elements { append(e) }
    }

    /// Closed polygons stored back to back (`ends[k]` is one past polygon k's last point), each as
    /// move, lines, close. Internal: the stroker's fast way out (no per-element bookkeeping).
    init(closedPolygons points: [Point], ends: [Int]) {
        var e: [PathElement] = []
        e.reserveCapacity(points.count + 2 * ends.count)
        var start = 0
        for end in ends where end > start {
            e.append(.move(points[start]))
            for i in (start + 1)..<end { e.append(.line(points[i])) }
            e.append(.close)
            subpathStart = points[start]
            start = end
        }
        elements = e
        if !e.isEmpty { currentPoint = subpathStart }
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func append(_ e: PathElement) {
        switch e {
        case .move(let p): move(to: p)
        case .line(let p): line(to: p)
        case .quad(let c, let p): quad(to: p, control: c)
        case .cubic(let c1, let c2, let p): cubic(to: p, control1: c1, control2: c2)
        case .close: close()
        }
    }

    public mutating func move(to p: Point) {
        elements.append(.move(p)); subpathStart = p; currentPoint = p
    }
    public mutating func line(to p: Point) {
        ensureStart(p); elements.append(.line(p)); currentPoint = p
    }
    public mutating func quad(to p: Point, control c: Point) {
        ensureStart(c); elements.append(.quad(c, p)); currentPoint = p
    }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        ensureStart(c1); elements.append(.cubic(c1, c2, p)); currentPoint = p
    }
    /// Closes the current subpath with a straight line to its start. A second `close` is a no-op.
    public mutating func close() {
        guard currentPoint != nil else { return }
        if case .close? = elements.last { return }
        elements.append(.close); currentPoint = subpathStart
    }

    private mutating func ensureStart(_ p: Point) {
        if currentPoint == nil { move(to: p) }
    }

    /// Appends every subpath of `other`.
    public mutating func addPath(_ other: Path, transform: Transform = .identity) {
        for e in other.transformed(by: transform).elements { append(e) }
    }

    /// Adds a circular arc around `center`, from `startAngle` to `endAngle` (radians, 0 at 3 o'clock,
    /// positive angles clockwise on a y-down screen). `clockwise` here follows the screen: true sweeps
    /// with increasing angle. The arc is approximated by cubic Béziers of at most 90° each (error
    /// below 2.7e-4·radius, the standard 4/3·tan(θ/4) handle length). A line joins the current point
    /// to the arc's start, as in Core Graphics.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        var sweep = endAngle - startAngle
        let full = 2 * Double.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
        }
        addArc(center: center, radii: Point(radius, radius), rotation: 0, startAngle: startAngle, sweep: sweep)
    }

    /// Adds an elliptical arc (radii rx, ry, axis `rotation` in radians) starting at parametric angle
    /// `startAngle` and sweeping `sweep` radians (positive = increasing angle = clockwise on screen).
    public mutating func addArc(center: Point, radii: Point, rotation: Double, startAngle: Double, sweep: Double) {
        let rot = Transform.rotation(rotation)
        func at(_ a: Double) -> Point { center + rot.applyVector(Point(radii.x * cos(a), radii.y * sin(a))) }
        func deriv(_ a: Double) -> Point { rot.applyVector(Point(-radii.x * sin(a), radii.y * cos(a))) }
        let start = at(startAngle)
        if currentPoint == nil { move(to: start) } else if currentPoint != start { line(to: start) }
        guard sweep != 0, sweep.isFinite else { return }
        // Count clamped before converting: a sweep of 1e300 rad would not fit an Int (4096 quarter
        // turns are 1024 full circles, the same outline as any more).
        let n = max(1, Int(min((abs(sweep) / (Double.pi / 2)).rounded(.up) - 1e-9, 4096)))
        let step = sweep / Double(n)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a0 = startAngle
        for _ in 0..<n {
            let a1 = a0 + step
            let p0 = at(a0), p1 = at(a1)
            cubic(to: p1, control1: p0 + deriv(a0) * k, control2: p1 - deriv(a1) * k)
            a0 = a1
        }
    }

    /// The path with every point transformed.
    public func transformed(by t: Transform) -> Path {
        if t.isIdentity { return self }
        var out = Path()
        out.elements.reserveCapacity(elements.count)
        for e in elements {
            switch e {
            case .move(let p): out.move(to: t.apply(p))
            case .line(let p): out.line(to: t.apply(p))
            case .quad(let c, let p): out.quad(to: t.apply(p), control: t.apply(c))
            case .cubic(let c1, let c2, let p): out.cubic(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
            case .close: out.close()
            }
        }
        return out
    }

    /// The bounding box of every point, control points included (Core Graphics' `boundingBox`);
    /// nil for an empty path. Cheap and conservative; use `tightBounds` for the curve's own extent.
    public var controlBounds: Rect? {
        var lo = Point(.infinity, .infinity), hi = Point(-.infinity, -.infinity)
        func add(_ p: Point) {
            lo = Point(min(lo.x, p.x), min(lo.y, p.y)); hi = Point(max(hi.x, p.x), max(hi.y, p.y))
        }
        for e in elements {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        guard lo.x <= hi.x else { return nil }
        return Rect(corners: lo, hi)
    }

    /// The exact bounds of the drawn curve (Bézier extrema solved), nil for an empty path.
    public var tightBounds: Rect? {
        var lo = Point(.infinity, .infinity), hi = Point(-.infinity, -.infinity)
        func add(_ p: Point) {
            lo = Point(min(lo.x, p.x), min(lo.y, p.y)); hi = Point(max(hi.x, p.x), max(hi.y, p.y))
        }
        var cur = Point.zero
        for e in elements {
            switch e {
            case .move(let p), .line(let p):
                add(p); cur = p
            case .quad(let c, let p):
                add(p)
                for t in Bezier.quadExtrema(cur, c, p) { add(Bezier.quadPoint(cur, c, p, t)) }
                cur = p
            case .cubic(let c1, let c2, let p):
                add(p)
                for t in Bezier.cubicExtrema(cur, c1, c2, p) { add(Bezier.cubicPoint(cur, c1, c2, p, t)) }
                cur = p
            case .close: break
            }
        }
        guard lo.x <= hi.x else { return nil }
        return Rect(corners: lo, hi)
    }

    /// True when every coordinate is finite.
    public var isFinite: Bool {
        for e in elements {
            switch e {
            case .move(let p), .line(let p): if !p.isFinite { return false }
            case .quad(let c, let p): if !c.isFinite || !p.isFinite { return false }
            case .cubic(let c1, let c2, let p): if !c1.isFinite || !c2.isFinite || !p.isFinite { return false }
            case .close: break
            }
        }
        return true
    }
}
