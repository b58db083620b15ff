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

/// `FixRounds` over the engine, with test rules: apply, re-lint, repeat to a fixed point.
@Suite struct FixRoundsTests {
    static func files(_ texts: [String: String]) -> [String: [UInt8]] { texts.mapValues { Array($0.utf8) } }

    /// A view with `properties` (each `name = value`, one `@State` declaration per line).
    static func view(_ name: String, _ properties: [String], lineEnding: String = "\n") -> String {
        (["struct \(name): View {"] + properties.map { "    @State private var \($0)" }
            + ["    var body: some View { Text(\"\") }", "}", ""]).joined(separator: lineEnding)
    }

    @Test func oneRoundFixesEveryFindingAndASecondRunChangesNothing() {
        let rule = TestFixRule.renaming(["oldName": "newName", "old2": "new2"])
        let files = Self.files(["A.swift": Self.view("A", ["oldName = 1", "old2 = 2", "kept = 3"]), "B.swift": Self.view("B", ["other = 2"])])
        let outcome = FixHarness.fix(files, rules: [rule])
        #expect(outcome.fixed["A.swift"]?.text == Self.view("A", ["newName = 1", "new2 = 2", "kept = 3"]))
        #expect(outcome.original["A.swift"] == files["A.swift"])
        #expect(outcome.fixed["B.swift"] == nil && outcome.original["B.swift"] == nil)
        #expect(outcome.findings.isEmpty && outcome.unfixed.isEmpty)
        #expect(outcome.appliedCount == 2 && outcome.appliedByFile == ["A.swift": 2])
        #expect(outcome.rounds == 1 && outcome.settled)
        let again = FixHarness.fix(files.merging(outcome.fixed) { $1 }, rules: [rule])
        #expect(again.fixed.isEmpty && again.rounds == 0 && again.settled)
    }

    @Test func aFixThatMakesAnotherFindingFixableIsFollowedInTheNextRound() {
        let rule = TestFixRule.renaming(["a1": "a2", "a2": "a3"])
        let outcome = FixHarness.fix(Self.files(["A.swift": Self.view("A", ["a1 = 1"])]), rules: [rule])
        #expect(outcome.fixed["A.swift"]?.text == Self.view("A", ["a3 = 1"]))
        #expect(outcome.rounds == 2 && outcome.settled && outcome.appliedCount == 2)
    }

    /// Both properties insert a line above theirs: the same offset, so the second fix overlaps
    /// the first and waits for the next round, where it applies alone. The inserted line takes
    /// the file's CRLF line endings and the line's indentation, from `RuleContext.style(of:)`.
    @Test func anOverlappingFixIsAppliedInALaterRound() {
        let rule = TestFixRule { property, context in
            guard property.name.hasPrefix("foo") else { return nil }
            let span = property.nameSpan
            let location = context.location(of: span)
            let lineStart = span.range.lowerBound - (location.column - 1)
            return Fix(summary: "Rename and note it", edits: [
                TextEdit(path: context.path(of: span), range: lineStart..<lineStart,
                         replacement: context.style(of: span).indentation(ofLine: location.line) + "// renamed\n"),
                context.edit(span, "bar" + property.name.dropFirst(3)),
            ])
        }
        let source = "struct A: View {\r\n\t@State var foo1 = 1; @State var foo2 = 2\r\n\tvar body: some View { Text(\"\") }\r\n}\r\n"
        let outcome = FixHarness.fix(Self.files(["A.swift": source]), rules: [rule])
        #expect(outcome.fixed["A.swift"]?.text
                == "struct A: View {\r\n\t// renamed\r\n\t// renamed\r\n\t@State var bar1 = 1; @State var bar2 = 2\r\n\tvar body: some View { Text(\"\") }\r\n}\r\n")
        #expect(outcome.rounds == 2 && outcome.settled)
    }

    @Test func fixesThatNeverSettleStopAtTheBoundAndSaySo() {
        let rule = TestFixRule { property, context in
            guard property.name.hasPrefix("grow") else { return nil }
            return Fix(summary: "Grow", edits: [context.edit(property.nameSpan, property.name + "x")])
        }
        let outcome = FixHarness.fix(Self.files(["A.swift": Self.view("A", ["grow = 1"])]), rules: [rule])
        #expect(outcome.rounds == FixRounds.maximumRounds && !outcome.settled)
        #expect(outcome.fixed["A.swift"]?.text == Self.view("A", ["growxxxxx = 1"]))
        #expect(outcome.findings.count == 1)
        #expect(outcome.unfixed == [0: .didNotSettle(rounds: FixRounds.maximumRounds)])
    }

    @Test func aBadFixIsReportedAndChangesNothing() {
        let rule = TestFixRule { property, context in
            switch property.name {
            case "bad": return Fix(summary: "Past the end", edits: [TextEdit(path: context.path(of: property.span), range: 0..<10_000, replacement: "")])
            case "same": return Fix(summary: "Same", edits: [context.edit(property.nameSpan, "same")])
            default: return nil
            }
        }
        let outcome = FixHarness.fix(Self.files(["A.swift": Self.view("A", ["bad = 1", "same = 2"])]), rules: [rule])
        #expect(outcome.fixed.isEmpty && outcome.settled && outcome.rounds == 0)
        #expect(outcome.findings.map(\.message) == ["property `bad`", "property `same`"])
        #expect(outcome.unfixed == [0: .outsideFile, 1: .changesNothing])
    }

    /// The engine places fix edits (positions, the file's line endings) and, for `--fix`, keeps
    /// the bytes of the files that fixes edit — and only those.
    @Test func theEngineKeepsTheLintedBytesOfFilesWithFixes() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let fixable = try tree.write("A.swift", Self.view("A", ["x = 1", "oldName = 2"], lineEnding: "\r\n"))
        let clean = try tree.write("B.swift", Self.view("B", ["y = 3"]))
        let rule = TestFixRule { property, context in
            guard property.name == "oldName" else { return nil }
            return Fix(summary: "Rename", edits: [context.edit(property.nameSpan, "a\nb")])
        }
        var options = LintEngine.Options()
        options.keepsSourcesWithFixes = true
        let engine = LintEngine(rules: [.init(rule: rule, severity: .warning)], directiveSeverity: nil, options: options)
        let result = engine.run(files: [fixable, clean], indexFiles: [fixable, clean])
        #expect(result.sourcesWithFixes.keys.sorted() == [fixable])
        #expect(result.sourcesWithFixes[fixable].map { FileManager.default.contents(atPath: fixable) == Data($0) } == true)
        let edit = try #require(result.findings.first?.fix?.edits.first)
        #expect(edit.start == SourceLocation(line: 3, column: 24) && edit.end == SourceLocation(line: 3, column: 31))
        #expect(edit.replacement == "a\r\nb")
        let plain = LintEngine(rules: [.init(rule: rule, severity: .warning)], directiveSeverity: nil)
            .run(files: [fixable, clean], indexFiles: [fixable, clean])
        #expect(plain.sourcesWithFixes.isEmpty && plain.findings.count == 1)
    }
}
