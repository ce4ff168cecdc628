// The `image` node (docs/spec.md "image"): SwiftUI's `Image("name")` from a PNG beside the spec,
// with `resizable`, `scaledToFit`/`scaledToFill`, `interpolation` and `renderingMode`, and
// `Image(systemName:)` drawn by the symbol component at the size of its font and image scale.

/// Where an image's pixels come from.
public enum SpecImageSource: Sendable, Equatable {
    /// A PNG file, relative to the spec's folder (which it may not leave).
    case file(String)
    /// An SF Symbol name, drawn by the built-in symbol library.
    case system(String)
}

/// `Image.Interpolation`.
public enum SpecInterpolation: String, Sendable, CaseIterable {
    case none, low, medium, high
}

/// `Image.Scale` (`imageScale`).
public enum SpecImageScale: String, Sendable, CaseIterable {
    case small, medium, large
}

public struct ImageNode: Sendable {
    public var source: SpecImageSource
    public var resizable: Bool
    /// nil = stretch to the proposal (resizable) or the natural size; `fit`/`fill` keep the
    /// aspect ratio (`scaledToFit`, `scaledToFill`).
    public var contentMode: ContentMode?
    public var interpolation: SpecInterpolation
    /// `renderingMode(.template)`: the image's alpha filled with the foreground style.
    public var template: Bool
    public var foregroundStyle: SpecPaint?
    public var placement: SpecTextPlacement
    /// Image pixels per point (1; 2 or 3 for files named `…@2x.png`, `…@3x.png`).
    public var scale: Double
    /// For system images: the font that sizes the symbol, its image scale.
    public var font: SpecFont?
    public var imageScale: SpecImageScale

    public enum ContentMode: String, Sendable {
        case fit, fill
    }

    public init(source: SpecImageSource, resizable: Bool = false, contentMode: ContentMode? = nil, interpolation: SpecInterpolation = .high,
                template: Bool = false, foregroundStyle: SpecPaint? = nil, placement: SpecTextPlacement = .canvas, scale: Double = 1,
                font: SpecFont? = nil, imageScale: SpecImageScale = .medium) {
        self.source = source
        self.resizable = resizable
        self.contentMode = contentMode
        self.interpolation = interpolation
        self.template = template
        self.foregroundStyle = foregroundStyle
        self.placement = placement
        self.scale = scale
        self.font = font
        self.imageScale = imageScale
    }
}
