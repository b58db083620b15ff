import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The scanner skips indentation and plain string text eight bytes at a time while eight
/// bytes remain, then byte by byte. These put the run's end at every offset of a word, near
/// and far from the end of the buffer, so both paths and their hand-over are exercised.
@Suite struct TokenizerFastPathTests {
    private func spans(_ source: String) -> [(TokenKind, String)] {
        let bytes = Array(source.utf8)
        assertLossless(bytes)
        return Tokenizer.tokenize(bytes).map { ($0.kind, String(decoding: bytes[$0.range], as: UTF8.self)) }
    }

    @Test func spaceRunsEndAtTheFirstOtherByte() {
        for width in 1...20 {
            for tail in ["x", "\tx", "\u{0C}x", "\n", "", "é", " // c\n" + String(repeating: "y", count: 16)] {
                let source = String(repeating: " ", count: width) + tail
                let tokens = spans(source)
                let expectedSpace = tail.hasPrefix("\t") || tail.hasPrefix("\u{0C}")
                    ? String(repeating: " ", count: width) + String(tail.prefix(1))
                    : String(repeating: " ", count: width) + (tail.hasPrefix(" ") ? " " : "")
                #expect(tokens.first?.0 == .space, "width \(width) tail \(tail.debugDescription)")
                #expect(tokens.first?.1 == expectedSpace, "width \(width) tail \(tail.debugDescription)")
            }
        }
    }

    @Test func indentationAfterNewlines() {
        let source = "struct A {\n" + (1...20).map { String(repeating: " ", count: $0) + "let v\($0) = 1\n" }.joined() + "}\n"
        let tokens = spans(source)
        let widths = tokens.filter { $0.0 == .space && $0.1.first == " " && $0.1.count > 1 }.map(\.1.count)
        #expect(widths == Array(2...20))
    }

    @Test func plainStringTextStopsAtEachDelimiter() {
        let stoppers: [(String, TokenKind)] = [("\"", .stringDelimiter), ("\\n\"", .stringSegment), ("\\(x)\"", .interpolationOpen)]
        for length in 0...20 {
            let text = String(repeating: "a", count: length)
            for (stopper, next) in stoppers {
                for padding in ["", "; let padding = 1234567890"] {
                    let tokens = spans("s = \"" + text + stopper + padding)
                    let body = tokens.drop { $0.0 != .stringDelimiter }.dropFirst()
                    if length == 0 && next != .stringSegment {
                        #expect(body.first?.0 == next, "length \(length) stopper \(stopper)")
                    } else if next == .stringSegment {
                        // An escape stays inside the segment.
                        #expect(body.first?.1 == text + "\\n", "length \(length)")
                    } else {
                        #expect(body.first?.1 == text, "length \(length) stopper \(stopper)")
                        #expect(body.dropFirst().first?.0 == next, "length \(length) stopper \(stopper)")
                    }
                }
            }
        }
    }

    @Test func singleLineStringEndsAtLineBreakAtAnyOffset() {
        for length in 0...20 {
            for lineBreak in ["\n", "\r\n", "\r"] {
                let tokens = spans("t = \"" + String(repeating: "b", count: length) + lineBreak + "let next = 0")
                #expect(tokens.contains { $0.0 == .newline && $0.1 == lineBreak }, "length \(length)")
                #expect(tokens.contains { $0.0 == .keyword && $0.1 == "let" }, "length \(length)")
            }
        }
    }

    @Test func otherQuoteBytesDoNotStopText() {
        // `'` inside a `"` string, `"` inside a `'` one (Swift rejects the latter, but it lexes).
        let tokens = spans("let a = \"it's 8 bytes and more\"; let b = '\"quoted\" text here'")
        let segments = tokens.filter { $0.0 == .stringSegment }.map(\.1)
        #expect(segments == ["it's 8 bytes and more", "\"quoted\" text here"])
    }

    @Test func multiLineStringTextCrossesLines() {
        let source = "let m = \"\"\"\n" + (0...12).map { String(repeating: "c", count: $0) }.joined(separator: "\n") + "\n\"\"\"\n"
        let tokens = spans(source)
        let text = tokens.filter { $0.0 == .stringSegment }.map(\.1).joined()
        #expect(text == "\n" + (0...12).map { String(repeating: "c", count: $0) }.joined(separator: "\n") + "\n")
    }

    /// Code mode steps over a single space without a token of its own: whatever follows it
    /// (a name, a bracket, a comment, a string, another blank, the end) must scan as it does
    /// in lossless mode, where the space is a token.
    @Test func loneSpacesBeforeEveryKindOfToken() {
        let followers = ["x", "(", ")", "{", "}", ".", "=", "==", "// c", "/* c */", "\"s\"", "#if", "@State",
                         "1", "\t", "\n", "\r\n", "/re/", "é", "`x`", "$0", ",", ":", "  ", "\u{0C}", ""]
        for follower in followers {
            for source in ["a " + follower, "a " + follower + " b", " " + follower, "f(a, " + follower + ")"] {
                let bytes = Array(source.utf8)
                assertLossless(bytes)
            }
        }
    }

    /// Names are scanned eight bytes per step while eight remain, then byte by byte: a name
    /// of every length, ending at every offset of a word, near and far from the end.
    @Test func namesEndAtTheFirstByteThatCannotContinueThem() {
        let letters = Array("aB3_$zZ9".utf8)
        for length in 1...20 {
            let name = String(decoding: (0..<length).map { letters[$0 % letters.count] }, as: UTF8.self)
            let word = "x" + name  // starts with a letter: `3` or `$` may only continue a name
            for stopper in ["", " ", "(", ".", "→", "-", "@", "[", "`", "{", "/", ":", "é"] {
                // `é` continues a name (through the non-ASCII path); the others end it.
                let expected = stopper == "é" ? word + stopper : word
                for padding in ["", String(repeating: " y", count: 8)] {
                    let tokens = spans(word + stopper + padding)
                    #expect(tokens.first?.0 == .identifier, "\(word) + \(stopper.debugDescription)")
                    #expect(tokens.first?.1 == expected, "\(word) + \(stopper.debugDescription)")
                }
            }
        }
    }

    /// The bitwise classification finds exactly the bytes that are not ASCII letters or
    /// digits, for every byte value in every position of the word, whatever the others are.
    @Test func letterOrDigitStopBytesClassifiesEveryByteInEveryLane() {
        let table = CharacterClass.ascii
        var mismatches: [String] = []
        for fill: UInt8 in [UInt8(ascii: "a"), UInt8(ascii: " "), 0xFF, UInt8(ascii: "_")] {
            for lane in 0..<8 {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: fill, count: 8)
                    bytes[lane] = UInt8(value)
                    let word = bytes.withUnsafeBufferPointer { littleEndianWord($0.baseAddress!) }
                    let stops = letterOrDigitStopBytes(word)
                    for k in 0..<8 {
                        let continues = table[Int(bytes[k])] & CharacterClass.identifierContinue != 0
                            && bytes[k] != UInt8(ascii: "_") && bytes[k] != UInt8(ascii: "$")
                        let stopBit = stops >> UInt64(8 * k + 7) & 1 == 1
                        if stopBit == continues || stops >> UInt64(8 * k) & 0x7F != 0 {
                            mismatches.append("byte 0x\(String(bytes[k], radix: 16)) in lane \(k) of \(bytes)")
                        }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Names scanned on the fast path (classified and packed a word at a time) and on the
    /// general path (within 16 bytes of the end) get the same kind and keyword: every keyword
    /// spelling, near misses of it, and names of 1 to 20 bytes, before every kind of stopper.
    @Test func namesGetTheSameKeywordOnEveryPath() {
        var words = Keyword.spellings.filter { $0.first!.isLetter || $0.first == "_" }
        for spelling in Keyword.spellings where spelling.count > 1 {
            words += [spelling + "s", String(spelling.dropLast()), spelling + "_", spelling + "9"]
        }
        let letters = Array("aB3_$zZ9".utf8)
        words += (1...20).map { length in "n" + String(decoding: (0..<length).map { letters[$0 % letters.count] }, as: UTF8.self) }
        for word in words {
            let bytes = Array(word.utf8)
            let expected = bytes.withUnsafeBufferPointer { KeywordTable.shared.lookup($0, start: 0, count: bytes.count) }
            let kind: TokenKind = expected.isLexerClassified ? .keyword : .identifier
            for stopper in ["", " ", "(", ".", "\n", ":", "é"] {
                for padding in ["", String(repeating: " y", count: 10)] {
                    let text = word + stopper + padding
                    let tokens = Tokenizer.tokenize(Array(text.utf8))
                    if stopper == "é" {
                        // A non-ASCII letter continues the name: no keyword is spelled so.
                        #expect(tokens.first?.keyword == Keyword.none, "\(text.debugDescription)")
                        #expect(tokens.first?.length == bytes.count + 2, "\(text.debugDescription)")
                    } else {
                        #expect(tokens.first?.kind == kind && tokens.first?.keyword == expected, "\(text.debugDescription)")
                        #expect(tokens.first?.length == bytes.count, "\(text.debugDescription)")
                    }
                    let code = Tokenizer.scanCode(Array(text.utf8)).tokens
                    #expect(code.first?.keyword == tokens.first?.keyword && code.first?.length == tokens.first?.length,
                            "code mode agrees: \(text.debugDescription)")
                }
            }
        }
    }
}
