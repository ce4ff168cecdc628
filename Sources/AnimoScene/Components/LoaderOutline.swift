// Outline generators for path loaders (swiftui-microinteractions skill, "Canvas Path Loaders", "Shape recipes"): each
// generator only makes points or a path inside a frame; the motion code (LoaderSamples,
// PathLoaderComponent) is shape-agnostic, as the skill prescribes ("adding a new shape = adding one
// sample generator, with zero changes to the motion code").
//
// Angles: degrees clockwise on screen from 3 o'clock (PolygonShapes.swift's convention), so -90
// puts the first vertex at 12 o'clock (the skill's "point-up -π/2").
import AnimoSpec
import Foundation
import AnimoGeometry

/// How a loader outline is joined through its control points.
public enum LoaderSampler: String, Sendable, CaseIterable {
    /// Straight edges, crisp vertices (star, polygon).
    case polyline
    /// A closed centripetal Catmull–Rom spline (organic curves); needs more than 3 points, else
    /// the polyline is used (the skill: "Catmull-Rom needs > 3 control points — fall back to the
    /// polyline sampler otherwise").
    case catmullRom
}

/// Outline generators. Every function returns points inside `rect` (centred, aspect kept).
public enum LoaderOutline {
    /// Points per generated curve (lemniscate, heart, rose). With 720 points the chord of a circle
    /// of radius 100 deviates from the arc by r(1 − cos(π/720)) ≈ 1e-3 points: invisible.
    public static let curveResolution = 720

    /// The skill's N-point star: 2N vertices alternating outer radius min(w, h)/2 and inner radius
    /// `innerRatio` (clamped to 0…1) times it, the first outer vertex at `rotationDegrees`.
    public static func starVertices(in rect: Rect, points: Int, innerRatio: Double, rotationDegrees: Double) -> [Point] {
        guard points >= 2 else { return [] }
        let outer = min(abs(rect.width), abs(rect.height)) / 2
        let ratio = innerRatio.isFinite ? min(max(innerRatio, 0), 1) : 0.5
        let radii = (0..<(2 * points)).map { $0 % 2 == 0 ? outer : outer * ratio }
        return radial(rect.center, radii, rotationDegrees)
    }

    /// The skill's regular polygon: `sides` vertices on the circle of radius min(w, h)/2.
    public static func polygonVertices(in rect: Rect, sides: Int, rotationDegrees: Double) -> [Point] {
        guard sides >= 3 else { return [] }
        let r = min(abs(rect.width), abs(rect.height)) / 2
        return radial(rect.center, Array(repeating: r, count: sides), rotationDegrees)
    }

    static func radial(_ c: Point, _ radii: [Double], _ rotationDegrees: Double) -> [Point] {
        let start = (rotationDegrees.isFinite ? rotationDegrees : 0) * .pi / 180
        let step = 2 * Double.pi / Double(radii.count)
        return radii.enumerated().map { k, r in
            let a = start + Double(k) * step
            return Point(c.x + r * cos(a), c.y + r * sin(a))
        }
    }

    /// The lemniscate of Bernoulli x = a·cos s/(1 + sin²s), y = a·sin s·cos s/(1 + sin²s)
    /// (s in [0, 2π)): its width is 2a and |y| ≤ a/(2√2) (at s = π/4), so a = min(w/2, h·√2) keeps
    /// it inside the frame; it starts at the right tip and crosses itself at the centre.
    public static func lemniscate(in rect: Rect, count: Int = curveResolution) -> [Point] {
        let a = min(abs(rect.width) / 2, abs(rect.height) * 2.squareRoot())
        let c = rect.center
        return (0..<max(count, 8)).map { k in
            let s = 2 * Double.pi * Double(k) / Double(max(count, 8))
            let d = 1 + sin(s) * sin(s)
            return Point(c.x + a * cos(s) / d, c.y + a * sin(s) * cos(s) / d)
        }
    }

    /// The classic parametric heart x = 16 sin³s, y = 13 cos s − 5 cos 2s − 2 cos 3s − cos 4s
    /// (y flipped for the y-down screen), fitted into the frame; it starts at the top dip.
    public static func heart(in rect: Rect, count: Int = curveResolution) -> [Point] {
        let n = max(count, 8)
        let raw = (0..<n).map { k -> Point in
            let s = 2 * Double.pi * Double(k) / Double(n)
            let x = 16 * pow(sin(s), 3)
            let y = 13 * cos(s) - 5 * cos(2 * s) - 2 * cos(3 * s) - cos(4 * s)
            return Point(x, -y)
        }
        return fit(raw, into: rect)
    }

    /// A rose with `petals` petals: r = R·|cos(n·θ/2)| for θ in [0, 2π) has exactly n equal
    /// lobes for every n ≥ 1 (zeros at θ = (2j+1)π/n), R = min(w, h)/2, first petal pointing up.
    public static func rose(in rect: Rect, petals: Int, count: Int = curveResolution) -> [Point] {
        let n = max(petals, 1)
        let samples = max(count, 8 * n)
        let r0 = min(abs(rect.width), abs(rect.height)) / 2
        let c = rect.center
        return (0..<samples).map { k in
            let th = 2 * Double.pi * Double(k) / Double(samples)
            let r = r0 * abs(cos(Double(n) * th / 2))
            let a = th - .pi / 2
            return Point(c.x + r * cos(a), c.y + r * sin(a))
        }
    }

    /// Points given in 0…1 of the frame.
    public static func unitPoints(_ pts: [(x: Double, y: Double)], in rect: Rect) -> [Point] {
        pts.map { Point(rect.minX + $0.x * rect.width, rect.minY + $0.y * rect.height) }
    }

    /// Scales points uniformly to fit the frame, centred.
    static func fit(_ pts: [Point], into rect: Rect) -> [Point] {
        guard let b = bounds(pts), b.width > 0 || b.height > 0 else { return pts }
        let s = min(b.width > 0 ? abs(rect.width) / b.width : .infinity, b.height > 0 ? abs(rect.height) / b.height : .infinity)
        let c = rect.center, bc = b.center
        return pts.map { Point(c.x + ($0.x - bc.x) * s, c.y + ($0.y - bc.y) * s) }
    }

    /// A path scaled uniformly to fit the frame, centred (custom SVG outlines).
    public static func fit(_ path: Path, into rect: Rect) -> Path {
        guard let b = path.tightBounds, b.width > 0 || b.height > 0 else { return path }
        let s = min(b.width > 0 ? abs(rect.width) / b.width : .infinity, b.height > 0 ? abs(rect.height) / b.height : .infinity)
        let c = rect.center, bc = b.center
        return path.transformed(by: Transform(a: s, b: 0, c: 0, d: s, tx: c.x - bc.x * s, ty: c.y - bc.y * s))
    }

    static func bounds(_ pts: [Point]) -> Rect? {
        guard var lo = pts.first else { return nil }
        var hi = lo
        for p in pts {
            lo = Point(min(lo.x, p.x), min(lo.y, p.y))
            hi = Point(max(hi.x, p.x), max(hi.y, p.y))
        }
        return Rect(corners: lo, hi)
    }

    /// The closed outline through `points` with the sampler (Catmull–Rom only with more than 3
    /// points, else the polyline).
    public static func closedPath(through points: [Point], sampler: LoaderSampler) -> Path {
        if sampler == .catmullRom && points.count > 3 { return .catmullRom(closedThrough: points) }
        var p = Path()
        guard let first = points.first else { return p }
        p.move(to: first)
        for q in points.dropFirst() { p.line(to: q) }
        p.close()
        return p
    }
}
