import Foundation
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI
#if canImport(Glibc)
import Glibc
#endif

/// Temporary folders, engine runs and a watchdog for the pathological-input tests.
enum PathologicalSupport {
    /// A fresh folder under the system temporary directory (removed by `removeTree`).
    static func makeTemporaryDirectory(_ label: String) throws -> String {
        let path = NSTemporaryDirectory() + "statelint-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Every rule on by default plus the directive check, as `statelint lint` runs them.
    static func engine(jobs: Int = 2) -> LintEngine {
        var options = LintEngine.Options()
        options.jobs = jobs
        return LintEngine(rules: PathologicalPipeline.configuredRules(extraOptions: false), directiveSeverity: .warning, options: options)
    }

    /// Writes `bytes` to a temporary file and runs the real engine (read, validate, tokenize,
    /// structure, index, rules, directives) on it, then every formatter on the findings.
    /// Returns the engine result and the broken invariants.
    static func lintFile(_ bytes: [UInt8], name: String = "Input.swift") throws -> (LintEngine.Result, [String]) {
        let directory = try makeTemporaryDirectory("lint")
        defer { removeTree(directory) }
        let path = directory + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = engine().run(files: [path], indexFiles: [])
        let file = SourceFile(path: path, bytes: bytes)
        var problems = result.findings.compactMap { PathologicalPipeline.locationProblem($0, in: file) }
        problems += PathologicalPipeline.reportProblems(result.findings, files: [file])
        return (result, problems)
    }

    /// Runs `work` on its own thread and waits at most `seconds`. Returns nil on timeout, so a
    /// regression that blocks (a FIFO read forever) fails the test instead of hanging the suite;
    /// the stuck thread is abandoned.
    static func withWatchdog<T: Sendable>(seconds: Double, _ work: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.set(work())
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.get()
    }

    /// Creates a FIFO (named pipe) that nothing writes to.
    static func makeFIFO(at path: String) -> Bool {
        mkfifo(path, 0o600) == 0
    }

    /// A sparse file of `size` bytes: one byte written at the end, no data blocks before it.
    static func makeSparseFile(at path: String, size: UInt64) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? handle.close() }
        try handle.seek(toOffset: size - 1)
        try handle.write(contentsOf: Data([0x0A]))
    }

    /// Wall-clock seconds of `work`. Used only for generous bounds (minutes) that catch
    /// quadratic blow-ups, never to assert speed.
    static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T?
    func set(_ newValue: T) { lock.lock(); value = newValue; lock.unlock() }
    func get() -> T? { lock.lock(); defer { lock.unlock() }; return value }
}
