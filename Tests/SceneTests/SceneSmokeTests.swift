import Testing
@testable import Scene

@Test func specVersionIsOne() {
    #expect(SceneInfo.specVersion == 1)
}
