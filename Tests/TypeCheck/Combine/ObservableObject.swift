// `ObservableObject`, `@Published` and the subjects (see Publisher.swift for what this module is).

/// The publisher an `ObservableObject` class gets unless it declares its own.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never

    public init() {}
    public func send() {}
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {}
}

/// A class whose changes SwiftUI's `@StateObject`, `@ObservedObject` and `@EnvironmentObject`
/// observe.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where ObjectWillChangePublisher.Failure == Never
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

/// A property of a class that publishes its changes. As with Apple's, only properties of
/// classes can use it: the plain `wrappedValue` is unavailable, and a class's properties go
/// through the enclosing-instance subscript.
@propertyWrapper
public struct Published<Value> {
    var storage: Value

    public init(wrappedValue: Value) { storage = wrappedValue }
    public init(initialValue: Value) { storage = initialValue }

    /// `$property`: the property's values, from its current one on.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {}
    }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { _typeCheckOnly() }
        set { _typeCheckOnly() }
    }

    public var projectedValue: Publisher {
        mutating get { Publisher() }
        set {}
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].storage }
        set { object[keyPath: storageKeyPath].storage = newValue }
    }
}

extension Published: Sendable where Value: Sendable {}

public protocol Subject<Output, Failure>: AnyObject, Publisher {
    func send(_ value: Output)
    func send(completion: Subscribers.Completion<Failure>)
    func send(subscription: any Subscription)
}

extension Subject where Output == Void {
    public func send() { send(()) }
}

/// Sends each value to its subscribers; keeps none.
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    public init() {}
    public func send(_ input: Output) {}
    public func send(completion: Subscribers.Completion<Failure>) {}
    public func send(subscription: any Subscription) {}
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
}

/// Keeps its latest value and sends it to each new subscriber.
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    public var value: Output

    public init(_ value: Output) { self.value = value }
    public func send(_ input: Output) { value = input }
    public func send(completion: Subscribers.Completion<Failure>) {}
    public func send(subscription: any Subscription) {}
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
}
