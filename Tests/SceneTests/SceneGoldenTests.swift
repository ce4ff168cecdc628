// Scene goldens: every folder under Goldens/scenes/ holds a spec.json (copied from the acceptance
// examples) and its reviewed key frames: the key poses (first, start-N, mid-N, rest-N, last) and,
// if listed in times.json, extra instants. Each is rendered and compared on decoded pixels.
// Record with `scripts/record-goldens missing SceneGolden` and review the PNGs before committing.
import Foundation
import Testing
import Scene
import Check

private let scenesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Goldens/scenes")

private var sceneCases: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: scenesFolder.path)) ?? [])
        .filter { FileManager.default.fileExists(atPath: scenesFolder.appendingPathComponent("\($0)/spec.json").path) }
        .sorted()
}

@Test func sceneGoldensExist() {
    #expect(sceneCases.count >= 3, "expected the example cases under \(scenesFolder.path)")
}

@Test(arguments: sceneCases)
func sceneGolden(_ name: String) throws {
    let folder = scenesFolder.appendingPathComponent(name)
    let spec = try Spec.load(path: folder.appendingPathComponent("spec.json").path)
    let renderer = try SceneRenderer(spec: spec)
    let store = GoldenStore(folder: folder)
    var instants = renderer.keyPoses().map { ($0.role.replacingOccurrences(of: ":", with: "-"), $0.time) }
    let timesFile = folder.appendingPathComponent("times.json")
    if let data = try? Data(contentsOf: timesFile), let times = try? JSONDecoder().decode([Double].self, from: data) {
        instants += times.map { (String(format: "t-%.3f", $0), $0) }
    }
    for (label, t) in instants {
        let outcome = try store.check(try renderer.render(at: t), name: label)
        #expect(outcome.passed, "\(name)/\(label) at \(t) s: \(outcome)")
    }
}
