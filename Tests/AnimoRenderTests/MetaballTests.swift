import AnimoTestSupport
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

/// The `metaball` component and the goo traps of docs/architecture.md, "The traps", measured from
/// rendered images.
struct MetaballTests {
    func metaball(_ blobs: [(Double, Double, Double)], blur: Double, threshold: Double = 0.5, width: Double = 200, height: Double = 120) throws -> Spec {
        let list = blobs.map { #"{"center": [\#($0.0), \#($0.1)], "radius": \#($0.2)}"# }.joined(separator: ",")
        return try Spec.load(json: """
        {"canvas": {"width": \(width), "height": \(height), "scale": 1, "background": "black"}, "duration": 1,
         "content": [{"metaball": {"blobs": [\(list)], "color": "white", "blur": \(blur), "threshold": \(threshold)}}]}
        """)
    }

    // MARK: Model

    @Test func resolvesToThresholdThenBlur() throws {
        let s = try metaball([(50, 60, 20)], blur: 8, threshold: 0.4)
        guard case .metaball(let m) = s.content[0].kind else { Issue.record("not a metaball"); return }
        guard case .canvas(let c) = m.canvasKind(path: "content[0]") else { Issue.record("not a canvas"); return }
        #expect(c.filters.map(\.name) == ["alphaThreshold", "blur"])
        if case .alphaThreshold(let lo, let hi, let color) = c.filters[0] {
            #expect(lo.constantValue == 0.4 && hi.constantValue == 1 && color.literal == .white)
        }
        if case .blur(let r, let opaque) = c.filters[1] { #expect(r.constantValue == 8 && !opaque) }
        #expect(c.content.count == 1 && c.content[0].path == "content[0].metaball.blobs[0]")
    }

    @Test func badInputIsAnErrorWithPath() {
        func first(_ member: String) -> SpecError? {
            TestSupport.errors(#"{"canvas": {"width": 100, "height": 100}, "duration": 1, "content": [{"metaball": {\#(member)}}]}"#).first
        }
        #expect(first(#""blobs": [{"center": [1, 2], "radius": -3}], "blur": 4"#)?.path == "content[0].metaball.blobs[0].radius")
        #expect(first(#""blobs": [{"center": [1, 2], "radius": 3}], "blur": -4"#)?.path == "content[0].metaball.blur")
        #expect(first(#""blobs": [{"center": [1, 2], "radius": 3}], "blur": 4, "threshold": 1.5"#)?.path == "content[0].metaball.threshold")
        #expect(first(#""blobs": [], "blur": 4"#)?.path == "content[0].metaball.blobs")
    }

    // MARK: Traps (images)

    @Test func metaballFabExpectationsHold() throws {
        let spec = try Measure.example("metaball-fab")
        let r = try SceneRenderer(spec: spec)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        // The rotation spring started by event 0 is still in its long tail when event 1 arrives,
        // so rest:0 is the instant before event 1 (ResolvedScene.restOrInterruption). Every
        // `expect` entry holds (ExampleExpectationTests).
        let rest0 = try #require(r.keyPoses().first { $0.role == "rest:0" }).time
        #expect(abs(rest0 - (2.2 - 1e-6)) < 1e-9, "rest:0 at \(rest0)")
        // Expanded and settled just before the collapse: four separate blobs; mid-expansion the
        // necks join them (measured: one region at 0.45 and 0.6 s).
        #expect(Measure.components(try r.render(at: 2.19, scale: 1), spec) == 4)
        #expect(Measure.components(try r.render(at: 0.6, scale: 1), spec) < 4)
    }

    @Test func restSpacingRuleSeparatesOrJoins() throws {
        // Two blobs r = 20, blur 10: rule distance diameter + 2·blur = 60. At 80 they are apart;
        // at 44 (a gap of 4, far inside the rule) they stay joined at rest: a teardrop.
        let apart = try metaball([(60, 60, 20), (140, 60, 20)], blur: 10)
        #expect(Measure.components(try SceneRenderer(spec: apart).render(at: 0), apart) == 2)
        let joined = try metaball([(78, 60, 20), (122, 60, 20)], blur: 10)
        let p = try SceneRenderer(spec: joined).render(at: 0)
        #expect(Measure.components(p, joined) == 1)
        // The neck is thinner than the blobs: the midpoint column is inked over fewer rows.
        func inkedRows(_ x: Int) -> Int { (0..<p.height).filter { Measure.visible(p, x, $0, background: Measure.background(joined)) }.count }
        #expect(inkedRows(100) > 0 && inkedRows(100) < inkedRows(78), "neck \(inkedRows(100)) vs blob \(inkedRows(78))")
    }

    @Test func blobAtTheBlurRadiusVanishes() throws {
        // A disk of radius r blurred with σ has centre alpha 1 − exp(−r²/2σ²) (the 2D Gaussian's
        // radial integral): r = σ gives 0.39 < 0.5 (gone), r = 0.9·30 = 27 with σ = 16 gives 0.76.
        for (r, survives) in [(16.0, false), (27.0, true), (30.0, true)] {
            let s = try metaball([(100, 60, r)], blur: 16)
            let n = Measure.visibleCount(try SceneRenderer(spec: s).render(at: 0), s)
            #expect((n > 0) == survives, "r = \(r): \(n) visible pixels")
        }
    }
}
