// Filmstrip: N frames side by side in one row with a label under each (their times), for READMEs.
// The layout is a one-row ContactSheet; this type adds the choice of instants.
import Foundation
import AnimoRaster
import AnimoGeometry

/// One row of labelled frames.
public struct Filmstrip: Sendable {
    /// The sheet settings (columns are forced to the frame count).
    public var sheet: ContactSheet

    /// `thumbnailWidth`: width of each frame in pixels (nil = the frames' width, capped so the strip
    /// is about 1600 px wide, a README column at 2× density, and at least 64 px per frame).
    public init(thumbnailWidth: Int? = nil, padding: Int = 12, fontSize: Double = 14,
                background: Color = Color(rgba8: 28, 28, 30), textColor: Color = Color(rgba8: 235, 235, 240)) {
        sheet = ContactSheet(columns: nil, thumbnailWidth: thumbnailWidth, padding: padding, fontSize: fontSize,
                             background: background, textColor: textColor)
    }

    /// `count` evenly spaced instants from 0 to `duration` inclusive: tᵢ = duration · i / (count − 1);
    /// one instant is t = 0. Throws for count < 1 or a negative or non-finite duration.
    public static func times(count: Int, duration: Double) throws -> [Double] {
        guard count >= 1, count <= 4096 else { throw ExportError.invalidParameter("filmstrip frame count \(count) (1…4096)") }
        guard duration.isFinite, duration >= 0 else { throw ExportError.invalidParameter("duration \(duration)") }
        if count == 1 { return [0] }
        return (0..<count).map { duration * Double($0) / Double(count - 1) }
    }

    /// The layout of `count` frames in one row.
    public func layout(count: Int, frameWidth: Int, frameHeight: Int) throws -> ContactSheet.Layout {
        let s = configured(count: count, frameWidth: frameWidth)
        return try s.layout(count: count, frameWidth: frameWidth, frameHeight: frameHeight)
    }

    /// Renders the strip.
    public func render(_ frames: [(image: Pixmap, label: String)], font: Font? = nil) throws -> Pixmap {
        guard let first = frames.first else { throw ExportError.noFrames }
        return try configured(count: frames.count, frameWidth: first.image.width).render(frames, font: font)
    }

    /// The sheet with one column per frame and the default thumbnail width resolved.
    private func configured(count: Int, frameWidth: Int) -> ContactSheet {
        var s = sheet
        s.columns = max(1, count)
        if s.thumbnailWidth == nil { s.thumbnailWidth = max(1, min(frameWidth, max(64, 1600 / max(1, count)))) }
        return s
    }

    /// Renders and writes the strip as a PNG (PNGEncoder, atomic).
    public func write(_ frames: [(image: Pixmap, label: String)], to url: URL, level: Int = PNGEncoder.defaultLevel) throws {
        try PNGEncoder.write(try render(frames), to: url, level: level)
    }
}
