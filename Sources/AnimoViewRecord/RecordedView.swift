// One view of a recorded tree, with its modifiers in the order they were applied (innermost
// first, as SwiftUI applies them).

public struct RecordedView: Codable, Sendable, Equatable {
    /// The view's identity among its siblings: its structural position (`0`, `1`, `T`, `F`), a
    /// `ForEach` element's id, or an explicit `.id(_:)`; with its type, so that a view of another
    /// type at the same place is another view (SwiftUI's structural identity).
    public var id: String
    public var kind: RecordedViewKind
    public var children: [RecordedView]
    public var modifiers: [RecordedModifier]
    public var site: SourceSite

    public init(id: String, kind: RecordedViewKind, children: [RecordedView] = [], modifiers: [RecordedModifier] = [], site: SourceSite) {
        self.id = id
        self.kind = kind
        self.children = children
        self.modifiers = modifiers
        self.site = site
    }
}

public enum RecordedViewKind: Codable, Sendable, Equatable {
    /// Draws nothing and takes no space (`EmptyView`, a false `if` without `else`).
    case empty
    /// Transparent: its children are its parent's subviews (`Group`, a `ViewBuilder` block,
    /// `ForEach`, a conditional's branch).
    case group
    case text(RecordedText)
    case shape(RecordedShape)
    case color(RecordedColor)
    case stack(RecordedStack)
    case spacer(minLength: Double?)
    case divider
    case symbol(name: String)
    case image(name: String)
    /// A `Canvas`: what its closure drew for the size it was given.
    case canvas(RecordedCanvas)
    /// A `GeometryReader`: its children were made for the size it was given.
    case geometryReader
    /// A `ScrollView` at rest: `vertical`, `horizontal` or `both`.
    case scrollView(axes: String)
    /// A `LazyVGrid` or `LazyHGrid`.
    case grid(RecordedGrid)
    /// The indeterminate `ProgressView()`, in its tint (nil: the default grey).
    case progressView(tint: RecordedColor?)
}

public struct RecordedStack: Codable, Sendable, Equatable {
    public enum Axis: String, Codable, Sendable { case horizontal, vertical, depth }
    public var axis: Axis
    public var alignment: String
    public var spacing: Double?
    public init(axis: Axis, alignment: String, spacing: Double?) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
    }
}

public struct RecordedText: Codable, Sendable, Equatable {
    public var string: String
    public var font: RecordedFont?
    public var weight: String?
    public var bold: Bool
    public var italic: Bool
    public var foreground: RecordedPaint?
    public var kerning: Double?
    public init(string: String, font: RecordedFont? = nil, weight: String? = nil, bold: Bool = false, italic: Bool = false, foreground: RecordedPaint? = nil, kerning: Double? = nil) {
        self.string = string
        self.font = font
        self.weight = weight
        self.bold = bold
        self.italic = italic
        self.foreground = foreground
        self.kerning = kerning
    }
}

public enum RecordedFont: Codable, Sendable, Equatable {
    /// A text style: `largeTitle` … `caption2`, with a weight and design when set.
    case style(String, weight: String?, design: String?)
    case system(size: Double, weight: String?, design: String?)
}

public struct RecordedShape: Codable, Sendable, Equatable {
    public enum Kind: Codable, Sendable, Equatable {
        case circle, ellipse, rectangle, capsule
        case roundedRectangle(cornerRadius: Double, continuous: Bool)
        /// A custom shape (or a `Path`, or a built-in shape scaled, rotated or offset).
        case path(RecordedPath)
    }
    public var kind: Kind
    public var fill: RecordedPaint?
    public var stroke: RecordedStroke?
    /// `strokeBorder`: the stroke inside the shape.
    public var strokeBorder: RecordedStroke?
    public var trim: [Double]?
    public init(kind: Kind, fill: RecordedPaint? = nil, stroke: RecordedStroke? = nil, strokeBorder: RecordedStroke? = nil, trim: [Double]? = nil) {
        self.kind = kind
        self.fill = fill
        self.stroke = stroke
        self.strokeBorder = strokeBorder
        self.trim = trim
    }
}

public struct RecordedStroke: Codable, Sendable, Equatable {
    /// nil: the foreground style.
    public var paint: RecordedPaint?
    public var lineWidth: Double
    public var lineCap: String
    public var lineJoin: String
    public var dash: [Double]
    public var dashPhase: Double
    public init(paint: RecordedPaint?, lineWidth: Double, lineCap: String = "butt", lineJoin: String = "miter", dash: [Double] = [], dashPhase: Double = 0) {
        self.paint = paint
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// A colour as SwiftUI keeps it before it is resolved: a named colour takes the colour scheme's
/// value when drawn (`Color.red` is another red in dark mode), with the opacity applied to it.
public enum RecordedColor: Codable, Sendable, Equatable {
    /// sRGB components and opacity, 0…1 (extended values kept).
    case rgba(Double, Double, Double, Double)
    /// A named or semantic colour (`red`, `primary`, `systemBackground`) at an opacity.
    case named(String, opacity: Double)
    /// `Color(hue:saturation:brightness:opacity:)`.
    case hsb(Double, Double, Double, Double)
}

public enum RecordedPaint: Codable, Sendable, Equatable {
    case color(RecordedColor)
    case linearGradient(stops: [RecordedStop], start: [Double], end: [Double])
    case radialGradient(stops: [RecordedStop], center: [Double], startRadius: Double, endRadius: Double)
    case angularGradient(stops: [RecordedStop], center: [Double], startAngle: Double, endAngle: Double)
    /// A hierarchical or semantic style: `primary`, `secondary`, `tint`, a material.
    case style(String)
}

public struct RecordedStop: Codable, Sendable, Equatable {
    public var color: RecordedColor
    public var location: Double
    public init(color: RecordedColor, location: Double) {
        self.color = color
        self.location = location
    }
}

public struct RecordedGrid: Codable, Sendable, Equatable {
    /// Columns (a `LazyVGrid`) or rows.
    public var vertical: Bool
    public var items: [RecordedGridItem]
    public var alignment: String
    public var spacing: Double?
    public init(vertical: Bool, items: [RecordedGridItem], alignment: String, spacing: Double?) {
        self.vertical = vertical
        self.items = items
        self.alignment = alignment
        self.spacing = spacing
    }
}

public struct RecordedGridItem: Codable, Sendable, Equatable {
    /// `fixed` (its size is `minimum`), `flexible` or `adaptive`.
    public var kind: String
    public var minimum: Double
    /// nil: unbounded.
    public var maximum: Double?
    public var spacing: Double?
    public var alignment: String?
    public init(kind: String, minimum: Double, maximum: Double?, spacing: Double?, alignment: String?) {
        self.kind = kind
        self.minimum = minimum
        self.maximum = maximum
        self.spacing = spacing
        self.alignment = alignment
    }
}

