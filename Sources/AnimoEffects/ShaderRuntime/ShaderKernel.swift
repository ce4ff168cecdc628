// The kernel protocols: a stitchable Metal function written as Swift. A kernel is a caseless
// enum (no instances): its name, its user parameters, a `decode` that turns validated
// arguments into the kernel's own `Uniforms` struct once per frame, and the per-pixel function
// of its kind. The runtime is generic over the kernel type, so the per-pixel call is a direct,
// inlinable static call — no existential or closure dispatch per pixel (see ShaderRuntime).
//
// Pixel contract shared by all kinds (docs/semantics.md §70–73, 75):
// - `position` is the pixel centre in points of the view's local space, origin top-left.
// - colours are premultiplied RGBA as Float, gamma-encoded sRGB ("the destination colour
//   space"); a kernel may return values outside 0…1 (extended range), the compositor clamps.

/// Something a layer effect can sample: SwiftUI's `layer.sample(float2)` (docs/semantics.md §72).
public protocol LayerSampler {
    /// The layer's premultiplied colour at `position` (points, view-local space), filtered
    /// bilinearly, transparent outside the layer.
    func sample(_ position: SIMD2<Float>) -> SIMD4<Float>
}

/// What every kernel declares. Conform through `ColorEffectKernel`, `DistortionEffectKernel` or
/// `LayerEffectKernel`, which supply `kind` and `prepare`.
public protocol ShaderKernel: Sendable {
    /// The kernel's arguments decoded for one frame.
    associatedtype Uniforms: Sendable
    /// The `[[ stitchable ]]` function name, also the name a spec uses.
    static var name: String { get }
    /// Supplied by the kind protocol.
    static var kind: ShaderKind { get }
    /// User arguments in order, after the implicit `position` (and `color` or `layer`).
    static var parameters: [ShaderParameter] { get }
    /// Turns validated arguments (matching `parameters`) into `Uniforms`. Called once per frame.
    static func decode(_ arguments: ShaderArguments) -> Uniforms
    /// Binds decoded arguments to the generic runtime; supplied by the kind protocol.
    static func prepare(_ arguments: ShaderArguments) -> PreparedShader
}

extension ShaderKernel {
    /// The kernel's signature, made from `name`, `kind` and `parameters`.
    public static var signature: ShaderSignature {
        ShaderSignature(name: name, kind: kind, parameters: parameters)
    }
}

/// `[[ stitchable ]] half4 f(float2 position, half4 color, args…)` (docs/semantics.md §70).
public protocol ColorEffectKernel: ShaderKernel {
    /// The new premultiplied colour for the pixel at `position` whose colour is `color`.
    static func color(at position: SIMD2<Float>, color: SIMD4<Float>, uniforms: Uniforms) -> SIMD4<Float>
}

/// `[[ stitchable ]] float2 f(float2 position, args…)` (docs/semantics.md §71).
public protocol DistortionEffectKernel: ShaderKernel {
    /// The source position (points, view-local) whose colour lands at `position`.
    static func sourcePosition(at position: SIMD2<Float>, uniforms: Uniforms) -> SIMD2<Float>
}

/// `[[ stitchable ]] half4 f(float2 position, SwiftUI::Layer layer, args…)` (docs/semantics.md §72).
public protocol LayerEffectKernel: ShaderKernel {
    /// The premultiplied colour at `position`, reading the layer through `layer.sample`.
    static func color<L: LayerSampler>(at position: SIMD2<Float>, layer: L, uniforms: Uniforms) -> SIMD4<Float>
}

extension ColorEffectKernel {
    public static var kind: ShaderKind { .colorEffect }

    @inlinable
    public static func prepare(_ arguments: ShaderArguments) -> PreparedShader {
        let uniforms = decode(arguments)
        return PreparedShader(signature: signature) { buffer, geometry, threads in
            ShaderRuntime.applyColorEffect(Self.self, uniforms: uniforms, to: &buffer, geometry: geometry, threads: threads)
        }
    }
}

extension DistortionEffectKernel {
    public static var kind: ShaderKind { .distortionEffect }

    @inlinable
    public static func prepare(_ arguments: ShaderArguments) -> PreparedShader {
        let uniforms = decode(arguments)
        return PreparedShader(signature: signature) { buffer, geometry, threads in
            buffer = ShaderRuntime.applyDistortionEffect(Self.self, uniforms: uniforms, source: buffer, geometry: geometry, threads: threads)
        }
    }
}

extension LayerEffectKernel {
    public static var kind: ShaderKind { .layerEffect }

    @inlinable
    public static func prepare(_ arguments: ShaderArguments) -> PreparedShader {
        let uniforms = decode(arguments)
        return PreparedShader(signature: signature) { buffer, geometry, threads in
            buffer = ShaderRuntime.applyLayerEffect(Self.self, uniforms: uniforms, source: buffer, geometry: geometry, threads: threads)
        }
    }
}
