// PNGEncoder: bit-exact round trips through an independent decoder (libpng, via Raster's
// PNG.decode), the sRGB chunk, and the compression level.
import Foundation
import Testing
import AnimoRaster
import AnimoGeometry
@_spi(Benchmarks) @testable import AnimoExport

struct PNGEncoderTests {
    /// A smooth gradient with a translucent disk and a noisy band: every filter type gets used and
    /// alpha is not trivial.
    static func testImage(_ w: Int = 61, _ h: Int = 37) -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        var seed: UInt32 = 12345
        for y in 0..<h {
            for x in 0..<w {
                let i = 4 * (y * w + x)
                seed = seed &* 1_103_515_245 &+ 12345   // LCG (glibc constants) for the noise band
                let noisy = y > h / 2 && y < h / 2 + 5
                rgba[i] = UInt8((x * 255) / max(1, w - 1))
                rgba[i + 1] = noisy ? UInt8(truncatingIfNeeded: seed >> 16) : UInt8((y * 255) / max(1, h - 1))
                rgba[i + 2] = UInt8((x + y) % 256)
                let dx = x - w / 3, dy = y - h / 3
                rgba[i + 3] = dx * dx + dy * dy < 100 ? 128 : 255
            }
        }
        return rgba
    }

    /// The straight RGBA bytes libpng decodes (opaque or not: compare straight values where alpha
    /// is 255 exactly, and alpha everywhere, because Pixmap stores premultiplied floats).
    static func decodeStraight(_ png: [UInt8]) throws -> [UInt8] { try PNG.decode(png).rgba8Straight() }

    @Test(arguments: [0, 1, 6, 9])
    func roundTripIsBitExactOnOpaqueImage(level: Int) throws {
        var src = Self.testImage()
        for i in stride(from: 3, to: src.count, by: 4) { src[i] = 255 }
        let png = try PNGEncoder.encode(rgba: src, width: 61, height: 37, level: level)
        #expect(try Self.decodeStraight(png) == src)
    }

    @Test func roundTripKeepsAlphaAndPremultipliedPixels() throws {
        let src = Self.testImage()
        let pix = try Pixmap(width: 61, height: 37, rgba8Straight: src)
        let png = try PNGEncoder.encode(pix)
        // Same bytes as libpng's own encoding of the same pixmap, decoded by libpng.
        #expect(try PNG.decode(png).rgba8Straight() == PNG.decode(try PNG.encode(pix)).rgba8Straight())
        #expect(try PNG.decode(png).rgba8Straight() == pix.rgba8Straight())
    }

    @Test(arguments: [PNGEncoder.Filtering.none, .adaptive])
    func bothFilteringStrategiesRoundTrip(_ f: PNGEncoder.Filtering) throws {
        var src = Self.testImage()
        for i in stride(from: 3, to: src.count, by: 4) { src[i] = 255 }
        let png = try PNGEncoder.encode(rgba: src, width: 61, height: 37, level: 6, filtering: f)
        #expect(try Self.decodeStraight(png) == src)
    }

    @Test func chunksAreSignatureIHDRsRGBIDATIEND() throws {
        let png = try PNGEncoder.encode(rgba: Self.testImage(), width: 61, height: 37)
        // parseChunks (APNGEncoderTests) checks the signature, lengths and every CRC bit by bit.
        let chunks = try #require(parseChunks(png))
        #expect(chunks.map(\.type) == ["IHDR", "sRGB", "IDAT", "IEND"])
        #expect(chunks[0].data == [0, 0, 0, 61, 0, 0, 0, 37, 8, 6, 0, 0, 0])
        #expect(chunks[1].data == [0])   // rendering intent 0 = perceptual
    }

    @Test func higherLevelIsNotLarger() throws {
        let w = 128, h = 96
        var src = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h { for x in 0..<w { let i = 4 * (y * w + x); src[i] = UInt8(x * 2); src[i + 1] = UInt8((x * y) % 251); src[i + 2] = UInt8(y) } }
        let sizes = try [0, 1, 4, 6, 9].map { try PNGEncoder.encode(rgba: src, width: w, height: h, level: $0).count }
        #expect(sizes[0] > w * h * 4, "level 0 stores")
        for k in 1..<sizes.count { #expect(sizes[k] <= sizes[k - 1], "\(sizes)") }
    }

    @Test func badInputThrows() {
        #expect(throws: ExportError.self) { try PNGEncoder.encode(rgba: [], width: 0, height: 0) }
        #expect(throws: ExportError.self) { try PNGEncoder.encode(rgba: [0, 0, 0], width: 1, height: 1) }
        #expect(throws: ExportError.self) { try PNGEncoder.encode(rgba: [0, 0, 0, 0], width: 1, height: 1, level: 10) }
    }

    @Test func writeIsAtomicAndFailsCleanly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let pix = try Pixmap(width: 4, height: 3, rgba8Straight: [UInt8](repeating: 200, count: 48))
        try PNGEncoder.write(pix, to: dir.appendingPathComponent("a.png"))
        #expect(try PNG.read(from: dir.appendingPathComponent("a.png")).rgba8Straight() == pix.rgba8Straight())
        #expect(throws: ExportError.self) { try PNGEncoder.write(pix, to: dir.appendingPathComponent("missing/a.png")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.png"])
    }
}

/// PNG §9 and §12.8 written here byte by byte, independent of PNGRowFilter: every filter computed
/// per byte, the minimum sum of |signed byte| chosen, ties to the lower type.
func referenceRowFilter(_ data: [UInt8], rowBytes: Int, height: Int) -> [UInt8] {
    var expected: [UInt8] = []
    for y in 0..<height {
        func at(_ yy: Int, _ i: Int) -> Int { yy < 0 || i < 0 ? 0 : Int(data[yy * rowBytes + i]) }
        var best: [UInt8] = [], bestSum = Int.max
        for t in 0..<5 {
            var row: [UInt8] = [UInt8(t)]
            var sum = 0
            for i in 0..<rowBytes {
                let x = at(y, i), a = at(y, i - 4), b = at(y - 1, i), c = at(y - 1, i - 4)
                let p = a + b - c
                let pred: Int
                switch t {
                case 0: pred = 0
                case 1: pred = a
                case 2: pred = b
                case 3: pred = (a + b) / 2
                default: pred = abs(p - a) <= abs(p - b) && abs(p - a) <= abs(p - c) ? a : (abs(p - b) <= abs(p - c) ? b : c)
                }
                let v = UInt8((x - pred + 256) % 256)
                row.append(v)
                sum += abs(Int(Int8(bitPattern: v)))
            }
            if sum < bestSum { bestSum = sum; best = row }
        }
        expected += best
    }
    return expected
}

/// Both row filter paths (SSE2 16 bytes at a time, portable SWAR 8 at a time, each with a scalar
/// tail) against the reference, on rows of every length around the vector widths.
@Test(arguments: [(1, 3), (2, 3), (3, 3), (4, 3), (5, 4), (7, 2), (9, 2), (37, 3), (600, 3)])
func rowFilterMatchesScalarReference(width: Int, height: Int) {
    var seed: UInt32 = 99
    var data = [UInt8](repeating: 0, count: width * height * 4)
    for i in data.indices {
        seed = seed &* 1_664_525 &+ 1_013_904_223   // LCG (Numerical Recipes constants)
        data[i] = i % 7 == 0 ? UInt8(truncatingIfNeeded: seed >> 24) : UInt8(truncatingIfNeeded: (i / 4) % 256 + Int(seed >> 30))
    }
    let rowBytes = width * 4
    let expected = referenceRowFilter(data, rowBytes: rowBytes, height: height)
    for portable in [false, true] {
        let got = data.withUnsafeBufferPointer { PNGRowFilter.filter($0, rowBytes: rowBytes, height: height, portable: portable) }
        #expect(got == expected, "portable: \(portable)")
    }
}

/// Images that push each filter's corner cases: uniformly random bytes (every Paeth branch, sums
/// near ties), a constant image (all of Paeth's distances tie), few-level noise (many exact ties
/// between filter sums), and extreme bytes 0/255 (the 16-bit Paeth distances at their largest).
@Test(arguments: ["random", "constant", "fewLevels", "extremes"])
func rowFilterPathsMatchTheReferenceOnHardImages(kind: String) {
    let width = 45, height = 6, rowBytes = width * 4
    var seed: UInt64 = 0xF11E
    func next() -> UInt8 {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407   // LCG (Knuth's MMIX)
        return UInt8(truncatingIfNeeded: seed >> 56)
    }
    let data: [UInt8] = (0..<(rowBytes * height)).map { _ in
        switch kind {
        case "random": return next()
        case "constant": return 77
        case "fewLevels": return next() % 3
        default: return next() < 128 ? 0 : 255
        }
    }
    let expected = referenceRowFilter(data, rowBytes: rowBytes, height: height)
    for portable in [false, true] {
        let got = data.withUnsafeBufferPointer { PNGRowFilter.filter($0, rowBytes: rowBytes, height: height, portable: portable) }
        #expect(got == expected, "\(kind), portable: \(portable)")
    }
}
