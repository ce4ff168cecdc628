// The `text` node and the environment modifiers `font`, `foregroundStyle`, `foregroundColor`.

extension SpecDecoder {
    static let textKeys = ["string", "format", "font", "fontWeight", "bold", "italic", "kerning", "tracking", "lineLimit", "lineSpacing",
                           "multilineTextAlignment", "truncationMode", "minimumScaleFactor", "foregroundStyle", "frame", "alignment",
                           "center", "width", "contentTransition"]

    func text(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecNode.Kind? {
        if let s = v.stringValue {
            guard let c = textContent(v, s, path, format: nil, scope) else { return nil }
            return .text(TextNode(content: c))
        }
        guard let f = object(v, path, allowed: SpecDecoder.textKeys, what: "a string or a text object {\"string\": …, \"font\": …}") else { return nil }
        guard let sv = f["string"] else {
            missing(f, "string", "the text to show (a string, or \"=expression\" with \"format\")")
            return nil
        }
        guard let s = sv.stringValue else {
            error(f.path("string"), sv.position, "expected a string, got \(sv.brief)")
            return nil
        }
        var format: String?
        if let fv = f["format"] {
            guard let fs = fv.stringValue else {
                error(f.path("format"), fv.position, "expected a printf-style pattern such as \"%d\" or \"%.1f%%\", got \(fv.brief)")
                return nil
            }
            if let p = TextFormat.problem(fs) { error(f.path("format"), fv.position, "bad format \(UserText.quoted(fs)): \(p)") }
            if !s.hasPrefix("=") || s.hasPrefix("==") { error(f.path("format"), fv.position, "\"format\" applies to a string that is an expression (\"=…\")") }
            format = fs
        }
        guard let content = textContent(sv, s, f.path("string"), format: format, scope) else { return nil }
        var node = TextNode(content: content)
        var font = f["font"].flatMap { self.font($0, f.path("font"), scope) } ?? SpecFont()
        if let w = f["fontWeight"] { font.weight = choice(w, f.path("fontWeight"), default: SpecFontWeight.regular) }
        if f.has("bold") { font.bold = bool(f, "bold", default: false) }
        if f.has("italic") { font.italic = bool(f, "italic", default: false) }
        if f.has("font") || f.has("fontWeight") || f.has("bold") || f.has("italic") { node.font = font }
        node.kerning = number(f, "kerning", scope)
        node.tracking = number(f, "tracking", scope)
        if f.has("lineLimit") {
            if f["lineLimit"]?.isNull == true { node.lineLimit = nil } else { node.lineLimit = integer(f, "lineLimit", min: 1, max: 10_000) }
        }
        node.lineSpacing = number(f, "lineSpacing", scope, .nonNegative)
        if f.has("multilineTextAlignment") { node.alignment = choice(f, "multilineTextAlignment", default: SpecTextAlignment.leading) }
        if f.has("truncationMode") { node.truncationMode = choice(f, "truncationMode", default: SpecTruncationMode.tail) }
        if let m = f["minimumScaleFactor"] {
            let x = literal(m, f.path("minimumScaleFactor"), NumberRange(min: 0, minOpen: true, max: 1))
            node.minimumScaleFactor = x
        }
        if let p = f["foregroundStyle"] { node.foregroundStyle = paint(p, f.path("foregroundStyle"), scope) }
        if let t = f["contentTransition"] { node.contentTransition = contentTransition(t, f.path("contentTransition")) }
        // Placement.
        if let fr = f["frame"] {
            if f.has("center") { error(f.path("center"), f.position, "give a text either \"frame\" or \"center\", not both") }
            if f.has("width") { error(f.path("width"), f.position, "\"width\" goes with \"center\"; a frame's width is its proposal") }
            node.placement = .frame(rect(fr, f.path("frame"), scope), alignment: unitPoint(f, "alignment", default: .center))
        } else if let c = f["center"] {
            if f.has("alignment") { error(f.path("alignment"), f.position, "\"alignment\" places the text in its \"frame\"") }
            node.placement = .center(point(c, f.path("center"), scope), width: number(f, "width", scope, .nonNegative))
        } else {
            if f.has("alignment") { error(f.path("alignment"), f.position, "\"alignment\" places the text in its \"frame\"") }
            if f.has("width") { error(f.path("width"), f.position, "\"width\" goes with \"center\"") }
        }
        return .text(node)
    }

    /// A literal string, "=expression" (a number formatted by `format`, default %g), or "==…"
    /// for a literal that starts with "=".
    func textContent(_ value: JSONValue, _ s: String, _ path: String, format: String?, _ scope: ExpressionScope) -> SpecTextContent? {
        if s.hasPrefix("==") { return .literal(String(s.dropFirst())) }
        if s.hasPrefix("=") {
            guard let e = expression(value, s, path, scope) else { return nil }
            return .value(e, format: format ?? TextFormat.shortest)
        }
        if s.count > TextNode.maxCharacters {
            error(path, value.position, "the string has \(s.count) characters; a text node takes at most \(TextNode.maxCharacters) (\(UserText.quoted(s)))")
            return nil
        }
        return .literal(s)
    }

    /// A font: a text style name, or {"style" | "size", "weight", "design", "italic", "bold"}.
    func font(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecFont? {
        if let s = v.stringValue {
            guard let st = SpecTextStyle(rawValue: s) else {
                let names = SpecTextStyle.allCases.map(\.rawValue)
                error(path, v.position, "unknown text style \(UserText.quoted(s))\(Suggestion.phrase(for: s, in: names)); a font is a text style (\(names.joined(separator: ", "))) or {\"size\": points, \"weight\": …, \"design\": …}")
                return nil
            }
            return SpecFont(style: st)
        }
        guard let f = object(v, path, allowed: ["style", "size", "weight", "design", "italic", "bold"], what: "a text style name or a font object {\"size\", \"weight\", \"design\"}") else { return nil }
        var font = SpecFont()
        if f.has("style") && f.has("size") { error(f.path("size"), f.position, "give a font either \"style\" or \"size\", not both") }
        if f.has("style") { font.style = choice(f, "style", default: SpecTextStyle.body) }
        if let sv = f["size"] { font.size = number(sv, f.path("size"), scope, NumberRange(min: 0, minOpen: true, max: 1000)) }
        if f.has("weight") { font.weight = choice(f, "weight", default: SpecFontWeight.regular) }
        if f.has("design") { font.design = choice(f, "design", default: SpecFontDesign.default) }
        if f.has("italic") { font.italic = bool(f, "italic", default: false) }
        if f.has("bold") { font.bold = bool(f, "bold", default: false) }
        return font
    }

    func contentTransition(_ v: JSONValue, _ path: String) -> SpecContentTransition? {
        let names = SpecContentTransition.names
        if let s = v.stringValue {
            switch s {
            case "opacity", "interpolate": return .opacity
            case "identity": return .identity
            case "numericText": return .numericText(countsDown: nil)
            default:
                error(path, v.position, "unknown content transition \(UserText.quoted(s))\(Suggestion.phrase(for: s, in: names)); expected one of \(names.joined(separator: ", ")) or {\"numericText\": {\"countsDown\": true}}")
                return nil
            }
        }
        guard let f = object(v, path, allowed: ["numericText"], what: "a content transition") else { return nil }
        guard let nv = f["numericText"], let nf = object(nv, f.path("numericText"), allowed: ["countsDown"]) else {
            if f["numericText"] == nil { missing(f, "numericText", "{\"countsDown\": true|false}") }
            return nil
        }
        return .numericText(countsDown: nf.has("countsDown") ? bool(nf, "countsDown", default: false) : nil)
    }
}
