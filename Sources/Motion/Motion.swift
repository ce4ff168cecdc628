// Motion: SwiftUI's animation timing (springs, curves, transactions, keyframes, phases, clocks).
// No pixel code. See shared/SEMANTICS.md for the sourced facts each file cites.
public enum MotionInfo {
    public static let version = "0.1.0"
}
