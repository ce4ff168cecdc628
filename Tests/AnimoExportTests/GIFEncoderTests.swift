// GIF export tests: every GIF is decoded with giflib (GIFTestDecoder) and compared with its source
// frames composited as a browser would.
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoExport

/// A frame from a function of (x, y) giving straight RGBA bytes.
func makeFrame(_ w: Int, _ h: Int, _ f: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Pixmap {
    var b = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h { for x in 0..<w { let c = f(x, y); let o = (y * w + x) * 4; b[o] = c.0; b[o + 1] = c.1; b[o + 2] = c.2; b[o + 3] = c.3 } }
    return try! Pixmap(width: w, height: h, rgba8Straight: b)
}

/// A 64×64 animation: a smooth moving two-axis gradient on the right, and on the left 16 columns a
/// static gradient that never changes.
func gradientFrames(_ n: Int) -> [Pixmap] {
    (0..<n).map { i in
        makeFrame(64, 64) { x, y in
            if x < 16 { return (UInt8(40 + y * 3), UInt8(60 + x * 5), 120, 255) }
            let t = Double(i) / Double(n)
            let r = 128 + 100 * sin(Double(x) / 20 + 6 * t), g = 128 + 90 * cos(Double(y) / 17 - 4 * t)
            return (UInt8(r), UInt8(g), UInt8(Double(x + y) * 1.5 + 30), 255)
        }
    }
}

@Suite struct GIFTimingTests {
    @Test func thirtyFPSAlternates334() throws {
        let t = try GIFTiming.uniform(frameCount: 9, fps: 30)
        #expect(t.delays == [3, 3, 4, 3, 3, 4, 3, 3, 4])
        #expect(t.frameIndices == Array(0..<9))
        #expect(t.notes.isEmpty)
    }

    @Test(arguments: [(60.0, 2, 30.0), (100.0, 2, 50.0), (120.0, 3, 40.0), (50.0, 1, 50.0)])
    func capsAtFiftyFPS(fps: Double, step: Int, kept: Double) throws {
        let t = try GIFTiming.uniform(frameCount: 24, fps: fps)
        #expect(t.frameIndices == Array(stride(from: 0, to: 24, by: step)))
        #expect(t.delays.allSatisfy { $0 >= 2 })
        // Total duration preserved to the centisecond: 24 frames at fps.
        #expect(t.delays.reduce(0, +) == Int((2400 / fps + 1e-6).rounded(.down)))
        #expect(t.notes.isEmpty == (step == 1))
        #expect(abs(Double(t.delays.reduce(0, +)) / Double(t.delays.count) - 100 / kept) < 0.5)
    }

    @Test func variableDropsTooShortFrames() throws {
        let t = try GIFTiming.variable(durations: [0.1, 0.005, 0.1])
        #expect(t.frameIndices == [0, 2])
        #expect(t.delays == [10, 10])   // ends 10, 10.5→10, 20.5→20
        #expect(!t.notes.isEmpty)
    }

    @Test func rejectsBadRates() {
        #expect(throws: ExportError.self) { try GIFTiming.uniform(frameCount: 3, fps: .nan) }
        #expect(throws: ExportError.self) { try GIFTiming.uniform(frameCount: 3, fps: 0) }
        #expect(throws: ExportError.noFrames) { try GIFTiming.uniform(frameCount: 0, fps: 30) }
    }
}

@Suite struct GIFEncoderTests {
    @Test func gradientAnimationRoundTrips() throws {
        let src = gradientFrames(12)
        let r = try GIFEncoder.encode(frames: src, fps: 30)
        let d = try #require(GIFTestDecoder.decode(r.bytes))
        #expect(d.width == 64 && d.height == 64)
        #expect(d.frames.count == 12 && r.frameCount == 12)
        #expect(d.delays == [3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4] && r.delays == d.delays)
        #expect(d.loopCount == 0)
        #expect(d.disposals.allSatisfy { $0 == 1 })
        // Frames after the first only cover the changing part (x ≥ 16) and need no transparency
        // inside it; frame 0 covers everything.
        #expect(d.rects[0] == (0, 0, 64, 64))
        for k in 1..<12 { #expect(d.rects[k].x == 16) }
        // Quantization tolerance for a dithered 256-color table on a ~4000-color source: per-pixel
        // mean absolute error < 4 levels and max < 64; after a 3×3 box average of both images (what
        // the eye does with dither), mean absolute error < 1.5 levels.
        for (k, f) in src.enumerated() {
            let s = f.rgba8Straight()
            var sum = 0, mx = 0, sumBlur = 0.0, nBlur = 0
            for i in 0..<(64 * 64) { for c in 0..<3 { let e = abs(Int(s[4 * i + c]) - Int(d.frames[k][4 * i + c])); sum += e; mx = max(mx, e) } }
            for y in 1..<63 { for x in 1..<63 { for c in 0..<3 {
                var a = 0, b = 0
                for v in -1...1 { for u in -1...1 { let o = ((y + v) * 64 + x + u) * 4 + c; a += Int(s[o]); b += Int(d.frames[k][o]) } }
                sumBlur += abs(Double(a - b)) / 9; nBlur += 1
            } } }
            let mean = Double(sum) / Double(64 * 64 * 3), meanBlur = sumBlur / Double(nBlur)
            #expect(mean < 4, "frame \(k) mean abs error \(mean)")
            #expect(mx < 64, "frame \(k) max abs error \(mx)")
            #expect(meanBlur < 1.5, "frame \(k) mean abs error after 3×3 average \(meanBlur)")
            #expect((0..<(64 * 64)).allSatisfy { d.frames[k][4 * $0 + 3] == 255 })
        }
        // Temporal stability: the static left strip decodes identically in every frame.
        for k in 1..<12 {
            for y in 0..<64 { for x in 0..<16 { for c in 0..<4 {
                if d.frames[k][(y * 64 + x) * 4 + c] != d.frames[0][(y * 64 + x) * 4 + c] { Issue.record("static pixel \(x),\(y) changed in frame \(k)"); return }
            } } }
        }
    }

    @Test func fewColorSourceIsExactAndStillTailMerges() throws {
        // A 4×4 red square moving over a flat blue background, then 5 identical frames.
        let src = (0..<10).map { i in
            makeFrame(32, 32) { x, y in
                let p = min(i, 5) * 3
                return (x >= p && x < p + 4 && y >= 8 && y < 12) ? (230, 20, 20, 255) : (10, 40, 200, 255)
            }
        }
        let r = try GIFEncoder.encode(frames: src, fps: 25)
        let d = try #require(GIFTestDecoder.decode(r.bytes))
        #expect(d.frames.count == 6)
        #expect(d.delays == [4, 4, 4, 4, 4, 20])
        for k in 0..<6 { #expect(d.frames[k] == src[k].rgba8Straight(), "frame \(k)") }
        // Two colors in the whole animation: one global table, no local ones.
        #expect(d.localTables.allSatisfy { !$0 })
        // Frames after the first are cropped to the changed band and use a transparent index.
        for k in 1..<6 { #expect(d.rects[k].h == 4 && d.rects[k].w <= 7 && d.transparentIndices[k] != nil) }
    }

    @Test func transparentCanvasGivesOneBitAlphaAndClears() throws {
        // An opaque disk with soft edges moving right over a transparent canvas.
        let src = (0..<6).map { i in
            makeFrame(48, 48) { x, y in
                let dx = Double(x) + 0.5 - Double(10 + i * 5), dy = Double(y) + 0.5 - 24
                let cov = min(max(8 - (dx * dx + dy * dy).squareRoot(), 0), 1)
                return (200, 120, 30, UInt8((cov * 255).rounded()))
            }
        }
        let r = try GIFEncoder.encode(frames: src, fps: 20)
        let d = try #require(GIFTestDecoder.decode(r.bytes))
        #expect(d.frames.count == 6)
        #expect(d.disposals.dropLast().allSatisfy { $0 == 2 })   // each frame leaves pixels that must clear
        for k in 0..<6 {
            let s = src[k].rgba8Straight()
            for i in 0..<(48 * 48) {
                let opaque = s[4 * i + 3] >= 128
                #expect((d.frames[k][4 * i + 3] == 255) == opaque)
                if opaque { #expect(Array(d.frames[k][(4 * i)..<(4 * i + 3)]) == [200, 120, 30]) }
            }
        }
    }

    @Test func sixtyFPSIsHalvedWithANote() throws {
        let r = try GIFEncoder.encode(frames: gradientFrames(6), fps: 60)
        #expect(r.frameCount == 3 && r.delays == [3, 3, 4])
        #expect(r.notes.count == 1 && r.notes[0].contains("60 fps"))
        #expect(GIFTestDecoder.decode(r.bytes)?.delays == [3, 3, 4])
    }

    @Test func backgroundColorGivesOpaqueGIF() throws {
        let src = [makeFrame(16, 16) { x, _ in x < 8 ? (255, 255, 255, 0) : (0, 0, 0, 255) }]
        let bg = Color(rgba8: 0, 200, 0)
        let r = try GIFEncoder.encode(frames: src, fps: 10, options: .init(background: bg))
        let d = try #require(GIFTestDecoder.decode(r.bytes))
        #expect(d.transparentIndices == [nil])
        #expect(Array(d.frames[0][0..<4]) == [0, 200, 0, 255])
        #expect(Array(d.frames[0][(8 * 4)..<(8 * 4 + 4)]) == [0, 0, 0, 255])
    }

    @Test func playsOnceOmitsLoopAndCountIsWritten() throws {
        let src = gradientFrames(2)
        #expect(GIFTestDecoder.decode(try GIFEncoder.encode(frames: src, fps: 10, options: .init(plays: 1)).bytes)?.loopCount == nil)
        #expect(GIFTestDecoder.decode(try GIFEncoder.encode(frames: src, fps: 10, options: .init(plays: 3)).bytes)?.loopCount == 2)
    }

    @Test func budgetLowersFrameRateFirstAndFailsWhenHopeless() throws {
        let src = gradientFrames(20)
        let full = try GIFEncoder.encode(frames: src, fps: 40, options: .init(maxBytes: nil))
        let r = try GIFEncoder.encode(frames: src, fps: 40, options: .init(maxBytes: full.bytes.count * 6 / 10))
        #expect(r.bytes.count <= full.bytes.count * 6 / 10)
        #expect(r.notes.first?.contains("frame rate") == true)
        #expect(r.frameCount < 20)
        #expect(GIFTestDecoder.decode(r.bytes)?.frames.count == r.frameCount)
        #expect(throws: ExportError.self) { try GIFEncoder.encode(frames: src, fps: 40, options: .init(maxBytes: 100)) }
    }

    @Test func nonFinitePixelsDoNotCrash() throws {
        var p = try Pixmap(width: 8, height: 8, fill: PremultipliedColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1))
        p.pixels[3] = SIMD4(.nan, 0.5, .infinity, 1)
        p.pixels[9] = SIMD4(0.5, 0.5, 0.5, .nan)
        let r = try GIFEncoder.encode(frames: [p, p], fps: 10)
        #expect(GIFTestDecoder.decode(r.bytes)?.frames.count == 1)
        _ = try APNGEncoder.encode(frames: [p], delays: [APNGEncoder.Delay(fps: 10)!])
    }

    @Test func badInputThrowsAndLeavesNoFile() throws {
        #expect(throws: ExportError.noFrames) { try GIFEncoder.encode(frames: [], fps: 30) }
        let a = try Pixmap(width: 4, height: 4), b = try Pixmap(width: 5, height: 4)
        #expect(throws: ExportError.frameSizeMismatch(index: 1, width: 5, height: 4)) { try GIFEncoder.encode(frames: [a, b], fps: 30) }
        #expect(throws: ExportError.self) { try GIFEncoder.encode(frames: [a], fps: .infinity) }
        #expect(throws: ExportError.self) { try GIFEncoder.encode(frames: [a], fps: 30, options: .init(scale: .nan)) }
        let dir = URL(fileURLWithPath: "/tmp/build-export/no-such-dir-\(getpid())")
        #expect(throws: ExportError.self) { try GIFEncoder.write(frames: [a], fps: 30, to: dir.appendingPathComponent("x.gif")) }
        #expect(!FileManager.default.fileExists(atPath: dir.path))
        // A successful write leaves exactly the file (no temporary sibling).
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("gif-\(getpid())")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        let r = try GIFEncoder.write(frames: gradientFrames(3), fps: 30, to: tmp.appendingPathComponent("a.gif"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path) == ["a.gif"])
        #expect(try [UInt8](Data(contentsOf: tmp.appendingPathComponent("a.gif"))) == r.bytes)
    }
}

/// Rates and durations far beyond any animation: no trap, no endless loop.
@Suite struct HugeMagnitudeTimingTests {
    @Test func hugeRatesAndDurations() throws {
        let u = try GIFTiming.uniform(frameCount: 5, fps: 1e300)
        #expect(u.frameIndices == [0])
        let v = try GIFTiming.variable(durations: [1e300, 1])
        #expect(!v.delays.isEmpty)
        #expect(FrameJob.sequence(duration: 1, fps: 1e-300).count == 1)
    }
}

