// View modifiers (docs/spec.md). Angles are in degrees, lengths
// in points; anchors are unit points of the node's layout frame.

/// SwiftUI's `BlendMode` cases.
public enum SpecBlendMode: String, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case sourceAtop, destinationOver, destinationOut, plusDarker, plusLighter
}

/// `shadow(color:radius:x:y:)`; default color black at 0.33 opacity (SwiftUI's default shadow
/// color, docs/semantics.md §43).
public struct SpecShadow: Sendable {
    public var color: SpecColor
    /// A colour computed per frame (`"=on ? red : clear"`); it animates as a fill's does. When set,
    /// `color` is a placeholder.
    public var computedColor: SpecColorExpression? = nil
    public var radius: SpecNumber
    public var x: SpecNumber
    public var y: SpecNumber

    public init(color: SpecColor, radius: SpecNumber, x: SpecNumber, y: SpecNumber) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
    }
}

/// One modifier.
public indirect enum SpecModifier: Sendable {
    case offset(x: SpecNumber, y: SpecNumber)
    /// Places the center of the node's layout frame at (x, y).
    case position(x: SpecNumber, y: SpecNumber)
    case scaleEffect(x: SpecNumber, y: SpecNumber, anchor: UnitPoint)
    case rotationEffect(degrees: SpecNumber, anchor: UnitPoint)
    /// `rotation3DEffect(_:axis:anchor:anchorZ:perspective:)`; perspective default 1.
    case rotation3DEffect(degrees: SpecNumber, axis: (x: Double, y: Double, z: Double), anchor: UnitPoint, anchorZ: SpecNumber, perspective: SpecNumber)
    case opacity(SpecNumber)
    case blur(radius: SpecNumber, opaque: Bool)
    case shadow(SpecShadow)
    case blendMode(SpecBlendMode)
    case saturation(SpecNumber)
    case brightness(SpecNumber)
    case contrast(SpecNumber)
    case hueRotation(degrees: SpecNumber)
    case grayscale(SpecNumber)
    case colorMultiply(SpecColorValue)
    /// `colorInvert()`.
    case colorInvert
    case luminanceToAlpha
    /// The node's alpha is multiplied by the mask node's alpha (the mask is laid out in the same
    /// coordinates as the canvas).
    case mask(SpecNode)
    /// Clip to a shape; a shape without a frame takes the node's layout frame.
    case clipShape(SpecShape)
    case colorEffect(ShaderEffect)
    case distortionEffect(ShaderEffect)
    case layerEffect(ShaderEffect)
    /// `.animation(_:value:)`.
    case animation(AnimationModifier)
    /// Environment modifiers: they set a value for the view's content and every descendant that
    /// does not set its own (SwiftUI's `font(_:)`, `foregroundStyle(_:)`, `foregroundColor(_:)`).
    case font(SpecFont)
    case foregroundStyle(SpecPaint)
    /// `tint(_:)`: the colour the `.tint` style takes inside.
    case tint(SpecColorValue)
    /// `glassEffect(_:in:isEnabled:)` (SpecGlass.swift): glass behind the view, in a shape of its frame.
    case glassEffect(SpecGlassEffect)
    /// `GlassEffectContainer(spacing:)` around the view: the glass inside is drawn as one shape
    /// whose parts closer than `spacing` points merge.
    case glassEffectContainer(spacing: Double)
    /// `glassEffectUnion(id:namespace:)` after a `glassEffect`: in a container, the glass of every
    /// view with the same id (in the same namespace) is one shape over their bounds.
    case glassEffectUnion(id: String)
    /// `glassEffectID(_:in:)`: in a container, glass of the same id (in the same namespace) that
    /// disappears as another appears morphs into it.
    case glassEffectID(id: String)
    /// `glassEffectTransition(_:)`: how the glass inside appears and disappears.
    case glassEffectTransition(SpecGlassTransition)

    // Layout modifiers (docs/spec.md, "Layout").
    case frame(SpecFrameModifier)
    case padding(SpecPadding)
    /// `aspectRatio(_:contentMode:)`; nil ratio = the view's ideal ratio.
    case aspectRatio(ratio: SpecNumber?, contentMode: SpecContentMode)
    case background(SpecSecondary)
    case overlay(SpecSecondary)
    /// `clipped()`: clip to the layout frame.
    case clipped
    /// `zIndex(_:)`: front-to-back order among siblings in a layout container.
    case zIndex(SpecNumber)
    case ignoresSafeArea(SpecEdges)
    case fixedSize(horizontal: Bool, vertical: Bool)
    case layoutPriority(SpecNumber)
    /// `gridCellColumns(_:)` (≥ 1).
    case gridCellColumns(Int)

    /// The spec key of the modifier.
    public var name: String {
        switch self {
        case .offset: return "offset"
        case .position: return "position"
        case .scaleEffect: return "scaleEffect"
        case .rotationEffect: return "rotationEffect"
        case .rotation3DEffect: return "rotation3DEffect"
        case .opacity: return "opacity"
        case .blur: return "blur"
        case .shadow: return "shadow"
        case .blendMode: return "blendMode"
        case .saturation: return "saturation"
        case .brightness: return "brightness"
        case .contrast: return "contrast"
        case .hueRotation: return "hueRotation"
        case .grayscale: return "grayscale"
        case .colorMultiply: return "colorMultiply"
        case .colorInvert: return "colorInvert"
        case .luminanceToAlpha: return "luminanceToAlpha"
        case .mask: return "mask"
        case .clipShape: return "clipShape"
        case .colorEffect: return "colorEffect"
        case .distortionEffect: return "distortionEffect"
        case .layerEffect: return "layerEffect"
        case .animation: return "animation"
        case .font: return "font"
        case .foregroundStyle: return "foregroundStyle"
        case .tint: return "tint"
        case .glassEffect: return "glassEffect"
        case .glassEffectContainer: return "glassEffectContainer"
        case .glassEffectUnion: return "glassEffectUnion"
        case .glassEffectID: return "glassEffectID"
        case .glassEffectTransition: return "glassEffectTransition"
        case .frame: return "frame"
        case .padding: return "padding"
        case .aspectRatio: return "aspectRatio"
        case .background: return "background"
        case .overlay: return "overlay"
        case .clipped: return "clipped"
        case .zIndex: return "zIndex"
        case .ignoresSafeArea: return "ignoresSafeArea"
        case .fixedSize: return "fixedSize"
        case .layoutPriority: return "layoutPriority"
        case .gridCellColumns: return "gridCellColumns"
        }
    }

    /// Every modifier key.
    public static let names = ["offset", "position", "scaleEffect", "rotationEffect", "rotation3DEffect", "opacity", "blur", "shadow", "blendMode", "saturation", "brightness", "contrast", "hueRotation", "grayscale", "colorMultiply", "colorInvert", "luminanceToAlpha", "mask", "clipShape", "colorEffect", "distortionEffect", "layerEffect", "animation", "font", "foregroundStyle", "foregroundColor", "tint", "glassEffect", "glassEffectContainer", "glassEffectUnion", "glassEffectID", "glassEffectTransition"] + layoutNames

    /// The layout modifiers' keys.
    public static let layoutNames = ["frame", "padding", "aspectRatio", "background", "overlay", "clipped", "zIndex", "ignoresSafeArea", "fixedSize", "layoutPriority", "gridCellColumns"]

    /// Whether the modifier makes its node a layout view (docs/spec.md, "Layout"): `frame`,
    /// `padding`, `aspectRatio`, `background`, `overlay`, `ignoresSafeArea`, `fixedSize`.
    /// (`position` is a layout only on a layout view; `clipped`, `zIndex`, `layoutPriority` and
    /// `gridCellColumns` change nothing by themselves.)
    public var isLayout: Bool {
        switch self {
        case .frame, .padding, .aspectRatio, .background, .overlay, .ignoresSafeArea, .fixedSize: return true
        default: return false
        }
    }
}

/// `.animation(animation, value: …)`: changes of the listed state variables that reach this
/// node's properties animate with `animation` instead of the event's.
public struct AnimationModifier: Sendable {
    /// nil = `.animation(nil, value:)`: those changes do not animate.
    public var animation: SpecAnimation?
    /// The state variables watched; empty (and no `expressions`) = every change (the deprecated
    /// `.animation(_:)`).
    public var values: [StateReference]
    /// Values computed from the state (`.animation(a, value: width)` where `width` is computed):
    /// a change applies when one of them differs before and after it.
    public var expressions: [SpecNumber]

    public init(animation: SpecAnimation? = nil, values: [StateReference], expressions: [SpecNumber] = []) {
        self.animation = animation
        self.values = values
        self.expressions = expressions
    }
}

/// A stitchable shader applied as `colorEffect`, `distortionEffect` or `layerEffect`.
public struct ShaderEffect: Sendable {
    /// The Metal function name.
    public var shader: String
    public var arguments: [SpecShaderArgument]
    /// `maxSampleOffset` (distortion and layer effects): how far the shader may sample, in points.
    public var maxSampleOffset: (width: Double, height: Double)
    /// SpecExpression for `isEnabled`; nil = enabled.
    public var isEnabled: SpecNumber?

    public init(shader: String, arguments: [SpecShaderArgument], maxSampleOffset: (width: Double, height: Double), isEnabled: SpecNumber? = nil) {
        self.shader = shader
        self.arguments = arguments
        self.maxSampleOffset = maxSampleOffset
        self.isEnabled = isEnabled
    }
}

/// A shader argument, in order (docs/architecture.md, "Shaders"). `half` forms parse as their `float` twins.
public enum SpecShaderArgument: Sendable {
    case float(SpecNumber)
    case float2(SpecNumber, SpecNumber)
    case float3(SpecNumber, SpecNumber, SpecNumber)
    case float4(SpecNumber, SpecNumber, SpecNumber, SpecNumber)
    case color(SpecColor)
    /// A colour computed per frame (`{"color": "=mix(red, blue, p)"}`), passed as `.color` is.
    case colorExpression(SpecColorExpression)
    /// A PNG path relative to the spec's folder (checked by the renderer).
    case image(String)
    case floatArray([SpecNumber])

    /// The argument's type name as a spec writes it.
    public var typeName: String {
        switch self {
        case .float: return "float"
        case .float2: return "float2"
        case .float3: return "float3"
        case .float4: return "float4"
        case .color, .colorExpression: return "color"
        case .image: return "image"
        case .floatArray: return "floatArray"
        }
    }
}
