// Mask: per-pixel coverage 0…1 over a whole canvas, used for clips (a clip path rasterized with
// exact area coverage, so clip edges are anti-aliased) and intersected by multiplication.
// Pixel contract: Float32 coverage, row-major, same size as the canvas it clips.

import AnimoGeometry

/// Anti-aliased coverage for every pixel of a canvas (1 = fully inside).
public struct Mask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major coverage values, each in 0…1.
    public private(set) var values: [Float]
    /// The smallest pixel rectangle holding every non-zero value (empty when the mask is empty).
    public private(set) var bounds: PixelRect

    /// A mask of `path` under `transform`, with exact area coverage, on a width × height canvas.
    /// Returns the mask and the rasterizer's report (non-finite subpaths are dropped and counted).
    public static func fromPath(_ path: Path, transform: Transform = .identity, rule: FillRule = .nonZero,
                                width: Int, height: Int, tolerance: Double = Path.defaultTolerance,
                                rasterizer: inout Rasterizer) -> (Mask, RasterReport) {
        var m = Mask(width: max(width, 0), height: max(height, 0), values: [], bounds: PixelRect(x: 0, y: 0, width: 0, height: 0))
        m.values = [Float](repeating: 0, count: m.width * m.height)
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        let w = m.width
        let report = m.values.withUnsafeMutableBufferPointer { v in
            rasterizer.rasterize(path, transform: transform, rule: rule,
                                 clip: PixelRect(x: 0, y: 0, width: m.width, height: m.height),
                                 tolerance: tolerance) { y, x, cov in
                for i in 0..<cov.count { v[y * w + x + i] = cov[i] }
                x0 = min(x0, x); x1 = max(x1, x + cov.count); y0 = min(y0, y); y1 = max(y1, y + 1)
            }
        }
        if x0 <= x1 && y0 < y1 { m.bounds = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) }
        return (m, report)
    }

    private init(width: Int, height: Int, values: [Float], bounds: PixelRect) {
        self.width = width; self.height = height; self.values = values; self.bounds = bounds
    }

    /// The pixel-wise product of two masks of the same size (the intersection of two clips).
    /// Masks of different sizes intersect to empty.
    public func intersected(with o: Mask) -> Mask {
        guard o.width == width, o.height == height else {
            return Mask(width: width, height: height, values: [Float](repeating: 0, count: width * height),
                        bounds: PixelRect(x: 0, y: 0, width: 0, height: 0))
        }
        var r = self
        r.bounds = bounds.intersection(o.bounds)
        r.values.withUnsafeMutableBufferPointer { a in
            o.values.withUnsafeBufferPointer { b in
                for i in 0..<a.count { a[i] *= b[i] }
            }
        }
        return r
    }

    /// Coverage at (x, y); 0 outside.
    public func coverage(x: Int, y: Int) -> Float {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return values[y * width + x]
    }

    /// Writes `count` coverage values of row `y` starting at `x` into `out`; returns false (writing
    /// nothing) when the row is entirely outside the mask's bounds, so callers can skip it.
    @inline(__always)
    func rowCoverage(y: Int, x: Int, into out: UnsafeMutablePointer<Float>, count: Int) -> Bool {
        guard y >= bounds.y, y < bounds.maxY, y < height else { return false }
        values.withUnsafeBufferPointer { v in
            for i in 0..<count {
                let xx = x + i
                out[i] = (xx >= 0 && xx < width) ? v[y * width + xx] : 0
            }
        }
        return true
    }

    /// Multiplies `count` coverage values (row `y`, from `x`) by the mask, in place.
    @inline(__always)
    func multiplyRow(y: Int, x: Int, _ cov: UnsafeMutablePointer<Float>, count: Int) {
        guard y >= 0, y < height else { cov.update(repeating: 0, count: count); return }
        values.withUnsafeBufferPointer { v in
            for i in 0..<count {
                let xx = x + i
                cov[i] *= (xx >= 0 && xx < width) ? v[y * width + xx] : 0
            }
        }
    }
}
