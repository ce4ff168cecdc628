// SheetCanvas: the drawing shared by contact sheets and filmstrips: a solid background, frames
// pasted at integer pixel offsets over a checkerboard (so transparency is visible), and one-line
// labels set with FreeType (Raster's Font) and filled by the exact-coverage rasterizer.
//
// Pixel contract: premultiplied in, premultiplied out. Pasting is Porter–Duff source-over
// (Porter & Duff 1984: dst = src + dst·(1 − αsrc)) at integer offsets, so thumbnails are not
// resampled twice; thumbnails are made by exact area averaging (AreaResample).
import AnimoRaster
import AnimoGeometry

struct SheetCanvas {
    var context: DrawingContext

    init(width: Int, height: Int, background: Color) throws {
        context = try DrawingContext(width: width, height: height)
        context.fillAll(with: .solid(background))
    }

    /// A thumbnail of `image` exactly `width` × `height` pixels (area-averaged; unchanged if equal).
    static func thumbnail(_ image: Pixmap, width: Int, height: Int) throws -> Pixmap {
        try AreaResample.resize(image, width: max(1, width), height: max(1, height))
    }

    /// Source-over of `image` with its top-left corner at pixel (x, y), over an 8-px checkerboard of
    /// two grays where the image is not opaque. Parts outside the canvas are skipped.
    mutating func paste(_ image: Pixmap, x: Int, y: Int, checker: Bool = true) {
        var p = context.finish()
        let light = SIMD4<Float>(0.80, 0.80, 0.80, 1), dark = SIMD4<Float>(0.62, 0.62, 0.62, 1)
        for sy in 0..<image.height {
            let dy = y + sy
            guard dy >= 0, dy < p.height else { continue }
            for sx in 0..<image.width {
                let dx = x + sx
                guard dx >= 0, dx < p.width else { continue }
                let s = image.pixels[sy * image.width + sx]
                let a = min(max(s.w, 0), 1)
                let under = checker ? (((sx >> 3) + (sy >> 3)) & 1 == 0 ? light : dark) : p.pixels[dy * p.width + dx]
                p.pixels[dy * p.width + dx] = s + under * (1 - a)
            }
        }
        context = DrawingContext(pixmap: p)
    }

    /// Draws `text` with its baseline at (x, y) in pixels, shrinking the size (down to 6 px) until
    /// it fits `maxWidth`; returns the size used.
    @discardableResult
    mutating func label(_ text: String, font: Font, size: Double, x: Double, baseline y: Double,
                        maxWidth: Double, color: Color) -> Double {
        var s = size
        let w = font.width(of: text, size: s)
        if w > maxWidth, w > 0 { s = max(6, s * maxWidth / w) }
        let glyphs = font.layout(text, size: s, at: Point(x, y)).path
        context.fill(glyphs, with: .solid(color))
        return s
    }

    mutating func finish() -> Pixmap { context.finish() }
}
