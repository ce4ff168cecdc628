// Gradient color ramps: stops, and the color at a parameter t.
//
// Interpolation happens between straight (unpremultiplied) gamma-encoded sRGB components and the
// result is premultiplied afterwards. That is what Core Graphics does (CGGradient interpolates the
// color components it is given, unpremultiplied) and what SwiftUI's default `.device` gradient
// color space means (docs/semantics.md §59: "interpolates gradient colors in the output color
// space"). Premultiplied interpolation would differ visibly only between stops of different alpha
// (e.g. red → clear stays red-tinted here, as on Apple platforms, instead of fading through the
// premultiplied mean).

/// A color ramp: colors at locations 0…1 (SwiftUI's `Gradient`).
///
/// Normalization (documented choice): stops with a non-finite location or color are dropped;
/// locations are clamped to 0…1; stops are sorted by location with a stable sort, so stops given
/// out of order are reordered and stops sharing a location keep their given order. Between two
/// stops at the same location the ramp jumps (a hard edge); exactly at that location the later
/// stop wins. Before the first stop and after the last the end colors extend (pad).
/// An empty gradient is transparent.
public struct Gradient: Sendable, Hashable {
    /// One color at one location.
    public struct Stop: Sendable, Hashable {
        public var color: Color
        public var location: Double
        public init(color: Color, location: Double) { self.color = color; self.location = location }
    }

    /// The normalized stops (sorted, clamped, finite).
    public let stops: [Stop]

    /// A gradient from stops, normalized as described on the type.
    public init(stops: [Stop]) {
        let finite = stops.filter { $0.location.isFinite && $0.color.isFinite }
        let clamped = finite.enumerated().map { (i, s) in
            (i, Stop(color: s.color, location: min(max(s.location, 0), 1)))
        }
        self.stops = clamped.sorted { a, b in
            a.1.location != b.1.location ? a.1.location < b.1.location : a.0 < b.0
        }.map { $0.1 }
    }

    /// Stops already normalized by the caller: finite, in 0…1 and in ascending location order (a
    /// ramp built per frame this way costs one array, without the sorting `init(stops:)` does).
    public init(orderedStops stops: [Stop]) {
        self.stops = stops
    }

    /// Colors spaced evenly from 0 to 1 (SwiftUI's `Gradient(colors:)`); one color is a solid ramp.
    public init(colors: [Color]) {
        if colors.count == 1 {
            self.init(stops: [Stop(color: colors[0], location: 0)])
        } else {
            let n = Double(max(colors.count - 1, 1))
            self.init(stops: colors.enumerated().map { Stop(color: $1, location: Double($0) / n) })
        }
    }

    /// The straight color at `t` (linear interpolation of straight components, pad outside 0…1).
    /// Where two stops share a location the later one holds from there on; `fromBelow` asks for
    /// the colour just below `t` instead (the earlier one's there).
    public func color(at t: Double, fromBelow: Bool = false) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        guard t.isFinite else { return first.color }
        // First stop strictly after t (fromBelow: at or after t).
        var i = 0
        while i < stops.count && (fromBelow ? stops[i].location < t : stops[i].location <= t) { i += 1 }
        if i == 0 { return first.color }
        if i == stops.count { return last.color }
        let a = stops[i - 1], b = stops[i]
        let f = (t - a.location) / (b.location - a.location)
        return Color(red: a.color.red + (b.color.red - a.color.red) * f,
                     green: a.color.green + (b.color.green - a.color.green) * f,
                     blue: a.color.blue + (b.color.blue - a.color.blue) * f,
                     alpha: a.color.alpha + (b.color.alpha - a.color.alpha) * f)
    }
}
