// Effects resolved once per spec: canvas filters, the filter-like view modifiers (blur, shadow,
// colour modifiers) and the three shader modifiers (docs/architecture.md, "Pixels" and "Shaders"). Numbers stay `RNumber`s
// (evaluated per frame); shader names, kinds, argument counts and types and image files are
// checked here, once, so a bad spec fails at load with a JSON path, never at frame 57.
import AnimoSpec
import AnimoEffects
import AnimoRaster
import AnimoGeometry

/// One filter step with its numbers still to evaluate. Lengths are in points of the layer's space.
enum RFilter: Sendable {
    case blur(RNumber, opaque: Bool)
    case alphaThreshold(min: RNumber, max: RNumber, color: Color)
    case shadow(color: Color, radius: RNumber, x: RNumber, y: RNumber)
    case saturation(RNumber)
    case brightness(RNumber)
    case contrast(RNumber)
    /// Degrees.
    case hueRotation(RNumber)
    case grayscale(RNumber)
    case colorInvert(RNumber)
    case colorMultiply(Color)
    case luminanceToAlpha
    case colorMatrix(ColorMatrix)
}

/// One shader argument with its numbers still to evaluate; colours premultiplied, images decoded.
enum RShaderArgument: Sendable {
    case float(RNumber)
    case float2(RNumber, RNumber)
    case float3(RNumber, RNumber, RNumber)
    case float4(RNumber, RNumber, RNumber, RNumber)
    case color(SIMD4<Float>)
    case image(ShaderImage)
    case floatArray([RNumber])
}

/// A shader modifier bound to its catalogue kernel.
struct RShader: Sendable {
    var kernel: any ShaderKernel.Type
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
