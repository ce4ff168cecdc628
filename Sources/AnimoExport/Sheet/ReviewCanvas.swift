// ReviewCanvas: the picture of a change for a code review: before | after | difference, side by side
// under a title bar, one frame at a time (so a whole animation streams through it), and a
// filmstrip of a few of those frames stacked with their times.
//
// Pixels: straight 8-bit RGBA in, opaque straight RGBA out. Each side is drawn at its own size,
// top-left in its cell, over an 8-px checkerboard so transparency reads as transparency; a side
// that is missing (a spec added or removed, or a sequence that ended sooner) shows the background.
// The difference is a heat map of the largest channel difference d of each pixel (two fully
// transparent pixels are equal, whatever their colour): black where d = 0, else v = 0.25 + 0.75·d/255
// through dark red, red, orange and yellow to white. The scale is fixed (not per frame), so the
// same brightness means the same difference in every frame; a pixel that only one side has counts
// as d = 255.
import Foundation
import AnimoRaster
import AnimoGeometry

public struct ReviewCanvas: Sendable {
    public let cellWidth: Int
    public let cellHeight: Int
    public let gap = 6
    public let titleHeight: Int
    public let width: Int
    public let height: Int
    private let title: [UInt8]
    static let background: (UInt8, UInt8, UInt8) = (28, 28, 30)

    /// A canvas for sides up to `cellWidth` × `cellHeight` pixels, titled `titles` (three).
    public init(cellWidth: Int, cellHeight: Int, titles: [String] = ["before", "after", "difference"]) throws {
        guard cellWidth > 0, cellHeight > 0, cellWidth <= 8192, cellHeight <= 8192 else {
            throw ExportError.invalidParameter("review cell \(cellWidth)×\(cellHeight)")
        }
        self.cellWidth = cellWidth; self.cellHeight = cellHeight
        titleHeight = 22
        width = 3 * cellWidth + 4 * gap
        height = titleHeight + cellHeight + gap
        let bg = Color(rgba8: Self.background.0, Self.background.1, Self.background.2)
        var canvas = try SheetCanvas(width: width, height: titleHeight, background: bg)
        let font = try Font.standard()
        for (k, t) in titles.prefix(3).enumerated() {
            canvas.label(t, font: font, size: 13, x: Double(gap + k * (cellWidth + gap) + 2), baseline: 16,
                         maxWidth: Double(cellWidth - 4), color: Color(rgba8: 235, 235, 240))
        }
        title = canvas.finish().rgba8Straight()
    }

    /// What one composed frame shows.
    public struct Figures: Sendable, Equatable {
        /// Pixels whose largest channel difference is over the tolerance.
        public var differingPixels: Int
        /// The largest channel difference (0…255).
        public var maxDelta: Int
    }

    /// One side: straight RGBA bytes and their size, or nil when the side has no frame.
    public typealias Side = (rgba: [UInt8], width: Int, height: Int)?

    /// before | after | heat map, and the figures (pixels with a difference over `tolerance`).
    public func compose(before: Side, after: Side, tolerance: Int = 0) -> (rgba: [UInt8], figures: Figures) {
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            out[4 * i] = Self.background.0; out[4 * i + 1] = Self.background.1; out[4 * i + 2] = Self.background.2
        }
        out.replaceSubrange(0..<title.count, with: title)
        let top = titleHeight
        func paste(_ side: Side, x0: Int) {
            guard let s = side else { return }
            for y in 0..<min(s.height, cellHeight) {
                for x in 0..<min(s.width, cellWidth) {
                    let i = 4 * (y * s.width + x), o = 4 * ((top + y) * width + x0 + x)
                    let check: Int = ((x >> 3) + (y >> 3)) & 1 == 0 ? 204 : 158
                    let a = Int(s.rgba[i + 3])
                    for c in 0..<3 { out[o + c] = UInt8((Int(s.rgba[i + c]) * a + check * (255 - a) + 127) / 255) }
                }
            }
        }
        paste(before, x0: gap)
        paste(after, x0: 2 * gap + cellWidth)
        var differing = 0, maxDelta = 0
        let x0 = 3 * gap + 2 * cellWidth
        if before != nil || after != nil {
            for y in 0..<cellHeight {
                for x in 0..<cellWidth {
                    let b = Self.pixel(before, x, y), a = Self.pixel(after, x, y)
                    var d = 0
                    switch (b, a) {
                    case (nil, nil): continue
                    case (nil, _), (_, nil): d = 255
                    case let (p?, q?):
                        if p.3 == 0 && q.3 == 0 { d = 0 } else {
                            d = max(abs(Int(p.0) - Int(q.0)), abs(Int(p.1) - Int(q.1)), abs(Int(p.2) - Int(q.2)), abs(Int(p.3) - Int(q.3)))
                        }
                    }
                    if d > tolerance { differing += 1 }
                    maxDelta = max(maxDelta, d)
                    let o = 4 * ((top + y) * width + x0 + x)
                    if d == 0 { out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; continue }
                    let v = 0.25 + 0.75 * Double(d) / 255
                    out[o] = UInt8((min(1, 2 * v) * 255).rounded())
                    out[o + 1] = UInt8((max(0, 2 * v - 1) * 255).rounded())
                    out[o + 2] = UInt8((max(0, 4 * v - 3) * 255).rounded())
                }
            }
        }
        return (out, Figures(differingPixels: differing, maxDelta: maxDelta))
    }

    private static func pixel(_ s: Side, _ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8)? {
        guard let s, x < s.width, y < s.height else { return nil }
        let i = 4 * (y * s.width + x)
        return (s.rgba[i], s.rgba[i + 1], s.rgba[i + 2], s.rgba[i + 3])
    }

    /// Composed frames stacked top to bottom, each with its label (e.g. its time) at the left,
    /// scaled to at most `maxWidth` pixels wide; written as a PNG.
    public func writeFilmstrip(_ frames: [(rgba: [UInt8], label: String)], maxWidth: Int = 1400, to url: URL,
                               level: Int = PNGEncoder.defaultLevel) throws {
        guard !frames.isEmpty else { throw ExportError.noFrames }
        let labelWidth = 70
        let scale = min(1, Double(maxWidth - labelWidth) / Double(width))
        let tw = max(1, Int((Double(width) * scale).rounded())), th = max(1, Int((Double(height) * scale).rounded()))
        let bg = Color(rgba8: Self.background.0, Self.background.1, Self.background.2)
        var canvas = try SheetCanvas(width: labelWidth + tw, height: th * frames.count, background: bg)
        let font = try Font.standard()
        for (k, f) in frames.enumerated() {
            let image = try SheetCanvas.thumbnail(try Pixmap(width: width, height: height, rgba8Straight: f.rgba), width: tw, height: th)
            canvas.paste(image, x: labelWidth, y: k * th, checker: false)
            canvas.label(f.label, font: font, size: 13, x: 6, baseline: Double(k * th + titleHeight + 16),
                         maxWidth: Double(labelWidth - 10), color: Color(rgba8: 235, 235, 240))
        }
        try PNGEncoder.write(canvas.finish(), to: url, level: level)
    }
}
