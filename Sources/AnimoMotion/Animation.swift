// Animation: the value an event or an `animation` modifier carries, covering every form of
// docs/spec.md — fluid springs, interpolating springs, timing curves and the delay / speed /
// repeat / logical-completion modifiers. Constructors validate and throw `MotionError`s that
// name the parameter; a constructed Animation always evaluates without traps or endless loops.
// § numbers refer to docs/semantics.md.
import Foundation

/// A SwiftUI-style animation description (value type; compare with `==`).
public struct Animation: Sendable, Hashable, CustomStringConvertible {
    indirect enum Node: Sendable, Hashable {
        /// Timing curve over `duration` seconds (§23–25). Never merges; combines (§18).
        case curve(UnitCurve, duration: Double)
        /// `FluidSpringAnimation` (§15): merges and retargets (§17).
        case fluid(response: Double, dampingFraction: Double, blendDuration: Double)
        /// Closed-form spring returning a fraction of the delta (§10); combines (§20).
        case interpolating(Spring, initialVelocity: Double)
        /// A keyframe track over the change's progress (0 = the old value, 1 = the new one). It is
        /// the spec's `{"keyframes": …}` animation form; SwiftUI has keyframes only in
        /// KeyframeAnimator, so how it combines is our choice: like a timing curve (additively,
        /// §18), and it finishes at the track's duration, where the value is the target.
        case keyframes(KeyframeTrack)
        case delay(Double, Node)
        case speed(Double, Node)
        case repeating(count: Int?, autoreverses: Bool, Node)
        case logicallyComplete(after: Double, Node)
    }
    let node: Node
    /// Identity tag: `.default` compares equal only to `.default` (§11, ADOC).
    let tag: String?

    init(_ node: Node, tag: String? = nil) {
        self.node = node
        self.tag = tag
    }

    /// The time (seconds) the animation takes to cover most of a change, with `speed` applied: a
    /// timing curve's or keyframe track's duration, a spring's response. Delays and repeats do not
    /// change it.
    public var travelTime: Double {
        func time(_ n: Node) -> Double {
            switch n {
            case .curve(_, let d): return d
            case .fluid(let r, _, _): return r
            case .interpolating(let s, _): return s.response
            case .keyframes(let k): return k.duration
            case .speed(let k, let inner): return time(inner) / k
            case .delay(_, let inner), .repeating(_, _, let inner), .logicallyComplete(_, let inner): return time(inner)
            }
        }
        return time(node)
    }

    /// The response (seconds) of the spring this animation runs, with `speed` applied; nil for
    /// timing curves and keyframes. Delays and repeats do not change it.
    public var springResponse: Double? {
        func response(_ n: Node) -> Double? {
            switch n {
            case .fluid(let r, _, _): return r
            case .interpolating(let s, _): return s.response
            case .curve, .keyframes: return nil
            case .speed(let k, let inner): return response(inner).map { $0 / k }
            case .delay(_, let inner), .repeating(_, _, let inner), .logicallyComplete(_, let inner): return response(inner)
            }
        }
        return response(node)
    }

    // MARK: Presets

    /// `.smooth` = spring(duration: 0.5, bounce: 0) (§8).
    public static let smooth = Animation(.fluid(response: 0.5, dampingFraction: 1, blendDuration: 0))
    /// `.snappy` = spring(duration: 0.5, bounce: 0.15) (§8).
    public static let snappy = Animation(.fluid(response: 0.5, dampingFraction: 0.85, blendDuration: 0))
    /// `.bouncy` = spring(duration: 0.5, bounce: 0.3) (§8).
    public static let bouncy = Animation(.fluid(response: 0.5, dampingFraction: 0.7, blendDuration: 0))
    /// `.spring` = spring(duration: 0.5, bounce: 0, blendDuration: 0) — response 0.5, ζ 1 (§7).
    public static let spring = Animation(.fluid(response: 0.5, dampingFraction: 1, blendDuration: 0))
    /// `.default`. Sources disagree (§11): ADOC says spring(response: 0.55, dampingFraction: 1);
    /// OSUI `DefaultAnimation.swift` (Semantics v5+) uses `.spring` (response 0.5, ζ 1) and the
    /// WWDC23 10156 notes say `.smooth` (also 0.5, ζ 1). We choose response 0.5, ζ 1 (two of three,
    /// and the port reflects the shipped binary). It differs from `.spring` only in identity.
    public static let `default` = Animation(.fluid(response: 0.5, dampingFraction: 1, blendDuration: 0), tag: "default")
    /// `.interactiveSpring` resolves to interactiveSpring(duration: 0.15, extraBounce: 0,
    /// blendDuration: 0.25) = spring(duration: 0.15, bounce: 0.15) → ζ 0.85 (§9, OSUI).
    public static let interactiveSpring = Animation(.fluid(response: 0.15, dampingFraction: 0.85, blendDuration: 0.25))
    /// `.interpolatingSpring` = interpolatingSpring(duration: 0.5, bounce: 0) (§10).
    public static let interpolatingSpring = Animation(.interpolating(Spring.smooth, initialVelocity: 0))
    /// The default timing-curve duration, 0.35 s (§23: ADOC Animation docs, OSUI `BezierAnimation.swift`).
    public static let defaultCurveDuration: Double = 0.35
    /// `.linear` (0.35 s).
    public static let linear = Animation(.curve(.linear, duration: defaultCurveDuration))
    /// `.easeIn` (0.35 s, control points 0.42, 0, 1, 1).
    public static let easeIn = Animation(.curve(.easeIn, duration: defaultCurveDuration))
    /// `.easeOut` (0.35 s, control points 0, 0, 0.58, 1).
    public static let easeOut = Animation(.curve(.easeOut, duration: defaultCurveDuration))
    /// `.easeInOut` (0.35 s, control points 0.42, 0, 0.58, 1).
    public static let easeInOut = Animation(.curve(.easeInOut, duration: defaultCurveDuration))

    // MARK: Timing curves

    public static func linear(duration: Double) throws -> Animation { try timingCurve(.linear, duration: duration) }
    public static func easeIn(duration: Double) throws -> Animation { try timingCurve(.easeIn, duration: duration) }
    public static func easeOut(duration: Double) throws -> Animation { try timingCurve(.easeOut, duration: duration) }
    public static func easeInOut(duration: Double) throws -> Animation { try timingCurve(.easeInOut, duration: duration) }

    /// `timingCurve(c0x, c0y, c1x, c1y, duration:)`: CSS-style cubic Bézier (§24).
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double,
                                   duration: Double = defaultCurveDuration) throws -> Animation {
        try timingCurve(UnitCurve.timingBezier(c0x, c0y, c1x, c1y), duration: duration)
    }

    /// `timingCurve(_ curve: UnitCurve, duration:)`.
    /// An animation that moves a change's progress along a keyframe track (values are fractions of
    /// the change: 0 the old value, 1 the new). The track must last > 0 s and end at 1, so that
    /// the value does not jump when the animation finishes.
    public static func keyframes(_ keyframes: [Keyframe]) throws -> Animation {
        let track = KeyframeTrack("progress", keyframes)
        guard track.duration > 0, track.duration.isFinite else {
            throw MotionError(parameter: "keyframes", message: "keyframes must last > 0 s in total, got \(MotionError.format(track.duration))")
        }
        guard let last = keyframes.last, abs(last.value.x - 1) < 1e-9 else {
            throw MotionError(parameter: "keyframes", message: "the last keyframe must reach 1 (the new value), got \(keyframes.last.map { MotionError.format($0.value.x) } ?? "none")")
        }
        return Animation(.keyframes(track))
    }

    public static func timingCurve(_ curve: UnitCurve, duration: Double) throws -> Animation {
        try MotionError.requirePositive(duration, "duration")
        return Animation(.curve(curve, duration: duration))
    }

    // MARK: Springs

    /// `spring(response:dampingFraction:blendDuration:)` — defaults response 0.5, dampingFraction
    /// 0.825, blendDuration 0 (§6, current ADOC; older SDKs documented response 0.55).
    public static func spring(response: Double, dampingFraction: Double = 0.825, blendDuration: Double = 0) throws -> Animation {
        try MotionError.requirePositive(response, "response")
        try MotionError.requireNonNegative(dampingFraction, "dampingFraction")
        try MotionError.requireNonNegative(blendDuration, "blendDuration")
        return Animation(.fluid(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// `spring(duration:bounce:blendDuration:)` = spring(response: duration, dampingFraction: ζ(bounce)) (§7).
    public static func spring(duration: Double, bounce: Double = 0, blendDuration: Double = 0) throws -> Animation {
        let s = try Spring(duration: duration, bounce: bounce)
        return try spring(response: duration, dampingFraction: s.dampingRatio, blendDuration: blendDuration)
    }

    /// `spring(_ spring: Spring, blendDuration:)`.
    public static func spring(_ spring: Spring, blendDuration: Double = 0) throws -> Animation {
        try self.spring(response: spring.response, dampingFraction: spring.dampingRatio, blendDuration: blendDuration)
    }

    /// `.smooth(duration:extraBounce:)` (§8: base bounce 0).
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) throws -> Animation {
        try spring(duration: duration, bounce: 0 + extraBounce)
    }
    /// `.snappy(duration:extraBounce:)` (§8: base bounce 0.15).
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) throws -> Animation {
        try spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    /// `.bouncy(duration:extraBounce:)` (§8: base bounce 0.3).
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) throws -> Animation {
        try spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    /// `interactiveSpring(response:dampingFraction:blendDuration:)` — ADOC defaults 0.15, 0.86, 0.25 (§9).
    public static func interactiveSpring(response: Double, dampingFraction: Double = 0.86, blendDuration: Double = 0.25) throws -> Animation {
        try spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// `interactiveSpring(duration:extraBounce:blendDuration:)` = spring(duration:, bounce: 0.15 + extra,
    /// blendDuration:) (§9, OSUI).
    public static func interactiveSpring(duration: Double, extraBounce: Double = 0, blendDuration: Double = 0.25) throws -> Animation {
        try spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)
    }

    /// `interpolatingSpring(mass:stiffness:damping:initialVelocity:)` (§10): closed form, fraction
    /// of the delta; initialVelocity in fractions of the delta per second.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) throws -> Animation {
        try MotionError.requireFinite(initialVelocity, "initialVelocity")
        // Interpolating springs keep overdamping (they are an analytic curve of the given c).
        let s = try Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
        return Animation(.interpolating(s, initialVelocity: initialVelocity))
    }

    /// `interpolatingSpring(duration:bounce:initialVelocity:)` (§10: k = (2π/d)², c = 2√k·ζ, m = 1).
    public static func interpolatingSpring(duration: Double, bounce: Double = 0, initialVelocity: Double = 0) throws -> Animation {
        try MotionError.requireFinite(initialVelocity, "initialVelocity")
        return Animation(.interpolating(try Spring(duration: duration, bounce: bounce), initialVelocity: initialVelocity))
    }

    /// `interpolatingSpring(_ spring: Spring, initialVelocity:)`.
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0) throws -> Animation {
        try MotionError.requireFinite(initialVelocity, "initialVelocity")
        return Animation(.interpolating(spring, initialVelocity: initialVelocity))
    }

    // MARK: Modifiers (applied outside-in, §28)

    /// `delay(_:)`: the base is held at its start for `delay` seconds (§28). delay ≥ 0.
    public func delay(_ delay: Double) throws -> Animation {
        try MotionError.requireNonNegative(delay, "delay")
        return Animation(.delay(delay, node))
    }

    /// `speed(_:)`: t′ = t·speed (§28). speed > 0.
    public func speed(_ speed: Double) throws -> Animation {
        try MotionError.requirePositive(speed, "speed")
        return Animation(.speed(speed, node))
    }

    /// `repeatCount(_:autoreverses:)` (§26): each pass is one run of the base; reversed passes count.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) throws -> Animation {
        guard repeatCount >= 1 else {
            throw MotionError(parameter: "repeatCount", message: "repeatCount must be >= 1, got \(repeatCount)")
        }
        try requireFinitePasses()
        return Animation(.repeating(count: repeatCount, autoreverses: autoreverses, node))
    }

    /// `repeatForever(autoreverses:)` (§27).
    public func repeatForever(autoreverses: Bool = true) throws -> Animation {
        try requireFinitePasses()
        return Animation(.repeating(count: nil, autoreverses: autoreverses, node))
    }

    /// `logicallyComplete(after:)` (§29): reports logical completion at `after` seconds unless
    /// it already has; never extends the animation.
    public func logicallyComplete(after duration: Double) throws -> Animation {
        try MotionError.requireNonNegative(duration, "duration")
        return Animation(.logicallyComplete(after: duration, node))
    }

    /// A repeat needs a base that ends (otherwise the next pass never starts) and has a
    /// non-zero pass (otherwise repeatForever would loop without advancing time).
    func requireFinitePasses() throws {
        func check(_ n: Node) throws {
            switch n {
            case .curve: return
            case .keyframes(let k):
                if k.duration <= 0 { throw MotionError(parameter: "keyframes", message: "keyframes must last > 0 s to repeat, got \(MotionError.format(k.duration))") }
            case .fluid(_, let z, _):
                if z <= 0 { throw MotionError(parameter: "dampingFraction", message: "dampingFraction must be > 0 to repeat (an undamped spring never finishes), got \(MotionError.format(z))") }
            case .interpolating(let s, _):
                if s.dampingRatio <= 0 { throw MotionError(parameter: "damping", message: "damping must be > 0 to repeat (an undamped spring never finishes), got 0") }
            case .delay(_, let b), .speed(_, let b), .logicallyComplete(_, let b): try check(b)
            case .repeating(let count, _, let b):
                if count == nil { throw MotionError(parameter: "repeatForever", message: "repeatForever cannot be repeated again: its pass never ends") }
                try check(b)
            }
        }
        try check(node)
    }

    // MARK: Introspection

    /// True for an unmodified fluid spring: the kind that merges with a running animation (§17).
    /// Our choice for modified springs: §28 lets speed/delay springs merge only with equal
    /// modifiers; we never merge them and combine them additively instead.
    public var merges: Bool {
        if case .fluid = node { return true }
        return false
    }

    public var description: String { Self.describe(node) }

    static func describe(_ n: Node) -> String {
        switch n {
        case .curve(let c, let d): return "curve(\(c.kind), duration: \(d))"
        case .fluid(let r, let z, let b): return "spring(response: \(r), dampingFraction: \(z), blendDuration: \(b))"
        case .interpolating(let s, let v): return "interpolatingSpring(stiffness: \(s.stiffness), damping: \(s.damping), mass: \(s.mass), initialVelocity: \(v))"
        case .keyframes(let k): return "keyframes(\(k.keyframes.count) keyframes, duration: \(k.duration))"
        case .delay(let d, let b): return "\(describe(b)).delay(\(d))"
        case .speed(let s, let b): return "\(describe(b)).speed(\(s))"
        case .repeating(let c, let a, let b):
            return c.map { "\(describe(b)).repeatCount(\($0), autoreverses: \(a))" } ?? "\(describe(b)).repeatForever(autoreverses: \(a))"
        case .logicallyComplete(let t, let b): return "\(describe(b)).logicallyComplete(after: \(t))"
        }
    }
}
