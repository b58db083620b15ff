import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// `Linting…` / `Done…` lines on standard error (never standard output, which holds reports).
struct StatusLine {
    let environment: Environment
    let quiet: Bool
    let color: Bool
    func print(_ text: String) {
        guard !quiet else { return }
        environment.stderr.write(color ? "\u{1B}[2m\(text)\u{1B}[0m\n" : "\(text)\n")
    }
}

/// A `\r`-updated `Linting 120/812 files…` line for a terminal's standard error.
///
/// Nothing is drawn until the run has taken `delay` (quick runs stay quiet), then at most
/// once per `interval`; `finish()` blanks the line so the next status line starts clean.
/// Called from the engine's worker threads, so its state sits behind a lock.
final class ProgressLine: @unchecked Sendable {
    private let sink: any TextSink
    private let now: @Sendable () -> UInt64
    private let delay: UInt64
    private let interval: UInt64
    private let started: UInt64
    private let lock = NSLock()
    private var completed: [LintEngine.Phase: Int] = [:]
    private var lastDrawn: UInt64?
    private var drawnWidth = 0

    /// Times are nanoseconds from `now`, injectable so tests need no real clock.
    init(sink: any TextSink, delay: UInt64 = 300_000_000, interval: UInt64 = 100_000_000,
         now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.sink = sink
        self.now = now
        self.delay = delay
        self.interval = interval
        self.started = now()
    }

    /// One more file of `phase` is done.
    func fileFinished(_ phase: LintEngine.Phase, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let done = completed[phase, default: 0] + 1
        completed[phase] = done
        let time = now()
        guard time &- started >= delay else { return }
        if let lastDrawn, time &- lastDrawn < interval, done < total { return }
        lastDrawn = time
        let verb = phase == .indexing ? "Indexing" : "Linting"
        let text = "\(verb) \(done)/\(total) file\(total == 1 ? "" : "s")…"
        // Pad over a longer previous text (`Indexing` is longer than `Linting`).
        let width = text.count
        sink.write("\r" + text + String(repeating: " ", count: max(0, drawnWidth - width)))
        drawnWidth = max(drawnWidth, width)
    }

    /// Blanks the line if anything was drawn.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        guard drawnWidth > 0 else { return }
        sink.write("\r" + String(repeating: " ", count: drawnWidth) + "\r")
        drawnWidth = 0
    }
}
