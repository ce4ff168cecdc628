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
    public var body: _ShapeView { _ShapeView(source: self) }

    /// The shape as the renderer draws it: a built-in outline, or the path its `path(in:)` makes,
    /// fitted as a function of the rectangle (`sizeHint`: the size it is likely drawn at, for a
    /// path that is not such a function). nil when neither works; `reason` says why.
    func recordedShape(sizeHint: CGSize?, reason: inout String) -> RecordedShape? {
        if let stroked = self as? _StrokedShape {
            var s = stroked.source.recordedShape(sizeHint: sizeHint, reason: &reason)
            s?.stroke = stroked.style.recorded(nil)
            return s
        }
        if let t = self as? _TrimmedShape {
            var s = t.source.recordedShape(sizeHint: sizeHint, reason: &reason)
            s?.trim = t.trim
            return s
        }
        if let b = self as? any BuiltInShape { return RecordedShape(kind: b.kind) }
        guard let path = PathFit.fit(self, sizeHint: sizeHint, reason: &reason) else { return nil }
        // A transformed or trimmed stroke still draws as a stroke.
        // Its width scales with the transforms outside it, as they scale the stroke's outline.
        var inner: any Shape = self
        var stroke: RecordedStroke?
        var scale = 1.0
        while let w = inner as? any _WrappingShape {
            scale *= w.strokeScale
            inner = w.wrapped
            if let s = inner as? _StrokedShape {
                var st = s.style.recorded(nil)
                st.lineWidth *= scale
                st.dash = st.dash.map { $0 * scale }
                stroke = st
                break
            }
        }
        return RecordedShape(kind: .path(path), stroke: stroke)
    }

    public func fill<S: ShapeStyle>(_ content: S = Color.primary, style: FillStyle = FillStyle(), file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> _ShapeView {
        var v = _ShapeView(source: self)
        v.site = SwiftUI.site(file, line, column)
        v.fill = content.recordedPaint ?? .style("primary")
        return v
    }

    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> _ShapeView {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth), file: file, line: line, column: column)
    }

    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> _ShapeView {
        var v = _ShapeView(source: self)
        v.site = SwiftUI.site(file, line, column)
        v.stroke = style.recorded(content.recordedPaint)
        return v
    }

    // A stroke without a paint is itself a shape in SwiftUI (`some Shape`): it can be scaled,
    // rotated, trimmed or filled further, and draws as a stroke of the shape it wraps.
    public func stroke(lineWidth: CGFloat = 1) -> _StrokedShape { stroke(style: StrokeStyle(lineWidth: lineWidth)) }

    public func stroke(style: StrokeStyle) -> _StrokedShape {
        _StrokedShape(source: self, style: style)
    }

    public func trim(from start: CGFloat = 0, to end: CGFloat = 1) -> _TrimmedShape {
        _TrimmedShape(source: self, trim: [Double(start), Double(end)])
    }
}

extension InsettableShape {
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> _ShapeView {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth), file: file, line: line, column: column)
    }
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> _ShapeView {
        var v = _ShapeView(source: self)
        v.site = SwiftUI.site(file, line, column)
        v.strokeBorder = style.recorded(content.recordedPaint)
        return v
    }
    public func strokeBorder(lineWidth: CGFloat = 1, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> _ShapeView {
        var v = _ShapeView(source: self)
        v.site = SwiftUI.site(file, line, column)
        v.strokeBorder = StrokeStyle(lineWidth: lineWidth).recorded(nil)
        return v
    }
}

/// A shape with its paint: what `fill`, `stroke` and `strokeBorder` return. A view, not a shape
/// (as in SwiftUI, where `offset` after `fill` moves the painted view); iOS 17's `fill` then
/// `stroke` chaining is kept: the second paint joins the first.
public struct _ShapeView: View, PrimitiveView {
    let source: any Shape
    var fill: RecordedPaint?
    var stroke: RecordedStroke?
    var strokeBorder: RecordedStroke?
    /// Where the paint was given (`fill`, `stroke`), for warnings; else the enclosing view's.
    var site: SourceSite?
    nonisolated init(source: any Shape) {
        self.source = source
    }
    public var body: Never { neverBody() }

    public func fill<S: ShapeStyle>(_ content: S = Color.primary, style: FillStyle = FillStyle(), file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> _ShapeView {
        var v = self
        v.site = SwiftUI.site(file, line, column)
        v.fill = content.recordedPaint ?? .style("primary")
        return v
    }
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> _ShapeView {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth), file: file, line: line, column: column)
    }
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) -> _ShapeView {
        var v = self
        v.site = SwiftUI.site(file, line, column)
        v.stroke = style.recorded(content.recordedPaint)
        return v
    }

    func record(_ context: RecordContext) -> RecordNode {
        let context = site.map { context.at($0) } ?? context
        var reason = ""
        guard var shape = source.recordedShape(sizeHint: context.sizeHint, reason: &reason) else {
            context.graph.warn("Shape.path(in:)", "a custom shape (\(type(of: source))) is not drawn: \(reason)", context.site)
            return RecordNode(context, .empty)
        }
        if shape.stroke != nil, stroke == nil, let fill {
            // `stroke(lineWidth:)` then `fill(_:)`: the stroke is painted with the fill.
            shape.stroke?.paint = fill
        } else {
            shape.fill = fill
            if let stroke { shape.stroke = stroke }
        }
        if let strokeBorder { shape.strokeBorder = strokeBorder }
        // A stroke given no paint is the foreground style's.
        if shape.stroke != nil, shape.stroke?.paint == nil { shape.stroke?.paint = context.environment.foreground ?? .style("primary") }
        if shape.strokeBorder != nil, shape.strokeBorder?.paint == nil { shape.strokeBorder?.paint = context.environment.foreground ?? .style("primary") }
        if !reason.isEmpty {
            context.graph.warn("Shape.path(in:)", "a custom shape (\(type(of: source))): \(reason)", context.site)
        }
        if case .path(let p) = shape.kind, p.animatable,
           !PathFit.interpolatesLinearly(source, key: context.path, size: context.sizeHint) {
            context.graph.warn("Shape.animatableData", "\(type(of: source))'s path is not linear in its animatableData: while it animates, the frames interpolate the path's points, where SwiftUI runs path(in:) with the interpolated value", context.site)
        }
        return RecordNode(context, .shape(shape))
    }
}

public struct _TrimmedShape: Shape, _WrappingShape {
    let source: any Shape
    let trim: [Double]
    public func path(in rect: CGRect) -> Path { source.path(in: rect) }
    var wrapped: any Shape { source }
}

/// `stroke(lineWidth:)` or `stroke(style:)`: the shape's outline stroked in the foreground style.
public struct _StrokedShape: Shape, _WrappingShape {
    let source: any Shape
    let style: StrokeStyle
    /// The wrapped shape's path (the outline of the stroke is the renderer's to draw).
    public func path(in rect: CGRect) -> Path { source.path(in: rect) }
    var wrapped: any Shape { source }
}

/// A shape made from another one (transformed, trimmed, stroked).
protocol _WrappingShape {
    var wrapped: any Shape { get }
    /// How much it scales a stroke inside it (the mean scale of its transform).
    var strokeScale: Double { get }
}

extension _WrappingShape {
    var strokeScale: Double { 1 }
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
