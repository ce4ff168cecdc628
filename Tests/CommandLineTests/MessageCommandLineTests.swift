// What a user reads when an input is wrong, end to end through the executables: one clear error
// naming the file, position and JSON path (or the argument), the documented exit status, no
// Foundation error dump and no partial output.
import Foundation
import Testing
import AnimoTestSupport

/// An executable built beside this test bundle (animo-render, animo-bench).
/// Runs a tool; returns (exit status, stdout, stderr).
private func call(_ args: [String], tool name: String = "animo-render", stdin: Data? = nil, in dir: URL? = nil) throws -> (Int32, String, String) {
    let r = try runTool(args, tool: name, stdin: stdin, in: dir)
    return (r.status, r.out, r.err)
}

/// A spec file in a fresh folder.
private func specFile(_ json: String, name: String = "spec.json") throws -> URL {
    let u = temporaryFolder("messages").appendingPathComponent(name)
    try Data(json.utf8).write(to: u)
    return u
}

private let small = #"{"canvas": {"width": 20, "height": 20, "scale": 1}, "duration": 1, "fps": 4, "content": [{"circle": {}, "fill": "white"}]}"#

/// An unknown shader (line 3) and bad path data (line 4), both found only after decoding.
private let twoLateErrors = """
    {"canvas": {"width": 40, "height": 40}, "duration": 1,
     "content": [
       {"rectangle": {}, "modifiers": [{"colorEffect": {"shader": "liquidMetl", "arguments": []}}]},
       {"path": {"d": "M 0 0 L 10"}}]}
    """

private func noDump(_ text: String) -> Bool {
    !text.contains("NSCocoaErrorDomain") && !text.contains("Error Domain=") && !text.contains("UserInfo")
}

// MARK: - errors found after decoding

@Test func renderLintAndVerifyReportAnUnknownShaderAndBadPathDataTogether() throws {
    let spec = try specFile(twoLateErrors)
    let out = spec.deletingLastPathComponent().appendingPathComponent("frames")
    for args in [[spec.path, "--out", out.path], ["lint", spec.path], ["verify", spec.path]] {
        let (status, _, err) = try call(args)
        #expect(status == 2, "\(args): \(err)")
        #expect(err.contains(#"spec.json:3:63: content[0].modifiers[0].colorEffect.shader: unknown shader "liquidMetl" (did you mean "liquidMetal"?)"#), "\(args): \(err)")
        #expect(err.contains("spec.json:4:19: content[1].path.d: bad SVG path data"), "\(args): \(err)")
        #expect(err.contains("2 errors"), "\(args): \(err)")
    }
    #expect(!FileManager.default.fileExists(atPath: out.path), "no partial output")
}

@Test func lintStillPassesAValidSpecWithShaders() throws {
    let (status, out, err) = try call(["lint", Repository.sceneSpec("liquid-metal").path])
    #expect(status == 0, "\(out)\(err)")
}

// MARK: - long text

@Test func aMegabyteKeyIsNotEchoedInFull() throws {
    let key = String(repeating: "x", count: 1_048_576)
    let spec = try specFile(#"{"canvas": {"width": 10, "height": 10}, "duration": 1, "content": [{"circle": {}}], "\#(key)": 1}"#)
    let (status, _, err) = try call([spec.path, "--out", temporaryFolder("big").path])
    #expect(status == 2)
    #expect(err.utf8.count < 1000, "\(err.utf8.count) bytes of messages")
    #expect(err.contains("… (1048576 characters)"), "\(err.prefix(1000))")
}

@Test func aLongArgumentIsCut() throws {
    let (status, _, err) = try call(["--" + String(repeating: "o", count: 100_000)])
    #expect(status == 2)
    #expect(err.utf8.count < 1000, "\(err.prefix(1000))")
}

// MARK: - files that cannot be read

@Test func aFolderOrAMissingFileGivenAsTheSpecSaysWhich() throws {
    let folder = temporaryFolder("a-folder")
    let (status, _, err) = try call([folder.path, "--out", temporaryFolder("o").path])
    #expect(status == 2)
    #expect(err.contains("\(folder.path): is a folder, not a spec file"), "\(err)")
    let missing = folder.appendingPathComponent("missing.json").path
    for args in [[missing, "--out", temporaryFolder("o").path], ["lint", missing], ["verify", missing]] {
        let (s, _, e) = try call(args)
        #expect(s == 2, "\(args)")
        #expect(e.contains("\(missing): no such file"), "\(args): \(e)")
    }
}

@Test func fileErrorsAreOneLineWithThePathAndTheReason() throws {
    let workloads = temporaryFolder("workloads")
    try FileManager.default.createDirectory(at: workloads.appendingPathComponent("fill_scene.json"), withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: workloads.appendingPathComponent("stroke_scene.json"))
    let runs: [(String, [String], String)] = [
        ("animo-bench", ["raster", "--workloads", workloads.path, "--runs", "1", "--out", temporaryFolder("bench").path],
         workloads.appendingPathComponent("fill_scene.json").path + ": is a folder"),
        ("animo-bench", ["corpus", "--out", "/dev/null/x"], "/dev/null/x: a part of the path is not a folder"),
        ("animo-bench", ["motion", "--plot", "/dev/null/x"], "/dev/null/x: a part of the path is not a folder"),
        ("animo-bench", ["effects", "--input", workloads.appendingPathComponent("none.png").path],
         workloads.appendingPathComponent("none.png").path + ": no such file"),
    ]
    for (name, args, expected) in runs {
        let (status, _, err) = try call(args, tool: name)
        #expect(status == 1, "\(name) \(args): \(err)")
        #expect(err.contains(expected), "\(name) \(args): \(err)")
        #expect(noDump(err), "\(name) \(args): \(err)")
        #expect(err.split(separator: "\n").count == 1, "one line: \(err)")
    }
    // compare --report into a path that cannot be a folder.
    let a = temporaryFolder("cmp-a"), b = temporaryFolder("cmp-b")
    let (status, out, err) = try call(["compare", a.path, b.path, "--report", "/dev/null/x"])
    #expect(status == 1, "\(out)\(err)")
    #expect(err.contains("/dev/null/x: a part of the path is not a folder"), "\(err)")
    #expect(noDump(err), "\(err)")
}

// MARK: - the command line

@Test func aMistypedCommandIsNotReadAsASpec() throws {
    let spec = try specFile(small)
    let (status, _, err) = try call(["rendr", spec.path, "--out", temporaryFolder("o").path])
    #expect(status == 2)
    #expect(err.contains(#"unknown command "rendr" (did you mean "render"?)"#), "\(err)")
    // `render` is a command; an existing file without .json is still a spec.
    let (s1, _, e1) = try call(["render", spec.path, "--out", temporaryFolder("o").path, "--quiet"])
    #expect(s1 == 0, "\(e1)")
    let bare = try specFile(small, name: "myspec")
    let (s2, _, e2) = try call([bare.path, "--out", temporaryFolder("o").path, "--quiet"])
    #expect(s2 == 0, "\(e2)")
    let (help, text, _) = try call(["--help"])
    #expect(help == 0 && text.contains("mistyped command"), "\(text)")
}

@Test func aFilmstripPathThatIsNotAPNGIsNamed() throws {
    let spec = try specFile(small)
    let (status, _, err) = try call([spec.path, "--out", temporaryFolder("o").path, "--filmstrip", "3", "strip.txt"])
    #expect(status == 2)
    #expect(err.contains("--filmstrip") && err.contains(#""strip.txt""#) && err.contains(".png"), "\(err)")
    #expect(!err.contains("one spec per run"), "\(err)")
}

@Test func timesPastTheEndAreRefused() throws {
    let spec = try specFile(small)
    let out = temporaryFolder("times").appendingPathComponent("frames")
    let (status, _, err) = try call([spec.path, "--out", out.path, "--times", "0.5,100"])
    #expect(status == 2)
    #expect(err.contains("--times 100") && err.contains("[0, 1]"), "\(err)")
    #expect(!FileManager.default.fileExists(atPath: out.path), "no partial output")
    let (s, _, e) = try call([spec.path, "--out", out.path, "--times", "0,1", "--quiet"])
    #expect(s == 0, "the end itself is allowed: \(e)")
    let (_, help, _) = try call(["--help"])
    #expect(help.contains("[0, duration]"), "\(help)")
}

@Test func timesThatNameOneFileAreRefusedAndRepeatsRenderOnce() throws {
    let spec = try specFile(small)
    let out = temporaryFolder("times-collide").appendingPathComponent("frames")
    let (status, _, err) = try call([spec.path, "--out", out.path, "--times", "0.5,0.4999996"])
    #expect(status == 2)
    #expect(err.contains("--times 0.5 and 0.4999996") && err.contains("t-0_500.png"), "\(err)")
    #expect(!FileManager.default.fileExists(atPath: out.path), "no partial output")
    let (s, _, e) = try call([spec.path, "--out", out.path, "--times", "0.5,0.5,0.25", "--quiet"])
    #expect(s == 0, "\(e)")
    let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }.sorted()
    #expect(files == ["t-0_250.png", "t-0_500.png"], "\(files)")
}

@Test func aSpecIsReadFromStandardInput() throws {
    let folder = temporaryFolder("stdin")
    let out = folder.appendingPathComponent("frames")
    let (status, _, err) = try call(["-", "--out", out.path, "--quiet"], stdin: Data(small.utf8), in: folder)
    #expect(status == 0, "\(err)")
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("frame-0000.png").path))
    let (bad, _, badErr) = try call(["-", "--out", folder.appendingPathComponent("x").path], stdin: Data(twoLateErrors.utf8), in: folder)
    #expect(bad == 2)
    #expect(badErr.contains("<stdin>:3:63: content[0].modifiers[0].colorEffect.shader"), "\(badErr)")
    let (lint, lintOut, lintErr) = try call(["lint", "-"], stdin: Data(small.utf8))
    #expect(lint == 0, "\(lintOut)\(lintErr)")
}
