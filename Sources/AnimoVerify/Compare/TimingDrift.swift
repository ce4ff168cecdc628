// Time-aware animation diff: when frames differ, is the motion the same but early or late? The
// golden's progress is the distance travelled through its frames: the sum of absolute channel
// differences (L1) between consecutive frames, 0 at the first, 1 at the last; it rises where the
// picture moves and stays flat where it rests. Each actual frame is placed on that path: an exact
// match (no pixel over the tolerance's maxDelta) within ±k frames gives a golden frame (among tied
// exact matches: the same index first, then the shift the next frame chose, then the smallest);
// otherwise the pair of consecutive golden frames the frame lies between — its L1 distances to
// the two add up to the golden's own step between them, as they do for a picture part way along
// a motion — places it at the fraction d₀ / (d₀ + d₁) of that step. A frame near no such pair
// shows something the golden never shows (a change of content, not of timing).
//
// The times so found are explained first by a model (TimingModel: a shift, a scale, or both),
// with each frame's error measured in progress, so that a settling tail, where every lag looks
// alike, cannot break the verdict into pieces: "the whole animation runs 40 ms late". Only when
// no model fits are consecutive frames with about the same lag (within 35 % of a frame or 5 ms)
// described as segments.
//
// Offset convention: an actual frame at time t that looks like the golden frame at time t' shows
// at t what the golden showed at t', so it runs t − t' late (negative: early).
import Foundation
import AnimoCheck
import AnimoRaster
import AnimoGeometry

public struct TimingDrift: Sendable {
    /// ±k frames searched (default 5).
    public static let defaultWindow = 5

    /// The match found for one actual frame.
    public struct Match: Sendable, Equatable {
        public var actualIndex: Int
        public var actualTime: Double
        /// Index into the golden sequence of the best whole-frame match.
        public var goldenIndex: Int
        /// The golden time matched: the matching frame's, or between the two golden frames the
        /// frame lies between.
        public var goldenTime: Double
        /// Pixels over maxDelta left at the best whole-frame match (0: exact).
        public var differingPixels: Int
        /// Pixels over maxDelta against the golden frame at the same index (nil when there is none).
        public var differingAtSameIndex: Int?
        /// Sum of absolute channel differences left at the best whole-frame match.
        public var distance: Int = 0
        /// Where on the golden's path the frame lies, in golden frame indices (fractional).
        public var goldenPosition: Double = 0
        /// False when the frame lies near no golden frame or pair of frames (its content differs).
        public var onPath: Bool = true
        /// actualTime − goldenTime, seconds (positive: late).
        public var lag: Double { actualTime - goldenTime }
        public var frameShift: Int { actualIndex - goldenIndex }
        public var exact: Bool { differingPixels == 0 }
    }

    /// A run of consecutive actual frames with about the same lag.
    public struct Segment: Sendable, Equatable {
        public var from: Double
        public var to: Double
        public var frames: ClosedRange<Int>
        /// The mean lag in whole frames, rounded; positive: late.
        public var frameShift: Int
        /// Mean lag in seconds.
        public var lag: Double
        /// True when every frame matched a golden frame exactly.
        public var explained: Bool
        /// Largest count of pixels over maxDelta left at the best whole-frame matches.
        public var residual: Int
        /// True when every frame equals the golden frame at the same index.
        public var unchanged: Bool
    }

    public let window: Int
    public let matches: [Match]
    public let segments: [Segment]
    /// The golden's times, and its progress at each: the distance travelled through its frames
    /// (the sum of absolute channel differences between consecutive frames), 0 at the first and
    /// 1 at the last. It rises where the picture moves and stays flat where it rests.
    public let goldenTimes: [Double]
    public let goldenProgress: [Double]
    /// Each match's progress on the golden's curve (at the golden time it matched).
    public let matchProgress: [Double]
    /// The verdict: one sentence when a shift or scale explains the frames (TimingModel).
    public let analysis: TimingAnalysis

    /// Matches every actual frame against golden frames within ±`window` positions. Frames are
    /// paired by position in timeline order.
    /// - Throws: when a frame cannot be read.
    public init(actual: FrameSequence, golden: FrameSequence, window: Int = TimingDrift.defaultWindow, maxDelta: Int = 0) throws {
        let a = try actual.frames.map { try RGBAImage(contentsOf: actual.folder.appendingPathComponent($0.file)) }
        let g = try golden.frames.map { try RGBAImage(contentsOf: golden.folder.appendingPathComponent($0.file)) }
        self.init(actual: a, actualTimes: actual.frames.map(\.time), golden: g, goldenTimes: golden.frames.map(\.time),
                  window: window, maxDelta: maxDelta)
    }

    /// Matches decoded frames (the times give the lag in seconds).
    public init(actual: [RGBAImage], actualTimes: [Double], golden: [RGBAImage], goldenTimes: [Double],
                window: Int = TimingDrift.defaultWindow, maxDelta: Int = 0) {
        let k = max(0, window)
        self.window = k
        let limit = min(golden.count, goldenTimes.count)
        let count = min(actual.count, actualTimes.count)
        // Pass 1: every candidate's count over maxDelta and L1 distance.
        struct Scores { var count: [Int: Int] = [:]; var l1: [Int: Int] = [:] }
        var scores: [Scores] = []
        for i in 0..<count {
            var s = Scores()
            for j in max(0, i - k)..<min(limit, i + k + 1) {
                let (n, d) = Self.distance(actual[i], golden[j], maxDelta: maxDelta)
                s.count[j] = n
                s.l1[j] = d
            }
            scores.append(s)
        }
        // The golden's own steps between consecutive frames.
        var steps: [Double] = []
        if limit >= 2 { for j in 0..<(limit - 1) { steps.append(Double(Self.distance(golden[j], golden[j + 1], maxDelta: maxDelta).1)) } }
        let largest = steps.max() ?? 0
        // Pass 2, backwards: exact matches, preferring the same index, then the next frame's
        // shift, then the smallest shift; else the pair of golden frames the frame lies between.
        var result = [Match?](repeating: nil, count: count)
        var nextShift: Int? = nil
        for i in stride(from: count - 1, through: 0, by: -1) {
            let s = scores[i]
            guard !s.count.isEmpty else { nextShift = nil; continue }
            let order = s.count.keys.sorted { (abs($0 - i), $0) < (abs($1 - i), $1) }
            let exact = order.filter { s.count[$0] == 0 }
            if !exact.isEmpty {
                var j = exact[0]
                if exact.contains(i) { j = i } else if let sh = nextShift, exact.contains(i - sh) { j = i - sh }
                result[i] = Match(actualIndex: i, actualTime: actualTimes[i], goldenIndex: j, goldenTime: goldenTimes[j],
                                  differingPixels: 0, differingAtSameIndex: s.count[i], distance: s.l1[j]!, goldenPosition: Double(j))
                nextShift = i - j
                continue
            }
            // The pair (j, j + 1) whose distances add up closest to its step (the frame lies on the
            // path between them); ties: the smaller sum, then the pair nearest the same index.
            var pair: (j: Int, excess: Double, sum: Double)? = nil
            for j in order.sorted() where s.l1[j + 1] != nil && j < steps.count {
                let d0 = Double(s.l1[j]!), d1 = Double(s.l1[j + 1]!)
                let excess = d0 + d1 - steps[j]
                if let p = pair, (excess, d0 + d1, abs(j - i)) >= (p.excess, p.sum, abs(p.j - i)) { continue }
                pair = (j, excess, d0 + d1)
            }
            let nearest = order.min { s.l1[$0]! < s.l1[$1]! || (s.l1[$0]! == s.l1[$1]! && abs($0 - i) < abs($1 - i)) }!
            var position = Double(nearest), onPath = false
            // Rounding noise of a settling tail is not a change of content: 2 % of the largest step.
            if let p = pair, p.excess <= 0.2 * steps[p.j] + 0.02 * largest, p.sum > 0 {
                position = Double(p.j) + Double(s.l1[p.j]!) / p.sum
                onPath = true
            }
            let lo = Int(position.rounded(.down)), f = position - Double(lo)
            let t = lo + 1 < limit ? goldenTimes[lo] + f * (goldenTimes[lo + 1] - goldenTimes[lo]) : goldenTimes[lo]
            let j = Int(position.rounded())
            result[i] = Match(actualIndex: i, actualTime: actualTimes[i], goldenIndex: j, goldenTime: t,
                              differingPixels: s.count[j] ?? s.count[nearest]!, differingAtSameIndex: s.count[i],
                              distance: s.l1[j] ?? s.l1[nearest]!, goldenPosition: position, onPath: onPath)
            nextShift = i - j
        }
        let matches = result.compactMap { $0 }
        self.matches = matches
        // Segments: consecutive frames whose lag stays within tolerance of the segment's mean.
        let dts = zip(goldenTimes.dropFirst(), goldenTimes).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        let frame = dts.isEmpty ? 1.0 / 30 : dts[dts.count / 2]
        let tol = max(0.005, 0.35 * frame)
        var segs: [Segment] = []
        for m in matches {
            let same = m.differingAtSameIndex == 0
            if var last = segs.last, last.frames.upperBound == m.actualIndex - 1,
               last.unchanged == same, same || abs(m.lag - last.lag) <= tol {
                let n = Double(last.frames.count)
                last.lag = (last.lag * n + m.lag) / (n + 1)
                last.frameShift = Self.wholeFrames(last.lag / frame)
                last.frames = last.frames.lowerBound...m.actualIndex
                last.to = m.actualTime
                last.explained = last.explained && m.exact
                last.residual = max(last.residual, m.differingPixels)
                segs[segs.count - 1] = last
            } else {
                segs.append(Segment(from: m.actualTime, to: m.actualTime, frames: m.actualIndex...m.actualIndex,
                                    frameShift: same ? 0 : Self.wholeFrames(m.lag / frame), lag: same ? 0 : m.lag,
                                    explained: m.exact, residual: m.differingPixels, unchanged: same))
            }
        }
        segments = segs
        // Progress along the golden, and each frame's place on it.
        let total = steps.reduce(0, +)
        var progress = [0.0]
        for st in steps { progress.append(progress.last! + (total > 0 ? st / total : 0)) }
        let times = Array(goldenTimes.prefix(limit))
        self.goldenTimes = times
        self.goldenProgress = progress
        let curve = ProgressCurve(times: times, values: progress)
        matchProgress = matches.map { m in
            let lo = min(max(Int(m.goldenPosition.rounded(.down)), 0), max(progress.count - 1, 0))
            let f = m.goldenPosition - Double(lo)
            return lo + 1 < progress.count ? progress[lo] + f * (progress[lo + 1] - progress[lo]) : (progress.last ?? 0)
        }
        analysis = TimingAnalysis.frames(matches: matches, progress: matchProgress, curve: curve, steps: steps, segments: segs, window: k)
    }

    /// (pixels with a channel differing by more than `maxDelta`, sum of absolute channel
    /// differences); fully transparent pairs are equal; a size mismatch is (Int.max, Int.max).
    static func distance(_ a: RGBAImage, _ b: RGBAImage, maxDelta: Int) -> (Int, Int) {
        guard a.width == b.width, a.height == b.height else { return (.max, .max) }
        var n = 0, l1 = 0
        a.bytes.withUnsafeBufferPointer { p in
            b.bytes.withUnsafeBufferPointer { q in
                p.withMemoryRebound(to: UInt32.self) { p32 in
                    q.withMemoryRebound(to: UInt32.self) { q32 in
                        for px in 0..<p32.count where p32[px] != q32[px] {
                            let i = 4 * px
                            if p[i + 3] == 0 && q[i + 3] == 0 { continue }
                            var m = 0
                            for c in 0..<4 {
                                let d = abs(Int(p[i + c]) - Int(q[i + c]))
                                l1 += d
                                m = max(m, d)
                            }
                            if m > maxDelta { n += 1 }
                        }
                    }
                }
            }
        }
        return (n, l1)
    }

    /// True when some frames differ only by a whole-frame shift in time.
    public var hasShift: Bool { segments.contains { !$0.unchanged && $0.frameShift != 0 && $0.explained } }

    /// The timing verdict in words: one sentence when a model explains the frames, else the
    /// segments that differ.
    public var description: String { analysis.sentence }

    /// x rounded to a whole number, clamped to ±10¹⁵ before converting (NaN → 0): lags come from
    /// manifests, which may hold any number.
    static func wholeFrames(_ x: Double) -> Int {
        guard x.isFinite else { return x.isNaN ? 0 : (x > 0 ? Int(1e15) : -Int(1e15)) }
        return Int(min(max(x.rounded(), -1e15), 1e15))
    }
}

/// A piecewise-linear curve through (time, value) points sorted by time.
struct ProgressCurve: Sendable {
    var times: [Double]
    var values: [Double]

    /// The value at t: monotone cubic (Fritsch–Carlson) between the points, so that a curve that
    /// only rises never overshoots, and a motion that speeds up or slows down between two frames is
    /// followed more closely than by a straight line.
    func value(at t: Double) -> Double {
        guard let first = times.first, let last = times.last, times.count == values.count else { return 0 }
        if t <= first { return values[0] }
        if t >= last { return values[values.count - 1] }
        var lo = 0, hi = times.count - 1
        while hi - lo > 1 { let m = (lo + hi) / 2; if times[m] <= t { lo = m } else { hi = m } }
        let h = times[hi] - times[lo]
        guard h > 0 else { return values[lo] }
        let m0 = tangent(lo), m1 = tangent(hi)
        let u = (t - times[lo]) / h, u2 = u * u, u3 = u2 * u
        let v = (2 * u3 - 3 * u2 + 1) * values[lo] + (u3 - 2 * u2 + u) * h * m0
            + (-2 * u3 + 3 * u2) * values[hi] + (u3 - u2) * h * m1
        return min(max(v, min(values[lo], values[hi])), max(values[lo], values[hi]))
    }

    /// The Fritsch–Carlson tangent at point k: zero at a local extremum or flat segment, else the
    /// harmonic mean of the neighbouring slopes (which keeps the interpolant monotone).
    private func tangent(_ k: Int) -> Double {
        func seg(_ j: Int) -> Double {
            let dt = times[j + 1] - times[j]
            return dt > 0 ? (values[j + 1] - values[j]) / dt : 0
        }
        if k == 0 { return seg(0) }
        if k == times.count - 1 { return seg(k - 1) }
        let a = seg(k - 1), b = seg(k)
        guard a * b > 0 else { return 0 }
        return 2 * a * b / (a + b)
    }

    /// Value per second at t: the slope of the segment holding t (the mean of the two segments
    /// meeting at a point).
    func slope(at t: Double) -> Double {
        guard times.count >= 2 else { return 0 }
        func seg(_ j: Int) -> Double {
            let dt = times[j + 1] - times[j]
            return dt > 0 ? (values[j + 1] - values[j]) / dt : 0
        }
        if t <= times[0] { return seg(0) }
        if t >= times[times.count - 1] { return seg(times.count - 2) }
        var lo = 0, hi = times.count - 1
        while hi - lo > 1 { let m = (lo + hi) / 2; if times[m] <= t { lo = m } else { hi = m } }
        if abs(t - times[lo]) < 1e-9, lo > 0 { return 0.5 * (seg(lo - 1) + seg(lo)) }
        return seg(lo)
    }
}

extension TimingAnalysis {
    /// The timing of two frame sequences from TimingDrift's matches: a frame that shows what the
    /// golden showed at another time is a time pair; its weight is the golden's progress per second
    /// there, and the model must place every frame within 20 % of the golden's largest one-frame
    /// step of progress. Frames that no golden frame nearby resembles (closer than 60 % of the
    /// golden's own step there) differ in what they show, and no timing model is claimed.
    static func frames(matches: [TimingDrift.Match], progress: [Double], curve: ProgressCurve, steps: [Double],
                       segments: [TimingDrift.Segment], window: Int) -> TimingAnalysis {
        let total = steps.reduce(0, +)
        let maxStep = total > 0 ? (steps.max() ?? 0) / total : 0
        let tolerance = 0.2 * maxStep
        let content = matches.filter { !$0.onPath }
        if !content.isEmpty {
            let from = String(format: "%.2f s", content[0].actualTime)
            let n = content.count
            let sentence = "\(n) frame\(n == 1 ? "" : "s") (from \(from)) differ in what they show, not only in timing: no golden frame within ±\(window) looks like \(n == 1 ? "it" : "them")"
            return TimingAnalysis(source: .frames, model: nil, sentence: sentence, detail: [], points: [], tolerance: tolerance)
        }
        let onset = zip(curve.times, steps).first { $0.1 > 0 }?.0 ?? 0
        let end = Array(zip(curve.times.dropFirst(), steps)).last { $0.1 > 0 }?.0 ?? onset
        var points: [TimingPoint] = []
        var measured: [String: Double] = [:], exact = Set<String>()
        for (m, p) in zip(matches, progress) {
            let w = max(curve.slope(at: m.goldenTime), curve.slope(at: m.actualTime))
            guard w > 0 else { continue }
            let label = "frame \(m.actualIndex)"
            points.append(TimingPoint(label: label, old: m.goldenTime, new: m.actualTime, origin: onset, weight: w))
            measured[label] = p
            if m.exact { exact.insert(label) }
        }
        // A frame's residual is measured in progress: where the model says the golden was when it
        // showed this frame, against where it matched (flat stretches absorb any lag).
        // A frame equal to a golden frame while the picture moves pins its time far more tightly
        // than one placed between two frames: its error counts five times.
        let fixedCurve = curve, fixedMeasured = measured, fixedExact = exact
        let residual: @Sendable (TimingModel, TimingPoint) -> Double = { m, q in
            let e = abs(fixedCurve.value(at: m.inverse(new: q.new, origin: q.origin)) - (fixedMeasured[q.label] ?? 0))
            return fixedExact.contains(q.label) ? 5 * e : e
        }
        if let model = TimingModel.fit(points, tolerance: tolerance, residual: residual) {
            return TimingAnalysis(source: .frames, model: model, sentence: model.kind == .unchanged ? "the timing is unchanged" : model.sentence(subject: "the animation", span: end - onset,
                                                                                                        resolution: exact.count == points.count ? 0.001 : 0.005),
                                  detail: [], points: points, tolerance: tolerance)
        }
        // No model: the segments where the picture moves, at most four.
        let fastest = points.map(\.weight).max() ?? 0
        let moving = segments.filter { seg in
            !seg.unchanged && matches.contains { seg.frames.contains($0.actualIndex) && curve.slope(at: $0.goldenTime) > 0.05 * fastest }
        }
        var detail: [String] = moving.prefix(4).map { seg in
            let range = String(format: "%.2f–%.2f s", seg.from, seg.to)
            let ms = TimingDrift.wholeFrames(abs(seg.lag) * 200) * 5
            return ms == 0 ? "\(range): on time" : "\(range): \(ms) ms \(seg.lag > 0 ? "late" : "early")"
        }
        if moving.count > 4 { detail.append("\(moving.count - 4) more segment\(moving.count == 5 ? "" : "s")") }
        let sentence = "no single shift or scale explains the frames" + (detail.isEmpty ? "" : ": " + detail.joined(separator: "; "))
        return TimingAnalysis(source: .frames, model: nil, sentence: sentence, detail: detail, points: points, tolerance: tolerance)
    }

}
