// Nodes of the content tree (docs/spec.md). The renderer walks this tree.

/// One node with its ordered modifiers.
public struct SpecNode: Sendable {
    public indirect enum Kind: Sendable {
        case shape(ShapeNode)
        /// Children drawn in order.
        case group([SpecNode])
        case `repeat`(RepeatNode)
        case conditional(ConditionalNode)
        case canvas(CanvasNode)
        case phaseAnimator(PhaseAnimatorNode)
        case keyframeAnimator(KeyframeAnimatorNode)
        case metaball(MetaballNode)
        case pathLoader(PathLoaderNode)
        case symbol(SymbolNode)
        case text(TextNode)
        case image(ImageNode)
        /// A layout view (stacks, spacer, divider, Color, grids, scroll view, geometry reader).
        case layout(LayoutNode)
    }

    public var kind: Kind
    /// Applied in array order (first = innermost, as a SwiftUI modifier chain reads).
    public var modifiers: [SpecModifier]
    public var about: String?
    /// Lint rules suppressed at this node and inside it (`"lint": {"ignore": {…}}`).
    public var lint: LintSettings? = nil
    /// Gesture handlers, `id` and `allowsHitTesting` (docs/spec.md "Interactions"); nil: none.
    public var handlers: SpecGestureHandlers? = nil
    /// The JSON path of the node, e.g. `content[0].repeat.content[1]`, for messages.
    public var path: String

    /// The spec key of the node kind (`circle`, `group`, `repeat`, `if`, …).
    public var kindName: String {
        switch kind {
        case .shape(let s): return s.shape.kindName
        case .group: return "group"
        case .repeat(let r): return r.presence == nil ? "repeat" : "forEach"
        case .conditional: return "if"
        case .canvas: return "canvas"
        case .phaseAnimator: return "phaseAnimator"
        case .keyframeAnimator: return "keyframeAnimator"
        case .metaball: return "metaball"
        case .pathLoader: return "pathLoader"
        case .symbol: return "symbol"
        case .text: return "text"
        case .image: return "image"
        case .layout(let l): return l.kindName
        }
    }

    /// Every node key.
    public static let kindNames = SpecShape.kindNames + ["group", "repeat", "forEach", "if", "canvas", "phaseAnimator", "keyframeAnimator", "metaball", "pathLoader", "symbol", "text", "image"] + LayoutNode.kindNames

    public init(kind: Kind, modifiers: [SpecModifier], about: String? = nil, path: String) {
        self.kind = kind
        self.modifiers = modifiers
        self.about = about
        self.path = path
    }
}

/// A shape with its fill, stroke and trim. With neither fill nor stroke, it is filled with the
/// foreground color (black), as SwiftUI draws a bare shape.
public struct ShapeNode: Sendable {
    public var shape: SpecShape
    public var fill: SpecPaint?
    public var stroke: SpecStroke?
    public var trim: SpecTrim?
    /// `strokeBorder`: a stroke of the shape inset by half the line width, so it stays inside the
    /// frame (insettable shapes only).
    public var strokeBorder: SpecStroke? = nil
    /// `outline`: the shape becomes the outline of its stroke with this style (SwiftUI's
    /// `Shape.stroke(style:)` used as a shape, `.stroke(…).stroke(…)`), after `trim` and before
    /// fill and stroke; the stroke's paint is not used.
    public var outline: SpecStroke? = nil

    public init(shape: SpecShape, fill: SpecPaint? = nil, stroke: SpecStroke? = nil, trim: SpecTrim? = nil) {
        self.shape = shape
        self.fill = fill
        self.stroke = stroke
        self.trim = trim
    }
}

/// SwiftUI's `ForEach(0..<count)`: `content` once per index with a stable identity per index;
/// the index is bound to `variable` (slot `slot`).
public struct RepeatNode: Sendable {
    public var count: Int
    public var variable: String
    public var slot: Int
    public var content: [SpecNode]
    /// For a `forEach` over a state array: per element id (the index), an expression that is
    /// non-zero while the element is in the array; its content is inserted and removed with
    /// `transition` as an `if`'s is. nil for a `repeat`.
    public var presence: [SpecExpression]? = nil
    /// The `forEach`'s transition (nil: SwiftUI's default, `.opacity`).
    public var transition: SpecTransition? = nil
    /// For a `forEach`: the loop variable's value (the element's id) of each instance, in the
    /// order the array shows them (StateArray.order); nil: instance i has the value i.
    public var values: [Double]? = nil
    /// For a `forEach` over an array whose elements move: per instance, an expression of its
    /// element's index in the array (StateArray.rankSlots); a layout container places the
    /// instances in the order of these indices. nil: in the order written.
    public var ranks: [SpecExpression]? = nil
    /// For a `forEach`: the state array it shows.
    public var array: String? = nil

    public init(count: Int, variable: String, slot: Int, content: [SpecNode], presence: [SpecExpression]? = nil, transition: SpecTransition? = nil, values: [Double]? = nil, ranks: [SpecExpression]? = nil, array: String? = nil) {
        self.count = count
        self.variable = variable
        self.slot = slot
        self.content = content
        self.presence = presence
        self.transition = transition
        self.values = values
        self.ranks = ranks
        self.array = array
    }

    /// The loop variable's value in instance i.
    public func value(_ i: Int) -> Double { values?[i] ?? Double(i) }
}

/// `if condition { content }` with the transition used on insertion and removal.
public struct ConditionalNode: Sendable {
    /// Non-zero = present.
    public var condition: SpecNumber
    public var content: [SpecNode]
    /// nil = SwiftUI's default transition (`.opacity`).
    public var transition: SpecTransition?

    public init(condition: SpecNumber, content: [SpecNode], transition: SpecTransition? = nil) {
        self.condition = condition
        self.content = content
        self.transition = transition
    }
}

/// A `Canvas` layer: `content` is drawn as one layer and `filters` apply to it, in the order the
/// spec lists them as GraphicsContext calls (the filter listed last is applied first to pixels,
/// docs/architecture.md, "Pixels"). `animatable` names state variables interpolated inside the canvas.
public struct CanvasNode: Sendable {
    public var filters: [SpecFilter]
    public var content: [SpecNode]
    public var animatable: [StateReference]

    public init(filters: [SpecFilter], content: [SpecNode], animatable: [StateReference]) {
        self.filters = filters
        self.content = content
        self.animatable = animatable
    }
}

/// A reference to a state variable by name, with its slot.
public struct StateReference: Sendable, Equatable {
    public var name: String
    public var slot: Int

    public init(name: String, slot: Int) {
        self.name = name
        self.slot = slot
    }
}
