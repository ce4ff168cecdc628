// APNG tests: the file is parsed back chunk by chunk (order, sequence numbers, CRCs checked with a
// bitwise CRC-32 written here), frame data is inflated with zlib, unfiltered with a decoder written
// here (PNG spec §9), composited (dispose NONE, blend SOURCE) and compared with the source bytes.
import CZlib
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@testable import AnimoExport

/// CRC-32 of PNG §5.5 / ISO 3309, bit by bit (polynomial 0xEDB88320 reflected), independent of zlib.
func crc32Bitwise(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
        c ^= UInt32(b)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return c ^ 0xFFFF_FFFF
}

struct PNGChunk { var type: String; var data: [UInt8] }

func parseChunks(_ b: [UInt8]) -> [PNGChunk]? {
    guard b.count >= 8, Array(b[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    var p = 8, out: [PNGChunk] = []
    func u32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
    while p + 12 <= b.count {
        let n = u32(p)
        guard p + 12 + n <= b.count else { return nil }
        guard crc32Bitwise(b[(p + 4)..<(p + 8 + n)]) == UInt32(u32(p + 8 + n)) else { return nil }
        out.append(PNGChunk(type: String(decoding: b[(p + 4)..<(p + 8)], as: UTF8.self), data: Array(b[(p + 8)..<(p + 8 + n)])))
        p += 12 + n
    }
    return p == b.count ? out : nil
}

func be32At(_ d: [UInt8], _ i: Int) -> Int { Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3]) }

/// Inflate + unfilter (PNG §9) of w×h RGBA.
func decodeImageData(_ z: [UInt8], w: Int, h: Int) -> [UInt8]? {
    var len = uLong((w * 4 + 1) * h)
    var raw = [UInt8](repeating: 0, count: Int(len))
    guard uncompress(&raw, &len, z, uLong(z.count)) == Z_OK, Int(len) == raw.count else { return nil }
    let rb = w * 4
    var out = [UInt8](repeating: 0, count: rb * h)
    for y in 0..<h {
        let t = raw[y * (rb + 1)]
        for i in 0..<rb {
            let x = Int(raw[y * (rb + 1) + 1 + i])
            let a = i >= 4 ? Int(out[y * rb + i - 4]) : 0
            let b = y > 0 ? Int(out[(y - 1) * rb + i]) : 0
            let c = (i >= 4 && y > 0) ? Int(out[(y - 1) * rb + i - 4]) : 0
            var pred = 0
            switch t {
            case 0: pred = 0
            case 1: pred = a
            case 2: pred = b
            case 3: pred = (a + b) / 2
            case 4:
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                pred = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
            default: return nil
            }
            out[y * rb + i] = UInt8((x + pred) & 0xFF)
        }
    }
    return out
}

@Suite struct APNGEncoderTests {
    /// 10 frames 40×32 with soft alpha: a translucent moving disk over a transparent canvas, a
    /// static opaque bar, and two identical frames at the end.
    static func frames() -> [Pixmap] {
        (0..<10).map { i in
            makeFrame(40, 32) { x, y in
                if y < 4 { return (UInt8(x * 6), 90, 200, 255) }
                let k = min(i, 8)
                let dx = Double(x) - Double(8 + 3 * k), dy = Double(y) - 18
                let a = max(0, min(1, (9 - (dx * dx + dy * dy).squareRoot()) / 3))
                return (240, UInt8(100 + k * 10), 40, UInt8((a * 200).rounded()))
            }
        }
    }

    @Test(arguments: [true, false])
    func chunksParseAndFramesRoundTrip(differencing: Bool) throws {
        let src = Self.frames()
        let delays = (0..<10).map { _ in APNGEncoder.Delay(fps: 30)! }
        let bytes = try APNGEncoder.encode(frames: src, delays: delays, plays: 3, differencing: differencing)
        let chunks = try #require(parseChunks(bytes), "bad signature, truncated chunk or CRC mismatch")
        // Order: IHDR, acTL, fcTL, IDAT, (fcTL, fdAT) × 9, IEND.
        let types = chunks.map(\.type)
        #expect(types == ["IHDR", "acTL", "fcTL", "IDAT"] + Array(repeating: ["fcTL", "fdAT"], count: 9).flatMap { $0 } + ["IEND"])
        #expect(be32At(chunks[0].data, 0) == 40 && be32At(chunks[0].data, 4) == 32)
        #expect(Array(chunks[0].data[8..<13]) == [8, 6, 0, 0, 0])
        #expect(be32At(chunks[1].data, 0) == 10 && be32At(chunks[1].data, 4) == 3)
        // Sequence numbers of fcTL and fdAT run 0, 1, 2, … without gaps.
        let seqs = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map { be32At($0.data, 0) }
        #expect(seqs == Array(0..<seqs.count))
        // Decode and composite.
        var canvas = [UInt8](repeating: 0, count: 40 * 32 * 4)
        var frame = 0
        var i = 2
        while i < chunks.count - 1 {
            let fc = chunks[i].data
            let w = be32At(fc, 4), h = be32At(fc, 8), x0 = be32At(fc, 12), y0 = be32At(fc, 16)
            #expect(Int(fc[20]) << 8 | Int(fc[21]) == 1 && Int(fc[22]) << 8 | Int(fc[23]) == 30)
            #expect(fc[24] == 0 && fc[25] == 0)
            if frame == 0 { #expect(w == 40 && h == 32 && x0 == 0 && y0 == 0) }
            let data = chunks[i + 1].type == "IDAT" ? chunks[i + 1].data : Array(chunks[i + 1].data[4...])
            let px = try #require(decodeImageData(data, w: w, h: h))
            for y in 0..<h { for x in 0..<w { for c in 0..<4 { canvas[((y + y0) * 40 + x + x0) * 4 + c] = px[(y * w + x) * 4 + c] } } }
            #expect(canvas == src[frame].rgba8Straight(), "frame \(frame)")
            if differencing && frame == 9 { #expect(w == 1 && h == 1) }           // identical to frame 8
            else if differencing && frame > 0 { #expect(y0 >= 4) }            // the static bar is never re-sent
            frame += 1; i += 2
        }
        #expect(frame == 10)
    }

    @Test func delaysAreExactFractions() {
        #expect(APNGEncoder.Delay(fps: 30) == APNGEncoder.Delay(numerator: 1, denominator: 30))
        #expect(APNGEncoder.Delay(fps: 60) == APNGEncoder.Delay(numerator: 1, denominator: 60))
        #expect(APNGEncoder.Delay(seconds: 0.125) == APNGEncoder.Delay(numerator: 1, denominator: 8))
        #expect(APNGEncoder.Delay(fps: 29.97).map { abs($0.seconds - 1 / 29.97) < 1e-9 } == true)
        #expect(APNGEncoder.Delay(seconds: .nan) == nil)
        #expect(APNGEncoder.Delay(numerator: 1, denominator: 0) == nil)
    }

    @Test func rejectsBadInput() throws {
        let a = try Pixmap(width: 2, height: 2)
        #expect(throws: ExportError.noFrames) { try APNGEncoder.encode(frames: [], delays: []) }
        #expect(throws: ExportError.delayCountMismatch(frames: 1, delays: 0)) { try APNGEncoder.encode(frames: [a], delays: []) }
        let d = APNGEncoder.Delay(fps: 10)!
        #expect(throws: ExportError.self) { try APNGEncoder.write(frames: [a], delays: [d], to: URL(fileURLWithPath: "/proc/nope/x.png")) }
    }
}

@Test func straightConversionMatchesRaster() throws {
    // Premultiplied values across the range, including alpha 0, tiny alpha, > 1 and NaN-free edges.
    var p = try Pixmap(width: 64, height: 64)
    var rng = SystemRandomNumberGenerator()
    for i in p.pixels.indices {
        let a = i % 7 == 0 ? 0 : Float.random(in: -0.1...1.1, using: &rng)
        p.pixels[i] = SIMD4(Float.random(in: -0.1...1.2, using: &rng) * max(a, 0), Float.random(in: 0...1, using: &rng) * max(a, 0),
                            Float.random(in: 0...1, using: &rng), a)
    }
    // The packed form the GIF encoder uses holds exactly the bytes the PNG/APNG writers use.
    let packed = p.rgba8StraightPacked().flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    #expect(packed == p.rgba8Straight())
}
