import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// `FixApplier`: pure, bytes in and bytes out.
@Suite struct FixApplierTests {
    static func fix(_ edits: (Range<Int>, String)..., path: String = "A.swift") -> Fix {
        Fix(summary: "test", edits: edits.map { TextEdit(path: path, range: $0.0, replacement: $0.1) })
    }

    static func apply(_ fixes: [Fix?], to text: String) -> (text: String, outcomes: [FixOutcome?], changed: Bool) {
        let application = FixApplier.apply(fixes, to: ["A.swift": Array(text.utf8)])
        let bytes = application.changedFiles["A.swift"]
        return ((bytes ?? Array(text.utf8)).text, application.outcomes, bytes != nil)
    }

    @Test func everyOffsetRefersToTheOriginalTextAsIfAppliedFromTheEnd() {
        let result = Self.apply([Self.fix((0..<1, "XX")), Self.fix((2..<3, "")), Self.fix((6..<6, "!"))], to: "abcdef")
        #expect(result.text == "XXbdef!")
        #expect(result.outcomes == [.applied, .applied, .applied])
    }

    @Test func theFirstOfTwoOverlappingFixesWinsAndTheOtherIsReported() {
        let result = Self.apply([Self.fix((3..<5, "Y")), Self.fix((1..<4, "X"))], to: "abcdef")
        #expect(result.text == "abcYf")
        #expect(result.outcomes == [.applied, .rejected(.overlapsAnotherFix)])
        // The order given decides, not the position.
        let reversed = Self.apply([Self.fix((1..<4, "X")), Self.fix((3..<5, "Y"))], to: "abcdef")
        #expect(reversed.text == "aXef")
        #expect(reversed.outcomes == [.applied, .rejected(.overlapsAnotherFix)])
    }

    @Test func touchingRangesAndInsertionsAtABoundaryDoNotOverlap() {
        let touching = Self.apply([Self.fix((0..<2, "A")), Self.fix((2..<4, "B"))], to: "abcdef")
        #expect(touching.text == "ABef")
        // An insertion where a replaced range starts goes before the replacement.
        let boundary = Self.apply([Self.fix((2..<4, "X")), Self.fix((2..<2, "<")), Self.fix((4..<4, ">"))], to: "abcdef")
        #expect(boundary.text == "ab<X>ef")
        #expect(boundary.outcomes == [.applied, .applied, .applied])
    }

    @Test func insertionsAtOneOffsetOrInsideAReplacedRangeOverlap() {
        let same = Self.apply([Self.fix((2..<2, "1")), Self.fix((2..<2, "2"))], to: "abcd")
        #expect(same.text == "ab1cd")
        #expect(same.outcomes[1] == .rejected(.overlapsAnotherFix))
        let inside = Self.apply([Self.fix((1..<4, "X")), Self.fix((2..<2, "!"))], to: "abcdef")
        #expect(inside.text == "aXef")
        #expect(inside.outcomes[1] == .rejected(.overlapsAnotherFix))
    }

    @Test func anIdenticalFixCountsAsAppliedButIsAppliedOnce() {
        let application = FixApplier.apply([Self.fix((1..<2, "")), Self.fix((1..<2, ""))], to: ["A.swift": Array("a b".utf8)])
        #expect(application.changedFiles["A.swift"]?.text == "ab")
        #expect(application.outcomes == [.applied, .applied])
        #expect(application.appliedCount == 2)
    }

    @Test func aFixIsAppliedWholeOrNotAtAllAcrossFiles() {
        let files = ["A.swift": Array("aaaa".utf8), "B.swift": Array("bb".utf8)]
        let bad = Fix(summary: "two files", edits: [TextEdit(path: "A.swift", range: 0..<1, replacement: "X"),
                                                     TextEdit(path: "B.swift", range: 1..<9, replacement: "Y")])
        let good = Fix(summary: "two files", edits: [TextEdit(path: "A.swift", range: 3..<4, replacement: "Z"),
                                                      TextEdit(path: "B.swift", range: 0..<1, replacement: "W")])
        let application = FixApplier.apply([bad, good], to: files)
        #expect(application.outcomes == [.rejected(.outsideFile), .applied])
        #expect(application.changedFiles["A.swift"]?.text == "aaaZ")
        #expect(application.changedFiles["B.swift"]?.text == "Wb")
    }

    @Test func editsOutsideTheFileOrSplittingASequenceAreRejected() {
        #expect(Self.apply([Self.fix((2..<5, ""))], to: "abcd").outcomes == [.rejected(.outsideFile)])
        #expect(Self.apply([Self.fix((5..<5, "x"))], to: "abcd").outcomes == [.rejected(.outsideFile)])
        #expect(Self.apply([Self.fix((4..<4, "x"))], to: "abcd").text == "abcdx")
        // "é" is C3 A9; "😀" is four bytes.
        #expect(Self.apply([Self.fix((1..<2, ""))], to: "é").outcomes == [.rejected(.splitsUTF8Sequence)])
        #expect(Self.apply([Self.fix((0..<1, "e"))], to: "é!").outcomes == [.rejected(.splitsUTF8Sequence)])
        #expect(Self.apply([Self.fix((3..<3, "x"))], to: "a😀").outcomes == [.rejected(.splitsUTF8Sequence)])
        #expect(Self.apply([Self.fix((0..<2, "e"))], to: "é!").text == "e!")
        // In bytes that are not UTF-8, a stray continuation byte starts no sequence to split.
        let stray = FixApplier.apply([Self.fix((0..<2, ""))], to: ["A.swift": [0x61, 0x0A, 0x89, 0x62]])
        #expect(stray.outcomes == [.applied] && stray.changedFiles["A.swift"] == [0x89, 0x62])
        // Inside a truncated sequence (E2 82 lacks its third byte) is still inside it; after it is not.
        let truncated = FixApplier.apply([Self.fix((1..<1, "x")), Self.fix((2..<2, "y"))], to: ["A.swift": [0xE2, 0x82, 0x41]])
        #expect(truncated.outcomes == [.rejected(.splitsUTF8Sequence), .applied])
        let overlong = FixApplier.apply([Self.fix((4..<4, "x"))], to: ["A.swift": [0xF0, 0x9F, 0x98, 0x80, 0x80]])  // 😀 then a stray byte
        #expect(overlong.outcomes == [.applied])
        #expect(Self.apply([Self.fix((2..<2, "x"))], to: "a\r\nb").outcomes == [.rejected(.splitsCRLF)])
        #expect(Self.apply([Self.fix((1..<2, ""))], to: "a\r\nb").outcomes == [.rejected(.splitsCRLF)])
        #expect(Self.apply([Self.fix((1..<3, ""))], to: "a\r\nb").text == "ab")
    }

    @Test func theByteOrderMarkStaysFirstAndUnchanged() {
        let bom = "\u{FEFF}let a = 1\n"
        #expect(Self.apply([Self.fix((0..<0, "// x\n"))], to: bom).outcomes == [.rejected(.touchesByteOrderMark)])
        #expect(Self.apply([Self.fix((0..<4, ""))], to: bom).outcomes == [.rejected(.touchesByteOrderMark)])
        #expect(Self.apply([Self.fix((3..<3, "// x\n"))], to: bom).text == "\u{FEFF}// x\nlet a = 1\n")
    }

    @Test func anEditThatWouldMergeACRAndAnLFIntoOneLineBreakIsRejected() {
        #expect(Self.apply([Self.fix((2..<3, ""))], to: "a\rX\nb").outcomes == [.rejected(.joinsLineBreaks)])
        #expect(Self.apply([Self.fix((2..<2, "\n"))], to: "a\rb\rc").text == "a\r\rb\rc")  // written as the file's CR
        #expect(Self.apply([Self.fix((2..<2, "x\r"))], to: "a\n\nb").text == "a\nx\n\nb")  // and here as LF
    }

    @Test func lineBreaksInAReplacementBecomeTheFilesLineEnding() {
        #expect(Self.apply([Self.fix((3..<3, "x\ny\n"))], to: "a\r\nb\r\nc\r\n").text == "a\r\nx\r\ny\r\nb\r\nc\r\n")
        #expect(Self.apply([Self.fix((2..<2, "x\ny\r\n"))], to: "a\rb\r").text == "a\rx\ry\rb\r")
        #expect(Self.apply([Self.fix((2..<2, "x\r\ny\n"))], to: "a\nb\n").text == "a\nx\ny\nb\n")
        // A CRLF already in the replacement is not doubled.
        #expect(Self.apply([Self.fix((3..<3, "x\r\n"))], to: "a\r\nb\r\n").text == "a\r\nx\r\nb\r\n")
    }

    @Test func malformedFixesAreRejectedWithTheirReason() {
        let outcomes = Self.apply([Fix(summary: "none", edits: []), Self.fix((0..<1, "x"), path: "Other.swift"),
                                   Self.fix((0..<2, "x"), (1..<3, "y")), nil], to: "abcd").outcomes
        #expect(outcomes == [.rejected(.noEdits), .rejected(.unknownFile("Other.swift")), .rejected(.overlappingEdits), nil])
    }

    @Test func aFixThatChangesNothingLeavesTheFileUnchanged() {
        let result = Self.apply([Self.fix((0..<3, "abc"))], to: "abcd")
        #expect(result.outcomes == [.applied])
        #expect(!result.changed)
    }

    /// Random fixes on random text against the obvious implementation: check each fix
    /// against all kept ones, then apply the kept edits one by one from the end.
    @Test(arguments: [1, 2, 3, 4, 5])
    func randomFixesMatchTheNaiveEndFirstApplication(seed: UInt64) {
        var random = SplitMix64(state: seed)  // deterministic: a failure repeats
        let length = 2000
        let text = (0..<length).map { _ in UInt8(ascii: "a") + UInt8(random.next() % 26) }
        var fixes: [Fix?] = []
        for _ in 0..<400 {
            var edits: [TextEdit] = []
            for _ in 0..<(1 + Int(random.next() % 2)) {
                let start = Int(random.next() % UInt64(length + 1))
                let end = min(length, start + Int(random.next() % 6))
                edits.append(TextEdit(path: "A.swift", range: start..<end, replacement: String(repeating: "Z", count: Int(random.next() % 4))))
            }
            fixes.append(random.next() % 10 == 0 ? nil : Fix(summary: "r", edits: edits))
        }
        let application = FixApplier.apply(fixes, to: ["A.swift": text])

        var kept: [Range<Int>] = []
        var keptEdits: [TextEdit] = []
        var keptFixes: [[TextEdit]] = []
        var expectedOutcomes: [FixOutcome?] = []
        for fix in fixes {
            guard let fix else { expectedOutcomes.append(nil); continue }
            let ranges = fix.edits.map(\.range)
            let selfOverlap = ranges.indices.contains { i in ranges.indices.contains { j in i < j && AcceptedEdits.conflict(ranges[i], ranges[j]) } }
            if selfOverlap { expectedOutcomes.append(.rejected(.overlappingEdits)); continue }
            if keptFixes.contains(fix.edits) { expectedOutcomes.append(.applied); continue }  // the same fix twice
            if ranges.contains(where: { range in kept.contains { AcceptedEdits.conflict($0, range) } }) {
                expectedOutcomes.append(.rejected(.overlapsAnotherFix)); continue
            }
            kept += ranges
            keptEdits += fix.edits
            keptFixes.append(fix.edits)
            expectedOutcomes.append(.applied)
        }
        var expected = text
        for edit in keptEdits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) > ($1.range.lowerBound, $1.range.upperBound) }) {
            expected.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        let firstDifference = zip(application.outcomes, expectedOutcomes).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstDifference == nil, "fix \(firstDifference?.offset ?? -1): \(String(describing: firstDifference.map { fixes[$0.offset] }))")
        #expect((application.changedFiles["A.swift"] ?? text) == expected)
    }
}
