// Decoding `glassEffect`, `glassEffectContainer`, `glassEffectUnion` and `glassEffectID` (docs/spec.md, "Glass").

extension SpecDecoder {
    /// `true`, `{}`, a variant name, or `{"variant", "tint", "interactive", "shape", "isEnabled"}`.
    func glassEffect(_ v: JSONValue, _ path: String, _ scope: ExpressionScope) -> SpecModifier? {
        if v.boolValue == true { return .glassEffect(SpecGlassEffect()) }
        if v.stringValue != nil { return .glassEffect(SpecGlassEffect(variant: choice(v, path, default: SpecGlassVariant.regular))) }
        guard let o = object(v, path, allowed: ["variant", "tint", "interactive", "shape", "isEnabled"],
                             what: "true, a glass variant (regular, clear, identity) or {\"variant\", \"tint\", \"interactive\", \"shape\", \"isEnabled\"}")
        else { return nil }
        var g = SpecGlassEffect(variant: choice(o, "variant", default: SpecGlassVariant.regular))
        if let t = o["tint"] { g.tint = colorField(t, o.path("tint"), scope) }
        g.interactive = bool(o, "interactive", default: false)
        if let s = o["shape"] { g.shape = glassShape(s, o.path("shape")) }
        g.isEnabled = o["isEnabled"].map { condition($0, o.path("isEnabled"), scope) }
        return .glassEffect(g)
    }

    /// A shape name, or a single-key object: `{"roundedRectangle": {"cornerRadius": r}}`, `{"capsule": {}}`.
    func glassShape(_ v: JSONValue, _ path: String) -> SpecGlassShape {
        let names = SpecGlassShape.names
        func simple(_ name: String, _ p: String, _ position: SourcePosition) -> SpecGlassShape {
            switch name {
            case "capsule": return .capsule
            case "circle": return .circle
            case "ellipse": return .ellipse
            case "rectangle": return .rectangle
            case "roundedRectangle":
                error(p, position, "a rounded rectangle needs its corner radius: {\"roundedRectangle\": {\"cornerRadius\": 16}}")
                return .capsule
            default:
                error(p, position, "unknown glass shape \(UserText.quoted(name))\(Suggestion.phrase(for: name, in: names)); expected one of \(names.joined(separator: ", "))")
                return .capsule
            }
        }
        if let s = v.stringValue { return simple(s, path, v.position) }
        guard let members = v.objectMembers, members.count == 1, let m = members.first else {
            error(path, v.position, "expected a shape name (\(names.joined(separator: ", "))) or one shape object such as {\"roundedRectangle\": {\"cornerRadius\": 16}}, got \(v.brief)")
            return .capsule
        }
        let p = SpecDecoder.join(path, m.key)
        guard m.key == "roundedRectangle" else {
            _ = object(m.value, p, allowed: [], what: "{} (a glass shape takes the view's frame)")
            return simple(m.key, p, m.keyPosition)
        }
        guard let f = object(m.value, p, allowed: ["cornerRadius"], what: "{\"cornerRadius\": r}") else { return .capsule }
        guard f.has("cornerRadius") else {
            missing(f, "cornerRadius", "the corner radius in points")
            return .capsule
        }
        return .roundedRectangle(cornerRadius: literal(f, "cornerRadius", .nonNegative) ?? 0)
    }

    /// An id, or `{"id": id, "namespace": name}` (the namespace scopes the id).
    func glassEffectUnion(_ v: JSONValue, _ path: String) -> SpecModifier? {
        glassIdentifier(v, path, what: "union id").map { .glassEffectUnion(id: $0) }
    }

    /// `glassEffectUnion`'s and `glassEffectID`'s value: a non-empty id, or `{"id", "namespace"}`;
    /// the namespace scopes the id ("namespace.id").
    func glassIdentifier(_ v: JSONValue, _ path: String, what: String) -> String? {
        if let s = v.stringValue {
            guard !s.isEmpty else { error(path, v.position, "expected a non-empty \(what)"); return nil }
            return s
        }
        guard let o = object(v, path, allowed: ["id", "namespace"], what: "a \(what), or {\"id\", \"namespace\"}") else { return nil }
        guard let id = string(o, "id", required: true, what: "the \(what)") else { return nil }
        guard !id.isEmpty else { error(o.path("id"), v.position, "expected a non-empty \(what)"); return nil }
        let ns = string(o, "namespace", what: "a namespace name") ?? ""
        return ns.isEmpty ? id : ns + "." + id
    }

    /// Whether a node's `modifiers` value has a `glassEffectContainer`.
    static func declaresGlassContainer(_ modifiers: JSONValue?) -> Bool {
        modifiers?.arrayElements?.contains { $0.objectMembers?.contains { $0.key == "glassEffectContainer" } == true } == true
    }

    /// `{"spacing": s}` (points, ≥ 0; default 0) or `true`. A container inside another is an
    /// error: SwiftUI documents a container's content as one set of shapes and says nothing of an
    /// inner container, so animo-render does not guess what it would draw.
    func glassEffectContainer(_ v: JSONValue, _ path: String) -> SpecModifier? {
        if let outer = glassContainers.last(where: { !path.hasPrefix($0 + ".modifiers") }) {
            error(path, v.position, "a glass container inside another (the one at \(outer)): SwiftUI does not document what an inner GlassEffectContainer does; use one container for glass that should merge, or containers side by side")
            return nil
        }
        if v.boolValue == true { return .glassEffectContainer(spacing: 0) }
        guard let o = object(v, path, allowed: ["spacing"], what: "{\"spacing\": points} or true") else { return nil }
        return .glassEffectContainer(spacing: literal(o, "spacing", .nonNegative) ?? 0)
    }
}
