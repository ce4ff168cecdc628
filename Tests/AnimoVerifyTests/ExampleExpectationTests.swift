// Every acceptance example renders without a diagnostic and every `expect` entry of it holds,
// checked by the same ExpectationChecker `animo-render verify` uses; and the checker fails an
// entry that does not hold.
import Foundation
import Testing
import AnimoTestSupport
import AnimoSpec
import AnimoRender
import AnimoVerify

@Test(arguments: Repository.sceneCases.map(\.lastPathComponent))
func exampleExpectationsHold(_ name: String) throws {
    let spec = try Spec.load(path: Repository.sceneSpec(name).path)
    let renderer = try SceneRenderer(spec: spec)
    var checker = ExpectationChecker(renderer: renderer)
    for v in checker.checkAll() {
        #expect(v.passed, "\(name): \(v.text)")
    }
    #expect(renderer.diagnostics.isEmpty, "\(name): \(renderer.diagnostics)")
}

@Test func anEntryThatDoesNotHoldFails() throws {
    // A 20 pt disk centred in a 100 pt canvas: the right half of the canvas holds part of it, a
    // corner region none.
    let spec = try Spec.load(json: """
        {"canvas": {"width": 100, "height": 100, "scale": 1}, "duration": 1,
         "content": [{"circle": {"center": [50, 50], "radius": 10}, "fill": "white"}],
         "expect": [{"at": 0, "region": [0, 0, 20, 20], "notBlank": true},
                    {"at": 0, "components": 2},
                    {"at": 0, "region": [0, 0, 20, 20], "blank": true}]}
        """)
    var checker = ExpectationChecker(renderer: try SceneRenderer(spec: spec))
    let verdicts = checker.checkAll()
    #expect(verdicts.map(\.passed) == [false, false, true], "\(verdicts.map(\.text))")
    #expect(verdicts[1].text.contains("components 1 (expected = 2)"), "\(verdicts[1].text)")
}
