import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The `--fix` summary on standard error.
@Suite struct FixSummaryTests {
    static func finding(_ rule: String, line: Int, fix: Bool) -> Finding {
        Finding(ruleID: rule, severity: .warning, message: "m", path: "Sources/A.swift",
                start: SourceLocation(line: line, column: 5), end: SourceLocation(line: line, column: 9),
                fix: fix ? Fix(summary: "s", edits: [TextEdit(path: "Sources/A.swift", range: 0..<1, replacement: "")]) : nil)
    }

    @Test func itCountsTheFixesAndSaysWhyEachRemainingFindingWasNotFixed() {
        let summary = FixSummary(mode: .written, fixedCount: 3, fixedFileCount: 1, remaining: [
            .init(finding: Self.finding("rule_a", line: 2, fix: false), rejection: nil),
            .init(finding: Self.finding("rule_b", line: 7, fix: true), rejection: .overlapsAnotherFix),
        ], notWritten: [("Sources/B.swift", "it changed on disk since it was read")], settled: true)
        #expect(summary.lines(quiet: false) == [
            "statelint: error: Sources/B.swift: not fixed, it changed on disk since it was read",
            "Fixed 3 findings in 1 file.",
            "2 findings remain:",
            "  Sources/A.swift:2:5: [rule_a] no fix available",
            "  Sources/A.swift:7:5: [rule_b] not fixed: overlaps another fix",
        ])
        // Quiet: only what went wrong.
        #expect(summary.lines(quiet: true) == ["statelint: error: Sources/B.swift: not fixed, it changed on disk since it was read"])
    }

    @Test func eachModeHasItsHeadlineAndAnUnsettledRunWarns() {
        let one = FixSummary(mode: .diff, fixedCount: 1, fixedFileCount: 1, remaining: [], notWritten: [], settled: false)
        #expect(one.lines(quiet: false) == [
            "statelint: warning: the fixes did not settle after \(FixRounds.maximumRounds) rounds; run statelint --fix again",
            "Would fix 1 finding in 1 file (nothing written).",
        ])
        #expect(one.lines(quiet: true).count == 1)
        let none = FixSummary(mode: .written, fixedCount: 0, fixedFileCount: 0, remaining: [], notWritten: [], settled: true)
        #expect(none.lines(quiet: false) == ["Nothing to fix."])
        let buffer = FixSummary(mode: .standardOutput, fixedCount: 0, fixedFileCount: 0, remaining: [], notWritten: [], settled: true)
        #expect(buffer.lines(quiet: false) == ["Fixed 0 findings; the fixed source is on standard output (nothing written)."])
    }
}
