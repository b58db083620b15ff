import Foundation
import Testing
@testable import StateLintKit

/// `FixRounds` over the engine, with test rules: apply, re-lint, repeat to a fixed point.
@Suite struct FixRoundsTests {
    static func files(_ texts: [String: String]) -> [String: [UInt8]] { texts.mapValues { Array($0.utf8) } }

    @Test func oneRoundFixesEveryFindingAndASecondRunChangesNothing() {
        let rule = TestFixRule.renaming(["oldName": "newName"])
        let files = Self.files(["A.swift": "let oldName = 1\nprint(oldName, oldName)\n", "B.swift": "let other = 2\n"])
        let outcome = FixHarness.fix(files, rules: [rule])
        #expect(outcome.fixed["A.swift"]?.text == "let newName = 1\nprint(newName, newName)\n")
        #expect(outcome.original["A.swift"] == files["A.swift"])
        #expect(outcome.fixed["B.swift"] == nil && outcome.original["B.swift"] == nil)
        #expect(outcome.findings.isEmpty && outcome.unfixed.isEmpty)
        #expect(outcome.appliedCount == 3 && outcome.appliedByFile == ["A.swift": 3])
        #expect(outcome.rounds == 1 && outcome.settled)
        let again = FixHarness.fix(files.merging(outcome.fixed) { $1 }, rules: [rule])
        #expect(again.fixed.isEmpty && again.rounds == 0 && again.settled)
    }

    @Test func aFixThatMakesAnotherFindingFixableIsFollowedInTheNextRound() {
        let rule = TestFixRule.renaming(["a1": "a2", "a2": "a3"])
        let outcome = FixHarness.fix(Self.files(["A.swift": "let a1 = 1\n"]), rules: [rule])
        #expect(outcome.fixed["A.swift"]?.text == "let a3 = 1\n")
        #expect(outcome.rounds == 2 && outcome.settled && outcome.appliedCount == 2)
    }

    /// Both `foo`s insert a line above theirs: the same offset, so the second fix overlaps the
    /// first and waits for the next round, where it applies alone. The inserted line follows
    /// the file's CRLF line endings and the line's indentation.
    @Test func anOverlappingFixIsAppliedInALaterRound() {
        let rule = TestFixRule { context, index, name in
            guard name == "foo" else { return nil }
            let file = context.structure.file
            let line = context.code.location(index).line
            let style = SourceStyle(file)
            return Fix(summary: "Rename and note it", edits: [
                TextEdit(path: file.path, range: file.lineStarts[line - 1]..<file.lineStarts[line - 1],
                         replacement: style.indentation(ofLine: line) + "// renamed\n"),
                TextEdit(path: file.path, range: context.code[index].range, replacement: "bar"),
            ])
        }
        let outcome = FixHarness.fix(Self.files(["A.swift": "struct A {\r\n    let x = (foo, foo)\r\n}\r\n"]), rules: [rule])
        #expect(outcome.fixed["A.swift"]?.text == "struct A {\r\n    // renamed\r\n    // renamed\r\n    let x = (bar, bar)\r\n}\r\n")
        #expect(outcome.rounds == 2 && outcome.settled)
    }

    @Test func fixesThatNeverSettleStopAtTheBoundAndSaySo() {
        let rule = TestFixRule { context, index, name in
            guard name.hasPrefix("grow") else { return nil }
            return Fix(summary: "Grow", edits: [TextEdit(path: context.structure.file.path, range: context.code[index].range,
                                                          replacement: name + "x")])
        }
        let outcome = FixHarness.fix(Self.files(["A.swift": "let grow = 1\n"]), rules: [rule])
        #expect(outcome.rounds == FixRounds.maximumRounds && !outcome.settled)
        #expect(outcome.fixed["A.swift"]?.text == "let growxxxxx = 1\n")
        #expect(outcome.findings.count == 1)
        #expect(outcome.unfixed == [0: .didNotSettle(rounds: FixRounds.maximumRounds)])
    }

    @Test func aBadFixIsReportedAndChangesNothing() {
        let rule = TestFixRule { context, index, name in
            guard name == "bad" else { return nil }
            return Fix(summary: "Past the end", edits: [TextEdit(path: context.structure.file.path, range: 0..<10_000, replacement: "")])
        }
        let same = TestFixRule.renaming(["same": "same"])
        let outcome = FixHarness.fix(Self.files(["A.swift": "let bad = same\n"]), rules: [rule, same])
        #expect(outcome.fixed.isEmpty && outcome.settled && outcome.rounds == 0)
        #expect(outcome.findings.map(\.message) == ["identifier `bad`", "identifier `same`"])
        #expect(outcome.unfixed == [0: .outsideFile, 1: .changesNothing])
    }

    /// The engine places fix edits (positions, the file's line endings) and, for `--fix`, keeps
    /// the bytes of the files whose findings have fixes — and only those.
    @Test func theEngineKeepsTheLintedBytesOfFilesWithFixes() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let fixable = try tree.write("A.swift", "let x = 1\r\nlet oldName = 2\r\n")
        let clean = try tree.write("B.swift", "let y = 3\n")
        let rule = TestFixRule { context, index, name in
            guard name == "oldName" else { return nil }
            return Fix(summary: "Rename", edits: [TextEdit(path: context.structure.file.path, range: context.code[index].range,
                                                            replacement: "a\nb")])
        }
        var options = LintEngine.Options()
        options.keepsSourcesWithFixes = true
        let engine = LintEngine(rules: [.init(rule: rule, severity: .warning)], directiveSeverity: nil, options: options)
        let result = engine.run(files: [fixable, clean], indexFiles: [fixable, clean])
        #expect(result.sourcesWithFixes.keys.sorted() == [fixable])
        #expect(result.sourcesWithFixes[fixable]?.text == "let x = 1\r\nlet oldName = 2\r\n")
        let edit = try #require(result.findings.first?.fix?.edits.first)
        #expect(edit.start == SourceLocation(line: 2, column: 5) && edit.end == SourceLocation(line: 2, column: 12))
        #expect(edit.replacement == "a\r\nb")
        let plain = LintEngine(rules: [.init(rule: rule, severity: .warning)], directiveSeverity: nil)
            .run(files: [fixable, clean], indexFiles: [fixable, clean])
        #expect(plain.sourcesWithFixes.isEmpty && plain.findings.count == 1)
    }
}
