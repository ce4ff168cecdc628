import Testing
@testable import AnimoVerify

/// Lags read from manifests may be any number: whole-frame counts saturate instead of trapping.
@Test func lagsBeyondIntSaturate() {
    #expect(TimingDrift.wholeFrames(1e300) == 1_000_000_000_000_000)
    #expect(TimingDrift.wholeFrames(-.infinity) == -1_000_000_000_000_000)
    #expect(TimingDrift.wholeFrames(.nan) == 0)
    #expect(TimingDrift.wholeFrames(2.6) == 3)
}

/// An interval of `unchanged` or `monotonic` may name any times: too many frames is a verdict, not
/// a trap or a hang.
@Test func intervalsOfAnySizeNeitherTrapNorHang() {
    #expect(ExpectationChecker.intervalTimes(from: 0, to: 1e300, fps: 30) == nil)
    #expect(ExpectationChecker.intervalTimes(from: 1e300, to: .infinity, fps: 30) == nil)
    #expect(ExpectationChecker.intervalTimes(from: 0, to: 100, fps: 30) == nil)
    #expect(ExpectationChecker.intervalTimes(from: 0.5, to: 0.6, fps: 30) == [0.5, 16.0 / 30, 17.0 / 30, 0.6])
    #expect(ExpectationChecker.intervalTimes(from: 0, to: 0.1, fps: 10) == [0, 0.1])
}
