// The built-in glyph library: original, simple drawings (not Apple's artwork) in an em box
// centred on the origin, y down (SymbolGlyph.swift). Each stroke glyph lists its subpaths in the
// order a pen would trace them: left to right for the checkmark, centre outward for wifi (docs/semantics.md
// §77: draw direction follows left-to-right or centre-outward guides), the arrowhead after the
// shaft it travels with.
import AnimoSpec
import Foundation
import AnimoGeometry

/// Built-in glyphs by name.
public enum SymbolLibrary {
    /// Every built-in name (the same list as `SymbolNode.knownNames`).
    public static var names: [String] { SymbolNode.knownNames }

    /// The glyph with this name, nil when unknown.
    public static func glyph(named name: String) -> SymbolGlyph? {
        switch name {
        case "checkmark": return SymbolGlyph(strokes: [checkmark(scale: 1)])
        case "checkmark.circle": return SymbolGlyph(strokes: [circle(radius: 0.42), checkmark(scale: 0.58)])
        case "heart": return SymbolGlyph(strokes: [heart()])
        case "heart.fill": return SymbolGlyph(fills: [heart()])
        case "star": return SymbolGlyph(strokes: [star()])
        case "star.fill": return SymbolGlyph(fills: [star()])
        case "plus": return SymbolGlyph(strokes: [line(-0.34, 0, 0.34, 0), line(0, -0.34, 0, 0.34)])
        case "xmark": return SymbolGlyph(strokes: [line(-0.28, -0.28, 0.28, 0.28), line(0.28, -0.28, -0.28, 0.28)])
        case "bell": return SymbolGlyph(strokes: [bellKnob(), bellBody(), bellClapper(closed: false)], anchor: Point(0, -0.36))
        case "bell.fill":
            var knob = Path(); knob.addPath(.circle(in: Rect(x: -0.05, y: -0.43, width: 0.1, height: 0.1)))
            return SymbolGlyph(fills: [knob, bellBody(), bellClapper(closed: true)], anchor: Point(0, -0.36))
        case "wifi": return wifi()
        case "signature": return signature()
        case "arrow.clockwise": return arrowClockwise()
        case "circle": return SymbolGlyph(strokes: [circle(radius: 0.42)])
        case "circle.fill": return SymbolGlyph(fills: [circle(radius: 0.42)])
        default: return extended(name)
        }
    }

    /// What an unknown system image shows: a rounded square with a question mark.
    public static let placeholder: SymbolGlyph = {
        var box = Path(roundedRect: Rect(x: -0.4, y: -0.4, width: 0.8, height: 0.8), cornerRadius: 0.12, style: .continuous)
        box = box.isEmpty ? Path(rect: Rect(x: -0.4, y: -0.4, width: 0.8, height: 0.8)) : box
        var hook = Path()
        arc(&hook, center: Point(0, -0.1), radius: 0.14, from: 180, to: 405, moveFirst: true)
        hook.line(to: Point(0, 0.12))
        var dot = Path()
        dot.move(to: Point(0, 0.24)); dot.line(to: Point(0, 0.245))
        return SymbolGlyph(strokes: [box, hook, dot])
    }()

    // MARK: Drawings

    static func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
        var p = Path()
        p.move(to: Point(x0, y0)); p.line(to: Point(x1, y1))
        return p
    }

    /// Appends an arc as short lines every ≤ 3° (screen angles in degrees, clockwise from +x).
    static func arc(_ p: inout Path, center c: Point, radius r: Double, from a0: Double, to a1: Double, moveFirst: Bool) {
        let n = max(2, Int((abs(a1 - a0) / 3).rounded(.up)))
        for k in 0...n {
            let a = (a0 + (a1 - a0) * Double(k) / Double(n)) * .pi / 180
            let q = Point(c.x + r * cos(a), c.y + r * sin(a))
            if k == 0 && moveFirst { p.move(to: q) } else { p.line(to: q) }
        }
    }

    /// A circle starting at 12 o'clock, clockwise (the way a pen usually closes a ring).
    static func circle(radius r: Double) -> Path {
        var p = Path()
        arc(&p, center: .zero, radius: r, from: -90, to: 270, moveFirst: true)
        p.close()
        return p
    }

    /// A short stroke down-right, then the long stroke up-right: traced left to right.
    static func checkmark(scale s: Double) -> Path {
        var p = Path()
        p.move(to: Point(-0.32 * s, 0.02 * s))
        p.line(to: Point(-0.09 * s, 0.26 * s))
        p.line(to: Point(0.33 * s, -0.28 * s))
        return p
    }

    /// Two circular lobes (centres (±0.2, −0.12), radius 0.2) joined by their tangents to the
    /// tip (0, 0.34); starts at the top dip, traces the left lobe, the tip, the right lobe.
    static func heart() -> Path {
        let r = 0.2, tip = Point(0, 0.34)
        let cl = Point(-0.2, -0.12), cr = Point(0.2, -0.12)
        func tangentAngle(_ c: Point, pickLeft: Bool) -> Double {
            let d = tip - c, dist = d.length
            let base = atan2(d.y, d.x), off = acos(min(r / dist, 1))
            let a1 = base + off, a2 = base - off
            let x1 = c.x + r * cos(a1), x2 = c.x + r * cos(a2)
            return ((x1 < x2) == pickLeft ? a1 : a2) * 180 / .pi
        }
        var al = tangentAngle(cl, pickLeft: true)      // ≈ 150°
        if al > 0 { al -= 360 }
        let ar = tangentAngle(cr, pickLeft: false)     // ≈ 30°
        var p = Path()
        arc(&p, center: cl, radius: r, from: 0, to: al, moveFirst: true)
        p.line(to: tip)
        arc(&p, center: cr, radius: r, from: ar, to: -180, moveFirst: false)
        p.close()
        return p
    }

    /// A five-point star (inner ratio 0.45), first tip up, lowered by 0.04 em to centre its box.
    static func star() -> Path {
        let v = LoaderOutline.starVertices(in: Rect(x: -0.45, y: -0.41, width: 0.9, height: 0.9), points: 5, innerRatio: 0.45, rotationDegrees: -90)
        return LoaderOutline.closedPath(through: v, sampler: .polyline)
    }

    static func bellKnob() -> Path { line(0, -0.42, 0, -0.35) }

    /// Flared rim, straight waist, round dome; closed along the rim.
    static func bellBody() -> Path {
        var p = Path()
        p.move(to: Point(-0.35, 0.18))
        p.cubic(to: Point(-0.24, 0.0), control1: Point(-0.27, 0.12), control2: Point(-0.24, 0.08))
        p.line(to: Point(-0.24, -0.1))
        p.cubic(to: Point(0, -0.35), control1: Point(-0.24, -0.25), control2: Point(-0.13, -0.35))
        p.cubic(to: Point(0.24, -0.1), control1: Point(0.13, -0.35), control2: Point(0.24, -0.25))
        p.line(to: Point(0.24, 0.0))
        p.cubic(to: Point(0.35, 0.18), control1: Point(0.24, 0.08), control2: Point(0.27, 0.12))
        p.close()
        return p
    }

    static func bellClapper(closed: Bool) -> Path {
        var p = Path()
        p.move(to: Point(-0.09, 0.25))
        p.cubic(to: Point(0.09, 0.25), control1: Point(-0.07, 0.36), control2: Point(0.07, 0.36))
        if closed { p.close() }
        return p
    }

    /// A dot and three arcs about (0, 0.27), centre outward, each left to right.
    static func wifi() -> SymbolGlyph {
        let c = Point(0, 0.27)
        var dot = Path()
        arc(&dot, center: c, radius: 0.02, from: -90, to: 270, moveFirst: true)
        dot.close()
        var layers = [dot]
        for r in [0.2, 0.36, 0.52] {
            var p = Path()
            arc(&p, center: c, radius: r, from: -135, to: -45, moveFirst: true)
            layers.append(p)
        }
        return SymbolGlyph(strokes: layers, anchor: c)
    }

    /// A cursive flourish written left to right, then its underline.
    static func signature() -> SymbolGlyph {
        var p = Path()
        p.move(to: Point(-0.42, 0.1))
        p.cubic(to: Point(-0.26, -0.22), control1: Point(-0.38, -0.04), control2: Point(-0.33, -0.22))
        p.cubic(to: Point(-0.2, 0.12), control1: Point(-0.19, -0.22), control2: Point(-0.15, 0.04))
        p.cubic(to: Point(-0.02, -0.05), control1: Point(-0.24, 0.2), control2: Point(-0.1, 0.02))
        p.cubic(to: Point(0.1, 0.08), control1: Point(0.05, -0.12), control2: Point(0.04, 0.1))
        p.cubic(to: Point(0.22, -0.1), control1: Point(0.16, 0.06), control2: Point(0.17, -0.12))
        p.cubic(to: Point(0.42, 0.03), control1: Point(0.27, -0.08), control2: Point(0.31, 0.1))
        var u = Path()
        u.move(to: Point(-0.38, 0.27))
        u.cubic(to: Point(0.36, 0.22), control1: Point(-0.1, 0.3), control2: Point(0.15, 0.2))
        return SymbolGlyph(strokes: [p, u])
    }

    /// An open ring (radius 0.33 about (0, 0.03)) traced clockwise from 2 o'clock round to 12
    /// o'clock, then its arrowhead pointing along the travel.
    static func arrowClockwise() -> SymbolGlyph {
        let c = Point(0, 0.03), r = 0.33
        var ring = Path()
        arc(&ring, center: c, radius: r, from: -40, to: 262, moveFirst: true)
        let a = 262 * Double.pi / 180
        let tip = Point(c.x + r * cos(a), c.y + r * sin(a))
        let dir = Point(-sin(a), cos(a))          // direction of travel for increasing angle
        func back(_ deg: Double) -> Point {
            let t = deg * .pi / 180
            // −dir rotated by deg.
            let b = Point(-dir.x * cos(t) + dir.y * sin(t), -dir.x * sin(t) - dir.y * cos(t))
            return tip + b * 0.15
        }
        var head = Path()
        head.move(to: back(40)); head.line(to: tip); head.line(to: back(-40))
        return SymbolGlyph(strokes: [ring, head], anchor: c)
    }
}
