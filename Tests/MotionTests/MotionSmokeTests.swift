import Testing
@testable import Motion

@Test func versionIsSet() {
    #expect(!MotionInfo.version.isEmpty)
}
