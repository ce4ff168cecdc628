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
