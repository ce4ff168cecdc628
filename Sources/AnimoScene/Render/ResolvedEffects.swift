// Effects resolved once per spec: canvas filters, the filter-like view modifiers (blur, shadow,
// colour modifiers) and the three shader modifiers. Numbers stay `RNumber`s (evaluated per
// frame). Every shader modifier is also recorded as a `ShaderUse`, so that a renderer checks
// names, kinds, argument types and image files against its kernels once, before any frame.
import AnimoSpec
import AnimoGeometry

/// One filter step with its numbers still to evaluate. Lengths are in points of the layer's space.
enum RFilter: Sendable {
    case blur(RNumber, opaque: Bool)
    case alphaThreshold(min: RNumber, max: RNumber, color: RColor)
    case shadow(color: RColor, radius: RNumber, x: RNumber, y: RNumber)
    case saturation(RNumber)
    case brightness(RNumber)
    case contrast(RNumber)
    /// Degrees.
    case hueRotation(RNumber)
    case grayscale(RNumber)
    case colorInvert(RNumber)
    case colorMultiply(RColor)
    case luminanceToAlpha
    /// 20 numbers, row-major.
    case colorMatrix([Double])
}

/// A colour known at load, or computed per frame: linear sRGB red, green, blue and straight
/// opacity, each a number that animates on its own (as `RPaint.channels`).
enum RColor: Sendable {
    case constant(Color)
    case channels(RNumber, RNumber, RNumber, RNumber)
}

/// One shader argument with its numbers still to evaluate; images by file name.
enum RShaderArgument: Sendable {
    case float(RNumber)
    case float2(RNumber, RNumber)
    case float3(RNumber, RNumber, RNumber)
    case float4(RNumber, RNumber, RNumber, RNumber)
    case color(RColor)
    case image(String)
    case floatArray([RNumber])
}

/// A shader modifier by function name; the renderer binds the name to a kernel.
struct RShader: Sendable {
    var name: String
    var kind: ShaderUse.Kind
    var arguments: [RShaderArgument]
    /// Points; (0, 0) for colour effects.
    var maxSampleOffset: (width: Double, height: Double)
    /// Evaluated per frame; 0 = disabled. nil = always enabled.
    var isEnabled: RNumber?
    /// JSON path of the modifier, e.g. `content[0].modifiers[0].colorEffect`.
    var path: String
}

/// An effect applied to the content drawn so far, as one layer.
enum REffect: Sendable {
    /// Filters in the order they were added (the last added applies first, docs/semantics.md §46–47).
    case filters([RFilter], path: String)
    case shader(RShader)
}
