import Foundation
// GIFTiming: which input frames a GIF shows and for how many centiseconds each.
//
// GIF delays are integers in 1/100 s, and browsers play a delay of 0 or 1 cs as 10 cs
// (docs/semantics.md §80: Chromium, Firefox and WebKit all clamp ≤ 10 ms to 100 ms), so 2 cs (50 fps)
// is the fastest honoured delay and there is no 60 fps GIF (§81).
//
// Rounding: each frame's ideal end time e (seconds from the start) becomes ⌊100·e⌋ cs, and a delay is
// the difference of consecutive rounded ends. Rounding the cumulative time instead of each delay
// keeps the total duration exact to 1 cs and gives 30 fps the pattern 3, 3, 4, 3, 3, 4 (ends at
// 3.33, 6.67, 10 cs → 3, 6, 10). Rounding each delay alone would play 30 fps at 33.3 fps.
//
// Rates above `maxFPS` (50) keep every k-th frame, k the smallest integer with fps/k ≤ maxFPS, so
// frames stay evenly spaced (60 → 30 fps, 120 → 40 fps); the result carries a note saying so.

/// Frame selection and centisecond delays for a GIF.
public struct GIFTiming: Sendable, Equatable {
    /// Indices of the input frames shown, ascending.
    public var frameIndices: [Int]
    /// Delay of each shown frame in centiseconds, every one ≥ 2.
    public var delays: [Int]
    /// Human-readable notes about changes (dropped frames), for the CLI to print.
    public var notes: [String]

    /// The fastest delay browsers honour, in centiseconds (docs/semantics.md §80).
    public static let minDelay = 2

    /// Evenly spaced frames at `fps`, dropping frames above `maxFPS`.
    /// Throws `ExportError.invalidParameter` for a non-finite or non-positive rate.
    public static func uniform(frameCount: Int, fps: Double, maxFPS: Double = 50) throws -> GIFTiming {
        guard frameCount > 0 else { throw ExportError.noFrames }
        guard fps.isFinite, fps > 0 else { throw ExportError.invalidParameter("fps \(fps)") }
        guard maxFPS.isFinite, maxFPS > 0, maxFPS <= 50 else { throw ExportError.invalidParameter("maxFPS \(maxFPS)") }
        var k = 1
        // Past frameCount every step keeps frame 0 only: bound the search (fps 1e300 looped ~forever).
        if fps / maxFPS > Double(frameCount) { k = frameCount }
        while fps / Double(k) > maxFPS * (1 + 1e-9), k < frameCount { k += 1 }
        var idx: [Int] = [], ends: [Double] = []
        var i = 0
        while i < frameCount {
            idx.append(i)
            ends.append(Double(min(i + k, frameCount)) / fps)
            i += k
        }
        var t = fromEnds(indices: idx, ends: ends)
        if k > 1 {
            t.notes.insert("GIF: \(fmt(fps)) fps is above the \(fmt(maxFPS)) fps GIFs can play; kept every \(k == 2 ? "2nd" : "\(k)th") frame (\(fmt(fps / Double(k))) fps)", at: 0)
        }
        return t
    }

    /// Frames with individual display durations in seconds; frames that would get less than 2 cs
    /// are dropped and their time given to the frame before (the first frame absorbs the second).
    public static func variable(durations: [Double]) throws -> GIFTiming {
        guard !durations.isEmpty else { throw ExportError.noFrames }
        for d in durations where !(d.isFinite && d >= 0) { throw ExportError.invalidParameter("frame duration \(d)") }
        var ends: [Double] = [], acc = 0.0
        for d in durations { acc += d; ends.append(acc) }
        return fromEnds(indices: Array(durations.indices), ends: ends)
    }

    private static func fromEnds(indices: [Int], ends: [Double]) -> GIFTiming {
        var idx = indices
        var delays: [Int] = []
        var prev = 0
        for e in ends {
            let c = Int(min((e * 100 + 1e-6).rounded(.down), 1e15))   // 1e-6 cs absorbs binary error of e.g. 3/30·100; clamped before converting
            delays.append(c - prev); prev = c
        }
        var dropped = 0
        var j = 0
        while j < delays.count, delays.count > 1 {
            if delays[j] >= minDelay { j += 1; continue }
            if j == 0 { delays[0] += delays[1]; delays.remove(at: 1); idx.remove(at: 1) }
            else { delays[j - 1] += delays[j]; delays.remove(at: j); idx.remove(at: j) }
            dropped += 1
            j = max(0, j - 1)
        }
        if delays.count == 1 { delays[0] = max(delays[0], minDelay) }
        var notes: [String] = []
        if dropped > 0 { notes.append("GIF: dropped \(dropped) frame(s) shorter than \(minDelay) cs (browsers play shorter delays as 10 cs)") }
        return GIFTiming(frameIndices: idx, delays: delays, notes: notes)
    }

    static func fmt(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%.2f", v)
    }
}
