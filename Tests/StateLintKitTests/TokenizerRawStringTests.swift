import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Raw strings whose opening delimiter looks like a multi-line one. The Swift lexer's rule
/// (swift-syntax `lexStringQuote`, checked against the oracle in shared/tools/oracle): after
/// `#"""` with N `#`, a `"` followed by at least N `#` later on the same line makes it a
/// single-line string whose text starts with `""`; otherwise it opens a multi-line string.
@Suite struct TokenizerRawStringTests {
    /// The texts of the string delimiters and segments of `source`, in order.
    static func stringParts(_ source: String) -> [String] {
        codeTokens(source).filter { $0.0 == .stringDelimiter || $0.0 == .stringSegment }.map(\.1)
    }

    @Test(arguments: 1...6)
    func closedOnTheOpeningLineIsSingleLine(pounds: Int) {
        let d = String(repeating: "#", count: pounds)
        let source = "let q = \(d)\"\"\"\"\"\(d)\nlet next = 1"
        // `#"""""#` is the text `"""`, and the next line is code again.
        #expect(Self.stringParts(source) == ["\(d)\"", "\"\"\"", "\"\(d)"])
        #expect(codeTokens(source).suffix(4).map(\.1) == ["let", "next", "=", "1"])
        assertLossless(Array(source.utf8))
    }

    @Test(arguments: 1...4)
    func fewerPoundsOnTheLineOpenMultiLine(pounds: Int) {
        // A `"` followed by fewer `#` than the opening has does not close it.
        let d = String(repeating: "#", count: pounds)
        let fewer = String(repeating: "#", count: pounds - 1)
        let source = "let m = \(d)\"\"\" a \"\(fewer) b\n    body\n    \"\"\"\(d)\nlet next = 1"
        let parts = Self.stringParts(source)
        #expect(parts.first == "\(d)\"\"\"")
        #expect(parts.last == "\"\"\"\(d)")
        #expect(codeTokens(source).suffix(4).map(\.1) == ["let", "next", "=", "1"])
        assertLossless(Array(source.utf8))
    }

    @Test func shortOpenersAndQuotesInside() {
        #expect(Self.stringParts(##"let a = #"""#"##) == ["#\"", "\"", "\"#"])
        #expect(Self.stringParts(##"let a = #""""#"##) == ["#\"", "\"\"", "\"#"])
        #expect(Self.stringParts(##"let a = #""" spaced "# + x"##) == ["#\"", "\"\" spaced ", "\"#"])
        #expect(codeTokens(##"let a = #""" spaced "# + x"##).suffix(2).map(\.1) == ["+", "x"])
        // `"#` closes a `##` string only with two `#`: here the text is `""a"#b`.
        #expect(Self.stringParts(###"let a = ##"""a"#b"##"###) == ["##\"", "\"\"a\"#b", "\"##"])
        // Real code: an escaped quote and a replacement, both on one line.
        let replace = ##"s.replacingOccurrences(of: #"""#, with: #"\""#).count"##
        #expect(Self.stringParts(replace) == ["#\"", "\"", "\"#", "#\"", "\\\"", "\"#"])
        #expect(codeTokens(replace).suffix(3).map(\.1) == [")", ".", "count"])
    }

    @Test func escapesAndInterpolationsOnTheOpeningLine() {
        // The same-line scan ignores escapes and interpolations, as the lexer's does.
        let interpolated = codeTokens(##"let a = #"""\#(value)"#"##)
        #expect(interpolated.map(\.0).suffix(6) == [.stringDelimiter, .stringSegment, .interpolationOpen, .identifier,
                                                    .interpolationClose, .stringDelimiter])
        #expect(interpolated.contains { $0 == (.identifier, "value") })
        // `\#"` is an escaped quote: the `"#` the scan saw does not end the string, which is
        // then unterminated at the end of its line. The next line is code.
        let escaped = ##"let a = #"""\#"#"## + "\nlet b = 1"
        #expect(Self.stringParts(escaped) == ["#\"", "\"\"\\#\"#"])
        #expect(codeTokens(escaped).suffix(4).map(\.1) == ["let", "b", "=", "1"])
        // `\"` in a raw string is two characters: `"#` after it closes.
        #expect(Self.stringParts(##"let a = #"""\"#"##) == ["#\"", "\"\"\\", "\"#"])
    }

    @Test func unterminatedOpeners() {
        for source in [##"let a = #"""\#"#"## + "\nlet b = 1", ###"let a = ##"""a"#"### + "\nlet b = 1", ##"#"""##,
                       ##"#""""##, "#\"\"\"\n", ##"let a = #"""\#(x"## + "\nlet b = 1"] {
            assertLossless(Array(source.utf8))
        }
        // No closing quote with enough `#` on the line: multi-line, open to the end of the file.
        let open = Tokenizer.tokenize(Array((###"let a = ##"""a"#"### + "\nlet b = 1").utf8))
        #expect(open.last?.kind == .stringSegment)
        #expect(!open.contains { $0.kind == .integer })
    }

    @Test func extraPoundsAfterTheClosingQuoteBelongToIt() {
        // An error either way; swift-syntax makes every `#` part of the closing delimiter.
        #expect(codeTokens(###"let a = #"x"##"###).suffix(3).map(\.1) == ["#\"", "x", "\"##"])
        #expect(codeTokens("let a = #\"\"\"\n  x\n  \"\"\"##\nlet b = 1").filter { $0.0 == .stringDelimiter }.map(\.1)
                == ["#\"\"\"", "\"\"\"##"])
    }

    @Test func interpolationTakesOnePoundMoreAsSwiftSyntaxDoes() {
        // `\##(` in a `#` string interpolates in swift-syntax (the C++ lexer reports the extra
        // `#`); three `#` do not.
        #expect(codeTokens(####"#"a\##(x)b"#"####).contains { $0 == (.identifier, "x") })
        #expect(!codeTokens(####"#"a\###(x)b"#"####).contains { $0.0 == .identifier })
        #expect(codeTokens(####"##"a\###(x)b"##"####).contains { $0 == (.identifier, "x") })
        #expect(codeTokens(####"##"a\##(x)b"##"####).contains { $0 == (.identifier, "x") })
        #expect(!codeTokens(####"##"a\#(x)b"##"####).contains { $0.0 == .identifier })
    }

    @Test func plainTripleQuotesAreAlwaysMultiLine() {
        // Without `#` there is no same-line rule: `"""a"""` opens a multi-line literal.
        #expect(Self.stringParts(#"let a = """a""""#) == ["\"\"\"", "a", "\"\"\""])
        #expect(Self.stringParts("let a = \"\"\"\n  \"#\n  \"\"\"").first == "\"\"\"")
    }
}
