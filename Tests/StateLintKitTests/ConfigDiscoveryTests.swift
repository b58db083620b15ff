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

@Suite struct ConfigDiscoveryTests {
    private let loader = ConfigurationLoader(schema: ConfigTestSupport.schema)

    /// Runs `body` with a fresh temporary folder that is removed afterwards.
    private func withTemporaryTree(_ body: (String) throws -> Void) throws {
        let root = try ConfigTestSupport.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try body(root)
    }

    @Test func findsTheNearestFileInParentsUpToTheRepositoryRoot() throws {
        try withTemporaryTree { root in
            let repo = root + "/repo"
            try FileManager.default.createDirectory(atPath: repo + "/.git", withIntermediateDirectories: true)
            try ConfigTestSupport.write("strict: true\n", to: repo + "/.linter.yml")
            try ConfigTestSupport.write("", to: repo + "/App/Views/V.swift")
            let configuration = try loader.load(explicitPath: nil, startDirectory: "App/Views", workingDirectory: repo)
            #expect(configuration.strict)
            #expect(configuration.rootDirectory == repo)
            #expect(configuration.configurationFilePath == ".linter.yml")
            #expect(configuration.origin(of: "strict").description == ".linter.yml:1")

            // A nearer file wins.
            try ConfigTestSupport.write("strict: false\n", to: repo + "/App/.linter.yml")
            let nearer = try loader.load(explicitPath: nil, startDirectory: repo + "/App/Views", workingDirectory: repo)
            #expect(nearer.strict == false)
            #expect(nearer.rootDirectory == repo + "/App")
        }
    }

    @Test func doesNotLookAboveTheRepositoryRoot() throws {
        try withTemporaryTree { root in
            try ConfigTestSupport.write("strict: true\n", to: root + "/.linter.yml")
            // A `.git` *file* (worktrees, submodules) also marks a repository root.
            try ConfigTestSupport.write("gitdir: elsewhere\n", to: root + "/inner/.git")
            try FileManager.default.createDirectory(atPath: root + "/inner/src", withIntermediateDirectories: true)
            #expect(ConfigurationLoader.findConfigurationFile(startingAt: root + "/inner/src") == nil)
            let configuration = try loader.load(explicitPath: nil, startDirectory: root + "/inner/src", workingDirectory: root)
            #expect(configuration.strict == false)
            #expect(configuration.configurationFilePath == nil)
            // The project is the repository the start folder is in.
            #expect(configuration.rootDirectory == root + "/inner")
        }
    }

    @Test func explicitPathIsUsedAndMustExist() throws {
        try withTemporaryTree { root in
            try ConfigTestSupport.write("reporter: json\n", to: root + "/configs/custom.yml")
            let configuration = try loader.load(explicitPath: "configs/custom.yml", startDirectory: ".", workingDirectory: root)
            #expect(configuration.reporters == ["json"])
            #expect(configuration.rootDirectory == root + "/configs")
            #expect(throws: ConfigurationError(path: "missing.yml", location: nil, message: "configuration file not found")) {
                try loader.load(explicitPath: "missing.yml", startDirectory: ".", workingDirectory: root)
            }
        }
    }

    @Test func errorsNameTheFileRelativeToTheWorkingDirectory() throws {
        try withTemporaryTree { root in
            try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
            try ConfigTestSupport.write("# header\nincluded: [Sorces]\n", to: root + "/.linter.yml")
            try FileManager.default.createDirectory(atPath: root + "/Sources", withIntermediateDirectories: true)
            do {
                _ = try loader.load(explicitPath: nil, startDirectory: ".", workingDirectory: root)
                Issue.record("expected an error")
            } catch {
                #expect("\(error)" == ".linter.yml:2:12: error: `included` path `Sorces` does not exist; did you mean `Sources`?")
            }
        }
    }

    @Test func readsXcodeVersionFileWhenTheKeyIsAbsent() throws {
        try withTemporaryTree { root in
            try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
            try ConfigTestSupport.write("26.2\n", to: root + "/.xcode-version")
            let withoutConfig = try loader.load(explicitPath: nil, startDirectory: root, workingDirectory: root)
            #expect(withoutConfig.xcodeVersion == XcodeVersion(major: 26, minor: 2))
            #expect(withoutConfig.origin(of: "xcode_version").description == ".xcode-version")

            try ConfigTestSupport.write("xcode_version: 16.4\n", to: root + "/.linter.yml")
            let keyWins = try loader.load(explicitPath: nil, startDirectory: root, workingDirectory: root)
            #expect(keyWins.xcodeVersion == XcodeVersion(major: 16, minor: 4))

            try ConfigTestSupport.write("strict: false\n", to: root + "/.linter.yml")
            try ConfigTestSupport.write("\n  15.0 Beta 3\n", to: root + "/.xcode-version")
            do {
                _ = try loader.load(explicitPath: nil, startDirectory: root, workingDirectory: root)
                Issue.record("expected an error")
            } catch {
                #expect("\(error)" == ".xcode-version:2:3: error: found `15.0 Beta 3`: expected a version like `26` or `26.4`")
            }
        }
    }

    @Test func hostileFilesFailCleanly() throws {
        try withTemporaryTree { root in
            let big = String(repeating: "# padding\n", count: 520_000)
            try ConfigTestSupport.write(big, to: root + "/big.yml")
            #expect(throws: ConfigurationError.self) {
                try loader.load(explicitPath: "big.yml", startDirectory: ".", workingDirectory: root)
            }
            try Data([0x00, 0xFF, 0xFE, 0x41]).write(to: URL(fileURLWithPath: root + "/binary.yml"))
            do {
                _ = try loader.load(explicitPath: "binary.yml", startDirectory: ".", workingDirectory: root)
                Issue.record("expected an error")
            } catch {
                #expect("\(error)" == "binary.yml:1:1: error: NUL byte is not allowed; is this a binary file?")
            }
        }
    }
}
