// `GraphicsContext.Filter`s of a `canvas` node (docs/semantics.md §39–57).

/// One canvas filter. The spec lists them in the order the GraphicsContext code adds them; the
/// filter added last is applied to the pixels first (docs/architecture.md, "Pixels", docs/semantics.md §46–47).
public enum SpecFilter: Sendable {
    /// `alphaThreshold(min:max:color:)`; defaults max 1, color black (docs/semantics.md §44).
    case alphaThreshold(min: SpecNumber, max: SpecNumber, color: SpecColorValue)
    /// Gaussian blur with σ = radius points; `opaque` clamps at the edges.
    case blur(radius: SpecNumber, opaque: Bool)
    case shadow(SpecShadow)
    case saturation(SpecNumber)
    case brightness(SpecNumber)
    case contrast(SpecNumber)
    case hueRotation(degrees: SpecNumber)
    case grayscale(SpecNumber)
    case colorInvert(SpecNumber)
    case colorMultiply(SpecColorValue)
    case luminanceToAlpha
    /// 4×5 row-major matrix: R′ = m0·R + m1·G + m2·B + m3·A + m4, … (docs/semantics.md §56).
    case colorMatrix([Double])

    /// The spec key of the filter.
    public var name: String {
        switch self {
        case .alphaThreshold: return "alphaThreshold"
        case .blur: return "blur"
        case .shadow: return "shadow"
        case .saturation: return "saturation"
        case .brightness: return "brightness"
        case .contrast: return "contrast"
        case .hueRotation: return "hueRotation"
        case .grayscale: return "grayscale"
        case .colorInvert: return "colorInvert"
        case .colorMultiply: return "colorMultiply"
        case .luminanceToAlpha: return "luminanceToAlpha"
        case .colorMatrix: return "colorMatrix"
        }
    }

    public static let names = ["alphaThreshold", "blur", "shadow", "saturation", "brightness", "contrast", "hueRotation", "grayscale", "colorInvert", "colorMultiply", "luminanceToAlpha", "colorMatrix"]
}
