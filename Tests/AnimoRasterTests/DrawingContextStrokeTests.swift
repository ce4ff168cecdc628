// DrawingContext.stroke draws exactly what filling the stroked outline draws (it only skips
// building the outline as a Path and flattening it again): random paths, styles, transforms,
// paints, clips and blend modes, compared pixel for pixel on the Float32 frames.
import AnimoTestSupport
import Testing
@testable import AnimoRaster
@testable import AnimoGeometry

struct DrawingContextStrokeTests {
    static func randomPath(_ r: inout TestLCG) -> Path {
        var p = Path()
        p.move(to: Point(r.range(-10, 90), r.range(-10, 90)))
        for _ in 0..<Int(r.range(1, 6)) {
            switch Int(r.range(0, 3)) {
            case 0: p.line(to: Point(r.range(-10, 90), r.range(-10, 90)))
            case 1: p.quad(to: Point(r.range(0, 80), r.range(0, 80)), control: Point(r.range(0, 80), r.range(0, 80)))
            default:
                p.cubic(to: Point(r.range(0, 80), r.range(0, 80)), control1: Point(r.range(0, 80), r.range(0, 80)),
                        control2: Point(r.range(0, 80), r.range(0, 80)))
            }
        }
        if r.next() < 0.3 { p.close() }
        return p
    }

    @Test(arguments: 0..<24)
    func strokeEqualsFillingTheStrokedOutline(seed: Int) throws {
        var r = TestLCG(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let path = Self.randomPath(&r)
        let caps: [LineCap] = [.butt, .round, .square], joins: [LineJoin] = [.miter, .round, .bevel]
        let style = StrokeStyle(lineWidth: r.range(0.5, 12), lineCap: caps[Int(r.range(0, 3))],
                                lineJoin: joins[Int(r.range(0, 3))], miterLimit: r.range(1, 10),
                                dash: r.next() < 0.4 ? [r.range(2, 12), r.range(1, 8)] : [], dashPhase: r.range(-5, 5))
        // Rotate and scale about the drawing's middle so the stroke stays on the canvas.
        let transform = Transform.translation(-40, -40).concatenating(.rotation(r.range(-1, 1)))
            .concatenating(.scale(r.range(0.5, 1.2), r.range(0.5, 1.2))).concatenating(.translation(50, 50))
        let paint: Paint = r.next() < 0.5
            ? .solid(Color(rgba8: 200, 40, 90, UInt8(r.range(60, 255))))
            : .linearGradient(Gradient(stops: [.init(color: Color(rgba8: 0, 0, 255, 255), location: 0),
                                               .init(color: Color(rgba8: 255, 200, 0, 128), location: 1)]),
                              start: Point(0, 0), end: Point(80, 80))
        let modes: [BlendMode] = [.normal, .multiply, .screen, .plusLighter]
        let mode = modes[Int(r.range(0, 4))]
        let clip = Path.circle(in: Rect(x: 5, y: 5, width: 90, height: 90))
        let clipped = r.next() < 0.4

        func draw(_ body: (inout DrawingContext) -> Void) throws -> Pixmap {
            var ctx = try DrawingContext(width: 100, height: 100)
            ctx.clear(PremultipliedColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5))
            ctx.concatenate(transform)
            if clipped { ctx.clip(to: clip) }
            body(&ctx)
            return ctx.finish()
        }
        let direct = try draw { $0.stroke(path, with: paint, style: style, opacity: 0.8, blendMode: mode) }
        let viaOutline = try draw {
            $0.fill(path.stroked(style, transform: $0.transform, tolerance: $0.tolerance), with: paint, opacity: 0.8, blendMode: mode)
        }
        let same = direct.pixels == viaOutline.pixels
        #expect(same, "seed \(seed)")
        #expect(direct.pixels.contains { $0 != direct.pixels[0] }, "the stroke drew something (seed \(seed))")
    }

    @Test func nonFinitePathsAreReportedNotDrawn() throws {
        var ctx = try DrawingContext(width: 20, height: 20)
        var p = Path()
        p.move(to: Point(1, 1)); p.line(to: Point(.nan, 5))
        let report = ctx.stroke(p, with: .solid(Color(rgba8: 0, 0, 0, 255)), style: StrokeStyle(lineWidth: 2))
        #expect(report.droppedNonFiniteSubpaths == 1)
        #expect(ctx.droppedNonFiniteSubpaths == 1)
        #expect(ctx.finish().pixels.allSatisfy { $0 == .zero })
    }
}
