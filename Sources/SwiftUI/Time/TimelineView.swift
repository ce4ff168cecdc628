// SwiftUI's `TimelineView`: its content is evaluated with the schedule's date, and the schedule's
// next date is a tick of the render clock on which the whole view records again. Dates are the
// render clock's (`Date(timeIntervalSinceReferenceDate:)` of its seconds), so a run is the same
// every time. `.animation` ticks at 30 per second (the render's default frame rate).
internal import AnimoViewRecord
import Foundation

public protocol TimelineSchedule {
    /// The render clock's next tick after `time` (seconds), nil for none.
    func _nextTick(after time: Double) -> Double?
}

/// The first multiple of `interval` (from `start`) strictly after `time`, robust to the rounding
/// of `time` itself having been computed as such a multiple.
func tick(after time: Double, from start: Double = 0, every interval: Double) -> Double {
    let k = ((time - start) / interval + 1e-9).rounded(.down) + 1
    return start + k * interval
}

public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    let interval: Double
    let paused: Bool
    public func _nextTick(after time: Double) -> Double? {
        paused ? nil : tick(after: time, every: interval)
    }
}

public struct PeriodicTimelineSchedule: TimelineSchedule, Sendable {
    let start: Double
    let interval: Double
    public init(from startDate: Date, by interval: TimeInterval) {
        start = startDate.timeIntervalSinceReferenceDate
        self.interval = max(interval, 1.0 / 120)
    }
    public func _nextTick(after time: Double) -> Double? {
        if time < start { return start }
        return tick(after: time, from: start, every: interval)
    }
}

public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {
    public func _nextTick(after time: Double) -> Double? { tick(after: time, every: 60) }
}

public struct ExplicitTimelineSchedule: TimelineSchedule {
    let dates: [Double]
    public init<S: Sequence>(_ dates: S) where S.Element == Date { self.dates = dates.map(\.timeIntervalSinceReferenceDate).sorted() }
    public func _nextTick(after time: Double) -> Double? { dates.first { $0 > time } }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule(interval: 1.0 / 30, paused: false) }
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(interval: max(minimumInterval ?? 1.0 / 30, 1.0 / 30), paused: paused)
    }
}
extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}
extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}
extension TimelineSchedule where Self == ExplicitTimelineSchedule {
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule where S.Element == Date { ExplicitTimelineSchedule(dates) }
}

public struct TimelineViewDefaultContext {
    public enum Cadence: Comparable, Sendable { case live, seconds, minutes }
    public let date: Date
    public let cadence: Cadence
}

public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View, PrimitiveView {
    public typealias Context = TimelineViewDefaultContext
    let schedule: Schedule
    let content: (Context) -> Content

    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    public var body: Never { neverBody() }

    func record(_ context: RecordContext) -> RecordNode {
        let now = context.graph.clock.now
        if let next = schedule._nextTick(after: now) { context.graph.requestTick(at: next) }
        let view = content(Context(date: Date(timeIntervalSinceReferenceDate: now), cadence: .live))
        return context.graph.record(view, context.child("timeline"))
    }
}
