// SwiftUI's `Animation` (https://developer.apple.com/documentation/swiftui/animation): a value
// that says how a change moves. The module keeps what was written; the renderer's motion engine
// (AnimoMotion) times it, with SwiftUI's defaults for every parameter left out.
internal import AnimoViewRecord

public struct Animation: Equatable, Sendable {
    var recorded: RecordedAnimation

    init(_ base: RecordedAnimation.Base) { recorded = RecordedAnimation(base: base) }

    public static func == (a: Animation, b: Animation) -> Bool { a.recorded == b.recorded }

    public static let `default` = Animation(.named("default"))
    public static let linear = Animation(.named("linear"))
    public static let easeIn = Animation(.named("easeIn"))
    public static let easeOut = Animation(.named("easeOut"))
    public static let easeInOut = Animation(.named("easeInOut"))
    public static let smooth = Animation(.named("smooth"))
    public static let snappy = Animation(.named("snappy"))
    public static let bouncy = Animation(.named("bouncy"))
    public static let spring = Animation(.named("spring"))
    public static let interactiveSpring = Animation(.named("interactiveSpring"))

    public static func linear(duration: TimeInterval) -> Animation { Animation(.curve("linear", duration: duration)) }
    public static func easeIn(duration: TimeInterval) -> Animation { Animation(.curve("easeIn", duration: duration)) }
    public static func easeOut(duration: TimeInterval) -> Animation { Animation(.curve("easeOut", duration: duration)) }
    public static func easeInOut(duration: TimeInterval) -> Animation { Animation(.curve("easeInOut", duration: duration)) }
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: TimeInterval = 0.35) -> Animation {
        Animation(.timingCurve(c0x, c0y, c1x, c1y, duration: duration))
    }

    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation { Animation(.preset("smooth", duration: duration, extraBounce: extraBounce)) }
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation { Animation(.preset("snappy", duration: duration, extraBounce: extraBounce)) }
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation { Animation(.preset("bouncy", duration: duration, extraBounce: extraBounce)) }

    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation {
        Animation(.spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }
    // `.spring()` with no arguments is the older form's (response 0.5, damping 0.825), which
    // SwiftUI code has written since iOS 13; the duration form is taken when its labels are.
    @_disfavoredOverload
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        Animation(.springDuration(duration: duration, bounce: bounce))
    }
    public static func spring(_ spring: Spring, blendDuration: TimeInterval = 0) -> Animation {
        Animation(.springDuration(duration: spring.duration, bounce: spring.bounce))
    }
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: TimeInterval = 0.25) -> Animation {
        Animation(.spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }
    public static func interpolatingSpring(mass: Double = 1.0, stiffness: Double, damping: Double, initialVelocity: Double = 0.0) -> Animation {
        Animation(.interpolatingSpring(stiffness: stiffness, damping: damping, mass: mass, initialVelocity: initialVelocity))
    }
    public static func interpolatingSpring(duration: TimeInterval = 0.5, bounce: Double = 0.0, initialVelocity: Double = 0.0) -> Animation {
        Animation(.springDuration(duration: duration, bounce: bounce))
    }

    public func delay(_ delay: TimeInterval) -> Animation {
        var a = self
        a.recorded.delay += delay
        return a
    }

    public func speed(_ speed: Double) -> Animation {
        var a = self
        a.recorded.speed *= speed
        return a
    }

    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        var a = self
        a.recorded.repeatCount = repeatCount
        a.recorded.autoreverses = autoreverses
        return a
    }

    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var a = self
        a.recorded.repeatForever = true
        a.recorded.autoreverses = autoreverses
        return a
    }
}
