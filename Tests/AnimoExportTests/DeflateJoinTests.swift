// DeflateJoin and the strip-parallel PNG encoder: members compressed independently by libdeflate,
// joined by our walker, must inflate with zlib (an independent decoder) to the concatenation of
// the inputs; PNGs cut into many strips must decode with libpng to the source pixels.
import CZlib
import Foundation
import Testing
@_spi(Benchmarks) @testable import AnimoExport

struct DeflateJoinTests {
    /// Inputs of different character: text-like repeats (dynamic blocks with matches), noise
    /// (stored blocks at low levels, literal-heavy blocks), a few bytes (fixed Huffman blocks), runs.
    static func inputs() -> [[UInt8]] {
        var seed: UInt32 = 2024
        func next() -> UInt8 { seed = seed &* 1_103_515_245 &+ 12345; return UInt8(truncatingIfNeeded: seed >> 16) }
        let words = Array("the quick brown fox jumps over the lazy dog, ".utf8)
        return [
            (0..<20_000).map { words[$0 % words.count] },
            (0..<70_000).map { _ in next() },
            [1, 2, 3],
            [UInt8](repeating: 7, count: 100_000),
            (0..<5_000).map { i in i % 97 < 50 ? next() : UInt8(i % 13) },
            [0],
        ]
    }

    /// Inflates a zlib stream with zlib's `uncompress`, for an output of exactly `size` bytes.
    static func inflate(_ zlibStream: [UInt8], size: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: max(size, 1))
        var outLen = uLongf(out.count)
        let rc = out.withUnsafeMutableBufferPointer { o in
            zlibStream.withUnsafeBufferPointer { s in uncompress(o.baseAddress, &outLen, s.baseAddress, uLong(s.count)) }
        }
        guard rc == Z_OK, Int(outLen) == size else { return nil }
        return Array(out.prefix(size))
    }

    @Test(arguments: [0, 1, 6, 12])
    func joinedMembersInflateToTheConcatenation(level: Int32) throws {
        let parts = Self.inputs()
        let compressor = try PNGEncoder.Compressor(level: level)
        let members = try parts.map { try compressor.deflate($0) }
        var stream: [UInt8] = [0x78, 0x9C]
        try DeflateJoin.join(members, into: &stream)
        let whole = parts.flatMap { $0 }
        let adler = whole.withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt($0.count)) }
        stream += [UInt8(adler >> 24 & 0xFF), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        let inflated = Self.inflate(stream, size: whole.count)
        // A Bool, not the arrays: a failure would otherwise print 200 KB of bytes.
        let same = inflated == whole
        #expect(same, "inflated \(inflated?.count ?? -1) bytes, expected \(whole.count)")
    }

    @Test(arguments: [0, 1, 6, 12])
    func walkEndsAtTheMembersLastByte(level: Int32) throws {
        let compressor = try PNGEncoder.Compressor(level: level)
        for part in Self.inputs() {
            let m = try compressor.deflate(part)
            let layout = try m.withUnsafeBufferPointer { try DeflateJoin.walk($0) }
            // The member's bytes end with its last block (libdeflate adds nothing after it) …
            #expect((layout.endBit + 7) / 8 == m.count)
            // … and the bit found is a final block's header: it is set.
            #expect(m[layout.finalHeaderBit / 8] >> UInt8(layout.finalHeaderBit % 8) & 1 == 1)
        }
    }

    @Test func truncatedOrGarbageMembersThrowInsteadOfTrapping() throws {
        let compressor = try PNGEncoder.Compressor(level: 6)
        let m = try compressor.deflate(Self.inputs()[0])
        #expect(throws: DeflateJoin.Malformed.self) { _ = try Array(m.prefix(m.count / 2)).withUnsafeBufferPointer { try DeflateJoin.walk($0) } }
        #expect(throws: DeflateJoin.Malformed.self) { _ = try [UInt8]([0x07]).withUnsafeBufferPointer { try DeflateJoin.walk($0) } }   // reserved type 11
        #expect(throws: DeflateJoin.Malformed.self) { _ = try [UInt8]().withUnsafeBufferPointer { try DeflateJoin.walk($0) } }
    }

    @Test(arguments: [PNGEncoder.Filtering.none, .adaptive, .auto], [0, 1, 6])
    func manyStripPNGsDecodeToTheSource(filtering: PNGEncoder.Filtering, level: Int) throws {
        let (w, h) = (61, 37)
        let src = PNGEncoderTests.testImage(w, h)
        // 1, 3 and 16 rows per strip, and one strip for the whole image.
        for stripBytes in [1, 3 * (w * 4 + 1), 16 * (w * 4 + 1), 1 << 20] {
            let png = try PNGEncoder.encode(rgba: src, width: w, height: h, level: level, filtering: filtering, stripBytes: stripBytes)
            #expect(try PNGEncoderTests.decodeStraight(png) == src, "stripBytes \(stripBytes)")
        }
    }

    @Test func aStripFilteredWithItsRowAboveEqualsThatPartOfTheWholeImage() throws {
        let (w, h) = (61, 37)
        let src = PNGEncoderTests.testImage(w, h)
        let rowBytes = w * 4
        let whole = src.withUnsafeBufferPointer { PNGRowFilter.filter($0, rowBytes: rowBytes, height: h) }
        for (y0, rows) in [(5, 7), (18, 1), (36, 1), (1, 36)] {
            let part = src.withUnsafeBufferPointer { s in
                PNGRowFilter.filter(UnsafeBufferPointer(rebasing: s[(y0 * rowBytes)..<((y0 + rows) * rowBytes)]), rowBytes: rowBytes,
                                    height: rows, previousRow: s.baseAddress! + (y0 - 1) * rowBytes)
            }
            #expect(part == Array(whole[(y0 * (rowBytes + 1))..<((y0 + rows) * (rowBytes + 1))]), "rows \(y0)..<\(y0 + rows)")
        }
    }
}
