// The three ways SwiftUI applies a `[[ stitchable ]]` Metal function to a view.
// Source: docs/semantics.md §70–72 (Apple documentation of `colorEffect`,
// `distortionEffect` and `layerEffect`).

/// How a shader kernel is applied, and therefore the shape of its per-pixel function.
///
/// | kind               | Metal signature                                                        |
/// |--------------------|------------------------------------------------------------------------|
/// | `colorEffect`      | `half4 f(float2 position, half4 color, args…)`                         |
/// | `distortionEffect` | `float2 f(float2 position, args…)` → the source position to sample     |
/// | `layerEffect`      | `half4 f(float2 position, SwiftUI::Layer layer, args…)`                |
public enum ShaderKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case colorEffect
    case distortionEffect
    case layerEffect

    /// The MSL return type of a stitchable function of this kind.
    public var mslReturnType: String {
        switch self {
        case .colorEffect, .layerEffect: return "half4"
        case .distortionEffect: return "float2"
        }
    }

    /// The parameters SwiftUI passes implicitly before the user arguments, as MSL declarations.
    /// Positions are named `position` by convention; the twin checker compares types only.
    public var implicitMSLParameters: [String] {
        switch self {
        case .colorEffect: return ["float2 position", "half4 color"]
        case .distortionEffect: return ["float2 position"]
        case .layerEffect: return ["float2 position", "SwiftUI::Layer layer"]
        }
    }

    public var description: String { rawValue }
}
