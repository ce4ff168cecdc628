// SwiftUI's `ShapeStyle`: what fills a shape or colours text — a colour, a gradient, a semantic
// style (`.primary`, `.tint`) or a material.
internal import AnimoViewRecord

public protocol ShapeStyle: Sendable {}

extension ShapeStyle {
    /// The recorded paint, for the module's own styles; another conforming type is drawn as the
    /// foreground style.
    var recordedPaint: RecordedPaint? {
        switch self {
        case let c as Color: return c.paint
        case let g as LinearGradient: return g.paint
        case let g as RadialGradient: return g.paint
        case let g as AngularGradient: return g.paint
        case let s as HierarchicalShapeStyle: return .style(s.name)
        case let m as Material: return .style(m.name)
        case let t as TintShapeStyle: return .style(t.name)
        case is BackgroundStyle: return .color(.named("systemBackground", opacity: 1))
        case is ForegroundStyle: return nil
        case let a as AnyShapeStyle: return a.paint
        default: return nil
        }
    }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var white: Color { Color.white }
    public static var gray: Color { Color.gray }
    public static var black: Color { Color.black }
    public static var clear: Color { Color.clear }
    public static var accentColor: Color { Color.accentColor }
}

public struct HierarchicalShapeStyle: ShapeStyle {
    let name: String
    public static let primary = HierarchicalShapeStyle(name: "primary")
    public static let secondary = HierarchicalShapeStyle(name: "secondary")
    public static let tertiary = HierarchicalShapeStyle(name: "tertiaryLabel")
    public static let quaternary = HierarchicalShapeStyle(name: "quaternaryLabel")
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

/// The background style (`.background`): the system background of the colour scheme.
public struct BackgroundStyle: ShapeStyle {
    public init() {}
}

extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { BackgroundStyle() }
}

/// The foreground style (`.foreground`): the style set above, else primary.
public struct ForegroundStyle: ShapeStyle {
    public init() {}
}

extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

public struct TintShapeStyle: ShapeStyle {
    let name = "tint"
    public init() {}
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// SwiftUI's materials: the blurred backdrop of the renderer's material recipes.
public struct Material: ShapeStyle {
    let name: String
    public static let ultraThinMaterial = Material(name: "ultraThinMaterial")
    public static let thinMaterial = Material(name: "thinMaterial")
    public static let regularMaterial = Material(name: "regularMaterial")
    public static let thickMaterial = Material(name: "thickMaterial")
    public static let ultraThickMaterial = Material(name: "ultraThickMaterial")
    public static let bar = Material(name: "bar")
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThinMaterial }
    public static var thinMaterial: Material { .thinMaterial }
    public static var regularMaterial: Material { .regularMaterial }
    public static var thickMaterial: Material { .thickMaterial }
    public static var ultraThickMaterial: Material { .ultraThickMaterial }
    public static var bar: Material { .bar }
}

public struct AnyShapeStyle: ShapeStyle {
    let paint: RecordedPaint?
    public init<S: ShapeStyle>(_ style: S) { paint = style.recordedPaint }
}

extension ShapeStyle {
    /// The style at an opacity: a colour's alpha scaled. Another style (a material, a gradient)
    /// keeps its paint at full opacity: a limit of the module, listed in docs/swift.md.
    public func opacity(_ opacity: Double) -> some ShapeStyle {
        if let c = self as? Color { return AnyShapeStyle(c.opacity(opacity)) }
        return AnyShapeStyle(self)
    }
}
