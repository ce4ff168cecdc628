// Paints: what fills or strokes a shape (docs/spec.md).

/// One color stop of a gradient; `location` in 0…1.
public struct GradientStop: Sendable {
    public var color: SpecColor
    public var location: Double
    /// A colour computed per instance ("=palette[i]"), read once when the scene is resolved; it
    /// may read loop variables only. When set, `color` is a placeholder.
    public var computedColor: SpecColorExpression?
    /// A location computed per instance ("=0.2 * i"), as `computedColor`.
    public var computedLocation: SpecExpression?
    /// The JSON path of the stop (for errors found when the scene is resolved).
    public var path = ""

    public init(color: SpecColor, location: Double, computedColor: SpecColorExpression? = nil, computedLocation: SpecExpression? = nil) {
        self.color = color
        self.location = location
        self.computedColor = computedColor
        self.computedLocation = computedLocation
    }
}

/// A gradient's stops in ascending location order (a `colors` list becomes evenly spaced stops,
/// as SwiftUI's `Gradient(colors:)` does).
public struct SpecGradient: Sendable {
    public var stops: [GradientStop]

    public init(stops: [GradientStop]) {
        self.stops = stops
    }
}

/// A color or a gradient. Unit points are in 0…1 of the shape's frame; angles in degrees,
/// clockwise on screen from the +x axis (SwiftUI's `AngularGradient` convention).
public enum SpecPaint: Sendable {
    case color(SpecColor)
    /// A colour computed per frame ("=on ? green : gray"); it animates as SwiftUI's `Color` does.
    case colorExpression(SpecColorExpression)
    case linearGradient(SpecGradient, startPoint: UnitPoint, endPoint: UnitPoint)
    case radialGradient(SpecGradient, center: UnitPoint, startRadius: SpecNumber, endRadius: SpecNumber)
    case angularGradient(SpecGradient, center: UnitPoint, startAngle: SpecNumber, endAngle: SpecNumber)
    /// A material: a blur of what lies behind plus the material's tint (docs/spec.md "Materials").
    case material(SpecMaterial)
    /// SwiftUI's `.tint` style: the nearest enclosing `tint` modifier's colour, else `accentColor`.
    case tint
}

/// SwiftUI's `Material`.
public enum SpecMaterial: String, Sendable, CaseIterable {
    case ultraThinMaterial, thinMaterial, regularMaterial, thickMaterial, ultraThickMaterial, bar
}
