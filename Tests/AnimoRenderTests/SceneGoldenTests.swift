// Scene goldens: every folder under Goldens/scenes/ holds a spec.json (an acceptance example) and
// its reviewed key frames: the key poses (first, start-N, mid-N, rest-N, last) with their times in
// poses.json and, if listed in times.json, extra instants, compared under the case's
// tolerance.json by AnimoVerify's GoldenCase, the runner `animo-render goldens` uses. Record with
// `scripts/record-goldens missing Golden` and review the PNGs before committing.
import Foundation
import Testing
import AnimoSpec
import AnimoScene
@testable import AnimoRender
import AnimoCheck
import AnimoRaster
import AnimoGeometry
import AnimoVerify
import AnimoTestSupport

private let scenesFolder = Repository.url("Goldens/scenes")

private var sceneCases: [String] {
    ((try? GoldenCase.cases(in: scenesFolder)) ?? []).map(\.name)
}

@Test func sceneGoldensExist() {
    #expect(sceneCases.count >= 8, "expected the example cases under \(scenesFolder.path)")
}

/// The same runner as `animo-render goldens`: key poses and times.json, under tolerance.json.
@Test(arguments: sceneCases)
func sceneGolden(_ name: String) throws {
    let result = GoldenCase(folder: scenesFolder.appendingPathComponent(name)).check(mode: .fromEnvironment)
    let failed = result.failed
    #expect(!failed, "\(name): \(result.line)\n\(result.details.joined(separator: "\n"))")
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

/// The same runner, with the two instants of times.json only (threads: 2, the pixels are the same
/// for any count).
@Test(arguments: shaderCases)
func shaderGolden(_ name: String) throws {
    let folder = shadersFolder.appendingPathComponent(name)
    let golden = GoldenCase(folder: folder)
    let result = golden.check(mode: .fromEnvironment, keyPoses: false, threads: 2)
    let failed = result.failed
    #expect(!failed, "\(name): \(result.line)\n\(result.details.joined(separator: "\n"))")
    let renderer = try SceneRenderer(spec: Spec.load(path: folder.appendingPathComponent("spec.json").path))
    let times = try golden.instants(renderer: renderer, keyPoses: false).map(\.time)
    #expect(times.count == 2)
    let frames = try times.map { try renderer.render(at: $0) }
    #expect(!renderer.diagnostics.contains { $0.feature.hasPrefix("shader:") }, "\(renderer.diagnostics)")
    // Every kernel with a time-driven argument changes between the two instants.
    if name != "identityColor", frames.count == 2 {
        #expect(frames[0] != frames[1], "\(name): the two instants render the same pixels")
    }
}
