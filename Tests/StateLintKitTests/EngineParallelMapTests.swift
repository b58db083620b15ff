import Foundation
import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// `parallelMap` keeps input order on any number of threads, and hands each result over
/// exactly once: moved out of its slot, neither leaked nor released twice.
@Suite struct EngineParallelMapTests {
    /// Counts live instances, to see that every result is released exactly once.
    final class Tracked: @unchecked Sendable {
        static let lock = NSLock()
        nonisolated(unsafe) static var live = 0
        let value: Int
        init(_ value: Int) {
            self.value = value
            Self.lock.lock(); Self.live += 1; Self.lock.unlock()
        }
        deinit { Self.lock.lock(); Self.live -= 1; Self.lock.unlock() }
    }

    @Test func resultsComeInInputOrderOnAnyNumberOfThreads() {
        let items = Array(0..<2_000)
        for jobs in [1, 2, 3, 8] {
            let squares = parallelMap(items, jobs: jobs) { $0 * $0 }
            #expect(squares == items.map { $0 * $0 }, "jobs \(jobs)")
            let strings = parallelMap(items, jobs: jobs) { "file-\($0).swift" }
            #expect(strings == items.map { "file-\($0).swift" }, "jobs \(jobs)")
        }
        #expect(parallelMap([Int](), jobs: 4) { $0 }.isEmpty)
    }

    @Test func everyResultIsReleasedExactlyOnce() {
        let before = Tracked.live
        do {
            let results = parallelMap(Array(0..<1_000), jobs: 4) { Tracked($0) }
            #expect(results.map(\.value) == Array(0..<1_000))
            #expect(Tracked.live - before == 1_000)
        }
        #expect(Tracked.live == before)
    }
}
