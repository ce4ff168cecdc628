// assertAnimationSnapshot's work without a framework (AnimationSnapshot.verify) on a spec copied to
// a temporary folder standing for a test file's folder: goldens are named from the test file and
// function, recording fails with "review it and rerun", a changed golden fails with figures and
// three attachments, a tolerance lets small changes pass, and the record modes do what they say.
// Then the assertion itself inside Swift Testing, where its failure is a recorded issue.
import Foundation
import Testing
import AnimoSnapshotTesting
import AnimoCheck
import AnimoRaster
import AnimoGeometry
import AnimoTestSupport

private let popIn = Repository.url("docs/examples/pop-in.json")

/// A folder standing for a test target, with Loader.json beside a (pretend) LoaderTests.swift.
private func testFolder() throws -> (URL, SnapshotLocation) {
    let dir = temporaryFolder("snapshots")
    try FileManager.default.copyItem(at: popIn, to: dir.appendingPathComponent("Loader.json"))
    let location = SnapshotLocation(fileID: "Example/LoaderTests.swift", filePath: dir.appendingPathComponent("LoaderTests.swift").path,
                                    function: "loaderPops()", line: 12, column: 5)
    return (dir, location)
}

@Suite struct AnimationSnapshotTests {
    @Test func namesComeFromTheTestFileAndFunction() {
        let l = SnapshotLocation(fileID: "M/LoaderTests.swift", filePath: "/p/Tests/M/LoaderTests.swift", function: "testLoader()", line: 1, column: 1)
        #expect(l.testName == "testLoader" && l.testFileName == "LoaderTests")
        #expect(AnimationSnapshot.goldenFolder(location: l).path == "/p/Tests/M/__Snapshots__/LoaderTests/testLoader")
        let args = SnapshotLocation(fileID: "", filePath: "/a/B.swift", function: "sizes(width:height:)", line: 1, column: 1)
        #expect(args.testName == "sizes")
    }

    @Test func recordModeComesFromTheEnvironmentAndIsNeverOnCI() throws {
        #expect(try SnapshotRecordMode.fromEnvironment([:]) == .missing)
        #expect(try SnapshotRecordMode.fromEnvironment(["CI": "true"]) == .never)
        #expect(try SnapshotRecordMode.fromEnvironment(["CI": "true", "ANIMO_RECORD": "failed"]) == .failed)
        #expect(try SnapshotRecordMode.fromEnvironment(["CI": "false"]) == .missing)
        #expect(throws: SnapshotError.self) { try SnapshotRecordMode.fromEnvironment(["ANIMO_RECORD": "sometimes"]) }
    }

    @Test func recordsMissingGoldensThenPassesThenFailsOnAChangedOne() throws {
        let (dir, location) = try testFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func verify(_ mode: SnapshotRecordMode?, tolerance: Tolerance = .exact) throws -> [AnimationSnapshot.Failure] {
            try AnimationSnapshot.verify(spec: "Loader.json", poses: .keyPoses, scale: 1, tolerance: tolerance, record: mode,
                                         snapshotDirectory: nil, location: location)
        }
        // Never: a missing golden fails and nothing is written.
        let never = try verify(.never)
        #expect(never.count == 5 && never[0].message.contains("no golden at") && never[0].message.contains("ANIMO_RECORD=missing"))
        let folder = dir.appendingPathComponent("__Snapshots__/LoaderTests/loaderPops")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        // Missing: recorded, and the test fails so that a person looks.
        let recorded = try verify(.missing)
        #expect(recorded.map(\.pose) == ["first", "start-0", "mid-0", "rest-0", "last"])
        #expect(recorded.allSatisfy { $0.message.contains("recorded \(folder.path)") && $0.message.contains("review it and rerun") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["first.png", "last.png", "mid-0.png", "rest-0.png", "start-0.png"])
        // Then it passes, in every mode but all.
        #expect(try verify(.never).isEmpty)
        #expect(try verify(.missing).isEmpty)
        // A golden changed by a few levels on a few pixels: fails exactly, passes within a tolerance.
        let rest = folder.appendingPathComponent("rest-0.png")
        let image = try RGBAImage(contentsOf: rest)
        var bytes = image.bytes
        // Three pixels inside the opaque rectangle (70…170 × 30…90 at rest), red lowered by 3.
        for p in [50 * 240 + 100, 60 * 240 + 120, 70 * 240 + 150] {
            #expect(bytes[4 * p + 3] == 255)
            bytes[4 * p] -= 3
        }
        try PNG.write(try RGBAImage(width: image.width, height: image.height, bytes: bytes).pixmap(), to: rest)
        let failed = try verify(.never)
        #expect(failed.count == 1 && failed[0].pose == "rest-0")
        #expect(failed[0].message.contains("differs from its golden") && failed[0].message.contains("expected | actual | difference: "))
        #expect(!failed[0].message.contains("scripts/"), "no pointer into this repository")
        #expect(failed[0].attachments.map(\.name) == ["rest-0.expected.png", "rest-0.actual.png", "rest-0.diff.png"])
        #expect(try verify(.never, tolerance: Tolerance(maxDelta: 3)).isEmpty)
        #expect(try verify(.never, tolerance: Tolerance(maxDelta: 0, maxDifferingPixels: 3)).isEmpty)
        // Failed: re-recorded, failing once, then passing.
        #expect(try verify(.failed).map(\.pose) == ["rest-0"])
        #expect(try verify(.never).isEmpty)
        // All: every golden re-recorded, every frame failing.
        #expect(try verify(.all).count == 5)
    }

    @Test func timesAreNamedAndCheckedAgainstTheDuration() throws {
        let (dir, location) = try testFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try AnimationSnapshot.verify(spec: "Loader.json", poses: .times([0.4, 1.2]), scale: 1, tolerance: .exact, record: .missing,
                                             snapshotDirectory: nil, location: location)
        #expect(r.map(\.pose) == ["t-0.400", "t-1.200"])
        #expect(throws: SnapshotError.self) {
            try AnimationSnapshot.verify(spec: "Loader.json", poses: .times([5]), scale: 1, tolerance: .exact, record: .missing,
                                         snapshotDirectory: nil, location: location)
        }
        #expect(throws: SnapshotError.self) {
            try AnimationSnapshot.verify(spec: "Missing.json", poses: .keyPoses, scale: 1, tolerance: .exact, record: .missing,
                                         snapshotDirectory: nil, location: location)
        }
    }

    @Test func theAssertionRecordsAnIssueInSwiftTesting() throws {
        let (dir, _) = try testFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // An absolute spec path and a snapshot folder of the test's choosing; nothing recorded there yet.
        withKnownIssue("no golden yet, record mode never") {
            assertAnimationSnapshot(of: dir.appendingPathComponent("Loader.json").path, poses: .times([0.5]), scale: 1,
                                    record: .never, snapshotDirectory: dir.appendingPathComponent("snaps").path)
        }
        withKnownIssue("recorded: review it and rerun") {
            assertAnimationSnapshot(of: dir.appendingPathComponent("Loader.json").path, poses: .times([0.5]), scale: 1,
                                    record: .missing, snapshotDirectory: dir.appendingPathComponent("snaps").path)
        }
        assertAnimationSnapshot(of: dir.appendingPathComponent("Loader.json").path, poses: .times([0.5]), scale: 1,
                                record: .never, snapshotDirectory: dir.appendingPathComponent("snaps").path)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("snaps/theAssertionRecordsAnIssueInSwiftTesting/t-0.500.png").path))
    }

    /// A SwiftUI source is compiled by the front end and snapshotted like a spec: its spring is
    /// really animated (the middle pose is neither the start nor the rest), and a preview that
    /// does not exist is an error naming the ones that do.
    @Test func aSwiftSourceIsCompiledAndSnapshotted() throws {
        let dir = temporaryFolder("snapshots-swift")
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            import SwiftUI

            struct PopCard: View {
                @State private var shown = false
                var body: some View {
                    RoundedRectangle(cornerRadius: 16)
                        .fill(Color.red)
                        .frame(width: 100, height: 60)
                        .scaleEffect(shown ? 1 : 0.3)
                        .onAppear { withAnimation(.spring(response: 0.5, dampingFraction: 0.6)) { shown = true } }
                }
            }

            #Preview("Card") { PopCard().frame(width: 240, height: 120) }
            """.write(to: dir.appendingPathComponent("PopCard.swift"), atomically: true, encoding: .utf8)
        let location = SnapshotLocation(fileID: "Example/PopCardTests.swift", filePath: dir.appendingPathComponent("PopCardTests.swift").path,
                                        function: "popCard()", line: 3, column: 5)
        func verify(_ mode: SnapshotRecordMode, preview: String? = nil) throws -> [AnimationSnapshot.Failure] {
            try AnimationSnapshot.verify(spec: "PopCard.swift", preview: preview, poses: .keyPoses, scale: 1, tolerance: .exact,
                                         record: mode, snapshotDirectory: nil, location: location)
        }
        let recorded = try verify(.missing)
        #expect(recorded.map(\.pose) == ["first", "start-0", "mid-0", "rest-0", "last"], "\(recorded.map(\.message))")
        #expect(try verify(.never, preview: "Card").isEmpty)
        let folder = dir.appendingPathComponent("__Snapshots__/PopCardTests/popCard")
        func red(_ pose: String) throws -> Int {
            let image = try RGBAImage(contentsOf: folder.appendingPathComponent(pose + ".png"))
            return stride(from: 0, to: image.bytes.count, by: 4).filter { image.bytes[$0] > 200 && image.bytes[$0 + 1] < 80 && image.bytes[$0 + 2] < 80 && image.bytes[$0 + 3] > 200 }.count
        }
        let (start, mid, rest) = (try red("start-0"), try red("mid-0"), try red("rest-0"))
        // 30 × 18 pt at the start, 100 × 60 at rest (scale 1), between the two halfway.
        #expect(start < 700 && rest > 5500 && mid > start * 2 && mid < rest, "red pixels \(start), \(mid), \(rest)")
        #expect {
            try verify(.never, preview: "Nowhere")
        } throws: { error in
            "\(error)".contains("Nowhere") && "\(error)".contains("Card")
        }
        #expect(throws: SnapshotError.self) {
            try AnimationSnapshot.verify(spec: "PopCard.json", preview: "Card", poses: .keyPoses, scale: 1, tolerance: .exact,
                                         record: .never, snapshotDirectory: nil, location: location)
        }
    }
}
