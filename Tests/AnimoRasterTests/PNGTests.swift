import Testing
import Foundation
@testable import AnimoRaster
@testable import AnimoGeometry

private func samplePixmap() throws -> Pixmap {
    var bytes: [UInt8] = []
    for y in 0..<7 { for x in 0..<9 {
        bytes += [UInt8(x * 28), UInt8(y * 36), UInt8((x * y * 13) % 256), UInt8(x == 0 ? 0 : 40 + y * 30)]
    } }
    return try Pixmap(width: 9, height: 7, rgba8Straight: bytes)
}

@Test func pngRoundTripKeepsStraightBytes() throws {
    let pm = try samplePixmap()
    let data = try PNG.encode(pm)
    #expect(Array(data[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10])
    let back = try PNG.decode(data)
    #expect(back.width == 9 && back.height == 7)
    #expect(back.rgba8Straight() == pm.rgba8Straight())
    // Both compression settings decode to the same pixels.
    #expect(try PNG.decode(try PNG.encode(pm, fast: false)).rgba8Straight() == pm.rgba8Straight())
}

@Test func pngCarriesAnSRGBChunk() throws {
    let data = try PNG.encode(try samplePixmap())
    let tag: [UInt8] = Array("sRGB".utf8)
    let found = (0..<(data.count - 4)).contains { Array(data[$0..<$0 + 4]) == tag }
    #expect(found)
}

@Test func pngGarbageThrowsWithLibpngMessage() {
    do {
        _ = try PNG.decode([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        Issue.record("garbage decoded")
    } catch let PNGError.decodeFailed(msg) {
        #expect(!msg.isEmpty)
    } catch {
        Issue.record("unexpected \(error)")
    }
    // A valid signature with a truncated body also fails cleanly.
    #expect(throws: PNGError.self) { _ = try PNG.decode(Array((try? PNG.encode(try samplePixmap()))!.prefix(40))) }
}

@Test func pngWriteIsAtomicAndReadable() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pngtest-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let url = dir.appendingPathComponent("a.png")
    let pm = try samplePixmap()
    try PNG.write(pm, to: url)
    #expect(try PNG.read(from: url).rgba8Straight() == pm.rgba8Straight())
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.png"])   // no temp left
    #expect(throws: PNGError.self) { try PNG.write(pm, to: dir.appendingPathComponent("missing/b.png")) }
}
