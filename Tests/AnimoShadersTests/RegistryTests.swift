// Registry lookup and argument validation: the errors a spec author sees instead of a black
// frame. Expected signatures are typed here by hand, not read back from the code.

import Testing
@testable import AnimoEffects
import AnimoShaders

let liquidMetalPrinted = "liquidMetal(float2 size, float time, float4 ripple0, float4 ripple1, float4 ripple2, float4 ripple3)"

/// The argument list of Goldens/scenes/liquid-metal/spec.json, typed as written there (t = 0.5).
let exampleLiquidMetalArguments: [ShaderArgument] = [
    .float2(SIMD2(240, 240)), .float(0.5),
    .float4(SIMD4(80, 100, 0.2, 1.0)), .float4(SIMD4(170, 150, 0.9, 0.8)),
    .float4(.zero), .float4(.zero),
]

@Test func exampleCallValidatesAsWritten() throws {
    let shader = try ShaderCatalogue.registry.prepare("liquidMetal", kind: .colorEffect, arguments: exampleLiquidMetalArguments)
    #expect(shader.signature.description == liquidMetalPrinted)
}

@Test func signaturePrintsAsTheSpecAuthorWritesIt() {
    #expect(LiquidMetal.signature.description == liquidMetalPrinted)
    #expect(LiquidMetal.signature.mslDeclaration ==
        "[[ stitchable ]] half4 liquidMetal(float2 position, half4 color, float2 size, float time, float4 ripple0, float4 ripple1, float4 ripple2, float4 ripple3)")
    #expect(Pixellate.signature.mslDeclaration == "[[ stitchable ]] half4 pixellate(float2 position, SwiftUI::Layer layer, float cellSize)")
    #expect(Wave.signature.mslDeclaration == "[[ stitchable ]] float2 wave(float2 position, float time, float amplitude, float wavelength, float speed)")
}

@Test(arguments: [
    ("liquidMetl", "liquidMetal"),
    ("LiquidMetal", "liquidMetal"),
    ("liquid_metal", "liquidMetal"),
    ("plasm", "plasma"),
    ("pixelate", "pixellate"),
    ("chromaticAbberation", "chromaticAberration"),
])
func unknownNameSuggestsTheClosest(_ typo: String, _ intended: String) {
    do {
        _ = try ShaderCatalogue.registry.prepare(typo, arguments: [])
        Issue.record("'\(typo)' should be unknown")
    } catch {
        guard case let .unknownShader(name, suggestions) = error else { Issue.record("\(error)"); return }
        #expect(name == typo)
        #expect(suggestions.first == intended)
        #expect(suggestions.count <= ShaderRegistry.maximumSuggestions)
        #expect(error.description.hasPrefix("unknown shader \"\(typo)\" (did you mean \"\(intended)\"?)"), "\(error)")
    }
}

@Test func wrongArgumentCountPrintsTheSignature() {
    do {
        _ = try ShaderCatalogue.registry.prepare("liquidMetal", arguments: Array(exampleLiquidMetalArguments.prefix(5)))
        Issue.record("5 arguments should fail")
    } catch {
        #expect(error == .wrongArgumentCount(signature: LiquidMetal.signature, expected: 6, supplied: 5))
        #expect(error.description == "wrong argument count for \(liquidMetalPrinted): expected 6, got 5")
    }
}

@Test func wrongArgumentTypeNamesTheIndexAndPrintsTheSignature() {
    var args = exampleLiquidMetalArguments
    args[2] = .float3(SIMD3(80, 100, 0.2))
    do {
        _ = try ShaderCatalogue.registry.prepare("liquidMetal", arguments: args)
        Issue.record("a float3 ripple should fail")
    } catch {
        #expect(error == .wrongArgumentType(signature: LiquidMetal.signature, index: 2, expected: .float4, supplied: .float3))
        #expect(error.description == "wrong type for argument 2 (ripple0) of \(liquidMetalPrinted): expected float4, got float3")
    }
}

@Test func swappedArgumentsAreATypeError() {
    var args = exampleLiquidMetalArguments
    args.swapAt(0, 1)   // (float time, float2 size): the argument-order trap
    #expect(throws: ShaderError.wrongArgumentType(signature: LiquidMetal.signature, index: 0, expected: .float2, supplied: .float)) {
        try ShaderCatalogue.registry.prepare("liquidMetal", arguments: args)
    }
}

@Test func wrongKindIsReported() {
    #expect(throws: ShaderError.wrongKind(signature: Ripple.signature, requested: .colorEffect)) {
        try ShaderCatalogue.registry.prepare("ripple", kind: .colorEffect,
                                             arguments: [.float2(.zero), .float(0), .float(1), .float(1), .float(1)])
    }
}

@Test func nonFiniteArgumentIsReported() {
    var args = exampleLiquidMetalArguments
    args[1] = .float(.nan)
    do {
        _ = try ShaderCatalogue.registry.prepare("liquidMetal", arguments: args)
        Issue.record("NaN time should fail")
    } catch {
        #expect(error == .nonFiniteArgument(signature: LiquidMetal.signature, index: 1))
        #expect(error.description.contains("argument 1 (time) of \(liquidMetalPrinted) is not finite"))
    }
}

@Test func typeCompatibilityFollowsShaderArgument() {
    // float n ↔ half n of the same width; color fills color or half4; nothing else crosses.
    #expect(ShaderArgumentType.half.accepts(.float))
    #expect(ShaderArgumentType.float2.accepts(.half2))
    #expect(!ShaderArgumentType.float2.accepts(.float3))
    #expect(ShaderArgumentType.half4.accepts(.color))
    #expect(ShaderArgumentType.color.accepts(.color))
    #expect(!ShaderArgumentType.color.accepts(.float4))
    #expect(!ShaderArgumentType.float4.accepts(.color))
    #expect(!ShaderArgumentType.image.accepts(.floatArray))
    #expect(ShaderArgumentType.floatArray.accepts(.floatArray))
}

@Test func levenshteinDistances() {
    func d(_ a: String, _ b: String) -> Int { ShaderRegistry.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars)) }
    #expect(d("kitten", "sitting") == 3)
    #expect(d("", "abc") == 3)
    #expect(d("abc", "") == 3)
    #expect(d("plasma", "plasma") == 0)
    #expect(d("flaw", "lawn") == 2)
}

// MARK: - Declarations the registry refuses

enum BadLabelKernel: ColorEffectKernel {
    static let name = "badLabel"
    static let parameters: [ShaderParameter] = [.init("1x", .float)]
    static func decode(_ a: ShaderArguments) {}
    static func color(at position: SIMD2<Float>, color: SIMD4<Float>, uniforms: Void) -> SIMD4<Float> { color }
}

enum TwoImagesKernel: ColorEffectKernel {
    static let name = "twoImages"
    static let parameters: [ShaderParameter] = [.init("a", .image), .init("b", .image)]
    static func decode(_ a: ShaderArguments) {}
    static func color(at position: SIMD2<Float>, color: SIMD4<Float>, uniforms: Void) -> SIMD4<Float> { color }
}

enum ClashingLabelKernel: ColorEffectKernel {
    static let name = "clash"
    static let parameters: [ShaderParameter] = [.init("color", .color)]
    static func decode(_ a: ShaderArguments) {}
    static func color(at position: SIMD2<Float>, color: SIMD4<Float>, uniforms: Void) -> SIMD4<Float> { color }
}

@Test func malformedDeclarationsAreRefused() {
    for kernel in [BadLabelKernel.self, TwoImagesKernel.self, ClashingLabelKernel.self] as [any ShaderKernel.Type] {
        #expect(throws: ShaderError.self) { try ShaderRegistry(kernels: [kernel]) }
    }
    #expect(throws: ShaderError.self) { try ShaderRegistry(kernels: [Plasma.self, Plasma.self]) }
}

@Test func catalogueDeclarationsAreWellFormed() throws {
    for kernel in ShaderCatalogue.kernels {
        #expect(kernel.signature.declarationProblems.isEmpty, "\(kernel.signature)")
    }
    let registry = try ShaderRegistry(kernels: ShaderCatalogue.kernels)
    #expect(registry.names.count == ShaderCatalogue.kernels.count)
    #expect(ShaderCatalogue.registry.names == registry.names)
    for required in ["liquidMetal", "holographicFoil", "plasma", "ripple", "wave", "pixellate", "chromaticAberration", "glassRefraction"] {
        #expect(registry.names.contains(required))
    }
}
