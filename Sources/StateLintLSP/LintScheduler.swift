import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// Decides when documents are linted: at once when the lint queue is idle; while a lint runs,
/// changes only mark their documents, and the running pass picks up each one's latest text
/// when it is done with the current one. A burst of keystrokes costs one lint per document at
/// a time, and the last keystroke is never delayed by a timer.
final class LintScheduler: @unchecked Sendable {
    private let queue: DispatchQueue
    private let lint: @Sendable (String) -> Void
    private let lock = NSLock()
    private var waiting: Set<String> = []
    private var isRunning = false

    /// `lint` is called on `queue` with each path to lint.
    init(queue: DispatchQueue, lint: @escaping @Sendable (String) -> Void) {
        self.queue = queue
        self.lint = lint
    }

    func schedule(_ paths: some Sequence<String>) {
        lock.lock()
        waiting.formUnion(paths)
        let start = !isRunning && !waiting.isEmpty
        if start { isRunning = true }
        lock.unlock()
        if start { queue.async { self.drain() } }
    }

    /// Lints until nothing is waiting, one document at a time (sorted, so runs are repeatable).
    private func drain() {
        while true {
            lock.lock()
            guard let path = waiting.min() else {
                isRunning = false
                lock.unlock()
                return
            }
            waiting.remove(path)
            lock.unlock()
            lint(path)
        }
    }
}

/// A flag set once from any thread.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }
}
