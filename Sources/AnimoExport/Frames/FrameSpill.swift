// FrameSpill: same-size straight 8-bit RGBA frames kept on disk instead of in memory, for encoders
// that read a sequence more than once (the GIF reads its frames once to choose the global palette,
// again to encode, and twice more per byte-budget reduction). Each frame is compressed on its own
// with libdeflate at level 1 (its fastest; a frame is written once and read a few times) into a
// ScratchFile, which has no name and so leaves nothing behind whatever ends the process. Frames
// are read back by index, in any order, from any thread, exactly as stored. Memory: the offsets
// (16 bytes a frame); disk: the compressed frames (rendered animations are mostly flat color and
// compress well; noise does not compress and costs its full 4 bytes a pixel).
import CDeflate
import Foundation
import AnimoRaster

final class FrameSpill: @unchecked Sendable {
    let width: Int
    let height: Int
    private let file: ScratchFile
    private let compressors = PNGEncoder.CompressorPool(level: 1)
    private let lock = NSLock()
    private var spans: [(offset: Int, count: Int)] = []

    /// An empty spill whose scratch file lives in `directory`.
    init(width: Int, height: Int, directory: URL) throws {
        self.width = width; self.height = height
        file = try ScratchFile(in: directory)
    }

    /// Frames stored so far.
    var count: Int { lock.lock(); defer { lock.unlock() }; return spans.count }

    /// Appends `frames` (each `width` × `height` × 4 bytes), compressed in parallel, in order.
    func append(_ frames: [[UInt8]]) throws {
        for (i, f) in frames.enumerated() where f.count != width * height * 4 {
            throw ExportError.invalidParameter("frame \(count + i) has \(f.count) bytes, not \(width)×\(height)×4")
        }
        let packed = try Parallel.map(frames.count) { i -> [UInt8] in
            let c = try compressors.take()
            defer { compressors.put(c) }
            return try c.deflate(frames[i])
        }
        for p in packed {
            let offset = try p.withUnsafeBytes { try file.append($0) }
            lock.lock()
            spans.append((offset, p.count))
            lock.unlock()
        }
    }

    /// Frame `index`, byte for byte as appended.
    func frame(_ index: Int) throws -> [UInt8] {
        lock.lock()
        let span = spans.indices.contains(index) ? spans[index] : nil
        lock.unlock()
        guard let span else { throw ExportError.invalidParameter("frame \(index) was not stored") }
        let packed = try file.read(at: span.offset, count: span.count)
        guard let d = libdeflate_alloc_decompressor() else {
            throw ExportError.zlib(code: 0, operation: "libdeflate_alloc_decompressor")
        }
        defer { libdeflate_free_decompressor(d) }
        let size = width * height * 4
        var result = LIBDEFLATE_BAD_DATA
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { out, n in
            var actual = 0
            result = packed.withUnsafeBytes { libdeflate_deflate_decompress(d, $0.baseAddress, $0.count, out.baseAddress, size, &actual) }
            n = result == LIBDEFLATE_SUCCESS ? actual : 0
        }
        guard result == LIBDEFLATE_SUCCESS, bytes.count == size else {
            throw ExportError.zlib(code: Int(result.rawValue), operation: "libdeflate_deflate_decompress (frame \(index))")
        }
        return bytes
    }
}
