import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoSpec
@testable import AnimoScene

@Test func examplesAreFound() {
    #expect(TestSupport.exampleFiles.count >= 8)
}

@Test(arguments: TestSupport.exampleFiles.map(\.path))
func exampleLoads(path: String) throws {
    do {
        let spec = try Spec.load(path: path)
        #expect(!spec.content.isEmpty)
        #expect(spec.frameCount > 1)
    } catch {
        Issue.record("\(path) failed to load:\n\(error)")
    }
}
