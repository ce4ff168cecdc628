// Stroke parameters with SwiftUI's `StrokeStyle` defaults (ADOC `strokestyle/init(linewidth:linecap:linejoin:
// miterlimit:dash:dashphase:)`: lineWidth 1, .butt, .miter, miterLimit 10, no dash, phase 0).

/// How open ends of a stroke are drawn (Core Graphics' `CGLineCap`).
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    /// Ends exactly at the end point.
    case butt
    /// A half disc of diameter lineWidth around the end point.
    case round
    /// Extends by lineWidth/2 beyond the end point.
    case square
}

/// How corners of a stroke are drawn (Core Graphics' `CGLineJoin`).
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    /// Sharp corner, replaced by a bevel when the miter is longer than miterLimit·lineWidth.
    case miter
    /// A circular arc of radius lineWidth/2 around the corner.
    case round
    /// The corner cut straight between the two offset ends.
    case bevel
}

/// The style of a stroke. Values are stored as given (like SwiftUI); the stroker interprets them:
/// a lineWidth that is not finite and positive strokes nothing; a miterLimit below 1 acts as 1 (every
/// miter is then beveled, as SVG's minimum); see `dashPattern` for the dash rules.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public var miterLimit: Double
    /// Alternating on/off lengths in the path's units, starting with "on".
    public var dash: [Double]
    /// How far into the dash pattern the stroke starts (negative values count backwards).
    public var dashPhase: Double

    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.miterLimit = miterLimit; self.dash = dash; self.dashPhase = dashPhase
    }

    /// The dash pattern actually used, or nil for a solid stroke. Rules (SwiftUI's renderer,
    /// docs/semantics.md §285): each length counts by its magnitude, a non-finite one as 0; a pattern
    /// whose lengths then sum to no more than `Float.ulpOfOne` (1.19e-7), or an empty one, means
    /// solid; an odd number of values is repeated once to make it even ([5, 3, 2] → [5, 3, 2, 5, 3, 2]).
    public var dashPattern: [Double]? {
        guard !dash.isEmpty else { return nil }
        // The usual pattern is already clean: used as it is, without a copy per stroke and frame.
        let clean = dash.allSatisfy { $0.isFinite && $0 >= 0 }
        let lengths = clean ? dash : dash.map { $0.isFinite ? abs($0) : 0 }
        let total = lengths.reduce(0, +)
        guard total > Double(Float.ulpOfOne), total.isFinite else { return nil }
        return lengths.count % 2 == 0 ? lengths : lengths + lengths
    }

    /// The phase reduced into [0, pattern length): a negative phase wraps around (SVG `stroke-dashoffset`:
    /// "negative values are equivalent to a positive offset of the pattern length minus…").
    public var normalizedDashPhase: Double {
        guard let p = dashPattern, dashPhase.isFinite else { return 0 }
        let total = p.reduce(0, +)
        var ph = dashPhase.truncatingRemainder(dividingBy: total)
        if ph < 0 { ph += total }
        return ph
    }
}
