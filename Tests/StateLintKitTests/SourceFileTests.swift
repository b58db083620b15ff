import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

@Suite struct SourceFileTests {
    @Test func linesEndAtLFCRLFAndLoneCR() {
        let file = SourceFile(path: "a.swift", text: "a\nbb\r\nc\rd")
        #expect(file.lineStarts == [0, 2, 6, 8])
        #expect(file.location(ofOffset: 0) == StateLintSyntax.SourceLocation(line: 1, column: 1))
        #expect(file.location(ofOffset: 3) == StateLintSyntax.SourceLocation(line: 2, column: 2))
        #expect(file.location(ofOffset: 8) == StateLintSyntax.SourceLocation(line: 4, column: 1))
        #expect(file.lineText(2) == "bb")
        #expect(file.lineText(3) == "c")
    }

    @Test func columnsCountUTF8Bytes() {
        // "é" is two bytes, so the `x` after it is at byte column 4.
        let file = SourceFile(path: "a.swift", text: "\"é\"x")
        #expect(file.location(ofOffset: 4) == StateLintSyntax.SourceLocation(line: 1, column: 5))
    }

    @Test func offsetsPastTheEndClamp() {
        let file = SourceFile(path: "a.swift", text: "ab\n")
        #expect(file.location(ofOffset: 99) == StateLintSyntax.SourceLocation(line: 2, column: 1))
    }

    /// The one-pass scan must agree with the line table for every offset, in any order, for
    /// every line ending (long lines cross the 8-byte steps of the line-break search).
    @Test func batchLocationsMatchTheLineTable() {
        let texts = ["a\nbb\r\nc\rd", "\r\n\r\n", "\r\r\n\n", "", "x", "ab\n",
                     String(repeating: "0123456789abcdef", count: 3) + "\r\n" + String(repeating: "é", count: 20) + "\r" + "tail\n\n",
                     "a\r", "a\r\n"]
        for text in texts {
            let bytes = Array(text.utf8)
            let offsets = Array((-1...(bytes.count + 2)).reversed()) + [3, 0, 3]
            let table = SourceFile(path: "a.swift", bytes: bytes)
            let expected = offsets.map { table.location(ofOffset: $0) }
            #expect(SourceFile(path: "a.swift", bytes: bytes).locations(ofOffsets: offsets) == expected, "\(text.debugDescription)")
            #expect(table.locations(ofOffsets: offsets) == expected)  // with the table already built
            #expect(SourceFile.computeLineStarts(bytes) == SourceFile.computeLineStartsByteByByte(bytes))
        }
    }
}

extension SourceFile {
    /// The straightforward definition the fast line-break search must agree with.
    static func computeLineStartsByteByByte(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                starts.append(index + 1)
            } else if bytes[index] == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        return starts
    }
}
