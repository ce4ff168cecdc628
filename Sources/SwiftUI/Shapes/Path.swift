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
    public mutating func addRect(_ rect: CGRect) { elements.append(.rect(rect)) }
    public mutating func addRects(_ rects: [CGRect]) { for r in rects { addRect(r) } }
    public mutating func addEllipse(in rect: CGRect) { elements.append(.ellipse(rect)) }
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) { elements.append(.roundedRect(rect, cornerSize.width)) }
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        elements.append(.arc(center: center, radius: radius, start: startAngle.radians, end: endAngle.radians, clockwise: clockwise))
    }
    public mutating func addPath(_ path: Path) { elements += path.elements }
    public func path(in rect: CGRect) -> Path { self }
}

public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }
