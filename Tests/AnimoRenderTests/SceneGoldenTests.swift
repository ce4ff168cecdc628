// Scene goldens: every folder under Goldens/scenes/ holds a spec.json (copied from the acceptance
// examples) and its reviewed key frames: the key poses (first, start-N, mid-N, rest-N, last) and,
// if listed in times.json, extra instants. Each is rendered and compared on decoded pixels.
// Record with `scripts/record-goldens missing SceneGolden` and review the PNGs before committing.
import Foundation
import Testing
import AnimoSpec
import AnimoScene
@testable import AnimoRender
import AnimoCheck
import AnimoRaster
import AnimoGeometry

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

// Shader goldens: every folder under Goldens/shaders/ holds a small spec applying one catalogue
// kernel over a shape or pattern, and times.json with the instants to compare (two per kernel).
private let shadersFolder = scenesFolder.deletingLastPathComponent().appendingPathComponent("shaders")

private var shaderCases: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: shadersFolder.path)) ?? [])
        .filter { FileManager.default.fileExists(atPath: shadersFolder.appendingPathComponent("\($0)/spec.json").path) }
        .sorted()
}

@Test func shaderGoldensCoverTheCatalogue() {
    let names = Set(shaderCases)
    for kernel in ["identityColor", "liquidMetal", "liquidMetalTinted", "holographicFoil", "plasma", "ripple", "wave",
                   "pixellate", "chromaticAberration", "glassRefraction"] {
        #expect(names.contains(kernel), "no golden case for \(kernel) under \(shadersFolder.path)")
    }
}

@Test(arguments: shaderCases)
func shaderGolden(_ name: String) throws {
    let folder = shadersFolder.appendingPathComponent(name)
    let spec = try Spec.load(path: folder.appendingPathComponent("spec.json").path)
    let renderer = try SceneRenderer(spec: spec)
    let store = GoldenStore(folder: folder)
    let data = try Data(contentsOf: folder.appendingPathComponent("times.json"))
    let times = try JSONDecoder().decode([Double].self, from: data)
    #expect(times.count == 2)
    var frames: [Pixmap] = []
    for t in times {
        let image = try renderer.render(at: t, threads: 2)
        frames.append(image)
        let outcome = try store.check(image, name: String(format: "t-%.3f", t))
        #expect(outcome.passed, "\(name) at \(t) s: \(outcome)")
    }
    #expect(!renderer.diagnostics.contains { $0.feature.hasPrefix("shader:") }, "\(renderer.diagnostics)")
    // Every kernel with a time-driven argument changes between the two instants.
    if name != "identityColor", frames.count == 2 {
        #expect(frames[0] != frames[1], "\(name): the two instants render the same pixels")
    }
}
