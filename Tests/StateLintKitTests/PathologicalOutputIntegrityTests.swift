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

/// File names and messages carrying newlines, `%`, `::`, commas, quotes, `<`, `&`, control
/// characters and bidi marks, through the whole CLI (`StateLintCommand` in-process on a
/// temporary tree): no report may gain a fake line, a second GitHub command, or break as
/// JSON/XML, and every path must come back exactly.
@Suite(.serialized) struct PathologicalOutputIntegrityTests {
    /// Linux allows every byte but `/` and NUL in a file name.
    static let hostileNames = [
        "new\nline.swift",
        "cr\rreturn.swift",
        "100%25 %0A ::error file=x.swift,line=1::pwned.swift",
        "a,b:c=d.swift",
        "quotes \"double\" 'single'.swift",
        "<b>&amp;<\\b>.swift",
        "esc\u{1B}[31mred\u{7}.swift",
        "rtl\u{202E}tfiws.exe.swift",
        "mark\u{200F}\u{2028}sep.swift",
        "tab\there.swift",
    ]

    /// A finding from a rule, and directive findings whose messages echo hostile rule names
    /// (a block comment may span lines, so a "rule id" can hold a newline).
    static let source = """
    import SwiftUI

    final class Model {}

    struct Screen: View {
        @State private var model = Model()
        var body: some View { Text("") }
    }
    // statelint:disable:next 100%::error_file=x.swift,line=1::pwned
    /* statelint:disable a\n::error file=y.swift::second\r::warning::third <x>&amp;"' \u{1B}[2J \u{202E}gnp.exe \u{7}bell */
    let z = 1 // statelint:disable:this %0A::notice::x%25
    """

    /// The working directory is the process's own: the engine opens the paths it is given
    /// relative to the process, so the temporary tree (outside it) is named by absolute paths.
    /// GitHub paths are relative to `GITHUB_WORKSPACE`, the tree itself.
    static func environment(_ directory: String, stdout: CapturedText, stderr: CapturedText) -> Environment {
        Environment(variables: ["GITHUB_WORKSPACE": directory], workingDirectory: FileManager.default.currentDirectoryPath,
                    stdout: stdout, stderr: stderr,
                    stderrIsTerminal: false, readStandardInput: { [] })
    }

    /// Runs `statelint lint --reporter NAME` on the hostile tree; returns the report.
    static func report(_ reporter: String, in directory: String) -> (text: String, status: Int32, stderr: String) {
        let stdout = CapturedText(), stderr = CapturedText()
        let status = StateLintCommand(environment: environment(directory, stdout: stdout, stderr: stderr))
            .run(["lint", "--config", directory + "/.linter.yml", "--reporter", reporter, "--quiet", "--jobs", "2", directory])
        return (stdout.text, status, stderr.text)
    }

    static func makeTree() throws -> String {
        let directory = try PathologicalSupport.makeTemporaryDirectory("names")
        try Data().write(to: URL(fileURLWithPath: directory + "/.linter.yml"))
        for name in hostileNames {
            try Data(source.utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
        }
        return directory
    }

    /// The findings of the JSON report (its `findings` array), the reference for the others.
    static func jsonFindings(_ text: String) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return try #require(object["findings"] as? [[String: Any]])
    }

    @Test func everyReportSurvivesHostileNamesAndMessages() throws {
        let directory = try Self.makeTree()
        defer { PathologicalSupport.removeTree(directory) }
        // JSON first: it carries the exact paths and the number of findings.
        let json = Self.report("json", in: directory)
        #expect(PathologicalOutputChecks.json(json.text, name: "json") == nil)
        let findings = try Self.jsonFindings(json.text)
        let expectedCount = findings.count
        // Per file: the inline `Model()` plus one unknown-rule finding per hostile directive word.
        #expect(expectedCount == Self.hostileNames.count * 10, "\(json.text)")
        #expect(Set(findings.compactMap { $0["file"] as? String }) == Set(Self.hostileNames.map { directory + "/" + $0 }))

        let github = Self.report("github", in: directory)
        #expect(github.status == 0, "\(github.stderr)")
        #expect(PathologicalOutputChecks.gitHub(github.text, findingCount: expectedCount) == nil,
                "\(PathologicalOutputChecks.gitHub(github.text, findingCount: expectedCount) ?? "")")
        // Round trip: the runner's parse of each command gives back a real file and line.
        let commands = PathologicalOutputChecks.physicalLines(github.text).compactMap { FormatterGitHubTests.parse($0) }
        #expect(commands.count == expectedCount)
        #expect(Set(commands.compactMap { $0.properties["file"] }) == Set(Self.hostileNames))
        #expect(commands.allSatisfy { ["warning", "error"].contains($0.name) && Int($0.properties["line"] ?? "") != nil })
        // The hostile words arrive intact inside the message, not as commands of their own.
        #expect(commands.filter { $0.data.contains("`a\n::error`") }.count == Self.hostileNames.count)
        #expect(commands.filter { $0.data.contains("`file=y.swift::second\r::warning::third`") }.count == Self.hostileNames.count)

        let xcode = Self.report("xcode", in: directory)
        #expect(PathologicalOutputChecks.xcode(xcode.text, findingCount: expectedCount) == nil,
                "\(PathologicalOutputChecks.xcode(xcode.text, findingCount: expectedCount) ?? "")")
        // Each line starts with the escaped name of a real file and a real position.
        let visibleNames = Set(Self.hostileNames.map { TerminalText.visible(directory + "/" + $0) })
        for line in PathologicalOutputChecks.physicalLines(xcode.text) {
            let name = visibleNames.first { line.hasPrefix($0 + ":") }
            #expect(name != nil, "\(line.debugDescription)")
        }

        for reporter in ["sarif", "gitlab"] {
            let output = Self.report(reporter, in: directory)
            #expect(PathologicalOutputChecks.json(output.text, name: reporter) == nil)
        }
        for reporter in ["checkstyle", "junit"] {
            let output = Self.report(reporter, in: directory)
            let problem = PathologicalOutputChecks.xml(output.text, name: reporter)
            #expect(problem == nil, "\(problem ?? "")")
        }
        for reporter in ["markdown", "summary", "csv"] {
            let output = Self.report(reporter, in: directory)
            #expect(output.status == 0 && !output.text.isEmpty, "\(reporter): \(output.stderr)")
        }
    }

    /// The JSON report gives every hostile path back byte for byte, with its findings.
    @Test func jsonRoundTripsHostilePaths() throws {
        let directory = try Self.makeTree()
        defer { PathologicalSupport.removeTree(directory) }
        let json = Self.report("json", in: directory)
        let paths = Self.strings(in: try Self.jsonFindings(json.text))
        for name in Self.hostileNames {
            #expect(paths.contains(directory + "/" + name), "\(name.debugDescription) missing from the JSON report")
        }
        // The directive messages keep the hostile rule names verbatim in JSON.
        #expect(paths.filter { $0.contains("`a\n::error`") }.count == Self.hostileNames.count)
        #expect(paths.filter { $0.contains("`<x>&amp;\"'`") }.count == Self.hostileNames.count)
    }

    static func strings(in value: Any) -> [String] {
        if let string = value as? String { return [string] }
        if let array = value as? [Any] { return array.flatMap(strings) }
        if let object = value as? [String: Any] { return object.values.flatMap(strings) }
        return []
    }
}
