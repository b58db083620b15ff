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

/// Structural checks of the JSON-based reports, parsed with `JSONSerialization` (tests only).
@Suite struct FormatterJSONTests {
    static func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func jsonReportRoundTripsEveryField() throws {
        let findings = FormatterFixtures.findings
        let text = JSONFormatter().format(findings, context: FormatterFixtures.context())
        let root = try #require(try Self.parse(text) as? [String: Any])
        #expect(root["version"] as? Int == 1)
        let tool = try #require(root["tool"] as? [String: Any])
        #expect(tool["name"] as? String == "statelint")
        #expect(tool["version"] as? String == "9.9.9-test")
        let items = try #require(root["findings"] as? [[String: Any]])
        #expect(items.count == findings.count)
        for (item, finding) in zip(items, findings) {
            #expect(item["rule"] as? String == finding.ruleID)
            #expect(item["severity"] as? String == finding.severity.rawValue)
            #expect(item["message"] as? String == finding.message)
            #expect(item["file"] as? String == finding.path)
            #expect(item["line"] as? Int == finding.start.line)
            #expect(item["column"] as? Int == finding.start.column)
            #expect(item["endLine"] as? Int == finding.end.line)
            #expect(item["endColumn"] as? Int == finding.end.column)
        }
        let summary = try #require(root["summary"] as? [String: Any])
        #expect(summary["findings"] as? Int == findings.count)
        #expect(summary["errors"] as? Int == findings.filter { $0.severity == .error }.count)
        #expect(summary["filesLinted"] as? Int == FormatterFixtures.lintedFiles.count)
    }

    @Test func keysAppearInTheDocumentedOrder() {
        let text = JSONFormatter().format(Array(FormatterFixtures.findings.prefix(1)), context: FormatterFixtures.context())
        let keys = ["\"version\"", "\"tool\"", "\"findings\"", "\"rule\"", "\"severity\"", "\"message\"", "\"file\"",
                    "\"line\"", "\"column\"", "\"endLine\"", "\"endColumn\"", "\"summary\""]
        let positions = keys.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == keys.count)
        #expect(positions == positions.sorted())
    }

    @Test func stringEscapingCoversControlsQuotesAndLineSeparators() {
        let out = JSONValue.quoted("q\" b\\ n\n t\t u\u{1} e\u{1F} ls\u{2028} ps\u{2029} é😀 \u{2026}\u{2000}")
        #expect(out == #""q\" b\\ n\n t\t u\u0001 e\u001F ls\u2028 ps\u2029 é😀 …\#u{2000}""#)
    }

    @Test func sarifHasTheStructureCodeScanningRequires() throws {
        let findings = FormatterFixtures.findings
        let text = SARIFFormatter().format(findings, context: FormatterFixtures.context())
        let root = try #require(try Self.parse(text) as? [String: Any])
        #expect(root["version"] as? String == "2.1.0")
        #expect((root["$schema"] as? String)?.hasPrefix("https://") == true)
        let runs = try #require(root["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = runs[0]
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let baseIDs = try #require(run["originalUriBaseIds"] as? [String: [String: String]])
        #expect(baseIDs["%SRCROOT%"]?["uri"] == "file:///home/ci/My%20Project/")
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "statelint")
        #expect(driver["informationUri"] as? String == StateLintVersion.informationURI)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ruleIDs = rules.compactMap { $0["id"] as? String }
        #expect(ruleIDs == FormatterFixtures.rules.map(\.id) + ["unknown_rule"])
        for rule in rules {
            #expect((rule["shortDescription"] as? [String: String])?["text"] != nil)
            #expect((rule["fullDescription"] as? [String: String])?["text"] != nil)
            #expect((rule["help"] as? [String: String])?["text"] != nil)
            #expect(((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String).map { ["warning", "error"].contains($0) } == true)
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == findings.count)
        var fingerprints = Set<String>()
        for (result, finding) in zip(results, findings) {
            #expect(result["ruleId"] as? String == finding.ruleID)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(ruleIDs[index] == finding.ruleID)
            #expect(result["level"] as? String == finding.severity.rawValue)
            #expect((result["message"] as? [String: String])?["text"] == finding.message)
            let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try #require(location["artifactLocation"] as? [String: String])
            let uri = try #require(artifact["uri"])
            #expect(uri.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && !"\"<>\\^`{|} #?".unicodeScalars.contains($0) })
            if finding.path.hasPrefix("/tmp/") {
                #expect(artifact["uriBaseId"] == nil)
                #expect(uri == "file:///tmp/outside/Other.swift")
            } else {
                #expect(artifact["uriBaseId"] == "%SRCROOT%")
                #expect(!uri.hasPrefix("/"))
            }
            let region = try #require(location["region"] as? [String: Int])
            #expect(region["startLine"] == finding.start.line)
            let fingerprint = try #require((result["partialFingerprints"] as? [String: String])?[SARIFFormatter.fingerprintKey])
            fingerprints.insert(fingerprint)
        }
        #expect(fingerprints.count == findings.count, "fingerprints must be unique")
    }

    @Test func sarifURIsArePercentEncoded() {
        #expect(ReportPaths.uriReference("Sources/My Views/a,b:c.swift") == "Sources/My%20Views/a%2Cb%3Ac.swift")
        #expect(ReportPaths.uriReference("Sources/100%/Hash#Query?.swift") == "Sources/100%25/Hash%23Query%3F.swift")
        #expect(ReportPaths.uriReference("Ü/new\nline") == "%C3%9C/new%0Aline")
    }

    @Test func sarifColumnsCountUTF16CodeUnits() throws {
        // `let 😀 = "é"; @State`: 😀 is 4 bytes / 2 UTF-16 units, é is 2 bytes / 1 unit.
        let finding = try #require(FormatterFixtures.findings.first { $0.path == "Sources/App/ContentView.swift" })
        #expect(finding.start.column == 22)
        let region = SARIFFormatter().region(for: finding, lines: FormatterFixtures.context().sourceLines)
        guard case .object(let members) = region else { Issue.record("region is not an object"); return }
        let values = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        guard case .int(let start) = values["startColumn"], case .int(let end) = values["endColumn"] else {
            Issue.record("columns missing"); return
        }
        #expect(start == 19)
        #expect(end == 25)
    }

    @Test func sarifWithoutSourceTextReportsWholeLines() throws {
        let context = FormatterFixtures.context(sourceLines: .unavailable)
        let text = SARIFFormatter().format(FormatterFixtures.findings, context: context)
        #expect(!text.contains("startColumn"))
        #expect(text.contains("startLine"))
    }

    @Test func fingerprintsSurviveMovedLinesButSeparateRepeatedLines() {
        let original = SourceFile(path: "V.swift", text: "@State var m = Model()\n")
        let moved = SourceFile(path: "V.swift", text: "// new comment\n\n    @State var m = Model()\n")
        func fingerprint(_ file: SourceFile, line: Int) -> String {
            let finding = Finding(ruleID: "r", severity: .warning, message: "m", path: "V.swift",
                                  start: SourceLocation(line: line, column: 1), end: SourceLocation(line: line, column: 7))
            let context = ReportContext(rules: [], workingDirectory: "/repo", sourceLines: SourceLineLookup(files: [file]),
                                        timestamp: FormatterFixtures.timestamp)
            return FindingFingerprints.compute([finding], context: context, base: "/repo")[0]
        }
        #expect(fingerprint(original, line: 1) == fingerprint(moved, line: 3))
        #expect(fingerprint(original, line: 1) != fingerprint(SourceFile(path: "V.swift", text: "@State var n = Model()\n"), line: 1))

        let twice = SourceFile(path: "V.swift", text: "@State var m = Model()\n@State var m = Model()\n")
        let context = ReportContext(rules: [], workingDirectory: "/repo", sourceLines: SourceLineLookup(files: [twice]),
                                    timestamp: FormatterFixtures.timestamp)
        let pair = [1, 2].map { line in
            Finding(ruleID: "r", severity: .warning, message: "m", path: "V.swift",
                    start: SourceLocation(line: line, column: 1), end: SourceLocation(line: line, column: 7))
        }
        let prints = FindingFingerprints.compute(pair, context: context, base: "/repo")
        #expect(prints[0] != prints[1])
        // Checkouts in different directories agree, because the path is made relative first.
        let elsewhere = ReportContext(rules: [], workingDirectory: "/other/place",
                                      sourceLines: SourceLineLookup(files: [twice]), timestamp: FormatterFixtures.timestamp)
        #expect(FindingFingerprints.compute(pair, context: elsewhere, base: "/other/place") == prints)
    }

    @Test func gitLabReportHasRequiredFieldsAndUniqueFingerprints() throws {
        let findings = FormatterFixtures.findings
        let text = GitLabFormatter().format(findings, context: FormatterFixtures.context())
        let issues = try #require(try Self.parse(text) as? [[String: Any]])
        #expect(issues.count == findings.count)
        for (issue, finding) in zip(issues, findings) {
            #expect(issue["description"] as? String == finding.message)
            #expect(issue["check_name"] as? String == finding.ruleID)
            #expect(issue["severity"] as? String == (finding.severity == .error ? "major" : "minor"))
            let location = try #require(issue["location"] as? [String: Any])
            let path = try #require(location["path"] as? String)
            #expect(!path.hasPrefix(FormatterFixtures.root))
            #expect((location["lines"] as? [String: Int])?["begin"] == finding.start.line)
        }
        #expect(Set(issues.compactMap { $0["fingerprint"] as? String }).count == findings.count)
    }

    @Test func emptyReportsAreValidJSON() throws {
        let context = FormatterFixtures.context(lintedFiles: [])
        let json = try #require(try Self.parse(JSONFormatter().format([], context: context)) as? [String: Any])
        #expect((json["findings"] as? [Any])?.isEmpty == true)
        let sarif = try #require(try Self.parse(SARIFFormatter().format([], context: context)) as? [String: Any])
        #expect(((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.isEmpty == true)
        #expect((try Self.parse(GitLabFormatter().format([], context: context)) as? [Any])?.isEmpty == true)
    }
}
