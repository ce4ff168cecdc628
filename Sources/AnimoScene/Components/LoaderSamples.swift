// Arc-length-even samples of a loader outline: the skill's "sample-then-animate" recipe
// (swiftui-microinteractions skill, "Canvas Path Loaders": "Precompute the outline as [CGPoint] unit samples (cache
// them). Animate only a progress head that interpolates along the cached samples"; "Walk the
// outline at equal arc-length steps, not equal parameter t").
//
// Built once per loader instance at resolve time (never per frame). Sample k sits at arc length
// k·L/N of the outline (PathMeasure's Gauss–Legendre arc length, PathMeasure.swift). A progress p
// in [0, 1) lands at u = p·N samples and is linearly interpolated between samples ⌊u⌋ and ⌊u⌋+1
// (wrapping, the outline is a loop), so equal progress steps are equal arc-length steps up to the
// chord of one sample interval at a corner: with the default spacing of 1/8 point the head is at
// most 1/16 point off the outline (half a chord), far below a pixel.
import AnimoSpec
import AnimoGeometry

/// Points at equal arc-length steps around a loader outline, cached once.
public struct LoaderSamples: Sendable {
    /// Sample k lies at arc length k·length/count from the outline's start. Never empty.
    public let points: [Point]
    /// The outline's arc length (points).
    public let length: Double

    /// Default distance between samples in outline units (points): 1/8 point (see file header).
    public static let defaultSpacing = 0.125
    /// Bounds on the sample count: at least 64 (tiny outlines), at most 65 536 (a bound on memory:
    /// 1 MB of points for a huge outline).
    public static let countRange = 64...65_536

    /// Samples `path` at equal arc-length steps of about `spacing` (clamped to `countRange`).
    /// Returns nil for a path of zero or non-finite length.
    public init?(path: Path, spacing: Double = LoaderSamples.defaultSpacing) {
        let measure = PathMeasure(path)
        let l = measure.length
        guard l.isFinite, l > 0, spacing.isFinite, spacing > 0 else { return nil }
        let wanted = (l / spacing).rounded(.up)
        let n = Int(min(max(wanted, Double(Self.countRange.lowerBound)), Double(Self.countRange.upperBound)))
        var pts: [Point] = []
        pts.reserveCapacity(n)
        for k in 0..<n {
            guard let p = measure.point(atLength: Double(k) * l / Double(n)), p.isFinite else { return nil }
            pts.append(p)
        }
        points = pts
        length = l
    }

    /// The point at `progress` around the loop (any real number: its fractional part is used, so
    /// 1.25 and -0.75 are both a quarter of the way round).
    public func point(atProgress progress: Double) -> Point {
        guard progress.isFinite else { return points[0] }
        let n = points.count
        let f = progress - progress.rounded(.down)
        let u = f * Double(n)
        var i = Int(u.rounded(.down))
        if i >= n { i = n - 1 }
        let a = points[i], b = points[(i + 1) % n]
        return a.lerp(b, u - Double(i))
    }
}
