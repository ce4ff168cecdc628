// The content tree resolved once per spec for rendering: `repeat` expanded into one instance per
// index (ForEach with a stable identity per index), SVG data parsed, colors converted, and every
// number bound to how it is evaluated (constant, directly from the frame, or animated).
import AnimoSpec
import AnimoMotion
import AnimoGeometry

/// How one number of a node instance is evaluated at time t.
enum RNumber: Sendable {
    case constant(Double)
    /// Read straight from the frame (clock, loop and animator variables; canvas content).
    case direct(SpecExpression)
    /// The model value plus the animated offset of `PropertyTrack` `index` (SceneTimeline.swift).
    case animated(SpecExpression, Int)
    /// An expression of values only the layout knows (a geometry reader's size) and of state. Its
    /// jumps at events cannot be known when the spec is resolved, so each event that changes the
    /// state it reads has a unit track (0 → 1 with the event's animation), and every frame the jump
    /// is evaluated with this frame's layout values: value = e(now) + Σ offset_k × (e(after k) −
    /// e(before k)).
    case layoutDependent(SpecExpression, [LayoutJump])
}

/// One event's change of a layout-dependent value: its unit track and the state before and after.
struct LayoutJump: Sendable {
    var track: Int
    var before: [Double]
    var after: [Double]
}

/// A loop or animator variable set on entering an instance.
struct SlotBinding: Sendable {
    var slot: Int
    var value: Double
}

/// A shape's outline description.
enum RShapeKind: Sendable {
    case circle, ellipse, rectangle
    case roundedRectangle(RNumber, RoundedCornerStyle)
    case capsule(RoundedCornerStyle)
    /// Parsed once; `bounds` is its layout frame when no frame is given.
    case path(Path, bounds: Rect)
    case star(points: Int, inner: RNumber, rotation: RNumber)
    case polygon(sides: Int, rotation: RNumber)
    /// A shape template with one value per parameter: animatable parameters animated, the others
    /// read directly (they jump), as SwiftUI interpolates only `animatableData`.
    case custom(ShapeTemplate, [RNumber])
}

/// Where a shape sits.
enum RFrame: Sendable {
    case rect(RNumber, RNumber, RNumber, RNumber)
    case circle(RNumber, RNumber, radius: RNumber)
    /// The enclosing frame (the canvas, or the node's layout frame for clip shapes).
    case enclosing
}

struct RShape: Sendable {
    var kind: RShapeKind
    var frame: RFrame
    /// The frame is rounded to the pixel grid when drawn (`pixelAligned`, §280).
    var pixelAligned = false
}

enum RPaint: Sendable {
    case color(Color)
    /// A computed colour: linear sRGB red, green, blue and straight opacity, each a number that
    /// animates on its own (so a colour animates in linear sRGB, as SwiftUI's does).
    case channels(RNumber, RNumber, RNumber, RNumber)
    /// A gradient, fixed or following the state (GradientTimeline.swift).
    case linear(RGradient, start: UnitPoint, end: UnitPoint)
    case radial(RGradient, center: UnitPoint, startRadius: RNumber, endRadius: RNumber)
    case angular(RGradient, center: UnitPoint, startAngle: RNumber, endAngle: RNumber)
    case material(DisplayMaterial)
}

struct RStroke: Sendable {
    var paint: RPaint
    var lineWidth: RNumber
    var lineCap: LineCap
    var lineJoin: LineJoin
    var miterLimit: Double
    var dash: [RNumber]
    var dashPhase: RNumber
}

struct RShapeNode: Sendable {
    var shape: RShape
    var fill: RPaint?
    var stroke: RStroke?
    var trim: (RNumber, RNumber)?
    /// `strokeBorder`: stroked inside the frame (the shape inset by half the line width).
    var strokeBorder: RStroke? = nil
    /// `outline`: the shape replaced by the outline of its stroke with this style (paint unused).
    var outline: RStroke? = nil
    /// What a shape with neither fill nor stroke is filled with: the inherited foreground style,
    /// else the scheme's primary (black in light mode, as v1 always drew).
    var foreground: RPaint = .color(.black)
}

enum RModifier: Sendable {
    case offset(RNumber, RNumber)
    case position(RNumber, RNumber)
    case scale(RNumber, RNumber, anchor: UnitPoint)
    case rotation(RNumber, anchor: UnitPoint)
    case rotation3D(RNumber, axis: (x: Double, y: Double, z: Double), anchor: UnitPoint, anchorZ: RNumber, perspective: RNumber)
    case opacity(RNumber)
    case blendMode(BlendMode)
    case clip(RShape)
    case mask(RNode)
    /// A filter list or shader applied to the content drawn so far as one layer (ResolvedEffects.swift).
    case effect(REffect)
    /// A modifier the renderer does not draw yet (recorded in diagnostics), or `animation`.
    case skip(name: String, path: String)
    /// A `move(edge:)` transition's offset: the layout frame's size toward the edge times `q`.
    case moveMarker(SpecEdge, Double)
    /// A layout modifier (ResolvedLayout.swift); `clipped` also clips a v1 node to its layout frame.
    case layout(RLayoutModifier)
    /// `glassEffect`: glass of this recipe behind the view, in `shape` of its layout frame, while
    /// `isEnabled` (nil = always) is non-zero; a computed `tint` replaces the recipe's each frame.
    case glass(DisplayGlass, SpecGlassShape, isEnabled: RNumber?, tint: RColor?)
    /// `glassEffectContainer`: the glass drawn inside gathered into one surface.
    case glassContainer(spacing: Double)
    /// `glassEffectUnion`: the glass drawn inside joins the union `id` of its container.
    case glassUnion(String)
    /// `glassEffectID`: the glass drawn inside has this id (GlassTransitions.swift).
    case glassID(String)
    /// `glassEffectTransition`: how the glass drawn inside appears and disappears.
    case glassTransition(SpecGlassTransition)
    /// How far the view an `if` inserts or removes is in (0…1), for the glass inside it.
    case glassPresence(Double)
}

/// A transition resolved for one `if` instance; `p` = 1 present, 0 absent.
indirect enum RTransition: Sendable {
    case identity
    case opacity
    case scale(RNumber, anchor: UnitPoint)
    case move(SpecEdge)
    case offset(RNumber, RNumber)
    case asymmetric(insertion: RTransition, removal: RTransition)
    case combined([RTransition])
    /// Modifier pairs interpolated linearly from `active` (p = 0) to `identity` (p = 1).
    case custom(active: [RModifier], identity: [RModifier])
}

struct RConditional: Sendable {
    var condition: SpecExpression?
    var constantCondition: Bool
    /// The presence track (1 present, 0 absent); nil inside canvases (no transitions there).
    var presence: Int?
    var transition: RTransition
    var content: [RNode]
}

struct RCanvas: Sendable {
    /// Slot → track of each `animatable` state variable.
    var animatable: [(slot: Int, track: Int)]
    var filterNames: [(name: String, path: String)]
    var content: [RNode]
    /// The canvas's filters in the order added (the last added applies first); empty = none.
    var filters: [RFilter] = []
}

/// A phase or keyframe animator resolved for one instance.
enum RAnimator: Sendable {
    case phases(PhaseAnimator, names: [String], slots: [Int])
    case keyframes(KeyframeAnimator, names: [String], slots: [Int])

    /// Writes the animator's values at t into the frame.
    func write(at t: Double, into frame: inout [Double]) {
        switch self {
        case .phases(let a, let names, let slots):
            let v = a.values(at: t)
            for (n, s) in zip(names, slots) { frame[s] = v[n]?.x ?? 0 }
        case .keyframes(let a, let names, let slots):
            let v = a.values(at: t)
            for (n, s) in zip(names, slots) { frame[s] = v[n]?.x ?? 0 }
        }
    }
}

/// A node instance.
struct RNode: Sendable {
    indirect enum Kind: Sendable {
        case shape(RShapeNode)
        case group([RNode])
        case conditional(RConditional)
        case canvas(RCanvas)
        case animator(RAnimator, [RNode])
        /// Components (Sources/Scene/Components).
        case pathLoader(RPathLoader)
        case symbol(RSymbol)
        case text(RText)
        case image(RImage)
        /// A layout view (ResolvedLayout.swift).
        case layout(RLayout)
        /// A component the renderer does not draw yet (`metaball`, `pathLoader`, `symbol`).
        case unsupported(String)
    }
    var kind: Kind
    var bindings: [SlotBinding]
    var modifiers: [RModifier]
    var path: String
    /// Laid out by SwiftUI's rules wherever it appears (a layout kind, or a layout modifier):
    /// at the top level it is a root view, centred in the safe area (docs/spec.md, "Layout").
    var isLayoutView = false
    /// Gesture handlers of this instance (Interaction/InteractionResolver.swift); nil: none.
    var interaction: RInteraction? = nil
    /// A `forEach` group over an array whose elements move: per child, the track of its element's
    /// index in the array (ElementOrder.swift); nil: the children keep their order.
    var reorder: [Int]? = nil
    /// For such a group: the array's name and each child's element id.
    var reorderIDs: (array: String, ids: [Int])? = nil
}

/// A node instance that takes gestures: its handlers and the slot values its actions see.
struct RInteraction: Sendable {
    /// The node's JSON path and its loop indices: one per instance.
    var key: String
    var handlers: SpecGestureHandlers
    /// The instance's loop and animator bindings (t and state are filled when an action runs).
    var frame: [Double]
    var path: String
    /// The node has `glassEffect` with `interactive`: a tap shows the interactive glass's look.
    var interactiveGlass = false
}
