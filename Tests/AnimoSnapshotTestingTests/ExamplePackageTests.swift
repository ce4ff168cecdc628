// The test API as an app's repository uses it: a small package that depends on this repository by
// path, with a Swift Testing test and an XCTest test calling assertAnimationSnapshot on a spec
// beside them. Its tests are run by `swift test` as a separate process:
//   1. first run (ANIMO_RECORD=missing): the goldens are recorded and the tests fail, saying so;
//   2. on CI (CI=true, nothing set): they pass;
//   3. a golden changed: they fail, naming the frame, its figures and where the images are;
//   4. the golden restored: they pass again.
// The example lives in the repository's .build folder so that its own build is incremental from
// one run to the next (its first build compiles this package's libraries again: minutes).
import Foundation
import Testing
import AnimoTestSupport
import AnimoCheck
import AnimoRaster

private let example = Repository.url(".build/animo-example-package")

private let manifest = """
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "example-app",
    dependencies: [.package(path: "\(Repository.root.path)")],
    targets: [
        .testTarget(name: "ExampleAppTests",
                    dependencies: [.product(name: "AnimoSnapshotTesting", package: "\(Repository.root.lastPathComponent)")],
                    exclude: ["Loader.json", "__Snapshots__"]),
    ]
)
"""

private let testFile = """
import AnimoSnapshotTesting
import Testing
import XCTest

@Test func loaderKeyPoses() {
    assertAnimationSnapshot(of: "Loader.json", poses: .keyPoses, scale: 1)
}

final class LoaderXCTests: XCTestCase {
    func testLoaderMidway() {
        assertAnimationSnapshot(of: "Loader.json", poses: .times([0.5]), scale: 1, tolerance: .init(maxDelta: 1))
    }
}
"""

/// Runs `swift` in the example with `environment` added (CI and ANIMO_RECORD cleared first).
private func swift(_ args: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["swift"] + args
    p.currentDirectoryURL = example
    var env = ProcessInfo.processInfo.environment
    for k in ["CI", "ANIMO_RECORD", "GITHUB_ACTIONS"] { env.removeValue(forKey: k) }
    // The outer `swift test`'s variables would point the inner build at this package's own test run.
    for k in env.keys where k.hasPrefix("SWIFTPM_") || k.hasPrefix("XCTest") || k == "SWIFT_TESTING_ENABLED" { env.removeValue(forKey: k) }
    env.merge(environment) { $1 }
    p.environment = env
    let log = example.appendingPathComponent("last-run.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    p.standardOutput = handle
    p.standardError = handle
    try p.run()
    p.waitUntilExit()
    try handle.close()
    return (p.terminationStatus, try String(contentsOf: log, encoding: .utf8))
}

@Suite(.serialized) struct ExamplePackageTests {
    @Test(.timeLimit(.minutes(60)))
    func anotherPackageRecordsPassesAndFailsWithTheAssertion() throws {
        let tests = example.appendingPathComponent("Tests/ExampleAppTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        func write(_ text: String, _ path: String) throws {
            let u = example.appendingPathComponent(path)
            // Unchanged files keep their dates, so the example's build stays incremental.
            if (try? String(contentsOf: u, encoding: .utf8)) != text { try text.write(to: u, atomically: true, encoding: .utf8) }
        }
        try write(manifest, "Package.swift")
        try write(testFile, "Tests/ExampleAppTests/LoaderTests.swift")
        try write(try String(contentsOf: Repository.url("docs/examples/pop-in.json"), encoding: .utf8), "Tests/ExampleAppTests/Loader.json")
        let snapshots = tests.appendingPathComponent("__Snapshots__")
        try? FileManager.default.removeItem(at: snapshots)

        let build = try swift(["build", "--build-tests"])
        try #require(build.status == 0, "the example does not build:\n\(build.output.suffix(3000))")

        // 1. Recorded: failing, with the message and the files beside the test file.
        let first = try swift(["test", "--skip-build"], environment: ["ANIMO_RECORD": "missing"])
        #expect(first.status != 0, "\(first.output.suffix(2000))")
        #expect(first.output.contains("review it and rerun"), "\(first.output.suffix(2000))")
        let keyPoses = snapshots.appendingPathComponent("LoaderTests/loaderKeyPoses")
        let xcGolden = snapshots.appendingPathComponent("LoaderTests/testLoaderMidway/t-0.500.png")
        #expect(try FileManager.default.contentsOfDirectory(atPath: keyPoses.path).sorted()
                == ["first.png", "last.png", "mid-0.png", "rest-0.png", "start-0.png"])
        #expect(FileManager.default.fileExists(atPath: xcGolden.path))

        // 2. On CI: passing.
        let second = try swift(["test", "--skip-build"], environment: ["CI": "true"])
        #expect(second.status == 0, "\(second.output.suffix(2000))")

        // 3. A golden changed (a square of pixels repainted): failing, with the figures.
        let rest = keyPoses.appendingPathComponent("rest-0.png")
        let original = try Data(contentsOf: rest)
        let image = try RGBAImage(contentsOf: rest)
        var bytes = image.bytes
        for y in 50..<60 { for x in 100..<110 { let i = 4 * (y * image.width + x); bytes[i] = 0; bytes[i + 1] = 255; bytes[i + 2] = 0; bytes[i + 3] = 255 } }
        try PNG.write(try RGBAImage(width: image.width, height: image.height, bytes: bytes).pixmap(), to: rest)
        let third = try swift(["test", "--skip-build"], environment: ["CI": "true"])
        #expect(third.status != 0, "\(third.output.suffix(2000))")
        #expect(third.output.contains("rest-0 (") && third.output.contains("differs from its golden"), "\(third.output.suffix(3000))")
        #expect(third.output.contains(rest.path), "the message names the golden")
        #expect(!third.output.contains("scripts/record-goldens"))

        // 4. Restored: passing again.
        try original.write(to: rest)
        let fourth = try swift(["test", "--skip-build"], environment: ["CI": "true"])
        #expect(fourth.status == 0, "\(fourth.output.suffix(2000))")
    }
}
