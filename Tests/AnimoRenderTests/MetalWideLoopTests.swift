// Each compiled row loop exists twice on x86-64 (MetalDriver): for the baseline processor and for
// x86-64-v3, chosen per row by what the processor has. Both must write the same bytes, or a
// render would depend on the machine: every catalogue twin and every example user shader, run
// both ways over the same buffer with the same arguments, gives identical floats.
import Foundation
import Testing
import AnimoEffects
import AnimoTestSupport
@testable import AnimoMetal

private let hasCompiler = MetalToolchain.current.compiler != nil

/// Every `.metal` file of the catalogue's twins and of the example user shaders.
private var metalFiles: [URL] {
    let fm = FileManager.default
    var out: [URL] = []
    let twins = Repository.url("Shaders/Metal")
    for f in ((try? fm.contentsOfDirectory(atPath: twins.path)) ?? []).sorted() where f.hasSuffix(".metal") {
        out.append(twins.appendingPathComponent(f))
    }
    let examples = Repository.url("Goldens/metal")
    for c in ((try? fm.contentsOfDirectory(atPath: examples.path)) ?? []).sorted() {
        let shaders = examples.appendingPathComponent(c).appendingPathComponent("Shaders")
        for f in ((try? fm.contentsOfDirectory(atPath: shaders.path)) ?? []).sorted() where f.hasSuffix(".metal") {
            out.append(shaders.appendingPathComponent(f))
        }
    }
    return out
}

/// An argument of `type` that keeps a shader in its ordinary range over a 40-point view: sizes
/// of the view, a time, ripple-like slots (x, y, start, amplitude), a warm colour.
private func argument(_ type: ShaderArgumentType, _ index: Int) -> ShaderArgument? {
    switch type {
    case .float: return .float(0.7 + 1.5 * Float(index))
    case .half: return .half(0.7 + 1.5 * Float(index))
    case .float2: return .float2(SIMD2(40, 36))
    case .half2: return .half2(SIMD2(40, 36))
    case .float3: return .float3(SIMD3(0.3, 0.5, 0.7))
    case .half3: return .half3(SIMD3(0.3, 0.5, 0.7))
    case .float4: return .float4(SIMD4(12 + Float(index), 20, 0.2, 0.9))
    case .half4: return .half4(SIMD4(12 + Float(index), 20, 0.2, 0.9))
    case .color: return .color(SIMD4(0.3, 0.18, 0.04, 1))
    case .floatArray: return .floatArray([1, 2.5, 4])
    case .image: return nil
    }
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func baselineAndWideLoopsWriteTheSameBytes() throws {
    let files = metalFiles
    #expect(files.count >= 10, "\(files.map(\.lastPathComponent))")
    let n = 40
    let source = try #require(ShaderBuffer(width: n, height: n, pixels: (0..<(n * n)).map { i in
        let v = Float((i &* 2_654_435_761) & 255) / 255
        return SIMD4(v, 1 - v, v * 0.5, 1) * 0.9
    }))
    let geometry = try #require(ShaderGeometry(scale: 1.5))
    var functions = 0, changed = 0
    var wideRan = false
    for file in files {
        for shader in try MetalCompiler.compile(path: file.path, displayName: file.lastPathComponent) {
            let values = shader.signature.parameters.enumerated().map { argument($0.element.type, $0.offset) }
            if values.contains(where: { $0 == nil }) { continue }
            let arguments = try shader.signature.validate(values.compactMap { $0 })
            let (uniforms, arrays) = CompiledShader.pack(arguments)
            var baseline = source, best = source
            let b = shader.run(&baseline, geometry: geometry, threads: 2, uniforms: uniforms, arrays: arrays, baselineOnly: true)
            let w = shader.run(&best, geometry: geometry, threads: 2, uniforms: uniforms, arrays: arrays)
            #expect(b.report.failure == nil && w.report.failure == nil, "\(shader.signature.name)")
            #expect(b.levels == [1], "\(shader.signature.name): the baseline run used \(b.levels)")
            #expect(w.levels == [1] || w.levels == [3], "\(shader.signature.name): \(w.levels)")
            wideRan = wideRan || w.levels == [3]
            if baseline != source { changed += 1 }
            let differing = zip(baseline.pixels, best.pixels).filter { a, b in
                (0..<4).contains { a[$0].bitPattern != b[$0].bitPattern }
            }.count
            #expect(differing == 0, "\(shader.signature.name): \(differing) of \(n * n) pixels differ between the two loops")
            functions += 1
        }
    }
    #expect(functions >= 12)
    #expect(changed >= functions - 1, "only identityColor leaves its input as it was")
    #if arch(x86_64)
    // The comparison means something only where the wide loop ran (on this project's machines it does).
    if !wideRan { print("baselineAndWideLoopsWriteTheSameBytes: this processor has no x86-64-v3; only the baseline loop ran") }
    #endif
}
