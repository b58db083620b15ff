// A stand-in for Apple's Combine, written for StateLint's type-check tests on Linux (where
// Combine does not exist). Only declarations: the names, generic parameters, constraints and
// isolation follow Apple's public API so that app code type-checks the same; the bodies do
// nothing useful and never run (the tests only type-check against this module).

/// Stops the compiler asking for a value in bodies that never run.
@usableFromInline func _typeCheckOnly() -> Never {
    fatalError("StateLint type-check stand-in: not meant to run")
}

public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

public protocol Subscriber<Input, Failure> {
    associatedtype Input
    associatedtype Failure: Error
    func receive(subscription: any Subscription)
    func receive(_ input: Input) -> Subscribers.Demand
    func receive(completion: Subscribers.Completion<Failure>)
}

public protocol Cancellable {
    func cancel()
}

public protocol Subscription: Cancellable {
    func request(_ demand: Subscribers.Demand)
}

public enum Subscribers {
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }

    public struct Demand: Equatable, Hashable, Sendable {
        let limit: Int?
        public static let unlimited = Demand(limit: nil)
        public static let none = Demand(limit: 0)
        public static func max(_ value: Int) -> Demand { Demand(limit: value) }
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

/// Cancels its work when cancelled or released.
public final class AnyCancellable: Cancellable, Hashable {
    private let onCancel: () -> Void

    public init(_ cancel: @escaping () -> Void) { onCancel = cancel }
    public init<C: Cancellable>(_ canceller: C) { onCancel = canceller.cancel }

    public func cancel() { onCancel() }

    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Cancellable {
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }

    public func store(in set: inout Set<AnyCancellable>) { AnyCancellable(self).store(in: &set) }
}

/// A publisher whose concrete type is hidden.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {}
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
}

/// One value, then the end.
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public let output: Output
    public init(_ output: Output) { self.output = output }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {}
}

/// Only the end (or nothing at all).
public struct Empty<Output, Failure: Error>: Publisher {
    public init(completeImmediately: Bool = true) {}
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
}

/// A failure, at once.
public struct Fail<Output, Failure: Error>: Publisher {
    public let error: Failure
    public init(error: Failure) { self.error = error }
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
}

public protocol ConnectablePublisher<Output, Failure>: Publisher {
    func connect() -> any Cancellable
}

/// The operators' result types.
public enum Publishers {
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
    }

    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = any Error
        public let upstream: Upstream
        public let transform: (Upstream.Output) throws -> Output
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
    }

    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output?
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
    }

    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) -> Bool
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
    }

    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Output, Output) -> Bool
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
    }

    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let dueTime: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
    }

    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let scheduler: Context
        public let options: Context.SchedulerOptions?
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
    }

    public struct ReplaceError<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never
        public let upstream: Upstream
        public let output: Output
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
    }

    public struct Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
    }
}

extension Publisher {
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        AnyCancellable {}
    }

    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }

    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }

    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }

    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }

    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }

    public func debounce<S: Scheduler>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S,
                                       options: S.SchedulerOptions? = nil) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }

    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }

    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }

    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

extension Publisher where Output: Equatable {
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}

extension Publisher where Failure == Never {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable { AnyCancellable {} }

    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        AnyCancellable {}
    }

    public func assign(to published: inout Published<Output>.Publisher) {}

    /// The values as an asynchronous sequence.
    public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

extension ConnectablePublisher {
    public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(upstream: self) }
}

/// `for await value in publisher.values`.
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
    public typealias Element = P.Output

    public struct Iterator: AsyncIteratorProtocol {
        public mutating func next() async -> P.Output? { nil }
    }

    public init(_ publisher: P) {}
    public func makeAsyncIterator() -> Iterator { Iterator() }
}
