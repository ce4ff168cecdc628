// A raster test case described as data: a canvas and a list of drawing operations. The same
// description renders with Raster (for goldens) and is exported as JSON for other renderers
// (scripts/conformance draws it with Skia and measures the difference).
import Foundation
import AnimoRaster
import AnimoGeometry

public struct RasterCase: Sendable {
    public enum PaintSpec: Sendable {
        case solid(Color)
        case linear([Gradient.Stop], start: Point, end: Point)
        case radial([Gradient.Stop], center: Point, startRadius: Double, endRadius: Double)
        /// Angles in degrees, 0 at 3 o'clock, clockwise on screen.
        case angular([Gradient.Stop], center: Point, startAngle: Double, endAngle: Double)
    }

    public indirect enum Op: Sendable {
        case fill(Path, PaintSpec, FillRule)
        case stroke(Path, StrokeStyle, PaintSpec)
        case layer(opacity: Double, blend: BlendMode, [Op])
        case clip(Path, [Op])
    }

    public let name: String
    public let width: Int
    public let height: Int
    public let background: Color
    public let ops: [Op]
    /// True when the case uses something the Skia conformance run cannot reproduce in kind
    /// (Core Graphics' plusDarker, angular gradient conventions): it stays a golden but is left
    /// out of the cross-renderer statistics.
    public let conformance: Bool

    public init(_ name: String, width: Int = 96, height: Int = 96, background: Color = .white,
                conformance: Bool = true, _ ops: [Op]) {
        self.name = name; self.width = width; self.height = height
        self.background = background; self.ops = ops; self.conformance = conformance
    }

    /// Renders the case with Raster.
    public func render() throws -> Pixmap {
        var ctx = try DrawingContext(width: width, height: height)
        ctx.fillAll(with: .solid(background))
        Self.draw(ops, into: &ctx)
        return ctx.finish()
    }

    static func paint(_ p: PaintSpec) -> Paint {
        switch p {
        case .solid(let c): return .solid(c)
        case .linear(let s, let a, let b): return .linearGradient(Gradient(stops: s), start: a, end: b)
        case .radial(let s, let c, let r0, let r1):
            return .radialGradient(Gradient(stops: s), center: c, startRadius: r0, endRadius: r1)
        case .angular(let s, let c, let a0, let a1):
            return .angularGradient(Gradient(stops: s), center: c, startAngle: a0 * .pi / 180, endAngle: a1 * .pi / 180)
        }
    }

    static func draw(_ ops: [Op], into ctx: inout DrawingContext) {
        for op in ops {
            switch op {
            case .fill(let path, let p, let rule):
                ctx.fill(path, with: paint(p), rule: rule)
            case .stroke(let path, let style, let p):
                ctx.fill(path.stroked(style, transform: ctx.transform), with: paint(p))
            case .layer(let opacity, let blend, let inner):
                ctx.withLayer(opacity: opacity, blendMode: blend) { draw(inner, into: &$0) }
            case .clip(let path, let inner):
                ctx.withState { c in
                    c.clip(to: path)
                    draw(inner, into: &c)
                }
            }
        }
    }

    // MARK: JSON export for other renderers

    /// A JSON-ready description (paths as SVG path data, colors as straight RGBA 0…1).
    public var jsonObject: [String: Any] {
        ["name": name, "width": width, "height": height, "background": Self.json(background),
         "ops": ops.map(Self.json(op:))]
    }

    static func json(_ c: Color) -> [Double] { [c.red, c.green, c.blue, c.alpha] }

    static func json(paint p: PaintSpec) -> [String: Any] {
        func stops(_ s: [Gradient.Stop]) -> [[String: Any]] {
            Gradient(stops: s).stops.map { ["color": json($0.color), "location": $0.location] }
        }
        switch p {
        case .solid(let c): return ["solid": json(c)]
        case .linear(let s, let a, let b): return ["linear": ["stops": stops(s), "start": [a.x, a.y], "end": [b.x, b.y]]]
        case .radial(let s, let c, let r0, let r1):
            return ["radial": ["stops": stops(s), "center": [c.x, c.y], "startRadius": r0, "endRadius": r1]]
        case .angular(let s, let c, let a0, let a1):
            return ["angular": ["stops": stops(s), "center": [c.x, c.y], "startAngle": a0, "endAngle": a1]]
        }
    }

    static func json(op: Op) -> [String: Any] {
        switch op {
        case .fill(let path, let p, let rule):
            return ["fill": ["d": path.svgData, "paint": json(paint: p), "rule": rule == .evenOdd ? "evenOdd" : "nonZero"]]
        case .stroke(let path, let s, let p):
            return ["stroke": ["d": path.svgData, "paint": json(paint: p), "lineWidth": s.lineWidth,
                               "lineCap": s.lineCap.rawValue, "lineJoin": s.lineJoin.rawValue,
                               "miterLimit": s.miterLimit, "dash": s.dash, "dashPhase": s.dashPhase]]
        case .layer(let o, let b, let inner):
            return ["layer": ["opacity": o, "blend": b.rawValue, "ops": inner.map(json(op:))]]
        case .clip(let path, let inner):
            return ["clip": ["d": path.svgData, "ops": inner.map(json(op:))]]
        }
    }
}
