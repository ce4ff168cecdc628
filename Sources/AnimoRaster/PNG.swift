// PNG encoding and decoding through libpng's simplified API (png.h §5, libpng 1.6).
//
// Why the simplified API: it runs libpng's setjmp/longjmp error handling inside libpng itself
// (png_safe_execute) and reports failures as a zero return with `image.warning_or_error` and a
// NUL-terminated `image.message` (png.h, the png_image structure comments), so no longjmp ever
// crosses Swift frames. Every failure becomes a thrown `PNGError` carrying libpng's message.
//
// Output: 8-bit RGBA, straight alpha (PNG_FORMAT_RGBA), from `Pixmap.rgba8Straight()`.
// sRGB chunk: for 8-bit (non-linear) formats the simplified writer emits an sRGB chunk unless the
// flag PNG_IMAGE_FLAG_COLORSPACE_NOT_sRGB is set (png.h: "images output by the simplified API
// always have gamma information"); we leave the flag clear, and the tests check the chunk is there.
// Compression: the simplified API exposes no zlib level. PNG_IMAGE_FLAG_FAST ("emphasise speed
// over compression", png.h) is the only knob; we set it by default (`fast: true`). The CLI writes
// its frames with AnimoExport's PNGEncoder (libdeflate, strips in parallel), faster and smaller.
import AnimoGeometry
import CPNG
import Foundation

/// A PNG failure, with libpng's message where libpng produced one.
public enum PNGError: Error, Equatable, Sendable {
    /// libpng refused to encode (message from png_image.message).
    case encodeFailed(String)
    /// libpng could not decode the bytes (message from png_image.message).
    case decodeFailed(String)
    /// The decoded image's size is not a valid `Pixmap` size.
    case unsupportedSize(width: Int, height: Int)
    /// Writing or renaming the file failed.
    case io(String)
}

/// PNG encode/decode for pixmaps.
public enum PNG {
    /// PNG_FORMAT_RGBA = PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA (png.h; the macro is a
    /// composite that Swift does not import).
    static let formatRGBA = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Encodes `pixmap` as an 8-bit straight-alpha RGBA PNG with an sRGB chunk.
    /// `fast` sets PNG_IMAGE_FLAG_FAST (bigger files, faster to write).
    public static func encode(_ pixmap: Pixmap, fast: Bool = true) throws -> [UInt8] {
        var bytes = pixmap.rgba8Straight()
        return try encodeRGBA8(&bytes, width: pixmap.width, height: pixmap.height, fast: fast)
    }

    /// Encodes an 8-bit premultiplied pixmap the same way (`Pixmap8.rgba8Straight()`).
    public static func encode(_ pixmap: Pixmap8, fast: Bool = true) throws -> [UInt8] {
        var bytes = pixmap.rgba8Straight()
        return try encodeRGBA8(&bytes, width: pixmap.width, height: pixmap.height, fast: fast)
    }

    /// Encodes raw 8-bit straight RGBA rows (width × height × 4 bytes).
    public static func encodeRGBA8(_ rgba: inout [UInt8], width: Int, height: Int, fast: Bool = true) throws -> [UInt8] {
        guard width > 0, height > 0, rgba.count == width * height * 4 else {
            throw PNGError.encodeFailed("buffer of \(rgba.count) bytes does not hold \(width)×\(height) RGBA")
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = PNG.formatRGBA
        image.flags = fast ? png_uint_32(PNG_IMAGE_FLAG_FAST) : 0
        // First call with a nil buffer: libpng reports the size it needs (png.h, png_image_write_to_memory).
        var size: png_alloc_size_t = 0
        let stride = png_int_32(width * 4)
        var ok = rgba.withUnsafeBytes { src in
            png_image_write_to_memory(&image, nil, &size, 0, src.baseAddress, stride, nil)
        }
        guard ok != 0, size > 0 else { throw PNGError.encodeFailed(message(&image)) }
        var out = [UInt8](repeating: 0, count: Int(size))
        ok = out.withUnsafeMutableBytes { dst in
            rgba.withUnsafeBytes { src in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, src.baseAddress, stride, nil)
            }
        }
        png_image_free(&image)
        guard ok != 0 else { throw PNGError.encodeFailed(message(&image)) }
        out.removeSubrange(Int(size)...)
        return out
    }

    /// Decodes PNG bytes of any PNG color type into a premultiplied pixmap (libpng converts to 8-bit
    /// RGBA; gamma information in the file is applied by libpng's simplified reader).
    public static func decode(_ data: [UInt8]) throws -> Pixmap {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let began = data.withUnsafeBytes { b in
            png_image_begin_read_from_memory(&image, b.baseAddress, b.count)
        }
        guard began != 0 else { throw PNGError.decodeFailed(message(&image)) }
        let w = Int(image.width), h = Int(image.height)
        guard w > 0, h > 0, w <= Pixmap.maxSide, h <= Pixmap.maxSide, w * h <= Pixmap.maxPixels else {
            png_image_free(&image)
            throw PNGError.unsupportedSize(width: w, height: h)
        }
        image.format = PNG.formatRGBA
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let done = rgba.withUnsafeMutableBytes { b in
            png_image_finish_read(&image, nil, b.baseAddress, png_int_32(w * 4), nil)
        }
        guard done != 0 else {
            let m = message(&image)
            png_image_free(&image)
            throw PNGError.decodeFailed(m)
        }
        return try Pixmap(width: w, height: h, rgba8Straight: rgba)
    }

    /// Writes `pixmap` to `url` atomically: the PNG goes to a temporary file beside it, which is then
    /// renamed over the destination, so readers never see a partial file.
    public static func write(_ pixmap: Pixmap, to url: URL, fast: Bool = true) throws {
        try write(bytes: try encode(pixmap, fast: fast), to: url)
    }

    /// Writes an 8-bit premultiplied pixmap to `url` atomically, as `write(_:to:fast:)` does.
    public static func write(_ pixmap: Pixmap8, to url: URL, fast: Bool = true) throws {
        try write(bytes: try encode(pixmap, fast: fast), to: url)
    }

    /// Writes encoded bytes through a temporary file renamed over `url`.
    private static func write(bytes: [UInt8], to url: URL) throws {
        let dir = url.deletingLastPathComponent()
        let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt64.random(in: 0...UInt64.max)).tmp")
        do {
            try Data(bytes).write(to: tmp)
            if rename(tmp.path, url.path) != 0 {
                let err = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: tmp)
                throw PNGError.io("rename to \(url.path): \(err)")
            }
        } catch let e as PNGError {
            throw e
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw PNGError.io("\(error)")
        }
    }

    /// Reads and decodes a PNG file.
    public static func read(from url: URL) throws -> Pixmap {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw PNGError.io("\(error)") }
        return try decode([UInt8](data))
    }

    private static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let chars = raw.bindMemory(to: CChar.self)
            let len = chars.firstIndex(of: 0) ?? chars.count
            return String(decoding: raw.prefix(len), as: UTF8.self)
        }
    }
}
