// SceneBenchmarks: the generated 1,000-node spec loads, parallel rendering gives the same frames as
// serial rendering, and (only when ANIMO_SCENE_BENCH=1) the full benchmark prints its figures.
import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoSpec
@testable import AnimoScene

@Suite struct SceneBenchmarkTests {
    @Test func largeSpecHasTheRequestedNodeCount() throws {
        let spec = try Spec.load(json: SceneBenchmarks.largeSpec(nodes: 1_000))
        #expect(spec.content.count == 1_000)
        // Every node carries its 4 modifiers, the last an animation watching "on".
        #expect(spec.content.allSatisfy { $0.modifiers.count == 4 && $0.modifiers.last?.name == "animation" })
    }

    /// Frames rendered by 2 workers equal frames rendered by 1 (checksums per frame index), and
    /// frames that differ in content get different checksums (the comparison can fail).
    @Test func parallelRenderMatchesSerial() throws {
        let json = TestSupport.spec(content: """
            [{"circle": {"center": ["=20 + 60 * t", 50], "radius": 10}, "fill": "red"}]
            """)
        let renderer = try SceneRenderer(spec: Spec.load(json: json))
        let times = [0, 0.25, 0.5, 0.75, 1.0]
        let one = SceneBenchmarks.renderAll(renderer, times: times, scale: 0.5, threads: 1)
        let two = SceneBenchmarks.renderAll(renderer, times: times, scale: 0.5, threads: 2)
        #expect(one.failure == nil && two.failure == nil)
        #expect(one.sums == two.sums)
        #expect(Set(one.sums).count == times.count, "the circle moves, so every frame differs")
    }

    @Test func reportWithoutRenderPathSaysSkipped() {
        let lines = SceneBenchmarks.run(entranceStaggerPath: nil)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("load + validate, 1000 nodes"))
        #expect(lines[1].contains("skipped"))
    }

    /// The full benchmark; run with `ANIMO_SCENE_BENCH=1 swift test -c release … --filter SceneBenchmarkTests`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ANIMO_SCENE_BENCH"] == "1"))
    func printFigures() throws {
        let path = Repository.sceneSpec("entrance-stagger").path
        let lines = SceneBenchmarks.run(entranceStaggerPath: path)
        for line in lines { print(line) }
        #expect(lines.count >= 4)
    }
}
