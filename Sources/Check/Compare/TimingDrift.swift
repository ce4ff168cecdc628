// Time-aware animation diff: when frames differ, is the motion the same but early or late? For
// each actual frame, the best-matching golden frame within ±k frames (fewest pixels differing by
// more than the tolerance's maxDelta; ties go to the smallest shift, then the earlier frame)
// gives a time offset. Consecutive frames with the same offset form segments that are described
// in words: "from 0.70 s the transition runs 40 ms late; the rest pose is unchanged".
//
// Offset convention: an actual frame at time t that looks like the golden frame at time t' shows
// at t what the golden showed at t', so it runs t − t' late (negative: early).
import Foundation

public struct TimingDrift: Sendable {
    /// ±k frames searched (the issue's default 5).
    public static let defaultWindow = 5

    /// The match found for one actual frame.
    public struct Match: Sendable, Equatable {
        public var actualIndex: Int
        public var actualTime: Double
        /// Index into the golden sequence of the best match.
        public var goldenIndex: Int
        public var goldenTime: Double
        /// Pixels differing from the best match (0: an exact match under the tolerance).
        public var differingPixels: Int
        /// Pixels differing from the golden frame at the same index (nil when there is none).
        public var differingAtSameIndex: Int?
        /// actualTime − goldenTime, seconds (positive: late).
        public var lag: Double { actualTime - goldenTime }
        public var frameShift: Int { actualIndex - goldenIndex }
    }

    /// A run of consecutive actual frames with the same shift.
    public struct Segment: Sendable, Equatable {
        public var from: Double
        public var to: Double
        public var frames: ClosedRange<Int>
        /// Frame shift (actual index − golden index); positive: late.
        public var frameShift: Int
        /// Lag in seconds (mean over the segment's frames).
        public var lag: Double
        /// True when every frame of the segment matched its shifted golden frame exactly.
        public var explained: Bool
        /// Largest count of differing pixels left after shifting.
        public var residual: Int
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

    /// Matches decoded frames (the times give the lag in seconds; counts must equal the images').
    public init(actual: [RGBAImage], actualTimes: [Double], golden: [RGBAImage], goldenTimes: [Double],
                window: Int = TimingDrift.defaultWindow, maxDelta: Int = 0) {
        let k = max(0, window)
        self.window = k
        // Pass 1: every candidate's count; ties (equal fewest) are kept, since static frames match
        // several shifts equally.
        var best: [(count: Int, tied: [Int], same: Int?)] = []
        let limit = min(golden.count, goldenTimes.count)
        for (i, img) in actual.enumerated() where i < actualTimes.count {
            var candidates: [Int] = [i]
            for d in stride(from: 1, through: k, by: 1) { candidates += [i - d, i + d] }
            candidates = candidates.filter { j in j >= 0 && j < limit }
            var fewest = Int.max, tied: [Int] = [], same: Int? = nil
            for j in candidates {
                let n = Self.differingPixels(img, golden[j], maxDelta: maxDelta, stopAbove: fewest)
                if j == i { same = n }
                if n < fewest { fewest = n; tied = [j] } else if n == fewest { tied.append(j) }
            }
            best.append((fewest, tied, same))
        }
        // Pass 2, backwards: among tied matches prefer the same index (shift 0), then the shift the
        // next frame chose (so a delay is reported from its first frame), then the smallest shift.
        var chosen = [Int](repeating: 0, count: best.count)
        var nextShift: Int? = nil
        for i in stride(from: best.count - 1, through: 0, by: -1) {
            let tied = best[i].tied
            var j = tied.first ?? i
            if tied.contains(i) { j = i }
            else if let s = nextShift, tied.contains(i - s) { j = i - s }
            chosen[i] = j
            nextShift = i - j
        }
        var matches: [Match] = []
        for i in 0..<best.count where !best[i].tied.isEmpty {
            let j = chosen[i]
            matches.append(Match(actualIndex: i, actualTime: actualTimes[i], goldenIndex: j, goldenTime: goldenTimes[j],
                                 differingPixels: best[i].count, differingAtSameIndex: best[i].same))
        }
        self.matches = matches
        var segs: [Segment] = []
        for m in matches {
            if var last = segs.last, last.frameShift == m.frameShift, last.frames.upperBound == m.actualIndex - 1 {
                let n = Double(last.frames.count)
                last.lag = (last.lag * n + m.lag) / (n + 1)
                last.frames = last.frames.lowerBound...m.actualIndex
                last.to = m.actualTime
                last.explained = last.explained && m.differingPixels == 0
                last.residual = max(last.residual, m.differingPixels)
                segs[segs.count - 1] = last
            } else {
                segs.append(Segment(from: m.actualTime, to: m.actualTime, frames: m.actualIndex...m.actualIndex,
                                    frameShift: m.frameShift, lag: m.lag, explained: m.differingPixels == 0,
                                    residual: m.differingPixels))
            }
        }
        segments = segs
    }

    /// Pixels where any channel differs by more than `maxDelta` (fully transparent pairs equal);
    /// stops counting once above `stopAbove` (the result is then only known to exceed it).
    static func differingPixels(_ a: RGBAImage, _ b: RGBAImage, maxDelta: Int, stopAbove: Int) -> Int {
        guard a.width == b.width, a.height == b.height else { return .max }
        var n = 0
        a.bytes.withUnsafeBufferPointer { p in
            b.bytes.withUnsafeBufferPointer { q in
                var i = 0
                while i < p.count {
                    if p[i] != q[i] || p[i + 1] != q[i + 1] || p[i + 2] != q[i + 2] || p[i + 3] != q[i + 3],
                       !(p[i + 3] == 0 && q[i + 3] == 0) {
                        let d = max(abs(Int(p[i]) - Int(q[i])), abs(Int(p[i + 1]) - Int(q[i + 1])),
                                    abs(Int(p[i + 2]) - Int(q[i + 2])), abs(Int(p[i + 3]) - Int(q[i + 3])))
                        if d > maxDelta {
                            n += 1
                            if n > stopAbove { return }
                        }
                    }
                    i += 4
                }
            }
        }
        return n
    }

    /// True when some frames differ only by a shift in time (a segment with a non-zero shift that
    /// the shift explains exactly).
    public var hasShift: Bool { segments.contains { $0.frameShift != 0 && $0.explained } }

    /// Words and figures, e.g. "from 0.70 s the transition runs 40 ms late (frames 21–27, 1 frame);
    /// the rest pose is unchanged".
    public var description: String {
        var parts: [String] = []
        let changedAny = segments.contains { $0.frameShift != 0 || !$0.explained }
        for (n, s) in segments.enumerated() {
            let frames = s.frames.count == 1 ? "frame \(s.frames.lowerBound)" : "frames \(s.frames.lowerBound)–\(s.frames.upperBound)"
            let from = String(format: "%.2f s", s.from)
            if s.frameShift == 0 && s.explained {
                if n == segments.count - 1 && changedAny && n > 0 {
                    parts.append("the rest pose is unchanged (from \(from))")
                } else if n == 0 && changedAny {
                    parts.append("until \(String(format: "%.2f s", s.to)) the frames match")
                } else if !changedAny {
                    parts.append("every frame matches")
                } else {
                    parts.append("from \(from) the frames match again (\(frames))")
                }
                continue
            }
            if s.explained || s.frameShift != 0 {
                let ms = Int((abs(s.lag) * 1000).rounded())
                let shift = abs(s.frameShift)
                let way = s.lag > 0 ? "late" : "early"
                var text = "from \(from) the transition runs \(ms) ms \(way) (\(shift) frame\(shift == 1 ? "" : "s"), \(frames))"
                if !s.explained { text += ", still \(s.residual) px off after shifting" }
                parts.append(text)
            } else {
                parts.append("from \(from) the frames differ with no shift within ±\(window) frames explaining them (\(frames), ≥ \(s.residual) px each)")
            }
        }
        return parts.joined(separator: "; ")
    }
}
