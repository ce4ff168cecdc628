/// Combine's `ObservableObject`: a class whose `@Published` properties the views read; a change
/// to one records the views again.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher where ObjectWillChangePublisher.Failure == Never
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never
    private let subject = PassthroughSubject<Void, Never>()
    public init() {}
    public func send() {
        _VirtualClock.shared.willChange()
        subject.send(())
    }
    public func _subscribe(_ receive: @escaping (Void) -> Void) -> AnyCancellable { subject._subscribe(receive) }
}

/// `@Published`: a stored property whose changes the views see.
@propertyWrapper
public struct Published<Value> {
    final class Box {
        var value: Value
        let subject = PassthroughSubject<Value, Never>()
        init(_ value: Value) { self.value = value }
    }
    private let box: Box

    public init(wrappedValue: Value) { box = Box(wrappedValue) }
    public init(initialValue: Value) { box = Box(initialValue) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set {
            _VirtualClock.shared.willChange()
            box.subject.send(newValue)
            box.value = newValue
        }
    }

    /// `$value`: the publisher of its new values.
    public var projectedValue: Publisher { Publisher(box: box) }

    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        let box: Box
        public func _subscribe(_ receive: @escaping (Value) -> Void) -> AnyCancellable {
            receive(box.value)
            return box.subject._subscribe(receive)
        }
    }
}
