// More built-in glyphs: the symbol names the corpus of real SwiftUI files and the code
// generator's instructions use. Each is an ORIGINAL drawing made for this renderer — a few
// strokes, fills and cut-outs at roughly the proportions of a symbol in its em box — not Apple's
// artwork. They are written as SVG path data in a 100 × 100 box (x right, y down, centre 50, 50)
// and mapped onto the em box (SymbolGlyph.swift). Stroke glyphs list their strokes in the order a
// pen would trace them (for draw effects); fill glyphs are filled, with cut-outs stroked out of
// them at the weight's width.
//
// Trademarks are not drawn: `apple.logo`, `applelogo` and `swift` show the placeholder.
import AnimoSpec
import Foundation
import AnimoGeometry

extension SymbolLibrary {
    /// The SVG data in the 100 × 100 box as an em-box path (authored constants; a test checks
    /// that every one parses and stays inside the box).
    static func box(_ d: String) -> Path {
        let p = (try? Path(svg: d)) ?? Path()
        return p.transformed(by: Transform(a: 0.01, b: 0, c: 0, d: 0.01, tx: -0.5, ty: -0.5))
    }

    static func s(_ d: String...) -> [Path] { d.map(box) }

    /// A circle of radius r about (cx, cy) in the box, clockwise (a fill) or not (a hole).
    static func ring(_ cx: Double, _ cy: Double, _ r: Double, clockwise: Bool = true) -> String {
        let f = clockwise ? 1 : 0
        return "M\(cx) \(cy - r) A\(r) \(r) 0 1 \(f) \(cx) \(cy + r) A\(r) \(r) 0 1 \(f) \(cx) \(cy - r) Z"
    }

    /// A dot for a stroke glyph (a zero-length stroke with round caps).
    static func dot(_ x: Double, _ y: Double) -> String { "M\(x) \(y) L\(x + 0.01) \(y)" }

    /// A scalloped seal of 12 lobes (for the `.seal` symbols): quadratic bulges between points
    /// of a circle of radius 38.
    static func seal() -> String {
        var d = ""
        for k in 0..<12 {
            let a0 = Double(k) / 12 * 2 * .pi - .pi / 2, a1 = Double(k + 1) / 12 * 2 * .pi - .pi / 2
            let am = (a0 + a1) / 2
            let p0 = (50 + 38 * cos(a0), 50 + 38 * sin(a0)), p1 = (50 + 38 * cos(a1), 50 + 38 * sin(a1))
            let c = (50 + 50 * cos(am), 50 + 50 * sin(am))
            if k == 0 { d += "M\(p0.0) \(p0.1) " }
            d += "Q\(c.0) \(c.1) \(p1.0) \(p1.1) "
        }
        return d + "Z"
    }

    /// A rounded rectangle in box units, as a fill.
    static func capsule(_ x: Double, _ y: Double, _ w: Double, _ h: Double, rotation: Double = 0) -> Path {
        let r = Path(roundedRect: Rect(x: x / 100 - 0.5, y: y / 100 - 0.5, width: w / 100, height: h / 100), cornerRadius: min(w, h) / 200, style: .circular)
        guard rotation != 0 else { return r }
        let c = Point((x + w / 2) / 100 - 0.5, (y + h / 2) / 100 - 0.5)
        return r.transformed(by: Transform.rotation(rotation * .pi / 180).about(c))
    }

    /// The glyphs of this file by name.
    static func extended(_ name: String) -> SymbolGlyph? {
        switch name {
        case "photo":
            return SymbolGlyph(strokes: s("M16 22 H84 A8 8 0 0 1 92 30 V70 A8 8 0 0 1 84 78 H16 A8 8 0 0 1 8 70 V30 A8 8 0 0 1 16 22 Z",
                                          "M10 72 L34 48 L52 64 L66 52 L90 74", ring(68, 38, 6)))
        case "photo.fill":
            return SymbolGlyph(fills: s("M16 22 H84 A8 8 0 0 1 92 30 V70 A8 8 0 0 1 84 78 H16 A8 8 0 0 1 8 70 V30 A8 8 0 0 1 16 22 Z"),
                               cutouts: s("M16 70 L34 52 L52 66 L66 55 L84 70", ring(68, 38, 4)))
        case "star.slash":
            return SymbolGlyph(strokes: [star(), line(-0.38, -0.38, 0.38, 0.38)])
        case "wifi.slash":
            var g = wifi()
            g.strokes.append(line(-0.36, -0.32, 0.36, 0.4))
            return g
        case "checkmark.seal.fill":
            return SymbolGlyph(fills: s(seal()), cutouts: s("M34 50 L45 61 L67 38"))
        case "xmark.seal.fill":
            return SymbolGlyph(fills: s(seal()), cutouts: s("M38 38 L62 62", "M62 38 L38 62"))
        case "arrow.down.right.circle.fill":
            return SymbolGlyph(fills: s(ring(50, 50, 42)), cutouts: s("M36 36 L64 64", "M44 64 H64 V44"))
        case "line.3.horizontal.decrease.circle":
            return SymbolGlyph(strokes: s(ring(50, 50, 42), "M28 38 H72", "M35 51 H65", "M43 64 H57"))
        case "exclamationmark.triangle":
            return SymbolGlyph(strokes: s("M50 12 L90 82 H10 Z", "M50 38 V60", dot(50, 71)))
        case "drop.triangle.fill":
            return SymbolGlyph(fills: s("M50 8 C62 28 80 44 80 62 A30 30 0 0 1 20 62 C20 44 38 28 50 8 Z"),
                               cutouts: s("M50 44 L63 68 H37 Z"))
        case "ellipsis":
            return SymbolGlyph(fills: s(ring(20, 50, 7), ring(50, 50, 7), ring(80, 50, 7)))
        case "play.fill":
            return SymbolGlyph(fills: s("M28 18 Q28 12 34 15 L82 44 Q88 50 82 56 L34 85 Q28 88 28 82 Z"))
        case "pause.fill":
            return SymbolGlyph(fills: s("M24 16 H40 V84 H24 Z", "M60 16 H76 V84 H60 Z"))
        case "person":
            return SymbolGlyph(strokes: s(ring(50, 32, 16), "M18 88 C18 66 34 56 50 56 C66 56 82 66 82 88 Z"))
        case "person.2.fill":
            return SymbolGlyph(fills: s(ring(66, 34, 12), "M46 82 C46 66 56 56 66 56 C78 56 90 66 90 82 Z",
                                        ring(36, 38, 14), "M8 86 C8 68 20 60 36 60 C52 60 64 68 64 86 Z"))
        case "music.note":
            return SymbolGlyph(strokes: s("M62 72 V14 C70 22 80 26 82 36"),
                               fills: s("M62 72 C62 82 50 88 40 86 C30 84 28 74 36 68 C44 62 62 62 62 72 Z"))
        case "snowflake":
            var lines: [String] = []
            for k in 0..<3 {
                let a = Double(k) * .pi / 3 - .pi / 2
                let (dx, dy) = (40 * cos(a), 40 * sin(a))
                lines.append("M\(50 - dx) \(50 - dy) L\(50 + dx) \(50 + dy)")
            }
            for k in 0..<6 {
                let a = Double(k) * .pi / 3 - .pi / 2
                let tip = (50 + 26 * cos(a), 50 + 26 * sin(a))
                let l = (tip.0 + 12 * cos(a + 2.4), tip.1 + 12 * sin(a + 2.4)), r = (tip.0 + 12 * cos(a - 2.4), tip.1 + 12 * sin(a - 2.4))
                lines.append("M\(l.0) \(l.1) L\(tip.0) \(tip.1) L\(r.0) \(r.1)")
            }
            return SymbolGlyph(strokes: lines.map(box))
        case "book.fill":
            return SymbolGlyph(fills: s("M48 24 C38 16 22 14 8 18 V80 C22 76 38 78 48 86 Z", "M52 24 C62 16 78 14 92 18 V80 C78 76 62 78 52 86 Z"))
        case "cart.fill":
            return SymbolGlyph(strokes: s("M6 18 H18 L22 30"),
                               fills: s("M22 30 H90 L82 62 H30 Z", ring(36, 78, 7), ring(74, 78, 7)))
        case "paintpalette.fill":
            return SymbolGlyph(fills: s("M50 10 C76 10 92 28 92 48 C92 60 84 64 74 62 C64 60 58 64 60 74 C62 84 56 90 48 90 C26 90 8 72 8 50 C8 28 26 10 50 10 Z"),
                               cutouts: s(dot(30, 40), dot(46, 26), dot(66, 30), dot(28, 62)))
        case "desktopcomputer":
            return SymbolGlyph(strokes: s("M14 14 H86 A6 6 0 0 1 92 20 V60 A6 6 0 0 1 86 66 H14 A6 6 0 0 1 8 60 V20 A6 6 0 0 1 14 14 Z",
                                          "M42 66 L38 84", "M58 66 L62 84", "M30 86 H70"))
        case "hand.raised.fill":
            // Four fingers, the palm, the thumb: rounded bars whose union is the hand.
            return SymbolGlyph(fills: [capsule(26, 20, 12, 44), capsule(40, 10, 12, 50), capsule(54, 14, 12, 46), capsule(68, 26, 12, 38),
                                       capsule(26, 44, 54, 48), capsule(10, 48, 12, 34, rotation: -35)])
        case "scissors":
            return SymbolGlyph(strokes: s(ring(24, 72, 12), ring(76, 72, 12), "M32 63 L74 12", "M68 63 L26 12"))
        case "building.2.fill":
            return SymbolGlyph(fills: s("M10 30 H48 V90 H10 Z", "M54 10 H90 V90 H54 Z"),
                               cutouts: s(dot(22, 44), dot(36, 44), dot(22, 60), dot(36, 60), dot(66, 26), dot(78, 26), dot(66, 42), dot(78, 42), dot(66, 58), dot(78, 58), "M29 90 V78"))
        case "leaf.fill":
            return SymbolGlyph(fills: s("M14 86 C10 40 40 12 88 12 C90 60 62 90 14 86 Z"), cutouts: s("M22 78 C40 58 56 42 72 28"))
        case "carrot.fill":
            return SymbolGlyph(strokes: s("M68 30 L80 10", "M70 32 L90 24", "M66 28 L62 10"),
                               fills: s("M64 26 C74 32 76 42 70 48 L22 90 Q12 92 14 80 L52 32 C56 26 60 24 64 26 Z"))
        case "circle.lefthalf.filled":
            return SymbolGlyph(strokes: s(ring(50, 50, 40)), fills: s("M50 10 A40 40 0 0 0 50 90 Z"))
        case "nosign":
            return SymbolGlyph(strokes: s(ring(50, 50, 40), "M22 22 L78 78"))
        case "fish.fill":
            return SymbolGlyph(fills: s("M8 50 C22 28 48 22 68 36 L90 22 V78 L68 64 C48 78 22 72 8 50 Z"), cutouts: s(dot(26, 46)))
        case "bolt.fill":
            return SymbolGlyph(fills: s("M58 6 L20 56 H46 L40 94 L80 40 H54 Z"))
        case "flame.fill":
            return SymbolGlyph(fills: s("M50 6 C56 26 80 38 80 62 A30 30 0 0 1 20 62 C20 48 28 40 34 32 C36 44 42 48 46 48 C42 32 44 18 50 6 Z"))
        case "staroflife.fill":
            return SymbolGlyph(fills: (0..<3).map { capsule(41, 8, 18, 84, rotation: Double($0) * 60) })
        case "cube.fill":
            return SymbolGlyph(fills: s("M50 8 L88 28 V72 L50 92 L12 72 V28 Z"), cutouts: s("M14 30 L50 50 L86 30", "M50 50 V90"))
        case "leaf.arrow.circlepath":
            return SymbolGlyph(strokes: s("M84 40 A36 36 0 0 0 20 30", "M20 18 V32 H34", "M16 60 A36 36 0 0 0 80 70", "M80 82 V68 H66",
                                          "M40 62 C38 48 48 38 62 38 C62 52 54 62 40 62 Z"))
        case "face.smiling.inverse":
            return SymbolGlyph(fills: s(ring(50, 50, 42)), cutouts: s(dot(36, 40), dot(64, 40), "M32 60 Q50 76 68 60"))
        case "message.fill":
            return SymbolGlyph(fills: s("M50 12 C76 12 92 28 92 48 C92 68 76 82 50 82 C44 82 38 81 33 79 L14 88 L20 72 C12 66 8 58 8 48 C8 28 24 12 50 12 Z"))
        case "bookmark.fill":
            return SymbolGlyph(fills: s("M24 8 H76 V92 L50 72 L24 92 Z"))
        case "doc.text":
            return SymbolGlyph(strokes: s("M20 8 H60 L82 30 V92 H20 Z", "M58 8 V32 H82", "M32 50 H70", "M32 64 H70", "M32 78 H58"))
        case "square.and.arrow.up":
            return SymbolGlyph(strokes: s("M32 40 H20 V90 H80 V40 H68", "M50 62 V8", "M34 22 L50 6 L66 22"))
        case "archivebox":
            return SymbolGlyph(strokes: s("M8 18 H92 V36 H8 Z", "M14 36 V88 H86 V36", "M38 52 H62"))
        case "house":
            return SymbolGlyph(strokes: s("M6 50 L50 10 L94 50", "M20 38 V90 H80 V38", "M42 90 V64 H58 V90"))
        case "magnifyingglass":
            return SymbolGlyph(strokes: s(ring(42, 42, 28), "M62 62 L90 90"))
        case "trash":
            return SymbolGlyph(strokes: s("M10 22 H90", "M36 22 V12 H64 V22", "M20 22 L26 92 H74 L80 22", "M42 38 V76", "M58 38 V76"))
        case "tray":
            return SymbolGlyph(strokes: s("M8 56 L22 16 H78 L92 56 V84 H8 Z", "M8 56 H32 C32 66 40 70 50 70 C60 70 68 66 68 56 H92"))
        case "pencil":
            return SymbolGlyph(strokes: s("M14 86 L20 64 L70 14 L86 30 L36 80 Z", "M60 24 L76 40", "M20 64 L36 80"))
        case "pencil.line":
            return SymbolGlyph(strokes: s("M18 74 L22 58 L66 14 L80 28 L36 72 Z", "M22 58 L36 72", "M10 90 H90"))
        case "scribble":
            return SymbolGlyph(strokes: s("M8 70 C20 30 30 20 34 34 C38 48 22 80 36 78 C50 76 52 28 62 30 C72 32 60 74 72 72 C82 70 86 50 92 44"))
        case "lasso":
            return SymbolGlyph(strokes: s("M50 14 C76 14 92 26 92 40 C92 54 76 64 50 64 C24 64 8 54 8 40 C8 26 24 14 50 14 Z",
                                          "M30 60 C24 70 30 76 38 74 C44 72 44 82 36 90"))
        case "antenna.radiowaves":
            return SymbolGlyph(strokes: s(dot(50, 50), "M34 34 A22 22 0 0 0 34 66", "M66 34 A22 22 0 0 1 66 66",
                                          "M20 20 A42 42 0 0 0 20 80", "M80 20 A42 42 0 0 1 80 80"))
        case "circle.dotted":
            var dots: [String] = []
            for k in 0..<12 {
                let a = Double(k) / 12 * 2 * .pi - .pi / 2
                dots.append(dot(50 + 38 * cos(a), 50 + 38 * sin(a)))
            }
            return SymbolGlyph(strokes: dots.map(box))
        case "rays":
            var rays: [String] = []
            for k in 0..<8 {
                let a = Double(k) / 8 * 2 * .pi - .pi / 2
                rays.append("M\(50 + 18 * cos(a)) \(50 + 18 * sin(a)) L\(50 + 40 * cos(a)) \(50 + 40 * sin(a))")
            }
            return SymbolGlyph(strokes: rays.map(box))
        case "waveform":
            let heights = [16.0, 40, 64, 30, 76, 44, 22]
            return SymbolGlyph(strokes: heights.enumerated().map { i, h in box("M\(14 + Double(i) * 12) \(50 - h / 2) V\(50 + h / 2)") })
        case "arrow.2.circlepath":
            return SymbolGlyph(strokes: s("M84 42 A36 36 0 0 0 18 34", "M16 20 V36 H32", "M16 58 A36 36 0 0 0 82 66", "M84 80 V64 H68"))
        case "gear":
            var d = ""
            let teeth = 8
            for k in 0..<(teeth * 2) {
                let a0 = Double(k) / Double(teeth * 2) * 2 * .pi, a1 = Double(k + 1) / Double(teeth * 2) * 2 * .pi
                let r = k % 2 == 0 ? 42.0 : 34.0
                let p0 = (50 + r * cos(a0 + 0.06), 50 + r * sin(a0 + 0.06)), p1 = (50 + r * cos(a1 - 0.06), 50 + r * sin(a1 - 0.06))
                d += (k == 0 ? "M" : "L") + "\(p0.0) \(p0.1) L\(p1.0) \(p1.1) "
            }
            return SymbolGlyph(strokes: [box(d + "Z"), box(ring(50, 50, 12))])
        default:
            return nil
        }
    }

    /// The names this file draws.
    static let extendedNames = [
        "photo", "photo.fill", "star.slash", "wifi.slash", "checkmark.seal.fill", "xmark.seal.fill", "arrow.down.right.circle.fill",
        "line.3.horizontal.decrease.circle", "exclamationmark.triangle", "drop.triangle.fill", "ellipsis", "play.fill", "pause.fill",
        "person", "person.2.fill", "music.note", "snowflake", "book.fill", "cart.fill", "paintpalette.fill", "desktopcomputer",
        "hand.raised.fill", "scissors", "building.2.fill", "leaf.fill", "carrot.fill", "circle.lefthalf.filled", "nosign", "fish.fill",
        "bolt.fill", "flame.fill", "staroflife.fill", "cube.fill", "leaf.arrow.circlepath", "face.smiling.inverse", "message.fill",
        "bookmark.fill", "doc.text", "square.and.arrow.up", "archivebox", "house", "magnifyingglass", "trash", "tray", "pencil",
        "pencil.line", "scribble", "lasso", "antenna.radiowaves", "circle.dotted", "rays", "waveform", "arrow.2.circlepath", "gear",
    ]
}
