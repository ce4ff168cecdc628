// GIFFramePlan: frame differencing for a GIF, decided from the source frames alone.
//
// Sources are packed 8-bit straight RGBA with 1-bit alpha (a pixel is either opaque, alpha 255, or
// fully transparent, packed 0). Rules (GIF89a §23 disposal methods; browsers restore to
// *transparent*, not to the background color, for method 2):
// - Frame 0 draws every opaque pixel, cropped to their bounding box; the screen starts transparent.
// - Frame n draws the pixels whose source differs from frame n−1 (and, after a clear, every opaque
//   pixel in the cleared rectangle); all other pixels of its rectangle get the transparent index,
//   so unchanged pixels keep exactly what was displayed: they cannot shimmer.
// - If some pixel goes from opaque to transparent, frame n−1 gets disposal 2 (restore to
//   background) and its rectangle grows to cover those pixels; otherwise frames use disposal 1 (do
//   not dispose: the next frame builds on this one).
// Identical consecutive frames are merged (their delays add up), so a still tail is one frame with
// a long delay. Frames are planned as they come (GIFFramePlanner), two in memory at a time.
// Invariant kept: after frame n is displayed, the canvas alpha equals source n's alpha, and every
// opaque pixel shows a quantization of source n's color at the time it was last drawn.

/// A packed source frame: 0xAABBGGRR per pixel, alpha 0 (whole word 0) or 255.
struct PackedFrame: Sendable {
    var width: Int, height: Int
    var pixels: [UInt32]
}

/// What one GIF image draws.
struct PlannedImage: Sendable {
    /// Index into the (merged) packed frames.
    var source: Int
    var rect: PixelRectI
    /// rect-sized mask: true = draw this pixel, false = transparent index.
    var draw: [Bool]
    var delay: Int
    var disposal: Int
}

/// A plain integer rectangle (x, y, width, height), independent of Raster's.
struct PixelRectI: Sendable, Equatable {
    var x: Int, y: Int, width: Int, height: Int
    var maxX: Int { x + width }
    var maxY: Int { y + height }
    func union(_ o: PixelRectI) -> PixelRectI {
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRectI(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }
    func contains(_ px: Int, _ py: Int) -> Bool { px >= x && py >= y && px < maxX && py < maxY }
}

enum GIFFramePlan {
    /// Bounding box of the pixel indices where `pred` holds, nil if none.
    static func bbox(_ w: Int, _ h: Int, _ pred: (Int) -> Bool) -> PixelRectI? {
        var x0 = w, y0 = h, x1 = -1, y1 = -1
        for y in 0..<h {
            let row = y * w
            var first = -1, last = -1
            for x in 0..<w where pred(row + x) { if first < 0 { first = x }; last = x }
            if first >= 0 { x0 = min(x0, first); x1 = max(x1, last); if y0 == h { y0 = y }; y1 = y }
        }
        return x1 < 0 ? nil : PixelRectI(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }
}

/// The plan, one frame at a time, so that frames are never all in memory. An image is final only
/// once the next differing frame is known (that frame may grow its rectangle and set disposal 2;
/// identical frames before it add to its delay), so `add` hands back the previous image, with the
/// frame it draws from, when a differing frame arrives, and `finish` the last one. Holds two
/// frames at most.
struct GIFFramePlanner {
    private var last: PackedFrame?
    private var pending: PlannedImage?
    private var kept = 0

    /// Adds the next source frame shown for `delay` cs; returns the image it completes, if any.
    mutating func add(_ frame: PackedFrame, delay: Int) -> (frame: PackedFrame, image: PlannedImage)? {
        guard let previous = last, var p = pending else {
            pending = Self.image(source: 0, frame, previous: nil, cleared: nil, delay: delay)
            last = frame; kept = 1
            return nil
        }
        let cur = frame.pixels, prev = previous.pixels
        if cur == prev { pending!.delay += delay; return nil }
        let w = frame.width, h = frame.height
        var cleared: PixelRectI? = nil
        if let clearBox = GIFFramePlan.bbox(w, h, { prev[$0] != 0 && cur[$0] == 0 }) {
            // The previous image restores its (grown) rectangle to transparent before this frame.
            let grown = p.rect.union(clearBox)
            if grown != p.rect {
                var mask = [Bool](repeating: false, count: grown.width * grown.height)
                for y in 0..<p.rect.height {
                    for x in 0..<p.rect.width {
                        mask[(y + p.rect.y - grown.y) * grown.width + x + p.rect.x - grown.x] = p.draw[y * p.rect.width + x]
                    }
                }
                p.rect = grown; p.draw = mask
            }
            p.disposal = 2
            cleared = grown
        }
        pending = Self.image(source: kept, frame, previous: previous, cleared: cleared, delay: delay)
        last = frame; kept += 1
        return (previous, p)
    }

    /// The last image, once every frame has been added.
    mutating func finish() -> (frame: PackedFrame, image: PlannedImage)? {
        defer { last = nil; pending = nil; kept = 0 }
        guard let last, let pending else { return nil }
        return (last, pending)
    }

    /// The image of kept frame `source`: the pixels that differ from `previous` (all opaque pixels
    /// for the first frame), and after a clear every opaque pixel in the cleared rectangle.
    private static func image(source: Int, _ frame: PackedFrame, previous: PackedFrame?, cleared: PixelRectI?, delay: Int) -> PlannedImage {
        let cur = frame.pixels, w = frame.width, h = frame.height
        let prev = previous?.pixels
        let needs: (Int) -> Bool = { i in
            guard cur[i] != 0 else { return false }
            guard let prev else { return true }
            if cur[i] != prev[i] { return true }
            if let c = cleared { return c.contains(i % w, i / w) }
            return false
        }
        if let r = GIFFramePlan.bbox(w, h, needs) {
            var mask = [Bool](repeating: false, count: r.width * r.height)
            for y in 0..<r.height { for x in 0..<r.width { mask[y * r.width + x] = needs((y + r.y) * w + x + r.x) } }
            return PlannedImage(source: source, rect: r, draw: mask, delay: delay, disposal: 1)
        }
        // Nothing to draw (e.g. everything was cleared): one transparent pixel carries the delay.
        return PlannedImage(source: source, rect: PixelRectI(x: 0, y: 0, width: 1, height: 1), draw: [false], delay: delay, disposal: 1)
    }
}
