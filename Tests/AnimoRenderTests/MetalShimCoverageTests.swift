// The parts of Metal the shim added for generated shaders: boolean vectors from componentwise
// vector comparisons with `all`, `any`, `!`, `&&` and `select`; the integer `min`, `max`, `clamp`,
// `abs` on `int`, `uint` and their vectors. Each shader is compiled through the user-shader path
// and run over a 4 × 1 strip (pixel centres x = 0.5 … 3.5, scale 1), and the values are the ones
// worked out by hand from the Metal Shading Language's definitions (§2.2.1, §6.3, §6.4).
import Foundation
import Testing
import AnimoEffects
@testable import AnimoMetal

private let hasCompiler = MetalToolchain.current.compiler != nil
private let header = "#include <metal_stdlib>\n#include <SwiftUI/SwiftUI_Metal.h>\nusing namespace metal;\n"

/// The four pixels `name` (a colour effect without arguments, in `body`) writes over a 4 × 1 strip.
private func strip(_ name: String, _ body: String) throws -> [SIMD4<Float>] {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animo-shim-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("Shim.metal").path
    try (header + body).write(toFile: path, atomically: true, encoding: .utf8)
    let shader = try #require(try MetalCompiler.compile(path: path, displayName: "Shim.metal").first { $0.signature.name == name })
    var buffer = try #require(ShaderBuffer(width: 4, height: 1, fill: SIMD4(0.1, 0.2, 0.3, 1)))
    let report = shader.prepare(try shader.signature.validate([])).apply(to: &buffer, geometry: try #require(ShaderGeometry(scale: 1)))
    #expect(report.failure == nil)
    return buffer.pixels
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func vectorComparisonsGiveBooleanVectorsForAllAnyAndSelect() throws {
    let pixels = try strip("compare", """
    [[ stitchable ]]
    half4 compare(float2 position, half4 color) {
        float2 p = position;
        bool2 lt = p < float2(2.0f, 1.0f);
        bool2 ge = p >= 1.0f;
        float2 s = select(float2(0.1f), float2(0.9f), !lt && (p != 2.5f));
        return half4(all(lt) ? 1.0f : 0.0f, any(ge) ? 1.0f : 0.0f, select(0.25f, 0.75f, lt.x), s.x);
    }
    """)
    // x = 0.5: lt (T, T), ge (F, F); 1.5: lt (T, T), ge (T, F); 2.5: lt (F, T), p.x == 2.5;
    // 3.5: lt (F, T), p.x ≠ 2.5, so the select's condition is true in x only there.
    let expected: [SIMD4<Float>] = [SIMD4(1, 0, 0.75, 0.1), SIMD4(1, 1, 0.75, 0.1), SIMD4(0, 1, 0.25, 0.1), SIMD4(0, 1, 0.25, 0.9)]
    #expect(pixels == expected)
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func integerVectorsHaveMinMaxClampAbsAndEquality() throws {
    let pixels = try strip("ints", """
    [[ stitchable ]]
    half4 ints(float2 position, half4 color) {
        int i = int(position.x);
        int2 v = int2(i - 2, 5 - 3 * i);
        int2 m = min(v, int2(0, 1));
        int2 big = max(v, 0);
        int2 c = clamp(v, -1, 1);
        int2 a = abs(v);
        int s = clamp(i * 7 - 10, -3, 4) + min(i, 2) - max(i, 1);
        uint u = max(uint(i), 2u);
        bool2 eq = v == int2(0, -1);
        // A float and an integer literal still mean the float function.
        float f = max(position.x - 3.0f, 0);
        return half4(float(m.x + m.y) + f, float(big.x * 10 + big.y), float(c.x * 10 + c.y) + 0.5f * float(a.x + a.y),
                     float(s) + float(u) * 100.0f + (all(eq) ? 1000.0f : 0.0f));
    }
    """)
    // i = 0…3: v = (−2, 5), (−1, 2), (0, −1), (1, −4).
    let expected: [SIMD4<Float>] = [SIMD4(-1, 5, -5.5, 196), SIMD4(0, 2, -7.5, 197), SIMD4(-1, 0, -0.5, 1204), SIMD4(-3.5, 10, 11.5, 303)]
    #expect(pixels == expected)
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func unsignedVectorsClampAndIntegerVectorsSelect() throws {
    let pixels = try strip("uints", """
    [[ stitchable ]]
    half4 uints(float2 position, half4 color) {
        uint i = uint(position.x);
        uint2 w = clamp(uint2(i, 3u - i), 1u, 2u);
        int3 k = select(int3(1, 2, 3), int3(-1, -2, -3), int3(int(i)) > int3(0, 1, 2));
        return half4(float(w.x), float(w.y), float(k.x + k.y + k.z), any(k < 0) ? 1.0f : 0.0f);
    }
    """)
    // i = 0…3: (i, 3 − i) clamped to 1…2; k takes the negative lane where i exceeds 0, 1, 2.
    let expected: [SIMD4<Float>] = [SIMD4(1, 2, 6, 0), SIMD4(1, 2, 4, 1), SIMD4(2, 1, 0, 1), SIMD4(2, 1, -6, 1)]
    #expect(pixels == expected)
}
