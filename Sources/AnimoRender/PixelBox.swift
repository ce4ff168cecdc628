// Device coordinates to pixel indices for the painters that read or write a box of pixels. The
// value is limited to the canvas as a Double before converting: a shape from a huge expression
// value lies beyond Int's range, where Int(_:) traps.
import AnimoGeometry

/// `v` (already rounded) as a pixel index in 0…limit; NaN gives 0.
func clampedPixel(_ v: Double, _ limit: Int) -> Int {
    v.isNaN ? 0 : Int(min(max(v, 0), Double(limit)))
}

/// The whole pixels a device-space rectangle covers once grown by `by` on every side, within
/// `width`×`height`; nil when nothing is left.
func clampedPixelBox(_ r: Rect, grownBy by: Double, width: Int, height: Int) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
    let x0 = clampedPixel((r.minX - by).rounded(.down), width), y0 = clampedPixel((r.minY - by).rounded(.down), height)
    let x1 = clampedPixel((r.maxX + by).rounded(.up), width), y1 = clampedPixel((r.maxY + by).rounded(.up), height)
    return x1 > x0 && y1 > y0 ? (x0, y0, x1, y1) : nil
}
