/// Foundation's `Timer` on the render's clock. A repeating timer fires first one interval after it
/// is scheduled, then every interval, until it is invalidated.
public final class Timer: @unchecked Sendable {
    public let timeInterval: TimeInterval
    public let repeats: Bool
    public private(set) var isValid = true
    public var tolerance: TimeInterval = 0
    private let block: (Timer) -> Void

    public init(timeInterval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void) {
        self.timeInterval = timeInterval
        self.repeats = repeats
        self.block = block
    }

    @discardableResult
    public static func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void) -> Timer {
        let t = Timer(timeInterval: interval, repeats: repeats, block: block)
        t.schedule(from: _VirtualClock.shared.now)
        return t
    }

    func schedule(from start: Double) {
        // Foundation treats an interval ≤ 0 as 0.1 ms; so does the render.
        let interval = max(timeInterval, 0.0001)
        _VirtualClock.shared.schedule(at: start + interval) { [self] in
            guard isValid else { return }
            block(self)
            if repeats, isValid { schedule(from: start + interval) } else { isValid = false }
        }
    }

    public func fire() { if isValid { block(self) } }
    public func invalidate() { isValid = false }
}

/// The run loop timers are added to: adding schedules them on the render's clock.
public final class RunLoop: @unchecked Sendable {
    public static let main = RunLoop()
    public static var current: RunLoop { main }
    public struct Mode: Hashable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let `default` = Mode("default")
        public static let common = Mode("common")
        public static let tracking = Mode("tracking")
    }
    public func add(_ timer: Timer, forMode mode: Mode) { timer.schedule(from: _VirtualClock.shared.now) }
}
