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

/// Fixes in the machine-readable reports: JSON `fix`, SARIF `fixes`, GitHub annotations.
@Suite struct FormatterFixTests {
    static let findings = FormatterFixFixtures.findings
    static let context = FormatterFixtures.context()

    @Test func jsonFindingsCarryTheirFixAfterTheirPosition() throws {
        let text = JSONFormatter().format(Self.findings, context: Self.context)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["version"] as? Int == JSONFormatter.schemaVersion)
        let items = try #require(root["findings"] as? [[String: Any]])
        for (item, finding) in zip(items, Self.findings) {
            guard let fix = finding.fix else {
                #expect(item["fix"] == nil)
                continue
            }
            let json = try #require(item["fix"] as? [String: Any])
            #expect(json["summary"] as? String == fix.summary)
            let edits = try #require(json["edits"] as? [[String: Any]])
            #expect(edits.count == fix.edits.count)
            for (jsonEdit, edit) in zip(edits, fix.edits) {
                #expect(jsonEdit["file"] as? String == edit.path)
                #expect(jsonEdit["offset"] as? Int == edit.range.lowerBound)
                #expect(jsonEdit["length"] as? Int == edit.range.count)
                #expect(jsonEdit["replacement"] as? String == edit.replacement)
                #expect(jsonEdit["line"] as? Int == edit.start?.line)
                #expect(jsonEdit["column"] as? Int == edit.start?.column)
                #expect(jsonEdit["endLine"] as? Int == edit.end?.line)
                #expect(jsonEdit["endColumn"] as? Int == edit.end?.column)
            }
        }
        // Keys in the documented order: the fix after the position, its edits' keys as listed.
        let keys = ["\"endColumn\"", "\"fix\"", "\"summary\"", "\"edits\"", "\"file\"", "\"offset\"", "\"length\"",
                    "\"replacement\"", "\"line\"", "\"column\"", "\"endLine\"", "\"endColumn\""]
        let first = JSONFormatter().format(Self.findings.filter { $0.message == "Class in @State." }, context: Self.context)
        var position = first.startIndex
        for key in keys {
            let found = try #require(first.range(of: key, range: position..<first.endIndex), "\(key) out of order")
            position = found.upperBound
        }
    }

    @Test func sarifResultsCarryFixesWithBytesAndUTF16Columns() throws {
        let text = SARIFFormatter().format(Self.findings, context: Self.context)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let results = try #require((root["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        for (result, finding) in zip(results, Self.findings) {
            guard let fix = finding.fix else {
                #expect(result["fixes"] == nil)
                continue
            }
            let sarifFix = try #require((result["fixes"] as? [[String: Any]])?.first)
            #expect((sarifFix["description"] as? [String: String])?["text"] == fix.summary)
            let changes = try #require(sarifFix["artifactChanges"] as? [[String: Any]])
            #expect(changes.count == Set(fix.edits.map(\.path)).count)
            let replacements = changes.flatMap { ($0["replacements"] as? [[String: Any]]) ?? [] }
            for (replacement, edit) in zip(replacements, fix.edits) {
                let region = try #require(replacement["deletedRegion"] as? [String: Int])
                #expect(region["byteOffset"] == edit.range.lowerBound && region["byteLength"] == edit.range.count)
                #expect(region["startLine"] == edit.start?.line && region["endLine"] == edit.end?.line)
                #expect((region["startColumn"] == nil) == (edit.start == nil))
                #expect((replacement["insertedContent"] as? [String: String])?["text"] == edit.replacement)
            }
        }
        // `    let 😀 = "é"; @State private var model = Model()`: byte column 49 is UTF-16 column 46.
        let contentView = try #require(results.first { ($0["message"] as? [String: String])?["text"] == "Class in @State." })
        let region = try #require(((((contentView["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?
            .first?["replacements"] as? [[String: Any]])?.first?["deletedRegion"]) as? [String: Int])
        #expect(region["startColumn"] == 46 && region["endColumn"] == 53)
        // The second file of a two-file fix is outside the root: an absolute file URI.
        let twoFiles = try #require(results.first { ($0["message"] as? [String: String])?["text"] == "Two files." })
        let locations = (((twoFiles["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]]) ?? [])
            .compactMap { ($0["artifactLocation"] as? [String: String])?["uri"] }
        #expect(locations == ["Sources/My%20Views/a%2Cb%3Ac.swift", "file:///tmp/outside/Other.swift"])
    }

    @Test func gitHubAnnotationsSayAFixExistsAndStayOneCommandEach() throws {
        let output = GitHubFormatter().format(Self.findings, context: Self.context)
        let lines = output.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        #expect(lines.count - 1 == Self.findings.count)
        for (line, finding) in zip(lines, Self.findings) {
            let command = try #require(FormatterGitHubTests.parse(line))
            if let fix = finding.fix {
                #expect(command.data == GitHubFormatter.displayed(finding.message + " (fix available with `statelint --fix`: " + fix.summary + ")"))
            } else {
                #expect(command.data == finding.message && !command.data.contains("statelint --fix"))
            }
        }
    }
}
