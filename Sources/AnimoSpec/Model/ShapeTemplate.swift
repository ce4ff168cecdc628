// Shape templates (docs/spec.md "Shape templates"): a named custom shape defined by path commands
// in its own rectangle, SwiftUI's `Shape.path(in:)`, with named numeric parameters of which some
// are its `animatableData`, and optionally the one its `inset(by:)` adds to (`InsettableShape`).

/// A top-level `shapes` entry: `{"parameters": {name: default}, "animatable": [names], "path": [commands]}`.
public struct ShapeTemplate: Sendable {
    /// One stored property of the shape.
    public struct Parameter: Sendable {
        public var name: String
        /// The value a use that does not set it gets.
        public var defaultValue: Double
        /// Listed in `animatable`: interpolated with the change's animation (its `animatableData`);
        /// any other parameter takes its new value at once.
        public var isAnimatable: Bool
        /// The slot the path commands read it from.
        public var slot: Int

        public init(name: String, defaultValue: Double, isAnimatable: Bool, slot: Int) {
            self.name = name
            self.defaultValue = defaultValue
            self.isAnimatable = isAnimatable
            self.slot = slot
        }
    }

    public var name: String
    public var parameters: [Parameter]
    public var commands: [ShapePathCommand]
    /// Slots of `rect.minX, rect.minY, rect.maxX, rect.maxY, rect.midX, rect.midY, rect.width,
    /// rect.height`, in that order (`ShapeTemplate.rectNames`).
    public var rectSlots: [Int]
    /// The JSON path of the definition (`shapes.wave`).
    public var path: String
    /// `inset`: the index of the parameter that holds the inset amount, SwiftUI's
    /// `InsettableShape.inset(by:)` (which returns a copy with that property increased). A
    /// template with one takes `strokeBorder`, which adds half the line width to it; nil = the
    /// template is not insettable.
    public var insetParameter: Int? = nil

    /// The names of the rectangle's values the commands read.
    public static let rectNames = ["rect.minX", "rect.minY", "rect.maxX", "rect.maxY", "rect.midX", "rect.midY", "rect.width", "rect.height"]

    /// The most points one `lines` sampling may produce.
    public static let maxSamples = 10_000

    public init(name: String, parameters: [Parameter], commands: [ShapePathCommand], rectSlots: [Int], path: String) {
        self.name = name
        self.parameters = parameters
        self.commands = commands
        self.rectSlots = rectSlots
        self.path = path
    }

    public func parameter(named n: String) -> Parameter? { parameters.first { $0.name == n } }
}

/// One call of `path(in:)`'s `Path` building, its numbers expressions of the rectangle and the
/// parameters. Angles in degrees, clockwise on screen from +x.
public enum ShapePathCommand: Sendable {
    /// `move(to:)`.
    case move(SpecPoint)
    /// `addLine(to:)`.
    case line(SpecPoint)
    /// `addLines(_:)`: a move to the first point, lines to the rest.
    case lines([SpecPoint])
    /// `addLines(_:)` over `for variable in stride(from:through:by:)`: `count` points
    /// from + k·step, each `point` with the variable bound to it (slot `slot`).
    case sampledLines(slot: Int, from: Double, step: Double, count: Int, point: SpecPoint)
    /// `addQuadCurve(to:control:)`.
    case quad(to: SpecPoint, control: SpecPoint)
    /// `addCurve(to:control1:control2:)`.
    case curve(to: SpecPoint, control1: SpecPoint, control2: SpecPoint)
    /// `addArc(center:radius:startAngle:endAngle:clockwise:)` with SwiftUI's `clockwise`: false
    /// sweeps toward increasing angles, which is clockwise on a y-down screen.
    case arc(center: SpecPoint, radius: SpecNumber, startAngle: SpecNumber, endAngle: SpecNumber, clockwise: Bool)
    /// `addRect(_:)`.
    case rect(SpecRect)
    /// `addEllipse(in:)`.
    case ellipse(SpecRect)
    /// `closeSubpath()`.
    case close

    /// Every command key.
    public static let names = ["move", "line", "lines", "quad", "curve", "arc", "rect", "ellipse", "close"]
}

/// A use of a template as a shape (`{"shape": {"name": "wave", "parameters": {…}}}`): the
/// template and one value per parameter, in the template's order (the default where the use sets
/// none).
public struct ShapeTemplateUse: Sendable {
    public var template: ShapeTemplate
    public var arguments: [SpecNumber]

    public init(template: ShapeTemplate, arguments: [SpecNumber]) {
        self.template = template
        self.arguments = arguments
    }
}
