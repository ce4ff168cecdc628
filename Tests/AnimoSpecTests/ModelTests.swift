import AnimoTestSupport
import Foundation
import Testing
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

struct ModelTests {
    func example(_ name: String) throws -> Spec {
        let url = Repository.sceneSpec(name)
        return try Spec.load(path: url.path)
    }

    @Test func entranceStaggerResolves() throws {
        let spec = try example("entrance-stagger")
        #expect(spec.canvas.width == 320 && spec.canvas.scale == 2)
        #expect(spec.canvas.background == SpecColor(white: 0.92))
        #expect(spec.frameCount == 49)  // 1.6 s × 30 fps + the frame at t = 0
        #expect(spec.state.map(\.name) == ["appeared"])
        #expect(spec.slots.map(\.name) == ["t", "appeared", "i"])
        guard case .repeat(let r) = spec.content[0].kind else { Issue.record("not a repeat"); return }
        #expect(r.count == 5 && r.variable == "i" && r.slot == 2)
        let row = r.content[0]
        #expect(row.modifiers.map(\.name) == ["opacity", "offset", "scaleEffect", "animation"])
        guard case .animation(let a) = row.modifiers[3], case .spring(.response(let resp, let damp, _)) = a.animation?.base else {
            Issue.record("animation modifier not decoded"); return
        }
        #expect(resp?.constantValue == 0.5 && damp?.constantValue == 0.82)
        #expect(a.values == [StateReference(name: "appeared", slot: 1)])
        // delay = 0.10 + i * 0.07 evaluated for i = 4.
        var frame = spec.initialFrame()
        frame[2] = 4
        #expect(abs((a.animation?.delay?.value(frame) ?? -1) - 0.38) < 1e-12)
        guard case .scaleEffect(_, _, let anchor) = row.modifiers[2] else { Issue.record("scaleEffect"); return }
        #expect(anchor == UnitPoint(x: 0.5, y: 0))
    }

    @Test func metaballFabCanvasAndSymbol() throws {
        let spec = try example("metaball-fab")
        guard case .symbol = spec.content[1].kind else { Issue.record("content[1] is not a symbol"); return }
        #expect(spec.content[1].path == "content[1]")
        guard case .canvas(let c) = spec.content[0].kind else { Issue.record("not a canvas"); return }
        #expect(c.animatable.map(\.name) == ["progress"])
        #expect(c.filters.map(\.name) == ["alphaThreshold", "blur"])
    }

    @Test func liquidMetalShaderArguments() throws {
        let spec = try example("liquid-metal")
        guard case .colorEffect(let e) = spec.content[0].modifiers[0] else { Issue.record("colorEffect"); return }
        #expect(e.shader == "liquidMetal")
        #expect(e.arguments.map(\.typeName) == ["float2", "float", "float4", "float4", "float4", "float4"])
    }

    @Test func phaseBounceVariables() throws {
        let spec = try example("phase-bounce")
        guard case .phaseAnimator(let p) = spec.content[0].kind else { Issue.record("phaseAnimator"); return }
        #expect(p.variables.map(\.name) == ["y", "sx", "sy"])
        #expect(p.phases.map(\.values) == [[0, 1, 1], [5, 1.2, 0.8], [0, 1, 1], [-40, 1, 1]])
        #expect(p.phases.map(\.name) == ["drop", "squish", "expand", "rise"])
    }

    @Test func namedAndHexColors() {
        #expect(SpecColor.hex("#FF000080") == SpecColor(red: 1, green: 0, blue: 0, opacity: 128.0 / 255))
        #expect(SpecColor.hex("#12345") == nil)
        #expect(SpecColor.named["blue"] == SpecColor(red: 0, green: 122.0 / 255, blue: 1))
    }

    /// A 1,000-node spec loads whole (its load time is a figure of `animo-bench scene`).
    @Test func thousandNodeSpecLoads() throws {
        var nodes: [String] = []
        for k in 0..<1000 {
            nodes.append("{\"circle\": {\"center\": [\"=\(k % 50) * 4 + sin(t)\", \(k / 50 * 4)], \"radius\": 2}, \"fill\": \"white\", \"modifiers\": [{\"opacity\": \"=on ? 1 : 0\"}, {\"animation\": {\"spring\": {\"duration\": 0.4, \"bounce\": 0.2}, \"value\": \"on\"}}]}")
        }
        let spec = try Spec.load(json: TestSupport.spec(content: "[" + nodes.joined(separator: ",\n") + "]"))
        #expect(spec.content.count == 1000)
    }
}
