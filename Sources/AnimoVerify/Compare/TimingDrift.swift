// Time-aware animation diff: when frames differ, is the motion the same but early or late? For
// each actual frame, every golden frame within ±k frames is compared. An exact match (no pixel
// over the tolerance's maxDelta) gives a whole-frame shift (among tied exact matches: the same
// index first, then the shift the next frame chose, then the smallest). Otherwise the golden
// frame with the smallest sum of absolute channel differences (L1) is refined to a sub-frame time
// by the equiangular (V-shaped) line fit through its neighbours' L1 distances, the fit used for
// sub-pixel disparity in block matching (Shimizu & Okutomi, "Sub-pixel estimation error
// cancellation on area-based matching", IJCV 2005, discuss it; L1 over a shift is V-shaped near
// its minimum). Consecutive frames with about the same lag (within 35 % of a frame or 5 ms)
// form segments, described in words: "from 0.70 s the transition runs 40 ms late; the rest pose
// is unchanged".
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
        /// The golden time matched: the best frame's, refined between frames when no frame matches exactly.
        public var goldenTime: Double
        /// Pixels over maxDelta left at the best whole-frame match (0: exact).
        public var differingPixels: Int
        /// Pixels over maxDelta against the golden frame at the same index (nil when there is none).
        public var differingAtSameIndex: Int?
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
        // Pass 2, backwards: exact matches, preferring the same index, then the next frame's
        // shift, then the smallest shift; else the smallest L1 refined between frames.
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
                                  differingPixels: 0, differingAtSameIndex: s.count[i])
                nextShift = i - j
                continue
            }
            let j = order.min { s.l1[$0]! < s.l1[$1]! || (s.l1[$0]! == s.l1[$1]! && abs($0 - i) < abs($1 - i)) }!
            var t = goldenTimes[j]
            if let d0 = s.l1[j - 1], let d2 = s.l1[j + 1] {
                let d1 = Double(s.l1[j]!), a = Double(d0), c = Double(d2)
                // Equiangular fit: the V through the three points; δ in −½…½ frames toward the lower side.
                let slope = max(a, c) - d1
                if slope > 0 {
                    let delta = max(-0.5, min(0.5, (a - c) / (2 * slope)))
                    t += delta >= 0 ? delta * (goldenTimes[j + 1] - goldenTimes[j]) : delta * (goldenTimes[j] - goldenTimes[j - 1])
                }
            }
            result[i] = Match(actualIndex: i, actualTime: actualTimes[i], goldenIndex: j, goldenTime: t,
                              differingPixels: s.count[j]!, differingAtSameIndex: s.count[i])
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

    /// Words and figures, e.g. "until 0.20 s the frames match; from 0.23 s the transition runs
    /// 40 ms late (frames 7–37, estimated between frames); the rest pose is unchanged (from 1.40 s)".
    public var description: String {
        var parts: [String] = []
        let changedAny = segments.contains { !$0.unchanged }
        if !changedAny { return "every frame matches" }
        for (n, s) in segments.enumerated() {
            let frames = s.frames.count == 1 ? "frame \(s.frames.lowerBound)" : "frames \(s.frames.lowerBound)–\(s.frames.upperBound)"
            let from = String(format: "%.2f s", s.from)
            if s.unchanged {
                if n == segments.count - 1 && n > 0 {
                    parts.append("the rest pose is unchanged (from \(from))")
                } else if n == 0 {
                    parts.append("until \(String(format: "%.2f s", s.to)) the frames match")
                } else {
                    parts.append("from \(from) the frames match again (\(frames))")
                }
                continue
            }
            let ms = Self.wholeFrames(abs(s.lag) * 1000)
            if ms == 0 {
                parts.append("from \(from) the frames differ with no shift within ±\(window) frames explaining them (\(frames), up to \(s.residual) px)")
                continue
            }
            let way = s.lag > 0 ? "late" : "early"
            var text = "from \(from) the transition runs \(ms) ms \(way) (\(frames)"
            if s.explained {
                let shift = abs(s.frameShift)
                text += ", exactly \(shift) frame\(shift == 1 ? "" : "s"))"
            } else {
                text += ", estimated between frames; up to \(s.residual) px still differ at the nearest frame)"
            }
            parts.append(text)
        }
        return parts.joined(separator: "; ")
    }

    /// x rounded to a whole number, clamped to ±10¹⁵ before converting (NaN → 0): lags come from
    /// manifests, which may hold any number.
    static func wholeFrames(_ x: Double) -> Int {
        guard x.isFinite else { return x.isNaN ? 0 : (x > 0 ? Int(1e15) : -Int(1e15)) }
        return Int(min(max(x.rounded(), -1e15), 1e15))
    }
}
