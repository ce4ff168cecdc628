// The render's clock, shared by the modules that stand in for Apple's (SwiftUI, Combine). Work
// the user's code schedules (`asyncAfter`, timers, `Timer.publish`) waits here instead of on the
// wall clock and runs in time order (equal times in the order it was scheduled), so a run is
// deterministic and takes no real time. The types in this module shadow Foundation's and
// Dispatch's of the same names for code that imports SwiftUI or Combine.
@_exported import Foundation

public final class _VirtualClock: @unchecked Sendable {
    public static let shared = _VirtualClock()

    public private(set) var now: Double = 0
    private var queue: [(time: Double, order: Int, action: () -> Void)] = []
    private var order = 0
    /// Called before a stored value that views read changes (`@Published`, `@State`).
    public var willChange: () -> Void = {}

    public func reset() {
        now = 0
        queue = []
        order = 0
        willChange = {}
    }

    public func schedule(at time: Double, _ action: @escaping () -> Void) {
        guard time.isFinite else { return }
        order += 1
        let item = (time: max(time, now), order: order, action: action)
        let i = queue.firstIndex { ($0.time, $0.order) > (item.time, item.order) } ?? queue.count
        queue.insert(item, at: i)
    }

    /// The next action due no later than `limit`, with the clock moved to its time.
    public func next(until limit: Double) -> (() -> Void)? {
        guard let first = queue.first, first.time <= limit else { return nil }
        queue.removeFirst()
        now = first.time
        return first.action
    }
}
