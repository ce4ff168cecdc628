// Animation forms (docs/spec.md), as written in a spec. This is a plain description;
// the Motion target has its own Animation type and a later mapping converts these. Parameters
// left nil take SwiftUI's defaults for that form (documented in docs/spec.md).

/// Spring parameters in one of SwiftUI's three parameterizations.
public enum SpringParameters: Sendable {
    /// `spring(response:dampingFraction:blendDuration:)`.
    case response(response: SpecNumber?, dampingFraction: SpecNumber?, blendDuration: SpecNumber?)
    /// `spring(duration:bounce:)` (and `extraBounce` for the presets).
    case duration(duration: SpecNumber?, bounce: SpecNumber?)
    /// `interpolatingSpring(mass:stiffness:damping:initialVelocity:)`.
    case physical(stiffness: SpecNumber, damping: SpecNumber, mass: SpecNumber?, initialVelocity: SpecNumber?)
}

/// `UnitCurve`s for timing and linear keyframes.
public enum SpecUnitCurve: Sendable {
    case linear, easeIn, easeOut, easeInOut
    /// Cubic Bézier control points (x1, y1, x2, y2), as `timingCurve` / `UnitCurve.bezier`; each
    /// may be an expression, evaluated once per instance when the scene is resolved.
    case bezier(SpecNumber, SpecNumber, SpecNumber, SpecNumber)
}

/// An animation with its modifiers (`delay`, `speed`, repeats).
public struct SpecAnimation: Sendable {
    public enum Base: Sendable {
        /// `.default`.
        case `default`
        /// `.smooth`, `.snappy`, `.bouncy` with optional `duration` and `extraBounce`.
        case smooth(duration: SpecNumber?, extraBounce: SpecNumber?)
        case snappy(duration: SpecNumber?, extraBounce: SpecNumber?)
        case bouncy(duration: SpecNumber?, extraBounce: SpecNumber?)
        /// `.linear`, `.easeIn`, `.easeOut`, `.easeInOut` (nil duration = SwiftUI's default),
        /// or `timingCurve(x1, y1, x2, y2, duration:)` as `.bezier`.
        case timing(SpecUnitCurve, duration: SpecNumber?)
        case spring(SpringParameters)
        case interpolatingSpring(SpringParameters)
        case interactiveSpring(SpringParameters)
        /// Progress from the old value (0) to the new value (1) along a keyframe track.
        case keyframes([SpecKeyframe])
    }

    public var base: Base
    public var delay: SpecNumber?
    public var speed: SpecNumber?
    /// `repeatCount(n, autoreverses:)`: a whole number in 1…1,000,000; an expression is evaluated
    /// per instance (and checked there).
    public var repeatCount: SpecNumber?
    /// `repeatForever(autoreverses:)`.
    public var repeatForever: Bool
    /// With `repeatCount`/`repeatForever`; nil = SwiftUI's default (true).
    public var autoreverses: Bool?

    public init(base: Base, delay: SpecNumber? = nil, speed: SpecNumber? = nil, repeatCount: SpecNumber? = nil, repeatForever: Bool = false, autoreverses: Bool? = nil) {
        self.base = base
        self.delay = delay
        self.speed = speed
        self.repeatCount = repeatCount
        self.repeatForever = repeatForever
        self.autoreverses = autoreverses
    }

    /// Base keys of the object form.
    public static let baseNames = ["default", "smooth", "snappy", "bouncy", "linear", "easeIn", "easeOut", "easeInOut", "timingCurve", "spring", "interpolatingSpring", "interactiveSpring", "keyframes"]
    /// Modifier keys allowed beside the base key.
    public static let modifierNames = ["delay", "speed", "repeatCount", "repeatForever", "autoreverses"]
    /// The largest `repeatCount`.
    public static let maxRepeatCount = 1_000_000
}

/// One keyframe of a track (SwiftUI's `LinearKeyframe`, `CubicKeyframe`, `SpringKeyframe`,
/// `MoveKeyframe`; docs/semantics.md §30–35).
public struct SpecKeyframe: Sendable {
    public enum Kind: Sendable {
        case linear(SpecUnitCurve)
        case cubic(startVelocity: SpecNumber?, endVelocity: SpecNumber?)
        /// nil spring = `Spring()` (duration 0.5, bounce 0).
        case spring(SpringParameters?, startVelocity: SpecNumber?)
        case move
    }

    public var kind: Kind
    public var to: SpecNumber
    /// nil only for spring (its settling duration) and move (zero).
    public var duration: SpecNumber?

    public static let kindNames = ["linear", "cubic", "spring", "move"]

    public init(kind: Kind, to: SpecNumber, duration: SpecNumber? = nil) {
        self.kind = kind
        self.to = to
        self.duration = duration
    }
}
