// Liquid Glass as a display-list recipe: the numbers AnimoRender's GlassPainter uses for one
// variant in one colour scheme, and the glass shapes of one container for one frame.
//
// This is an emulation. Apple describes what the material does — it blurs and bends what lies
// behind it (lensing), lights its edge with highlights, takes a tint, casts a shadow that adapts to
// what is behind, and its clear variant is more transparent than the regular one
// (docs/semantics.md §224, §230–§232) — but publishes no numbers. Where numbers were read from
// Core Animation's layer trees (§235–§236, secondary sources) they are used; the rest are
// animo-render's choices. docs/semantics.md §255–§257 lists every number with its basis.
import AnimoSpec
import AnimoGeometry

/// How one glass surface processes its backdrop (lengths in points).
public struct DisplayGlass: Sendable, Equatable {
    /// Gaussian σ of the backdrop blur.
    public var blur: Double
    /// The face's levels: each channel c becomes black + (white − black)·c (§235–§236).
    public var black: Double
    public var white: Double
    /// Saturation after the levels (Rec. 709 luma-preserving, as `saturation(_:)`).
    public var saturation: Double
    /// The largest luminance the face keeps (dark glass, §236); 1 = no cap.
    public var maxLuma: Double
    /// A white fill over the face at this opacity (§235–§236).
    public var fill: Double
    /// Lensing: within `lensWidth` of the rim the backdrop is sampled up to `lensStrength` farther
    /// out along the outline's normal, growing quadratically toward the rim.
    public var lensWidth: Double
    public var lensStrength: Double
    /// The specular rim: `rimStrength` decaying over `rimWidth` inside the outline, strongest where
    /// the outline faces `rimAngle` (radians, y down: π/2 is the bottom, lit with the top) within
    /// `rimSpread`, and a fifth of it elsewhere.
    public var rimWidth: Double
    public var rimStrength: Double
    public var rimAngle: Double
    public var rimSpread: Double
    /// `Glass.tint(_:)`, mixed in at `tintAmount` × its opacity.
    public var tint: Color?
    public var tintAmount: Double
    /// The shadow: opacity (before adapting to the backdrop), blur radius and downward offset.
    public var shadowOpacity: Double
    public var shadowRadius: Double
    public var shadowY: Double
    /// How much of the blurred backdrop the face shows: 1 at rest; less while the material
    /// materializes (the rest is the sharp backdrop).
    public var frost: Double = 1

    /// The recipe of a variant in a colour scheme; nil for `identity` (no glass).
    public static func recipe(_ v: SpecGlassVariant, tint: Color?, _ scheme: SpecColorScheme) -> DisplayGlass? {
        let light = scheme == .light
        switch v {
        case .identity:
            return nil
        case .regular:
            // §235 (light) and §236 (dark): blur 5, levels 0.4…0.96 or 0.08…1.125, saturation
            // 1.2 or 1.3, white fill 0.2 or 0, dark luminance capped at 0.35; highlight 0.5 at
            // π/2 over 2π/3; refraction height 20 pt.
            return DisplayGlass(blur: 5, black: light ? 0.4 : 0.08, white: light ? 0.96 : 1.125, saturation: light ? 1.2 : 1.3,
                                maxLuma: light ? 1 : 0.35, fill: light ? 0.2 : 0,
                                lensWidth: 20, lensStrength: 8, rimWidth: 1.5, rimStrength: 0.5, rimAngle: .pi / 2, rimSpread: 2 * .pi / 3,
                                tint: tint, tintAmount: 0.5, shadowOpacity: light ? 0.1 : 0.2, shadowRadius: 8, shadowY: 3)
        case .clear:
            // §236: levels 0.2…0.95 (light) or 0.05…0.8 (dark), saturation 1, fill 0.1 or 0.05,
            // highlight 0.4 over 75°, shadow black at 0.1. The blur read there (10) is not used:
            // clear glass is "highly translucent" (§232), so σ 2 keeps the backdrop's detail.
            return DisplayGlass(blur: 2, black: light ? 0.2 : 0.05, white: light ? 0.95 : 0.8, saturation: 1,
                                maxLuma: 1, fill: light ? 0.1 : 0.05,
                                lensWidth: 20, lensStrength: 12, rimWidth: 1.5, rimStrength: 0.4, rimAngle: .pi / 2, rimSpread: 75 * .pi / 180,
                                tint: tint, tintAmount: 0.35, shadowOpacity: light ? 0.1 : 0.2, shadowRadius: 8, shadowY: 3)
        }
    }
}

extension DisplayGlass {
    /// The recipe a fraction `m` (0…1) of the way in while the material materializes (§268): every
    /// effect grows from none — the sharp backdrop becomes the blurred one, the levels, saturation,
    /// luminance cap, fill, lensing, tint, rim and shadow go from doing nothing to the recipe's
    /// values — so at 0 the glass shows exactly what is behind it (Apple: glass appears by
    /// changing its light bending, not by fading its alpha, §233).
    public func materialized(_ m: Double) -> DisplayGlass {
        guard m < 1 else { return self }
        let m = m > 0 ? m : 0
        func grow(_ none: Double, _ full: Double) -> Double { none + (full - none) * m }
        var g = self
        g.frost = frost * m
        g.black = grow(0, black); g.white = grow(1, white); g.saturation = grow(1, saturation)
        g.maxLuma = grow(1, maxLuma); g.fill = fill * m
        g.lensStrength = lensStrength * m; g.rimStrength = rimStrength * m
        g.tintAmount = tintAmount * m; g.shadowOpacity = shadowOpacity * m
        return g
    }

    /// This recipe mixed with `o` by `w` (0 = this one), for a shape morphing into another. A tint
    /// meeting no tint keeps its colour with its amount mixed.
    public func mixed(_ o: DisplayGlass, _ w: Double) -> DisplayGlass {
        guard w > 0 else { return self }
        guard w < 1 else { return o }
        func l(_ a: Double, _ b: Double) -> Double { a + (b - a) * w }
        var g = self
        g.blur = l(blur, o.blur); g.black = l(black, o.black); g.white = l(white, o.white)
        g.saturation = l(saturation, o.saturation); g.maxLuma = l(maxLuma, o.maxLuma); g.fill = l(fill, o.fill)
        g.lensWidth = l(lensWidth, o.lensWidth); g.lensStrength = l(lensStrength, o.lensStrength)
        g.rimWidth = l(rimWidth, o.rimWidth); g.rimStrength = l(rimStrength, o.rimStrength)
        g.rimAngle = l(rimAngle, o.rimAngle); g.rimSpread = l(rimSpread, o.rimSpread)
        g.shadowOpacity = l(shadowOpacity, o.shadowOpacity); g.shadowRadius = l(shadowRadius, o.shadowRadius)
        g.shadowY = l(shadowY, o.shadowY); g.frost = l(frost, o.frost)
        let ta = tint == nil ? 0 : tintAmount, tb = o.tint == nil ? 0 : o.tintAmount
        g.tintAmount = l(ta, tb)
        switch (tint, o.tint) {
        case (let a?, let b?):
            g.tint = Color(red: l(a.red, b.red), green: l(a.green, b.green), blue: l(a.blue, b.blue), alpha: l(a.alpha, b.alpha))
        case (nil, let b?): g.tint = b
        default: break
        }
        return g
    }
}

/// One glass shape: its outline in its own points, `transform` to the group's coordinates.
public struct DisplayGlassShape: Sendable {
    public var outline: GlassOutline
    public var transform: Transform
    public var style: DisplayGlass
    /// The `glassEffectUnion` id the shape joins (nil: none).
    public var union: String? = nil
    /// The `glassEffectID` (namespace-qualified; nil: none).
    public var id: String? = nil
    /// `glassEffectTransition`: how the shape appears and disappears in a container.
    public var transition: SpecGlassTransition = .matchedGeometry
    /// How far its view is in (1: present; less while an `if` inserts or removes it).
    public var presence: Double = 1
    /// Whether an `if` is inserting or removing its view this frame (at the first instant of a
    /// removal `presence` is still 1).
    public var transitioning = false

    public init(outline: GlassOutline, transform: Transform = .identity, style: DisplayGlass) {
        self.outline = outline
        self.transform = transform
        self.style = style
    }
}

/// The glass of one container (or of one view outside any): drawn as one surface whose outline is
/// the smooth union of the shapes' outlines with width 2 × `spacing` (SignedDistance.swift), so
/// shapes less than `spacing` apart are one shape.
public struct DisplayGlassGroup: Sendable {
    public var shapes: [DisplayGlassShape]
    /// Points; 0 = plain union.
    public var spacing: Double

    public init(shapes: [DisplayGlassShape], spacing: Double) {
        self.shapes = shapes
        self.spacing = spacing
    }
}

extension DisplayNode {
    /// The node with the glass of every `glass` node it draws (through groups, transforms,
    /// opacity and blend modes; not inside layers or effects, which are drawn apart) gathered into
    /// one group of `spacing`, drawn behind the rest, as `GlassEffectContainer` does; the node
    /// itself when it draws no glass.
    public func gatheringGlass(spacing: Double) -> DisplayNode {
        var shapes: [DisplayGlassShape] = []
        let rest = Self.strip(self, .identity, &shapes)
        guard !shapes.isEmpty else { return self }
        let resolved = GlassTransitions.resolve(shapes, spacing: spacing)
        return .group([.glass(DisplayGlassGroup(shapes: Self.unite(resolved), spacing: spacing)), rest])
    }

    /// The node with every glass shape it draws (as `gatheringGlass` finds them) joining `union`.
    public func joiningGlass(union id: String) -> DisplayNode {
        mappingGlass { $0.union = id }
    }

    /// The node with every glass shape it draws (as `gatheringGlass` finds them) changed by `change`.
    func mappingGlass(_ change: (inout DisplayGlassShape) -> Void) -> DisplayNode {
        switch self {
        case .glass(var g):
            for i in g.shapes.indices { change(&g.shapes[i]) }
            return .glass(g)
        case .group(let children): return .group(children.map { $0.mappingGlass(change) })
        case .transform(let m, let child): return .transform(m, child.mappingGlass(change))
        case .opacity(let o, let child): return .opacity(o, child.mappingGlass(change))
        case .blendMode(let b, let child): return .blendMode(b, child.mappingGlass(change))
        case .hitTarget(let h, let child): return .hitTarget(h, child.mappingGlass(change))
        default: return self
        }
    }

    /// Shapes of one union become one shape over their bounds (axis-aligned, in the container's
    /// coordinates), of the first one's kind and recipe: a capsule or circle stays a capsule, a
    /// rounded rectangle keeps its radius, an ellipse stays an ellipse (animo-render's reading of
    /// docs/semantics.md §227, which says the shapes are merged into one).
    static func unite(_ shapes: [DisplayGlassShape]) -> [DisplayGlassShape] {
        var out: [DisplayGlassShape] = []
        var slot: [String: Int] = [:]
        for s in shapes {
            let b = bounds(s.outline.bounds, s.transform)
            guard let id = s.union, let b else { out.append(s); continue }
            guard let i = slot[id] else {
                slot[id] = out.count
                var first = s
                first.outline = reshaped(s.outline, b)
                first.transform = .identity
                out.append(first)
                continue
            }
            let merged = out[i].outline.bounds.union(b)
            out[i].outline = reshaped(s.outline, merged, like: out[i].outline)
        }
        return out
    }

    static func reshaped(_ o: GlassOutline, _ r: Rect, like first: GlassOutline? = nil) -> GlassOutline {
        switch first ?? o {
        case .ellipse: return .ellipse(r)
        case .roundedRect(let old, let radius):
            return radius >= min(old.width, old.height) / 2 - 1e-9 ? .capsule(r) : .roundedRect(r, radius: radius)
        case .blend(let a, let b, let w): return .blend(reshaped(a, r), reshaped(b, r), weight: w)
        case .eroded(let a, let by): return .eroded(reshaped(a, r), by: by)
        }
    }

    static func bounds(_ r: Rect, _ t: Transform) -> Rect? {
        let ps = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)].map(t.apply)
        guard ps.allSatisfy(\.isFinite) else { return nil }
        return Rect(corners: Point(ps.map(\.x).min()!, ps.map(\.y).min()!), Point(ps.map(\.x).max()!, ps.map(\.y).max()!))
    }

    static func strip(_ n: DisplayNode, _ t: Transform, _ out: inout [DisplayGlassShape]) -> DisplayNode {
        switch n {
        case .glass(let g):
            for s in g.shapes {
                var s = s
                s.transform = s.transform.concatenating(t)
                out.append(s)
            }
            return .empty
        case .group(let children):
            return .group(children.map { strip($0, t, &out) })
        case .transform(let m, let child):
            return .transform(m, strip(child, m.concatenating(t), &out))
        case .opacity(let o, let child):
            return .opacity(o, strip(child, t, &out))
        case .blendMode(let b, let child):
            return .blendMode(b, strip(child, t, &out))
        case .hitTarget(let h, let child):
            return .hitTarget(h, strip(child, t, &out))
        default:
            return n
        }
    }
}
