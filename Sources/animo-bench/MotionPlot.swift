// `animo-bench motion --plot DIR`: value-over-time plots of SwiftUI's presets and of a table of
// spring parameters as generated animation code uses them, drawn with Raster (text through FreeType). One PNG per animation plus an
// overview of every spring on one chart. A plot shows overshoot, settling and easing shape at a
// glance, which a table of numbers does not.
import Foundation
import AnimoMotion
import AnimoRaster
import AnimoGeometry

enum MotionPlot {
    struct Curve { var name: String; var animation: Animation; var color: Color }

    static func curves() throws -> [Curve] {
        let palette: [Color] = [
            Color(red: 0.45, green: 0.65, blue: 1.0), Color(red: 0.55, green: 0.95, blue: 0.75), Color(red: 1.0, green: 0.55, blue: 0.35),
            Color(red: 0.95, green: 0.35, blue: 0.6), Color(red: 0.85, green: 0.8, blue: 0.3), Color(red: 0.7, green: 0.5, blue: 1.0),
            Color(red: 0.4, green: 0.9, blue: 0.95), Color(red: 0.9, green: 0.9, blue: 0.9),
        ]
        let list: [(String, Animation)] = [
            ("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy), ("default", .default),
            ("interactiveSpring", .interactiveSpring), ("interpolatingSpring", .interpolatingSpring),
            // A table of named springs as generated animation code picks them ("physics presets").
            ("snap spring(0.35, 0.5)", try .spring(response: 0.35, dampingFraction: 0.5)),
            ("UI pop spring(0.35, 0.6)", try .spring(response: 0.35, dampingFraction: 0.6)),
            ("settle spring(0.4, 0.65)", try .spring(response: 0.4, dampingFraction: 0.65)),
            ("physical spring(0.45, 0.7)", try .spring(response: 0.45, dampingFraction: 0.7)),
            ("slow morph spring(0.6, 0.8)", try .spring(response: 0.6, dampingFraction: 0.8)),
            ("precision interpolatingSpring(220, 22)", try .interpolatingSpring(stiffness: 220, damping: 22)),
            ("dial interactiveSpring(0.3, 0.7)", try .interactiveSpring(response: 0.3, dampingFraction: 0.7)),
            ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
        ]
        return list.enumerated().map { Curve(name: $1.0, animation: $1.1, color: palette[$0 % palette.count]) }
    }

    static let size = Size(640, 360)
    static let plot = Rect(x: 56, y: 48, width: 560, height: 260)
    static let duration = 1.5
    static let range = (-0.1, 1.35)

    static func point(_ t: Double, _ v: Double) -> Point {
        Point(plot.minX + t / duration * plot.width,
              plot.maxY - (v - range.0) / (range.1 - range.0) * plot.height)
    }

    static func chart(title: String, curves: [Curve], font: Font) throws -> Pixmap {
        var ctx = try DrawingContext(width: Int(size.width * 2), height: Int(size.height * 2))
        ctx.scaleBy(x: 2, y: 2)
        ctx.fillAll(with: .solid(Color(red: 0.06, green: 0.06, blue: 0.07)))
        let grid = Color(red: 1, green: 1, blue: 1, alpha: 0.12)
        let label = Color(red: 1, green: 1, blue: 1, alpha: 0.6)
        func line(_ a: Point, _ b: Point, _ c: Color, _ w: Double = 1, dash: [Double] = []) {
            var p = Path(); p.move(to: a); p.line(to: b)
            ctx.fill(p.stroked(StrokeStyle(lineWidth: w, dash: dash), transform: ctx.transform), with: .solid(c))
        }
        func text(_ s: String, _ at: Point, _ size: Double, _ c: Color) {
            ctx.fill(font.layout(s, size: size, at: at).path, with: .solid(c))
        }
        for t in stride(from: 0.0, through: duration + 1e-9, by: 0.25) {
            line(point(t, range.0), point(t, range.1), grid)
            text(String(format: "%.2f s", t), Point(point(t, 0).x - 12, plot.maxY + 16), 10, label)
        }
        for v in [0.0, 0.5, 1.0] {
            line(point(0, v), point(duration, v), v == 1 ? Color(red: 1, green: 1, blue: 1, alpha: 0.35) : grid, 1,
                 dash: v == 0.5 ? [4, 4] : [])
            text(String(format: "%.1f", v), Point(plot.minX - 30, point(0, v).y + 4), 10, label)
        }
        text(title, Point(plot.minX, 30), 15, Color(red: 1, green: 1, blue: 1, alpha: 0.92))
        for (i, c) in curves.enumerated() {
            let samples = try MotionSampler.samples(of: c.animation, duration: duration, step: 1.0 / 240)
            var p = Path()
            for s in samples {
                let q = point(s.time, min(max(s.fraction, range.0 - 0.05), range.1 + 0.05))
                p.isEmpty ? p.move(to: q) : p.line(to: q)
            }
            ctx.fill(p.stroked(StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .round), transform: ctx.transform),
                     with: .solid(c.color))
            if curves.count > 1 {
                let y = point(0, 0.72).y + Double(i) * 14
                line(Point(plot.maxX - 190, y - 4), Point(plot.maxX - 174, y - 4), c.color, 2)
                text(c.name, Point(plot.maxX - 168, y), 10, label)
            }
        }
        return ctx.finish()
    }

    static func run(out: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let font = try Font.standard()
        let all = try curves()
        var written: [String] = []
        for c in all {
            let file = c.name.split(separator: " ").first.map(String.init) ?? c.name
            let url = out.appendingPathComponent("motion-\(file).png")
            try PNG.write(try chart(title: c.name, curves: [c], font: font), to: url)
            written.append(url.path)
        }
        let springs = Array(all.prefix(6))
        let overview = out.appendingPathComponent("motion-presets.png")
        try PNG.write(try chart(title: "SwiftUI spring presets: fraction of the change over time", curves: springs, font: font), to: overview)
        let table = Array(all[6..<13])
        let tableChart = out.appendingPathComponent("motion-spring-table.png")
        try PNG.write(try chart(title: "A table of spring parameters", curves: table, font: font), to: tableChart)
        return ["motion plots: \(written.count + 2) PNGs in \(out.path)"]
    }
}
