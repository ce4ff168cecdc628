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

/// The README's minimal spec is docs/examples/pop-in.json, word for word, and its expectations
/// hold (the README shows the verify output).
@Test func readmeMinimalSpecIsTheExampleAndHolds() throws {
    let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
    let example = try String(contentsOf: Repository.url("docs/examples/pop-in.json"), encoding: .utf8)
    let block = try #require(readme.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "```").first)
    #expect(block == example, "the README's json block differs from docs/examples/pop-in.json")
    var checker = ExpectationChecker(renderer: try SceneRenderer(spec: Spec.load(path: Repository.url("docs/examples/pop-in.json").path)))
    let verdicts = checker.checkAll()
    #expect(verdicts.count == 3 && verdicts.allSatisfy(\.passed), "\(verdicts.map(\.text))")
}
