// Pixel snapping (docs/semantics.md §87): a view's frame is drawn with its origin and its far
// corner rounded to the pixel grid, ties going up, v → floor(v·s + ½)/s with s pixels per point;
// its size is then far corner − origin. Layout itself works on unrounded points. Used by the
// layout tree for layout views and by the evaluator for shapes marked `pixelAligned` (§280).
import AnimoGeometry

extension Rect {
    /// The rectangle rounded to the pixel grid of `scale` pixels per point, the grid's origin at
    /// `-origin` (a context whose (0, 0) lies at `origin` on the canvas rounds on the canvas's grid).
    /// Unchanged when the scale is not positive or the rectangle not finite.
    public func snappedToPixels(scale: Double, origin: Point = Point(0, 0)) -> Rect {
        guard scale > 0, scale.isFinite, self.origin.isFinite, width.isFinite, height.isFinite else { return self }
        func r(_ v: Double, _ o: Double) -> Double { (((v + o) * scale) + 0.5).rounded(.down) / scale - o }
        let x0 = r(minX, origin.x), y0 = r(minY, origin.y), x1 = r(maxX, origin.x), y1 = r(maxY, origin.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
