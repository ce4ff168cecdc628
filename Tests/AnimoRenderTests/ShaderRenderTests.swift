// Shader modifiers through the render path: liquid-metal renders and moves, load-time errors
// name the JSON path and print the kernel's signature, the black-shader trap warns, image
// arguments stay inside the spec's folder, positions are view-local (docs/semantics.md §75).
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

@Suite struct ShaderRenderTests {
    static func spec(_ modifiers: String, fill: String = "\"black\"", frame: String = "[0, 0, 60, 60]") -> String {
        """
        {"canvas": {"width": 60, "height": 60, "scale": 1}, "duration": 1,
         "content": [{"rectangle": {"frame": \(frame)}, "fill": \(fill), "modifiers": [\(modifiers)]}]}
        """
    }

    static func resolveErrors(_ json: String) throws -> [SpecError] {
        let s = try Spec.load(json: json)
        do {
            _ = try SceneRenderer(spec: s)
            return []
        } catch {
            return error.errors
        }
    }

    @Test func liquidMetalRendersAndMoves() throws {
        let spec = try Measure.example("liquid-metal")
        let r = try SceneRenderer(spec: spec)
        let a = try r.render(at: 0.5, scale: 1), b = try r.render(at: 1.0, scale: 1)
        // Not black: most pixels are clearly lit (the chrome's darkest tone is ≈ 0.1).
        let lit = a.pixels.filter { max($0.x, max($0.y, $0.z)) > 0.2 }.count
        #expect(Double(lit) / Double(a.pixels.count) > 0.5)
        var changed = 0
        for (p, q) in zip(a.pixels, b.pixels) where maxDiff(p, q) > 0.02 { changed += 1 }
        #expect(Double(changed) / Double(a.pixels.count) > 0.3, "the field moves with the clock")
        #expect(!r.diagnostics.contains { $0.feature.hasPrefix("shader:") }, "\(r.diagnostics)")
    }

    @Test func unknownShaderNameSuggestsTheClosest() throws {
        let errors = try Self.resolveErrors(Self.spec("{\"colorEffect\": {\"shader\": \"liquidMetl\", \"arguments\": []}}"))
        let e = try #require(errors.first)
        #expect(e.path == "content[0].modifiers[0].colorEffect.shader")
        #expect(e.message.hasPrefix(#"unknown shader "liquidMetl" (did you mean "liquidMetal"?)"#), "\(e.message)")
    }

    @Test func wrongArgumentCountPrintsTheSignature() throws {
        let errors = try Self.resolveErrors(Self.spec("{\"colorEffect\": {\"shader\": \"liquidMetal\", \"arguments\": [{\"float2\": [60, 60]}, {\"float\": 0}]}}"))
        let e = try #require(errors.first)
        #expect(e.path == "content[0].modifiers[0].colorEffect.arguments")
        #expect(e.message.contains("liquidMetal(float2 size, float time, float4 ripple0, float4 ripple1, float4 ripple2, float4 ripple3)"), "\(e.message)")
        #expect(e.message.contains("expected 6, got 2"))
    }

    @Test func wrongArgumentTypeNamesTheArgument() throws {
        let errors = try Self.resolveErrors(Self.spec("{\"colorEffect\": {\"shader\": \"plasma\", \"arguments\": [{\"float\": 60}, {\"float\": \"=t\"}]}}"))
        let e = try #require(errors.first)
        #expect(e.path == "content[0].modifiers[0].colorEffect.arguments[0]")
        #expect(e.message.contains("plasma(float2 size, float time)"), "\(e.message)")
        #expect(e.message.contains("expected float2, got float"))
    }

    @Test func wrongKindIsAnError() throws {
        let errors = try Self.resolveErrors(Self.spec("{\"colorEffect\": {\"shader\": \"ripple\", \"arguments\": []}}"))
        #expect(errors.first?.path == "content[0].modifiers[0].colorEffect.shader")
        #expect(errors.first?.message.contains("distortionEffect") == true)
    }

    /// identityColor over a black rectangle returns black everywhere: the trap warns. liquidMetal
    /// over the same rectangle does not.
    @Test func blackShaderWarning() throws {
        let black = try SceneRenderer(spec: try Spec.load(json: Self.spec("{\"colorEffect\": {\"shader\": \"identityColor\"}}")))
        #expect(black.diagnostics.isEmpty)
        _ = try black.render(at: 0)
        let w = try #require(black.diagnostics.first { $0.feature == "shader:identityColor" })
        #expect(w.path == "content[0].modifiers[0].colorEffect")
        #expect(w.message.contains("black or transparent"))

        let metal = try SceneRenderer(spec: try Spec.load(json: Self.spec("""
        {"colorEffect": {"shader": "liquidMetal", "arguments": [{"float2": [60, 60]}, {"float": "=t"}, {"float4": [0, 0, 0, 0]}, {"float4": [0, 0, 0, 0]}, {"float4": [0, 0, 0, 0]}, {"float4": [0, 0, 0, 0]}]}}
        """)))
        _ = try metal.render(at: 0.3)
        #expect(metal.diagnostics.isEmpty, "\(metal.diagnostics)")
    }

    /// Positions are in the view's local space: origin at the layout frame's origin. The wave
    /// with amplitude 0 is the identity; a colour effect that depends on position (plasma) gives
    /// the same pixels for the same local position whatever the frame's place on the canvas.
    @Test func positionsAreViewLocal() throws {
        let args = "[{\"float2\": [20, 20]}, {\"float\": 0.4}]"
        let a = try SceneRenderer(spec: try Spec.load(json: Self.spec("{\"colorEffect\": {\"shader\": \"plasma\", \"arguments\": \(args)}}", fill: "\"white\"", frame: "[0, 0, 20, 20]"))).render(at: 0)
        let b = try SceneRenderer(spec: try Spec.load(json: Self.spec("{\"colorEffect\": {\"shader\": \"plasma\", \"arguments\": \(args)}}", fill: "\"white\"", frame: "[30, 10, 20, 20]"))).render(at: 0)
        for (x, y) in [(2, 3), (10, 10), (17, 5)] {
            let p = a.pixels[y * 60 + x], q = b.pixels[(y + 10) * 60 + x + 30]
            #expect(maxDiff(p, q) < 1e-5, "(\(x), \(y)): \(p) vs \(q)")
        }
    }

    /// A distortion samples the content with maxSampleOffset padding: wave moves the edge of a
    /// rectangle by up to the amplitude.
    @Test func distortionMovesContent() throws {
        let spec = """
        {"canvas": {"width": 60, "height": 60, "scale": 1}, "duration": 1,
         "content": [{"rectangle": {"frame": [0, 20, 60, 20]}, "fill": "white",
           "modifiers": [{"distortionEffect": {"shader": "wave", "arguments": [{"float": 0}, {"float": 6}, {"float": 60}, {"float": 0}], "maxSampleOffset": [0, 6]}}]}]}
        """
        let p = try SceneRenderer(spec: try Spec.load(json: spec)).render(at: 0)
        // source y = y + 6 sin(2π x / 60): at x = 15 (sin = 1) the band shows rows 14…34.
        #expect(p.pixels[16 * 60 + 15].w > 0.9)
        #expect(p.pixels[37 * 60 + 15].w < 0.1)
        // At x = 45 (sin = −1) the band shows rows 26…46.
        #expect(p.pixels[43 * 60 + 45].w > 0.9)
        #expect(p.pixels[22 * 60 + 45].w < 0.1)
    }

    @Test func imageArgumentsStayInTheSpecFolder() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("animo-shader-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("spec")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: root) }
        let png = try Pixmap(width: 2, height: 2, fill: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1))
        try PNG.write(png, to: root.appendingPathComponent("outside.png"))
        try PNG.write(png, to: folder.appendingPathComponent("inside.png"))
        func errors(_ file: String) throws -> [SpecError] {
            let url = folder.appendingPathComponent("spec.json")
            try Self.spec("{\"layerEffect\": {\"shader\": \"pixellate\", \"arguments\": [{\"image\": \"\(file)\"}]}}").write(to: url, atomically: true, encoding: .utf8)
            do {
                _ = try SceneRenderer(spec: try Spec.load(path: url.path))
                return []
            } catch {
                return error.errors
            }
        }
        for escape in ["../outside.png", root.appendingPathComponent("outside.png").path, "sub/../../outside.png"] {
            let e = try #require(try errors(escape).first { $0.path.hasSuffix(".image") }, "\(escape)")
            #expect(e.path == "content[0].modifiers[0].layerEffect.arguments[0].image")
            #expect(e.message.contains("outside the spec's folder"), "\(e.message)")
        }
        // Inside the folder the file is accepted, and the kernel's type check speaks next.
        let inside = try #require(try errors("inside.png").first)
        #expect(inside.path == "content[0].modifiers[0].layerEffect.arguments[0]")
        #expect(inside.message.contains("pixellate(float cellSize)"))
        let missing = try #require(try errors("nope.png").first { $0.path.hasSuffix(".image") })
        #expect(missing.message.contains("cannot read"))
    }
}
