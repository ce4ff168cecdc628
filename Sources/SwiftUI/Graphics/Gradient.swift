// SwiftUI's gradients: `Gradient` and the three shape styles that draw one.
internal import AnimoViewRecord

public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }
    public var stops: [Stop]
    public init(stops: [Stop]) { self.stops = stops }
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { Stop(color: $0.element, location: n > 1 ? CGFloat($0.offset) / CGFloat(n - 1) : 0) }
    }
    var recorded: [RecordedStop] { stops.map { RecordedStop(color: $0.color.recorded, location: Double($0.location)) } }
}

public struct LinearGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient
    let start: UnitPoint, end: UnitPoint
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        start = startPoint
        end = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
    var paint: RecordedPaint { .linearGradient(stops: gradient.recorded, start: start.pair, end: end.pair) }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        RecordNode(context, .shape(RecordedShape(kind: .rectangle, fill: paint)))
    }
}

public struct RadialGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient
    let center: UnitPoint
    let startRadius: CGFloat, endRadius: CGFloat
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient
        self.center = center
        self.startRadius = startRadius
        self.endRadius = endRadius
    }
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    var paint: RecordedPaint { .radialGradient(stops: gradient.recorded, center: center.pair, startRadius: Double(startRadius), endRadius: Double(endRadius)) }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        RecordNode(context, .shape(RecordedShape(kind: .rectangle, fill: paint)))
    }
}

public struct AngularGradient: ShapeStyle, View, PrimitiveView {
    let gradient: Gradient
    let center: UnitPoint
    let startAngle: Angle, endAngle: Angle
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.endAngle = endAngle
    }
    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .degrees(360)) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }
    var paint: RecordedPaint { .angularGradient(stops: gradient.recorded, center: center.pair, startAngle: startAngle.degrees, endAngle: endAngle.degrees) }
    public var body: Never { neverBody() }
    func record(_ context: RecordContext) -> RecordNode {
        RecordNode(context, .shape(RecordedShape(kind: .rectangle, fill: paint)))
    }
}

extension ShapeStyle where Self == LinearGradient {
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
}
