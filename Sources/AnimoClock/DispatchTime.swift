/// A point on the render's clock, as Dispatch's `DispatchTime` is one on the system's.
public struct DispatchTime: Comparable, Sendable {
    public var seconds: Double
    public init(seconds: Double) { self.seconds = seconds }
    public static func now() -> DispatchTime { DispatchTime(seconds: _VirtualClock.shared.now) }
    public static let distantFuture = DispatchTime(seconds: .infinity)
    public var uptimeNanoseconds: UInt64 { UInt64(max(0, seconds) * 1e9) }
    public static func < (a: DispatchTime, b: DispatchTime) -> Bool { a.seconds < b.seconds }
    public static func + (t: DispatchTime, s: Double) -> DispatchTime { DispatchTime(seconds: t.seconds + s) }
    public static func - (t: DispatchTime, s: Double) -> DispatchTime { DispatchTime(seconds: t.seconds - s) }
    public static func + (t: DispatchTime, i: DispatchTimeInterval) -> DispatchTime { DispatchTime(seconds: t.seconds + i.seconds) }
    public static func - (t: DispatchTime, i: DispatchTimeInterval) -> DispatchTime { DispatchTime(seconds: t.seconds - i.seconds) }
}


public enum DispatchTimeInterval: Equatable, Sendable {
    case seconds(Int)
    case milliseconds(Int)
    case microseconds(Int)
    case nanoseconds(Int)
    case never

    var seconds: Double {
        switch self {
        case .seconds(let s): return Double(s)
        case .milliseconds(let m): return Double(m) / 1e3
        case .microseconds(let u): return Double(u) / 1e6
        case .nanoseconds(let n): return Double(n) / 1e9
        case .never: return .infinity
        }
    }
}
