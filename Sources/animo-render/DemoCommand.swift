// `animo-render --demo`: a built-in scene that exercises the raster core (continuous-corner card,
// gradients, a trimmed ring with round caps, a dashed star, a blended layer) so a fresh machine
// can prove it renders before any spec is written.
import Foundation
import AnimoRaster
import AnimoGeometry

enum DemoCommand {
    static let size = Size(320, 240)   // points
    static let scale = 2.0             // pixels per point

    static func render() throws -> Pixmap {
        var ctx = try DrawingContext(width: Int(size.width * scale), height: Int(size.height * scale))
        ctx.scaleBy(x: scale, y: scale)
        ctx.fillAll(with: .solid(Color(red: 0.06, green: 0.06, blue: 0.07)))

        // A continuous-corner card with a vertical gradient.
        let card = Rect(x: 16, y: 16, width: 288, height: 208)
        let cardGradient = Gradient(colors: [Color(red: 0.16, green: 0.17, blue: 0.22), Color(red: 0.09, green: 0.09, blue: 0.12)])
        ctx.fill(Path(roundedRect: card, cornerRadius: 28, style: .continuous),
                 with: .linearGradient(cardGradient, start: Point(card.midX, card.minY), end: Point(card.midX, card.maxY)))

        // An activity ring: trim 0…0.72 of a circle starting at 12 o'clock, round caps, angular gradient.
        let ringCenter = Point(100, 120)
        let ring = Path.circle(in: Rect(x: ringCenter.x - 56, y: ringCenter.y - 56, width: 112, height: 112))
            .trimmed(from: 0, to: 0.72)
            .transformed(by: Transform.rotation(-Double.pi / 2).about(ringCenter))
        let ringStroke = ring.stroked(StrokeStyle(lineWidth: 18, lineCap: .round), transform: ctx.transform)
        let ringGradient = Gradient(colors: [Color(red: 0.88, green: 0, blue: 0.08), Color(red: 1, green: 0.2, blue: 0.6)])
        ctx.fill(Path.circle(in: Rect(x: ringCenter.x - 56, y: ringCenter.y - 56, width: 112, height: 112))
                    .stroked(StrokeStyle(lineWidth: 18), transform: ctx.transform),
                 with: .solid(Color(red: 0.88, green: 0, blue: 0.08, alpha: 0.18)))
        ctx.fill(ringStroke, with: .angularGradient(ringGradient, center: ringCenter,
                                                    startAngle: -Double.pi / 2, endAngle: 1.5 * Double.pi))

        // A dashed five-point star outline and, in a screen-blended layer, two overlapping discs.
        let star = Path.star(in: Rect(x: 176, y: 52, width: 104, height: 104), points: 5, innerRatio: 0.42)
        ctx.fill(star, with: .solid(Color(red: 0.45, green: 0.65, blue: 1.0, alpha: 0.25)))
        ctx.fill(star.stroked(StrokeStyle(lineWidth: 3, lineCap: .round, lineJoin: .round, dash: [8, 6]),
                              transform: ctx.transform),
                 with: .solid(Color(red: 0.45, green: 0.65, blue: 1.0)))
        ctx.withLayer(opacity: 0.9, blendMode: .screen) { layer in
            layer.fill(Path(ellipseIn: Rect(x: 184, y: 160, width: 48, height: 48)), with: .solid(Color(red: 1, green: 0.35, blue: 0.2)))
            layer.fill(Path(ellipseIn: Rect(x: 212, y: 160, width: 48, height: 48)), with: .solid(Color(red: 0.2, green: 0.8, blue: 0.5)))
        }
        return ctx.finish()
    }

    static func run(outputPath: String) throws {
        let url = URL(fileURLWithPath: outputPath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PNG.write(try render(), to: url)
        print("wrote \(outputPath) (\(Int(size.width * scale))×\(Int(size.height * scale)) px)")
    }
}
