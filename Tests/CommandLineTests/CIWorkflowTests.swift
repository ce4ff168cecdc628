// docs/ci.md's sample workflow, followed literally: its YAML block is read, and every job's `run:`
// steps are run with bash as GitHub runs them (`bash -e`), in the job's order, honouring `if:`
// (always(), failure(), matrix.shard == N), `${{ matrix.shard }}` and $GITHUB_PATH, each matrix
// job in its own scratch copy of the repository (the scripts and two golden cases). The `uses:`
// steps are played by the test: checkout is the scratch copy, upload-artifact and
// download-artifact (pattern, merge-multiple) copy folders. The one stand-in: `swift` is a stub
// that reports the animo-render this test bundle was built with (`--show-bin-path`) instead of
// building a release from scratch; every other command, scripts/setup included, runs as written.
// Then the same workflow must fail, and annotate the spec's line, when an event moves 40 ms.
import Foundation
import Testing
import AnimoTestSupport

/// One step of a job.
private struct Step {
    var name = ""
    var run: String?
    var uses: String?
    var condition: String?
    var with: [String: String] = [:]
}

private struct Job {
    var id: String
    var steps: [Step] = []
    var matrix: [String] = []
}

private struct WorkflowError: Error, CustomStringConvertible { var description: String }

/// The jobs of the ```yaml block of docs/ci.md (the subset of YAML a workflow of this shape uses).
private func workflow() throws -> [Job] {
    let doc = try String(contentsOf: Repository.url("docs/ci.md"), encoding: .utf8)
    guard let block = doc.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "\n```").first else {
        throw WorkflowError(description: "docs/ci.md has no ```yaml block")
    }
    let lines = block.components(separatedBy: "\n")
    func indent(_ l: String) -> Int { l.prefix { $0 == " " }.count }
    func value(_ l: String) -> String {
        var v = String(l.drop { $0 != ":" }.dropFirst()).trimmingCharacters(in: .whitespaces)
        if let hash = v.range(of: "  #") { v = String(v[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces) }
        return v
    }
    var jobs: [Job] = []
    var i = lines.firstIndex { $0.hasPrefix("jobs:") }.map { $0 + 1 } ?? lines.count
    while i < lines.count {
        let l = lines[i]
        if indent(l) == 2, l.hasSuffix(":") {
            jobs.append(Job(id: l.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ":", with: "")))
        } else if indent(l) == 8, l.trimmingCharacters(in: .whitespaces).hasPrefix("shard:"), !jobs.isEmpty {
            let list = value(l).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            jobs[jobs.count - 1].matrix = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        } else if indent(l) == 6, l.trimmingCharacters(in: .whitespaces).hasPrefix("- "), !jobs.isEmpty {
            // A step: "- key: value" then keys at indent 8, `run: |` blocks and `with:` maps deeper.
            var step = Step()
            var k = i
            var first = true
            while k < lines.count {
                var line = lines[k]
                if !first && (indent(line) <= 6 && !line.trimmingCharacters(in: .whitespaces).isEmpty) { break }
                if first { line = "        " + line.trimmingCharacters(in: .whitespaces).dropFirst(2) }
                first = false
                let key = line.trimmingCharacters(in: .whitespaces).split(separator: ":").first.map(String.init) ?? ""
                if indent(line) == 8 {
                    switch key {
                    case "name": step.name = value(line)
                    case "uses": step.uses = value(line)
                    case "if": step.condition = value(line)
                    case "run":
                        if value(line) == "|" {
                            var body: [String] = []
                            while k + 1 < lines.count, indent(lines[k + 1]) > 8 || lines[k + 1].isEmpty {
                                k += 1
                                body.append(String(lines[k].dropFirst(min(10, indent(lines[k])))))
                            }
                            step.run = body.joined(separator: "\n")
                        } else {
                            step.run = value(line)
                        }
                    case "with":
                        while k + 1 < lines.count, indent(lines[k + 1]) > 8 {
                            k += 1
                            let w = lines[k].trimmingCharacters(in: .whitespaces)
                            step.with[String(w.split(separator: ":").first ?? "")] = value(lines[k])
                        }
                    default: break
                    }
                }
                k += 1
            }
            jobs[jobs.count - 1].steps.append(step)
            i = k
            continue
        }
        i += 1
    }
    return jobs
}

/// The repository reduced to what the workflow reads: the scripts and two golden cases (one with
/// suppressed lint findings).
private func scratchCopy(_ label: String) throws -> URL {
    let root = temporaryFolder(label)
    let fm = FileManager.default
    try fm.copyItem(at: Repository.url("scripts"), to: root.appendingPathComponent("scripts"))
    try fm.createDirectory(at: root.appendingPathComponent("Goldens/scenes"), withIntermediateDirectories: true)
    for c in ["entrance-stagger", "liquid-step-slider"] {
        try fm.copyItem(at: Repository.url("Goldens/scenes/\(c)"), to: root.appendingPathComponent("Goldens/scenes/\(c)"))
        try? fm.removeItem(at: root.appendingPathComponent("Goldens/scenes/\(c)/_failures"))
    }
    return root
}

/// A folder with `swift`: a stub answering `--show-bin-path` with the folder of the animo-render
/// this test runs next to, and doing nothing for `build` (the products are built).
private func swiftStub() throws -> URL {
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var bin: URL? = nil
    for _ in 0..<4 where bin == nil {
        if FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("animo-render").path) { bin = dir }
        dir = dir.deletingLastPathComponent()
    }
    let binDir = try #require(bin, "animo-render not found near \(CommandLine.arguments[0])")
    let stub = temporaryFolder("swift-stub")
    let script = """
        #!/usr/bin/env bash
        # Stands in for the Swift toolchain in CIWorkflowTests: the products are already built.
        case " $* " in
          *" --show-bin-path "*) echo "\(binDir.path)" ;;
          " build "*|" --version ") exit 0 ;;
          *) echo "swift stub: unexpected 'swift $*'" >&2; exit 1 ;;
        esac
        """
    let url = stub.appendingPathComponent("swift")
    try Data(script.utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    return stub
}

/// What one run of a job did: the exit status of each step that ran, and its output.
private struct JobRun {
    var statuses: [(name: String, status: Int32)] = []
    var output = ""
    var failed: Bool { statuses.contains { $0.status != 0 } }
}

/// Runs a job's steps in `checkout`, with artifacts kept in `artifacts`.
private func runJob(_ job: Job, shard: String?, checkout: URL, artifacts: URL, stub: URL) throws -> JobRun {
    var result = JobRun()
    let githubPath = checkout.appendingPathComponent(".github-path")
    _ = FileManager.default.createFile(atPath: githubPath.path, contents: Data())
    func expand(_ s: String) throws -> String {
        var out = s
        if let shard { out = out.replacingOccurrences(of: "${{ matrix.shard }}", with: shard) }
        if out.contains("${{") { throw WorkflowError(description: "unsupported expression in docs/ci.md: \(out)") }
        return out
    }
    func shouldRun(_ condition: String?) throws -> Bool {
        let failedSoFar = result.failed
        switch condition.map({ $0.trimmingCharacters(in: .whitespaces) }) {
        case nil: return !failedSoFar
        case "always()": return true
        case "failure()": return failedSoFar
        case let c? where c.hasPrefix("matrix.shard == "):
            return !failedSoFar && c.dropFirst("matrix.shard == ".count) == Substring(shard ?? "")
        case let c?: throw WorkflowError(description: "unsupported condition in docs/ci.md: \(c)")
        }
    }
    for step in job.steps {
        guard try shouldRun(step.condition) else { continue }
        if let uses = step.uses {
            let fm = FileManager.default
            if uses.hasPrefix("actions/checkout@") { continue }
            if uses.hasPrefix("actions/upload-artifact@") {
                let name = try expand(step.with["name"] ?? "artifact")
                let source = checkout.appendingPathComponent(try expand(step.with["path"] ?? ""))
                let target = artifacts.appendingPathComponent(name)
                try? fm.removeItem(at: target)
                if fm.fileExists(atPath: source.path) { try fm.copyItem(at: source, to: target) }
                continue
            }
            if uses.hasPrefix("actions/download-artifact@") {
                // pattern "prefix-*" with merge-multiple: every matching artifact's contents into path.
                let pattern = step.with["pattern"] ?? "*"
                let prefix = String(pattern.dropLast(pattern.hasSuffix("*") ? 1 : 0))
                let target = checkout.appendingPathComponent(step.with["path"] ?? ".")
                for name in try fm.contentsOfDirectory(atPath: artifacts.path) where name.hasPrefix(prefix) {
                    try merge(artifacts.appendingPathComponent(name), into: target)
                }
                continue
            }
            throw WorkflowError(description: "docs/ci.md uses \(uses), which this test does not play")
        }
        guard let run = step.run else { continue }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-e", "-c", try expand(run)]
        p.currentDirectoryURL = checkout
        var env = ProcessInfo.processInfo.environment
        let added = (try String(contentsOf: githubPath, encoding: .utf8)).split(separator: "\n").reversed().map(String.init)
        env["PATH"] = ([stub.path] + added + [env["PATH"] ?? "/usr/bin:/bin"]).joined(separator: ":")
        env["GITHUB_PATH"] = githubPath.path
        env["GITHUB_ACTIONS"] = "true"
        p.environment = env
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        result.statuses.append((step.name.isEmpty ? run : step.name, p.terminationStatus))
        result.output += "$ \(step.name.isEmpty ? run : step.name)\n\(text)[exit \(p.terminationStatus)]\n"
    }
    return result
}

/// Copies the contents of `source` into `target`, folder by folder (what merge-multiple does).
private func merge(_ source: URL, into target: URL) throws {
    let fm = FileManager.default
    try fm.createDirectory(at: target, withIntermediateDirectories: true)
    for name in try fm.contentsOfDirectory(atPath: source.path) {
        let s = source.appendingPathComponent(name), t = target.appendingPathComponent(name)
        var isDir: ObjCBool = false
        _ = fm.fileExists(atPath: s.path, isDirectory: &isDir)
        if isDir.boolValue { try merge(s, into: t) } else {
            try? fm.removeItem(at: t)
            try fm.copyItem(at: s, to: t)
        }
    }
}

@Test func theCIWorkflowOfTheDocsVerifiesLintsChecksAndMergesTheReport() throws {
    let jobs = try workflow()
    let check = try #require(jobs.first { $0.id == "check" }, "docs/ci.md's workflow has a check job")
    let report = try #require(jobs.first { $0.id == "report" }, "docs/ci.md's workflow has a report job")
    #expect(check.matrix == ["1", "2"])
    #expect(check.steps.contains { $0.run?.contains("animo-render verify") == true }, "the workflow verifies")
    #expect(check.steps.contains { $0.run?.contains("animo-render lint") == true }, "the workflow lints")
    let stub = try swiftStub()
    let artifacts = temporaryFolder("ci-artifacts")
    for shard in check.matrix {
        let checkout = try scratchCopy("ci-shard-\(shard)")
        let run = try runJob(check, shard: shard, checkout: checkout, artifacts: artifacts, stub: stub)
        #expect(!run.failed, "shard \(shard):\n\(run.output)")
        #expect(run.statuses.count == (shard == "1" ? 4 : 3), "steps run in shard \(shard): \(run.statuses.map(\.name))")
        if shard == "1" {
            // Verify and lint ran, over both specs, and lint passed with the suppressed findings.
            let verify = try String(contentsOf: checkout.appendingPathComponent("out/junit/verify.xml"), encoding: .utf8)
            #expect(verify.contains(#"<testsuites name="animo-render verify" tests="9" failures="0""#), "\(verify.prefix(300))")
            let lint = try String(contentsOf: checkout.appendingPathComponent("out/junit/lint.xml"), encoding: .utf8)
            #expect(lint.contains(#"failures="0""#) && lint.contains("<skipped message=\"suppressed at lint.ignore.metaball-fast-spring"), "\(lint.prefix(600))")
            #expect(run.output.contains("0 findings (2 suppressed)"), "\(run.output)")
        }
        #expect(run.output.contains("1 case: 1 passed, 0 failed (shard \(shard)/2 of 2 cases)"), "\(run.output)")
    }
    let merged = try scratchCopy("ci-report")
    let final = try runJob(report, shard: nil, checkout: merged, artifacts: artifacts, stub: stub)
    #expect(!final.failed, "\(final.output)")
    #expect(final.output.contains("2 runs, 2 cases: 2 passed, 0 failed"), "\(final.output)")
    let html = try String(contentsOf: merged.appendingPathComponent("out/golden-report/report.html"), encoding: .utf8)
    #expect(html.contains("All 2 cases pass"))
    #expect(!html.contains("data-part=missing-shard"))
    #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("golden-report/report.html").path))
}

@Test func theCIWorkflowFailsAndAnnotatesAnEventMoved40ms() throws {
    let jobs = try workflow()
    let check = try #require(jobs.first { $0.id == "check" })
    let checkout = try scratchCopy("ci-moved")
    let spec = checkout.appendingPathComponent("Goldens/scenes/entrance-stagger/spec.json")
    let text = try String(contentsOf: spec, encoding: .utf8)
    let moved = text.replacingOccurrences(of: #""at": 0.1, "set""#, with: #""at": 0.14, "set""#)
    #expect(moved != text)
    try moved.write(to: spec, atomically: true, encoding: .utf8)
    // entrance-stagger is the first case by name: shard 1 of 2.
    let run = try runJob(check, shard: "1", checkout: checkout, artifacts: temporaryFolder("ci-moved-artifacts"), stub: try swiftStub())
    let goldens = try #require(run.statuses.first { $0.name.hasPrefix("Goldens") })
    #expect(goldens.status == 1, "\(run.output)")
    #expect(run.output.contains("::error file=Goldens/scenes/entrance-stagger/spec.json,line=8,col=23,title=goldens%3A entrance-stagger::entrance-stagger: 1 of 6 frames fail; 3 key poses moved: the whole animation runs 40 ms late"), "\(run.output)")
    // The verify step still passes: the expectations hold 40 ms later too. Only the goldens catch it.
    #expect(run.statuses.first { $0.name.hasPrefix("Verify") }?.status == 0, "\(run.output)")
    let junit = try String(contentsOf: checkout.appendingPathComponent("out/junit/goldens-1.xml"), encoding: .utf8)
    #expect(junit.contains(#"failures="1""#), "\(junit.prefix(400))")
}
