// Dashing: cuts stroke contours into the "on" pieces of a dash pattern before the stroker outlines them.
//
// Rules (Core Graphics / SVG 2 §13.5.6 `stroke-dasharray`, `stroke-dashoffset`):
// - the pattern restarts, shifted by the phase, at the start of every subpath;
// - within a subpath the pattern runs continuously across vertices, so a dash that spans a corner keeps
//   the corner and gets a join there; every dash gets caps at both of its ends;
// - a closed subpath is walked from its start point around to the start again (the closing line is
//   dashed too). The last and first dashes are not merged across the start point (a choice: Core
//   Graphics documents nothing either way; SVG 2 leaves it to the implementation);
// - a zero-length "on" element gives a zero-length dash that remembers the path direction, so round caps
//   draw a dot and square caps a square aligned with the path.
// Lengths are measured on the flattened polylines, in the path's units (the flattening tolerance bounds
// the difference to the curve's true length: chord length ≤ arc length, relative error ~tol/radius).
// At most `maxDashes` dashes are produced per call; beyond that the rest of the path is dropped rather
// than exhausting memory on a pattern far smaller than the path (documented no-op, not a crash).
// The stroker does not call `dash` for such patterns, nor for periods under 1/16 device pixel: it
// strokes the path undashed at the pattern's mean coverage (`meanCoverage`).
import Foundation

enum Dasher {
    static let maxDashes = 100_000
    /// Periods (device pixels) below which a pattern is drawn at its mean coverage: a pixel then
    /// holds ≥ 16 periods, and the exact dashes' area in it differs from the mean by at most one
    /// period's share, ≤ 1/16.
    static let finestPeriod = 1.0 / 16

    /// The mean coverage to draw `contours` undashed with, or nil when `dash` should cut them.
    /// A pattern (path units) whose period is under `finestPeriod` device pixels at `scale`
    /// (the transform's largest stretch), or that would need more than `maxDashes` dashes over
    /// the contours' length, cannot be resolved (or built); its dashes average, per unit of
    /// length, to on/period of the stroke for butt caps. Caps lengthen every dash by the line
    /// width (w/2 at each end), so square and round caps cover min(1, (on + w)/period) per dash
    /// of the pattern (round caps approximately: their ends are rounded).
    static func meanCoverage(_ contours: [StrokeContour], pattern: [Double], lineWidth w: Double,
                             cap: LineCap, scale: Double) -> Double? {
        let period = pattern.reduce(0, +)
        var on = 0.0, dashesPerPeriod = 0.0
        for i in stride(from: 0, to: pattern.count, by: 2) { on += pattern[i]; dashesPerPeriod += 1 }
        guard period > 0, period.isFinite else { return nil }
        var fine = period * scale < finestPeriod
        if !fine {
            var length = 0.0
            for c in contours where c.points.count > 1 {
                for i in 1..<c.points.count { length += c.points[i - 1].distance(to: c.points[i]) }
                if c.closed, let a = c.points.last, let b = c.points.first { length += a.distance(to: b) }
            }
            fine = length / period * dashesPerPeriod > Double(maxDashes)
        }
        guard fine else { return nil }
        let capped = cap == .butt ? on : on + w * dashesPerPeriod
        return min(1, max(0, capped / period))
    }
    /// Points a dash's arrays are created with room for.
    static let dashCapacity = 16

    /// Cuts `contours` into dashes. `pattern` must have an even count of non-negative values with a
    /// positive sum and `phase` must be in [0, sum) (see `StrokeStyle.dashPattern`/`normalizedDashPhase`).
    static func dash(_ contours: [StrokeContour], pattern: [Double], phase: Double) -> [StrokeContour] {
        var out: [StrokeContour] = []
        // Where the phase puts us in the pattern.
        var startIndex = 0, startRemain = pattern[0]
        var skip = phase
        while skip > 0 {
            if skip >= startRemain {
                skip -= startRemain
                startIndex = (startIndex + 1) % pattern.count
                startRemain = pattern[startIndex]
            } else {
                startRemain -= skip; skip = 0
            }
        }

        for c in contours {
            guard c.points.count > 1 else { continue }   // zero-length subpaths have no length to dash
            var pts = c.points, smooth = c.smooth
            if c.closed { pts.append(pts[0]); smooth.append(smooth[0]) }
            var index = startIndex, remain = startRemain
            var on = index % 2 == 0
            var cur: [Point] = [], curSmooth: [Bool] = []
            // A dash starts with room for `dashCapacity` points (its arrays become the dash's
            // contour; growing them from one point reallocated each several times).
            func begin(_ q: Point) {
                cur = []; curSmooth = []
                cur.reserveCapacity(dashCapacity); curSmooth.reserveCapacity(dashCapacity)
                cur.append(q); curSmooth.append(false)
            }
            if on { begin(pts[0]) }
            func emit(direction: Point) {
                if cur.count >= 2 {
                    curSmooth[0] = false; curSmooth[curSmooth.count - 1] = false
                    out.append(StrokeContour(points: cur, smooth: curSmooth, closed: false,
                                             direction: cur.first == cur.last ? direction : nil))
                }
                cur = []; curSmooth = []
            }
            for i in 0..<(pts.count - 1) {
                if out.count >= maxDashes { return out }
                let a = pts[i], b = pts[i + 1]
                let len = a.distance(to: b)
                guard len > 0, let d = (b - a).normalized else { continue }
                var pos = 0.0
                while len - pos > remain {
                    pos += remain
                    let q = a + d * pos
                    if on {
                        cur.append(q); curSmooth.append(false)
                        emit(direction: d)
                    } else {
                        begin(q)
                    }
                    on.toggle()
                    index = (index + 1) % pattern.count
                    remain = pattern[index]
                    if out.count >= maxDashes { return out }
                }
                remain -= len - pos
                if on { cur.append(b); curSmooth.append(smooth[i + 1]) }
            }
            if on {
                let n = pts.count
                emit(direction: (pts[n - 1] - pts[n - 2]).normalized ?? Point(1, 0))
            }
        }
        return out
    }
}
