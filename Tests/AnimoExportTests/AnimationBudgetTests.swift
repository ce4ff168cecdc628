// The byte budget of the APNG, WebP and MP4 (AnimationExport): within it the file is the plain
// stream's; over it the rate is halved, then the scale lowered, each change noted, and the file
// fits; when nothing fits, nothing is written and the error says what was tried.
import CWebPDemux
import Foundation
import Testing
@testable import AnimoExport
import AnimoTestSupport

/// Frames of noise (incompressible), seeded.
func noiseFrames(count: Int, width: Int, height: Int, seed: UInt64 = 7) -> [[UInt8]] {
    var state = seed
    return (0..<count).map { _ in
        (0..<(width * height * 4)).map { i in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 33)
        }
    }
}

@Suite struct AnimationBudgetTests {
    func export(_ format: AnimationExport.Format, _ frames: [[UInt8]], width: Int, height: Int, fps: Double = 30,
                maxBytes: Int?) throws -> (AnimationSummary, URL) {
        let dir = temporaryFolder("budget")
        let url = dir.appendingPathComponent("a." + (format == .apng ? "png" : format == .webp ? "webp" : "mp4"))
        let e = try AnimationExport(format: format, frameCount: frames.count, width: width, height: height, fps: fps,
                                    maxBytes: maxBytes, to: url)
        for f in frames { try e.append(f) }
        return (try e.finish(), url)
    }

    @Test(arguments: [AnimationExport.Format.apng, .webp, .mp4])
    func withinTheBudgetTheFileIsThePlainStream(_ format: AnimationExport.Format) throws {
        let frames = movingFrames(count: 9, width: 32, height: 24)
        let (r, url) = try export(format, frames, width: 32, height: 24, maxBytes: 10_000_000)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(r.notes.isEmpty)
        #expect(r.frameCount == 9 && r.fps == 30 && r.width == 32)
        let bytes = try [UInt8](Data(contentsOf: url))
        #expect(bytes.count == r.byteCount)
        if format == .webp {
            #expect(bytes == (try WebPEncoder.encode(rgbaFrames: frames, width: 32, height: 24,
                                                     durations: WebPEncoder.durations(frameCount: 9, fps: 30))))
        }
        if format == .apng {
            let d = APNGEncoder.Delay(fps: 30)!
            #expect(bytes == (try APNGEncoder.encode(rgbaFrames: frames, width: 32, height: 24, delays: [APNGEncoder.Delay](repeating: d, count: 9))))
        }
    }

    @Test(arguments: [AnimationExport.Format.apng, .webp])
    func overTheBudgetTheRateThenTheScaleComeDownAndTheFileFits(_ format: AnimationExport.Format) throws {
        // 40 frames of 48² noise: ≈ 9.2 kB a frame losslessly, 370 kB in all. Halving 30 fps gives
        // 15 fps (20 frames, still ≈ 185 kB); 7.5 fps would be below 10, so the scale comes down
        // next until 20 frames fit in 60 kB.
        let frames = noiseFrames(count: 40, width: 48, height: 48)
        let (r, url) = try export(format, frames, width: 48, height: 48, maxBytes: 60_000)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let size = try [UInt8](Data(contentsOf: url)).count
        #expect(size == r.byteCount && size <= 60_000)
        #expect(r.notes.first?.contains("lowered the frame rate to 15 fps") == true, "\(r.notes)")
        #expect(r.notes.contains { $0.contains("scaled to") }, "\(r.notes)")
        #expect(r.fps == 15 && r.frameCount == 20 && r.width < 48)
        if format == .webp {
            let d = try decodeWebP(try [UInt8](Data(contentsOf: url)))
            #expect(d.frames.count == 20 && d.width == r.width)
            #expect(d.ends.last == 1333, "20 frames of 2/30 s end at 1.333 s: \(d.ends)")
        }
    }

    @Test(arguments: [AnimationExport.Format.apng, .webp, .mp4])
    func whenNothingFitsNothingIsWritten(_ format: AnimationExport.Format) throws {
        let frames = noiseFrames(count: 6, width: 40, height: 40)
        let dir = temporaryFolder("budget")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("a.out")
        let e = try AnimationExport(format: format, frameCount: 6, width: 40, height: 40, fps: 30, maxBytes: 200, to: url)
        for f in frames { try e.append(f) }
        do {
            _ = try e.finish()
            Issue.record("a 200-byte budget was met")
        } catch let error as ExportError {
            guard case let .overBudget(name, max, tried) = error else { Issue.record("\(error)"); return }
            #expect(name == format.rawValue && max == 200)
            #expect(tried.contains("scale 0.25"), "\(tried)")
            #expect(error.description.hasPrefix("\(format.rawValue) does not fit in 200 bytes"))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(left.isEmpty, "\(left)")
    }
}
