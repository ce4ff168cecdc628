// A colour field that is a colour and nothing else (no gradient, no material): `colorMultiply`,
// `alphaThreshold`'s colour, a glass tint, `tint`, the canvas background. Like a fill's colour it
// is a literal or an expression "=…" (docs/spec.md, "Colors as values").

/// A colour known at load, or computed per frame from the clock, the state and loop variables.
public enum SpecColorValue: Sendable {
    case literal(SpecColor)
    /// Computed per frame; it animates as a fill's colour does (linear sRGB channels).
    case expression(SpecColorExpression)

    /// The colour when it is a literal.
    public var literal: SpecColor? {
        if case .literal(let c) = self { return c }
        return nil
    }

    /// The colour for a slot frame: a literal as it is, an expression evaluated in `frame`
    /// (clamped to the gamut, as a drawn colour is).
    public func value(_ frame: [Double]) -> SpecColor {
        switch self {
        case .literal(let c): return c
        case .expression(let e):
            return SpecColor(clampingLinearRed: e.red.value(frame), green: e.green.value(frame),
                             blue: e.blue.value(frame), opacity: e.opacity.value(frame))
        }
    }
}
