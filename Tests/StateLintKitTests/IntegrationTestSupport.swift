import Foundation
import Testing

/// Shared helpers for the integration tests: the built `statelint` binary, temporary projects,
/// and running scripts as child processes.
enum IntegrationTestSupport {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The `statelint` executable `swift test` built next to the test bundle, or
    /// `STATELINT_TEST_BINARY` when set (e.g. a release build).
    static let statelintBinary: String? = {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment["STATELINT_TEST_BINARY"], !override.isEmpty {
            return fileManager.isExecutableFile(atPath: override) ? override : nil
        }
        // Linux: the test runner is an executable in the products folder; macOS: an .xctest
        // bundle in it. Walk up a few levels from each bundle and from the running executable.
        var starts = Bundle.allBundles.map(\.bundleURL)
        starts.append(URL(fileURLWithPath: CommandLine.arguments.first ?? ""))
        for start in starts {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("statelint").path
                var isDirectory: ObjCBool = false
                if fileManager.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                   fileManager.isExecutableFile(atPath: candidate) {
                    return candidate
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }()

    static let missingBinaryMessage: Comment = "the statelint executable was not found next to the tests; build it (swift build) or set STATELINT_TEST_BINARY"

    static func executableOnPath(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A fresh temporary folder (symbolic links resolved, so paths compare exactly).
    static func makeTemporaryDirectory() throws -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("statelint-integration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    struct ProcessResult {
        var status: Int32
        var stdout: String
        var stderr: String
        var combined: String { "exit \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
    }

    /// Runs `executable` and waits. `environment` replaces the inherited one entirely, so
    /// tests see exactly the variables they set.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String],
                    in directory: String, input: String? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        // Drain both pipes concurrently so neither can fill up and block the child.
        let errorData = LockedData()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData.set(stderr.fileHandleForReading.readDataToEndOfFile())
            group.leave()
        }
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus,
                             stdout: String(decoding: outputData, as: UTF8.self),
                             stderr: String(decoding: errorData.get(), as: UTF8.self))
    }

    /// A minimal PATH with the usual system tools (bash, git, sed, grep) but no Swift toolchain.
    static let systemPath = "/usr/local/bin:/usr/bin:/bin"

    /// Source with one `state_inline_class_init` finding at line 4, for a class declared elsewhere.
    static func viewSource(creating typeName: String) -> String {
        """
        import SwiftUI

        struct ContentView: View {
            @State private var model = \(typeName)()

            var body: some View { Text("hi") }
        }

        """
    }

    static let classSource = """
        import Observation

        @Observable
        final class SharedModel {
            var count = 0
        }

        """
}

private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
}
