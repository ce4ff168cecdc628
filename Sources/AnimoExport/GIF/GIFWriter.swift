// GIFWriter: assembles a GIF89a byte stream through giflib (EGifOpen with a write callback into a
// Swift buffer), checking every giflib status and turning failures into `ExportError.gif`.
//
// Layout written (GIF89a specification, W3C/CompuServe 1990, §18 logical screen, §23 graphic control
// extension, §20 image descriptor): logical screen without a global color table; an optional
// NETSCAPE2.0 application extension (loop count, sub-block [1, lo, hi]; 0 = forever) before the
// first image; then per frame a graphic control extension (disposal, delay in cs, transparent index)
// and an image descriptor with a local color table and LZW data.
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

    /// Accumulates giflib's output; reached from the C callback through GifFileType.UserData.
    private final class Sink { var bytes: [UInt8] = [] }

    /// The GIF file bytes for `images` on a `width` × `height` screen. `loopCount` nil = no NETSCAPE
    /// extension (play once); 0 = loop forever; n = n extra plays.
    static func write(width: Int, height: Int, loopCount: Int?, globalPalette: [SIMD3<UInt8>]? = nil,
                      images: [GIFImage]) throws -> [UInt8] {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw ExportError.invalidParameter("GIF size \(width)×\(height) (1…65535)")
        }
        let sink = Sink()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        var err: Int32 = 0
        let output: OutputFunc = { gif, data, len in
            guard let gif, let data, len > 0, let user = gif.pointee.UserData else { return 0 }
            let s = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            s.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(len)))
            return len
        }
        guard let gif = EGifOpen(unmanaged.toOpaque(), output, &err) else {
            throw ExportError.gif(code: Int(err), operation: "EGifOpen")
        }
        var closed = false
        defer { if !closed { var e: Int32 = 0; _ = EGifCloseFile(gif, &e) } }
        func check(_ status: Int32, _ op: String) throws {
            if status != GIF_OK { throw ExportError.gif(code: Int(gif.pointee.Error), operation: op) }
        }
        EGifSetGifVersion(gif, true)
        let globalMap = try globalPalette.map { try makeMap($0) }
        defer { if let globalMap { GifFreeMapObject(globalMap) } }
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
        for im in images {
            guard im.width > 0, im.height > 0, im.x >= 0, im.y >= 0, im.x + im.width <= width,
                  im.y + im.height <= height, im.indices.count == im.width * im.height,
                  im.palette.map({ (1...256).contains($0.count) }) ?? (globalMap != nil) else {
                throw ExportError.invalidParameter("GIF image \(im.x),\(im.y) \(im.width)×\(im.height) outside the screen or malformed")
            }
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
        closed = true
        var cerr: Int32 = 0
        if EGifCloseFile(gif, &cerr) != GIF_OK { throw ExportError.gif(code: Int(cerr), operation: "EGifCloseFile") }
        return sink.bytes
    }
}
