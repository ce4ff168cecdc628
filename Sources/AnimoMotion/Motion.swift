// Motion: SwiftUI's animation timing (springs, curves, transactions, keyframes, phases, clocks).
// No pixel code; depends on Foundation only. Every file cites the docs/semantics.md sections (§) it follows.
//
// Map of the target:
//   values      VectorArithmetic, AnimatableVector (unitScale 128, linear-sRGB colors)
//   curves      CubicBezierSolver, UnitCurve
//   springs     Spring (+Evaluation: closed forms, settling), FluidSpringTrajectory
//   animations  Animation (validated value), AnimationRun (one animation on one value)
//   engine      AnimatedProperty (transaction history → value/velocity at any t, rest, mid-pose)
//   keyframes   Keyframe, KeyframeTrack, ResolvedKeyframeTrack, KeyframeTimeline, KeyframeAnimator
//   phases      PhaseAnimator
//   clock       MotionClock, MotionSampler (plots), MotionBenchmarks
public enum MotionInfo {
    public static let version = "0.2.0"
}
