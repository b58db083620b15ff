import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

@Suite struct FormatterGitHubTests {
    /// Parses one workflow command the way the Actions runner does: `::name props::data`,
    /// properties split at `,` and at the first `=`, then the toolkit's unescaping.
    struct ParsedCommand {
        var name: String
        var properties: [String: String]
        var data: String
    }

    static func parse(_ line: Substring) -> ParsedCommand? {
        guard line.hasPrefix("::") else { return nil }
        let body = line.dropFirst(2)
        guard let end = body.range(of: "::") else { return nil }
        let header = body[..<end.lowerBound]
        let data = body[end.upperBound...]
        let nameEnd = header.firstIndex(of: " ") ?? header.endIndex
        var properties: [String: String] = [:]
        for property in header[nameEnd...].dropFirst().split(separator: ",") {
            let pair = property.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            properties[String(pair[0])] = unescape(String(pair[1]), property: true)
        }
        return ParsedCommand(name: String(header[..<nameEnd]), properties: properties,
                             data: unescape(String(data), property: false))
    }

    static func unescape(_ text: String, property: Bool) -> String {
        var result = text.replacingAll("%0D", "\r").replacingAll("%0A", "\n")
        if property { result = result.replacingAll("%3A", ":").replacingAll("%2C", ",") }
        return result.replacingAll("%25", "%")
    }

    @Test func everyLineIsExactlyOneCommandThatRoundTrips() throws {
        let findings = FormatterFixtures.findings
        let output = GitHubFormatter().format(findings, context: FormatterFixtures.context())
        // Split at every line break the runner could see, not just LF.
        let lines = output.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        #expect(lines.last == "")
        #expect(!output.unicodeScalars.contains { ["\u{0}", "\u{1B}", "\u{202E}", "\u{2028}"].contains($0) })
        #expect(lines.count - 1 == findings.count)
        for (line, finding) in zip(lines, findings) {
            let command = try #require(Self.parse(line), "not a workflow command: \(line)")
            #expect(command.name == (finding.severity == .error ? "error" : "warning"))
            #expect(command.data == GitHubFormatter.displayed(finding.message))
            #expect(command.properties["title"] == finding.ruleID)
            #expect(command.properties["line"] == String(finding.start.line))
            #expect(command.properties["col"] == String(finding.start.column))
            #expect(command.properties["endLine"] == String(finding.end.line))
            #expect(command.properties["endColumn"] == String(finding.end.column))
            let expectedFile = ReportPaths.relative(finding.path, to: FormatterFixtures.root,
                                                    workingDirectory: FormatterFixtures.root)
            #expect(command.properties["file"] == expectedFile)
        }
    }

    @Test func displayedMessagesKeepLineBreaksButNotTerminalControls() {
        #expect(GitHubFormatter.displayed("a\nb\r\tc\u{1B}[0m\u{202E}") == "a\nb\r\tc\\u{1B}[0m\\u{202E}")
    }

    @Test func propertyEscapingFollowsTheToolkit() {
        #expect(GitHubFormatter.escapeData("100%\r\n::x") == "100%25%0D%0A::x")
        #expect(GitHubFormatter.escapeProperty("a,b:c%\n") == "a%2Cb%3Ac%25%0A")
        // `%` first: a literal "%0A" must come back as "%0A", not as a newline.
        #expect(GitHubFormatter.escapeData("%0A") == "%250A")
    }

    @Test func pathsAreRelativeToTheWorkspaceOrWorkingDirectory() throws {
        let finding = Finding(ruleID: "r", severity: .warning, message: "m", path: "/repo/sub/File.swift",
                              start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 2))
        func file(_ environment: [String: String]) throws -> String? {
            let context = ReportContext(rules: [], workingDirectory: "/repo/sub", environment: environment, timestamp: FormatterFixtures.timestamp)
            let line = GitHubFormatter().format([finding], context: context).dropLast()
            return try #require(Self.parse(line)).properties["file"]
        }
        #expect(try file(["GITHUB_WORKSPACE": "/repo"]) == "sub/File.swift")
        #expect(try file([:]) == "File.swift")
        #expect(try file(["GITHUB_WORKSPACE": ""]) == "File.swift")
    }

    @Test func stepSummaryListsEveryFindingInOneTableRowEach() {
        let findings = FormatterFixtures.findings
        let summary = GitHubFormatter.stepSummary(findings, context: FormatterFixtures.context())
        let rows = summary.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Severity") && !$0.hasPrefix("| ---") }
        #expect(rows.count == findings.count)
        for row in rows {
            // Five cells: an unescaped `|` inside a cell would add more.
            let separators = row.unicodeScalars.indices.filter { index in
                row.unicodeScalars[index] == "|"
                    && (index == row.unicodeScalars.startIndex || row.unicodeScalars[row.unicodeScalars.index(before: index)] != "\\")
            }
            #expect(separators.count == 6, "\(row)")
            #expect(!row.contains("<b>"))
        }
        #expect(summary.contains("Sources/Abs.swift"))
        #expect(!summary.contains(FormatterFixtures.root))
    }
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
