// The display list: what one frame draws, as plain values — paths in user space (points), paints,
// transforms, opacity, blend modes, layers, clips, masks, and effects described by their
// parameters. It is the contract between AnimoScene, which produces it from a spec at time t, and
// AnimoRender, which paints it; nothing here knows pixels.
//
// Opacity and blend modes apply to each leaf below them (SwiftUI applies `opacity` and
// `blendMode` to every leaf of a container unless it is a compositing group); a `layer` (a
// `canvas`, or a masked node) composites its content as one image with the opacity and blend
// mode in effect around it; an `effect` draws its content as one layer and processes it.
import AnimoGeometry

/// One frame's drawing.
public indirect enum DisplayNode: Sendable {
    case fill(Path, DisplayPaint)
    /// Stroked at paint time, so the outline's tolerance follows the device transform.
    case stroke(Path, StrokeStyle, DisplayPaint)
    case group([DisplayNode])
    /// `transform` maps the child's coordinates to the enclosing ones.
    case transform(Transform, DisplayNode)
    /// The child clipped to a path in the enclosing coordinates.
    case clip(Path, DisplayNode)
    case opacity(Double, DisplayNode)
    case blendMode(BlendMode, DisplayNode)
    /// The child drawn into one layer, optionally masked by another node's alpha.
    case layer(DisplayNode, mask: DisplayNode?)
    /// The child drawn into one layer, processed by filters, a shader or a projection, then
    /// composited with the opacity and blend mode around it.
    case effect(DisplayEffect, DisplayNode)
    /// A material filling a path: the backdrop drawn so far under the path, processed by the
    /// material's recipe (Materials.swift).
    case material(Path, DisplayMaterial)
    /// A PNG read by the renderer, stretched over `rect`.
    case image(DisplayImage)
    /// Liquid Glass over the backdrop drawn so far (Glass.swift).
    case glass(DisplayGlassGroup)
    /// A view that takes gestures, for hit testing only (HitTesting.swift): painters draw the child
    /// as if the marker were not there. Frames drawn for pixels never contain it.
    case hitTarget(HitTarget, DisplayNode)

    public static let empty = DisplayNode.group([])
}

/// What a fill or stroke paints with; geometry in the node's user space (points).
public enum DisplayPaint: Sendable {
    case solid(Color)
    /// SwiftUI's `LinearGradient` between two points.
    case linearGradient(Gradient, start: Point, end: Point)
    /// SwiftUI's `RadialGradient`.
    case radialGradient(Gradient, center: Point, startRadius: Double, endRadius: Double)
    /// SwiftUI's `AngularGradient`; angles in radians, clockwise on screen from 3 o'clock.
    case angularGradient(Gradient, center: Point, startAngle: Double, endAngle: Double)
}

/// An effect over the content drawn so far, numbers evaluated for one frame.
public enum DisplayEffect: Sendable {
    /// Filters in the order they were added (the last added applies first, docs/semantics.md
    /// §46–47); `path` is the JSON path of the filter list or modifier, for diagnostics.
    case filters([DisplayFilter], path: String)
    case shader(DisplayShader)
    /// A perspective projection of the content (`rotation3DEffect`), local points to local points.
    case projection(Rotation3DProjection)
}

/// One filter of a Canvas filter list or a filter-like view modifier. Lengths are in points of the
/// layer's space; AnimoRender converts them to pixels.
public enum DisplayFilter: Sendable, Equatable {
    /// Gaussian blur, σ = radius (docs/semantics.md §39–41); `opaque` clamps at the edges.
    case blur(radius: Double, opaque: Bool)
    /// Alpha in [min, max] becomes `color`, every other pixel transparent (§44–45).
    case alphaThreshold(min: Double, max: Double, color: Color)
    /// A 4×5 matrix on straight RGBA, row-major (20 numbers, §56).
    case colorMatrix([Double])
    case saturation(Double)
    case brightness(Double)
    case contrast(Double)
    case hueRotation(radians: Double)
    case grayscale(Double)
    case colorInvert(Double)
    case colorMultiply(Color)
    case luminanceToAlpha
    /// A drop shadow under the layer (§43).
    case shadow(color: Color, radius: Double, x: Double, y: Double)
}

/// A shader modifier for one frame: the function by name, its arguments evaluated, the view's
/// layout frame. AnimoRender binds the name to a kernel (checked before any frame is drawn).
public struct DisplayShader: Sendable {
    public var name: String
    public var kind: ShaderUse.Kind
    public var arguments: [DisplayShaderArgument]
    /// The view's layout frame in local points: shader positions are relative to its origin.
    public var frame: Rect
    /// How far (points) a distortion or layer effect samples from a pixel; (0, 0) for colour effects.
    public var maxSampleOffset: (width: Double, height: Double)
    /// JSON path of the modifier, e.g. `content[0].modifiers[0].colorEffect`.
    public var path: String
}

/// One shader argument value, as the spec gives it; colours straight (AnimoRender premultiplies).
public enum DisplayShaderArgument: Sendable {
    case float(Double)
    case float2(Double, Double)
    case float3(Double, Double, Double)
    case float4(Double, Double, Double, Double)
    case color(Color)
    /// A PNG file, as named in the spec (relative to its folder).
    case image(String)
    case floatArray([Double])
}

/// A shader modifier as the spec uses it, collected once when the scene is resolved, so that a
/// renderer can check every use against its kernels before drawing a frame.
public struct ShaderUse: Sendable {
    /// The three shader modifiers.
    public enum Kind: String, Sendable {
        case colorEffect, distortionEffect, layerEffect
    }

    /// The argument forms a spec can write.
    public enum ArgumentForm: String, Sendable {
        case float, float2, float3, float4, color, image, floatArray
    }

    public var name: String
    public var kind: Kind
    public var arguments: [ArgumentForm]
    /// The image files named by `image` arguments, by argument index.
    public var images: [(index: Int, file: String)]
    /// JSON path of the modifier.
    public var path: String
}

/// An image by file name (AnimoRender holds its pixels), drawn over `rect` (points).
public struct DisplayImage: Sendable, Equatable {
    public var file: String
    public var rect: Rect
    /// Nearest-pixel sampling (`interpolation(.none)`); bilinear otherwise.
    public var nearest: Bool
}
