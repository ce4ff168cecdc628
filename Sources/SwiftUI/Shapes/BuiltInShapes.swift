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
