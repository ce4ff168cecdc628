// AlphaPlane: one Float32 channel (alpha or coverage) over a canvas, what the alpha-only blur
// produces when only alpha is read next (an alpha threshold, a shadow).
// Pixel contract: values are straight alpha/coverage, nominally 0…1 (a blur may overshoot by its
// approximation error, ~1e-3); row-major, top row first; same size as the pixmap it came from.
import AnimoRaster
import AnimoGeometry

/// A single-channel Float32 image (alpha or coverage), row-major.
///
/// Invariant: `values.count == width × height`, width and height ≥ 1.
public struct AlphaPlane: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major values; index = y × width + x.
    public internal(set) var values: [Float]

    /// A plane of zeros. Throws `PixmapError` for empty or too large sizes (the pixmap limits).
    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0 else { throw PixmapError.emptySize(width: width, height: height) }
        guard width <= Pixmap.maxSide, height <= Pixmap.maxSide, width * height <= Pixmap.maxPixels else {
            throw PixmapError.tooLarge(width: width, height: height)
        }
        self.width = width; self.height = height
        values = [Float](repeating: 0, count: width * height)
    }

    /// The alpha channel of a pixmap.
    public init(alphaOf pixmap: Pixmap) {
        width = pixmap.width; height = pixmap.height
        values = pixmap.pixels.map { $0.w }
    }

    /// A plane holding `values` (row-major); nil when the count does not match or a side is < 1.
    public init?(width: Int, height: Int, values: [Float]) {
        guard width > 0, height > 0, values.count == width * height else { return nil }
        self.width = width; self.height = height; self.values = values
    }

    /// Internal: a plane of zeros for sizes already validated by a pixmap.
    init(validatedWidth width: Int, height: Int) {
        self.width = width; self.height = height
        values = [Float](repeating: 0, count: width * height)
    }

    /// The value at (x, y); 0 outside.
    public func value(x: Int, y: Int) -> Float {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return values[y * width + x]
    }

    /// The smallest rectangle holding every value > 0 (empty when there is none).
    public var nonZeroBounds: PixelRect {
        var x0 = Int.max, x1 = Int.min, y0 = Int.max, y1 = Int.min
        values.withUnsafeBufferPointer { v in
            for y in 0..<height {
                let row = v.baseAddress! + y * width
                var first = -1
                for x in 0..<width where row[x] > 0 { first = x; break }
                guard first >= 0 else { continue }
                var last = first
                var x = width - 1
                while x > first { if row[x] > 0 { last = x; break }; x -= 1 }
                x0 = min(x0, first); x1 = max(x1, last + 1); y0 = min(y0, y); y1 = max(y1, y + 1)
            }
        }
        guard x0 < x1 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension Pixmap {
    /// The smallest rectangle holding every pixel with alpha > 0 (empty when fully transparent).
    public var nonTransparentBounds: PixelRect {
        var x0 = Int.max, x1 = Int.min, y0 = Int.max, y1 = Int.min
        let w = width
        pixels.withUnsafeBufferPointer { v in
            for y in 0..<height {
                let row = v.baseAddress! + y * w
                var first = -1
                for x in 0..<w where row[x].w > 0 { first = x; break }
                guard first >= 0 else { continue }
                var last = first
                var x = w - 1
                while x > first { if row[x].w > 0 { last = x; break }; x -= 1 }
                x0 = min(x0, first); x1 = max(x1, last + 1); y0 = min(y0, y); y1 = max(y1, y + 1)
            }
        }
        guard x0 < x1 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
