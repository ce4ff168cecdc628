import Foundation
import Testing
import AnimoTestSupport
import AnimoRaster
import AnimoGeometry
@testable import AnimoExport

private func tempFolder(_ tag: String) -> URL {
    temporaryFolder("frames-\(tag)")
}

@Test func sequenceCoversZeroToDurationInclusive() {
    let jobs = FrameJob.sequence(duration: 1.0, fps: 30)
    #expect(jobs.count == 31)
    #expect(jobs.first?.fileName == "frame-0000.png")
    #expect(jobs.last?.fileName == "frame-0030.png")
    #expect(abs(jobs[15].time - 0.5) < 1e-12)
    #expect(FrameJob.sequence(duration: 0.5, fps: 25).count == 13)
}

@Test func roleFileNames() {
    #expect(FrameJob.fileName(forRole: "mid:0") == "mid-0.png")
    #expect(FrameJob.fileName(forRole: "first") == "first.png")
}

/// A frame that depends only on its time: a bar whose width is proportional to t.
@Sendable private func bar(_ t: Double) throws -> Pixmap {
    var ctx = try DrawingContext(width: 40, height: 10)
    ctx.fill(Path(rect: Rect(x: 0, y: 0, width: 40 * t, height: 10)), with: .solid(.black))
    return ctx.finish()
}

@Test func outputIsIdenticalWhateverTheThreadCount() throws {
    let jobs = FrameJob.sequence(duration: 1, fps: 20)
    let one = tempFolder("one"), two = tempFolder("two")
    try FrameRenderer.run(jobs, into: one, threads: 1, render: bar)
    try FrameRenderer.run(jobs, into: two, threads: 2, render: bar)
    for job in jobs {
        let a = try Data(contentsOf: one.appendingPathComponent(job.fileName))
        let b = try Data(contentsOf: two.appendingPathComponent(job.fileName))
        #expect(a == b, "\(job.fileName) differs between 1 and 2 threads")
    }
    // The half-way frame really shows a half bar.
    let mid = try PNG.read(from: one.appendingPathComponent(jobs[10].fileName))
    #expect(mid.pixel(x: 19, y: 5)!.alpha == 1)
    #expect(mid.pixel(x: 21, y: 5)!.alpha == 0)
}

struct Boom: Error {}

@Test func anErrorStopsTheRunAndIsRethrown() {
    let jobs = FrameJob.sequence(duration: 1, fps: 10)
    #expect(throws: Boom.self) {
        try FrameRenderer.run(jobs, into: tempFolder("err"), threads: 2) { t in
            if t > 0.45 { throw Boom() }
            return try bar(t)
        }
    }
}

@Test func manifestRoundTripsThroughJSON() throws {
    let jobs = [FrameJob(index: 0, time: 0, fileName: "first.png", role: "first"),
                FrameJob(index: 1, time: 0.4, fileName: "mid-0.png", role: "mid:0")]
    let m = Manifest(name: "x", width: 100, height: 50, scale: 2, fps: 30, jobs: jobs)
    let url = tempFolder("manifest").appendingPathExtension("json")
    try m.write(to: url)
    let back = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
    #expect(back == m)
    #expect(back.canvas.pixelWidth == 200)
}

@Test func ownedNamesAreExactlyTheOnesARenderWrites() {
    for name in ["frame-0000.png", "frame-12345.png", "t-0_200.png", "t-12_345.png", "first.png", "last.png", "start-0.png",
                 "mid-3.png", "rest-12.png", "animation.gif", "animation.png", "sheet.png", "filmstrip.png", "manifest.json"] {
        #expect(OutputFolder.isOwnedName(name), "\(name)")
    }
    for name in ["notes.txt", "frame-001.png", "frame-0001.jpg", "frame-00a1.png", "t-0_20.png", "t-0.200.png", "mid-.png",
                 "mid-x.png", "review.gif", "Frame-0001.png", "frame-0001.png.bak", ".frame-0001.png.\(getpid()).tmp",
                 ".notes.txt.999999999.tmp"] {
        #expect(!OutputFolder.isOwnedName(name), "\(name)")
    }
    // The temporary file of a write whose process is gone is ours to remove (pid 2^22 + 1 is above
    // Linux's pid_max limit of 2^22, so no process has it).
    #expect(OutputFolder.isOwnedName(".frame-0001.png.4194305.tmp"))
    #expect(OutputFolder.isOwnedName(".manifest.json.4194305.tmp"))
    #expect(OutputFolder.isOwnedName(".animo-scratch.4194305.1234567.tmp"))
    #expect(!OutputFolder.isOwnedName(".animo-scratch.\(getpid()).1234567.tmp"))
    #expect(!OutputFolder.isOwnedName(".animo-scratchy.4194305.1234567.tmp"))
}

@Test func staleRemovalTouchesOnlyRegularFilesWithOurNames() throws {
    let dir = tempFolder("stale")
    let fm = FileManager.default
    try fm.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: dir) }
    for name in ["frame-0000.png", "frame-0001.png", "sheet.png", "notes.txt", ".frame-0002.png.4194305.tmp"] {
        try Data(name.utf8).write(to: dir.appendingPathComponent(name))
    }
    try fm.createDirectory(at: dir.appendingPathComponent("frame-0003.png"), withIntermediateDirectories: true)
    try fm.createSymbolicLink(atPath: dir.appendingPathComponent("frame-0004.png").path, withDestinationPath: "notes.txt")
    let warnings = OutputFolder.removeStale(in: dir, keeping: ["frame-0000.png"])
    #expect(warnings.isEmpty)
    #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == ["frame-0000.png", "frame-0003.png", "frame-0004.png", "notes.txt"])
    #expect(try String(contentsOf: dir.appendingPathComponent("notes.txt"), encoding: .utf8) == "notes.txt")
}

@Test func prepareRemovesTheManifestAndNamesTheProblem() throws {
    let dir = tempFolder("prepare")
    let fm = FileManager.default
    try OutputFolder.prepare(dir.appendingPathComponent("a/b"))
    #expect(fm.fileExists(atPath: dir.appendingPathComponent("a/b").path))
    try Data("{}".utf8).write(to: dir.appendingPathComponent("manifest.json"))
    try Data("keep".utf8).write(to: dir.appendingPathComponent("frame-0000.png"))
    try OutputFolder.prepare(dir, shownAs: "shown")
    #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == ["a", "frame-0000.png"])
    let file = dir.appendingPathComponent("frame-0000.png")
    #expect(throws: OutputFolder.Problem(path: "shown", reason: "exists and is not a folder")) { try OutputFolder.prepare(file, shownAs: "shown") }
    #expect(throws: OutputFolder.Problem(path: "x", reason: "\(file.path) is a file, not a folder")) {
        try OutputFolder.prepare(file.appendingPathComponent("sub"), shownAs: "x")
    }
    try? fm.removeItem(at: dir)
}
