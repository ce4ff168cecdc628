// SwiftUI's `Color` (https://developer.apple.com/documentation/swiftui/color). A named colour
// stays named until it is drawn, so that it takes the colour scheme's value there (`Color.red` is
// #FF3B30 in light mode and #FF453A in dark), with its opacity applied to that value.
internal import AnimoViewRecord

public struct Color: Hashable, Sendable, ShapeStyle, View, PrimitiveView {
    var recorded: RecordedColor
    var site: SourceSite = .unknown

    init(_ recorded: RecordedColor) { self.recorded = recorded }

    public static func == (a: Color, b: Color) -> Bool { a.recorded == b.recorded }
    public func hash(into h: inout Hasher) { h.combine("\(recorded)") }

    public enum RGBColorSpace: Hashable, Sendable { case sRGB, sRGBLinear, displayP3 }

    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        if colorSpace == .sRGBLinear {
            func gamma(_ c: Double) -> Double { c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055 }
            recorded = .rgba(gamma(red), gamma(green), gamma(blue), opacity)
        } else {
            recorded = .rgba(red, green, blue, opacity)
        }
    }

    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        recorded = .rgba(white, white, white, opacity)
    }

    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        recorded = .hsb(hue, saturation, brightness, opacity)
    }

    /// A colour of the asset catalogue: drawn as a neutral grey, with a warning (the catalogue's
    /// colours are read by the renderer when it finds one).
    public init(_ name: String, bundle: Bundle? = nil, file: StaticString = #fileID, line: UInt = #line, column: UInt = #column) {
        recorded = .named("asset:" + name, opacity: 1)
        site = SwiftUI.site(file, line, column)
    }

    public init(uiColor: UIColor) {
        let c = uiColor._components
        if let name = uiColor._name {
            recorded = .named(name, opacity: c[3])
        } else {
            recorded = uiColor._isHSB ? .hsb(c[0], c[1], c[2], c[3]) : .rgba(c[0], c[1], c[2], c[3])
        }
    }
    public init(_ uiColor: UIColor) { self.init(uiColor: uiColor) }

    public func opacity(_ opacity: Double) -> Color {
        var c = self
        switch recorded {
        case .rgba(let r, let g, let b, let a): c.recorded = .rgba(r, g, b, a * opacity)
        case .named(let n, let a): c.recorded = .named(n, opacity: a * opacity)
        case .hsb(let h, let s, let b, let a): c.recorded = .hsb(h, s, b, a * opacity)
        }
        return c
    }

    static func named(_ name: String) -> Color { Color(.named(name, opacity: 1)) }

    public static let red = named("red"), orange = named("orange"), yellow = named("yellow"), green = named("green")
    public static let mint = named("mint"), teal = named("teal"), cyan = named("cyan"), blue = named("blue")
    public static let indigo = named("indigo"), purple = named("purple"), pink = named("pink"), brown = named("brown")
    public static let white = named("white"), gray = named("gray"), black = named("black"), clear = named("clear")
    public static let primary = named("primary"), secondary = named("secondary"), accentColor = named("accentColor")

    public var body: Never { neverBody() }

    func record(_ context: RecordContext) -> RecordNode {
        RecordNode(context, .color(recorded), site: site.line > 0 ? site : nil)
    }

    var paint: RecordedPaint { .color(recorded) }
}

