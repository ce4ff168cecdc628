/// `Timer.publish(every:on:in:)`: a date every interval once connected (`autoconnect()`); the
/// first one interval after the subscription, as Foundation's timer fires.
extension Timer {
    public static func publish(every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode, options: Never? = nil) -> TimerPublisher {
        TimerPublisher(interval: interval)
    }

    public struct TimerPublisher: Publisher {
        public typealias Output = Date
        public typealias Failure = Never
        public let interval: TimeInterval
        public func autoconnect() -> TimerPublisher { self }
        public func connect() -> AnyCancellable { AnyCancellable {} }
        public func _subscribe(_ receive: @escaping (Date) -> Void) -> AnyCancellable {
            let timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in
                receive(_VirtualClock.shared.date)
            }
            return AnyCancellable { timer.invalidate() }
        }
    }
}

extension _VirtualClock {
    /// The date the clock shows: a fixed start (2026-01-01 09:41:00 UTC) plus the time run.
    public var date: Date { Date(timeIntervalSince1970: 1_767_260_460 + now) }
}
