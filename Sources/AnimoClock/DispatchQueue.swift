/// Dispatch's queues on the render's clock: every queue is the main queue (work runs in order,
/// one item at a time, as the view's code expects of the main queue).
public final class DispatchQueue: @unchecked Sendable {
    public let label: String
    public static let main = DispatchQueue(label: "main")

    public enum Attributes { case concurrent, initiallyInactive }
    public enum AutoreleaseFrequency { case inherit, workItem, never }

    public init(label: String, qos: DispatchQoS = .default, attributes: [Attributes] = [], autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil) {
        self.label = label
    }

    public static func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue { .main }

    public func async(group: DispatchGroup? = nil, qos: DispatchQoS = .default, flags: DispatchWorkItemFlags = [], execute work: @escaping () -> Void) {
        _VirtualClock.shared.schedule(at: _VirtualClock.shared.now, work)
    }

    public func async(execute item: DispatchWorkItem) {
        _VirtualClock.shared.schedule(at: _VirtualClock.shared.now) { item.perform() }
    }

    public func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .default, flags: DispatchWorkItemFlags = [], execute work: @escaping () -> Void) {
        _VirtualClock.shared.schedule(at: deadline.seconds, work)
    }

    public func asyncAfter(deadline: DispatchTime, execute item: DispatchWorkItem) {
        _VirtualClock.shared.schedule(at: deadline.seconds) { item.perform() }
    }

    public func asyncAfter(wallDeadline: DispatchTime, qos: DispatchQoS = .default, flags: DispatchWorkItemFlags = [], execute work: @escaping () -> Void) {
        _VirtualClock.shared.schedule(at: wallDeadline.seconds, work)
    }

    public func sync<T>(execute work: () throws -> T) rethrows -> T { try work() }
}

public struct DispatchQoS: Equatable, Sendable {
    public enum QoSClass: Sendable { case background, utility, `default`, userInitiated, userInteractive, unspecified }
    public let qosClass: QoSClass
    public init(qosClass: QoSClass, relativePriority: Int) { self.qosClass = qosClass }
    public static let background = DispatchQoS(qosClass: .background, relativePriority: 0)
    public static let utility = DispatchQoS(qosClass: .utility, relativePriority: 0)
    public static let `default` = DispatchQoS(qosClass: .default, relativePriority: 0)
    public static let userInitiated = DispatchQoS(qosClass: .userInitiated, relativePriority: 0)
    public static let userInteractive = DispatchQoS(qosClass: .userInteractive, relativePriority: 0)
    public static let unspecified = DispatchQoS(qosClass: .unspecified, relativePriority: 0)
}

public struct DispatchWorkItemFlags: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let barrier = DispatchWorkItemFlags(rawValue: 1)
}

/// A cancellable piece of work.
public final class DispatchWorkItem: @unchecked Sendable {
    let block: () -> Void
    public private(set) var isCancelled = false
    public init(qos: DispatchQoS = .default, flags: DispatchWorkItemFlags = [], block: @escaping () -> Void) { self.block = block }
    public func perform() { if !isCancelled { block() } }
    public func cancel() { isCancelled = true }
}

/// Work in a group runs on the render's clock like any other; `notify` runs after it.
public final class DispatchGroup: @unchecked Sendable {
    public init() {}
    public func enter() {}
    public func leave() {}
    public func notify(qos: DispatchQoS = .default, flags: DispatchWorkItemFlags = [], queue: DispatchQueue, execute work: @escaping () -> Void) {
        queue.async(execute: work)
    }
}
