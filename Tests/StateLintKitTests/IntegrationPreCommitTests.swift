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

/// The pre-commit framework hook (`.pre-commit-hooks.yaml`): its command line is valid, and
/// linting only the staged files still resolves types against the whole project.
@Suite struct IntegrationPreCommitTests {
    typealias Support = IntegrationTestSupport

    /// Runs the built statelint in `root`, as pre-commit does from the repository's top level.
    /// (A child process, not in-process: the engine reads files relative to the process's
    /// current directory, which tests must not change.)
    static func lint(_ arguments: [String], in root: String) throws -> Support.ProcessResult {
        let binary = try #require(Support.statelintBinary, Support.missingBinaryMessage)
        return try Support.run(binary, arguments, environment: ["PATH": Support.systemPath], in: root)
    }

    /// A project with the class in one file and its inline `@State` creation in another.
    static func makeProject(configuration: String) throws -> String {
        let root = try Support.makeTemporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try Support.write(configuration, to: root + "/.linter.yml")
        try Support.write(Support.classSource, to: root + "/Models/SharedModel.swift")
        try Support.write(Support.viewSource(creating: "SharedModel"), to: root + "/Views/ContentView.swift")
        return root
    }

    @Test func namedFilesAreLintedButTypesResolveAgainstTheWholeProject() throws {
        let root = try Self.makeProject(configuration: "reporter: xcode\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        // What pre-commit runs: the entry plus only the staged file (the model is not staged).
        let run = try Self.lint(["lint", "--quiet", "--force-exclude", "Views/ContentView.swift"], in: root)
        #expect(run.status == 0, "\(run.combined)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stdout)")
        #expect(lines.first?.hasPrefix("Views/ContentView.swift:4:") == true, "\(run.stdout)")
        #expect(lines.first?.contains(": warning: ") == true)
        #expect(lines.first?.hasSuffix("[state_inline_class_init]") == true)
    }

    /// The counterpart that shows the test above depends on the index: with the model's folder
    /// outside `index`, `SharedModel` is unknown and (by default) not reported.
    @Test func withoutTheModelInTheIndexNothingIsReported() throws {
        let root = try Self.makeProject(configuration: "index: [Views]\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try Self.lint(["lint", "--quiet", "Views/ContentView.swift"], in: root)
        #expect(run.status == 0, "\(run.combined)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
    }

    /// The hook definition parses, names the executable this package builds, and its entry
    /// is a valid `statelint lint` command line once pre-commit appends file names.
    @Test func hookDefinitionIsConsistent() throws {
        let text = try #require(Support.read(Support.repositoryRoot + "/.pre-commit-hooks.yaml"))
        let document = try #require(try YAMLParser.parse(text, path: ".pre-commit-hooks.yaml"))
        let hooks = try #require(document.sequence)
        #expect(hooks.count == 1)
        var fields: [String: YAMLNode] = [:]
        for entry in try #require(hooks.first?.mapping) { fields[entry.key] = entry.value }
        #expect(fields["id"]?.scalar?.text == "statelint")
        #expect(fields["language"]?.scalar?.text == "swift")
        #expect(fields["types"]?.sequence?.compactMap(\.scalar?.text) == ["swift"])
        #expect(fields["require_serial"]?.scalar?.text == "true")

        let entry = try #require(fields["entry"]?.scalar?.text).split(separator: " ").map(String.init)
        #expect(entry.first == "statelint")
        let manifest = try #require(Support.read(Support.repositoryRoot + "/Package.swift"))
        #expect(manifest.contains(".executable(name: \"statelint\""), "pre-commit puts the package's executables on PATH")
        let options = try CommandLineOptions.parse(Array(entry.dropFirst()) + ["Views/A.swift", "B.swift"])
        #expect(options.command == .lint)
        #expect(options.arguments == ["Views/A.swift", "B.swift"])
        #expect(options.quiet && options.forceExclude)
    }
}
