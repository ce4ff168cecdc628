// Transitions of `if` nodes (SwiftUI's `AnyTransition`).

/// An edge of a frame, for `move` and `push`.
public enum SpecEdge: String, Sendable, CaseIterable {
    case top, bottom, leading, trailing
}

/// How an `if` node's content appears and disappears.
public indirect enum SpecTransition: Sendable {
    case identity
    case opacity
    /// `scale(scale, anchor:)`; SwiftUI's `.scale` is scale 0 at the center.
    case scale(SpecNumber, anchor: UnitPoint)
    case move(SpecEdge)
    case offset(x: SpecNumber, y: SpecNumber)
    /// Inserts from the leading edge, removes to the trailing edge.
    case slide
    /// `push(from:)`: moves in from the edge and out the opposite one, fading.
    case push(SpecEdge)
    case asymmetric(insertion: SpecTransition, removal: SpecTransition)
    /// Transitions applied together.
    case combined([SpecTransition])
    /// A modifier transition: `active` is the state when absent, `identity` when present.
    case custom(active: [SpecModifier], identity: [SpecModifier])

    public static let names = ["identity", "opacity", "scale", "move", "offset", "slide", "push", "asymmetric", "combined", "custom"]
}
