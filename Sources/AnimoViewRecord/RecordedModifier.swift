// A view modifier as recorded: its values after the body ran, in points, degrees and unit points.

public enum RecordedModifier: Codable, Sendable, Equatable {
    case frame(width: Double?, height: Double?, alignment: String)
    /// Each bound nil when not given; `.infinity` for `maxWidth: .infinity`.
    case flexibleFrame(minWidth: Double?, idealWidth: Double?, maxWidth: Double?, minHeight: Double?, idealHeight: Double?, maxHeight: Double?, alignment: String)
    /// Edge names (`top`, `leading`, …); nil length: the system's default.
    case padding(edges: [String], length: Double?)
    case offset(x: Double, y: Double)
    case position(x: Double, y: Double)
    case opacity(Double)
    case scale(x: Double, y: Double, anchor: [Double])
    case rotation(degrees: Double, anchor: [Double])
    case rotation3D(degrees: Double, axis: [Double], anchor: [Double], anchorZ: Double, perspective: Double)
    case foreground(RecordedPaint)
    case tint(RecordedColor)
    case background(RecordedView, alignment: String)
    case overlay(RecordedView, alignment: String)
    case mask(RecordedView, alignment: String)
    case clipShape(RecordedShape)
    case clipped
    case cornerRadius(Double)
    case shadow(color: RecordedColor, radius: Double, x: Double, y: Double)
    case blur(radius: Double, opaque: Bool)
    case brightness(Double)
    case contrast(Double)
    case saturation(Double)
    case grayscale(Double)
    case hueRotation(degrees: Double)
    case blendMode(String)
    case font(RecordedFont)
    case zIndex(Double)
    case ignoresSafeArea
    case fixedSize(horizontal: Bool, vertical: Bool)
    case aspectRatio(ratio: Double?, fill: Bool)
    /// `.animation(_:value:)`: `token` changes exactly when the watched value does (== against the
    /// value at the update before).
    case animation(RecordedAnimation?, token: Int)
    case transition(RecordedTransition)
    case contentTransition(String)
    /// An SF Symbols effect with its options; driven by `isActive` or by a value's changes (the
    /// value's change count, as for `.animation(_:value:)`).
    case symbolEffect(name: String, options: [String: String], isActive: Bool?, valueToken: Int?)
    /// `colorEffect`, `distortionEffect` or `layerEffect` with a shader function and its arguments.
    case shader(kind: String, name: String, arguments: [RecordedShaderArgument], maxSampleOffset: [Double], isEnabled: Bool)
}

public struct RecordedAnimation: Codable, Sendable, Equatable {
    public enum Base: Codable, Sendable, Equatable {
        /// `.default`, `.smooth`, `.snappy`, `.bouncy`, `.spring`, `.interactiveSpring`, `.linear`,
        /// `.easeIn`, `.easeOut`, `.easeInOut` with their defaults.
        case named(String)
        /// `.linear(duration:)` and the eases.
        case curve(String, duration: Double)
        case timingCurve(Double, Double, Double, Double, duration: Double)
        /// `.smooth(duration:extraBounce:)`, `.snappy(…)`, `.bouncy(…)`.
        case preset(String, duration: Double, extraBounce: Double)
        case spring(response: Double, dampingFraction: Double, blendDuration: Double)
        case springDuration(duration: Double, bounce: Double)
        case interpolatingSpring(stiffness: Double, damping: Double, mass: Double, initialVelocity: Double)
    }
    public var base: Base
    public var delay: Double
    public var speed: Double
    public var repeatCount: Int?
    public var repeatForever: Bool
    public var autoreverses: Bool

    public init(base: Base, delay: Double = 0, speed: Double = 1, repeatCount: Int? = nil, repeatForever: Bool = false, autoreverses: Bool = true) {
        self.base = base
        self.delay = delay
        self.speed = speed
        self.repeatCount = repeatCount
        self.repeatForever = repeatForever
        self.autoreverses = autoreverses
    }
}

public indirect enum RecordedTransition: Codable, Sendable, Equatable {
    case identity
    case opacity
    case scale(Double, anchor: [Double])
    case move(edge: String)
    case offset(x: Double, y: Double)
    case slide
    case push(edge: String)
    case asymmetric(insertion: RecordedTransition, removal: RecordedTransition)
    case combined([RecordedTransition])
}

public enum RecordedShaderArgument: Codable, Sendable, Equatable {
    /// `float`, `float2`, `float3`, `float4` or `floatArray`, with its numbers.
    case numbers(String, [Double])
    case color(RecordedColor)
}

