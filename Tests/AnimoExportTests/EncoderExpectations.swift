// Committed expectations for the GIF and APNG encoders: the byte count and FNV-1a 64 digest of each
// output for a set of sequences that between them take every branch of the pipeline (exact and
// k-means palettes, global and local tables, disposal 2 clears, merged still tails, frames with
// nothing to draw, dropped frames above 50 fps, each budget reduction and the budget failure,
// background compositing, scaling, play counts; APNG with and without differencing). The digests
// were computed with the whole-sequence encoders (every frame in memory) before the encoders were
// made streaming; every encoder entry point must keep producing exactly these bytes. Never
// regenerate them from the current code: a mismatch means the output changed.
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
import AnimoTestSupport
@testable import AnimoExport

/// FNV-1a, 64 bits (Fowler, Noll, Vo; offset basis 0xcbf29ce484222325, prime 0x100000001b3).
func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    return h
}

/// "count:digest" of a byte buffer.
func digest(_ bytes: [UInt8]) -> String { "\(bytes.count):" + String(fnv1a64(bytes), radix: 16) }

/// One GIF input: frames and either a constant rate or one duration per frame.
struct GIFCase: Sendable, CustomStringConvertible {
    var name: String
    var frames: @Sendable () -> [Pixmap]
    var fps: Double?
    var durations: [Double]?
    var options: GIFEncoder.Options
    var description: String { name }
}

enum EncoderSequences {
    /// A 4×4 red square moving over flat blue, then identical frames (exact palette, merged tail).
    static func fewColors() -> [Pixmap] {
        (0..<10).map { i in
            makeFrame(32, 32) { x, y in
                let p = min(i, 5) * 3
                return (x >= p && x < p + 4 && y >= 8 && y < 12) ? (230, 20, 20, 255) : (10, 40, 200, 255)
            }
        }
    }

    /// A soft-edged disk moving over a transparent canvas (1-bit alpha, disposal 2 clears).
    static func transparentDisk() -> [Pixmap] {
        (0..<6).map { i in
            makeFrame(48, 48) { x, y in
                let dx = Double(x) + 0.5 - Double(10 + i * 5), dy = Double(y) + 0.5 - 24
                let cov = min(max(8 - (dx * dx + dy * dy).squareRoot(), 0), 1)
                return (200, 120, 30, UInt8((cov * 255).rounded()))
            }
        }
    }

    /// Seeded noise in moving rectangles over a gradient, with repeated frames, a fully transparent
    /// frame (an image with nothing to draw) and soft alpha: more than 256 colors per frame.
    static func noise(seed: UInt64, count: Int = 14, width: Int = 36, height: Int = 28) -> [Pixmap] {
        var rng = TestRandom(seed: seed)
        var out: [Pixmap] = []
        for i in 0..<count {
            if i == 4 || i == 9, let last = out.last { out.append(last); continue }
            if i == 6 { out.append(makeFrame(width, height) { _, _ in (0, 0, 0, 0) }); continue }
            let x0 = rng.int(width / 2), y0 = rng.int(height / 2), w = 4 + rng.int(width / 2), h = 3 + rng.int(height / 2)
            var cells = [(UInt8, UInt8, UInt8, UInt8)]()
            for _ in 0..<(width * height) {
                cells.append((UInt8(rng.int(256)), UInt8(rng.int(256)), UInt8(rng.int(256)), UInt8(rng.int(4) == 0 ? rng.int(256) : 255)))
            }
            out.append(makeFrame(width, height) { x, y in
                if x >= x0 && x < x0 + w && y >= y0 && y < y0 + h { return cells[y * width + x] }
                return (UInt8(x * 7 % 256), UInt8(y * 9 % 256), UInt8((x + y + i) % 256), y < 3 ? 0 : 255)
            })
        }
        return out
    }

    static let gifCases: [GIFCase] = [
        GIFCase(name: "gradient-30fps", frames: { gradientFrames(12) }, fps: 30, options: .init()),
        GIFCase(name: "few-colors-tail", frames: { fewColors() }, fps: 25, options: .init()),
        GIFCase(name: "transparent-disk", frames: { transparentDisk() }, fps: 20, options: .init()),
        GIFCase(name: "sixty-fps", frames: { gradientFrames(6) }, fps: 60, options: .init()),
        GIFCase(name: "noise", frames: { noise(seed: 7) }, fps: 24, options: .init()),
        GIFCase(name: "noise-nodither-plays3", frames: { noise(seed: 11) }, fps: 12,
                options: .init(plays: 3, dither: false)),
        GIFCase(name: "noise-background-half", frames: { noise(seed: 13) }, fps: 30,
                options: .init(plays: 1, background: Color(rgba8: 20, 200, 90), scale: 0.5)),
        GIFCase(name: "disk-scale-1.5-64colors", frames: { transparentDisk() }, fps: 10,
                options: .init(scale: 1.5, maxColors: 64)),
        GIFCase(name: "budget-fps", frames: { gradientFrames(20) }, fps: 40, options: .init(maxBytes: 60_000)),
        GIFCase(name: "budget-scale-colors", frames: { gradientFrames(8) }, fps: 10, options: .init(maxBytes: 6_000)),
        GIFCase(name: "variable-durations", frames: { noise(seed: 5, count: 8) },
                durations: [0.1, 0.005, 0.2, 0.033, 0.04, 0.5, 0.01, 0.3], options: .init()),
    ]

    /// 8-bit frames for the APNG cases.
    static func apngFrames() -> [[UInt8]] { APNGEncoderTests.frames().map { $0.rgba8Straight() } }
    static func apngNoise() -> [[UInt8]] { noise(seed: 3, count: 12, width: 30, height: 22).map { $0.rgba8Straight() } }
}

/// Expected "count:digest" of each GIF case (whole-sequence encoder, before streaming).
let expectedGIF: [String: String] = [
    "gradient-30fps": "38456:ef722f5be67a9860",
    "few-colors-tail": "248:8fc9bc02352f9567",
    "transparent-disk": "291:ea3c77c517de4785",
    "sixty-fps": "10267:c6523b4220fb7f14",
    "noise": "18442:8ab93e742de5710d",
    "noise-nodither-plays3": "18214:4b876cfca0a640d7",
    "noise-background-half": "12443:881b83a2f01a7810",
    "disk-scale-1.5-64colors": "396:90a88a686ba6a511",
    "budget-fps": "32199:722314f115434790",
    "budget-scale-colors": "4829:8877f6bb32af4ad6",
    "variable-durations": "8137:25be3be9350cd1e1",
]

/// Expected notes of the cases that have any (the budget notes carry each attempt's size).
let expectedNotes: [String: [String]] = [
    "sixty-fps": ["GIF: 60 fps is above the 50 fps GIFs can play; kept every 2nd frame (30 fps)"],
    "budget-fps": ["GIF: 63539 bytes > budget 60000; lowered the frame rate to 20 fps"],
    "budget-scale-colors": ["GIF: 25749 bytes > budget 6000; scaled to 0.75×", "GIF: 18031 bytes > budget 6000; scaled to 0.562×",
                            "GIF: 13478 bytes > budget 6000; scaled to 0.422×", "GIF: 11130 bytes > budget 6000; scaled to 0.316×",
                            "GIF: 9132 bytes > budget 6000; scaled to 0.25×", "GIF: 8170 bytes > budget 6000; reduced to 128 colors"],
    "variable-durations": ["GIF: dropped 2 frame(s) shorter than 2 cs (browsers play shorter delays as 10 cs)"],
]

/// Expected budget failure of `gradientFrames(20)` at 40 fps in 100 bytes.
let expectedBudgetFailure = ExportError.budgetExceeded(maxBytes: 100, smallestBytes: 822, tried: "fps ÷4, scale 0.25, 16 colors")

/// Expected "count:digest" of each APNG case.
let expectedAPNG: [String: String] = [
    "disk-diff": "3238:be660e296110017b",
    "disk-nodiff": "3973:fd5153691804d3b9",
    "noise-level1": "5573:104d5ad0ac94d6c9",
    "noise-level9": "5335:ced87b5526ad7543",
]

/// The APNG cases: name, frames, delays, plays, level, differencing.
let apngCases: [(name: String, frames: @Sendable () -> [[UInt8]], width: Int, height: Int, delays: [APNGEncoder.Delay], plays: Int, level: Int, differencing: Bool)] = [
    ("disk-diff", EncoderSequences.apngFrames, 40, 32, Array(repeating: APNGEncoder.Delay(fps: 30)!, count: 10), 3, 6, true),
    ("disk-nodiff", EncoderSequences.apngFrames, 40, 32, Array(repeating: APNGEncoder.Delay(fps: 30)!, count: 10), 0, 6, false),
    ("noise-level1", EncoderSequences.apngNoise, 30, 22, (0..<12).map { APNGEncoder.Delay(seconds: 0.02 * Double($0 + 1))! }, 1, 1, true),
    ("noise-level9", EncoderSequences.apngNoise, 30, 22, Array(repeating: APNGEncoder.Delay(fps: 29.97)!, count: 12), 0, 9, true),
]

@Suite struct EncoderExpectationTests {
    /// The whole-sequence GIF entry points (array of pixmaps) produce the committed bytes.
    @Test(arguments: EncoderSequences.gifCases)
    func gifMatchesCommittedDigest(_ c: GIFCase) throws {
        let r: GIFResult
        if let d = c.durations { r = try GIFEncoder.encode(frames: c.frames(), durations: d, options: c.options) }
        else { r = try GIFEncoder.encode(frames: c.frames(), fps: c.fps!, options: c.options) }
        #expect(digest(r.bytes) == expectedGIF[c.name], "\(c.name)")
        #expect(r.notes == expectedNotes[c.name, default: []], "\(c.name)")
    }

    /// The test-only copy of the whole-sequence pipeline (WholeSequenceReference.swift) is faithful:
    /// it produces the committed bytes too.
    @Test(arguments: EncoderSequences.gifCases)
    func referenceGIFMatchesCommittedDigest(_ c: GIFCase) throws {
        let r = try WholeSequenceGIF.encode(frames: c.frames(), durations: c.durations, fps: c.durations == nil ? c.fps : nil, options: c.options)
        #expect(digest(r.bytes) == expectedGIF[c.name], "\(c.name)")
        #expect(r.notes == expectedNotes[c.name, default: []], "\(c.name)")
    }

    @Test func referenceAPNGMatchesCommittedDigest() throws {
        for c in apngCases {
            let bytes = try WholeSequenceAPNG.encode(rgbaFrames: c.frames(), width: c.width, height: c.height, delays: c.delays,
                                                     plays: c.plays, level: c.level, differencing: c.differencing)
            #expect(digest(bytes) == expectedAPNG[c.name], "\(c.name)")
        }
    }

    @Test func gifBudgetFailureIsUnchanged() throws {
        do {
            _ = try GIFEncoder.encode(frames: gradientFrames(20), fps: 40, options: .init(maxBytes: 100))
            Issue.record("expected a budget failure")
        } catch let e as ExportError {
            #expect(e == expectedBudgetFailure)
        }
    }

    @Test func apngMatchesCommittedDigest() throws {
        for c in apngCases {
            let bytes = try APNGEncoder.encode(rgbaFrames: c.frames(), width: c.width, height: c.height, delays: c.delays,
                                               plays: c.plays, level: c.level, differencing: c.differencing)
            #expect(digest(bytes) == expectedAPNG[c.name], "\(c.name)")
        }
    }
}
