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

/// Swift sources the CLI tests lint.
enum CLISamples {
    /// One `state_inline_class_init` warning, on line 8.
    static let inlineClass = """
    import SwiftUI

    final class CounterModel {
        var count = 0
    }

    struct CounterView: View {
        @State private var model = CounterModel()
        var body: some View { Text("\\(model.count)") }
    }

    """

    /// No findings.
    static let clean = """
    import SwiftUI

    struct PlainView: View {
        @State private var count = 0
        var body: some View { Text("\\(count)") }
    }

    """

    /// A view whose `@State` type nothing declares (for `--show-unresolved`).
    static let unresolved = """
    import SwiftUI

    struct MysteryView: View {
        @State private var thing = MysteryThing()
        var body: some View { Text("x") }
    }

    """

    /// A view named `name` with one inline-class finding, so many files can be made.
    static func inlineClass(named name: String) -> String {
        """
        import SwiftUI

        final class \(name)Model {}

        struct \(name)View: View {
            @State private var model = \(name)Model()
            var body: some View { Text("\(name)") }
        }

        """
    }
}

/// A temporary folder tree, removed by `remove()`. Its root holds a `.git` folder so
/// configuration discovery never climbs into the machine's `/tmp` or above.
final class TemporaryTree {
    let root: String

    init() throws {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("statelint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path + "/.git", withIntermediateDirectories: true)
        root = (path as NSString).standardizingPath
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let full = path(relative)
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    /// Every regular file under the root (symbolic links not followed) with its SHA-256.
    func snapshot() -> [String: String] {
        var result: [String: String] = [:]
        var pending = [root]
        while let folder = pending.popLast() {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                let full = folder + "/" + name
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR { pending.append(full) }
                if info.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: full) {
                    result[String(full.dropFirst(root.count + 1))] = SHA256.hexDigest(Array(data))
                }
            }
        }
        return result
    }

    func remove() {
        // Restore permissions a test removed so the tree can be deleted.
        if let enumerator = FileManager.default.enumerator(atPath: root) {
            for case let relative as String in enumerator { chmod(path(relative), 0o755) }
        }
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// What one run of the command produced.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: [UInt8]
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

/// The `statelint` executable that the same `swift build`/`swift test` run produced.
///
/// SwiftPM puts the test bundle (`StateLintPackageTests.xctest`) and the `statelint`
/// executable side by side in `<scratch>/<config>/`; `swift test` builds every product of the
/// package before running tests. So the binary is found by walking up from the running test
/// executable (`/proc/self/exe` on Linux, the `.xctest` bundle on macOS) — never rebuilt here.
/// `STATELINT_BINARY` overrides the search.
enum StateLintBinary {
    static let path: String? = locate()

    private static func locate() -> String? {
        if let override = ProcessInfo.processInfo.environment["STATELINT_BINARY"], !override.isEmpty { return override }
        var starts: [String] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { starts.append(executable) }
        starts += Bundle.allBundles.map(\.bundlePath).filter { $0.hasSuffix(".xctest") }
        starts.append(Bundle.main.bundlePath)
        if let first = CommandLine.arguments.first { starts.append(first) }
        for start in starts {
            var folder = (start as NSString).standardizingPath
            // `.build/debug/X.xctest` (Linux) or `.build/debug/X.xctest/Contents/MacOS/X` (macOS).
            for _ in 0..<4 {
                folder = (folder as NSString).deletingLastPathComponent
                let candidate = folder + "/statelint"
                var info = stat()
                if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                    return candidate
                }
            }
        }
        return nil
    }

    static func require() throws -> String {
        try #require(path, "the statelint executable was not found next to the test bundle; run `swift build` (or `swift test`, which builds it) or set STATELINT_BINARY")
    }

    /// Runs the binary in `directory` with exactly `environment` (plus PATH). Output goes to
    /// files, not pipes, so a large report cannot deadlock; a run over `timeout` seconds is
    /// killed and recorded as an issue (a hang is a bug, e.g. reading a FIFO).
    static func run(_ arguments: [String], in directory: String, environment: [String: String] = [:],
                    stdin: [UInt8]? = nil, timeout: Double = 120) throws -> CLIRun {
        let binary = try require()
        let scratch = (NSTemporaryDirectory() as NSString).appendingPathComponent("statelint-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let outPath = scratch + "/stdout", errPath = scratch + "/stderr", inPath = scratch + "/stdin"
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        FileManager.default.createFile(atPath: inPath, contents: Data(stdin ?? []))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        defer { try? output.close(); try? errors.close(); try? input.close() }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            finished.wait()
            Issue.record("statelint \(arguments.joined(separator: " ")) did not finish within \(Int(timeout)) s")
        }
        let outBytes = [UInt8](FileManager.default.contents(atPath: outPath) ?? Data())
        let errBytes = [UInt8](FileManager.default.contents(atPath: errPath) ?? Data())
        return CLIRun(status: process.terminationStatus, stdout: String(decoding: outBytes, as: UTF8.self),
                      stderr: String(decoding: errBytes, as: UTF8.self), stdoutBytes: outBytes)
    }
}

/// Runs `StateLintCommand` in this process with captured output.
enum InProcess {
    static func run(_ arguments: [String], in directory: String, variables: [String: String] = [:],
                    stdin: [UInt8] = [], terminal: Bool = false) -> CLIRun {
        let out = CapturedText(), err = CapturedText()
        let environment = Environment(variables: variables, workingDirectory: directory, stdout: out, stderr: err,
                                      stderrIsTerminal: terminal, readStandardInput: { stdin })
        let status = StateLintCommand(environment: environment).run(arguments)
        return CLIRun(status: status, stdout: out.text, stderr: err.text, stdoutBytes: Array(out.text.utf8))
    }
}

/// Whether this process can be denied reading a file by its permissions (not when root).
var permissionsAreEnforced: Bool { geteuid() != 0 }
