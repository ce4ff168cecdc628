// Measurements behind a spec's `expect` entries (docs/spec.md, "Expectations"), independent of the
// spec format: which pixels of a region are *visible* (differ from the canvas background), how
// many 8-connected regions they form, what fraction of the region they cover, and whether a
// region changed between two frames.
//
// Visibility rule (documented in docs/spec.md): a pixel is visible when its premultiplied RGBA,
// in 0…1, differs from the premultiplied background by more than `tolerance` (default 0.04,
// about 10/255) in some channel: max_c |p_c·α_p − b_c·α_b| > 0.04, alpha included. Being
// premultiplied, the rule is alpha-aware: over a transparent canvas a pixel needs more than 4 %
// opacity to count, whatever its color. An anti-aliased fringe pixel of coverage c differs from
// the background by c·contrast, so faint fringes (c·contrast ≤ 0.04) never count, and a fringe
// cannot bridge two shapes unless the gap between them is below about one pixel.
// Why 0.04 and not 0.1: the acceptance example entrance-stagger draws white rows on a 0.92 white
// canvas (contrast 0.08); with 0.1 its rows would never be visible. With 0.04 a row counts where
// its opacity exceeds one half.
import AnimoRaster
import AnimoGeometry

/// A color in straight (not premultiplied) RGBA, each 0…1: the canvas background.
public struct BackgroundColor: Sendable, Equatable {
    public var red, green, blue, alpha: Double
    /// Components are clamped to 0…1; NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        func c(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        self.red = c(red); self.green = c(green); self.blue = c(blue); self.alpha = c(alpha)
    }
    public static let transparent = BackgroundColor(red: 0, green: 0, blue: 0, alpha: 0)
}

/// The visible pixels of a region of an image.
public struct VisibleMask: Sendable {
    /// The visibility tolerance of docs/spec.md.
    public static let defaultTolerance = 0.04

    /// The region measured, clipped to the image (may be empty).
    public let region: PixelRect
    /// Row-major over `region`.
    public let visible: [Bool]
    public let visibleCount: Int

    /// - Parameters:
    ///   - region: in pixels; clipped to the image; nil: the whole image.
    ///   - tolerance: premultiplied channel difference above which a pixel is visible (NaN or
    ///     negative: 0).
    public init(image: RGBAImage, background: BackgroundColor, region: PixelRect? = nil, tolerance: Double = VisibleMask.defaultTolerance) {
        let r = Self.clip(region, image)
        self.region = r
        let tol = tolerance.isNaN ? 0 : max(tolerance, 0)
        let b = (background.red * background.alpha, background.green * background.alpha, background.blue * background.alpha, background.alpha)
        var v = [Bool](repeating: false, count: max(r.width, 0) * max(r.height, 0))
        var n = 0
        if !r.isEmpty {
            image.bytes.withUnsafeBufferPointer { p in
                for y in 0..<r.height {
                    for x in 0..<r.width {
                        let o = 4 * ((r.y + y) * image.width + r.x + x)
                        let a = Double(p[o + 3]) / 255
                        let d = max(abs(Double(p[o]) / 255 * a - b.0), abs(Double(p[o + 1]) / 255 * a - b.1),
                                    abs(Double(p[o + 2]) / 255 * a - b.2), abs(a - b.3))
                        if d > tol { v[y * r.width + x] = true; n += 1 }
                    }
                }
            }
        }
        visible = v
        visibleCount = n
    }

    /// A mask from its parts (`visible` row-major over `region`).
    init(region: PixelRect, visible: [Bool], visibleCount: Int) {
        self.region = region
        self.visible = visible
        self.visibleCount = visibleCount
    }

    /// The smallest pixel rectangle, in image pixels, holding every visible pixel; nil when blank.
    public var bounds: PixelRect? {
        guard visibleCount > 0 else { return nil }
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for y in 0..<region.height {
            for x in 0..<region.width where visible[y * region.width + x] {
                x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
            }
        }
        return PixelRect(x: region.x + x0, y: region.y + y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    /// The mean of the visible pixels' centres, in image pixels (a pixel's centre is at +0.5);
    /// nil when blank.
    public var centroid: (x: Double, y: Double)? {
        guard visibleCount > 0 else { return nil }
        var sx = 0.0, sy = 0.0
        for y in 0..<region.height {
            for x in 0..<region.width where visible[y * region.width + x] {
                sx += Double(x); sy += Double(y)
            }
        }
        let n = Double(visibleCount)
        return (Double(region.x) + sx / n + 0.5, Double(region.y) + sy / n + 0.5)
    }

    /// The number of pixels of `region` (nil: everything) inside an image of that size.
    public static func clipped(_ region: PixelRect?, width: Int, height: Int) -> Int {
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        guard let r = region else { return width * height }
        let i = r.intersection(full)
        return i.width * i.height
    }

    /// `region` (nil: everything) clipped to the image, never with a negative size.
    static func clip(_ region: PixelRect?, _ image: RGBAImage) -> PixelRect {
        let full = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        guard let r = region else { return full }
        let i = r.intersection(full)
        return i.width > 0 && i.height > 0 ? i : PixelRect(x: max(0, min(r.x, image.width)), y: max(0, min(r.y, image.height)), width: 0, height: 0)
    }

    public var pixelCount: Int { visible.count }
    /// No visible pixel (an empty region is blank).
    public var isBlank: Bool { visibleCount == 0 }
    /// Visible fraction of the region's pixels (0 for an empty region).
    public var coverage: Double { pixelCount == 0 ? 0 : Double(visibleCount) / Double(pixelCount) }

    /// The fraction of `reference`'s visible pixels that are visible here (same region); nil when
    /// the reference has none or the regions differ.
    public func coverage(relativeTo reference: VisibleMask) -> Double? {
        guard reference.region == region, reference.visibleCount > 0 else { return nil }
        var both = 0
        for i in 0..<visible.count where visible[i] && reference.visible[i] { both += 1 }
        return Double(both) / Double(reference.visibleCount)
    }

    /// Number of 8-connected regions of visible pixels (flood fill with an explicit stack).
    public func components() -> Int {
        let w = region.width, h = region.height
        guard w > 0, h > 0 else { return 0 }
        var seen = [Bool](repeating: false, count: w * h)
        var stack: [Int] = []
        var count = 0
        for start in 0..<(w * h) where visible[start] && !seen[start] {
            count += 1
            seen[start] = true
            stack.append(start)
            while let i = stack.popLast() {
                let x = i % w, y = i / w
                for dy in -1...1 {
                    let ny = y + dy
                    guard ny >= 0, ny < h else { continue }
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let nx = x + dx
                        guard nx >= 0, nx < w else { continue }
                        let j = ny * w + nx
                        if visible[j] && !seen[j] { seen[j] = true; stack.append(j) }
                    }
                }
            }
        }
        return count
    }

    /// Pixels of `region` whose premultiplied RGBA differs between `image` and `reference` by more
    /// than `tolerance` in some channel (0 when the sizes differ and nothing can be compared is
    /// never returned: a size mismatch counts every pixel of the region).
    public static func changedPixels(_ image: RGBAImage, from reference: RGBAImage, region: PixelRect? = nil,
                                     tolerance: Double = VisibleMask.defaultTolerance) -> Int {
        let r = clip(region, image)
        guard image.width == reference.width, image.height == reference.height else { return max(r.width * r.height, 1) }
        guard !r.isEmpty else { return 0 }
        let tol = tolerance.isNaN ? 0 : max(tolerance, 0)
        var n = 0
        image.bytes.withUnsafeBufferPointer { p in
            reference.bytes.withUnsafeBufferPointer { q in
                for y in r.y..<r.maxY {
                    for x in r.x..<r.maxX {
                        let o = 4 * (y * image.width + x)
                        let a = Double(p[o + 3]) / 255, b = Double(q[o + 3]) / 255
                        var d = abs(a - b)
                        for c in 0..<3 { d = max(d, abs(Double(p[o + c]) / 255 * a - Double(q[o + c]) / 255 * b)) }
                        if d > tol { n += 1 }
                    }
                }
            }
        }
        return n
    }

    /// The pixel rectangle of a region given in points at `scale` pixels per point: x0 = ⌊x·s⌋,
    /// x1 = ⌈(x + w)·s⌉ (every pixel the region touches), likewise for y. nil for a non-finite
    /// or negative-size region.
    public static func pixelRegion(x: Double, y: Double, width: Double, height: Double, scale: Double) -> PixelRect? {
        guard [x, y, width, height, scale].allSatisfy(\.isFinite), width >= 0, height >= 0, scale > 0 else { return nil }
        let lim = Double(Pixmap.maxSide)
        let x0 = Int(min(max((x * scale).rounded(.down), -lim), lim)), y0 = Int(min(max((y * scale).rounded(.down), -lim), lim))
        let x1 = Int(min(max(((x + width) * scale).rounded(.up), -lim), lim)), y1 = Int(min(max(((y + height) * scale).rounded(.up), -lim), lim))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
