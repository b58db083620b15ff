import Testing
@testable import StateLintKit

@Suite struct SourceFileTests {
    @Test func linesEndAtLFCRLFAndLoneCR() {
        let file = SourceFile(path: "a.swift", text: "a\nbb\r\nc\rd")
        #expect(file.lineStarts == [0, 2, 6, 8])
        #expect(file.location(ofOffset: 0) == StateLintKit.SourceLocation(line: 1, column: 1))
        #expect(file.location(ofOffset: 3) == StateLintKit.SourceLocation(line: 2, column: 2))
        #expect(file.location(ofOffset: 8) == StateLintKit.SourceLocation(line: 4, column: 1))
        #expect(file.lineText(2) == "bb")
        #expect(file.lineText(3) == "c")
    }

    @Test func columnsCountUTF8Bytes() {
        // "é" is two bytes, so the `x` after it is at byte column 4.
        let file = SourceFile(path: "a.swift", text: "\"é\"x")
        #expect(file.location(ofOffset: 4) == StateLintKit.SourceLocation(line: 1, column: 5))
    }

    @Test func offsetsPastTheEndClamp() {
        let file = SourceFile(path: "a.swift", text: "ab\n")
        #expect(file.location(ofOffset: 99) == StateLintKit.SourceLocation(line: 2, column: 1))
    }
}
