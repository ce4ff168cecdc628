// The report in a real browser: scripts/check-report-in-browser builds a report from committed
// goldens (a moved event, a changed colour, a passing case, two shards and a comparison), opens it
// in headless Chromium, takes screenshots and checks every part and image. Runs when `chromium` is
// installed (the script installs it when run by hand: scripts/check-report-in-browser).
import Foundation
import Testing
import AnimoTestSupport

private func chromiumInstalled() -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/chromium") }
}

@Test(.enabled(if: chromiumInstalled(), "needs Debian's chromium (scripts/check-report-in-browser installs it)"))
func theReportOpensInHeadlessChromiumWithEveryPart() throws {
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    var binary: URL? = nil
    for _ in 0..<4 where binary == nil {
        let u = dir.appendingPathComponent("animo-render")
        if FileManager.default.isExecutableFile(atPath: u.path) { binary = u }
        dir = dir.deletingLastPathComponent()
    }
    let bin = try #require(binary, "animo-render not found near \(CommandLine.arguments[0])")
    let out = temporaryFolder("report-browser")
    let p = Process()
    p.executableURL = Repository.url("scripts/check-report-in-browser")
    p.arguments = [out.path]
    p.environment = ProcessInfo.processInfo.environment.merging(["ANIMO_RENDER": bin.path]) { $1 }
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    try p.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    #expect(p.terminationStatus == 0, "\(text)")
    #expect(text.contains("ok: report loads in Chromium with every part"), "\(text)")
    for view in ["failed", "all", "slider", "blink"] {
        let shot = out.appendingPathComponent("report-\(view).png")
        let size = (try? FileManager.default.attributesOfItem(atPath: shot.path)[.size] as? Int) ?? 0
        #expect(size > 10_000, "\(shot.path): \(size) bytes")
    }
}
