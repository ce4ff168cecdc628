// SwiftUI's `Path`: the elements a custom shape's `path(in:)` adds, kept in order.

public struct Path: Equatable {
    enum Element: Equatable {
        case move(CGPoint), line(CGPoint), quad(CGPoint, CGPoint), curve(CGPoint, CGPoint, CGPoint), close
        case rect(CGRect), ellipse(CGRect), roundedRect(CGRect, CGFloat)
        case arc(center: CGPoint, radius: CGFloat, start: Double, end: Double, clockwise: Bool)
    }
    var elements: [Element] = []

    public init() {}
    public init(_ rect: CGRect) { elements = [.rect(rect)] }
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) { elements = [.roundedRect(rect, cornerRadius)] }
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) { elements = [.roundedRect(rect, cornerSize.width)] }
    public init(ellipseIn rect: CGRect) { elements = [.ellipse(rect)] }
    public init(_ build: (inout Path) -> Void) { build(&self) }

    public var isEmpty: Bool { elements.isEmpty }
    public var currentPoint: CGPoint? {
        for e in elements.reversed() {
            switch e {
            case .move(let p), .line(let p), .quad(_, let p), .curve(_, _, let p): return p
            default: continue
            }
        }
        return nil
    }

    public mutating func move(to p: CGPoint) { elements.append(.move(p)) }
    public mutating func addLine(to p: CGPoint) { elements.append(.line(p)) }
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }
    public mutating func addQuadCurve(to p: CGPoint, control: CGPoint) { elements.append(.quad(control, p)) }
    public mutating func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint) { elements.append(.curve(control1, control2, p)) }
    public mutating func closeSubpath() { elements.append(.close) }
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) { add(.rect(rect), transform) }
    public mutating func addRects(_ rects: [CGRect]) { for r in rects { addRect(r) } }
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) { add(.ellipse(rect), transform) }
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous, transform: CGAffineTransform = .identity) { add(.roundedRect(rect, cornerSize.width), transform) }
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool, transform: CGAffineTransform = .identity) {
        add(.arc(center: center, radius: radius, start: startAngle.radians, end: endAngle.radians, clockwise: clockwise), transform)
    }
    /// An arc of `delta` from `startAngle` (a negative delta sweeps the other way).
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle, transform: CGAffineTransform = .identity) {
        add(.arc(center: center, radius: radius, start: startAngle.radians, end: startAngle.radians + delta.radians, clockwise: delta.radians < 0), transform)
    }
    /// The arc of `radius` tangent to the line from the current point to `tangent1End` and to the
    /// line from there to `tangent2End`, joined to the current point by a line.
    public mutating func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity) {
        let p0 = currentPoint ?? p1
        func unit(_ dx: CGFloat, _ dy: CGFloat) -> (CGFloat, CGFloat) {
            let l = (dx * dx + dy * dy).squareRoot()
            return l > 0 ? (dx / l, dy / l) : (0, 0)
        }
        let v1 = unit(p0.x - p1.x, p0.y - p1.y), v2 = unit(p2.x - p1.x, p2.y - p1.y)
        let cosine = max(-1, min(1, v1.0 * v2.0 + v1.1 * v2.1))
        let theta = acos(cosine)
        guard radius > 0, theta > 1e-9, theta < .pi - 1e-9 else {
            add(.line(p1), transform)
            return
        }
        let d = radius / tan(theta / 2)
        let t1 = CGPoint(x: p1.x + v1.0 * d, y: p1.y + v1.1 * d), t2 = CGPoint(x: p1.x + v2.0 * d, y: p1.y + v2.1 * d)
        let bisector = unit(v1.0 + v2.0, v1.1 + v2.1)
        let h = radius / sin(theta / 2)
        let c = CGPoint(x: p1.x + bisector.0 * h, y: p1.y + bisector.1 * h)
        let a0 = atan2(Double(t1.y - c.y), Double(t1.x - c.x)), a1 = atan2(Double(t2.y - c.y), Double(t2.x - c.x))
        var sweep = a1 - a0
        while sweep > .pi { sweep -= 2 * .pi }
        while sweep <= -.pi { sweep += 2 * .pi }
        add(.line(t1), transform)
        add(.arc(center: c, radius: radius, start: a0, end: a0 + sweep, clockwise: sweep < 0), transform)
    }
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        elements += transform.isIdentity ? path.elements : path.applying(transform).elements
    }

    /// An element, through `transform` (as cubics where it is not the identity).
    private mutating func add(_ e: Element, _ transform: CGAffineTransform) {
        if transform.isIdentity { elements.append(e) } else { elements += Path(elements: [e]).applying(transform).elements }
    }
    init(elements: [Element]) { self.elements = elements }

    /// The smallest rectangle that holds the path (its curves sampled).
    public var boundingRect: CGRect {
        var xs: [CGFloat] = [], ys: [CGFloat] = []
        var last = CGPoint.zero
        for e in curveElements() {
            switch e {
            case .move(let p), .line(let p): xs.append(p.x); ys.append(p.y); last = p
            case .quad(let c, let p):
                for k in 1...16 {
                    let t = CGFloat(k) / 16, u = 1 - t
                    xs.append(u * u * last.x + 2 * u * t * c.x + t * t * p.x); ys.append(u * u * last.y + 2 * u * t * c.y + t * t * p.y)
                }
                last = p
            case .curve(let c1, let c2, let p):
                for k in 1...16 {
                    let t = CGFloat(k) / 16, u = 1 - t
                    xs.append(u * u * u * last.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x)
                    ys.append(u * u * u * last.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y)
                }
                last = p
            default: break
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    public func path(in rect: CGRect) -> Path { self }
}

public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }
