import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Values kept until the process exits instead of being freed: a one-shot command (the CLI)
/// hands its per-file analyses here, because freeing hundreds of thousands of small facts one by
/// one costs several percent of a run only to give memory back a moment before the OS does.
/// A long-running process (the language server) never uses it.
package enum ProcessLifetime {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [Any] = []

    package static func keep(_ value: Any) {
        lock.lock()
        defer { lock.unlock() }
        kept.append(value)
    }
}
