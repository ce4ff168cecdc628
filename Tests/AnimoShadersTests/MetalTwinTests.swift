// Every catalogue kernel has a `.metal` twin whose `[[ stitchable ]]` header agrees with the
// Swift declaration (name, kind, argument types, order and labels), and every stitchable
// function in the twins is registered. The checker itself is shown to fail on broken snippets.

import Foundation
import Testing
@testable import AnimoEffects
import AnimoShaders

/// Shaders/Metal, found from this file's path (not the working directory).
let metalFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Shaders/Metal")

/// All stitchable functions of all twins, with the file each came from.
func allTwinFunctions() throws -> [(file: String, function: StitchableFunction)] {
    let files = try FileManager.default.contentsOfDirectory(atPath: metalFolder.path)
        .filter { $0.hasSuffix(".metal") }.sorted()
    var out: [(String, StitchableFunction)] = []
    for f in files {
        let source = try String(contentsOf: metalFolder.appendingPathComponent(f), encoding: .utf8)
        for fn in try StitchableParser.parse(source) { out.append((f, fn)) }
    }
    return out
}

@Test func twinFolderHoldsMetalSources() throws {
    let twins = try allTwinFunctions()
    #expect(twins.count >= ShaderCatalogue.kernels.count)
}

@Test(arguments: ShaderCatalogue.registry.signatures)
func kernelMatchesItsMetalTwin(_ declared: ShaderSignature) throws {
    let twins = try allTwinFunctions().filter { $0.function.name == declared.name }
    #expect(twins.count == 1, "expected exactly one [[ stitchable ]] \(declared.name) in Shaders/Metal (on a device a missing one renders black), found \(twins.count)")
    guard let twin = twins.first else { return }
    let metal = try StitchableParser.signature(of: twin.function)
    let problems = StitchableParser.mismatches(declared: declared, metal: metal)
    #expect(problems.isEmpty, "\(twin.file):\(twin.function.line) \(declared.mslDeclaration): \(problems.joined(separator: "; "))")
}

@Test func everyTwinFunctionIsRegistered() throws {
    let registered = Set(ShaderCatalogue.registry.names)
    for (file, fn) in try allTwinFunctions() {
        #expect(registered.contains(fn.name), "\(file):\(fn.line) [[ stitchable ]] \(fn.name) has no Swift kernel")
    }
}

@Test func twinsIncludeTheSwiftUIHeaderAndMetalStdlib() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: metalFolder.path).filter { $0.hasSuffix(".metal") }
    for f in files {
        let source = try String(contentsOf: metalFolder.appendingPathComponent(f), encoding: .utf8)
        #expect(source.contains("#include <metal_stdlib>"), "\(f)")
        #expect(source.contains("#include <SwiftUI/SwiftUI_Metal.h>"), "\(f)")
        #expect(source.contains("using namespace metal;"), "\(f)")
    }
}

// MARK: - The parser and checker on hand-written snippets

@Test func parserReadsAllParameterForms() throws {
    let source = """
    #include <metal_stdlib>
    // [[ stitchable ]] half4 commentedOut(float2 position, half4 color)
    /* [[ stitchable ]] float2 alsoCommented(float2 p) */
    [[ stitchable ]] half4 every(float2 position, half4 color, float a, float2 b, float3 c,
        float4 d, half e, half2 f, half3 g, half4 tint, texture2d<half> image,
        device const float *values, int valuesCount) { return color; }
    [[stitchable]]
    float2 bend(float2 p, float t) { return p; }
    """
    let fns = try StitchableParser.parse(source)
    #expect(fns.map(\.name) == ["every", "bend"])
    #expect(fns[0].line == 4)
    #expect(fns[1].line == 7)
    let every = try StitchableParser.signature(of: fns[0])
    #expect(every.kind == .colorEffect)
    #expect(every.parameters.map(\.type) == [.float, .float2, .float3, .float4, .half, .half2, .half3, .half4, .image, .floatArray])
    #expect(every.parameters.map(\.label) == ["a", "b", "c", "d", "e", "f", "g", "tint", "image", "values"])
    let bend = try StitchableParser.signature(of: fns[1])
    #expect(bend.kind == .distortionEffect)
    #expect(bend.parameters == [ShaderParameter("t", .float)])
}

@Test func layerKindIsReadFromTheSwiftUILayerParameter() throws {
    let fns = try StitchableParser.parse("[[ stitchable ]] half4 lens(float2 position, SwiftUI::Layer layer, float k) { }")
    let sig = try StitchableParser.signature(of: fns[0])
    #expect(sig.kind == .layerEffect)
    #expect(sig.parameters == [ShaderParameter("k", .float)])
}

/// Broken twins of liquidMetal that the checker must reject, each with the problem expected.
@Test(arguments: [
    ("[[ stitchable ]] half4 liquidMetall(float2 position, half4 color, float2 size, float time, float4 ripple0, float4 ripple1, float4 ripple2, float4 ripple3) {}", "name"),
    ("[[ stitchable ]] half4 liquidMetal(float2 position, half4 color, float time, float2 size, float4 ripple0, float4 ripple1, float4 ripple2, float4 ripple3) {}", "argument 0"),
    ("[[ stitchable ]] half4 liquidMetal(float2 position, half4 color, float2 size, float time, float4 ripple1, float4 ripple0, float4 ripple2, float4 ripple3) {}", "order?"),
    ("[[ stitchable ]] half4 liquidMetal(float2 position, half4 color, float2 size, float time, float4 ripple0) {}", "argument count"),
    ("[[ stitchable ]] half4 liquidMetal(float2 position, SwiftUI::Layer layer, float2 size, float time, float4 ripple0, float4 ripple1, float4 ripple2, float4 ripple3) {}", "kind"),
])
func checkerRejectsBrokenTwin(_ snippet: String, _ expectedProblem: String) throws {
    let fn = try #require(try StitchableParser.parse(snippet).first)
    let metal = try StitchableParser.signature(of: fn)
    let problems = StitchableParser.mismatches(declared: LiquidMetal.signature, metal: metal)
    #expect(!problems.isEmpty)
    #expect(problems.contains { $0.contains(expectedProblem) }, "\(problems)")
}

@Test(arguments: [
    "[[ stitchable ]] half4 f(half4 color, float2 position) {}",           // position not first
    "[[ stitchable ]] float4 f(float2 position, half4 color) {}",          // not a SwiftUI return type
    "[[ stitchable ]] half4 f(float2 position, float t) {}",               // neither color nor layer
    "[[ stitchable ]] half4 f(float2 position, half4 color, device const float *v) {}",  // pointer without count
    "[[ stitchable ]] half4 f(float2 position, half4 color, double t) {}", // no such argument type
])
func nonSwiftUIHeadersAreRejected(_ snippet: String) throws {
    let fn = try #require(try StitchableParser.parse(snippet).first)
    #expect(throws: StitchableParseError.self) { try StitchableParser.signature(of: fn) }
}
