// Swift source input end to end: `animo-render import` prints the spec that `animo-render
// FILE.swift` renders (the two give the same frames, byte for byte), `previews` lists what can be
// rendered, --strict turns warnings into errors, syntax errors carry line and column. On a build
// without the toolchain's SwiftSyntax libraries each command says so in one line instead.
import Foundation
import Testing
import AnimoTestSupport

/// (status, stdout, stderr)
private func runCLI(_ args: [String]) throws -> (Int32, String, String) {
    let r = try runTool(args)
    return (r.status, r.out, r.err)
}

private let pulse = """
import SwiftUI

struct PulseView: View {
    @State private var grown = false
    private let tint = Color(red: 0.2, green: 0.6, blue: 1.0)

    var body: some View {
        ZStack {
            Color.black.ignoresSafeArea()
            ForEach(0..<3) { ring in
                Circle()
                    .stroke(tint.opacity(0.8), lineWidth: 4)
                    .frame(width: 40 + CGFloat(ring) * 30, height: 40 + CGFloat(ring) * 30)
                    .scaleEffect(grown ? 1.2 : 0.6)
                    .opacity(grown ? 0.3 : 1)
                    .animation(.easeOut(duration: 0.6).delay(Double(ring) * 0.1), value: grown)
            }
            Text("Pulse")
                .symbolEffect(.bounce)
        }
        .onAppear { grown = true }
    }
}

#Preview("Pulse") {
    PulseView().frame(width: 160, height: 160)
}
"""

/// The Swift file in a fresh folder, and whether this build has the Swift front end.
private func source(_ text: String = pulse, name: String = "PulseView.swift") throws -> (URL, Bool) {
    let dir = temporaryFolder("swift-cli")
    let file = dir.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    let (status, _, err) = try runCLI(["previews", file.path])
    if status != 0 && err.contains("needs the toolchain's SwiftSyntax host libraries") { return (file, false) }
    return (file, true)
}

@Test func importPrintsExactlyWhatTheSwiftFileRenders() throws {
    let (file, available) = try source()
    guard available else { return }
    let dir = file.deletingLastPathComponent()
    let (status, json, err) = try runCLI(["import", file.path])
    #expect(status == 0, "\(err)")
    #expect(err.contains("PulseView.swift:19:18: .symbolEffect: "), "\(err)")
    let spec = dir.appendingPathComponent("pulse.json")
    try Data(json.utf8).write(to: spec)
    let fromSwift = dir.appendingPathComponent("swift-frames"), fromSpec = dir.appendingPathComponent("spec-frames")
    let times = "0,0.2,0.45,1"
    let a = try runCLI([file.path, "--out", fromSwift.path, "--times", times, "--scale", "1", "--quiet"])
    let b = try runCLI([spec.path, "--out", fromSpec.path, "--times", times, "--scale", "1", "--quiet"])
    #expect(a.0 == 0 && b.0 == 0, "\(a.2)\(b.2)")
    let frames = try FileManager.default.contentsOfDirectory(atPath: fromSwift.path).filter { $0.hasSuffix(".png") }.sorted()
    #expect(frames.count == 4)
    for f in frames {
        let x = try Data(contentsOf: fromSwift.appendingPathComponent(f)), y = try Data(contentsOf: fromSpec.appendingPathComponent(f))
        #expect(x == y, "\(f) differs between the Swift file and its imported spec")
    }
    // The frames are not all alike: the rings animate.
    let first = try Data(contentsOf: fromSwift.appendingPathComponent(frames[0]))
    let mid = try Data(contentsOf: fromSwift.appendingPathComponent(frames[1]))
    #expect(first != mid)
}

@Test func previewsListsWhatCanBeRenderedAndStrictFailsOnWarnings() throws {
    let (file, available) = try source()
    guard available else { return }
    let (status, out, _) = try runCLI(["previews", file.path])
    #expect(status == 0)
    #expect(out.contains("Pulse") && out.contains("#Preview") && out.contains("(default)"), "\(out)")
    #expect(out.contains("PulseView") && out.contains("View"), "\(out)")
    let strict = try runCLI([file.path, "--out", file.deletingLastPathComponent().appendingPathComponent("strict").path, "--strict", "--times", "0"])
    #expect(strict.0 == 2)
    #expect(strict.2.contains("error: PulseView.swift:19:18: .symbolEffect:"), "\(strict.2)")
    let unknown = try runCLI(["import", file.path, "--preview", "Nope"])
    #expect(unknown.0 == 2 && unknown.2.contains("no preview or View named \"Nope\""), "\(unknown.2)")
}

@Test func aSyntaxErrorIsReportedWithItsLineAndColumn() throws {
    let (file, available) = try source("import SwiftUI\nstruct A: View {\n    var body: some View { Circle().frame(width: }\n}\n", name: "Broken.swift")
    let (status, _, err) = try runCLI(["import", file.path])
    #expect(status == 2)
    if available {
        #expect(err.contains("Broken.swift:3:"), "\(err)")
        #expect(err.contains("syntax error"), "\(err)")
    } else {
        #expect(err.contains("needs the toolchain's SwiftSyntax host libraries"))
    }
}

/// `ShaderLibrary.name(…)` in a Swift file resolves to a `.metal` file beside it that declares the
/// function (docs/shaders.md); files declaring other functions are left alone, even broken ones.
@Test func aSwiftFilesShadersComeFromTheMetalFilesBesideIt() throws {
    let view = """
    import SwiftUI

    struct TintView: View {
        var body: some View {
            Rectangle().fill(.white).frame(width: 40, height: 40)
                .colorEffect(ShaderLibrary.flatTint(.color(Color(red: 1, green: 0.5, blue: 0))))
        }
    }
    """
    let (file, available) = try source(view, name: "TintView.swift")
    guard available else { return }
    let dir = file.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("Shaders"), withIntermediateDirectories: true)
    let tint = dir.appendingPathComponent("Shaders/Tint.metal")
    try Data("""
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 flatTint(float2 position, half4 color, half4 tint) { return tint * color.a; }
    """.utf8).write(to: tint)
    try Data("#include <metal_stdlib>\n[[ stitchable ]] half4 other(float2 position, half4 color) { return nonsense; }\n".utf8)
        .write(to: dir.appendingPathComponent("Shaders/Other.metal"))
    let (status, _, err) = try runCLI([file.path, "--out", dir.appendingPathComponent("frames").path, "--times", "0", "--quiet"])
    #expect(status == 0, "\(err)")
    // A compile error in it is reported in the .metal file, not at the Swift file.
    try Data("""
    #include <metal_stdlib>
    using namespace metal;
    [[ stitchable ]] half4 flatTint(float2 position, half4 color, half4 tint) { return tint * nosuch; }
    """.utf8).write(to: tint)
    let (status1, _, err1) = try runCLI([file.path, "--out", dir.appendingPathComponent("frames1").path, "--times", "0", "--quiet"])
    #expect(status1 != 0)
    #expect(err1.contains("Shaders/Tint.metal:3:91: shaders[0]: use of undeclared identifier 'nosuch'"), "\(err1)")
    // Without the file the name is unknown: it was the file that made it render.
    try FileManager.default.removeItem(at: tint)
    let (status2, _, err2) = try runCLI([file.path, "--out", dir.appendingPathComponent("frames2").path, "--times", "0", "--quiet"])
    #expect(status2 != 0)
    #expect(err2.contains("unknown shader \"flatTint\""), "\(err2)")
}
