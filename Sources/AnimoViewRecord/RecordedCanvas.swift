// What a `Canvas` closure drew, in order: paths filled or stroked in the canvas's own coordinates
// (the context's transform already applied), and layers (`drawLayer`, or a drawing made under
// filters), each with the filters the context had when it was drawn.

public struct RecordedCanvas: Codable, Sendable, Equatable {
    /// Applied to the composited items, the filter added last first (as SwiftUI applies them).
    public var filters: [RecordedFilter]
    public var items: [RecordedCanvasItem]
    public init(filters: [RecordedFilter] = [], items: [RecordedCanvasItem] = []) {
        self.filters = filters
        self.items = items
    }
}

public indirect enum RecordedCanvasItem: Codable, Sendable, Equatable {
    case fill(RecordedPath, RecordedPaint, opacity: Double)
    case stroke(RecordedPath, RecordedStroke, opacity: Double)
    case layer(RecordedCanvas, opacity: Double)
}

public enum RecordedFilter: Codable, Sendable, Equatable {
    case alphaThreshold(min: Double, max: Double, color: RecordedColor?)
    case blur(radius: Double, opaque: Bool)
    case shadow(color: RecordedColor, radius: Double, x: Double, y: Double)
    case saturation(Double)
    case brightness(Double)
    case contrast(Double)
    case hueRotation(degrees: Double)
    case grayscale(Double)
    case colorInvert(Double)
    case colorMultiply(RecordedColor)
    case luminanceToAlpha
}
