// The commands end to end through the animo-render executable (built beside this test
// bundle by `swift test`): verify on the renderable examples and on broken copies, lint ids with
// one spec that triggers each and one that does not, goldens on a temporary folder.
import Foundation
import Testing
import AnimoTestSupport

private let repo = Repository.root

/// Runs animo-render; returns (exit status, stdout + stderr).
private func run(_ args: [String], in dir: URL? = nil) throws -> (Int32, String) {
    let r = try runTool(args, in: dir, merged: true)
    return (r.status, r.out)
}

private func writeSpec(_ json: String, name: String = "spec.json") throws -> URL {
    let u = temporaryFolder("spec").appendingPathComponent(name)
    try Data(json.utf8).write(to: u)
    return u
}

// MARK: - verify

@Test(arguments: ["entrance-stagger", "activity-rings"])
func verifyPassesOnTheRenderableExamples(_ name: String) throws {
    let (status, out) = try run(["verify", repo.appendingPathComponent("Goldens/scenes/\(name)/spec.json").path])
    #expect(status == 0, "\(out)")
    #expect(out.contains("expectations hold"))
    #expect(!out.contains("FAIL"))
}

@Test func verifyFailsWhenAFrameEqualsTheOneItMustChangeFrom() throws {
    // phase-bounce's first cycle ends at 0.7 s on the first phase's values (each 0.35 s curve
    // advances at its logical completion), so the frame at 0.7 s equals the one at 0 s: a
    // `changesFrom` there must fail, while the example's own instants (0.5 s, 1.05 s) hold.
    let source = try String(contentsOf: repo.appendingPathComponent("Goldens/scenes/phase-bounce/spec.json"), encoding: .utf8)
    let ok = try run(["verify", repo.appendingPathComponent("Goldens/scenes/phase-bounce/spec.json").path])
    #expect(ok.0 == 0, "\(ok.1)")
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animo-verify-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let edited = source.replacingOccurrences(of: #""at": 1.05, "changesFrom": 0.0"#, with: #""at": 0.7, "changesFrom": 0.0"#)
    #expect(edited != source)
    let file = dir.appendingPathComponent("spec.json")
    try edited.write(to: file, atomically: true, encoding: .utf8)
    let (status, out) = try run(["verify", file.path])
    #expect(status == 1, "\(out)")
    #expect(out.contains("FAIL  expect[2] at 0.7: changesFrom 0: 0 px changed"), "\(out)")
    #expect(out.contains("3 of 4 expectations hold"), "only expect[2] fails: \(out)")
}

@Test func verifyFailsALoaderSaidToBeUnchanged() throws {
    // The same phase-bounce loop: its frame at 0.7 s is its first one again (expect[3], sameAs),
    // but the loop goes on, so `unchanged` from there to 1.05 s must fail at the next frame.
    let source = try String(contentsOf: repo.appendingPathComponent("Goldens/scenes/phase-bounce/spec.json"), encoding: .utf8)
    let edited = source.replacingOccurrences(of: #"{ "at": 0.7, "sameAs": 0,"#, with: #"{ "at": 0.7, "until": 1.05, "unchanged": true,"#)
    #expect(edited != source)
    let file = try writeSpec(edited)
    let (status, out) = try run(["verify", file.path])
    #expect(status == 1, "\(out)")
    #expect(out.contains("FAIL  expect[3] at 0.7: unchanged until 1.05 (0.700…1.050 s, 12 frames): the frame at 0.733 s differs in"), "\(out)")
}

@Test func verifyFailsABrokenEntranceStaggerThatStartsAtItsDestination() throws {
    let original = try String(contentsOf: repo.appendingPathComponent("Goldens/scenes/entrance-stagger/spec.json"), encoding: .utf8)
    let broken = original.replacingOccurrences(of: #""state": { "appeared": false }"#, with: #""state": { "appeared": true }"#)
    #expect(broken != original)
    let (status, out) = try run(["verify", try writeSpec(broken).path])
    #expect(status == 1, "\(out)")
    #expect(out.contains("FAIL  expect[0] at 0.05: blank:"), "\(out)")
}

@Test(arguments: ["metaball-fab", "checkmark-draw-on", "star-loader", "liquid-step-slider", "liquid-metal"])
func verifyPassesOnTheComponentAndShaderExamples(_ name: String) throws {
    let (status, out) = try run(["verify", repo.appendingPathComponent("Goldens/scenes/\(name)/spec.json").path])
    #expect(status == 0, "\(out)")
    #expect(out.contains("expectations hold"), "\(out)")
    #expect(!out.contains("FAIL"), "\(out)")
}

@Test func verifyFailsAMetaballWhoseRestSpacingIsTooSmall() throws {
    // Blob offset 60 pt between centers of radius-27 blobs: 60 < 2·27 + 2·blur, so the blobs stay
    // joined at rest and the expanded pose cannot show 4 separate components.
    let original = try String(contentsOf: repo.appendingPathComponent("Goldens/scenes/metaball-fab/spec.json"), encoding: .utf8)
    let broken = original.replacingOccurrences(of: "(i + 1) * 92 * progress", with: "(i + 1) * 60 * progress")
    #expect(broken != original)
    let (status, out) = try run(["verify", try writeSpec(broken).path])
    #expect(status == 1, "\(out)")
    #expect(out.contains("FAIL  expect[2] at rest:0 ("), "\(out)")
    #expect(out.contains("(expected = 4)"), "\(out)")
    #expect(out.contains("ok    expect[0]"), "the collapsed pose is unchanged: \(out)")
}

@Test func verifyFailsADrawOnWhoseStateStartsVisible() throws {
    // isActive is true = hidden: starting at false shows the checkmark from the first frame, and
    // the event setting false again changes nothing, so no trace plays.
    let original = try String(contentsOf: repo.appendingPathComponent("Goldens/scenes/checkmark-draw-on/spec.json"), encoding: .utf8)
    let broken = original.replacingOccurrences(of: #""state": { "isDrawSymbolHidden": true }"#, with: #""state": { "isDrawSymbolHidden": false }"#)
    #expect(broken != original)
    let (status, out) = try run(["verify", try writeSpec(broken).path])
    #expect(status == 1, "\(out)")
    #expect(out.contains("FAIL  expect[0] at 0.4: coverage"), "visible before the first toggle: \(out)")
    #expect(out.contains("FAIL  expect[1] at mid:0"), "no partial stroke mid-trace: \(out)")
}

@Test func verifyRendersComponents() throws {
    let spec = #"{"canvas": {"width": 40, "height": 40}, "duration": 1, "content": [{"symbol": {"name": "checkmark", "pointSize": 20, "color": "white"}}], "expect": [{"at": 0, "notBlank": true}]}"#
    let (status, out) = try run(["verify", try writeSpec(spec).path])
    #expect(status == 0, "\(out)")
    #expect(out.contains("1 of 1 expectations hold"), "\(out)")
}

@Test func verifyCountsComponentsAndCoverageOfASimpleScene() throws {
    // Two 20×20 squares 20 pt apart on black, at scale 1: 2 components, coverage 800 / 6400.
    let spec = #"{"canvas": {"width": 80, "height": 80, "scale": 1, "background": "black"}, "duration": 1, "content": [{"rectangle": {"frame": [10, 10, 20, 20]}, "fill": "white"}, {"rectangle": {"frame": [50, 10, 20, 20]}, "fill": "white"}], "expect": [{"at": 0, "components": 2}, {"at": 0, "coverage": {"min": 0.1249, "max": 0.1251}}, {"at": 0, "region": [0, 40, 80, 40], "blank": true}, {"at": 0, "components": 1}]}"#
    let (status, out) = try run(["verify", try writeSpec(spec).path])
    #expect(status == 1, "\(out)")
    #expect(out.contains("ok    expect[0] at 0: components 2"), "\(out)")
    #expect(out.contains("ok    expect[1] at 0: coverage 0.125"), "\(out)")
    #expect(out.contains("ok    expect[2]"), "\(out)")
    #expect(out.contains("FAIL  expect[3] at 0: components 2 (expected = 1)"), "\(out)")
}

// MARK: - lint

private let head = #""canvas": {"width": 200, "height": 200}, "duration": 2"#

/// (id, a spec that triggers it, a spec that does not).
private let lintCases: [(String, String, String)] = [
    ("metaball-teardrop",
     #"{\#(head), "content": [{"metaball": {"blobs": [{"center": [50, 100], "radius": 20}, {"center": [100, 100], "radius": 20}], "color": "white", "blur": 10}}]}"#,
     #"{\#(head), "content": [{"metaball": {"blobs": [{"center": [50, 100], "radius": 20}, {"center": [115, 100], "radius": 20}], "color": "white", "blur": 10}}]}"#),
    ("metaball-shrinking-blob",
     #"{\#(head), "state": {"s": 1}, "events": [{"at": 0.5, "set": {"s": 0.4}}], "content": [{"metaball": {"blobs": [{"center": [100, 100], "radius": "=30 * s"}], "color": "white", "blur": 10}}]}"#,
     #"{\#(head), "state": {"s": 1}, "events": [{"at": 0.5, "set": {"s": 0.9}}], "content": [{"metaball": {"blobs": [{"center": [100, 100], "radius": "=30 * s"}], "color": "white", "blur": 10}}]}"#),
    ("thin-fill-blur",
     #"{\#(head), "content": [{"canvas": {"filters": [{"alphaThreshold": {"min": 0.5, "color": "white"}}, {"blur": {"radius": 9}}], "content": [{"capsule": {"frame": [20, 50, 160, 10]}, "fill": "white"}]}}]}"#,
     #"{\#(head), "content": [{"canvas": {"filters": [{"alphaThreshold": {"min": 0.5, "color": "white"}}, {"blur": {"radius": 5}}], "content": [{"capsule": {"frame": [20, 50, 160, 10]}, "fill": "white"}]}}]}"#),
    ("metaball-fast-spring",
     #"{\#(head), "state": {"p": 0}, "events": [{"at": 0.2, "set": {"p": 1}, "animation": {"spring": {"response": 0.35, "dampingFraction": 0.7}}}], "content": [{"metaball": {"blobs": [{"center": [100, 150], "radius": 20}, {"center": [100, "=150 - 90 * p"], "radius": 20}], "color": "white", "blur": 10, "animatable": ["p"]}}]}"#,
     #"{\#(head), "state": {"p": 0}, "events": [{"at": 0.2, "set": {"p": 1}, "animation": {"spring": {"response": 0.8, "dampingFraction": 0.7}}}], "content": [{"metaball": {"blobs": [{"center": [100, 150], "radius": 20}, {"center": [100, "=150 - 90 * p"], "radius": 20}], "color": "white", "blur": 10, "animatable": ["p"]}}]}"#),
    ("draw-on-fill-glyph",
     #"{\#(head), "state": {"h": true}, "events": [{"at": 0.5, "set": {"h": false}}], "content": [{"symbol": {"name": "heart.fill", "pointSize": 40, "color": "white", "effect": {"drawOn": {}, "isActive": "=h"}}}]}"#,
     #"{\#(head), "state": {"h": true}, "events": [{"at": 0.5, "set": {"h": false}}], "content": [{"symbol": {"name": "heart", "pointSize": 40, "color": "white", "effect": {"drawOn": {}, "isActive": "=h"}}}]}"#),
    ("draw-on-starts-visible",
     #"{\#(head), "state": {"h": false}, "events": [{"at": 0.5, "set": {"h": true}}], "content": [{"symbol": {"name": "checkmark", "pointSize": 40, "color": "white", "effect": {"drawOn": {}, "isActive": "=h"}}}]}"#,
     #"{\#(head), "state": {"h": true}, "events": [{"at": 0.5, "set": {"h": false}}], "content": [{"symbol": {"name": "checkmark", "pointSize": 40, "color": "white", "effect": {"drawOn": {}, "isActive": "=h"}}}]}"#),
    ("appear-flag-at-destination",
     #"{\#(head), "state": {"appeared": true}, "events": [{"at": 0.1, "set": {"appeared": true}}], "content": [{"circle": {"center": [100, 100], "radius": 20}, "modifiers": [{"opacity": "=appeared ? 1 : 0"}]}]}"#,
     #"{\#(head), "state": {"appeared": false}, "events": [{"at": 0.1, "set": {"appeared": true}}], "content": [{"circle": {"center": [100, 100], "radius": 20}, "modifiers": [{"opacity": "=appeared ? 1 : 0"}]}]}"#),
    ("loader-spring-driven",
     #"{\#(head), "state": {"r": 0}, "events": [{"at": 0, "set": {"r": 360}, "animation": {"spring": {"response": 1}, "repeatForever": true}}], "content": [{"circle": {"center": [100, 60], "radius": 8}, "modifiers": [{"rotationEffect": "=r"}]}]}"#,
     #"{\#(head), "content": [{"circle": {"center": [100, 60], "radius": 8}, "modifiers": [{"rotationEffect": "=360 * t / 1.2"}]}]}"#),
    ("glass-spacing",
     #"{\#(head), "content": [{"hstack": {"spacing": 12, "content": [{"color": "clear", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"glassEffect": {"shape": "circle"}}]}, {"color": "clear", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"glassEffect": {"shape": "circle"}}]}]}, "modifiers": [{"glassEffectContainer": {"spacing": 18}}]}]}"#,
     #"{\#(head), "content": [{"hstack": {"spacing": 30, "content": [{"color": "clear", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"glassEffect": {"shape": "circle"}}]}, {"color": "clear", "modifiers": [{"frame": {"width": 40, "height": 40}}, {"glassEffect": {"shape": "circle"}}]}]}, "modifiers": [{"glassEffectContainer": {"spacing": 18}}]}]}"#),
    ("glass-fast-motion",
     #"{\#(head), "state": {"s": false}, "events": [{"at": 0.2, "set": {"s": true}, "animation": {"spring": {"response": 0.3, "dampingFraction": 0.8}}}], "content": [{"color": "clear", "modifiers": [{"frame": {"width": 60, "height": 30}}, {"glassEffect": true}, {"offset": ["=s ? 150 : -150", 0]}]}]}"#,
     #"{\#(head), "state": {"s": false}, "events": [{"at": 0.2, "set": {"s": true}, "animation": {"spring": {"response": 0.5, "dampingFraction": 0.8}}}], "content": [{"color": "clear", "modifiers": [{"frame": {"width": 60, "height": 30}}, {"glassEffect": true}, {"offset": ["=s ? 40 : -40", 0]}]}]}"#),
    ("glass-clip-shape",
     #"{\#(head), "content": [{"color": "clear", "modifiers": [{"frame": {"width": 60, "height": 30}}, {"glassEffect": true}, {"clipShape": {"roundedRectangle": {"cornerRadius": 8}}}]}]}"#,
     #"{\#(head), "content": [{"color": "clear", "modifiers": [{"frame": {"width": 60, "height": 30}}, {"glassEffect": {"shape": {"roundedRectangle": {"cornerRadius": 8}}}}]}]}"#),
    ("glass-untinted-dark",
     #"{"canvas": {"width": 300, "height": 300, "background": "black"}, "duration": 2, "content": [{"color": "clear", "modifiers": [{"frame": {"width": 240, "height": 140}}, {"glassEffect": {"shape": {"roundedRectangle": {"cornerRadius": 28}}}}]}]}"#,
     #"{"canvas": {"width": 300, "height": 300, "background": "black"}, "duration": 2, "content": [{"color": "clear", "modifiers": [{"frame": {"width": 240, "height": 140}}, {"glassEffect": {"tint": {"white": 0, "opacity": 0.28}, "shape": {"roundedRectangle": {"cornerRadius": 28}}}}]}]}"#),
]

@Test(arguments: lintCases.map(\.0))
func lintIdIsReportedOnlyWhenItsTrapIsPresent(_ id: String) throws {
    let c = try #require(lintCases.first { $0.0 == id })
    let (bad, badOut) = try run(["lint", try writeSpec(c.1).path])
    #expect(bad == 1, "\(badOut)")
    #expect(badOut.contains("[\(id)]"), "\(badOut)")
    let (good, goodOut) = try run(["lint", try writeSpec(c.2).path])
    #expect(!goodOut.contains("[\(id)]"), "\(goodOut)")
    #expect(good == 0 || !goodOut.contains("[\(id)]"), "\(goodOut)")
}

@Test func lintFindsNothingInTheCleanExamples() throws {
    for name in ["entrance-stagger", "activity-rings", "phase-bounce"] {
        let (status, out) = try run(["lint", repo.appendingPathComponent("Goldens/scenes/\(name)/spec.json").path])
        #expect(status == 0, "\(name): \(out)")
    }
}

// MARK: - goldens and compare

@Test func goldensRecordsMissingThenPassesThenFailsOnAChangedSpec() throws {
    let root = temporaryFolder("goldens")
    let caseDir = root.appendingPathComponent("dot")
    try FileManager.default.createDirectory(at: caseDir, withIntermediateDirectories: true)
    let spec = #"{"canvas": {"width": 40, "height": 30, "scale": 1, "background": "black"}, "duration": 1, "state": {"x": 10}, "events": [{"at": 0.2, "set": {"x": 30}, "animation": {"easeInOut": {"duration": 0.4}}}], "content": [{"circle": {"center": ["=x", 15], "radius": 6}, "fill": "white"}]}"#
    try Data(spec.utf8).write(to: caseDir.appendingPathComponent("spec.json"))
    try Data("[0.3]".utf8).write(to: caseDir.appendingPathComponent("times.json"))

    let (missing, missingOut) = try run(["goldens", root.path])
    #expect(missing == 1, "never is the default: missing goldens fail: \(missingOut)")
    let (rec, recOut) = try run(["goldens", root.path, "--record", "missing"])
    #expect(rec == 0, "\(recOut)")
    #expect(FileManager.default.fileExists(atPath: caseDir.appendingPathComponent("t-0.300.png").path))
    #expect(FileManager.default.fileExists(atPath: caseDir.appendingPathComponent("mid-0.png").path))
    let (ok, okOut) = try run(["goldens", root.path])
    #expect(ok == 0, "\(okOut)")
    #expect(okOut.contains("1 case: 1 passed, 0 failed"), "\(okOut)")

    try Data(spec.replacingOccurrences(of: "\"radius\": 6", with: "\"radius\": 7").utf8).write(to: caseDir.appendingPathComponent("spec.json"))
    let report = temporaryFolder("goldens-report")
    let (fail, failOut) = try run(["goldens", root.path, "--report", report.path])
    #expect(fail == 1, "\(failOut)")
    #expect(failOut.contains("FAILED  dot"), "\(failOut)")
    #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("report.html").path))
    // A shard that does not hold the case runs nothing and passes.
    let (shard, shardOut) = try run(["goldens", root.path, "--shard", "2/2"])
    #expect(shard == 0 && shardOut.contains("0 cases"), "\(shardOut)")
    let (bad, _) = try run(["goldens", root.path, "--shard", "3/2"])
    #expect(bad == 2)
}

@Test func compareExitStatusesAndFigures() throws {
    let dir = temporaryFolder("cmp")
    let a = dir.appendingPathComponent("a.png"), b = dir.appendingPathComponent("b.png")
    var bytes = solid(12, 12, (30, 30, 30, 255))
    try PNGFile.write(bytes, 12, 12, to: a)
    setPixel(&bytes, 12, 6, 6, (250, 250, 250, 255))
    try PNGFile.write(bytes, 12, 12, to: b)
    #expect(try run(["compare", a.path, a.path]).0 == 0)
    let (status, out) = try run(["compare", b.path, a.path])
    #expect(status == 1)
    #expect(out.contains("max Δ 220, 1 px differ, 1 perceptibly"), "\(out)")
    #expect(try run(["compare", a.path]).0 == 2)
    #expect(try run(["compare", a.path, dir.path]).0 == 2)
}

// MARK: - render warnings

@Test func renderPrintsTheBlackShaderWarningWithItsPath() throws {
    // identityColor over a black rectangle: the classic silent-black failure on a device.
    let spec = try writeSpec("""
    {"canvas": {"width": 40, "height": 40, "scale": 1, "background": "black"}, "duration": 0.1,
     "content": [{"rectangle": {"frame": [0, 0, 40, 40]}, "fill": "black",
       "modifiers": [{"colorEffect": {"shader": "identityColor", "arguments": []}}]}]}
    """)
    let out = temporaryFolder("black-out")
    let (status, text) = try run([spec.path, "--out", out.path, "--quiet"])
    #expect(status == 0)
    #expect(text.contains("warning") && text.contains("content[0].modifiers[0].colorEffect") && text.contains("black"), "\(text)")
    // A lit shader gives no such warning.
    let lit = try writeSpec("""
    {"canvas": {"width": 40, "height": 40, "scale": 1, "background": "black"}, "duration": 0.1,
     "content": [{"rectangle": {"frame": [0, 0, 40, 40]}, "fill": "black",
       "modifiers": [{"colorEffect": {"shader": "plasma", "arguments": [{"float2": [40, 40]}, {"float": "=t"}]}}]}]}
    """, name: "lit.json")
    let (status2, text2) = try run([lit.path, "--out", temporaryFolder("lit-out").path, "--quiet"])
    #expect(status2 == 0)
    #expect(!text2.contains("warning"), "\(text2)")
}

// MARK: - render: memory, spec size, the output folder

/// A finished animo-render process: exit status (nil if killed by a signal), its output, and its
/// peak resident set size in KiB (0 when not measured).
private struct Finished {
    var status: Int32?
    var output: String
    var peakKB: Int
}

/// Starts animo-render (after `prefix`, e.g. a program that runs it) with stdout and stderr into a
/// file; returns its pid and that file.
private func spawn(_ args: [String], prefix: [String] = []) throws -> (pid_t, URL) {
    let exe = try builtTool().path
    let log = temporaryFolder("log").appendingPathComponent("output.txt")
    let argv0 = prefix + [exe] + args
    var cargs: [UnsafeMutablePointer<CChar>?] = argv0.map { strdup($0) } + [nil]
    defer { for p in cargs { free(p) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, argv0[0], &actions, nil, &cargs, environ)
    guard rc == 0 else { throw ToolError(description: "posix_spawnp \(argv0[0]): \(String(cString: strerror(rc)))") }
    return (pid, log)
}

/// Waits for a spawned process and collects what it left.
private func finish(_ pid: pid_t, _ log: URL) -> Finished {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exited = status & 0x7F == 0
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return Finished(status: exited ? (status >> 8) & 0xFF : nil, output: text, peakKB: 0)
}

/// The line `measure` adds to the output.
private let peakMarker = "animo-test-peak-kb "

/// Runs a command as the child of a small Python process and prints that child's peak RSS (wait4's
/// ru_maxrss) as a last line. A process's ru_maxrss includes the memory of the process it was
/// spawned from (Linux records the old address space's peak at execve, and posix_spawn's child
/// shares the parent's until then), so a child of this test process would report the test
/// process's own hundreds of MB; a grandchild forked from a 10 MB Python process does not.
private let measure = ["python3", "-c", """
import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
sys.stdout.flush()
os.write(2, ("\\n\(peakMarker)%d\\n" % usage.ru_maxrss).encode())
sys.exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128)
"""]

/// Runs animo-render to the end.
private func runToEnd(_ args: [String], prefix: [String] = []) throws -> Finished {
    let (pid, log) = try spawn(args, prefix: prefix)
    return finish(pid, log)
}

/// Runs animo-render to the end and measures its peak memory.
private func runMeasured(_ args: [String], prefix: [String] = []) throws -> Finished {
    let (pid, log) = try spawn(args, prefix: prefix + measure)
    var r = finish(pid, log)
    var lines = r.output.components(separatedBy: "\n")
    if let i = lines.lastIndex(where: { $0.hasPrefix(peakMarker) }) {
        r.peakKB = Int(lines[i].dropFirst(peakMarker.count)) ?? 0
        lines.remove(at: i)
        if i > 0, lines[i - 1].isEmpty { lines.remove(at: i - 1) }
    } else {
        Issue.record("no peak RSS reported (python3 is needed to measure it): \(r.output)")
    }
    r.output = lines.joined(separator: "\n")
    return r
}

/// A circle moving across a `side`² canvas at scale 1 for `seconds` at 30 fps.
private func movingCircleSpec(side: Int, seconds: Double) throws -> URL {
    try writeSpec("""
    {"canvas": {"width": \(side), "height": \(side), "scale": 1, "background": "black"}, "duration": \(seconds), "fps": 30,
     "state": {"x": 10},
     "events": [{"at": 0, "set": {"x": \(side - 10)}, "animation": {"linear": {"duration": \(seconds)}}}],
     "content": [{"circle": {"center": ["=x", \(side / 2)], "radius": \(max(3, side / 12))}, "fill": "orange"}]}
    """, name: "moving-\(side)-\(seconds).json")
}

private func listing(_ dir: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
}

@Test func animationExportsKeepMemoryBoundedWhateverTheFrameCount() throws {
    // 241 frames of 400² with --gif --apng. Holding every frame as 8-bit RGBA costs 154 MB, and the
    // GIF's packed copies as much again (345 MB peak measured when the encoders kept whole
    // sequences); streamed, the peak is the process plus a few frames per thread.
    let spec = try movingCircleSpec(side: 400, seconds: 8)
    let out = temporaryFolder("mem")
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try runMeasured([spec.path, "--out", out.path, "--gif", "--apng", "--quiet", "--threads", "2"])
    #expect(r.status == 0, "\(r.output)")
    #expect(r.peakKB < 150_000, "peak RSS \(r.peakKB) KB")
    let files = try listing(out)
    #expect(files.contains("animation.gif") && files.contains("animation.png") && files.contains("frame-0240.png"))
}

@Test func anOversizedSpecIsRefusedBeforeItIsRead() throws {
    // A sparse 200 MB file: no disk and no memory to make, but reading it costs 200 MB (420 MB peak
    // when the whole file was read before the size check).
    let dir = temporaryFolder("huge")
    defer { try? FileManager.default.removeItem(at: dir) }
    let spec = dir.appendingPathComponent("huge.json")
    #expect(FileManager.default.createFile(atPath: spec.path, contents: nil))
    let h = try FileHandle(forWritingTo: spec)
    try h.truncate(atOffset: 200 << 20)
    try h.close()
    let r = try runMeasured([spec.path, "--out", dir.appendingPathComponent("out").path, "--quiet"])
    #expect(r.status == 2, "\(r.output)")
    #expect(r.output.contains("huge.json") && r.output.contains("209715200 bytes") && r.output.contains("16777216"), "\(r.output)")
    #expect(r.output.split(separator: "\n").count == 1, "one line: \(r.output)")
    #expect(r.peakKB < 100_000, "peak RSS \(r.peakKB) KB: the file was read")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
}

@Test func aRerunLeavesExactlyItsOwnFilesAndNothingOfOthers() throws {
    let out = temporaryFolder("rerun")
    defer { try? FileManager.default.removeItem(at: out) }
    let fm = FileManager.default
    // Run 1: 11 frames and every export.
    let long = try movingCircleSpec(side: 40, seconds: 1)
    let r1 = try runToEnd([long.path, "--out", out.path, "--fps", "10", "--gif", "--apng", "--sheet", "--filmstrip", "3", "--quiet"])
    #expect(r1.status == 0, "\(r1.output)")
    #expect(try listing(out).contains("frame-0010.png") && listing(out).contains("sheet.png"))
    // Things that are not ours, or named like ours but not regular files: never touched.
    try Data("mine".utf8).write(to: out.appendingPathComponent("notes.txt"))
    try fm.createDirectory(at: out.appendingPathComponent("frame-0050.png"), withIntermediateDirectories: true)
    try fm.createSymbolicLink(atPath: out.appendingPathComponent("frame-0051.png").path, withDestinationPath: "notes.txt")
    // Run 2: 6 frames, no exports.
    let short = try movingCircleSpec(side: 40, seconds: 0.5)
    let r2 = try runToEnd([short.path, "--out", out.path, "--fps", "10", "--quiet"])
    #expect(r2.status == 0, "\(r2.output)")
    let frames = (0...5).map { "frame-000\($0).png" }
    #expect(try listing(out) == (frames + ["frame-0050.png", "frame-0051.png", "manifest.json", "notes.txt"]).sorted())
    #expect(try String(contentsOf: out.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
    let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("manifest.json"))) as? [String: Any]
    let listed = (manifest?["frames"] as? [[String: Any]])?.compactMap { $0["file"] as? String }
    #expect(listed == frames)
    // Run 3: instants and key poses replace the sequence.
    let r3 = try runToEnd([short.path, "--out", out.path, "--times", "0.2", "--key-poses", "--quiet"])
    #expect(r3.status == 0, "\(r3.output)")
    #expect(try listing(out) == ["first.png", "frame-0050.png", "frame-0051.png", "last.png", "manifest.json",
                                  "mid-0.png", "notes.txt", "rest-0.png", "start-0.png", "t-0_200.png"])
}

@Test func anInterruptedRunLeavesNoManifest() throws {
    let out = temporaryFolder("killed")
    defer { try? FileManager.default.removeItem(at: out) }
    let spec = try movingCircleSpec(side: 300, seconds: 40)
    let done = try runToEnd([spec.path, "--out", out.path, "--times", "0", "--quiet"])
    #expect(done.status == 0, "\(done.output)")
    #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("manifest.json").path))
    // A long render, killed once its first frames are on disk.
    let (pid, log) = try spawn([spec.path, "--out", out.path, "--quiet", "--threads", "1"])
    let deadline = Date().addingTimeInterval(120)
    while !FileManager.default.fileExists(atPath: out.appendingPathComponent("frame-0002.png").path) && Date() < deadline {
        usleep(20_000)
    }
    kill(pid, SIGKILL)
    let r = finish(pid, log)
    #expect(r.status == nil, "the render ended before it was killed: \(r.output)")
    let left = try listing(out)
    #expect(!left.contains("manifest.json"), "a manifest claims a complete run: \(left.prefix(8))")
}

@Test func outFolderProblemsAreOneClearLine() throws {
    let spec = try movingCircleSpec(side: 20, seconds: 0.1)
    let dir = temporaryFolder("badout")
    defer { chmod(dir.appendingPathComponent("ro").path, 0o755); try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("afile")
    try Data("x".utf8).write(to: file)
    let nested = file.appendingPathComponent("sub")
    var cases: [(out: URL, reason: String, prefix: [String])] = [
        (file, "not a folder", []),
        (nested, "\(file.path) is a file", []),
    ]
    // A folder the user cannot write to (root writes anywhere, so drop to nobody when root).
    let readOnly = dir.appendingPathComponent("ro")
    try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
    chmod(readOnly.path, 0o555)
    chmod(dir.path, 0o755)
    let asNobody = getuid() == 0 ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
    if getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
        cases.append((readOnly, "not writable", asNobody))
        cases.append((readOnly.appendingPathComponent("new"), "cannot create", asNobody))
    }
    for c in cases {
        let r = try runToEnd([spec.path, "--out", c.out.path, "--quiet"], prefix: c.prefix)
        #expect(r.status == 1, "\(c.out.path): \(r.output)")
        let lines = r.output.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("animo-render: --out \(c.out.path): ") && lines[0].contains(c.reason),
                "\(c.out.path): \(r.output)")
        #expect(!r.output.contains("NSCocoaErrorDomain"))
    }
}

// MARK: - key poses and the sheet

@Test func keyPosesAfterTheEndAreSaidNotRendered() throws {
    // bar-loader's last toggle at 2.3 s comes to halfway at 2.634 s and rests at 3.05 s, after its
    // 2.5 s.
    let out = temporaryFolder("poses")
    let (status, text) = try run([repo.appendingPathComponent("Goldens/scenes/bar-loader/spec.json").path, "--out", out.path,
                                  "--key-poses", "--scale", "0.25"])
    #expect(status == 0, "\(text)")
    #expect(text.contains("rest:3 would be at 3.050 s, outside the spec's 0…2.5 s: not rendered"), "\(text)")
    #expect(text.contains("mid:3 would be at 2.634 s"), "\(text)")
    let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(files.contains("mid-1.png") && !files.contains("rest-3.png") && !files.contains("mid-3.png"), "\(files.sorted())")
}

@Test func theSheetOfALoopWithoutEventsIsOnePeriod() throws {
    let out = temporaryFolder("sheet")
    let (status, text) = try run([repo.appendingPathComponent("Goldens/scenes/star-loader/spec.json").path, "--out", out.path,
                                  "--sheet", "--scale", "0.5"])
    #expect(status == 0, "\(text)")
    #expect(text.contains("(8 key poses)"), "\(text)")
}
