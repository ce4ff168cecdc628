// Liquid Glass in the spec (docs/spec.md, "Glass"): SwiftUI's `glassEffect(_:in:isEnabled:)` and
// `GlassEffectContainer(spacing:)`, `glassEffectID(_:in:)` and `glassEffectTransition(_:)`. What is
// drawn is an emulation (docs/semantics.md §223–§226; the emulation: §255–§257, §268).

/// SwiftUI's `Glass` variants.
public enum SpecGlassVariant: String, Sendable, CaseIterable {
    /// Adaptive, the default: blurred and frosted enough to keep content legible.
    case regular
    /// More transparent, for glass over media; SwiftUI asks for a dimming layer beneath.
    case clear
    /// No glass: the view is drawn as without the modifier.
    case identity
}

/// SwiftUI's `GlassEffectTransition`: how a view's glass appears and disappears in a container
/// (docs/semantics.md §226).
public enum SpecGlassTransition: String, Sendable, CaseIterable {
    /// The default: glass takes its geometry from the glass of the same `glassEffectID` going the
    /// other way, or from a neighbour within the container's spacing.
    case matchedGeometry
    /// The material animates in or out without matching any geometry.
    case materialize
    /// No change: the glass is drawn as at rest for as long as its view is.
    case identity
}

/// The shape a glass effect fills, in the view's layout frame (`in:`; SwiftUI's default is a capsule).
public enum SpecGlassShape: Sendable, Equatable {
    case capsule
    /// Inscribed in the frame, as SwiftUI's `Circle`.
    case circle
    case ellipse
    case rectangle
    /// A rounded rectangle of this corner radius (points, ≥ 0).
    case roundedRectangle(cornerRadius: Double)

    /// The shape keys a glass effect accepts.
    public static let names = ["capsule", "circle", "ellipse", "rectangle", "roundedRectangle"]
}

/// `glassEffect(_ glass: Glass = .regular, in shape: some Shape = .capsule, isEnabled: Bool = true)`
/// with `Glass.tint(_:)` and `Glass.interactive(_:)`.
public struct SpecGlassEffect: Sendable {
    public var variant: SpecGlassVariant
    /// `Glass.tint(_:)`; nil = untinted.
    public var tint: SpecColorValue?
    /// `Glass.interactive()`: a tap on the view swells and brightens the glass (an emulation, docs/semantics.md §259).
    public var interactive: Bool
    public var shape: SpecGlassShape
    /// A condition expression; nil = enabled.
    public var isEnabled: SpecNumber?

    public init(variant: SpecGlassVariant = .regular, tint: SpecColorValue? = nil, interactive: Bool = false,
                shape: SpecGlassShape = .capsule, isEnabled: SpecNumber? = nil) {
        self.variant = variant
        self.tint = tint
        self.interactive = interactive
        self.shape = shape
        self.isEnabled = isEnabled
    }
}
