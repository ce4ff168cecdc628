// Errors found after decoding (by the scene's resolver and the renderer's shader binding) name
// the JSON path as the file spells it and its real line and column, and are reported together.
import Foundation
import Testing
import AnimoRaster
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

@Suite struct ErrorPositionTests {
    /// The errors of resolving and binding `json` (loaded from text, so with positions).
    static func errors(_ json: String) throws -> [SpecError] {
        let spec = try Spec.load(json: json)
        do {
            _ = try SceneRenderer(spec: spec)
            return []
        } catch {
            return error.errors
        }
    }

    /// The 1-based line and column where `marker` first occurs in `text`.
    static func place(of marker: String, in text: String) -> (Int, Int)? {
        guard let r = text.range(of: marker) else { return nil }
        let before = text[..<r.lowerBound]
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (before.filter { $0 == "\n" }.count + 1, text[lineStart..<r.lowerBound].unicodeScalars.count + 1)
    }

    static let head = #""canvas": {"width": 60, "height": 60, "scale": 1}, "duration": 1"#

    /// (what, spec, expected JSON path, the text where the error must be placed, a phrase of the message).
    static let cases: [(String, String, String, String, String)] = [
        ("bad path data", """
         {\(head),
          "content": [{"path": {"d": "M 0 0 L 10"}}]}
         """, "content[0].path.d", #""M 0 0 L 10""#, "bad SVG path data"),
        ("keyframes not ending at 1", """
         {\(head), "state": {"on": false},
          "events": [{"at": 0.1, "set": {"on": true},
                      "animation": {"keyframes": [{"linear": {"to": 0.5, "duration": 0.2}}]}}],
          "content": [{"rectangle": {}, "modifiers": [{"opacity": "=on ? 1 : 0"}]}]}
         """, "events[0].animation.keyframes", #"[{"linear""#, "must reach 1"),
        ("an animation modifier's spring parameter", """
         {\(head), "state": {"on": false, "r": 1},
          "events": [{"at": 0.1, "set": {"on": true}}],
          "content": [{"rectangle": {}, "modifiers": [{"opacity": "=on ? 1 : 0"},
            {"animation": {"spring": {"response": "=r - 2"}, "value": "on"}}]}]}
         """, "content[0].modifiers[1].animation.spring.response", #""=r - 2""#, "response must be > 0"),
        ("a keyframeAnimator keyframe", """
         {\(head), "state": {"d": 1},
          "content": [{"keyframeAnimator": {"initial": {"y": 0},
            "tracks": {"y": [{"linear": {"to": 10, "duration": 0.2}}, {"linear": {"to": 0, "duration": "=d - 2"}}]},
            "content": [{"rectangle": {}, "modifiers": [{"offset": [0, "=y"]}]}]}}]}
         """, "content[0].keyframeAnimator.tracks.y[1].linear.duration", #""=d - 2""#, "duration must be >= 0"),
        ("a custom transition's clip", """
         {\(head), "state": {"on": false},
          "events": [{"at": 0.1, "set": {"on": true}}],
          "content": [{"if": {"condition": "=on",
            "transition": {"custom": {"active": [{"clipShape": {"path": {"d": "M 0 0 Q"}}}], "identity": []}},
            "content": [{"rectangle": {}}]}}]}
         """, "content[0].if.transition.custom.active[0].clipShape.path.d", #""M 0 0 Q""#, "bad SVG path data"),
        ("an unknown shader", """
         {\(head),
          "content": [{"rectangle": {}, "modifiers": [{"colorEffect": {"shader": "liquidMetl", "arguments": []}}]}]}
         """, "content[0].modifiers[0].colorEffect.shader", #""liquidMetl""#, #"unknown shader "liquidMetl" (did you mean "liquidMetal"?)"#),
        ("a shader of another kind", """
         {\(head),
          "content": [{"rectangle": {}, "modifiers": [{"colorEffect": {"shader": "ripple", "arguments": []}}]}]}
         """, "content[0].modifiers[0].colorEffect.shader", #""ripple""#, "is a distortionEffect"),
        ("a shader argument's type", """
         {\(head),
          "content": [{"rectangle": {}, "modifiers": [{"colorEffect": {"shader": "plasma", "arguments": [{"float": 60}, {"float": 0}]}}]}]}
         """, "content[0].modifiers[0].colorEffect.arguments[0]", #"{"float": 60}"#, "wrong type for argument 0"),
        ("a missing image", """
         {\(head),
          "content": [{"rectangle": {}, "modifiers": [{"layerEffect": {"shader": "pixellate", "arguments": [{"image": "nope.png"}]}}]}]}
         """, "content[0].modifiers[0].layerEffect.arguments[0].image", #""nope.png""#, "cannot read the PNG image"),
    ]

    @Test(arguments: cases.map(\.0))
    func anErrorFoundAfterDecodingHasItsPathAndPosition(_ what: String) throws {
        let c = try #require(Self.cases.first { $0.0 == what })
        var spec = try Spec.load(json: c.1)
        spec.baseDirectory = temporaryFolder().path
        let errors: [SpecError]
        do {
            _ = try SceneRenderer(spec: spec)
            errors = []
        } catch {
            errors = error.errors
        }
        // No kernel of the catalogue takes an image: a bad image also gets the kernel's type error.
        let e = try #require(errors.first { $0.path == c.2 }, "\(what): \(errors)")
        #expect(errors.count == (what == "a missing image" ? 2 : 1), "\(errors)")
        #expect(e.path == c.2, "\(what): \(e)")
        let expected = try #require(Self.place(of: c.3, in: c.1))
        #expect(e.line == expected.0 && e.column == expected.1, "\(what): \(e) (expected \(expected.0):\(expected.1))")
        #expect(e.file == "spec.json")
        #expect(e.message.contains(c.4), "\(what): \(e.message)")
        #expect(!e.description.contains(":0:0"))
    }

    @Test func theSceneAndTheShadersAreReportedTogetherInSourceOrder() throws {
        let json = """
            {\(Self.head),
             "content": [{"rectangle": {}, "modifiers": [{"colorEffect": {"shader": "liquidMetl", "arguments": []}}]},
                         {"path": {"d": "M 0 0 L 10"}}]}
            """
        let errors = try Self.errors(json)
        #expect(errors.map(\.path) == ["content[0].modifiers[0].colorEffect.shader", "content[1].path.d"], "\(errors)")
    }

    @Test func aLongShaderNameIsCut() throws {
        let name = String(repeating: "s", count: 100_000)
        let errors = try Self.errors("""
            {\(Self.head), "content": [{"rectangle": {}, "modifiers": [{"colorEffect": {"shader": "\(name)", "arguments": []}}]}]}
            """)
        let text = SpecErrors(errors).description
        #expect(text.count < 400, "\(text.prefix(400))")
        #expect(text.contains("(100000 characters)"), "\(text.prefix(400))")
    }
}

private func temporaryFolder() -> URL {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent("animo-positions-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
}
