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

/// reviewdog's Diagnostic Format: the fields reviewdog reads, escaping, and suggestions that
/// do what `--fix` does.
@Suite struct FormatterRDJSONTests {
    static func parse(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func everyFindingIsADiagnosticWithItsFields() throws {
        let findings = FormatterFixtures.findings
        let text = RDJSONFormatter().format(findings, context: FormatterFixtures.context())
        let document = try Self.parse(text)
        #expect((document["source"] as? [String: Any])?["name"] as? String == "statelint")
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == findings.count)
        for (diagnostic, finding) in zip(diagnostics, findings) {
            // Messages with newlines, ESC, bidi overrides, U+2028 and NUL come back intact.
            #expect(diagnostic["message"] as? String == finding.message)
            let location = try #require(diagnostic["location"] as? [String: Any])
            #expect(location["path"] as? String == finding.path)
            let range = try #require(location["range"] as? [String: [String: Int]])
            #expect(range["start"] == ["line": finding.start.line, "column": finding.start.column])
            #expect(range["end"] == ["line": finding.end.line, "column": finding.end.column])
            #expect(diagnostic["severity"] as? String == (finding.severity == .error ? "ERROR" : "WARNING"))
            let code = try #require(diagnostic["code"] as? [String: String])
            #expect(code == ["value": finding.ruleID, "url": "https://github.com/statelint/statelint/blob/main/Rules/\(finding.ruleID).md"])
            #expect(diagnostic["suggestions"] == nil, "these findings have no fixes")
        }
    }

    @Test func jsonLinesHoldTheSameDiagnosticsOnePerLine() throws {
        let findings = FormatterFixtures.findings
        let context = FormatterFixtures.context()
        let lines = RDJSONLinesFormatter().format(findings, context: context)
        #expect(lines.hasSuffix("\n"))
        let parsed = try lines.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { try Self.parse(String($0)) }
        let whole = try #require(try Self.parse(RDJSONFormatter().format(findings, context: context))["diagnostics"] as? [[String: Any]])
        #expect(parsed.count == whole.count)
        for (line, diagnostic) in zip(parsed, whole) {
            #expect(NSDictionary(dictionary: line).isEqual(to: diagnostic))
        }
        #expect(RDJSONLinesFormatter().format([], context: context).isEmpty)
    }

    @Test func fixesInAnotherFileOrWithoutPositionsGiveNoSuggestions() {
        func finding(_ edits: [TextEdit]) -> Finding {
            Finding(ruleID: "r", severity: .warning, message: "m", path: "A.swift", start: SourceLocation(line: 1, column: 1),
                    end: SourceLocation(line: 1, column: 2), fix: Fix(summary: "s", edits: edits))
        }
        var placed = TextEdit(path: "A.swift", range: 0..<1, replacement: "x")
        placed.start = SourceLocation(line: 1, column: 1)
        placed.end = SourceLocation(line: 1, column: 2)
        var elsewhere = placed
        elsewhere.path = "B.swift"
        #expect(RDJSONFormatter.suggestions(finding([placed])) != nil)
        #expect(RDJSONFormatter.suggestions(finding([placed, elsewhere])) == nil, "a suggestion names no file")
        #expect(RDJSONFormatter.suggestions(finding([TextEdit(path: "A.swift", range: 0..<1, replacement: "x")])) == nil)
    }

    /// The suggestions of a run, applied to the files by their lines and UTF-8 columns (as
    /// reviewdog does), give the bytes `--fix` writes.
    @Test func suggestionsDoWhatFixDoes() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let source = "import SwiftUI\r\n\r\nfinal class Editor: ObservableObject { @Published var text = \"é\" }\r\n\r\nstruct Compose: View {\r\n\t@ObservedObject var editor = Editor()\r\n\tvar body: some View { Text(editor.text) }\r\n}\r\n"
        try tree.write("Compose.swift", source)
        let run = InProcess.run(["lint", "--quiet", "--reporter", "rdjson", "."], in: tree.root)
        let diagnostics = try #require(try Self.parse(run.stdout)["diagnostics"] as? [[String: Any]])
        let suggestions = diagnostics.flatMap { $0["suggestions"] as? [[String: Any]] ?? [] }
        #expect(!suggestions.isEmpty, "\(run.stdout)")
        var bytes = Array(source.utf8)
        let lineStarts = SourceFile.computeLineStarts(bytes)
        func offset(_ position: [String: Int]) -> Int { lineStarts[position["line"]! - 1] + position["column"]! - 1 }
        // From the end backwards, so earlier offsets stay right.
        let edits = suggestions.map { suggestion -> (Range<Int>, [UInt8]) in
            let range = suggestion["range"] as! [String: [String: Int]]
            return (offset(range["start"]!)..<offset(range["end"]!), Array((suggestion["text"] as! String).utf8))
        }.sorted { $0.0.lowerBound > $1.0.lowerBound }
        for (range, text) in edits { bytes.replaceSubrange(range, with: text) }
        #expect(InProcess.run(["lint", "--quiet", "--fix", "."], in: tree.root).status == 0)
        #expect(String(decoding: bytes, as: UTF8.self) == tree.read("Compose.swift"))
    }
}
