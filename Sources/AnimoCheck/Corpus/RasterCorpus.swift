// The raster corpus: one behaviour per case. Goldens under Goldens/raster/<name>.png are
import Foundation
// recorded from it (scripts/record-goldens) and scripts/conformance draws it with Skia.
import AnimoRaster
import AnimoGeometry

public enum RasterCorpus {
    static let ink = Color(red: 0.12, green: 0.2, blue: 0.55)
    static let red = Color(red: 0.9, green: 0.2, blue: 0.15)
    static let teal = Color(red: 0.1, green: 0.65, blue: 0.6, alpha: 0.8)

    static func polyline(_ pts: [(Double, Double)], closed: Bool = false) -> Path {
        var p = Path()
        for (i, q) in pts.enumerated() { i == 0 ? p.move(to: Point(q.0, q.1)) : p.line(to: Point(q.0, q.1)) }
        if closed { p.close() }
        return p
    }

    static var strokeCases: [RasterCase] {
        var cases: [RasterCase] = []
        for cap in LineCap.allCases {
            let line = polyline([(24, 30), (72, 30)]) // horizontal
            let diag = polyline([(24, 56), (72, 80)])
            cases.append(RasterCase("cap-\(cap.rawValue)", [
                .stroke(line, StrokeStyle(lineWidth: 14, lineCap: cap), .solid(ink)),
                .stroke(diag, StrokeStyle(lineWidth: 14, lineCap: cap), .solid(ink)),
                .stroke(line, StrokeStyle(lineWidth: 1), .solid(red)),
            ]))
        }
        for join in LineJoin.allCases {
            cases.append(RasterCase("join-\(join.rawValue)", [
                .stroke(polyline([(14, 80), (36, 16), (58, 80), (82, 40)]),
                        StrokeStyle(lineWidth: 12, lineJoin: join), .solid(ink)),
            ]))
        }
        // Miter limit: the 20° spike exceeds limit 4 (1/sin(10°) ≈ 5.8) and bevels; the 60° corner keeps its miter.
        cases.append(RasterCase("miter-limit", [
            .stroke(polyline([(10, 70), (30, 20), (38, 70)]), StrokeStyle(lineWidth: 8, lineJoin: .miter, miterLimit: 4), .solid(ink)),
            .stroke(polyline([(52, 74), (70, 40), (88, 74)]), StrokeStyle(lineWidth: 8, lineJoin: .miter, miterLimit: 4), .solid(ink)),
        ]))
        let wave: Path = {
            var p = Path()
            p.move(to: Point(10, 60))
            p.cubic(to: Point(86, 60), control1: Point(30, 0), control2: Point(66, 120))
            return p
        }()
        cases.append(RasterCase("dash", [
            .stroke(wave, StrokeStyle(lineWidth: 5, dash: [12, 6]), .solid(ink)),
        ]))
        cases.append(RasterCase("dash-phase-round", [
            .stroke(polyline([(12, 30), (84, 30)]), StrokeStyle(lineWidth: 6, lineCap: .round, dash: [10, 8], dashPhase: 0), .solid(ink)),
            .stroke(polyline([(12, 50), (84, 50)]), StrokeStyle(lineWidth: 6, lineCap: .round, dash: [10, 8], dashPhase: 5), .solid(ink)),
            .stroke(polyline([(12, 70), (84, 70)]), StrokeStyle(lineWidth: 6, lineCap: .round, dash: [0, 12]), .solid(red)),
        ]))
        cases.append(RasterCase("stroke-closed-square", [
            .stroke(Path(rect: Rect(x: 20, y: 20, width: 56, height: 56)), StrokeStyle(lineWidth: 10), .solid(ink)),
        ]))
        cases.append(RasterCase("stroke-cubic-wide", [
            .stroke(wave, StrokeStyle(lineWidth: 18, lineCap: .round, lineJoin: .round), .solid(teal)),
        ]))
        // A zero-length subpath with round caps is a dot, with square caps a square (as Core Graphics draws them).
        cases.append(RasterCase("zero-length-dots", [
            .stroke(polyline([(30, 48), (30, 48)]), StrokeStyle(lineWidth: 16, lineCap: .round), .solid(ink)),
            .stroke(polyline([(66, 48), (66, 48)]), StrokeStyle(lineWidth: 16, lineCap: .square), .solid(ink)),
        ]))
        return cases
    }

    static var shapeCases: [RasterCase] {
        let r = Rect(x: 12, y: 20, width: 72, height: 56)
        return [
            RasterCase("rounded-continuous", [.fill(Path(roundedRect: r, cornerRadius: 20, style: .continuous), .solid(ink), .nonZero)]),
            RasterCase("rounded-circular", [.fill(Path(roundedRect: r, cornerRadius: 20, style: .circular), .solid(ink), .nonZero)]),
            // Both outlines at once: the continuous corner starts earlier and bulges less near the edges.
            RasterCase("continuous-vs-circular", width: 128, height: 128, [
                .stroke(Path(roundedRect: Rect(x: 8, y: 8, width: 112, height: 112), cornerRadius: 40, style: .circular),
                        StrokeStyle(lineWidth: 2), .solid(red)),
                .stroke(Path(roundedRect: Rect(x: 8, y: 8, width: 112, height: 112), cornerRadius: 40, style: .continuous),
                        StrokeStyle(lineWidth: 2), .solid(ink)),
            ]),
            RasterCase("capsule", [.fill(Path.capsule(in: Rect(x: 10, y: 34, width: 76, height: 28)), .solid(ink), .nonZero)]),
            RasterCase("ellipse", [.fill(Path(ellipseIn: Rect(x: 8, y: 24, width: 80, height: 48)), .solid(ink), .nonZero)]),
            RasterCase("star-nonzero", [.fill(pentagram, .solid(ink), .nonZero)]),
            RasterCase("star-evenodd", [.fill(pentagram, .solid(ink), .evenOdd)]),
            RasterCase("trim-circle-quarter", [
                .stroke(Path.circle(in: Rect(x: 18, y: 18, width: 60, height: 60)).trimmed(from: 0, to: 0.25),
                        StrokeStyle(lineWidth: 10, lineCap: .round), .solid(ink)),
            ]),
            RasterCase("subpixel-rects", [
                .fill(Path(rect: Rect(x: 10.25, y: 10, width: 20, height: 76)), .solid(ink), .nonZero),
                .fill(Path(rect: Rect(x: 38.5, y: 10.5, width: 20, height: 76)), .solid(ink), .nonZero),
                .fill(Path(rect: Rect(x: 66.75, y: 10.75, width: 20.3, height: 76)), .solid(ink), .nonZero),
            ]),
        ]
    }

    /// A pentagram drawn as one self-intersecting polygon (every second vertex of a pentagon).
    static var pentagram: Path {
        var pts: [(Double, Double)] = []
        for k in 0..<5 {
            let a = -Double.pi / 2 + Double(k * 2) * 2 * Double.pi / 5
            pts.append((48 + 40 * cos(a), 52 + 40 * sin(a)))
        }
        return polyline(pts, closed: true)
    }

    static var paintCases: [RasterCase] {
        let stops = [Gradient.Stop(color: red, location: 0), Gradient.Stop(color: Color(red: 1, green: 0.85, blue: 0.2), location: 0.5),
                     Gradient.Stop(color: ink, location: 1)]
        let square = Path(rect: Rect(x: 8, y: 8, width: 80, height: 80))
        return [
            RasterCase("gradient-linear", [.fill(square, .linear(stops, start: Point(8, 8), end: Point(88, 88)), .nonZero)]),
            RasterCase("gradient-radial", [.fill(square, .radial(stops, center: Point(48, 48), startRadius: 6, endRadius: 40), .nonZero)]),
            // Angular conventions (start angle, sweep) differ between SwiftUI and Skia's sweep: golden only.
            RasterCase("gradient-angular", conformance: false, [
                .fill(square, .angular(stops, center: Point(48, 48), startAngle: -90, endAngle: 270), .nonZero),
            ]),
            RasterCase("gradient-linear-transparent", background: .clear, [
                .fill(square, .linear([Gradient.Stop(color: red, location: 0), Gradient.Stop(color: red.withOpacity(0), location: 1)],
                                      start: Point(8, 48), end: Point(88, 48)), .nonZero),
            ]),
        ]
    }

    /// One case per blend mode: a translucent disc and an opaque square under a layer drawn with the mode.
    static var blendCases: [RasterCase] {
        let backdrop: [RasterCase.Op] = [
            .fill(Path(rect: Rect(x: 0, y: 0, width: 64, height: 32)), .solid(Color(red: 0.2, green: 0.45, blue: 0.9)), .nonZero),
            .fill(Path(rect: Rect(x: 0, y: 32, width: 64, height: 32)), .solid(Color(red: 0.95, green: 0.8, blue: 0.3, alpha: 0.6)), .nonZero),
        ]
        return BlendMode.allCases.map { mode in
            RasterCase("blend-\(mode.rawValue)", width: 64, height: 64, background: .clear,
                       conformance: mode != .plusDarker && mode != .plusLighter,
                       backdrop + [.layer(opacity: 1, blend: mode, [
                           .fill(Path(ellipseIn: Rect(x: 14, y: 6, width: 44, height: 52)),
                                 .solid(Color(red: 0.9, green: 0.25, blue: 0.35, alpha: 0.85)), .nonZero),
                       ])])
        }
    }

    static var layerCases: [RasterCase] {
        let a = Path(ellipseIn: Rect(x: 10, y: 20, width: 50, height: 50))
        let b = Path(ellipseIn: Rect(x: 36, y: 20, width: 50, height: 50))
        return [
            // A group at 50%: the overlap is not darker (one layer), unlike two shapes at 50% each.
            RasterCase("layer-opacity", [.layer(opacity: 0.5, blend: .normal, [.fill(a, .solid(ink), .nonZero), .fill(b, .solid(ink), .nonZero)])]),
            RasterCase("clip-circle", [.clip(Path(ellipseIn: Rect(x: 14, y: 14, width: 68, height: 68)), [
                .fill(Path(rect: Rect(x: 0, y: 0, width: 96, height: 48)), .solid(ink), .nonZero),
                .fill(Path(rect: Rect(x: 0, y: 48, width: 96, height: 48)), .solid(red), .nonZero),
            ])]),
        ]
    }

    /// Every case, in a stable order.
    public static var all: [RasterCase] { strokeCases + shapeCases + paintCases + blendCases + layerCases }
}
