import Testing
@testable import AnimoVerify

/// Lags read from manifests may be any number: whole-frame counts saturate instead of trapping.
@Test func lagsBeyondIntSaturate() {
    #expect(TimingDrift.wholeFrames(1e300) == 1_000_000_000_000_000)
    #expect(TimingDrift.wholeFrames(-.infinity) == -1_000_000_000_000_000)
    #expect(TimingDrift.wholeFrames(.nan) == 0)
    #expect(TimingDrift.wholeFrames(2.6) == 3)
}
