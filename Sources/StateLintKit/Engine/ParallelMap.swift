import Dispatch
import Foundation

/// Maps `items` on `jobs` threads pulling from a shared counter (a work queue, so a few huge
/// files do not leave a thread idle), keeping results in input order.
func parallelMap<T: Sendable, R: Sendable>(_ items: [T], jobs: Int, _ transform: @Sendable (T) -> R) -> [R] {
    let slots = ResultSlots<R>(count: items.count)
    let next = AtomicCounter()
    let workers = max(1, min(jobs, items.count))
    if workers == 1 {
        return items.map(transform)
    }
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
            let index = next.increment()
            guard index < items.count else { return }
            slots.set(index, transform(items[index]))
        }
    }
    return slots.values()
}

private final class ResultSlots<R>: @unchecked Sendable {
    private var storage: [R?]
    private let lock = NSLock()
    init(count: Int) { storage = [R?](repeating: nil, count: count) }
    func set(_ index: Int, _ value: R) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }
    func values() -> [R] { storage.map { $0! } }
}

private final class AtomicCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    /// Returns the current value and advances it.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        let current = value
        value += 1
        return current
    }
}
