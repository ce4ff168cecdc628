// Paints: what fills or strokes a shape (docs/spec.md).

/// One color stop of a gradient; `location` in 0…1.
public struct GradientStop: Sendable, Equatable {
    public var color: SpecColor
    public var location: Double

    public init(color: SpecColor, location: Double) {
        self.color = color
        self.location = location
    }
}

/// A gradient's stops in ascending location order (a `colors` list becomes evenly spaced stops,
/// as SwiftUI's `Gradient(colors:)` does).
public struct SpecGradient: Sendable, Equatable {
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
}
