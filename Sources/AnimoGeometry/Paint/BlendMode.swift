// BlendMode: how a source colour combines with the destination (SwiftUI's `BlendMode` and
// `GraphicsContext.BlendMode`), as a value. The arithmetic of each mode, on premultiplied pixels,
// is in AnimoRaster (BlendMode.swift there).

/// How a source color combines with the destination (SwiftUI's `BlendMode` and
/// `GraphicsContext.BlendMode`).
public enum BlendMode: String, Sendable, Hashable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut
    case destinationAtop, xor, plusDarker, plusLighter

    /// True for modes where a transparent source leaves the destination unchanged, so pixels the
    /// source does not reach can be skipped. False for clear, copy, sourceIn, sourceOut,
    /// destinationIn and destinationAtop (they change the destination where the source is empty);
    /// those still act only inside the drawn shape and clip (coverage interpolates, see `Compositor`).
    public var transparentSourceIsIdentity: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: return false
        default: return true
        }
    }
}
