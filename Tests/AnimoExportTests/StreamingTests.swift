// The streaming encoders against what they replace: GIFEncoder.Stream and APNGEncoder.Stream give
// the committed bytes of EncoderExpectations, and the bytes of the whole-sequence pipeline
// (WholeSequenceReference.swift, every frame in memory) on seeded random sequences whose lengths
// fall on each side of the batch size; the CLI's animation.gif and animation.png equal that
// reference over its own PNG frames whatever the thread count. Also: frames reach the encoders in
// order from any number of threads, FrameRenderer's lookahead bounds how far workers run ahead,
// and a failure never leaves a worker waiting or a file behind.
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
import AnimoTestSupport
@testable import AnimoExport

private func folder(_ tag: String) throws -> URL {
    let u = FileManager.default.temporaryDirectory.appendingPathComponent("animo-stream-\(tag)-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
    return u
}

private func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

/// Straight 8-bit frames of `frames`, checked to stand for them exactly: the streams take 8-bit
/// frames and turn them back into pixmaps, as the CLI does.
private func eightBit(_ frames: [Pixmap]) -> [[UInt8]] {
    frames.map { f in
        let b = f.rgba8Straight()
        #expect(try! Pixmap(width: f.width, height: f.height, rgba8Straight: b).pixels == f.pixels)
        return b
    }
}

/// A seeded sequence: a static gradient, rectangles of random colors moving and appearing, runs of
/// identical frames, transparent holes that open and close, and noise patches.
func randomSequence(seed: UInt64, count: Int, width: Int, height: Int) -> [[UInt8]] {
    var rng = TestRandom(seed: seed)
    var frames: [[UInt8]] = []
    var base = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<(width * height) {
        base[4 * i] = UInt8((i * 13) % 256); base[4 * i + 1] = UInt8((i / width * 17) % 256)
        base[4 * i + 2] = UInt8(rng.int(3) * 60); base[4 * i + 3] = 255
    }
    for n in 0..<count {
        if n > 0, rng.int(5) == 0 { frames.append(frames[n - 1]); continue }
        var f = base
        for _ in 0..<(1 + rng.int(3)) {
            let x0 = rng.int(width), y0 = rng.int(height)
            let w = 1 + rng.int(max(1, width - x0)), h = 1 + rng.int(max(1, height - y0))
            let kind = rng.int(4)
            let color = (UInt8(rng.int(256)), UInt8(rng.int(256)), UInt8(rng.int(256)))
            for y in y0..<(y0 + h) {
                for x in x0..<(x0 + w) {
                    let o = (y * width + x) * 4
                    switch kind {
                    case 0: f[o] = color.0; f[o + 1] = color.1; f[o + 2] = color.2; f[o + 3] = 255
                    case 1: f[o] = 0; f[o + 1] = 0; f[o + 2] = 0; f[o + 3] = 0
                    case 2: f[o] = UInt8(rng.int(256)); f[o + 1] = UInt8(rng.int(256)); f[o + 2] = UInt8(rng.int(256)); f[o + 3] = 255
                    default: f[o] = color.0; f[o + 1] = color.1; f[o + 2] = color.2; f[o + 3] = UInt8(rng.int(256))
                    }
                }
            }
        }
        // Frames are stored as a pixmap would give them back (fully transparent pixels as zeros).
        frames.append(try! Pixmap(width: width, height: height, rgba8Straight: f).rgba8Straight())
    }
    return frames
}

@Suite struct StreamingTests {
    @Test(arguments: EncoderSequences.gifCases.filter { $0.durations == nil })
    func gifStreamMatchesCommittedDigest(_ c: GIFCase) throws {
        let frames = c.frames()
        let dir = try folder("gif")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("a.gif")
        let stream = try GIFEncoder.Stream(frameCount: frames.count, width: frames[0].width, height: frames[0].height,
                                           fps: c.fps!, options: c.options, scratchDirectory: dir)
        for f in eightBit(frames) { try stream.append(f) }
        let summary = try stream.finish(writingTo: url)
        let out = try bytes(url)
        #expect(digest(out) == expectedGIF[c.name], "\(c.name)")
        #expect(summary.notes == expectedNotes[c.name, default: []], "\(c.name)")
        #expect(summary.byteCount == out.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.gif"], "scratch files left")
    }

    @Test func gifStreamOverItsBudgetFailsAndWritesNothing() throws {
        let frames = gradientFrames(4)
        let dir = try folder("budget")
        defer { try? FileManager.default.removeItem(at: dir) }
        let stream = try GIFEncoder.Stream(frameCount: 4, width: 64, height: 64, fps: 10, options: .init(maxBytes: 100),
                                           scratchDirectory: dir)
        for f in eightBit(frames) { try stream.append(f) }
        let reference = Result { try WholeSequenceGIF.encode(frames: frames, durations: nil, fps: 10, options: .init(maxBytes: 100)) }
        let streamed = Result { try stream.finish(writingTo: dir.appendingPathComponent("a.gif")) }
        guard case .failure(let r) = reference, case .failure(let e) = streamed else {
            Issue.record("expected a budget failure: \(reference), \(streamed)"); return
        }
        #expect(e as? ExportError == r as? ExportError)
        if case .budgetExceeded = e as? ExportError {} else { Issue.record("\(e)") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func apngStreamMatchesCommittedDigest() throws {
        let dir = try folder("apng")
        defer { try? FileManager.default.removeItem(at: dir) }
        for c in apngCases {
            let url = dir.appendingPathComponent("\(c.name).png")
            let frames = c.frames()
            let stream = try APNGEncoder.Stream(frameCount: frames.count, width: c.width, height: c.height, plays: c.plays,
                                                level: c.level, differencing: c.differencing, to: url)
            for (f, d) in zip(frames, c.delays) { try stream.append(f, delay: d) }
            #expect(!FileManager.default.fileExists(atPath: url.path), "the file appears only when finished")
            let size = try stream.finish()
            let out = try bytes(url)
            #expect(digest(out) == expectedAPNG[c.name], "\(c.name)")
            #expect(size == out.count)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == apngCases.map { "\($0.name).png" }.sorted())
    }

    @Test func anUnfinishedAPNGStreamLeavesNothing() throws {
        let dir = try folder("apng-abandoned")
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            let stream = try APNGEncoder.Stream(frameCount: 3, width: 2, height: 2, to: dir.appendingPathComponent("a.png"))
            try stream.append([UInt8](repeating: 9, count: 16), delay: APNGEncoder.Delay(fps: 10)!)
            #expect(throws: ExportError.self) { try stream.append([1, 2, 3], delay: APNGEncoder.Delay(fps: 10)!) }
            #expect(throws: ExportError.self) { try stream.finish() }   // 1 of 3 frames
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// Lengths on each side of the batch, sizes from 1 px, every option: the streams give the
    /// reference's bytes.
    @Test(arguments: [1, streamBatchSize - 1, streamBatchSize, streamBatchSize + 1, 2 * streamBatchSize + 3, 29])
    func streamsMatchTheWholeSequenceReference(count: Int) throws {
        let dir = try folder("random")
        defer { try? FileManager.default.removeItem(at: dir) }
        var rng = TestRandom(seed: UInt64(count) &* 0x9E37_79B9)
        for round in 0..<3 {
            let w = 1 + rng.int(30), h = 1 + rng.int(22)
            let frames = randomSequence(seed: rng.bits(), count: count, width: w, height: h)
            let fps = [10.0, 24, 30, 60][rng.int(4)]
            let options = GIFEncoder.Options(plays: rng.int(3), background: rng.int(3) == 0 ? Color(rgba8: 30, 40, 50) : nil,
                                             maxBytes: rng.int(3) == 0 ? 1_500 + rng.int(3_000) : nil,
                                             scale: [1, 0.5, 1.5][rng.int(3)], maxColors: [256, 64, 7][rng.int(3)],
                                             dither: rng.int(2) == 0)
            let what = "count \(count) round \(round): \(w)×\(h) at \(fps) fps, \(options)"
            let pixmaps = try frames.map { try Pixmap(width: w, height: h, rgba8Straight: $0) }
            let url = dir.appendingPathComponent("r.gif")
            let reference = Result { try WholeSequenceGIF.encode(frames: pixmaps, durations: nil, fps: fps, options: options) }
            let stream = try GIFEncoder.Stream(frameCount: count, width: w, height: h, fps: fps, options: options, scratchDirectory: dir)
            for f in frames { try stream.append(f) }
            let streamed = Result { try stream.finish(writingTo: url) }
            switch (reference, streamed) {
            case let (.success(r), .success(s)):
                #expect(try bytes(url) == r.bytes, "\(what)")
                #expect(s.notes == r.notes && s.delays == r.delays && s.frameCount == r.frameCount, "\(what)")
            case let (.failure(r), .failure(s)):
                #expect("\(r)" == "\(s)", "\(what)")
            default:
                Issue.record("\(what): reference \(reference), stream \(streamed)")
            }
            try? FileManager.default.removeItem(at: url)

            let delays = (0..<count).map { _ in APNGEncoder.Delay(seconds: Double(1 + rng.int(9)) / 30)! }
            let differencing = rng.int(4) != 0, level = rng.int(10)
            let apngURL = dir.appendingPathComponent("r.png")
            let apng = try APNGEncoder.Stream(frameCount: count, width: w, height: h, plays: round, level: level,
                                              differencing: differencing, to: apngURL)
            for (f, d) in zip(frames, delays) { try apng.append(f, delay: d) }
            try apng.finish()
            #expect(try bytes(apngURL) == WholeSequenceAPNG.encode(rgbaFrames: frames, width: w, height: h, delays: delays, plays: round,
                                                                   level: level, differencing: differencing), "\(what)")
            // The in-memory entry point is the same pipeline.
            #expect(try APNGEncoder.encode(rgbaFrames: frames, width: w, height: h, delays: delays, plays: round, level: level,
                                           differencing: differencing) == bytes(apngURL))
        }
    }

    // MARK: - Order and bounds

    @Test func framesReachTheEncodersInOrderFromAnyNumberOfThreads() throws {
        final class Log: @unchecked Sendable { var seen: [UInt8] = []; var busy = false; var overlapped = false }
        let log = Log()
        let seq = try FrameSequencer(count: 200, width: 1, height: 1) { frame in
            if log.busy { log.overlapped = true }
            log.busy = true
            log.seen.append(frame[0])
            usleep(UInt32(frame[0] % 3) * 100)
            log.busy = false
        }
        // Stored from 8 threads in a scrambled order.
        var shuffled = Array(0..<200)
        var rng = TestRandom(seed: 42)
        shuffled.shuffle(using: &rng)
        let order = shuffled
        let frames = try (0..<200).map { i in try Pixmap(width: 1, height: 1, rgba8Straight: [UInt8(i), 0, 0, 255]) }
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            for k in stride(from: t, to: 200, by: 8) { try! seq.store(order[k], frames[order[k]]) }
        }
        try seq.finish()
        #expect(log.seen == (0..<200).map { UInt8($0) })
        #expect(!log.overlapped, "two deliveries ran at once")
        #expect(throws: ExportError.self) { try seq.store(5, frames[5]) }
    }

    @Test func lookaheadBoundsHowFarWorkersRunAhead() throws {
        final class Track: @unchecked Sendable {
            let lock = NSLock(); var finished = Set<Int>(); var prefix = 0; var worst = 0
            func start(_ i: Int) { lock.lock(); worst = max(worst, i - prefix); lock.unlock() }
            func finish(_ i: Int) { lock.lock(); finished.insert(i); while finished.contains(prefix) { prefix += 1 }; lock.unlock() }
        }
        let track = Track()
        let jobs = FrameJob.sequence(duration: 3, fps: 20)
        let times = Dictionary(uniqueKeysWithValues: jobs.map { ($0.time, $0.index) })
        try FrameRenderer.run(jobs, into: nil, threads: 4, lookahead: 5, render: { t in
            let i = times[t]!
            track.start(i)
            usleep(i % 7 == 0 ? 20_000 : 1_000)   // some frames are slow
            return try Pixmap(width: 1, height: 1)
        }, consume: { job, _ in track.finish(job.index) })
        #expect(track.prefix == jobs.count)
        #expect(track.worst < 5, "a job started \(track.worst) past the first unfinished one")
    }

    @Test func aFailureWithLookaheadEndsTheRunWithoutWaiting() {
        let jobs = FrameJob.sequence(duration: 2, fps: 30)
        #expect(throws: Boom.self) {
            try FrameRenderer.run(jobs, into: nil, threads: 3, lookahead: 2, render: { t in
                if t == 0 { usleep(30_000); throw Boom() }   // the first frame, which everyone waits for
                return try Pixmap(width: 1, height: 1)
            })
        }
        // A delivery that fails stops the sequence: later frames see the same error.
        let seq = try! FrameSequencer(count: 3, width: 1, height: 1) { _ in throw Boom() }
        let p = try! Pixmap(width: 1, height: 1)
        #expect(throws: Boom.self) { try seq.store(1, p); try seq.store(0, p) }
        #expect(throws: Boom.self) { try seq.store(2, p) }
        #expect(throws: Boom.self) { try seq.finish() }
    }

    // MARK: - The CLI

    /// The animo-render executable next to the test bundle.
    private func executable() throws -> URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let u = dir.appendingPathComponent("animo-render")
            if FileManager.default.isExecutableFile(atPath: u.path) { return u }
            dir = dir.deletingLastPathComponent()
        }
        throw ExportError.invalidParameter("animo-render not found near \(CommandLine.arguments[0])")
    }

    @Test func cliAnimationsEqualTheReferenceOverTheirOwnFramesWhateverTheThreadCount() throws {
        let dir = try folder("cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.json")
        try Data("""
        {"canvas": {"width": 48, "height": 36, "scale": 1, "background": "#102030"}, "duration": 1.5, "fps": 20,
         "state": {"x": 6, "r": 3},
         "events": [{"at": 0.2, "set": {"x": 40, "r": 9}, "animation": {"spring": {"response": 0.5, "dampingFraction": 0.6}}}],
         "content": [{"circle": {"center": ["=x", 18], "radius": "=r"}, "fill": "orange"},
                     {"rectangle": {"frame": [0, 28, "=x", 5]}, "fill": "#30C0FF"}]}
        """.utf8).write(to: spec)
        var outputs: [[[UInt8]]] = []
        for threads in [1, 3] {
            let out = dir.appendingPathComponent("t\(threads)")
            let p = Process()
            p.executableURL = try executable()
            p.arguments = [spec.path, "--out", out.path, "--gif", "--apng", "--quiet", "--threads", "\(threads)"]
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationStatus == 0)
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix("frame-") }.sorted()
            #expect(names.count == 31)
            let frames = try names.map { try PNG.read(from: out.appendingPathComponent($0)) }
            let gif = try bytes(out.appendingPathComponent("animation.gif"))
            let apng = try bytes(out.appendingPathComponent("animation.png"))
            #expect(gif == (try WholeSequenceGIF.encode(frames: frames, durations: nil, fps: 20, options: .init())).bytes)
            #expect(apng == (try WholeSequenceAPNG.encode(rgbaFrames: frames.map { $0.rgba8Straight() }, width: 48, height: 36,
                                                          delays: frames.map { _ in APNGEncoder.Delay(fps: 20)! })))
            outputs.append([gif, apng])
        }
        #expect(outputs[0] == outputs[1])
    }
}
