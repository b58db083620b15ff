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

/// Every example in `Rules/*.md` is linted: findings exactly at the `↓` markers of
/// `## Triggering` blocks and none in `## Non-triggering` blocks, and the same examples made
/// inert (commented out, quoted, disabled) find nothing.
@Suite struct RuleDocumentationTests {
    static let superfluousID = SuperfluousDisableCommand.description.id

    static func allExamples() throws -> [RuleDocumentationFiles.Example] {
        try RuleDocumentationFiles.pages().sorted { $0.key < $1.key }.flatMap { id, page in
            RuleDocumentationFiles.examples(ruleID: id, page: page)
        }
    }

    /// The rules an example runs with: only its own, except that directive problems need the
    /// rules the directives name to run (a directive for a rule that did not run is never
    /// superfluous), so those examples run everything and must have no other findings.
    static func rules(for example: RuleDocumentationFiles.Example) -> [String] {
        example.ruleID == superfluousID ? RuleRegistry.descriptions.map(\.id) : [example.ruleID]
    }

    static func lint(_ source: String, _ example: RuleDocumentationFiles.Example) -> [RuleHarness.Hit] {
        RuleHarness.hits(source, rules: rules(for: example)).sorted()
    }

    @Test func everyPageHasExamplesOfBothKinds() throws {
        let pages = try RuleDocumentationFiles.pages()
        #expect(!pages.isEmpty)
        for (id, page) in pages {
            let examples = RuleDocumentationFiles.examples(ruleID: id, page: page)
            let triggering = examples.filter(\.triggering)
            #expect(!triggering.isEmpty, "Rules/\(id).md has no ## Triggering example")
            #expect(examples.contains { !$0.triggering }, "Rules/\(id).md has no ## Non-triggering example")
            for example in triggering {
                #expect(example.code.contains(RuleHarness.marker), "\(example): triggering example without a ↓ marker")
            }
            for example in examples where !example.triggering {
                #expect(!example.code.contains(RuleHarness.marker), "\(example): non-triggering example with a ↓ marker")
            }
        }
    }

    @Test(arguments: try allExamples())
    func findingsAreExactlyAtTheMarkers(_ example: RuleDocumentationFiles.Example) {
        let (source, offsets) = RuleHarness.removingMarkers(example.code)
        let expected = RuleHarness.expectedHits(source, offsets: offsets, ruleID: example.ruleID)
        #expect(Self.lint(source, example) == expected, "\(example)")
    }

    @Test(arguments: try allExamples().filter(\.triggering))
    func commentedOutExamplesFindNothing(_ example: RuleDocumentationFiles.Example) {
        let (source, _) = RuleHarness.removingMarkers(example.code)
        #expect(Self.lint("/*\n" + source + "*/\n", example) == [], "\(example) inside a block comment")
    }

    @Test(arguments: try allExamples().filter(\.triggering))
    func quotedExamplesFindNothing(_ example: RuleDocumentationFiles.Example) {
        let (source, _) = RuleHarness.removingMarkers(example.code)
        let quoted = "let example = #\"\"\"\n" + source + "\"\"\"#\n"
        #expect(Self.lint(quoted, example) == [], "\(example) inside a raw multi-line string")
    }

    @Test(arguments: try allExamples().filter { $0.triggering && $0.ruleID != superfluousID })
    func disabledExamplesFindNothing(_ example: RuleDocumentationFiles.Example) {
        let (source, _) = RuleHarness.removingMarkers(example.code)
        let disabled = "// statelint:disable \(example.ruleID)\n" + source
        #expect(Self.lint(disabled, example) == [], "\(example) after a disable directive")
    }

    @Test(arguments: try allExamples().filter(\.triggering))
    func aMultibyteLineAboveMovesEveryFindingDownOneLine(_ example: RuleDocumentationFiles.Example) {
        let (source, offsets) = RuleHarness.removingMarkers(example.code)
        let expected = RuleHarness.expectedHits(source, offsets: offsets, ruleID: example.ruleID).map {
            RuleHarness.Hit(path: $0.path, ruleID: $0.ruleID, line: $0.line + 1, column: $0.column)
        }
        #expect(!expected.isEmpty)
        #expect(Self.lint("// café ☕\n" + source, example) == expected, "\(example) below a multibyte line")
    }

    @Test func everyOptionIsDocumentedWithItsDefault() throws {
        let pages = try RuleDocumentationFiles.pages()
        for rule in RuleRegistry.all {
            let page = try #require(pages[rule.description.id])
            for option in rule.options {
                let row = "| `\(option.name)` | `\(Self.yaml(option.defaultValue))` |"
                #expect(page.contains(row), "Rules/\(rule.description.id).md lacks the options row \(row)")
            }
        }
    }

    static func yaml(_ value: RuleOptionValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .string(let text): return text
        case .stringList(let items): return "[" + items.joined(separator: ", ") + "]"
        }
    }
}
