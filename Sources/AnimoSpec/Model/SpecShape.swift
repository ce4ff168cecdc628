// Shapes (docs/spec.md): the outline a shape node, a `clipShape` or a path loader uses.

/// Where a shape sits. `nil` in `SpecShape.frame` means "the enclosing frame": the canvas for a
/// node, the node's layout frame for `clipShape`, the loader's frame for `pathLoader`.
public enum SpecFrame: Sendable {
    /// `[x, y, width, height]`.
    case rect(SpecRect)
    /// A circle's `center` and `radius`; its layout frame is the square around it.
    case circle(center: SpecPoint, radius: SpecNumber)
}

/// `RoundedCornerStyle`: `continuous` (SwiftUI's default for `RoundedRectangle` and `Capsule`)
/// or `circular`.
public enum CornerStyle: String, Sendable, CaseIterable {
    case continuous, circular
}

/// A shape and its frame.
public struct SpecShape: Sendable {
    public enum Kind: Sendable {
        /// Inscribed in the frame (the largest centered circle), as SwiftUI's `Circle`.
        case circle
        case ellipse
        case rectangle
        case roundedRectangle(cornerRadius: SpecNumber, style: CornerStyle)
        case capsule(style: CornerStyle)
        /// SVG path data (the `d` attribute), in points of the canvas; validated by the renderer.
        case path(d: String)
        /// A star with `points` tips inscribed in the frame's ellipse; `innerRadius` is the inner
        /// vertices' radius as a fraction (0…1) of the outer one; the first tip points at
        /// `rotation` degrees (clockwise from +x), so -90 points up.
        case star(points: Int, innerRadius: SpecNumber, rotation: SpecNumber)
        /// A regular polygon with `sides` vertices inscribed in the frame's ellipse, first vertex
        /// at `rotation` degrees (clockwise from +x).
        case polygon(sides: Int, rotation: SpecNumber)
        /// A shape template of the spec's `shapes` with its parameters' values.
        case custom(ShapeTemplateUse)
    }

    public var kind: Kind
    public var frame: SpecFrame?
    /// `pixelAligned`: the frame is a view's layout frame, rounded to the pixel grid every frame
    /// after animation as layout views' frames are (docs/semantics.md §87, §280).
    public var pixelAligned = false

    /// The spec key of the kind (`circle`, `roundedRectangle`, …).
    public var kindName: String {
        switch kind {
        case .circle: return "circle"
        case .ellipse: return "ellipse"
        case .rectangle: return "rectangle"
        case .roundedRectangle: return "roundedRectangle"
        case .capsule: return "capsule"
        case .path: return "path"
        case .star: return "star"
        case .polygon: return "polygon"
        case .custom: return "shape"
        }
    }

    /// Every shape key.
    public static let kindNames = ["circle", "ellipse", "rectangle", "roundedRectangle", "capsule", "path", "star", "polygon", "shape"]

    /// SwiftUI's `InsettableShape`s, the shapes `strokeBorder` takes: the built-in ones, and a
    /// template that names its inset parameter.
    public var isInsettable: Bool {
        switch kind {
        case .circle, .ellipse, .rectangle, .roundedRectangle, .capsule: return true
        case .custom(let use): return use.template.insetParameter != nil
        case .path, .star, .polygon: return false
        }
    }

    public init(kind: Kind, frame: SpecFrame? = nil) {
        self.kind = kind
        self.frame = frame
    }
}

/// `StrokeStyle` plus the paint that strokes.
public struct SpecStroke: Sendable {
    public enum LineCap: String, Sendable, CaseIterable { case butt, round, square }
    public enum LineJoin: String, Sendable, CaseIterable { case miter, round, bevel }

    public var paint: SpecPaint
    /// Default 1 (SwiftUI `StrokeStyle.lineWidth`).
    public var lineWidth: SpecNumber
    /// Default butt (SwiftUI `StrokeStyle.lineCap`).
    public var lineCap: LineCap
    /// Default miter (SwiftUI `StrokeStyle.lineJoin`).
    public var lineJoin: LineJoin
    /// Default 10 (SwiftUI `StrokeStyle.miterLimit`).
    public var miterLimit: Double
    /// Dash lengths in points; empty = solid.
    public var dash: [SpecNumber]
    public var dashPhase: SpecNumber

    public init(paint: SpecPaint, lineWidth: SpecNumber, lineCap: LineCap, lineJoin: LineJoin, miterLimit: Double, dash: [SpecNumber], dashPhase: SpecNumber) {
        self.paint = paint
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// `trim(from:to:)` in 0…1 of the outline's length.
public struct SpecTrim: Sendable {
    public var from: SpecNumber
    public var to: SpecNumber

    public init(from: SpecNumber, to: SpecNumber) {
        self.from = from
        self.to = to
    }
}
