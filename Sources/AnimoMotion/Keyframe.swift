// Keyframe: the four KeyframeAnimator keyframe kinds (docs/semantics.md §30–33).
import Foundation

/// One keyframe of a track: where to go, how, and for how long.
public struct Keyframe: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case linear(UnitCurve)
        case cubic(startVelocity: AnimatableVector?, endVelocity: AnimatableVector?)
        case spring(Spring, startVelocity: AnimatableVector?, explicitDuration: Bool)
        case move
    }
    let kind: Kind
    /// The keyframe's value.
    public let value: AnimatableVector
    /// The keyframe's duration (a nil SpringKeyframe duration resolves to the spring's settling
    /// duration, §32; MoveKeyframe has 0, §33).
    public let duration: Double

    /// `LinearKeyframe(to, duration:, timingCurve: .linear)`: linear in vector space, progress
    /// shaped by the unit curve (§30).
    public static func linear(_ to: AnimatableVector, duration: Double, timingCurve: UnitCurve = .linear) throws -> Keyframe {
        try check(to, duration)
        return Keyframe(kind: .linear(timingCurve), value: to, duration: duration)
    }

    /// `CubicKeyframe(to, duration:, startVelocity: nil, endVelocity: nil)` (§31).
    public static func cubic(_ to: AnimatableVector, duration: Double,
                             startVelocity: AnimatableVector? = nil, endVelocity: AnimatableVector? = nil) throws -> Keyframe {
        try check(to, duration)
        if let v = startVelocity, !v.isFinite { throw MotionError(parameter: "startVelocity", message: "startVelocity must be finite, got \(v)") }
        if let v = endVelocity, !v.isFinite { throw MotionError(parameter: "endVelocity", message: "endVelocity must be finite, got \(v)") }
        return Keyframe(kind: .cubic(startVelocity: startVelocity, endVelocity: endVelocity), value: to, duration: duration)
    }

    /// `SpringKeyframe(to, duration: nil, spring: Spring(), startVelocity: nil)` (§32). A nil
    /// duration is the spring's settling duration; an undamped spring then has no end → error.
    public static func spring(_ to: AnimatableVector, duration: Double? = nil, spring: Spring = .default,
                              startVelocity: AnimatableVector? = nil) throws -> Keyframe {
        let d: Double
        if let duration { d = duration } else {
            d = spring.settlingDuration
            guard d.isFinite else {
                throw MotionError(parameter: "duration", message: "duration must be given for an undamped spring (settling duration is infinite)")
            }
        }
        try check(to, d)
        if let v = startVelocity, !v.isFinite { throw MotionError(parameter: "startVelocity", message: "startVelocity must be finite, got \(v)") }
        return Keyframe(kind: .spring(spring, startVelocity: startVelocity, explicitDuration: duration != nil), value: to, duration: d)
    }

    /// `MoveKeyframe(to)`: jumps at once, zero duration (§33).
    public static func move(_ to: AnimatableVector) throws -> Keyframe {
        try check(to, 0)
        return Keyframe(kind: .move, value: to, duration: 0)
    }

    static func check(_ to: AnimatableVector, _ duration: Double) throws {
        guard to.isFinite else { throw MotionError(parameter: "to", message: "to must be finite, got \(to)") }
        try MotionError.requireNonNegative(duration, "duration")
    }
}

/// A named track of keyframes (`KeyframeTrack(\.name) { … }`).
public struct KeyframeTrack: Sendable, Hashable {
    /// The property the track drives.
    public let name: String
    public let keyframes: [Keyframe]
    public init(_ name: String, _ keyframes: [Keyframe]) {
        self.name = name
        self.keyframes = keyframes
    }
    /// The sum of the keyframe durations (§34).
    public var duration: Double { keyframes.reduce(0) { $0 + $1.duration } }
}
