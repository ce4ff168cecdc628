/// SwiftUI's `Spring`: a spring's parameters, by perceptual duration and bounce.
public struct Spring: Equatable, Sendable {
    public var duration: TimeInterval
    public var bounce: Double

    public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) {
        self.duration = duration
        self.bounce = bounce
    }

    /// From response and damping ratio (Apple: response is the duration; bounce = 1 − damping
    /// for damping ≤ 1, and 1/damping − 1 above it).
    public init(response: Double, dampingRatio: Double) {
        duration = response
        bounce = dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1
    }

    public static let smooth = Spring(duration: 0.5, bounce: 0)
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)
}
