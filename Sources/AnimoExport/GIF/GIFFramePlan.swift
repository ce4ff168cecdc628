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
// Identical consecutive frames are merged before planning (their delays add up), so a still tail is
// one frame with a long delay.
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
    /// Merges identical consecutive frames (delays add) and plans each remaining image.
    static func plan(frames: [PackedFrame], delays: [Int]) -> (frames: [PackedFrame], images: [PlannedImage]) {
        precondition(frames.count == delays.count && !frames.isEmpty)
        var kept: [PackedFrame] = [frames[0]], keptDelays = [delays[0]]
        for i in 1..<frames.count {
            if frames[i].pixels == kept[kept.count - 1].pixels { keptDelays[keptDelays.count - 1] += delays[i] }
            else { kept.append(frames[i]); keptDelays.append(delays[i]) }
        }
        let w = kept[0].width, h = kept[0].height
        var images: [PlannedImage] = []
        for n in kept.indices {
            let cur = kept[n].pixels
            var cleared: PixelRectI? = nil
            if n > 0 {
                let prev = kept[n - 1].pixels
                if let clearBox = bbox(w, h, { prev[$0] != 0 && cur[$0] == 0 }) {
                    // Frame n−1 restores its (grown) rectangle to transparent before frame n.
                    var p = images[n - 1]
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
                    images[n - 1] = p
                    cleared = grown
                }
            }
            let prev = n > 0 ? kept[n - 1].pixels : nil
            let needs: (Int) -> Bool = { i in
                guard cur[i] != 0 else { return false }
                guard let prev else { return true }
                if cur[i] != prev[i] { return true }
                if let c = cleared { return c.contains(i % w, i / w) }
                return false
            }
            if let r = bbox(w, h, needs) {
                var mask = [Bool](repeating: false, count: r.width * r.height)
                for y in 0..<r.height { for x in 0..<r.width { mask[y * r.width + x] = needs((y + r.y) * w + x + r.x) } }
                images.append(PlannedImage(source: n, rect: r, draw: mask, delay: keptDelays[n], disposal: 1))
            } else {
                // Nothing to draw (e.g. everything was cleared): one transparent pixel carries the delay.
                images.append(PlannedImage(source: n, rect: PixelRectI(x: 0, y: 0, width: 1, height: 1),
                                           draw: [false], delay: keptDelays[n], disposal: 1))
            }
        }
        return (kept, images)
    }

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
