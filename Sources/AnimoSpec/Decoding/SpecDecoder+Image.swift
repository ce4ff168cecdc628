// The `image` node.

extension SpecDecoder {
    static let imageKeys = ["name", "systemName", "resizable", "scaledToFit", "scaledToFill", "interpolation", "renderingMode",
                            "foregroundStyle", "frame", "alignment", "center", "width", "scale", "font", "fontWeight", "imageScale"]

    func image(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecNode.Kind? {
        if let s = v.stringValue { return imageFile(s, v, path).map { .image(ImageNode(source: $0, scale: Self.fileScale(s))) } }
        guard let f = object(v, path, allowed: SpecDecoder.imageKeys, what: "a PNG file name or an image object {\"name\": file} / {\"systemName\": symbol}") else { return nil }
        let source: SpecImageSource
        if let n = f["name"], let s = n.stringValue {
            if f.has("systemName") { error(f.path("systemName"), f.position, "give an image either \"name\" (a PNG beside the spec) or \"systemName\" (a symbol), not both") }
            guard let src = imageFile(s, n, f.path("name")) else { return nil }
            source = src
        } else if let n = f["systemName"], let s = n.stringValue {
            guard !s.isEmpty, s.count <= 200 else {
                error(f.path("systemName"), n.position, "expected a symbol name such as \"heart.fill\", got \(UserText.quoted(s))")
                return nil
            }
            source = .system(s)
        } else {
            let key = f.has("systemName") ? "systemName" : "name"
            if let bad = f[key] { error(f.path(key), bad.position, "expected a string, got \(bad.brief)") } else {
                missing(f, "name", "a PNG file beside the spec, or \"systemName\" with a symbol name")
            }
            return nil
        }
        var node = ImageNode(source: source)
        if case .file(let s) = source { node.scale = Self.fileScale(s) }
        let isSystem: Bool = { if case .system = source { return true } else { return false } }()
        for k in ["font", "fontWeight", "imageScale"] where f.has(k) && !isSystem {
            error(f.path(k), f.position, "\"\(k)\" sizes a system image (\"systemName\"); a PNG image is sized by its pixels, \"resizable\" and its frame")
        }
        node.resizable = bool(f, "resizable", default: false)
        let fit = bool(f, "scaledToFit", default: false), fill = bool(f, "scaledToFill", default: false)
        if fit && fill { error(f.path("scaledToFill"), f.position, "give \"scaledToFit\" or \"scaledToFill\", not both") }
        if (fit || fill) && !node.resizable && !isSystem {
            error(f.path(fit ? "scaledToFit" : "scaledToFill"), f.position, "scaling an image needs \"resizable\": true (SwiftUI scales only resizable images)")
        }
        node.contentMode = fit ? .fit : fill ? .fill : nil
        node.interpolation = choice(f, "interpolation", default: SpecInterpolation.high)
        if f.has("renderingMode") {
            node.template = choice(f, "renderingMode", default: ImageRenderingMode.original) == .template
        }
        if let p = f["foregroundStyle"] { node.foregroundStyle = paint(p, f.path("foregroundStyle"), scope) }
        if let s = f["scale"] { node.scale = literal(s, f.path("scale"), NumberRange(min: 0, minOpen: true, max: 16)) }
        if let fv = f["font"] { node.font = font(fv, f.path("font"), scope) }
        if let w = f["fontWeight"] {
            var font = node.font ?? SpecFont()
            font.weight = choice(w, f.path("fontWeight"), default: SpecFontWeight.regular)
            node.font = font
        }
        node.imageScale = choice(f, "imageScale", default: SpecImageScale.medium)
        if let fr = f["frame"] {
            if f.has("center") { error(f.path("center"), f.position, "give an image either \"frame\" or \"center\", not both") }
            node.placement = .frame(rect(fr, f.path("frame"), scope), alignment: unitPoint(f, "alignment", default: .center))
        } else if let c = f["center"] {
            node.placement = .center(point(c, f.path("center"), scope), width: number(f, "width", scope, .nonNegative))
        }
        return .image(node)
    }

    /// A PNG file name: relative, inside the spec's folder (checked again when it is read).
    func imageFile(_ s: String, _ v: JSONValue, _ path: String) -> SpecImageSource? {
        guard !s.isEmpty, s.count <= 1024, !s.contains("\0") else {
            error(path, v.position, "expected a PNG file name beside the spec, got \(UserText.quoted(s))")
            return nil
        }
        return .file(s)
    }

    /// 2 or 3 for `name@2x.png` / `name@3x.png`, else 1 (the asset catalogue's convention).
    static func fileScale(_ s: String) -> Double {
        if s.hasSuffix("@2x.png") { return 2 }
        if s.hasSuffix("@3x.png") { return 3 }
        return 1
    }
}

/// `Image.TemplateRenderingMode` (`renderingMode`).
public enum ImageRenderingMode: String, Sendable, CaseIterable {
    case original, template
}
