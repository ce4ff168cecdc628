// ContactSheet: frames laid out in a grid, each with a one-line label under it (for key poses:
// role and time), on a solid background. The input is plain (image, label) pairs, so Export knows
// nothing of specs; the CLI builds the labels.
//
// Layout (pixels): `padding` around the sheet and between cells; every cell is one thumbnail of
// the same size (the first frame's aspect, scaled to `thumbnailWidth`) and a label band of
// `labelHeight` = ⌈fontSize × 1.6⌉ below it (1.6 em leaves room for a quarter-em gap, the ascender and
// the descender: DejaVu Sans' ascender + |descender| is 1.16 em). Columns default to
// ⌈√n⌉ (the squarest grid). Cells fill rows left to right, top to bottom.
import Foundation
import AnimoRaster
import AnimoGeometry

/// A grid of labelled frames rendered to one pixmap.
public struct ContactSheet: Sendable {
    /// Number of columns; nil = ⌈√count⌉.
    public var columns: Int?
    /// Width of each thumbnail in pixels; nil = the frames' own width, capped at 480.
    public var thumbnailWidth: Int?
    /// Gap around and between cells, pixels.
    public var padding: Int
    /// Label text size in pixels.
    public var fontSize: Double
    /// Sheet background and label color.
    public var background: Color
    public var textColor: Color

    public init(columns: Int? = nil, thumbnailWidth: Int? = nil, padding: Int = 16, fontSize: Double = 15,
                background: Color = Color(rgba8: 28, 28, 30), textColor: Color = Color(rgba8: 235, 235, 240)) {
        self.columns = columns; self.thumbnailWidth = thumbnailWidth; self.padding = padding
        self.fontSize = fontSize; self.background = background; self.textColor = textColor
    }

    /// Where each cell's thumbnail and label go.
    public struct Cell: Sendable, Equatable {
        public var image: PixelRect
        public var label: PixelRect
    }

    /// The computed geometry of a sheet.
    public struct Layout: Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var columns: Int
        public var rows: Int
        public var cells: [Cell]
    }

    /// The layout of `count` frames of `frameWidth` × `frameHeight` pixels. Throws
    /// `ExportError.invalidParameter` for no frames or a non-positive size, padding or font size.
    public func layout(count: Int, frameWidth: Int, frameHeight: Int) throws -> Layout {
        guard count > 0 else { throw ExportError.noFrames }
        guard frameWidth > 0, frameHeight > 0 else { throw ExportError.invalidParameter("frame size \(frameWidth)×\(frameHeight)") }
        guard padding >= 0, padding <= 4096 else { throw ExportError.invalidParameter("padding \(padding)") }
        guard fontSize.isFinite, fontSize > 0, fontSize <= 512 else { throw ExportError.invalidParameter("font size \(fontSize)") }
        if let c = columns, c < 1 { throw ExportError.invalidParameter("columns \(c)") }
        if let t = thumbnailWidth, t < 1 || t > 16384 { throw ExportError.invalidParameter("thumbnail width \(t)") }
        let cols = min(count, columns ?? Int(Double(count).squareRoot().rounded(.up)))
        let rows = (count + cols - 1) / cols
        let tw = thumbnailWidth ?? min(frameWidth, 480)
        let th = max(1, Int((Double(frameHeight) * Double(tw) / Double(frameWidth)).rounded()))
        let lh = Int((fontSize * 1.6).rounded(.up))
        let cellH = th + lh
        let cells = (0..<count).map { i -> Cell in
            let x = padding + (i % cols) * (tw + padding)
            let y = padding + (i / cols) * (cellH + padding)
            return Cell(image: PixelRect(x: x, y: y, width: tw, height: th),
                        label: PixelRect(x: x, y: y + th, width: tw, height: lh))
        }
        let width = padding + cols * (tw + padding), height = padding + rows * (cellH + padding)
        guard width <= Pixmap.maxSide, height <= Pixmap.maxSide, width * height <= Pixmap.maxPixels else {
            throw ExportError.invalidParameter("sheet \(width)×\(height) is too large")
        }
        return Layout(width: width, height: height, columns: cols, rows: rows, cells: cells)
    }

    /// Renders the sheet. All frames must have the same size (`ExportError.frameSizeMismatch`).
    /// `font`: nil = `Font.standard()` (DejaVu Sans).
    public func render(_ frames: [(image: Pixmap, label: String)], font: Font? = nil) throws -> Pixmap {
        guard let first = frames.first?.image else { throw ExportError.noFrames }
        for (i, f) in frames.enumerated() where f.image.width != first.width || f.image.height != first.height {
            throw ExportError.frameSizeMismatch(index: i, width: f.image.width, height: f.image.height)
        }
        let font = try font ?? Font.standard()
        let l = try layout(count: frames.count, frameWidth: first.width, frameHeight: first.height)
        var canvas = try SheetCanvas(width: l.width, height: l.height, background: background)
        for (cell, frame) in zip(l.cells, frames) {
            let thumb = try SheetCanvas.thumbnail(frame.image, width: cell.image.width, height: cell.image.height)
            canvas.paste(thumb, x: cell.image.x, y: cell.image.y)
            // Baseline: a quarter em plus the font's ascender below the image.
            let baseline = Double(cell.label.y) + fontSize * (0.25 + font.ascender / font.unitsPerEm)
            canvas.label(frame.label, font: font, size: fontSize, x: Double(cell.label.x), baseline: baseline,
                         maxWidth: Double(cell.label.width), color: textColor)
        }
        return canvas.finish()
    }

    /// Renders and writes the sheet as a PNG (PNGEncoder, atomic).
    public func write(_ frames: [(image: Pixmap, label: String)], to url: URL, level: Int = PNGEncoder.defaultLevel) throws {
        try PNGEncoder.write(try render(frames), to: url, level: level)
    }
}
