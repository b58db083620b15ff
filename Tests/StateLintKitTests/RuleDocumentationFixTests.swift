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

/// Every rule page says in `## Fix` whether `statelint --fix` can fix the rule. A page that
/// claims a fix shows it: each `Before:` block, fixed, must give its `After:` block exactly.
/// A page that claims none must be right too: its triggering examples produce no fix.
@Suite struct RuleDocumentationFixTests {
    struct Example: CustomStringConvertible {
        let ruleID: String
        let before: String
        let after: String
        /// Labelled `Before, on Xcode 27 and later:`: fixed for a project on that toolchain.
        var xcode27 = false
        var description: String { "Rules/\(ruleID).md ## Fix" + (xcode27 ? " (Xcode 27)" : "") }
    }

    /// The `Before:` / `After:` pairs of ```swift blocks in a page's `## Fix` section.
    static func examples(ruleID: String, page: String) -> [Example] {
        guard let lines = RuleDocumentation.section("Fix", of: page) else { return [] }
        var blocks: [(label: String, code: String)] = []
        var label = ""
        var block: [Substring]?
        for line in lines {
            if var current = block {
                if line == "```" {
                    blocks.append((label, current.joined(separator: "\n") + "\n"))
                    block = nil
                } else {
                    current.append(line)
                    block = current
                }
            } else if line == "```swift" {
                block = []
            } else if !line.isEmpty {
                label = String(line)
            }
        }
        var pairs: [Example] = []
        for index in blocks.indices.dropLast() where blocks[index + 1].label == "After:" {
            let label = blocks[index].label
            guard label == "Before:" || label == xcode27Label else { continue }
            pairs.append(Example(ruleID: ruleID, before: blocks[index].code, after: blocks[index + 1].code,
                                 xcode27: label == xcode27Label))
        }
        return pairs
    }

    static let xcode27Label = "Before, on Xcode 27 and later:"

    static func claimsFix(_ page: String) -> Bool? {
        guard let first = RuleDocumentation.section("Fix", of: page)?.first(where: { !$0.isEmpty }) else { return nil }
        if first.hasPrefix(RuleDocumentation.fixClaim) { return true }
        if first.hasPrefix(RuleDocumentation.noFixClaim) { return false }
        return nil
    }

    static func allFixExamples() throws -> [Example] {
        try RuleDocumentationFiles.pages().sorted { $0.key < $1.key }.flatMap { examples(ruleID: $0.key, page: $0.value) }
    }

    @Test func everyPageSaysWhetherItCanFixAndShowsItIfSo() throws {
        for (id, page) in try RuleDocumentationFiles.pages() {
            let claim = Self.claimsFix(page)
            #expect(claim != nil, "Rules/\(id).md needs a ## Fix section starting with \(RuleDocumentation.fixClaim) or \(RuleDocumentation.noFixClaim)")
            #expect(RuleDocumentation.canFix(id) == (claim ?? false), "Rules/\(id).md: stale embedded page?")
            if claim == true {
                #expect(!Self.examples(ruleID: id, page: page).isEmpty, "Rules/\(id).md claims a fix but shows no Before:/After: blocks")
            }
        }
        #expect(RuleDocumentation.canFix(SuperfluousDisableCommand.description.id))
        #expect(!RuleDocumentation.canFix("no_such_rule"))
    }

    @Test(arguments: try allFixExamples())
    func fixingTheBeforeBlockGivesTheAfterBlock(_ example: Example) {
        let ids = RuleDocumentationTests.rules(for: RuleDocumentationFiles.Example(ruleID: example.ruleID, triggering: true, line: 0, code: ""))
        let before = FixHarness.lint(["View.swift": Array(example.before.utf8)], rules: FixHarness.registryRules(ids),
                                     directives: ids.contains(SuperfluousDisableCommand.description.id), xcode27: example.xcode27)
        #expect(before.findings.contains { $0.ruleID == example.ruleID && $0.fix != nil }, "\(example): Before has nothing to fix")
        let fixed = FixHarness.fixed(example.before, rules: ids, xcode27: example.xcode27)
        #expect(fixed == example.after, "\(example)")
        #expect(FixHarness.fixed(fixed, rules: ids, xcode27: example.xcode27) == fixed, "\(example): a second fix changes the After block")
    }

    /// A page that says "No automatic fix" is held to it: when a rule gains a fix, its page
    /// must show it.
    @Test func rulesClaimingNoFixProduceNone() throws {
        let pages = try RuleDocumentationFiles.pages()
        for (id, page) in pages where Self.claimsFix(page) == false {
            for example in RuleDocumentationFiles.examples(ruleID: id, page: page) where example.triggering {
                let (source, _) = RuleHarness.removingMarkers(example.code)
                let findings = RuleHarness.findings([("View.swift", source)], rules: RuleDocumentationTests.rules(for: example))
                #expect(!findings.contains { $0.ruleID == id && $0.fix != nil }, "\(example): a fix exists; document it in ## Fix")
            }
        }
    }

    @Test func rulesShowsWhichRulesCanFix() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let lines = InProcess.run(["rules"], in: tree.root).stdout.split(separator: "\n")
        #expect(lines.first?.contains("enabled  fix  summary") == true)
        for description in RuleRegistry.descriptions {
            let row = try #require(lines.first { $0.hasPrefix(description.id + " ") })
            let fixColumn = row.split(separator: " ", omittingEmptySubsequences: true)[3]
            #expect(fixColumn == (RuleDocumentation.canFix(description.id) ? "yes" : "no"), "\(row)")
        }
    }
}
