// The decoded image every metric reads: 8-bit straight-alpha RGBA, row-major, 4 bytes per pixel,
// which is what a PNG golden stores. Metrics work on these bytes and never on encoded files.
import Foundation
import AnimoRaster
import AnimoGeometry

/// Errors reading or building an `RGBAImage`.
public enum RGBAImageError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidSize(width: Int, height: Int)
    case byteCountMismatch(expected: Int, actual: Int)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidSize(let w, let h): return "invalid image size \(w)×\(h)"
        case .byteCountMismatch(let e, let a): return "expected \(e) bytes of RGBA, got \(a)"
        case .unreadable(let p, let r): return "cannot read \(p): \(r)"
        }
    }
}

/// An 8-bit straight-alpha RGBA image (width, height ≥ 1; `bytes.count == 4·width·height`).
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major R, G, B, A bytes, straight (not premultiplied) alpha.
    public let bytes: [UInt8]

    /// Validates the size and the byte count.
    public init(width: Int, height: Int, bytes: [UInt8]) throws(RGBAImageError) {
        guard width > 0, height > 0, width <= Pixmap.maxSide, height <= Pixmap.maxSide else {
            throw .invalidSize(width: width, height: height)
        }
        guard bytes.count == width * height * 4 else {
            throw .byteCountMismatch(expected: width * height * 4, actual: bytes.count)
        }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixmap quantized as a PNG writer would store it (`Pixmap.rgba8Straight()`).
    public init(_ pixmap: Pixmap) {
        width = pixmap.width
        height = pixmap.height
        bytes = pixmap.rgba8Straight()
    }

    /// Reads and decodes a PNG file (libpng, through `Raster.PNG`).
    public init(contentsOf url: URL) throws(RGBAImageError) {
        do {
            self.init(try PNG.read(from: url))
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
    }

    public var pixelCount: Int { width * height }

    /// The image as a premultiplied pixmap (for drawing diff sheets and writing PNGs).
    public func pixmap() -> Pixmap {
        // Size and byte count were validated by every initializer.
        (try? Pixmap(width: width, height: height, rgba8Straight: bytes)) ?? (try! Pixmap(width: 1, height: 1))
    }

    /// True when every pixel has alpha 255.
    public var isOpaque: Bool {
        var i = 3
        while i < bytes.count {
            if bytes[i] != 255 { return false }
            i += 4
        }
        return true
    }
}
