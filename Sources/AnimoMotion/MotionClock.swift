// MotionClock: helpers for the TimelineView clock `t` (docs/spec.md: loaders derive everything
// from t) and for mapping frames to times (docs/semantics.md §22: offscreen, t = frameIndex / fps).
// Degenerate inputs (non-positive or non-finite periods, NaN times) return 0: documented no-ops.
import Foundation

/// Pure functions of the timeline clock.
public enum MotionClock {
    /// The time of frame `index` at `fps` frames per second (§22). fps ≤ 0 → 0.
    public static func time(ofFrame index: Int, fps: Double) -> Double {
        fps > 0 && fps.isFinite ? Double(index) / fps : 0
    }

    /// How many frames cover `duration` seconds at `fps` (frames at 0, 1/fps, … strictly before
    /// `duration`, at least 1). Non-finite or non-positive input → 1.
    public static func frameCount(duration: Double, fps: Double) -> Int {
        guard duration.isFinite, fps.isFinite, duration > 0, fps > 0 else { return 1 }
        // Clamped before converting (duration·fps may exceed Int); 2⁶² frames is no real limit.
        return max(1, Int(min((duration * fps - 1e-9).rounded(.up), 4.6e18)))
    }

    /// fract(t / period): progress within the current cycle, in [0, 1).
    public static func wrappedProgress(_ t: Double, period: Double) -> Double {
        guard period > 0, period.isFinite, t.isFinite else { return 0 }
        let x = t / period
        let f = x - x.rounded(.down)
        return f >= 1 ? 0 : f
    }

    /// floor(t / period): the index of the current cycle.
    public static func cycleIndex(_ t: Double, period: Double) -> Int {
        guard period > 0, period.isFinite, t.isFinite else { return 0 }
        let x = (t / period).rounded(.down)
        return x.magnitude < 1e15 ? Int(x) : 0
    }

    /// A triangle wave 0 → 1 → 0 over one period (autoreversing progress).
    public static func pingPong(_ t: Double, period: Double) -> Double {
        let p = wrappedProgress(t, period: period)
        return p < 0.5 ? 2 * p : 2 - 2 * p
    }

    /// Progress of a delayed, staggered item: clamp((t − delay − index·stagger) / duration, 0, 1).
    public static func staggeredProgress(_ t: Double, index: Int, stagger: Double, delay: Double = 0, duration: Double) -> Double {
        guard duration > 0, duration.isFinite, t.isFinite else { return 0 }
        return min(max((t - delay - Double(index) * stagger) / duration, 0), 1)
    }
}
