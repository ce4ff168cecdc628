// A simple explanation of a timing change, fitted before any per-segment detail: old → new times
// (a golden case's key poses, or the frames of two folders matched by their progress) are
// explained by one of, in this order,
//   unchanged       new = old
//   shift           new = old + s                      "the whole animation runs 40 ms late"
//   scale           new = o + k·(old − o)              "the spring settles 120 ms sooner"
//   shift and scale new = o + s + k·(old − o)          "the transition starts 40 ms late and takes 25 % longer …"
// where o is each point's origin (the start of the transition it belongs to). A model explains the
// change when every point's residual, weighted, is within the tolerance; the first that does is
// reported. Weights let a caller count a point by how much a time error there shows: a key pose
// weighs 1 (residuals in seconds), a frame weighs its animation's progress per second (residuals in
// progress), so that frames of a settling tail, where any shift looks alike, cannot veto a model.
import Foundation

/// One old → new time pair.
public struct TimingPoint: Sendable, Equatable, Codable {
    /// What the time belongs to, e.g. `mid-0` or `frame 12`.
    public var label: String
    /// The time in the golden (reference), seconds.
    public var old: Double
    /// The time now, seconds.
    public var new: Double
    /// The start of the transition the point belongs to, in the golden (the centre of a scale).
    public var origin: Double
    /// How much a time error counts here (1 for key poses).
    public var weight: Double

    public init(label: String, old: Double, new: Double, origin: Double, weight: Double = 1) {
        self.label = label; self.old = old; self.new = new; self.origin = origin; self.weight = weight
    }
}

/// The simplest model that explains a set of time pairs.
public struct TimingModel: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case unchanged, shift, scale, shiftAndScale
    }

    public var kind: Kind
    /// Seconds added to every time (positive: late).
    public var shift: Double
    /// Durations from each origin are multiplied by this (1: unchanged; > 1: slower).
    public var scale: Double
    /// The largest weighted residual left.
    public var residual: Double

    /// The simplest model, in order of simplicity, whose residuals are all within `tolerance`
    /// and not much larger than those of the best model (at most twice its largest residual, or a
    /// tenth of the tolerance): a pure delay is a shift, a slower spring a scale. nil when no
    /// model fits (the caller then gives per-segment detail). Points with weight 0 are ignored.
    /// - Parameter residual: how far a point lies from a model; default: its weight times the
    ///   time error, `weight · |new − predict(old)|`.
    public static func fit(_ points: [TimingPoint], tolerance: Double,
                           residual: (@Sendable (TimingModel, TimingPoint) -> Double)? = nil) -> TimingModel? {
        let p = points.filter { $0.weight > 0 && $0.old.isFinite && $0.new.isFinite }
        guard !p.isEmpty, tolerance >= 0 else { return nil }
        let r: (TimingModel, TimingPoint) -> Double = residual ?? { m, q in q.weight * abs(q.new - m.predict(old: q.old, origin: q.origin)) }
        func worst(_ m: TimingModel) -> Double { p.map { r(m, $0) }.max() ?? 0 }
        var candidates: [TimingModel] = [TimingModel(kind: .unchanged, shift: 0, scale: 1, residual: 0)]
        if residual == nil {
            candidates += [fitShift(p, tolerance), fitScale(p, tolerance), fitBoth(p)].compactMap { $0 }
        } else {
            candidates += search(p, r)
        }
        var fitted = candidates.map { m -> TimingModel in var m = m; m.residual = worst(m); return m }
        fitted = fitted.filter { $0.residual <= tolerance + 1e-12 }
        guard let best = fitted.map(\.residual).min() else { return nil }
        let enough = max(2 * best, 0.1 * tolerance) + 1e-12
        return fitted.first { $0.residual <= enough }
    }

    /// The best shift, scale, and shift with scale for a residual that is not a weighted time
    /// error (found by search: a coarse grid, then finer ones around the best).
    static func search(_ p: [TimingPoint], _ r: (TimingModel, TimingPoint) -> Double) -> [TimingModel] {
        func cost(_ m: TimingModel) -> Double { p.reduce(0) { let e = r(m, $1); return $0 + e * e } }
        let lags = p.map { $0.new - $0.old }
        let lo = (lags.min() ?? 0) - 0.05, hi = (lags.max() ?? 0) + 0.05
        // Shift: 1 ms grid, then 0.05 ms.
        func bestShift(_ a: Double, _ b: Double, _ step: Double) -> Double {
            stride(from: a, through: b, by: step).min { cost(TimingModel(kind: .shift, shift: $0, scale: 1, residual: 0)) < cost(TimingModel(kind: .shift, shift: $1, scale: 1, residual: 0)) } ?? 0
        }
        var s = bestShift(lo, hi, 0.001)
        s = bestShift(s - 0.001, s + 0.001, 0.00005)
        // Scale: 0.01 grid over 0.25…4, then 0.0005.
        func bestScale(_ a: Double, _ b: Double, _ step: Double) -> Double {
            stride(from: a, through: b, by: step).min { cost(TimingModel(kind: .scale, shift: 0, scale: $0, residual: 0)) < cost(TimingModel(kind: .scale, shift: 0, scale: $1, residual: 0)) } ?? 1
        }
        var k = bestScale(0.25, 4, 0.01)
        k = bestScale(k - 0.01, k + 0.01, 0.0005)
        // Both: from the best of each, alternate refinements.
        var both = TimingModel(kind: .shiftAndScale, shift: s, scale: k, residual: 0)
        for (ds, dk) in [(0.01, 0.05), (0.002, 0.01), (0.0004, 0.002), (0.00005, 0.0005)] {
            var best = both, bestCost = cost(both)
            for i in -5...5 {
                for j in -5...5 {
                    let m = TimingModel(kind: .shiftAndScale, shift: both.shift + Double(i) * ds, scale: both.scale + Double(j) * dk, residual: 0)
                    let c = cost(m)
                    if c < bestCost { best = m; bestCost = c }
                }
            }
            both = best
        }
        return [TimingModel(kind: .shift, shift: s, scale: 1, residual: 0),
                TimingModel(kind: .scale, shift: 0, scale: k, residual: 0), both]
    }

    /// The time this model predicts for a golden time `old` whose transition started at `origin`.
    public func predict(old: Double, origin: Double) -> Double {
        origin + shift + scale * (old - origin)
    }

    /// The golden time this model maps to `new` (the inverse of `predict`).
    public func inverse(new: Double, origin: Double) -> Double {
        scale != 0 ? origin + (new - origin - shift) / scale : new - shift
    }

    /// A shift: each point allows s within tolerance / weight of its own difference; the
    /// weighted mean, clamped into the intersection of those intervals (the minimax-feasible set).
    static func fitShift(_ p: [TimingPoint], _ tol: Double) -> TimingModel? {
        var lo = -Double.infinity, hi = Double.infinity, sw = 0.0, swd = 0.0
        for q in p {
            let d = q.new - q.old, w2 = q.weight * q.weight
            lo = max(lo, d - tol / q.weight)
            hi = min(hi, d + tol / q.weight)
            sw += w2; swd += w2 * d
        }
        let s = lo <= hi ? min(max(swd / sw, lo), hi) : swd / sw
        return TimingModel(kind: .shift, shift: s, scale: 1, residual: 0)
    }

    /// A scale about each origin, fitted the same way on (old − origin) → (new − origin).
    static func fitScale(_ p: [TimingPoint], _ tol: Double) -> TimingModel? {
        var lo = -Double.infinity, hi = Double.infinity, suu = 0.0, sud = 0.0
        for q in p {
            let u = q.old - q.origin, d = q.new - q.old, w2 = q.weight * q.weight
            suu += w2 * u * u; sud += w2 * u * d
            guard abs(u) > 1e-9 else { continue }
            let a = (d - tol / q.weight) / u, b = (d + tol / q.weight) / u
            lo = max(lo, min(a, b)); hi = min(hi, max(a, b))
        }
        guard suu > 0 else { return nil }
        let c = lo <= hi ? min(max(sud / suu, lo), hi) : sud / suu
        return TimingModel(kind: .scale, shift: 0, scale: 1 + c, residual: 0)
    }

    /// A shift and a scale: weighted least squares of (new − old) = s + c·(old − origin).
    static func fitBoth(_ p: [TimingPoint]) -> TimingModel? {
        var sw = 0.0, su = 0.0, suu = 0.0, sd = 0.0, sud = 0.0
        for q in p {
            let u = q.old - q.origin, d = q.new - q.old, w2 = q.weight * q.weight
            sw += w2; su += w2 * u; suu += w2 * u * u; sd += w2 * d; sud += w2 * u * d
        }
        let det = sw * suu - su * su
        guard abs(det) > 1e-15 * max(1, sw * suu) else { return nil }
        let c = (sw * sud - su * sd) / det
        let s = (sd - c * su) / sw
        return TimingModel(kind: .shiftAndScale, shift: s, scale: 1 + c, residual: 0)
    }

    // MARK: - Words

    /// One sentence, e.g. "the whole animation runs 40 ms late". `subject` names what moves
    /// ("the spring", "the transitions", "the animation"); `span` is the longest golden duration
    /// from an origin (to say when it settles); durations are rounded to `resolution` seconds
    /// (1 ms for key poses, whose times are exact; 5 ms for times estimated between frames).
    public func sentence(subject: String = "the transition", span: Double, resolution: Double = 0.001) -> String {
        let plural = subject.hasSuffix("s")
        func ms(_ s: Double) -> String { Self.ms(s, resolution: resolution) }
        switch kind {
        case .unchanged:
            return "the timing is unchanged"
        case .shift:
            return "the whole animation runs \(ms(shift)) \(shift >= 0 ? "late" : "early")"
        case .scale:
            let settle = (scale - 1) * span
            return "\(subject) settle\(plural ? "" : "s") \(ms(settle)) \(settle >= 0 ? "later" : "sooner") (\(Self.percent(scale)) \(scale >= 1 ? "longer" : "shorter"))"
        case .shiftAndScale:
            let settle = shift + (scale - 1) * span
            return "\(subject) start\(plural ? "" : "s") \(ms(shift)) \(shift >= 0 ? "late" : "early") and take\(plural ? "" : "s") \(Self.percent(scale)) \(scale >= 1 ? "longer" : "less time"): \(plural ? "they settle" : "it settles") \(ms(settle)) \(settle >= 0 ? "later" : "sooner")"
        }
    }

    /// "40 ms": the magnitude, rounded to `resolution` seconds.
    static func ms(_ seconds: Double, resolution: Double = 0.001) -> String {
        let r = max(resolution, 0.001)
        return "\(TimingDrift.wholeFrames((abs(seconds) / r).rounded() * r * 1000)) ms"
    }

    /// "25 %": how much longer or shorter a duration scaled by k is.
    static func percent(_ k: Double) -> String { "\(TimingDrift.wholeFrames(abs(k - 1) * 100)) %" }
}
