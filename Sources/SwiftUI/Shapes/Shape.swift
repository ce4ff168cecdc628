// SwiftUI's `Shape`: a path in a frame, drawn filled with the foreground style unless filled or
// stroked otherwise. The built-in shapes are drawn by the renderer; a custom shape's
// `path(in:)` compiles and runs, and is not drawn yet (a warning says so).
internal import AnimoViewRecord

public protocol Shape: Animatable, View {
    func path(in rect: CGRect) -> Path
}

public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    func inset(by amount: CGFloat) -> InsetShape
}

/// A built-in shape: the renderer knows its outline.
protocol BuiltInShape {
    var kind: RecordedShape.Kind { get }
}

extension Shape {
    public var body: _ShapeView { _ShapeView(shape: self) }

    var recordedShape: RecordedShape? {
        if let s = self as? _ShapeView { return s.shape }
        if let b = self as? any BuiltInShape { return RecordedShape(kind: b.kind) }
        if let t = self as? _TrimmedShape { return t.shape }
        return nil
    }

    public func fill<S: ShapeStyle>(_ content: S = Color.primary, style: FillStyle = FillStyle()) -> _ShapeView {
        var v = _ShapeView(shape: self)
        v.shape?.fill = content.recordedPaint ?? .style("primary")
        return v
    }

    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> _ShapeView {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> _ShapeView {
        var v = _ShapeView(shape: self)
        v.shape?.stroke = style.recorded(content.recordedPaint)
        return v
    }

    public func stroke(lineWidth: CGFloat = 1) -> _ShapeView { stroke(style: StrokeStyle(lineWidth: lineWidth)) }

    public func stroke(style: StrokeStyle) -> _ShapeView {
        var v = _ShapeView(shape: self)
        v.shape?.stroke = style.recorded(nil)
        return v
    }

    public func trim(from start: CGFloat = 0, to end: CGFloat = 1) -> _TrimmedShape {
        var s = recordedShape
        s?.trim = [Double(start), Double(end)]
        return _TrimmedShape(shape: s, source: self)
    }
}

extension InsettableShape {
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> _ShapeView {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth))
    }
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> _ShapeView {
        var v = _ShapeView(shape: self)
        v.shape?.strokeBorder = style.recorded(content.recordedPaint)
        return v
    }
    public func strokeBorder(lineWidth: CGFloat = 1) -> _ShapeView {
        var v = _ShapeView(shape: self)
        v.shape?.strokeBorder = StrokeStyle(lineWidth: lineWidth).recorded(nil)
        return v
    }
}

/// A shape with its paint: what `fill`, `stroke` and `strokeBorder` return.
public struct _ShapeView: Shape, PrimitiveView {
    var shape: RecordedShape?
    let source: any Shape
    nonisolated init(shape: some Shape) {
        self.shape = shape.recordedShape
        source = shape
    }
    public func path(in rect: CGRect) -> Path { source.path(in: rect) }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        guard let shape else {
            context.graph.warn("Shape.path(in:)", "a custom shape (\(type(of: source))) is not drawn yet", context.site)
            return RecordNode(context, .empty)
        }
        return RecordNode(context, .shape(shape))
    }
}

public struct _TrimmedShape: Shape, PrimitiveView {
    var shape: RecordedShape?
    let source: any Shape
    public func path(in rect: CGRect) -> Path { source.path(in: rect) }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        _ShapeView(shape: self).record(context)
    }
}

public struct FillStyle: Equatable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}


public struct StrokeStyle: Equatable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    public var dash: [CGFloat]
    public var dashPhase: CGFloat
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10, dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
    func recorded(_ paint: RecordedPaint?) -> RecordedStroke {
        RecordedStroke(paint: paint, lineWidth: Double(lineWidth), lineCap: "\(lineCap)", lineJoin: "\(lineJoin)", dash: dash.map(Double.init), dashPhase: Double(dashPhase))
    }
}

/// Core Graphics' line caps and joins, which Linux's Foundation does not have.
public enum CGLineCap: Int32, Sendable { case butt, round, square }
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }
