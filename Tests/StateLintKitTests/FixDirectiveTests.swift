import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// `superfluous_disable_command` fixes: deleting a directive that does nothing, or the
/// unknown rule id in one that otherwise works. Every case also checks the fixed point.
@Suite struct FixDirectiveTests {
    /// A class created inline in `@State`: a finding a directive can really suppress.
    static let inline = "@Observable final class Model {}\nstruct V: View {\n    @State private var model = Model()\n}\n"

    static func fixed(_ source: String) -> String {
        let once = FixHarness.fixed(source)
        #expect(FixHarness.fixed(once) == once, "a second --fix changed the text")
        return once
    }

    @Test func aDirectiveAloneOnItsLineGoesWithItsLine() {
        #expect(Self.fixed("let a = 1\n    // statelint:disable:next appear_missing_nil_check\nlet b = 2\n") == "let a = 1\nlet b = 2\n")
        #expect(Self.fixed("let a = 1\r\n\t// statelint:disable:next appear_missing_nil_check  \r\nlet b = 2\r\n") == "let a = 1\r\nlet b = 2\r\n")
        #expect(Self.fixed("let a = 1\r/* statelint:disable:next appear_missing_nil_check */\rlet b = 2\r") == "let a = 1\rlet b = 2\r")
        #expect(Self.fixed("// statelint:disable appear_missing_nil_check\n") == "")
    }

    @Test func onTheLastLineWithoutALineEndingTheLineBreakBeforeItGoes() {
        #expect(Self.fixed("let a = 1\n// statelint:disable:previous appear_missing_nil_check") == "let a = 1")
        #expect(Self.fixed("let a = 1\r\n// statelint:disable:previous appear_missing_nil_check") == "let a = 1")
    }

    @Test func aMultiLineBlockDirectiveAloneGoesWithItsLines() {
        let source = "let a = 1\n/* statelint:disable:next appear_missing_nil_check\n   - kept for later */\nlet b = 2\n"
        #expect(Self.fixed(source) == "let a = 1\nlet b = 2\n")
    }

    /// An unterminated `/*` runs to the end of the file: deleting it would delete all that
    /// follows. Its problems are reported without a fix (found by the autofix fuzz target).
    @Test func aBlockCommentLeftOpenIsNeverDeleted() {
        let source = "let a = 1\n/* statelint:disable:next appear_missing_nil_check\nlet b = 2\n"
        #expect(FixHarness.fixed(source) == source)
        let findings = RuleHarness.findings([("View.swift", source)], rules: [SuperfluousDisableCommand.description.id])
        #expect(!findings.isEmpty && findings.allSatisfy { $0.fix == nil })
    }

    @Test func aDirectiveBesideCodeGoesWithTheBlanksBetweenThem() {
        #expect(Self.fixed("let a = 1 // statelint:disable:this appear_missing_nil_check\n") == "let a = 1\n")
        #expect(Self.fixed("let a = 1\t/* statelint:disable:this appear_missing_nil_check */ \n") == "let a = 1\n")
        #expect(Self.fixed("    /* statelint:disable:this appear_missing_nil_check */  let a = 1\n") == "    let a = 1\n")
        #expect(Self.fixed("let a = /* statelint:disable:this appear_missing_nil_check */ 1\n") == "let a = 1\n")
    }

    @Test func theByteOrderMarkStaysWhenTheFirstLineGoes() {
        #expect(Self.fixed("\u{FEFF}// statelint:disable:next appear_missing_nil_check\nlet a = 1\n") == "\u{FEFF}let a = 1\n")
    }

    @Test func anUnknownRuleIdBesideAValidOneIsTakenOutOfTheList() {
        func above(_ directive: String) -> String {
            Self.inline.replacingOccurrences(of: "    @State", with: "    // statelint:disable:next " + directive + "\n    @State")
        }
        #expect(Self.fixed(above("state_inline_class_init, state_inline_class_int - why")) == above("state_inline_class_init - why"))
        #expect(Self.fixed(above("nope state_inline_class_init typo")) == above("state_inline_class_init"))
        #expect(Self.fixed(above("a, b,state_inline_class_init")) == above("state_inline_class_init"))
        // A rule that did not run is still a valid id: only the unknown one goes.
        let notRun = "// statelint:disable:next appear_missing_nil_check, wrong_rule\nlet a = 1\n"
        let outcome = FixHarness.fix(["View.swift": Array(notRun.utf8)], rules: FixHarness.registryRules([StateInlineClassInitRule.description.id]),
                                     directives: true)
        #expect(outcome.fixed["View.swift"]?.text == "// statelint:disable:next appear_missing_nil_check\nlet a = 1\n")
    }

    @Test func aDirectiveNamingOnlyUnknownRulesGoesWhole() {
        #expect(Self.fixed("// statelint:disable:next typo_one typo_two\nlet a = 1\n") == "let a = 1\n")
        #expect(Self.fixed("// statelint:enable not_a_rule\nlet a = 1\n") == "let a = 1\n")
        #expect(Self.fixed("// statelint:disable:next all, typo\nlet a = 1\n") == "let a = 1\n")  // suppresses nothing
    }

    @Test func malformedDirectivesGetNoFix() {
        let source = "// statelint:disabel appear_missing_nil_check\n// statelint:disable:next\nlet a = 1\n"
        let lint = FixHarness.lint(["View.swift": Array(source.utf8)], rules: FixHarness.registryRules(RuleRegistry.all.map { $0.description.id }), directives: true)
        #expect(lint.findings.count == 2 && lint.findings.allSatisfy { $0.fix == nil })
        #expect(Self.fixed(source) == source)
    }

    @Test func everyDirectiveFindingButMalformedOnesCarriesAPlacedFix() throws {
        let source = "let a = 1\n// statelint:disable:next appear_missing_nil_check, typo\nlet é = 2 // statelint:disable:this zzz\n"
        let lint = FixHarness.lint(["View.swift": Array(source.utf8)], rules: FixHarness.registryRules(RuleRegistry.all.map { $0.description.id }), directives: true)
        let fixes = lint.findings.map(\.fix)
        #expect(fixes.map { $0?.summary } == ["Remove the directive", "Remove `typo` from the directive", "Remove the directive"])
        let whole = try #require(fixes[0]?.edits.first)
        #expect(whole.range == 10..<67 && whole.start == SourceLocation(line: 2, column: 1) && whole.end == SourceLocation(line: 3, column: 1))
        let id = try #require(fixes[1]?.edits.first)
        #expect(SourceFile(path: "", text: source).text(id.range) == ", typo")
        let trailing = try #require(fixes[2]?.edits.first)
        #expect(SourceFile(path: "", text: source).text(trailing.range) == " // statelint:disable:this zzz")
        #expect(trailing.start == SourceLocation(line: 3, column: 11))
    }

    /// Each rule id's byte range holds exactly that id, whatever separates them.
    @Test func ruleIdRangesHoldTheIds() {
        let source = "/* statelint:disable:next state_inline_class_init,\tappear_missing_nil_check ,x - why */\nlet a = 1\n"
        let file = SourceFile(path: "a.swift", text: source)
        let (directives, malformed) = Directive.parse(file, tokens: Tokenizer.scanCode(file.bytes).comments)
        #expect(malformed.isEmpty)
        #expect(directives.map(\.ruleIDs) == [["state_inline_class_init", "appear_missing_nil_check", "x"]])
        #expect(directives[0].ruleIDRanges.map { file.text($0) } == directives[0].ruleIDs)
    }
}
