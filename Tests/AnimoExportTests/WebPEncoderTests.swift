// The WebP writer against libwebp's own animation decoder (WebPAnimDecoder): lossless frames decode
// back byte for byte with the delays given, lossy ones within a small error with exact alpha, the
// durations follow the rounding at each frame's end, and a file streamed to disk is the bytes made
// in memory.
import CWebPDemux
import Foundation
import Testing
@testable import AnimoExport
import AnimoTestSupport

/// Frames of `w`×`h`: a transparent canvas with a half-transparent square moving right and a
/// gradient bar whose colour changes every frame (so differencing rectangles vary).
func movingFrames(count: Int, width w: Int, height h: Int) -> [[UInt8]] {
    (0..<count).map { n in
        var f = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = 4 * (y * w + x)
                if x >= 2 * n % w && x < 2 * n % w + 9 && y >= 3 && y < 12 { f[i] = 200; f[i + 1] = 40; f[i + 2] = 90; f[i + 3] = 160 }
                if y >= h - 5 { f[i] = UInt8(x * 255 / max(1, w - 1)); f[i + 1] = UInt8((n * 37) & 255); f[i + 2] = 30; f[i + 3] = 255 }
            }
        }
        return f
    }
}

/// Decodes an animated WebP into its canvases (straight RGBA) and end times (ms).
func decodeWebP(_ bytes: [UInt8]) throws -> (width: Int, height: Int, frames: [[UInt8]], ends: [Int], loops: Int) {
    try bytes.withUnsafeBufferPointer { buf in
        var data = WebPData(bytes: buf.baseAddress, size: buf.count)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw TestFailure("options") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        guard let dec = WebPAnimDecoderNew(&data, &options) else { throw TestFailure("WebPAnimDecoderNew refused the file") }
        defer { WebPAnimDecoderDelete(dec) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(dec, &info) != 0 else { throw TestFailure("info") }
        let w = Int(info.canvas_width), h = Int(info.canvas_height)
        var frames: [[UInt8]] = [], ends: [Int] = []
        while WebPAnimDecoderHasMoreFrames(dec) != 0 {
            var pixels: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(dec, &pixels, &timestamp) != 0, let pixels else { throw TestFailure("frame \(frames.count)") }
            frames.append(Array(UnsafeBufferPointer(start: pixels, count: w * h * 4)))
            ends.append(Int(timestamp))
        }
        return (w, h, frames, ends, Int(info.loop_count))
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// Transparent pixels compare equal whatever their colour.
func sameVisible(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    for i in stride(from: 0, to: a.count, by: 4) {
        if a[i + 3] == 0 && b[i + 3] == 0 { continue }
        if a[i..<(i + 4)] != b[i..<(i + 4)] { return false }
    }
    return true
}

@Suite struct WebPEncoderTests {
    @Test func durationsAreRoundedAtEachFramesEndSoTheErrorDoesNotAccumulate() {
        let d = WebPEncoder.durations(frameCount: 90, fps: 30)
        #expect(Array(d.prefix(6)) == [33, 34, 33, 33, 34, 33])
        #expect(d.reduce(0, +) == 3000)
        var end = 0
        for (i, ms) in d.enumerated() {
            end += ms
            #expect(abs(Double(end) - Double(i + 1) * 1000 / 30) <= 0.5)
        }
        // Rounding each frame alone would give 33 ms and 2970 ms for 3 s.
        #expect(WebPEncoder.durations(frameCount: 60, fps: 60).reduce(0, +) == 1000)
        #expect(WebPEncoder.durations(spans: [2, 2, 1], fps: 30) == [67, 66, 34])
    }

    @Test func losslessFramesDecodeBackExactlyWithTheirTimes() throws {
        let (w, h) = (41, 23)   // odd sizes: offsets are moved to even coordinates
        let frames = movingFrames(count: 13, width: w, height: h)
        let durations = WebPEncoder.durations(frameCount: frames.count, fps: 30)
        let bytes = try WebPEncoder.encode(rgbaFrames: frames, width: w, height: h, durations: durations,
                                           options: .init(plays: 3))
        #expect(Array(bytes[0..<4]) == Array("RIFF".utf8))
        #expect(Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24 == bytes.count - 8)
        let d = try decodeWebP(bytes)
        #expect(d.width == w && d.height == h)
        #expect(d.loops == 3)
        #expect(d.frames.count == frames.count)
        for (k, f) in d.frames.enumerated() { #expect(sameVisible(f, frames[k]), "frame \(k)") }
        var end = 0
        #expect(d.ends == durations.map { end += $0; return end })
    }

    @Test func opaqueChangesAreBlendedAndStillDecodeExactly() throws {
        // A noise background that never changes and an opaque square moving over it: each frame's
        // rectangle is blended, its unchanged pixels written transparent.
        let (w, h) = (64, 40)
        let background = noiseFrames(count: 1, width: w, height: h)[0]
        let frames: [[UInt8]] = (0..<8).map { n in
            var f = background
            for y in 10..<20 { for x in (3 * n)..<(3 * n + 10) { let i = 4 * (y * w + x); f[i] = 250; f[i + 1] = 200; f[i + 2] = 10; f[i + 3] = 255 } }
            return f
        }
        let durations = [Int](repeating: 40, count: 8)
        let bytes = try WebPEncoder.encode(rgbaFrames: frames, width: w, height: h, durations: durations)
        let d = try decodeWebP(bytes)
        for (k, f) in d.frames.enumerated() { #expect(f == frames[k], "frame \(k)") }
        // ANMF flags: the first frame does not blend, the others do.
        var flags: [UInt8] = [], p = 12
        while p + 8 <= bytes.count {
            let tag = String(decoding: bytes[p..<(p + 4)], as: UTF8.self)
            let size = Int(bytes[p + 4]) | Int(bytes[p + 5]) << 8 | Int(bytes[p + 6]) << 16 | Int(bytes[p + 7]) << 24
            if tag == "ANMF" { flags.append(bytes[p + 8 + 15]) }
            p += 8 + size + (size & 1)
        }
        #expect(flags == [0x02] + [UInt8](repeating: 0, count: 7))
        // The rectangles cost less than their noise would (≈ 4 bytes a pixel): mostly transparent.
        #expect(bytes.count < 2 * w * h * 4, "\(bytes.count)")
    }

    @Test func differencingMakesRepeatedFramesSmall() throws {
        // Noise does not compress: a whole frame costs its full size each time, a repeated one 1×1.
        let frames = noiseFrames(count: 1, width: 64, height: 64)
        let still = [[UInt8]](repeating: frames[0], count: 20)
        let durations = [Int](repeating: 50, count: 20)
        let diffed = try WebPEncoder.encode(rgbaFrames: still, width: 64, height: 64, durations: durations)
        let whole = try WebPEncoder.encode(rgbaFrames: still, width: 64, height: 64, durations: durations,
                                           options: .init(differencing: false))
        #expect(diffed.count * 10 < whole.count, "\(diffed.count) vs \(whole.count)")
        #expect(try decodeWebP(diffed).frames.allSatisfy { sameVisible($0, frames[0]) })
    }

    @Test func lossyKeepsAlphaExactAndColoursClose() throws {
        let (w, h) = (48, 32)
        let frames = movingFrames(count: 6, width: w, height: h)
        let bytes = try WebPEncoder.encode(rgbaFrames: frames, width: w, height: h,
                                           durations: WebPEncoder.durations(frameCount: 6, fps: 30), options: .init(quality: 90))
        let d = try decodeWebP(bytes)
        #expect(d.frames.count == 6)
        for (k, f) in d.frames.enumerated() {
            var err = 0, n = 0
            for i in stride(from: 0, to: f.count, by: 4) {
                #expect(f[i + 3] == frames[k][i + 3], "alpha of frame \(k) pixel \(i / 4)")
                guard frames[k][i + 3] == 255 else { continue }
                for c in 0..<3 { err += abs(Int(f[i + c]) - Int(frames[k][i + c])) }
                n += 3
            }
            #expect(Double(err) / Double(max(n, 1)) < 6, "mean error of frame \(k)")
        }
    }

    @Test func aStreamedFileIsTheBytesMadeInMemory() throws {
        let frames = movingFrames(count: 21, width: 30, height: 20)
        let durations = WebPEncoder.durations(frameCount: 21, fps: 24)
        let memory = try WebPEncoder.encode(rgbaFrames: frames, width: 30, height: 20, durations: durations)
        let dir = temporaryFolder("webp")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("a.webp")
        let s = try WebPEncoder.Stream(width: 30, height: 20, to: url)
        for (f, d) in zip(frames, durations) { try s.append(f, milliseconds: d) }
        #expect(!FileManager.default.fileExists(atPath: url.path), "nothing appears before commit")
        try s.commit()
        #expect(try [UInt8](Data(contentsOf: url)) == memory)
        // The same frames encoded again: the same bytes.
        #expect(try WebPEncoder.encode(rgbaFrames: frames, width: 30, height: 20, durations: durations) == memory)
    }

    @Test func badParametersAreRefused() {
        #expect(throws: ExportError.self) { try WebPEncoder.encode(rgbaFrames: [], width: 1, height: 1, durations: []) }
        #expect(throws: ExportError.self) {
            try WebPEncoder.encode(rgbaFrames: [[0, 0, 0, 0]], width: 1, height: 1, durations: [1], options: .init(quality: 101))
        }
        #expect(throws: ExportError.self) { try WebPEncoder.encode(rgbaFrames: [[0, 0, 0]], width: 1, height: 1, durations: [1]) }
    }
}
