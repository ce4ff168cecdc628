// Filter: the filter list of a Canvas (`GraphicsContext.addFilter`) and the filter-like view
// modifiers, as plain values, and the rule that applies a list to a layer.
//
// Order (docs/semantics.md §46–47, docs/architecture.md, "Pixels"): filters added to a context apply to the layer of
// each later drawing operation, and the filter added LAST is applied FIRST (innermost). The goo
// pattern adds `.alphaThreshold` and then `.blur`, and gets blur-then-threshold. Apple does not
// state this; widely used metaball code relies on it (§47).
//
// Fusion: when a blur is applied immediately before an alpha threshold (in application order), the
// pair runs as `GooFilter` (alpha-only blur limited to where it can reach the threshold's min), which
// gives the same pixels since the threshold reads only alpha.
//
// Units: radii and offsets here are in PIXELS (points × scale); the spec layer converts and adds
// the JSON path to error messages.
import AnimoRaster
import AnimoGeometry

/// One filter of a Canvas filter list or a filter-like view modifier.
public enum Filter: Sendable, Hashable {
    /// Gaussian blur, σ = radius px (§39–41); `opaque` clamps edges and normalizes to opaque.
    case blur(radius: Double, opaque: Bool = false)
    /// Alpha in [min, max] → color, else transparent (§44–45).
    case alphaThreshold(min: Double, max: Double = 1, color: Color = .black)
    /// General 4×5 matrix on straight RGBA (§56).
    case colorMatrix(ColorMatrix)
    case saturation(Double)       // §48
    case brightness(Double)       // §50
    case contrast(Double)         // §51
    case hueRotation(radians: Double)  // §49
    case grayscale(Double)        // §52
    case colorInvert(Double = 1)  // §53
    case colorMultiply(Color)     // §54
    case luminanceToAlpha         // §55
    /// Drop shadow under the layer: blurred alpha (σ = radius px), offset (x, y) px, tinted.
    case shadow(color: Color, radius: Double, x: Double = 0, y: Double = 0)
    /// Layer opacity, clamped to 0…1.
    case opacity(Double)

    /// A resolved, validated filter ready to run.
    enum Step {
        case blur(GaussianBlur)
        case threshold(AlphaThreshold)
        case matrix(ColorMatrix)
        case shadow(DropShadow)
        case opacity(Opacity)
    }

    /// Checks the parameters; throws `FilterError` with a message naming the parameter and rule.
    public func validate() throws(FilterError) { _ = try step() }

    func step() throws(FilterError) -> Step {
        switch self {
        case let .blur(r, opaque):
            guard r.isFinite, r >= 0 else { throw .invalidRadius(parameter: "blur radius", value: r) }
            return .blur(try GaussianBlur(sigma: r, opaque: opaque))
        case let .alphaThreshold(lo, hi, c): return .threshold(try AlphaThreshold(min: lo, max: hi, color: c))
        case let .colorMatrix(m): return .matrix(m)
        case let .saturation(s): return .matrix(try .saturation(s))
        case let .brightness(b): return .matrix(try .brightness(b))
        case let .contrast(c): return .matrix(try .contrast(c))
        case let .hueRotation(t): return .matrix(try .hueRotation(radians: t))
        case let .grayscale(a): return .matrix(try .grayscale(a))
        case let .colorInvert(a): return .matrix(try .colorInvert(a))
        case let .colorMultiply(c): return .matrix(try .colorMultiply(c))
        case .luminanceToAlpha: return .matrix(.luminanceToAlpha)
        case let .shadow(c, r, x, y): return .shadow(try DropShadow(color: c, radius: r, x: x, y: y))
        case let .opacity(a): return .opacity(try Opacity(a))
        }
    }

    /// Applies `filters`, given in the order they were added, to `pixmap`: the last added runs
    /// first (§46–47). All filters are validated before any pixel changes; on error the pixmap
    /// is untouched. A blur followed (in application order) by an alpha threshold runs fused.
    public static func apply(_ filters: [Filter], to pixmap: inout Pixmap,
                             threads: Int = GaussianBlur.defaultThreads) throws(FilterError) {
        var steps: [Step] = []
        for f in filters { steps.append(try f.step()) }
        var i = steps.count - 1
        while i >= 0 {
            switch steps[i] {
            case let .blur(b):
                if i > 0, case let .threshold(t) = steps[i - 1] {
                    GooFilter(blur: b, threshold: t).apply(to: &pixmap, threads: threads)
                    i -= 2
                    continue
                }
                b.apply(to: &pixmap, threads: threads)
            case let .threshold(t): t.apply(to: &pixmap)
            case let .matrix(m): m.apply(to: &pixmap)
            case let .shadow(s): s.apply(to: &pixmap, threads: threads)
            case let .opacity(o): o.apply(to: &pixmap)
            }
            i -= 1
        }
    }
}

/// Applies a Canvas filter list (in the order the filters were added; the last added runs first).
/// See `Filter.apply(_:to:threads:)`.
public func apply(filters: [Filter], to pixmap: inout Pixmap, threads: Int = GaussianBlur.defaultThreads) throws(FilterError) {
    try Filter.apply(filters, to: &pixmap, threads: threads)
}
