// GIFWriter: assembles a GIF89a byte stream through giflib (EGifOpen with a write callback),
// checking every giflib status and turning failures into `ExportError.gif`. Images are written one
// at a time as they are quantized (`Stream`), so a GIF of any length never has all its images in
// memory.
//
// Layout written (GIF89a specification, W3C/CompuServe 1990, §18 logical screen, §23 graphic
// control extension, §20 image descriptor): logical screen, with a global color table if an image
// uses it; an optional NETSCAPE2.0 application extension (loop count, sub-block [1, lo, hi];
// 0 = forever) before the first image; then per frame a graphic control extension (disposal, delay
// in cs, transparent index) and an image descriptor with a local color table (none for an image
// that uses the global one) and LZW data.
import CGIF

/// One image of a GIF as the writer needs it: a cropped rectangle of palette indices.
struct GIFImage: Sendable {
    var x: Int, y: Int, width: Int, height: Int
    /// width × height palette indices, row-major.
    var indices: [UInt8]
    /// Local color table (sRGB 8-bit), 1…256 entries, padded to a power of two when written;
    /// nil = use the global color table.
    var palette: [SIMD3<UInt8>]?
    /// Index that shows the previous canvas, or nil.
    var transparentIndex: Int?
    /// Delay in centiseconds.
    var delay: Int
    /// GIF disposal method: 1 = do not dispose, 2 = restore to background (transparent).
    var disposal: Int
}

enum GIFWriter {
    /// A giflib color map of `palette`, padded with black to a power of two (GIF tables hold 2^n).
    private static func makeMap(_ palette: [SIMD3<UInt8>]) throws -> UnsafeMutablePointer<ColorMapObject> {
        guard (1...256).contains(palette.count) else { throw ExportError.invalidParameter("palette of \(palette.count) colors") }
        var bits = 1
        while (1 << bits) < palette.count { bits += 1 }
        var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 1 << bits)
        for (i, c) in palette.enumerated() { colors[i] = GifColorType(Red: c.x, Green: c.y, Blue: c.z) }
        guard let map = GifMakeMapObject(Int32(1 << bits), colors) else {
            throw ExportError.gif(code: Int(D_GIF_ERR_NOT_ENOUGH_MEM), operation: "GifMakeMapObject")
        }
        return map
    }

    /// Where giflib's output goes; reached from the C callback through GifFileType.UserData. A
    /// failed write is kept to be rethrown (the callback can only report a short write).
    private final class Sink {
        var target: ByteSink?
        var captured: [UInt8] = []
        var failure: Error?
    }

    /// A giflib encoder writing into `sink`: the output callback fills `sink.captured`, or
    /// `sink.target` once one is set.
    private static func open(_ sink: Sink) throws -> (UnsafeMutablePointer<GifFileType>, Unmanaged<Sink>) {
        let unmanaged = Unmanaged.passRetained(sink)
        var err: Int32 = 0
        let output: OutputFunc = { gif, data, len in
            guard let gif, let data, len > 0, let user = gif.pointee.UserData else { return 0 }
            let s = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            let chunk = UnsafeRawBufferPointer(start: data, count: Int(len))
            if let t = s.target {
                do { try t.write(chunk) } catch { s.failure = s.failure ?? error; return 0 }
            } else {
                s.captured.append(contentsOf: chunk)
            }
            return len
        }
        guard let gif = EGifOpen(unmanaged.toOpaque(), output, &err) else {
            unmanaged.release()
            throw ExportError.gif(code: Int(err), operation: "EGifOpen")
        }
        EGifSetGifVersion(gif, true)
        return (gif, unmanaged)
    }

    /// The bytes before the first image: GIF89a header and logical screen descriptor (with the
    /// global table if given), and the NETSCAPE2.0 loop extension.
    private static func header(_ gif: UnsafeMutablePointer<GifFileType>, width: Int, height: Int, loopCount: Int?,
                               globalMap: UnsafeMutablePointer<ColorMapObject>?) throws {
        func check(_ status: Int32, _ op: String) throws {
            if status != GIF_OK { throw ExportError.gif(code: Int(gif.pointee.Error), operation: op) }
        }
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, globalMap), "EGifPutScreenDesc")
        if let loopCount {
            let n = min(max(loopCount, 0), 65535)
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
            var app: [UInt8] = Array("NETSCAPE2.0".utf8)
            try check(EGifPutExtensionBlock(gif, 11, &app), "EGifPutExtensionBlock")
            var sub: [UInt8] = [1, UInt8(n & 0xFF), UInt8(n >> 8)]
            try check(EGifPutExtensionBlock(gif, 3, &sub), "EGifPutExtensionBlock")
            try check(EGifPutExtensionTrailer(gif), "EGifPutExtensionTrailer")
        }
    }

    /// A GIF written image by image into `body`; `finish` returns the header that goes before it.
    ///
    /// The header holds the global color table only if some image uses it, which is known only
    /// after the last image; so the images (and the trailer) go to `body` as they come, and the
    /// header is produced at the end: the one written with the table, or, if no image used it, one
    /// written by a second giflib encoder without. An image's bytes do not depend on the header
    /// when it has its own table (giflib takes the LZW code size from the image's table, and from
    /// the global one only for images without), so header + body is the file one encoder writing
    /// the final header first would make.
    final class Stream {
        private let gif: UnsafeMutablePointer<GifFileType>
        private let unmanaged: Unmanaged<Sink>
        private let sink: Sink
        private var closed = false
        private let width: Int, height: Int, loopCount: Int?
        private let hasGlobal: Bool
        private var usesGlobal = false
        private let headerWithGlobal: [UInt8]

        init(width: Int, height: Int, loopCount: Int?, globalPalette: [SIMD3<UInt8>]?, body: ByteSink) throws {
            guard width > 0, height > 0, width <= 65535, height <= 65535 else {
                throw ExportError.invalidParameter("GIF size \(width)×\(height) (1…65535)")
            }
            self.width = width; self.height = height; self.loopCount = loopCount
            hasGlobal = globalPalette != nil
            sink = Sink()
            (gif, unmanaged) = try GIFWriter.open(sink)
            do {
                let globalMap = try globalPalette.map { try makeMap($0) }
                defer { if let globalMap { GifFreeMapObject(globalMap) } }
                try GIFWriter.header(gif, width: width, height: height, loopCount: loopCount, globalMap: globalMap)
            } catch {
                var e: Int32 = 0
                _ = EGifCloseFile(gif, &e)
                unmanaged.release()
                throw error
            }
            headerWithGlobal = sink.captured
            sink.captured = []
            sink.target = body
        }

        deinit {
            if !closed { var e: Int32 = 0; _ = EGifCloseFile(gif, &e) }
            unmanaged.release()
        }

        private func check(_ status: Int32, _ op: String) throws {
            if let f = sink.failure { throw f }
            if status != GIF_OK { throw ExportError.gif(code: Int(gif.pointee.Error), operation: op) }
        }

        /// Writes the next image.
        func add(_ im: GIFImage) throws {
            guard !closed else { throw ExportError.invalidParameter("GIF already finished") }
            guard im.width > 0, im.height > 0, im.x >= 0, im.y >= 0, im.x + im.width <= width,
                  im.y + im.height <= height, im.indices.count == im.width * im.height,
                  im.palette.map({ (1...256).contains($0.count) }) ?? hasGlobal else {
                throw ExportError.invalidParameter("GIF image \(im.x),\(im.y) \(im.width)×\(im.height) outside the screen or malformed")
            }
            if im.palette == nil { usesGlobal = true }
            var gcb = GraphicsControlBlock(DisposalMode: Int32(im.disposal), UserInputFlag: false,
                                           DelayTime: Int32(min(max(im.delay, 0), 65535)),
                                           TransparentColor: Int32(im.transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
            var ext = [UInt8](repeating: 0, count: 4)
            let len = EGifGCBToExtension(&gcb, &ext)
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(len), ext), "EGifPutExtension(GCE)")
            let map = try im.palette.map { try makeMap($0) }
            defer { if let map { GifFreeMapObject(map) } }
            try check(EGifPutImageDesc(gif, Int32(im.x), Int32(im.y), Int32(im.width), Int32(im.height), false, map),
                      "EGifPutImageDesc")
            var px = im.indices
            try px.withUnsafeMutableBufferPointer { p in
                try check(EGifPutLine(gif, p.baseAddress, Int32(p.count)), "EGifPutLine")
            }
        }

        /// Writes the trailer into the body and returns the header to put before it.
        func finish() throws -> [UInt8] {
            guard !closed else { throw ExportError.invalidParameter("GIF already finished") }
            closed = true
            var cerr: Int32 = 0
            let status = EGifCloseFile(gif, &cerr)
            if let f = sink.failure { throw f }
            if status != GIF_OK { throw ExportError.gif(code: Int(cerr), operation: "EGifCloseFile") }
            guard hasGlobal && !usesGlobal else { return headerWithGlobal }
            // No image used the global table: the header without it, from an encoder of its own.
            let plain = Sink()
            let (g, u) = try GIFWriter.open(plain)
            defer { u.release() }
            var e: Int32 = 0
            do {
                try GIFWriter.header(g, width: width, height: height, loopCount: loopCount, globalMap: nil)
            } catch {
                _ = EGifCloseFile(g, &e)
                throw error
            }
            let bytes = plain.captured
            plain.target = nil
            _ = EGifCloseFile(g, &e)
            return bytes
        }
    }
}
