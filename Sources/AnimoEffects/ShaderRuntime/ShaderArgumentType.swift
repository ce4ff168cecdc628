// The argument types a stitchable shader can take, and their Metal spellings.
// Source: docs/semantics.md §74 (Apple documentation of `Shader.Argument`):
// `.float…float4` → `float…float4`, `.color` → `half4` (premultiplied), `.floatArray` →
// `device const float *ptr, int count`, `.image` → `texture2d<half>` (at most one per shader).
// The `half` forms are MSL parameter types; SwiftUI's `Shader.Argument` has no half cases,
// so a `float` value feeds a `half` parameter of the same width (see `accepts(_:)`).

/// The declared type of one user argument of a shader kernel.
public enum ShaderArgumentType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case float, float2, float3, float4
    case half, half2, half3, half4
    /// A colour: premultiplied RGBA in the destination colour space; `half4` in MSL.
    case color
    /// A sampled image; `texture2d<half>` in MSL. At most one per shader (§74).
    case image
    /// A list of floats; the pair `device const float *ptr, int count` in MSL.
    case floatArray

    /// The vector width for the float and half forms, `nil` for the others.
    public var vectorWidth: Int? {
        switch self {
        case .float, .half: return 1
        case .float2, .half2: return 2
        case .float3, .half3: return 3
        case .float4, .half4: return 4
        case .color, .image, .floatArray: return nil
        }
    }

    /// Whether this is a `half` form.
    public var isHalf: Bool {
        switch self {
        case .half, .half2, .half3, .half4: return true
        default: return false
        }
    }

    /// The MSL parameter declaration for an argument of this type named `label`.
    /// `floatArray` expands to two parameters (`label` and `labelCount`).
    public func mslDeclaration(label: String) -> String {
        switch self {
        case .color: return "half4 \(label)"
        case .image: return "texture2d<half> \(label)"
        case .floatArray: return "device const float *\(label), int \(label)Count"
        default: return "\(rawValue) \(label)"
        }
    }

    /// Whether a supplied argument of type `supplied` may fill a parameter of this type.
    ///
    /// - Same type: yes.
    /// - `float`n and `half`n of the same width: yes (SwiftUI has only float arguments; a `half`
    ///   parameter receives them converted — an assumption, confidence M).
    /// - A `color` fills a `color` or `half4` parameter (both are `half4` in MSL, §74).
    /// - Anything else: no. In particular a `float4` does not fill a `color` parameter: the
    ///   spec must say which one it means.
    public func accepts(_ supplied: ShaderArgumentType) -> Bool {
        if self == supplied { return true }
        if let w = vectorWidth, let v = supplied.vectorWidth { return w == v }
        if self == .half4 && supplied == .color { return true }
        return false
    }

    public var description: String { rawValue }
}
