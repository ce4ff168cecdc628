// One argument value supplied to a shader, as the spec layer resolves it for a frame.
// The cases follow docs/semantics.md §74 (`Shader.Argument`), plus the `half` forms that an MSL
// parameter may declare.

/// A resolved argument value. Colours are premultiplied RGBA in 0…1, gamma sRGB.
public enum ShaderArgument: Sendable, Equatable {
    case float(Float)
    case float2(SIMD2<Float>)
    case float3(SIMD3<Float>)
    case float4(SIMD4<Float>)
    case half(Float)
    case half2(SIMD2<Float>)
    case half3(SIMD3<Float>)
    case half4(SIMD4<Float>)
    /// A premultiplied colour (`half4` in MSL).
    case color(SIMD4<Float>)
    /// An image (`texture2d<half>` in MSL).
    case image(ShaderImage)
    /// A float list (`device const float *ptr, int count` in MSL).
    case floatArray([Float])

    /// The type of this value.
    public var type: ShaderArgumentType {
        switch self {
        case .float: return .float
        case .float2: return .float2
        case .float3: return .float3
        case .float4: return .float4
        case .half: return .half
        case .half2: return .half2
        case .half3: return .half3
        case .half4: return .half4
        case .color: return .color
        case .image: return .image
        case .floatArray: return .floatArray
        }
    }

    /// The numeric components, widened to four lanes with zeros (`nil` for images and arrays).
    public var components: SIMD4<Float>? {
        switch self {
        case .float(let v), .half(let v): return SIMD4(v, 0, 0, 0)
        case .float2(let v), .half2(let v): return SIMD4(v.x, v.y, 0, 0)
        case .float3(let v), .half3(let v): return SIMD4(v.x, v.y, v.z, 0)
        case .float4(let v), .half4(let v), .color(let v): return v
        case .image, .floatArray: return nil
        }
    }

    /// Whether every numeric component is finite (images are validated on construction).
    public var isFinite: Bool {
        switch self {
        case .image: return true
        case .floatArray(let a): return a.allSatisfy { $0.isFinite }
        default:
            let c = components ?? .zero
            return c.x.isFinite && c.y.isFinite && c.z.isFinite && c.w.isFinite
        }
    }
}
