// SwiftUI's built-in shapes as paths in a frame: Rectangle, Circle, Ellipse, Capsule, RoundedRectangle.
//
// Start points and directions matter because `trim(from:to:)` and dashes are measured from the start.
// All shapes below run clockwise on a y-down screen, as Core Graphics' builders do:
// - Rectangle: CG's `addRect` "starts by moving to the bottom left corner and then adding lines
//   counter-clockwise" (developer.apple.com/documentation/coregraphics/cgcontext/addrect(_:)). That text is
//   in CG's y-up space: the corner is the rect's origin (minX, minY) and the order is
//   (minX,minY) → (maxX,minY) → (maxX,maxY) → (minX,maxY). In SwiftUI's flipped space this is the
//   top-left corner, going right along the top edge: clockwise on screen.
// - Circle/Ellipse: one closed subpath starting at (maxX, midY) (3 o'clock) sweeping with increasing
//   angle, i.e. clockwise on screen (docs/semantics.md §66).
// - RoundedRectangle/Capsule: CG documents only "a closed subpath oriented in the clockwise direction"
//   (cgmutablepath/addroundedrect); Apple does not document the start point. We start where the
//   ellipse starts, at the middle of the right edge (maxX, midY), and run down it first: clockwise on
//   screen. SwiftUI code that trims rounded rectangles relies on that start (docs/semantics.md §282), and
//   it is the only start at which `Capsule().trim(from: 0, to: 0.5)` is the capsule's bottom half.
//
// Ellipses use 12 cubics of 30° each instead of CG's 4 of 90°: same start, direction and quarter points,
// but the radial error of the tangent-matching approximation drops from 2.7e-4·r to about 4e-7·r
// (it scales with the 6th power of the piece angle), so trims and arc lengths match a true circle.
import Foundation

extension Rect {
    /// The rectangle with non-negative width and height (SwiftUI frames may be negative under transforms).
    var standardized: Rect { Rect(corners: origin, Point(origin.x + size.width, origin.y + size.height)) }
    var isFiniteRect: Bool { origin.isFinite && size.width.isFinite && size.height.isFinite }
}

extension Path {
    /// SwiftUI `Rectangle`: top-left corner, then clockwise on screen. Empty for a non-finite frame.
    public init(rect: Rect) {
        self.init()
        guard rect.isFiniteRect else { return }
        let r = rect.standardized
        move(to: Point(r.minX, r.minY))
        line(to: Point(r.maxX, r.minY))
        line(to: Point(r.maxX, r.maxY))
        line(to: Point(r.minX, r.maxY))
        close()
    }

    /// SwiftUI `Ellipse` (CG `addEllipse(in:)`): starts at (maxX, midY), clockwise on screen.
    public init(ellipseIn rect: Rect) {
        self.init()
        guard rect.isFiniteRect else { return }
        let r = rect.standardized
        let arc = EllipticalArc(center: r.center, radii: Point(r.width / 2, r.height / 2), rotation: 0,
                                startAngle: 0, sweep: 2 * .pi)
        move(to: Point(r.maxX, r.midY))
        arc.appendCubicPieces(to: &self, pieces: 12, end: Point(r.maxX, r.midY))
        close()
    }

    /// SwiftUI `Circle`: radius min(w, h)/2, centred in the frame (docs/semantics.md §65); starts at
    /// 3 o'clock and runs clockwise on screen.
    public static func circle(in rect: Rect) -> Path {
        guard rect.isFiniteRect else { return Path() }
        let r = rect.standardized
        let d = min(r.width, r.height)
        return Path(ellipseIn: Rect(x: r.midX - d / 2, y: r.midY - d / 2, width: d, height: d))
    }

    /// SwiftUI `Capsule`: a rounded rectangle with r = min(w, h)/2 (docs/semantics.md §65). With
    /// `.continuous` the corners blend fully to circular at that radius (see ContinuousCorner.swift), so
    /// both styles give the same stadium.
    public static func capsule(in rect: Rect, style: RoundedCornerStyle = .continuous) -> Path {
        guard rect.isFiniteRect else { return Path() }
        let r = rect.standardized
        return Path(roundedRect: r, cornerRadius: min(r.width, r.height) / 2, style: style)
    }

    /// SwiftUI `RoundedRectangle(cornerRadius:style:)`. The radius is clamped to [0, min(w, h)/2]
    /// (docs/semantics.md §65); a zero radius gives `Path(rect:)`. Starts at the middle of the right edge,
    /// (maxX, midY), and runs clockwise on screen, down the right edge first (see the file header).
    public init(roundedRect rect: Rect, cornerRadius: Double, style: RoundedCornerStyle = .continuous) {
        self.init()
        guard rect.isFiniteRect else { return }
        let rc = rect.standardized
        let half = min(rc.width, rc.height) / 2
        let radius = cornerRadius.isFinite ? min(max(cornerRadius, 0), half) : 0
        if radius <= 0 {
            self = Path(rect: rc)
            return
        }
        let profile = CornerProfile.profile(style: style, radius: radius, available: half)
        let reach = profile.reach * radius
        let tl = Point(rc.minX, rc.minY), tr = Point(rc.maxX, rc.minY)
        let br = Point(rc.maxX, rc.maxY), bl = Point(rc.minX, rc.maxY)
        let right = Point(1, 0), down = Point(0, 1), left = Point(-1, 0), up = Point(0, -1)
        let start = Point(rc.maxX, rc.midY)
        move(to: start)
        func edge(to p: Point) { if p != currentPoint { line(to: p) } }
        edge(to: Point(br.x, br.y - reach))
        profile.append(to: &self, corner: br, dIn: down, dOut: left, r: radius)
        edge(to: Point(bl.x + reach, bl.y))
        profile.append(to: &self, corner: bl, dIn: left, dOut: up, r: radius)
        edge(to: Point(tl.x, tl.y + reach))
        profile.append(to: &self, corner: tl, dIn: up, dOut: right, r: radius)
        edge(to: Point(tr.x - reach, tr.y))
        profile.append(to: &self, corner: tr, dIn: right, dOut: down, r: radius)
        edge(to: start)
        close()
    }
}

extension EllipticalArc {
    /// Appends the arc as exactly `pieces` equal-angle cubics (tangent-matching handles 4/3·tan(Δ/4)).
    func appendCubicPieces(to path: inout Path, pieces: Int, end: Point) {
        let n = max(1, pieces)
        let step = sweep / Double(n)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a0 = startAngle
        var p0 = path.currentPoint ?? point(at: a0)
        for i in 0..<n {
            let a1 = startAngle + sweep * Double(i + 1) / Double(n)
            let p1 = i == n - 1 ? end : point(at: a1)
            path.cubic(to: p1, control1: p0 + derivative(at: a0) * k, control2: p1 - derivative(at: a1) * k)
            a0 = a1; p0 = p1
        }
    }
}
