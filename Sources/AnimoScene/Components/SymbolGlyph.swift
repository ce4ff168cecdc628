// A symbol glyph: vector outlines in an em box (1 em = the symbol's point size, origin at the
// box's centre, y down), drawn as round-capped strokes whose width follows the weight, or filled.
// The built-in glyphs (SymbolLibrary.swift) are original drawings made for this renderer in the
// spirit of stroke symbols; they are not Apple's SF Symbols artwork.
import AnimoSpec
import Foundation
import AnimoGeometry

/// One glyph: stroke layers in draw order (the order a pen traces them) and filled parts.
public struct SymbolGlyph: Sendable {
    /// Open or closed subpaths in em units, each one layer, in draw order.
    public var strokes: [Path]
    /// Filled outlines in em units (fill glyphs such as `heart.fill`), drawn before the strokes.
    public var fills: [Path]
    /// The point effects such as `rotate` turn about (em units).
    public var anchor: Point
    /// Open or closed paths stroked at the weight's width and erased from the fills (the white
    /// mark of `checkmark.seal.fill`, the windows of `building.2.fill`).
    public var cutouts: [Path]

    public init(strokes: [Path] = [], fills: [Path] = [], anchor: Point = .zero, cutouts: [Path] = []) {
        self.strokes = strokes
        self.fills = fills
        self.anchor = anchor
        self.cutouts = cutouts
    }

    /// A fill glyph has no stroke to trace (the skill: "heart.fill, star.fill — flood-fill
    /// shapes, no stroke path. drawOn appears to jump from hidden to filled instantly").
    public var isFill: Bool { strokes.isEmpty && !fills.isEmpty }

    /// Layers for layer-wise effects (variableColor, byLayer draw): the strokes, or the fills of a
    /// fill glyph.
    public var layerCount: Int { isFill ? fills.count : strokes.count }

    /// A custom glyph from SVG path data in a 100 × 100 box (x, y in 0…100, y down): each subpath
    /// is one stroke layer, in document order. Throws `SVGPathError` for bad data.
    public init(svg d: String) throws {
        let p = try Path(svg: d)
        let toEm = Transform(a: 0.01, b: 0, c: 0, d: 0.01, tx: -0.5, ty: -0.5)
        self.init(strokes: Self.subpaths(of: p.transformed(by: toEm)))
    }

    /// The subpaths of a path, each starting at its `move`.
    public static func subpaths(of p: Path) -> [Path] {
        var out: [Path] = []
        var cur = Path()
        for e in p.elements {
            if case .move = e, !cur.isEmpty { out.append(cur); cur = Path() }
            cur.append(e)
        }
        if !cur.isEmpty { out.append(cur) }
        return out.filter { $0.elements.count > 1 }
    }
}

extension SymbolNode.Weight {
    /// Stroke width in em. Apple does not publish symbol stroke widths; these follow the stem
    /// widths of a text face across its nine weights (a hairline ≈ 1/40 em at ultraLight to
    /// ≈ 1/6 em at black, regular ≈ 1/12 em), a choice written in docs/spec.md.
    public var strokeWidth: Double {
        switch self {
        case .ultraLight: return 0.025
        case .thin: return 0.04
        case .light: return 0.06
        case .regular: return 0.08
        case .medium: return 0.095
        case .semibold: return 0.11
        case .bold: return 0.125
        case .heavy: return 0.15
        case .black: return 0.175
        }
    }
}
