#if os(Linux)
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

/// Checks `Scripts/extract_catalog.py`: its scanner, that it is deterministic, and that the
/// committed generated block matches the toolchain. Skipped when python3 or swiftc is missing.
/// Linux only: on macOS the standard library interfaces live in the SDK, not the toolchain.
@Suite struct FrameworkCatalogGeneratorTests {
    static let python = executableOnPath("python3")
    static let swiftc = executableOnPath("swiftc")
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(.enabled(if: python != nil, "python3 is not on PATH: skipping the generator scanner self-test"))
    func scannerSelfTestPasses() throws {
        let run = try Self.runScript(["--self-test"])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("self-test passed"))
    }

    @Test(.enabled(if: python != nil && swiftc != nil,
                   "python3 or swiftc is not on PATH: skipping the generator determinism check"))
    func generatedBlockIsDeterministicAndMatchesTheCommittedData() throws {
        let first = try Self.runScript([])
        let second = try Self.runScript([])
        #expect(first.status == 0 && second.status == 0)
        #expect(first.output == second.output)
        let committed = try #require(Self.generatedBlock(in: frameworkCatalogText))
        #expect(first.output == committed,
                "stale generated catalog: run python3 Scripts/extract_catalog.py --write")
    }

    /// The committed block, from the BEGIN marker line through the END marker line.
    static func generatedBlock(in text: String) -> String? {
        guard let begin = text.range(of: "# BEGIN GENERATED"),
              let end = text.range(of: "# END GENERATED\n", range: begin.upperBound..<text.endIndex)
        else { return nil }
        return String(text[begin.lowerBound..<end.upperBound])
    }

    static func runScript(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let pythonURL = try #require(Self.python)
        let process = Process()
        process.executableURL = pythonURL
        process.arguments = [repositoryRoot.appendingPathComponent("Scripts/extract_catalog.py").path] + arguments
        process.currentDirectoryURL = repositoryRoot
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = stdout
        try process.run()
        // Read before waiting so a full pipe cannot block the script.
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func executableOnPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
#endif
