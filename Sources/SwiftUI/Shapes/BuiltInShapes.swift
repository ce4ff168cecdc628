// The shapes SwiftUI ships; the renderer draws each exactly (continuous corners included).
internal import AnimoViewRecord

public struct Circle: InsettableShape, BuiltInShape, PrimitiveView {
    public init() {}
    var kind: RecordedShape.Kind { .circle }
    public func path(in rect: CGRect) -> Path {
        let d = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d))
    }
    public func inset(by amount: CGFloat) -> Circle { self }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode { RecordNode(context, .shape(RecordedShape(kind: kind))) }
}

public struct Ellipse: InsettableShape, BuiltInShape, PrimitiveView {
    public init() {}
    var kind: RecordedShape.Kind { .ellipse }
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
    public func inset(by amount: CGFloat) -> Ellipse { self }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode { RecordNode(context, .shape(RecordedShape(kind: kind))) }
}

public struct Rectangle: InsettableShape, BuiltInShape, PrimitiveView {
    public init() {}
    var kind: RecordedShape.Kind { .rectangle }
    public func path(in rect: CGRect) -> Path { Path(rect) }
    public func inset(by amount: CGFloat) -> Rectangle { self }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode { RecordNode(context, .shape(RecordedShape(kind: kind))) }
}

public struct Capsule: InsettableShape, BuiltInShape, PrimitiveView {
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    var kind: RecordedShape.Kind { .capsule }
    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2) }
    public func inset(by amount: CGFloat) -> Capsule { self }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode { RecordNode(context, .shape(RecordedShape(kind: kind))) }
}

public struct RoundedRectangle: InsettableShape, BuiltInShape, PrimitiveView {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }
    var kind: RecordedShape.Kind { .roundedRectangle(cornerRadius: Double(cornerSize.width), continuous: style == .continuous) }
    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerSize: cornerSize) }
    public func inset(by amount: CGFloat) -> RoundedRectangle { self }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode { RecordNode(context, .shape(RecordedShape(kind: kind))) }
}

/// The radii of a rectangle's four corners (iOS 16+).
public struct RectangleCornerRadii: Equatable, Sendable {
    public var topLeading: CGFloat, bottomLeading: CGFloat, bottomTrailing: CGFloat, topTrailing: CGFloat
    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }
}

/// A rectangle with a radius of its own at each corner, drawn from its path (circular corners;
/// each radius at most half the shorter side).
public struct UnevenRoundedRectangle: InsettableShape {
    public var cornerRadii: RectangleCornerRadii
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii
        self.style = style
    }
    public init(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0, topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) {
        self.init(cornerRadii: RectangleCornerRadii(topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius, bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius), style: style)
    }
    public func path(in rect: CGRect) -> Path {
        let r = rect.insetBy(dx: insetAmount, dy: insetAmount)
        let limit = min(r.width, r.height) / 2
        func k(_ v: CGFloat) -> CGFloat { max(0, min(v - insetAmount, limit)) }
        let tl = k(cornerRadii.topLeading), tr = k(cornerRadii.topTrailing), br = k(cornerRadii.bottomTrailing), bl = k(cornerRadii.bottomLeading)
        var p = Path()
        p.move(to: CGPoint(x: r.minX + tl, y: r.minY))
        p.addArc(center: CGPoint(x: r.maxX - tr, y: r.minY + tr), radius: tr, startAngle: .degrees(-90), endAngle: .degrees(0), clockwise: false)
        p.addArc(center: CGPoint(x: r.maxX - br, y: r.maxY - br), radius: br, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        p.addArc(center: CGPoint(x: r.minX + bl, y: r.maxY - bl), radius: bl, startAngle: .degrees(90), endAngle: .degrees(180), clockwise: false)
        p.addArc(center: CGPoint(x: r.minX + tl, y: r.minY + tl), radius: tl, startAngle: .degrees(180), endAngle: .degrees(270), clockwise: false)
        p.closeSubpath()
        return p
    }
    public func inset(by amount: CGFloat) -> UnevenRoundedRectangle {
        var s = self
        s.insetAmount += amount
        return s
    }
}

// iOS 17's shapes by name: `.clipShape(.rect(cornerRadius: 12))`, `.background(.blue, in: .capsule)`.
@MainActor extension Shape where Self == Rectangle {
    public static var rect: Rectangle { Rectangle() }
}
@MainActor extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}
@MainActor extension Shape where Self == UnevenRoundedRectangle {
    public static func rect(topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0, topTrailingRadius: CGFloat = 0, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(topLeadingRadius: topLeadingRadius, bottomLeadingRadius: bottomLeadingRadius, bottomTrailingRadius: bottomTrailingRadius, topTrailingRadius: topTrailingRadius, style: style)
    }
    public static func rect(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(cornerRadii: cornerRadii, style: style)
    }
}
@MainActor extension Shape where Self == Circle {
    public static var circle: Circle { Circle() }
}
@MainActor extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}
@MainActor extension Shape where Self == Ellipse {
    public static var ellipse: Ellipse { Ellipse() }
}

