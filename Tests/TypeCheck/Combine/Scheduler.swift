// Schedulers, and the Foundation publishers that Apple's Foundation adds when Combine is
// there (`Timer.publish`, `NotificationCenter.publisher`). See Publisher.swift.
import Foundation

public protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

public protocol Scheduler<SchedulerTimeType> {
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    associatedtype SchedulerOptions

    var now: SchedulerTimeType { get }
    var minimumTolerance: SchedulerTimeType.Stride { get }
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
                  _ action: @escaping () -> Void)
}

/// The time between two scheduler times, in seconds (one type for the schedulers here).
public struct _SchedulerStride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, Sendable,
                                ExpressibleByFloatLiteral {
    public var magnitude: Double
    public init(_ seconds: Double) { magnitude = seconds }
    public init(floatLiteral value: Double) { magnitude = value }
    public init(integerLiteral value: Int) { magnitude = Double(value) }
    public init?<T: BinaryInteger>(exactly source: T) { magnitude = Double(source) }

    public static func seconds(_ s: Int) -> Self { Self(Double(s)) }
    public static func seconds(_ s: Double) -> Self { Self(s) }
    public static func milliseconds(_ ms: Int) -> Self { Self(Double(ms) / 1e3) }
    public static func microseconds(_ us: Int) -> Self { Self(Double(us) / 1e6) }
    public static func nanoseconds(_ ns: Int) -> Self { Self(Double(ns) / 1e9) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
    public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude + rhs.magnitude) }
    public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude - rhs.magnitude) }
    public static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude * rhs.magnitude) }
    public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
}

/// A scheduler's point in time, in seconds.
public struct _SchedulerTime: Strideable, Hashable, Sendable {
    public var seconds: Double
    public func distance(to other: Self) -> _SchedulerStride { _SchedulerStride(other.seconds - seconds) }
    public func advanced(by n: _SchedulerStride) -> Self { Self(seconds: seconds + n.magnitude) }
}

extension DispatchQueue: Scheduler {
    public typealias SchedulerTimeType = _SchedulerTime
    public struct SchedulerOptions {}

    public var now: _SchedulerTime { _SchedulerTime(seconds: 0) }
    public var minimumTolerance: _SchedulerStride { 0 }
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {}
    public func schedule(after date: _SchedulerTime, tolerance: _SchedulerStride, options: SchedulerOptions?,
                         _ action: @escaping () -> Void) {}
}

extension RunLoop: Scheduler {
    public typealias SchedulerTimeType = _SchedulerTime
    public struct SchedulerOptions {}

    public var now: _SchedulerTime { _SchedulerTime(seconds: 0) }
    public var minimumTolerance: _SchedulerStride { 0 }
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {}
    public func schedule(after date: _SchedulerTime, tolerance: _SchedulerStride, options: SchedulerOptions?,
                         _ action: @escaping () -> Void) {}
}

/// Runs everything at once, where it is.
public struct ImmediateScheduler: Scheduler, Sendable {
    public typealias SchedulerTimeType = _SchedulerTime
    public typealias SchedulerOptions = Never
    public static let shared = ImmediateScheduler()

    public var now: _SchedulerTime { _SchedulerTime(seconds: 0) }
    public var minimumTolerance: _SchedulerStride { 0 }
    public func schedule(options: Never?, _ action: @escaping () -> Void) {}
    public func schedule(after date: _SchedulerTime, tolerance: _SchedulerStride, options: Never?,
                         _ action: @escaping () -> Void) {}
}

extension Timer {
    /// `Timer.publish(every: 1, on: .main, in: .common).autoconnect()`.
    public static func publish(every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop,
                               in mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil) -> TimerPublisher {
        TimerPublisher()
    }

    public final class TimerPublisher: ConnectablePublisher {
        public typealias Output = Date
        public typealias Failure = Never
        public func connect() -> any Cancellable { AnyCancellable {} }
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {}
    }
}

extension NotificationCenter {
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> Publisher {
        Publisher()
    }

    public struct Publisher: Combine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {}
    }
}
