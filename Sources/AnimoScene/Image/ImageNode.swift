// The `image` node resolved and evaluated. The scene knows no pixels: a PNG is referenced by its
// file name, and its natural size (pixels ÷ its scale, in points) is given by the renderer that
// read the file (AnimoRender's SpecImages) when the scene is resolved.
//
// Sizing (docs/semantics.md §119): an image that is not resizable is its natural size whatever
// the proposal; a resizable one takes the proposal (its natural length on an unspecified axis),
// or, with `scaledToFit` / `scaledToFill`, the natural size scaled by the smaller / larger ratio
// to the proposal (aspect ratio kept; a fill may overflow its frame, as in SwiftUI, until it is
// clipped). The image is then placed like a text (a frame and an alignment, a centre, or the
// middle of the canvas). `interpolation: .none` samples the nearest pixel, the others bilinearly.
// `renderingMode: template` fills the image's alpha with the foreground style.
//
// `Image(systemName:)` is the symbol component at the font's point size × the image scale
// (small 0.8, medium 1, large 1.3: animo-render's choice, Apple publishes no factors), with the
// font's weight and the foreground colour. A name the library does not draw shows a placeholder
// (a dashed rounded square with a question mark) and a warning naming the JSON path.
import AnimoSpec
import Foundation
import AnimoGeometry

struct RImage: Sendable {
    /// The PNG's file name and natural size in points; nil for a system image.
    var file: String?
    var natural: Size
    var resizable: Bool
    var contentMode: ImageNode.ContentMode?
    var nearest: Bool
    var template: RPaint?
    var placement: RTextPlacement
    /// A system image: the symbol drawn at the placement.
    var symbol: RSymbol?
}

extension SceneResolver {
    /// Image scale factors of `Image(systemName:)` (see the file header).
    static func imageScaleFactor(_ s: SpecImageScale) -> Double {
        switch s {
        case .small: return 0.8
        case .medium: return 1
        case .large: return 1.3
        }
    }

    func placement(_ p: SpecTextPlacement, _ scope: Scope) -> RTextPlacement {
        switch p {
        case .frame(let r, let a): return .frame(number(r.x, scope), number(r.y, scope), number(r.width, scope), number(r.height, scope), alignment: a)
        case .center(let c, let w): return .center(number(c.x, scope), number(c.y, scope), width: w.map { number($0, scope) })
        case .canvas: return .canvas
        }
    }

    func image(_ im: ImageNode, _ node: SpecNode, _ scope: Scope) -> RNode.Kind {
        let path = node.path + ".image"
        var r = RImage(file: nil, natural: .zero, resizable: im.resizable, contentMode: im.contentMode, nearest: im.interpolation == .none,
                       template: nil, placement: placement(im.placement, scope), symbol: nil)
        switch im.source {
        case .file(let f):
            guard let px = imageSizes[f] else {
                issues.append(ResolveIssue(path: path, message: "image \(UserText.quoted(f)) was not read: render the spec with SceneRenderer, which reads the images beside the spec"))
                return .unsupported("image")
            }
            r.file = f
            r.natural = Size(px.width / im.scale, px.height / im.scale)
            if im.template {
                r.template = im.foregroundStyle.map { paint($0, scope) } ?? scope.foreground ?? .color(color(SpecColor.foreground(env.colorScheme)))
            }
        case .system(let name):
            let (font, size) = textFont(im.font, scope)
            let factor = Self.imageScaleFactor(im.imageScale)
            let pointSize: RNumber
            switch size {
            case .constant(let d): pointSize = .constant(d * factor)
            default: pointSize = .constant(font.size * factor)
            }
            var glyph = SymbolLibrary.glyph(named: name)
            if glyph == nil {
                diagnostics.append(RenderDiagnostic(feature: "symbol", path: path + ".systemName",
                    message: "no drawing for the symbol \(UserText.quoted(name))\(Suggestion.phrase(for: name, in: SymbolLibrary.names)): a placeholder is drawn instead"))
                glyph = SymbolLibrary.placeholder
            }
            let weight = SymbolNode.Weight(rawValue: font.weight.rawValue) ?? .regular
            // The symbol's own style when it is a colour (literal or computed), else the foreground's.
            var c = foregroundColor(scope)
            switch im.foregroundStyle {
            case .color(let sc)?: c = .constant(color(sc))
            case .colorExpression(let e)?: c = colorChannels(e, scope)
            default: break
            }
            let (lengths, measures) = Self.measured(glyph!)
            r.symbol = RSymbol(glyph: glyph!, lengths: lengths, measures: measures, alternate: nil, pointSize: pointSize,
                               strokeWidth: weight.strokeWidth, color: c, effect: nil)
        }
        return .image(r)
    }
}

extension SceneEvaluator {
    func image(_ r: RImage, _ t: Double, _ frame: [Double]) -> (DisplayNode?, Rect?) {
        if let sy = r.symbol {
            let (d, f) = symbol(sy, t, frame)
            guard let d, let f else { return (nil, nil) }
            let o = origin(of: f.size, r.placement, t, frame)
            let placed = Rect(x: o.x, y: o.y, width: f.width, height: f.height)
            return (.transform(.translation(o.x - f.minX, o.y - f.minY), d), placed)
        }
        guard r.file != nil else { return (nil, nil) }
        var proposal: (Double?, Double?)
        switch r.placement {
        case .frame(_, _, let w, let h, _): proposal = (max(0, finite(value(w, t, frame))), max(0, finite(value(h, t, frame))))
        case .center(_, _, let w): proposal = (w.map { max(0, finite(value($0, t, frame))) }, nil)
        case .canvas: proposal = (canvasRect.width, canvasRect.height)
        }
        let size = imageSize(r, proposal: proposal)
        let o = origin(of: size, r.placement, t, frame)
        return drawImage(r, in: Rect(x: o.x, y: o.y, width: size.width, height: size.height), t, frame)
    }

    /// The size a PNG image answers for a proposal (nil = unspecified; §119): what a layout
    /// container asks an image.
    func imageSize(_ r: RImage, proposal: (Double?, Double?)) -> Size {
        let n = r.natural
        guard r.resizable, n.width > 0, n.height > 0 else { return n }
        switch r.contentMode {
        case nil:
            return Size(proposal.0 ?? n.width, proposal.1 ?? n.height)
        case .fit?, .fill?:
            let ratios = [proposal.0.map { $0 / n.width }, proposal.1.map { $0 / n.height }].compactMap { $0 }
            guard let k = r.contentMode == .fit ? ratios.min() : ratios.max() else { return n }
            return Size(n.width * k, n.height * k)
        }
    }

    /// A PNG image drawn over `rect` (a template fills its alpha with the foreground style).
    func drawImage(_ r: RImage, in rect: Rect, _ t: Double, _ frame: [Double]) -> (DisplayNode?, Rect?) {
        guard let file = r.file else { return (nil, nil) }
        let image = DisplayNode.image(DisplayImage(file: file, rect: rect, nearest: r.nearest))
        guard let tp = r.template else { return (image, rect) }
        return (.layer(.fill(Path(rect: rect), paint(tp, rect, t, frame)), mask: image), rect)
    }
}
