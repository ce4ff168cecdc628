// The machine outputs through the executable: --json on every command (each document valid
// against docs/output.schema.json), JUnit XML and GitHub annotations for verify, lint and goldens,
// lint suppressions, goldens refusing a folder with no case, and report merging shards.
import Foundation
import Testing
import AnimoTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif

private let repo = Repository.root

/// Runs animo-render; returns (status, stdout, stderr).
private func cli(_ args: [String], in dir: URL? = nil) throws -> (status: Int32, out: String, err: String) {
    try runTool(args, in: dir)
}

private func outputSchema() -> JSONSchemaValidator? {
    try? JSONSchemaValidator(schema: SchemaJSON.parse(Data(contentsOf: repo.appendingPathComponent("docs/output.schema.json"))))
}

/// Parses a --json document and checks it against docs/output.schema.json.
private func document(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let schema = try #require(outputSchema(), "docs/output.schema.json must load", sourceLocation: sourceLocation)
    let violations = try schema.validate(json: text)
    #expect(violations.isEmpty, "not valid against docs/output.schema.json: \(violations.prefix(5))\n\(text.prefix(600))", sourceLocation: sourceLocation)
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], sourceLocation: sourceLocation)
}

private func write(_ text: String, to name: String, in dir: URL) throws -> URL {
    let u = dir.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: u)
    return u
}

/// A dot easing from x = 10 to 30 over 0.4 s from an event at `at` (key poses at, at + 0.2, at + 0.4).
private func dot(at: String) -> String {
    #"{"canvas": {"width": 40, "height": 30, "scale": 1, "background": "black"}, "duration": 1, "state": {"x": 10}, "events": [{"at": \#(at), "set": {"x": 30}, "animation": {"easeInOut": {"duration": 0.4}}}], "content": [{"circle": {"center": ["=x", 15], "radius": 6}, "fill": "white"}]}"#
}

// MARK: - lint

@Test func lintListsSuppressedFindingsWithTheirReasonsAndPasses() throws {
    let spec = repo.appendingPathComponent("Goldens/scenes/liquid-step-slider/spec.json").path
    let text = try cli(["lint", spec])
    #expect(text.status == 0, "\(text.out)\(text.err)")
    #expect(text.out.contains("[thin-fill-blur] suppressed (row 1 demonstrates the trap"), "\(text.out)")
    #expect(text.out.contains("0 findings (2 suppressed)"), "\(text.out)")
    let json = try cli(["lint", spec, "--json"])
    #expect(json.status == 0)
    let doc = try document(json.out)
    #expect(doc["status"] as? String == "passed")
    let findings = ((doc["specs"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]]) ?? []
    #expect(findings.count == 2)
    for f in findings {
        #expect(f["suppressed"] as? Bool == true, "\(f)")
        #expect((f["reason"] as? String)?.isEmpty == false, "\(f)")
        #expect((f["line"] as? Int ?? 0) > 0, "\(f)")
    }
}

@Test func lintWritesJUnitAndAnnotationsForOpenFindings() throws {
    let dir = temporaryFolder("lint-ci")
    // thin-fill-blur: a 10 pt capsule under blur 9, at line 3.
    let spec = try write("""
        {"canvas": {"width": 200, "height": 200}, "duration": 2,
         "content": [{"canvas": {"filters": [{"alphaThreshold": {"min": 0.5, "color": "white"}}, {"blur": {"radius": 9}}],
           "content": [{"capsule": {"frame": [20, 50, 160, 10]}, "fill": "white"}]}}]}
        """, to: "thin.json", in: dir)
    let junit = dir.appendingPathComponent("reports/lint.xml")
    let r = try cli(["lint", "thin.json", "--junit", junit.path, "--annotations", "github"], in: dir)
    #expect(r.status == 1, "\(r.out)\(r.err)")
    let annotation = try #require(r.out.split(separator: "\n").first { $0.hasPrefix("::error ") }.map(String.init), "\(r.out)")
    #expect(annotation.hasPrefix("::error file=thin.json,line=3,col="), "\(annotation)")
    #expect(annotation.contains("::[thin-fill-blur] content[0].canvas.content[0]"), "\(annotation)")
    _ = spec
    let xml = try String(contentsOf: junit, encoding: .utf8)
    // One case per rule that found nothing (11) and one per finding.
    #expect(xml.contains(#"<testsuite name="lint thin.json" tests="12" failures="1" errors="0" skipped="0""#), "\(xml)")
    #expect(xml.contains(#"name="thin-fill-blur at content[0].canvas.content[0]" file="thin.json" line="3""#), "\(xml)")
    #expect(xml.contains("<failure message=\"[thin-fill-blur]"), "\(xml)")
    // Well-formed XML.
    #expect(throws: Never.self) { _ = try XMLDocument(data: Data(xml.utf8)) }
}

@Test func anUnknownRuleInIgnoreIsAnErrorInEveryOutput() throws {
    let dir = temporaryFolder("lint-unknown")
    _ = try write(#"{"canvas": {"width": 40, "height": 40}, "duration": 1, "lint": {"ignore": {"thin-fil-blur": "typo"}}, "content": [{"circle": {"center": [20, 20], "radius": 5}}]}"#, to: "s.json", in: dir)
    let text = try cli(["lint", "s.json"], in: dir)
    #expect(text.status == 2)
    #expect(text.err.contains("s.json:1:76: lint.ignore.thin-fil-blur: unknown lint rule \"thin-fil-blur\" (did you mean \"thin-fill-blur\"?)"), "\(text.err)")
    let json = try cli(["lint", "s.json", "--json"], in: dir)
    #expect(json.status == 2)
    let doc = try document(json.out)
    #expect(doc["status"] as? String == "error")
    let e = try #require((doc["errors"] as? [[String: Any]])?.first)
    #expect(e["line"] as? Int == 1 && e["column"] as? Int == 76 && e["path"] as? String == "lint.ignore.thin-fil-blur", "\(e)")
    let gh = try cli(["lint", "s.json", "--annotations", "github"], in: dir)
    #expect(gh.out.hasPrefix("::error file=s.json,line=1,col=76,"), "\(gh.out)")
}

// MARK: - verify

@Test func verifyTakesSeveralSpecsAndReportsEachEntry() throws {
    let specs = ["entrance-stagger", "phase-bounce"].map { repo.appendingPathComponent("Goldens/scenes/\($0)/spec.json").path }
    let junit = temporaryFolder("verify-junit").appendingPathComponent("verify.xml")
    let r = try cli(["verify"] + specs + ["--json", "--junit", junit.path])
    #expect(r.status == 0, "\(r.err)")
    let doc = try document(r.out)
    let list = try #require(doc["specs"] as? [[String: Any]])
    #expect(list.count == 2)
    let entries = list.flatMap { ($0["expectations"] as? [[String: Any]]) ?? [] }
    #expect(entries.count == 10, "entrance-stagger has 6 entries, phase-bounce 4")
    #expect(entries.allSatisfy { $0["passed"] as? Bool == true && ($0["line"] as? Int ?? 0) > 0 })
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.contains(#"<testsuites name="animo-render verify" tests="10" failures="0""#), "\(xml)")
}

@Test func verifyAnnotatesAFailingEntryAtItsLine() throws {
    let dir = temporaryFolder("verify-gh")
    _ = try write("""
        {"canvas": {"width": 80, "height": 80, "scale": 1, "background": "black"}, "duration": 1,
         "content": [{"rectangle": {"frame": [10, 10, 20, 20]}, "fill": "white"}],
         "expect": [{"at": 0, "components": 1},
                    {"at": 0, "components": 2}]}
        """, to: "two.json", in: dir)
    let r = try cli(["verify", "two.json", "--annotations", "github"], in: dir)
    #expect(r.status == 1)
    let lines = r.out.split(separator: "\n").filter { $0.hasPrefix("::error") }
    #expect(lines.count == 1, "\(r.out)")
    #expect(lines.first?.hasPrefix("::error file=two.json,line=4,col=13,title=verify two.json%3A expect[1] at 0::expect[1] at 0: components 1 (expected = 2)") == true, "\(r.out)")
}

// MARK: - goldens

@Test func goldensRefusesAFolderWithoutCases() throws {
    let empty = temporaryFolder("goldens-empty")
    let r = try cli(["goldens", empty.path])
    #expect(r.status == 2)
    #expect(r.err.contains("no golden cases in"), "\(r.err)")
    // A case folder given instead of its parent is named as such.
    let inside = try cli(["goldens", repo.appendingPathComponent("Goldens/scenes/entrance-stagger").path])
    #expect(inside.status == 2)
    #expect(inside.err.contains("entrance-stagger is a case itself: give the folder that holds it"), "\(inside.err)")
    // A folder whose subfolders hold the cases (Goldens) names them.
    let above = try cli(["goldens", repo.appendingPathComponent("Goldens").path])
    #expect(above.status == 2)
    #expect(above.err.contains("the cases are one level down: give ") && above.err.contains("Goldens/scenes"), "\(above.err)")
    // And --json reports the error too.
    let json = try cli(["goldens", empty.path, "--json"])
    #expect(json.status == 2)
    #expect(try document(json.out)["status"] as? String == "error")
}

@Test func goldensJSONCarriesTheMovedPosesAndTheTimingSentence() throws {
    let root = temporaryFolder("goldens-json")
    let caseDir = root.appendingPathComponent("dot")
    _ = try write(dot(at: "0.2"), to: "dot/spec.json", in: root)
    #expect(try cli(["goldens", root.path, "--record", "missing"]).status == 0)
    #expect(FileManager.default.fileExists(atPath: caseDir.appendingPathComponent("poses.json").path))
    _ = try write(dot(at: "0.24"), to: "dot/spec.json", in: root)
    let junit = root.appendingPathComponent("junit.xml")
    let r = try cli(["goldens", root.path, "--json", "--junit", junit.path])
    #expect(r.status == 1, "\(r.err)")
    let doc = try document(r.out)
    let c = try #require((doc["cases"] as? [[String: Any]])?.first)
    #expect(c["status"] as? String == "failed")
    let poses = (c["poses"] as? [[String: Any]]) ?? []
    let mid = try #require(poses.first { $0["role"] as? String == "mid:0" })
    #expect(mid["status"] as? String == "moved")
    #expect(mid["message"] as? String == "mid-0 is 40 ms late (0.400 s → 0.440 s)")
    #expect(abs((mid["shift"] as? Double ?? 0) - 0.04) < 1e-6)
    #expect(mid["line"] as? Int == 1, "the event's line")
    let timing = try #require(c["timing"] as? [String: Any])
    #expect(timing["model"] as? String == "shift")
    #expect(timing["sentence"] as? String == "the whole animation runs 40 ms late")
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.contains("failure message=\"dot: 3 key poses moved: the whole animation runs 40 ms late\""), "\(xml)")
}

@Test func goldensReportsOrphansAndStaleFailureFiles() throws {
    let root = temporaryFolder("goldens-orphan")
    let caseDir = root.appendingPathComponent("dot")
    _ = try write(dot(at: "0.2"), to: "dot/spec.json", in: root)
    #expect(try cli(["goldens", root.path, "--record", "missing"]).status == 0)
    try FileManager.default.copyItem(at: caseDir.appendingPathComponent("mid-0.png"), to: caseDir.appendingPathComponent("rest-1.png"))
    // A PNG not named like a golden is an input of the case (an image its spec reads), not an orphan.
    try FileManager.default.copyItem(at: caseDir.appendingPathComponent("mid-0.png"), to: caseDir.appendingPathComponent("texture.png"))
    _ = try write("stale", to: "dot/_failures/mid-0.diff.png", in: root)
    let r = try cli(["goldens", root.path])
    #expect(r.status == 1, "\(r.out)")
    #expect(r.out.contains("rest-1.png: orphaned golden, no instant of the case produces it"), "\(r.out)")
    #expect(!r.out.contains("texture.png"), "\(r.out)")
    #expect(r.out.contains("note: removed 1 stale file of an earlier run from _failures/"), "\(r.out)")
    #expect(!FileManager.default.fileExists(atPath: caseDir.appendingPathComponent("_failures").path))
    // --record all re-records the case and removes the orphan named like a golden.
    #expect(try cli(["goldens", root.path, "--record", "all"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: caseDir.appendingPathComponent("rest-1.png").path))
    #expect(FileManager.default.fileExists(atPath: caseDir.appendingPathComponent("texture.png").path))
    #expect(try cli(["goldens", root.path]).status == 0)
}

@Test func shardsWriteOneReportAndReportMergesThem() throws {
    let root = temporaryFolder("goldens-shards")
    for (name, at) in [("a", "0.2"), ("b", "0.3")] { _ = try write(dot(at: at), to: "\(name)/spec.json", in: root) }
    #expect(try cli(["goldens", root.path, "--record", "missing"]).status == 0)
    let report = root.appendingPathComponent("report")
    #expect(try cli(["goldens", root.path, "--shard", "1/2", "--report", report.path]).status == 0)
    // With one shard only, the report names the missing one.
    let half = try cli(["report", report.path])
    #expect(half.status == 0)
    #expect(half.out.contains("shard 2 of 2 is not in this report"), "\(half.out)")
    #expect(try cli(["goldens", root.path, "--shard", "2/2", "--report", report.path]).status == 0)
    let full = try cli(["report", report.path, "--json"])
    #expect(full.status == 0, "\(full.err)")
    let doc = try document(full.out)
    #expect(doc["runs"] as? Int == 2 && doc["cases"] as? Int == 2 && (doc["missingShards"] as? [Any])?.isEmpty == true, "\(doc)")
    let html = try String(contentsOf: report.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(html.components(separatedBy: "data-part=case ").count - 1 == 2)
    // Every run file is a valid document too.
    for name in try FileManager.default.contentsOfDirectory(atPath: report.appendingPathComponent("runs").path) {
        _ = try document(try String(contentsOf: report.appendingPathComponent("runs/\(name)"), encoding: .utf8))
    }
}

// MARK: - compare and render

@Test func compareJSONCarriesTheTiming() throws {
    let dir = temporaryFolder("compare-json")
    let golden = dir.appendingPathComponent("golden"), actual = dir.appendingPathComponent("actual")
    let a = try write(dot(at: "0.2"), to: "a.json", in: dir), b = try write(dot(at: "0.24"), to: "b.json", in: dir)
    #expect(try cli([a.path, "--out", golden.path, "--quiet"]).status == 0)
    let rendered = try cli(["render", b.path, "--out", actual.path, "--quiet", "--json"])
    #expect(rendered.status == 0, "\(rendered.err)")
    let r0 = try document(rendered.out)
    #expect(r0["command"] as? String == "render" && r0["frames"] as? Int == 31, "\(r0)")
    #expect((r0["warnings"] as? [String])?.isEmpty == true, "\(r0)")
    let r = try cli(["compare", actual.path, golden.path, "--json"])
    #expect(r.status == 1)
    let doc = try document(r.out)
    let c = try #require((doc["cases"] as? [[String: Any]])?.first)
    let timing = try #require(c["timing"] as? [String: Any], "\(c.keys)")
    #expect(timing["source"] as? String == "frames")
    #expect(timing["model"] as? String == "shift", "\(timing["sentence"] ?? "")")
    #expect(abs((timing["shift"] as? Double ?? 0) - 0.04) < 0.003, "\(timing)")
}

@Test func renderJSONCarriesTheWarnings() throws {
    let dir = temporaryFolder("render-warnings")
    let spec = try write(#"""
        {"canvas": {"width": 40, "height": 40, "scale": 1}, "duration": 0.1,
         "content": [{"image": {"systemName": "no.such.symbol"}}]}
        """#, to: "spec.json", in: dir)
    let r = try cli([spec.path, "--out", dir.appendingPathComponent("out").path, "--quiet", "--json"])
    #expect(r.status == 0, "\(r.err)")
    let doc = try document(r.out)
    let warnings = try #require(doc["warnings"] as? [String], "\(doc)")
    #expect(warnings.count == 1 && warnings[0].contains("content[0].image.systemName") && warnings[0].contains("placeholder"), "\(warnings)")
    #expect(r.err.contains("warning:"), "warnings are still printed: \(r.err)")
}
