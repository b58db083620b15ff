import Dispatch
import Foundation

/// Maps `items` on `jobs` threads pulling from a shared counter (a work queue, so a few huge
/// files do not leave a thread idle), keeping results in input order.
@inlinable
package func parallelMap<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ transform: @Sendable (T) -> R) -> [R] {
    let started = DispatchTime.now().uptimeNanoseconds
    defer { ParallelSections.add(since: started) }
    let workers = max(1, min(jobs, items.count))
    if workers == 1 {
        return items.map(transform)
    }
    let slots = ResultSlots<R>(count: items.count)
    let next = AtomicCounter()
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
            let index = next.increment()
            guard index < items.count else { return }
            slots.set(index, transform(items[index]))
        }
    }
    return slots.values()
}

/// One slot per item, each written once by the thread that took the item. Writes go to
/// distinct slots, so they need no lock; `concurrentPerform` returns only after every worker
/// has finished, so `values()` sees them all. The values are moved out, not copied (a copy
/// retained and released every path and result held in them).
@usableFromInline
package final class ResultSlots<R>: @unchecked Sendable {
    @usableFromInline let storage: UnsafeMutablePointer<R>
    @usableFromInline let count: Int
    @usableFromInline var filled = false

    @inlinable
    package init(count: Int) {
        self.count = count
        storage = .allocate(capacity: count)
    }

    @inlinable
    package func set(_ index: Int, _ value: R) {
        (storage + index).initialize(to: value)
    }

    /// Every slot's value, in order; call once, after all `set`s.
    @inlinable
    package func values() -> [R] {
        filled = true
        return [R](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: storage, count: count)
            initialized = count
        }
    }

    deinit {
        // Values not moved out (never, unless `values()` was not called) are destroyed here.
        if !filled { storage.deinitialize(count: count) }
        storage.deallocate()
    }
}

@usableFromInline
package final class AtomicCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    @usableFromInline package init() {}
    /// Returns the current value and advances it.
    @usableFromInline
    package func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        let current = value
        value += 1
        return current
    }
}

/// The wall time the process has spent in work spread over threads (`parallelMap`, the folder
/// walk), for `--timings`: the rest of a run's wall time is its serial part, which more cores
/// cannot shorten. Sections do not nest.
public enum ParallelSections {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var nanoseconds: UInt64 = 0

    /// Seconds spent in parallel sections so far.
    public static var seconds: Double {
        lock.lock()
        defer { lock.unlock() }
        return Double(nanoseconds) / 1e9
    }

    @usableFromInline
    package static func add(since start: UInt64) {
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        lock.lock()
        nanoseconds += elapsed
        lock.unlock()
    }
}

/// Two pieces of work that need nothing of each other, on two threads when `jobs` allows (a
/// parallel section, as `parallelMap`), else one after the other.
package enum Concurrently {
    package static func run<A: Sendable, B: Sendable>(jobs: Int, _ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
        guard jobs > 1 else { return (first(), second()) }
        let started = DispatchTime.now().uptimeNanoseconds
        defer { ParallelSections.add(since: started) }
        let results = ResultSlots<Any>(count: 2)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 { results.set(0, first()) } else { results.set(1, second()) }
        }
        let values = results.values()
        return (values[0] as! A, values[1] as! B)
    }
}
