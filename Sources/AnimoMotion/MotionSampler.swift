// MotionSampler: value-over-time samples of an animation, for plots and for quick
// inspection. Pure data; the pixels are drawn elsewhere.
import Foundation

/// Samples of an animation's fraction of the way (0 = start, 1 = target) over time.
public enum MotionSampler {
    /// One plotted point.
    public struct Point: Sendable, Equatable {
        public let time: Double
        public let fraction: Double
        public let velocity: Double
    }

    /// Samples `animation` moving a scalar by `delta` (default 1; the fluid spring's rest rule
    /// depends on the magnitude, §15) every `step` seconds from 0 through `duration`.
    /// `step` and `duration` must be > 0; at most 100,000 points.
    public static func samples(of animation: Animation, delta: Double = 1, duration: Double, step: Double = 1.0 / 120) throws -> [Point] {
        try MotionError.requirePositive(duration, "duration")
        try MotionError.requirePositive(step, "step")
        try MotionError.requireFinite(delta, "delta")
        let count = Int(min((duration / step + 1e-9).rounded(.down), 100_000))
        var p = AnimatedProperty(initialValue: .zero)
        try p.set(AnimatableVector(delta), at: 0, animation: animation)
        let scale = delta == 0 ? 0 : 1 / delta
        return (0...count).map { i in
            let t = Double(i) * step
            let s = p.state(at: t)
            return Point(time: t, fraction: s.value.x * scale, velocity: s.velocity.x * scale)
        }
    }
}
