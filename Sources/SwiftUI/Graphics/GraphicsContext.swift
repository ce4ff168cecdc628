// SwiftUI's `GraphicsContext`, as a `Canvas` closure sees it: every fill and stroke is recorded
// with the context's transform applied to its path, its opacity and its filters. A value type, as
// in SwiftUI: a copy has its own transform, opacity and filters and draws into the same canvas;
// `drawLayer` draws into a new layer that is composited into this one as one item.
internal import AnimoViewRecord
import Foundation

@MainActor final class CanvasRecorder {
    var items: [RecordedCanvasItem] = []
    let graph: ViewGraph?
    let site: SourceSite
    init(graph: ViewGraph?, site: SourceSite) {
        self.graph = graph
        self.site = site
    }
    func warn(_ api: String, _ effect: String) { graph?.warn(api, effect, site) }
}

@MainActor public struct GraphicsContext {
    let recorder: CanvasRecorder
    public var opacity: Double = 1
    public var blendMode: BlendMode = .normal
    public var transform: CGAffineTransform = .identity
    public var environment: EnvironmentValues
    var filters: [RecordedFilter] = []
    /// The canvas's size: the rectangle the renderer maps gradients over.
    let size: CGSize

    init(recorder: CanvasRecorder, environment: EnvironmentValues, size: CGSize) {
        self.recorder = recorder
        self.environment = environment
        self.size = size
    }

    // MARK: Transform

    public mutating func translateBy(x: CGFloat, y: CGFloat) { transform = transform.translatedBy(x: x, y: y) }
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = transform.scaledBy(x: x, y: y) }
    public mutating func rotate(by angle: Angle) { transform = transform.rotated(by: angle.radians) }
    public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }

    // MARK: Drawing

    public struct Shading: Sendable {
        enum Kind: Sendable {
            case paint(RecordedPaint?)
            case linear(Gradient, CGPoint, CGPoint)
            case radial(Gradient, CGPoint, CGFloat, CGFloat)
            case conic(Gradient, CGPoint, Angle)
        }
        let kind: Kind
        public static func color(_ color: Color) -> Shading { Shading(kind: .paint(color.paint)) }
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(kind: .paint(style.recordedPaint)) }
        public static var foreground: Shading { Shading(kind: .paint(nil)) }
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint, options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .linear(gradient, startPoint, endPoint))
        }
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat, options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .radial(gradient, center, startRadius, endRadius))
        }
        public static func conicGradient(_ gradient: Gradient, center: CGPoint, angle: Angle = .zero, options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .conic(gradient, center, angle))
        }
    }

    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let `repeat` = GradientOptions(rawValue: 1)
        public static let mirror = GradientOptions(rawValue: 2)
        public static let linearColor = GradientOptions(rawValue: 4)
    }

    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        let drawn = path.applying(transform)
        guard let p = canvasPath(drawn) else { return }
        emit(.fill(p, paint(shading, drawn), opacity: opacity))
    }

    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        let drawn = path.applying(transform)
        guard let p = canvasPath(drawn) else { return }
        // A stroke's width scales with the transform (by its mean scale).
        let scale = sqrt(abs(Double(transform.a * transform.d - transform.b * transform.c)))
        var stroke = style.recorded(paint(shading, drawn))
        stroke.lineWidth *= scale
        stroke.dash = stroke.dash.map { $0 * scale }
        emit(.stroke(p, stroke, opacity: opacity))
    }

    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        var layer = GraphicsContext(recorder: CanvasRecorder(graph: recorder.graph, site: recorder.site), environment: environment, size: size)
        layer.transform = transform
        try content(&layer)
        let canvas = RecordedCanvas(filters: filters, items: layer.recorder.items)
        recorder.items.append(.layer(canvas, opacity: opacity))
    }

    public mutating func addFilter(_ filter: Filter, options: FilterOptions = FilterOptions()) {
        if let f = filter.recorded { filters.append(f) } else { recorder.warn("GraphicsContext.addFilter", "this filter is left out of the render") }
    }

    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        recorder.warn("GraphicsContext.clip(to:)", "clipping in a Canvas is left out of the render")
    }

    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        recorder.warn("GraphicsContext.draw(_:at:)", "text and images drawn in a Canvas are left out of the render")
    }
    public func draw(_ text: Text, in rect: CGRect) {
        recorder.warn("GraphicsContext.draw(_:in:)", "text and images drawn in a Canvas are left out of the render")
    }
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        recorder.warn("GraphicsContext.draw(_:at:)", "text and images drawn in a Canvas are left out of the render")
    }
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        recorder.warn("GraphicsContext.draw(_:in:)", "text and images drawn in a Canvas are left out of the render")
    }

    public struct ResolvedSymbol {
        public let size: CGSize
    }
    public func resolveSymbol<ID: Hashable>(id: ID) -> ResolvedSymbol? {
        recorder.warn("GraphicsContext.resolveSymbol(id:)", "a Canvas's symbols are left out of the render")
        return nil
    }
    public func draw(_ symbol: ResolvedSymbol, at point: CGPoint, anchor: UnitPoint = .center) {}
    public func draw(_ symbol: ResolvedSymbol, in rect: CGRect) {}

    // MARK: Filters

    public struct Filter: Sendable {
        let recorded: RecordedFilter?
        public static func alphaThreshold(min: Double, max: Double = 1, color: Color = .black) -> Filter {
            Filter(recorded: .alphaThreshold(min: min, max: max, color: color.recorded))
        }
        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter {
            Filter(recorded: .blur(radius: Double(radius), opaque: options.contains(.opaque)))
        }
        public static func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0, blendMode: BlendMode = .normal, options: ShadowOptions = ShadowOptions()) -> Filter {
            Filter(recorded: .shadow(color: color.recorded, radius: Double(radius), x: Double(x), y: Double(y)))
        }
        public static func saturation(_ amount: Double) -> Filter { Filter(recorded: .saturation(amount)) }
        public static func brightness(_ amount: Double) -> Filter { Filter(recorded: .brightness(amount)) }
        public static func contrast(_ amount: Double) -> Filter { Filter(recorded: .contrast(amount)) }
        public static func hueRotation(_ angle: Angle) -> Filter { Filter(recorded: .hueRotation(degrees: angle.degrees)) }
        public static func grayscale(_ amount: Double) -> Filter { Filter(recorded: .grayscale(amount)) }
        public static func colorInvert(_ amount: Double = 1) -> Filter { Filter(recorded: .colorInvert(amount)) }
        public static func colorMultiply(_ color: Color) -> Filter { Filter(recorded: .colorMultiply(color.recorded)) }
        public static var luminanceToAlpha: Filter { Filter(recorded: .luminanceToAlpha) }
    }

    public struct BlurOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let opaque = BlurOptions(rawValue: 1)
        public static let dithersResult = BlurOptions(rawValue: 2)
    }
    public struct ShadowOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let shadowAbove = ShadowOptions(rawValue: 1)
        public static let shadowOnly = ShadowOptions(rawValue: 2)
        public static let invertsAlpha = ShadowOptions(rawValue: 4)
        public static let disablesGroup = ShadowOptions(rawValue: 8)
    }
    public struct FilterOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let linearColor = FilterOptions(rawValue: 1)
    }
    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let inverse = ClipOptions(rawValue: 1)
    }

    // MARK: Recording

    /// Items drawn under filters are each a layer of their own with those filters.
    private func emit(_ item: RecordedCanvasItem) {
        if filters.isEmpty { recorder.items.append(item) }
        else { recorder.items.append(.layer(RecordedCanvas(filters: filters, items: [item]), opacity: 1)) }
    }

    /// The path's numbers as they are: canvas coordinates from the canvas's top left corner.
    private func canvasPath(_ path: Path) -> RecordedPath? {
        let flat = PathFit.flat(path)
        guard !flat.isEmpty else { return nil }
        return RecordedPath(commands: flat.map { f in
            RecordedPath.Command(op: f.op, values: zip(f.kinds, f.numbers).map { kind, v in
                RecordedLength(origin: kind == .x ? .minX : kind == .y ? .minY : .none, form: .constant, constant: PathFit.clean(v))
            }, clockwise: f.clockwise)
        }, animatable: false)
    }

    /// A gradient's points in unit points of the canvas, which is the rectangle the renderer maps
    /// a gradient over for a path drawn in it.
    private func paint(_ shading: Shading, _ path: Path) -> RecordedPaint {
        func unit(_ p: CGPoint) -> [Double] {
            let q = p.applying(transform)
            return [size.width > 0 ? Double(q.x / size.width) : 0.5, size.height > 0 ? Double(q.y / size.height) : 0.5]
        }
        let scale = sqrt(abs(Double(transform.a * transform.d - transform.b * transform.c)))
        switch shading.kind {
        case .paint(let p): return p ?? .style("primary")
        case .linear(let g, let a, let b): return .linearGradient(stops: g.recorded, start: unit(a), end: unit(b))
        case .radial(let g, let c, let r0, let r1): return .radialGradient(stops: g.recorded, center: unit(c), startRadius: Double(r0) * scale, endRadius: Double(r1) * scale)
        case .conic(let g, let c, let a): return .angularGradient(stops: g.recorded, center: unit(c), startAngle: a.degrees, endAngle: a.degrees + 360)
        }
    }
}
