import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// Where the command writes: standard output for reports, standard error for status and
/// errors. A protocol so tests can capture both.
public protocol TextSink: AnyObject, Sendable {
    func write(_ text: String)
    /// Raw bytes (a token dump of a file with invalid UTF-8 must keep them).
    func writeBytes(_ bytes: [UInt8])
}

extension TextSink {
    public func writeBytes(_ bytes: [UInt8]) { write(String(decoding: bytes, as: UTF8.self)) }
}

/// A file descriptor (1 or 2), written unbuffered through `FileHandle`.
public final class FileDescriptorSink: TextSink, @unchecked Sendable {
    private let handle: FileHandle
    public init(_ handle: FileHandle) { self.handle = handle }
    public func write(_ text: String) { handle.write(Data(text.utf8)) }
    public func writeBytes(_ bytes: [UInt8]) { handle.write(Data(bytes)) }
}

/// Collects everything written, for tests.
public final class CapturedText: TextSink, @unchecked Sendable {
    private let lock = NSLock()
    private var storage = ""
    public init() {}
    public func write(_ text: String) {
        lock.lock()
        storage += text
        lock.unlock()
    }
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// The process's surroundings, injected so the command can be tested without a process.
public struct Environment: Sendable {
    public var variables: [String: String]
    public var workingDirectory: String
    public var stdout: any TextSink
    public var stderr: any TextSink
    /// Whether standard error is a terminal (for colour and progress).
    public var stderrIsTerminal: Bool
    public var readStandardInput: @Sendable () -> [UInt8]

    public init(variables: [String: String], workingDirectory: String, stdout: any TextSink, stderr: any TextSink,
                stderrIsTerminal: Bool, readStandardInput: @escaping @Sendable () -> [UInt8]) {
        self.variables = variables
        self.workingDirectory = workingDirectory
        self.stdout = stdout
        self.stderr = stderr
        self.stderrIsTerminal = stderrIsTerminal
        self.readStandardInput = readStandardInput
    }

    public static func process() -> Environment {
        Environment(variables: ProcessInfo.processInfo.environment,
                    workingDirectory: FileManager.default.currentDirectoryPath,
                    stdout: FileDescriptorSink(.standardOutput), stderr: FileDescriptorSink(.standardError),
                    stderrIsTerminal: isatty(2) == 1,
                    readStandardInput: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) })
    }
}
