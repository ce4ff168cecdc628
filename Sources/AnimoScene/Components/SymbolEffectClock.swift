// Timing of symbol effects: when each effect runs and how far along it is at time t.
//
// Durations of symbol effects are not documented (docs/semantics.md §78); `speed` is a multiplier
// (default 1). The base durations below are this renderer's choice, picked to look like the
// effects' pace on a device, and written in docs/spec.md. A run at speed s lasts base / s.
//
// Drives (SwiftUI's `symbolEffect(_:options:isActive:)` and `symbolEffect(_:options:value:)`):
// - draw effects (drawOn/drawOff) with `isActive`: a visibility progress P in [0, 1] (1 = fully
//   drawn) moves linearly toward the target at 1 / duration per second whenever `isActive`
//   changes; `isActive: true` means hidden (SwiftUI\'s inverted sense). A change mid-trace reverses
//   from where the stroke is. Without `isActive` or `value` the symbol is simply drawn.
// - indefinite effects (breathe, pulse, rotate, variableColor, wiggle, bounce) with `isActive`
//   run while it is true (always when neither `isActive` nor `value` is given);
// - discrete effects with `value` run once (or `repeatCount` times) from each event that changes
//   one of the listed state variables, restarting if set off again while running;
// - `replace` swaps between the symbol's `name` (isActive false) and `to` (isActive true), or
//   toggles on each `value` change, with a content transition of the replace duration.
// A run started by an event is part of that event's transition (ComponentTransition), so the key
// poses `mid:N` and `rest:N` wait for it.
import AnimoSpec
import Foundation

/// Base durations in seconds at speed 1 (a choice: docs/semantics.md §78).
public enum SymbolEffectTiming {
    /// drawOn / drawOff: the whole symbol, all layers (a pen trace of a checkmark-sized glyph).
    public static let draw = 0.8
    /// byLayer draw: a layer starts this fraction of a layer's duration after the previous one.
    public static let layerStagger = 0.35
    /// One bounce (a scale hump).
    public static let bounce = 0.5
    /// One opacity pulse.
    public static let pulse = 1.0
    /// One breath (scale up and back).
    public static let breathe = 2.0
    /// One wiggle (two decaying swings).
    public static let wiggle = 0.6
    /// One full turn.
    public static let rotate = 1.0
    /// One pass of variableColor over the layers.
    public static let variableColor = 1.2
    /// A replace content transition.
    public static let replace = 0.4
}

/// A component animation set off by an event: part of that event's transition, so key poses wait
/// for it (`mid:N` at half its progress, `rest:N` at its end).
struct ComponentTransition: Sendable {
    /// The event's index in the spec's `events`.
    var event: Int
    var start: Double
    var end: Double

    /// Linear progress in [0, 1].
    func progress(at t: Double) -> Double {
        guard end > start else { return t >= start ? 1 : 0 }
        return min(max((t - start) / (end - start), 0), 1)
    }
}

/// The visibility progress of a draw effect (1 = drawn, 0 = hidden).
struct DrawTimeline: Sendable {
    struct Change: Sendable {
        var time: Double
        var from: Double
        var target: Double
    }
    var initial: Double
    var changes: [Change] = []
    /// Seconds for a full trace (base / speed).
    var duration: Double

    init(initial: Double, duration: Double) {
        self.initial = initial
        self.duration = duration
    }

    /// Adds a change of target at `time` (times must not decrease); returns when it completes.
    mutating func set(target: Double, at time: Double) -> Double {
        let from = progress(at: time)
        changes.append(Change(time: time, from: from, target: target))
        return time + abs(target - from) * duration
    }

    func progress(at t: Double) -> Double {
        guard let c = changes.last(where: { $0.time <= t }) else { return initial }
        guard duration > 0 else { return c.target }
        // Snap within 1e-9 of the target, so the instant computed by `set` (its rest time) is
        // exactly at rest despite rounding.
        let step = (t - c.time) / duration + 1e-9
        return c.target > c.from ? min(c.from + step, c.target) : max(c.from - step, c.target)
    }

    /// The target at t (where the trace is heading).
    func target(at t: Double) -> Double { changes.last(where: { $0.time <= t })?.target ?? initial }
}

/// When a non-draw effect runs.
enum SymbolEffectDrive: Sendable {
    /// Runs while active: spans [start, end) of the clock (end = +∞ while still active).
    case spans([(start: Double, end: Double)])
    /// Runs from each trigger for `runs` cycles.
    case triggers([Double], runs: Double)

    /// The effect's phase at t in cycles since it started (nil when not running), for a cycle of
    /// `cycle` seconds.
    func phase(at t: Double, cycle: Double) -> Double? {
        guard cycle > 0 else { return nil }
        switch self {
        case .spans(let list):
            guard let s = list.last(where: { $0.start <= t }), t < s.end else { return nil }
            return (t - s.start) / cycle
        case .triggers(let times, let runs):
            guard let s = times.last(where: { $0 <= t }) else { return nil }
            let u = (t - s) / cycle
            return u < runs ? u : nil
        }
    }
}
