/// Subjects: publishers the code sends values into.
public final class PassthroughSubject<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private var receivers: [Int: (Output) -> Void] = [:]
    private var next = 0
    public init() {}
    public func send(_ value: Output) {
        for key in receivers.keys.sorted() { receivers[key]?(value) }
    }
    public func send(completion: Subscribers.Completion<Failure>) {}
    public func _subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        next += 1
        let key = next
        receivers[key] = receive
        return AnyCancellable { [weak self] in self?.receivers[key] = nil }
    }
}

public final class CurrentValueSubject<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let subject = PassthroughSubject<Output, Failure>()
    public var value: Output { didSet { subject.send(value) } }
    public init(_ value: Output) { self.value = value }
    public func send(_ value: Output) { self.value = value }
    public func send(completion: Subscribers.Completion<Failure>) {}
    public func _subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        receive(value)
        return subject._subscribe(receive)
    }
}

/// A publisher of one value.
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public let output: Output
    public init(_ output: Output) { self.output = output }
    public func _subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        receive(output)
        return AnyCancellable {}
    }
}
