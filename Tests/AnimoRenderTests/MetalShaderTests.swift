// Shaders compiled from a spec's own `.metal` sources (docs/shaders.md): the catalogue's twins
// compiled through this path render the catalogue goldens within a stated tolerance; the example
// user shaders under Goldens/metal/ match their reviewed frames and expectations; every error a
// device would render silently black is a load error at its place; bad input (a file outside the
// spec's folder, a huge source, an endless loop, NaN, integer division by zero, recursion, no
// compiler) is a clear error or a documented clamp, never a hang or a trap.
//
// These tests run clang++ (it ships with the Swift toolchain); compiled objects are cached in the
// user's cache folder, so only the first run pays for compiling.
import Foundation
import Testing
import AnimoRaster
import AnimoCheck
import AnimoShaders
import AnimoEffects
import AnimoVerify
import AnimoTestSupport
@testable import AnimoMetal
@testable import AnimoSpec
@testable import AnimoScene
@testable import AnimoRender

private let hasCompiler = MetalToolchain.current.compiler != nil

/// A fresh folder holding `spec.json` and the given files.
private func folder(spec: String, files: [String: String]) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animo-metal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("Shaders"), withIntermediateDirectories: true)
    try spec.write(to: dir.appendingPathComponent("spec.json"), atomically: true, encoding: .utf8)
    for (name, text) in files { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    return dir
}

/// A 40×40 spec applying `modifier` to a white square, with `shaders`.
private func squareSpec(_ modifier: String, shaders: [String] = ["Shaders/User.metal"]) -> String {
    let list = shaders.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
    {"shaders": [\(list)],
     "canvas": {"width": 40, "height": 40, "scale": 1}, "duration": 1,
     "content": [{"rectangle": {"frame": [0, 0, 40, 40]}, "fill": "white", "modifiers": [
       \(modifier)
     ]}]}
    """
}

/// The errors of loading and binding `spec` beside `files`.
private func loadErrors(_ spec: String, files: [String: String]) throws -> [SpecError] {
    let dir = try folder(spec: spec, files: files)
    defer { try? FileManager.default.removeItem(at: dir) }
    let s = try Spec.load(path: dir.appendingPathComponent("spec.json").path)
    do {
        _ = try SceneRenderer(spec: s)
        return []
    } catch {
        return error.errors
    }
}

private func renderer(_ spec: String, files: [String: String]) throws -> (SceneRenderer, URL) {
    let dir = try folder(spec: spec, files: files)
    return (try SceneRenderer(spec: Spec.load(path: dir.appendingPathComponent("spec.json").path)), dir)
}

private let header = "#include <metal_stdlib>\n#include <SwiftUI/SwiftUI_Metal.h>\nusing namespace metal;\n"

// MARK: - The catalogue's twins through the compiled path

private let catalogueNames = ShaderCatalogue.registry.names
private let twinsFolder = Repository.url("Shaders/Metal")
private let shaderGoldens = Repository.url("Goldens/shaders")

/// The twin file declaring `name`.
private func twin(of name: String) throws -> URL {
    let files = try FileManager.default.contentsOfDirectory(atPath: twinsFolder.path).filter { $0.hasSuffix(".metal") }.sorted()
    for f in files {
        let text = try String(contentsOf: twinsFolder.appendingPathComponent(f), encoding: .utf8)
        if text.range(of: #"\b\#(name)\s*\("#, options: .regularExpression) != nil,
           text.contains("[[ stitchable ]]") { return twinsFolder.appendingPathComponent(f) }
    }
    throw SpecErrors([])
}

/// Tolerance of the compiled twins against the Swift kernels' goldens: at most 1 of 255 in any
/// channel, on at most 0.1% of the pixels. The twins are the same formulas, not the same
/// operations in the same order (a vector `dot`, a `mix` written out), so a value that falls on
/// an 8-bit rounding boundary may land one level apart; measured: max Δ 1 on ≤ 30 of 57,600 pixels.
private let twinMaxDelta = 1
private let twinMaxDifferingFraction = 0.001

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"), arguments: catalogueNames)
func compiledTwinRendersTheCatalogueGolden(_ name: String) throws {
    let golden = shaderGoldens.appendingPathComponent(name)
    let twinURL = try twin(of: name)
    var spec = try String(contentsOf: golden.appendingPathComponent("spec.json"), encoding: .utf8)
    let brace = try #require(spec.firstIndex(of: "{"))
    spec.insert(contentsOf: "\"shaders\": [\"Shaders/\(twinURL.lastPathComponent)\"],", at: spec.index(after: brace))
    let (r, dir) = try renderer(spec, files: ["Shaders/" + twinURL.lastPathComponent: try String(contentsOf: twinURL, encoding: .utf8)])
    defer { try? FileManager.default.removeItem(at: dir) }
    // The name resolved to the compiled function, not to the Swift kernel.
    guard case .compiled(let compiled)? = r.shaders.kernels[name] else {
        Issue.record("\(name) did not bind to the compiled twin"); return
    }
    #expect(compiled.file == "Shaders/\(twinURL.lastPathComponent)")
    let times = try JSONDecoder().decode([Double].self, from: Data(contentsOf: golden.appendingPathComponent("times.json")))
    for t in times {
        let actual = try r.render(at: t, threads: 2)
        let expected = try PNG.decode([UInt8](Data(contentsOf: golden.appendingPathComponent(String(format: "t-%.3f.png", t)))))
        let exact = ImageDifference(actual: actual, expected: expected)
        let within = ImageDifference(actual: actual, expected: expected, tolerance: twinMaxDelta)
        #expect(within.passes, "\(name) at \(t) s: \(within)")
        let fraction = Double(exact.differingPixels) / Double(exact.width * exact.height)
        #expect(fraction <= twinMaxDifferingFraction, "\(name) at \(t) s: \(exact)")
    }
}

// MARK: - Example user shaders

private let metalGoldens = Repository.url("Goldens/metal")
private var metalCases: [String] { ((try? GoldenCase.cases(in: metalGoldens)) ?? []).map(\.name) }

@Test func metalShaderGoldensExist() {
    #expect(Set(metalCases).isSuperset(of: ["liquid-chrome", "holo-foil", "plasma-orb"]), "\(metalCases)")
}

/// The golden runner (key poses and the instants of times.json, 2 threads while the goldens were recorded with
/// 1), the spec's expectations, and no shader warning.
@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"), arguments: metalCases)
func metalShaderGolden(_ name: String) throws {
    let folder = metalGoldens.appendingPathComponent(name)
    let result = GoldenCase(folder: folder).check(mode: .fromEnvironment, threads: 2)
    #expect(!result.failed, "\(name): \(result.line)\n\(result.details.joined(separator: "\n"))")
    let r = try SceneRenderer(spec: Spec.load(path: folder.appendingPathComponent("spec.json").path))
    #expect(r.spec.shaderSources.count == 1)
    var checker = ExpectationChecker(renderer: r)
    let verdicts = checker.checkAll()
    #expect(verdicts.count >= 3)
    for v in verdicts { #expect(v.passed, "\(name): \(v.text)") }
    #expect(!r.diagnostics.contains { $0.feature.hasPrefix("shader:") }, "\(r.diagnostics)")
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func compiledShaderIsTheSameForAnyThreadCount() throws {
    let spec = try String(contentsOf: metalGoldens.appendingPathComponent("plasma-orb/spec.json"), encoding: .utf8)
    let source = try String(contentsOf: metalGoldens.appendingPathComponent("plasma-orb/Shaders/PlasmaOrb.metal"), encoding: .utf8)
    let (r, dir) = try renderer(spec, files: ["Shaders/PlasmaOrb.metal": source])
    defer { try? FileManager.default.removeItem(at: dir) }
    let one = try r.render(at: 0.7, threads: 1)
    for threads in [2, 3, 8] { #expect(try r.render(at: 0.7, threads: threads) == one, "\(threads) threads") }
}

/// Idioms of generated stitchable shaders compute what they mean: swizzles read and assigned, a
/// rotation matrix applied with `*=`, `atan(y, x)`, half literals, `fract`, `smoothstep`.
@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func theShimComputesWhatMetalMeans() throws {
    let source = header + """
    [[ stitchable ]]
    half4 idioms(float2 position, half4 color, float angle) {
        float2 p = position - 20.0f;
        float2x2 rot = float2x2(cos(angle), sin(angle), -sin(angle), cos(angle));
        p *= rot;
        float4 v = float4(0.0h);
        v.yx = float2(0.25h, 0.5h);
        v.zw += v.xy * 0.5f;
        float a = atan(p.y, p.x) / 6.2831853f + 0.5f;
        return half4(v.x, v.y, fract(a + 0.75f) * smoothstep(0.0f, 1.0f, v.z), 1.0h);
    }
    """
    let (r, dir) = try renderer(squareSpec(#"{"colorEffect": {"shader": "idioms", "arguments": [{"float": 0.3}]}}"#),
                                files: ["Shaders/User.metal": source])
    defer { try? FileManager.default.removeItem(at: dir) }
    let image = try r.render(at: 0)
    // Pixel (30, 12): centre (30.5, 12.5), p = (10.5, -7.5) × rot (row vector × matrix: dot with columns).
    let (c, s) = (cosf(0.3), sinf(0.3))
    let px: Float = 10.5, py: Float = -7.5
    let q = SIMD2(px * c + py * s, px * -s + py * c)
    let a = atan2f(q.y, q.x) / 6.2831853 + 0.5
    let z: Float = 0.5 * 0.5   // v.x after v.yx = (0.25, 0.5)
    let t = min(max(z, 0), 1), smooth = t * t * (3 - 2 * t)
    let f = (a + 0.75) - (a + 0.75).rounded(.down)
    let expected = SIMD4<Float>(0.5, 0.25, f * smooth, 1)
    let got = image.pixels[12 * image.width + 30]
    #expect(abs(got.x - expected.x) < 1e-6 && abs(got.y - expected.y) < 1e-6, "\(got) vs \(expected)")
    #expect(abs(got.z - expected.z) < 1e-5, "\(got) vs \(expected)")
}

// MARK: - The cache

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func aSecondCompileLoadsTheCachedObject() throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("animo-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    // A compiler that records each run, then runs the real one.
    let real = try #require(MetalToolchain.current.compiler)
    let wrapper = work.appendingPathComponent("clang++").path
    try "#!/bin/sh\necho run >> \"\(work.path)/runs\"\nexec \"\(real)\" \"$@\"\n".write(toFile: wrapper, atomically: true, encoding: .utf8)
    chmod(wrapper, 0o755)
    let toolchain = MetalToolchain(compiler: wrapper, cacheDirectory: work.appendingPathComponent("cache").path)
    let dir = try folder(spec: "{}", files: ["Shaders/A.metal": header + "[[ stitchable ]] half4 tintA(float2 position, half4 color, float k) { return color * k; }\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("Shaders/A.metal").path
    func runs() -> Int { ((try? String(contentsOfFile: work.path + "/runs", encoding: .utf8)) ?? "").split(separator: "\n").count }
    _ = try MetalCompiler.compile(path: path, displayName: "Shaders/A.metal", toolchain: toolchain)
    #expect(runs() == 1)
    let objects = try FileManager.default.contentsOfDirectory(atPath: toolchain.cacheDirectory + "/metal")
    #expect(objects.count == 1 && objects[0].hasSuffix(".so"), "\(objects)")
    let again = try MetalCompiler.compile(path: path, displayName: "Shaders/A.metal", toolchain: toolchain)
    #expect(again.map(\.signature.name) == ["tintA"])
    #expect(runs() == 1, "the second load compiled again")
    #expect(try FileManager.default.contentsOfDirectory(atPath: toolchain.cacheDirectory + "/metal") == objects)
    // A changed source is a new object.
    try (header + "[[ stitchable ]] half4 tintA(float2 position, half4 color, float k) { return color * (k + 1.0f); }\n")
        .write(toFile: path, atomically: true, encoding: .utf8)
    _ = try MetalCompiler.compile(path: path, displayName: "Shaders/A.metal", toolchain: toolchain)
    #expect(runs() == 2)
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func anUnwritableCacheFallsBackToTheTemporaryFolder() throws {
    // A path under a regular file can never be created, whoever runs the test.
    let toolchain = MetalToolchain(compiler: MetalToolchain.current.compiler, cacheDirectory: "/dev/null/animo-cache")
    let dir = try folder(spec: "{}", files: ["Shaders/A.metal": header + "[[ stitchable ]] half4 tintT(float2 position, half4 color, float k) { return color * k * 0.5f; }\n"])
    defer { try? FileManager.default.removeItem(at: dir) }
    let compiled = try MetalCompiler.compile(path: dir.appendingPathComponent("Shaders/A.metal").path, displayName: "Shaders/A.metal", toolchain: toolchain)
    #expect(compiled.map(\.signature.name) == ["tintT"])
}

// MARK: - Errors a device renders silently black

private let tint = header + """
[[ stitchable ]]
half4 tint(float2 position, half4 color, float amount, half4 shade) {
    return mix(color, shade * color.a, amount);
}
"""

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func anUnknownNameListsTheFilesAndTheirFunctions() throws {
    let errors = try loadErrors(squareSpec(#"{"colorEffect": {"shader": "tinted", "arguments": [{"float": 1}]}}"#),
                                files: ["Shaders/User.metal": tint])
    let e = try #require(errors.first)
    #expect(errors.count == 1)
    #expect(e.path == "content[0].modifiers[0].colorEffect.shader")
    #expect(e.line == 4)
    #expect(e.message.contains("\"tinted\""), "\(e.message)")
    #expect(e.message.contains("Shaders/User.metal") && e.message.contains("which define tint"), "\(e.message)")
    #expect(e.message.contains("\"tint\""), "the nearest name: \(e.message)")
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func aWrongArgumentCountShowsTheSignatureAndWhereItIsDeclared() throws {
    let errors = try loadErrors(squareSpec(#"{"colorEffect": {"shader": "tint", "arguments": [{"float": 1}]}}"#),
                                files: ["Shaders/User.metal": tint])
    let e = try #require(errors.first)
    #expect(e.path == "content[0].modifiers[0].colorEffect.arguments")
    #expect(e.message.contains("tint(float amount, half4 shade)") && e.message.contains("expected 2, got 1"), "\(e.message)")
    #expect(e.message.contains("declared at Shaders/User.metal:5:7"), "\(e.message)")
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func aWrongArgumentTypeIsPlacedAtTheArgument() throws {
    let errors = try loadErrors(squareSpec(#"{"colorEffect": {"shader": "tint", "arguments": [{"float2": [1, 2]}, {"color": "red"}]}}"#),
                                files: ["Shaders/User.metal": tint])
    let e = try #require(errors.first)
    #expect(errors.count == 1)
    #expect(e.path == "content[0].modifiers[0].colorEffect.arguments[0]")
    #expect(e.message.contains("expected float, got float2"), "\(e.message)")
    // And the wrong kind.
    let kind = try loadErrors(squareSpec(#"{"distortionEffect": {"shader": "tint", "arguments": [{"float": 1}, {"color": "red"}], "maxSampleOffset": [0, 0]}}"#),
                              files: ["Shaders/User.metal": tint])
    #expect(kind.first?.message.contains("is a colorEffect, not a distortionEffect") == true, "\(kind)")
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func anUnsupportedBuiltinIsAnErrorAtItsLineAndColumn() throws {
    let source = header + """
    [[ stitchable ]]
    half4 edges(float2 position, half4 color) {
        float d = dfdx(position.x);
        return color * d;
    }
    """
    let errors = try loadErrors(squareSpec(#"{"colorEffect": {"shader": "edges", "arguments": []}}"#), files: ["Shaders/User.metal": source])
    let e = try #require(errors.first)
    #expect(e.file == "Shaders/User.metal" && e.line == 6 && e.column == 15, "\(e)")
    #expect(e.path == "shaders[0]")
    #expect(e.message.contains("'dfdx'") && e.message.contains("not available"), "\(e.message)")
    // A name the shim does not know at all: clang's error, mapped back, with a hint.
    let unknown = header + "[[ stitchable ]]\nhalf4 g(float2 position, half4 color) {\n    return color * gamma_curve(position.x);\n}\n"
    let f = try #require(try loadErrors(squareSpec(#"{"colorEffect": {"shader": "g", "arguments": []}}"#), files: ["Shaders/User.metal": unknown]).first)
    #expect(f.file == "Shaders/User.metal" && f.line == 6 && f.column == 20, "\(f)")
    #expect(f.message.contains("gamma_curve") && f.message.contains("Metal shim"), "\(f.message)")
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func aSyntaxErrorIsReportedAtItsPositionInTheMetalFile() throws {
    let source = header + """
    [[ stitchable ]]
    half4 broken(float2 position, half4 color) {
        float k = 0.5h
        return color * k;
    }
    """
    let errors = try loadErrors(squareSpec(#"{"colorEffect": {"shader": "broken", "arguments": []}}"#), files: ["Shaders/User.metal": source])
    let e = try #require(errors.first)
    #expect(e.file == "Shaders/User.metal" && e.line == 6 && e.column == 19, "\(e)")
    #expect(e.message.contains("expected ';'"), "\(e.message)")
    #expect(e.description.hasPrefix("Shaders/User.metal:6:19: shaders[0]: "), "\(e.description)")
}

// MARK: - Bad input

@Test func aSourceOutsideTheSpecFolderIsRefused() throws {
    let errors = try loadErrors(squareSpec(#"{"colorEffect": {"shader": "tint", "arguments": [{"float": 1}, {"color": "red"}]}}"#,
                                           shaders: ["../elsewhere.metal"]), files: [:])
    let e = try #require(errors.first)
    #expect(e.path == "shaders[0]")
    #expect(e.message.contains("outside the spec's folder"), "\(e.message)")
}

@Test func aHugeSourceIsRefusedBeforeItIsRead() throws {
    let huge = String(repeating: "// padding padding padding padding padding padding padding padding\n", count: 160_000)
    #expect(huge.utf8.count > 10_000_000)
    let errors = try loadErrors(squareSpec(#"{"colorEffect": {"shader": "tint", "arguments": [{"float": 1}, {"color": "red"}]}}"#),
                                files: ["Shaders/User.metal": huge])
    let e = try #require(errors.first)
    #expect(e.path == "shaders[0]")
    #expect(e.message.contains("the limit is 1048576 bytes"), "\(e.message)")
}

@Test func includesOutsideTheShimAndHugeArraysAreRefused() throws {
    let source = header + """
    #include "../../secret.txt"
    [[ stitchable ]]
    half4 big(float2 position, half4 color, float k) {
        float table[100000];
        return color * table[0];
    }
    """
    let errors = try loadErrors(squareSpec(#"{"colorEffect": {"shader": "big", "arguments": [{"float": 1}]}}"#), files: ["Shaders/User.metal": source])
    #expect(errors.count == 2, "\(errors)")
    #expect(errors.contains { $0.line == 4 && $0.column == 1 && $0.message.contains("only <metal_stdlib>") }, "\(errors)")
    #expect(errors.contains { $0.line == 7 && $0.column == 16 && $0.message.contains("at most 4096") }, "\(errors)")
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func codeRunAtLoadTimeIsACompileError() throws {
    let source = header + """
    static float spinForever() { float x = 0.0f; while (x > -1.0f) { x += 1.0f; } return x; }
    static float table = spinForever();
    [[ stitchable ]]
    half4 loaded(float2 position, half4 color, float k) { return color * table * k; }
    """
    let errors = try loadErrors(squareSpec(#"{"colorEffect": {"shader": "loaded", "arguments": [{"float": 1}]}}"#), files: ["Shaders/User.metal": source])
    let e = try #require(errors.first)
    #expect(e.file == "Shaders/User.metal" && e.line == 5, "\(e)")
    #expect(e.message.contains("global constructor"), "\(e.message)")
}

@Test func theSpecKeyIsValidated() throws {
    for (value, message) in [("\"A.metal\"", "expected an array"), ("[3]", "expected the path of a .metal file"),
                             ("[\"A.png\"]", "ending in .metal"), ("[\"A.metal\", \"A.metal\"]", "listed twice")] {
        let json = #"{"shaders": \#(value), "canvas": {"width": 10, "height": 10}, "duration": 1, "content": []}"#
        do {
            _ = try Spec.load(json: json)
            Issue.record("\(value) was accepted")
        } catch {
            #expect(error.errors.contains { $0.path.hasPrefix("shaders") && $0.message.contains(message) }, "\(error)")
        }
    }
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func anEndlessLoopStopsTheFrameWithAnError() throws {
    let source = header + """
    [[ stitchable ]]
    half4 spin(float2 position, half4 color, float speed) {
        float x = position.x;
        while (x > -1.0f) { x = x + speed * 0.0f; }
        return color * x;
    }
    """
    let (r, dir) = try renderer(squareSpec(#"{"colorEffect": {"shader": "spin", "arguments": [{"float": 1}]}}"#),
                                files: ["Shaders/User.metal": source])
    defer { try? FileManager.default.removeItem(at: dir) }
    let start = Date()
    for threads in [1, 2] {
        do {
            _ = try r.render(at: 0.5, threads: threads)
            Issue.record("the endless loop rendered")
        } catch let error as ShaderRunError {
            #expect(error.path == "content[0].modifiers[0].colorEffect")
            #expect("\(error)".contains("budget"), "\(error)")
        }
    }
    #expect(Date().timeIntervalSince(start) < 30, "the budget must stop it within seconds")
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func integerDivisionByZeroAndRecursionStopTheFrame() throws {
    let source = header + """
    static float forever(float x) { return forever(x + 1.0f) * 0.5f; }
    [[ stitchable ]]
    half4 divide(float2 position, half4 color, float k) {
        int d = int(k);
        return color * float(100 / d);
    }
    [[ stitchable ]]
    half4 recurse(float2 position, half4 color, float k) {
        return color * forever(k);
    }
    """
    for (call, reason) in [(#"{"colorEffect": {"shader": "divide", "arguments": [{"float": 0}]}}"#, "divided an integer by zero"),
                           (#"{"colorEffect": {"shader": "recurse", "arguments": [{"float": 1}]}}"#, "nested deeper")] {
        let (r, dir) = try renderer(squareSpec(call), files: ["Shaders/User.metal": source])
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            _ = try r.render(at: 0, threads: 2)
            Issue.record("\(call) rendered")
        } catch {
            #expect("\(error)".contains(reason), "\(error)")
        }
    }
}

@Test(.enabled(if: hasCompiler, "no clang++ beside the toolchain"))
func nanOutputIsDrawnAsZeroAndReported() throws {
    let source = header + """
    [[ stitchable ]]
    half4 poison(float2 position, half4 color, float k) {
        float n = sqrt(-k);
        return position.x < 20.0f ? half4(n, 0.2h, 0.2h, 1.0h) : color;
    }
    """
    let (r, dir) = try renderer(squareSpec(#"{"colorEffect": {"shader": "poison", "arguments": [{"float": 1}]}}"#),
                                files: ["Shaders/User.metal": source])
    defer { try? FileManager.default.removeItem(at: dir) }
    let image = try r.render(at: 0)
    #expect(image.pixels.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite && $0.w.isFinite })
    #expect(image.pixels[5].x == 0, "NaN drawn as 0: \(image.pixels[5])")
    #expect(r.diagnostics.contains { $0.feature == "shader:poison" && $0.message.contains("NaN") }, "\(r.diagnostics)")
}

@Test func withoutACompilerSourcesAreOneClearErrorAndTheCatalogueStillWorks() throws {
    let none = MetalToolchain(compiler: nil, cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("animo-none-\(UUID().uuidString)").path)
    let dir = try folder(spec: squareSpec(#"{"colorEffect": {"shader": "tint", "arguments": [{"float": 1}, {"color": "red"}]}}"#, shaders: ["Shaders/A.metal", "Shaders/B.metal"]),
                         files: ["Shaders/A.metal": tint, "Shaders/B.metal": tint.replacingOccurrences(of: "tint(", with: "tintB(")])
    defer { try? FileManager.default.removeItem(at: dir) }
    let spec = try Spec.load(path: dir.appendingPathComponent("spec.json").path)
    let scene = try ResolvedScene(spec: spec)
    do {
        _ = try ShaderBindings(uses: scene.shaderUses, spec: spec, toolchain: none)
        Issue.record("bound without a compiler")
    } catch {
        #expect(error.errors.count == 1, "\(error)")
        #expect(error.errors.first?.message.contains("clang++") == true, "\(error)")
        #expect(error.errors.first?.path == "shaders")
    }
    // The built-in catalogue needs no compiler.
    let plasma = try Spec.load(json: #"{"canvas": {"width": 20, "height": 20}, "duration": 1, "content": [{"rectangle": {"frame": [0, 0, 20, 20]}, "fill": "white", "modifiers": [{"colorEffect": {"shader": "plasma", "arguments": [{"float2": [20, 20]}, {"float": 0.5}]}}]}]}"#)
    let plasmaScene = try ResolvedScene(spec: plasma)
    let bound = try ShaderBindings(uses: plasmaScene.shaderUses, spec: plasma, toolchain: none)
    #expect(bound.kernels["plasma"] != nil)
}
