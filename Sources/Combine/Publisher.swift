// Combine's publishers, as far as views use them: subscribe with `sink`, keep the subscription in
// an `AnyCancellable`, receive on the main queue. Values are delivered on the render's clock.
@_exported import AnimoClock

public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    /// Delivers every value to `receive` until the returned subscription is cancelled.
    func _subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable
}

public enum Subscribers {
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

extension Publisher {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        _subscribe(receiveValue)
    }

    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void, receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        _subscribe(receiveValue)
    }

    public func receive<S>(on scheduler: S, options: Never? = nil) -> Self { self }
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }

    public func map<T>(_ transform: @escaping (Output) -> T) -> AnyPublisher<T, Failure> {
        AnyPublisher { receive in self._subscribe { receive(transform($0)) } }
    }

    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> AnyPublisher<Output, Failure> {
        AnyPublisher { receive in self._subscribe { if isIncluded($0) { receive($0) } } }
    }

    public func assign<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        _subscribe { object[keyPath: keyPath] = $0 }
    }
}

public struct AnyPublisher<Output, Failure: Error>: Publisher {
    let subscribe: (@escaping (Output) -> Void) -> AnyCancellable
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        subscribe = publisher._subscribe
    }
    init(_ subscribe: @escaping (@escaping (Output) -> Void) -> AnyCancellable) { self.subscribe = subscribe }
    public func _subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { subscribe(receive) }
}

/// A subscription: cancelling it (or letting it go) stops the values.
public final class AnyCancellable: Hashable, @unchecked Sendable {
    private var cancelAction: (() -> Void)?
    public init(_ cancel: @escaping () -> Void) { cancelAction = cancel }
    public func cancel() {
        cancelAction?()
        cancelAction = nil
    }
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable { collection.append(self) }
    public static func == (a: AnyCancellable, b: AnyCancellable) -> Bool { a === b }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

public protocol Cancellable {
    func cancel()
}

extension AnyCancellable: Cancellable {}
