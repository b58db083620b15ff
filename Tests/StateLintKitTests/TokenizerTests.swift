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

/// Kinds and texts of the non-trivia tokens of `source`, for compact assertions.
func codeTokens(_ source: String) -> [(TokenKind, String)] {
    let bytes = Array(source.utf8)
    return Tokenizer.tokenize(bytes).filter { !$0.kind.isTrivia }.map {
        ($0.kind, String(decoding: bytes[$0.range], as: UTF8.self))
    }
}

func kinds(_ source: String) -> [TokenKind] { codeTokens(source).map(\.0) }

/// Every byte in exactly one token, in order, with no gaps: the tokens give the input back.
func assertLossless(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let tokens = Tokenizer.tokenize(bytes)
    var expected = 0
    for token in tokens {
        #expect(token.start == expected, sourceLocation: sourceLocation)
        #expect(token.length > 0, sourceLocation: sourceLocation)
        expected = token.end
    }
    #expect(expected == bytes.count, sourceLocation: sourceLocation)
    assertCodeScanAgrees(bytes, tokens: tokens, sourceLocation: sourceLocation)
}

/// The lint path's code-only scan must see exactly what the lossless scan sees once trivia is
/// dropped: the same code tokens, line breaks and bracket partners, and the same comments.
func assertCodeScanAgrees(_ bytes: [UInt8], tokens: [Token], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let scan = Tokenizer.scanCode(bytes)
    let reference = CodeTokens(file: SourceFile(path: "t.swift", bytes: bytes), allTokens: tokens)
    #expect(scan.tokens == reference.tokens, sourceLocation: sourceLocation)
    #expect(scan.lineBreakBefore == reference.lineBreakBefore, sourceLocation: sourceLocation)
    #expect(scan.partner == reference.partner, sourceLocation: sourceLocation)
    let comments = tokens.filter { $0.kind.isComment || $0.kind == .shebang }
    #expect(scan.comments == comments, sourceLocation: sourceLocation)
}

@Suite struct TokenizerTests {
    @Test func attributesAndKeywords() {
        let tokens = codeTokens("@State private var model = Model()")
        #expect(tokens.map(\.1) == ["@State", "private", "var", "model", "=", "Model", "(", ")"])
        #expect(tokens.map(\.0) == [.attribute, .keyword, .keyword, .identifier, .operator, .identifier, .leftParen, .rightParen])
    }

    @Test func contextualKeywordsStayIdentifiersButAreRecognised() {
        let bytes = Array("final class actor some".utf8)
        let tokens = Tokenizer.tokenize(bytes).filter { !$0.kind.isTrivia }
        #expect(tokens.map(\.kind) == [.identifier, .keyword, .identifier, .identifier])
        #expect(tokens.map(\.keyword) == [.final, .class, .actor, .some])
    }

    @Test func interpolationCodeIsCode() {
        let tokens = codeTokens(#""a \(f("b \(x)")) c""#)
        #expect(tokens.map(\.0) == [
            .stringDelimiter, .stringSegment, .interpolationOpen, .identifier, .leftParen,
            .stringDelimiter, .stringSegment, .interpolationOpen, .identifier, .interpolationClose,
            .stringDelimiter, .rightParen, .interpolationClose, .stringSegment, .stringDelimiter,
        ])
    }

    @Test func closureInsideInterpolation() {
        let tokens = codeTokens(#""\(items.map { "\($0)" }.count)""#)
        #expect(tokens.contains { $0 == (.leftBrace, "{") })
        #expect(tokens.contains { $0 == (.identifier, "$0") })
        #expect(tokens.last! == (.stringDelimiter, "\""))
    }

    @Test func rawStringsIgnorePlainInterpolation() {
        let tokens = codeTokens(##"#"a \(b) \#(c) "q""#"##)
        #expect(tokens.first! == (.stringDelimiter, "#\""))
        #expect(tokens.last! == (.stringDelimiter, "\"#"))
        #expect(tokens.filter { $0.0 == .identifier }.map(\.1) == ["c"])
    }

    @Test func multiLineStringWithContinuation() {
        let source = "let s = \"\"\"\n    one \\\n    two \\(x)\n    \"\"\"\nlet y = 1"
        let tokens = codeTokens(source)
        #expect(tokens.filter { $0.0 == .stringDelimiter }.map(\.1) == ["\"\"\"", "\"\"\""])
        #expect(tokens.suffix(4).map(\.1) == ["let", "y", "=", "1"])
    }

    @Test func divisionIsNotARegex() {
        #expect(!kinds("let d = a / b / c").contains(.regexDelimiter))
        #expect(!kinds("let d = x/y/z").contains(.regexDelimiter))
        #expect(!kinds("let d = (a) / 2 / (b)").contains(.regexDelimiter))
        #expect(!kinds("arr.map { $0 / 2 }").contains(.regexDelimiter))
        #expect(!kinds("value /= 3").contains(.regexDelimiter))
        #expect(!kinds("func /(a: Int, b: Int) -> Int").contains(.regexDelimiter))
    }

    @Test func regexLiterals() {
        #expect(codeTokens("let r = /abc/").suffix(3).map(\.0) == [.regexDelimiter, .regexBody, .regexDelimiter])
        #expect(codeTokens("f(/a(b)c/)").map(\.0) == [.identifier, .leftParen, .regexDelimiter, .regexBody, .regexDelimiter, .rightParen])
        #expect(codeTokens("let r = #/a/b/#").suffix(3).map(\.1) == ["#/", "a/b", "/#"])
        let multiline = codeTokens("let r = #/\n  a+\n  /#\nlet x = 1")
        #expect(multiline.filter { $0.0 == .regexDelimiter }.count == 2)
        #expect(multiline.suffix(4).map(\.1) == ["let", "x", "=", "1"])
        #expect(codeTokens("let m = try? /\\w+/.wholeMatch(in: s)").contains { $0 == (.regexBody, "\\w+") })
    }

    @Test func numbers() {
        #expect(codeTokens("0x1p-2 1_000 0b1010 0o7 1.5e3 1e10 0xFF").map(\.0) == [.float, .integer, .integer, .integer, .float, .float, .integer])
        #expect(codeTokens("t.0.1").map(\.0) == [.identifier, .period, .integer, .period, .integer])
        #expect(codeTokens("5.description").map(\.0) == [.integer, .period, .identifier])
        #expect(codeTokens("-5").map(\.0) == [.operator, .integer])
        #expect(codeTokens("@available(iOS 14.0, *)").map(\.1) == ["@available", "(", "iOS", "14", ".", "0", ",", "*", ")"])
    }

    @Test func nestedBlockComments() {
        let tokens = Tokenizer.tokenize(Array("/* a /* b */ c */ x".utf8))
        #expect(tokens.map(\.kind) == [.blockComment, .space, .identifier])
    }

    @Test func unterminatedLiteralsEndAtLineOrFileEnd() {
        #expect(codeTokens("let s = \"open\nlet t = 1").suffix(4).map(\.1) == ["let", "t", "=", "1"])
        let comment = Tokenizer.tokenize(Array("x /* never closed\nlet y = 2".utf8))
        #expect(comment.last?.kind == .blockComment)
        let raw = Tokenizer.tokenize(Array("let m = \"\"\"\nstill open\n".utf8))
        #expect(raw.last?.kind == .stringSegment)
    }

    @Test func operatorsAndPunctuation() {
        #expect(codeTokens("a?.b ?? c..<d -> e").map(\.1) == ["a", "?", ".", "b", "??", "c", "..<", "d", "->", "e"])
        #expect(codeTokens("\\.name").map(\.0) == [.backslash, .period, .identifier])
        #expect(codeTokens("x = <#value#>").last! == (.identifier, "<#value#>"))
    }

    @Test func identifiersAndPounds() {
        #expect(codeTokens("café 变量 😀 `default` $0 $x _").map(\.0) == [.identifier, .identifier, .identifier, .identifier, .identifier, .identifier, .keyword])
        #expect(codeTokens("#if DEBUG\n#Preview { }\n#endif").map(\.1) == ["#if", "DEBUG", "#Preview", "{", "}", "#endif"])
        #expect(codeTokens("#!/usr/bin/swift\nx").map(\.0) == [.identifier])
        #expect(Tokenizer.tokenize(Array("#!/usr/bin/swift\nx".utf8)).first?.kind == .shebang)
    }

    @Test func newlinesAndBOM() {
        let tokens = Tokenizer.tokenize(Array("a\r\nb\rc\n".utf8))
        #expect(tokens.map(\.kind) == [.identifier, .newline, .identifier, .newline, .identifier, .newline])
        #expect(tokens[1].length == 2)
        #expect(Tokenizer.tokenize([0xEF, 0xBB, 0xBF, 0x61]).map(\.kind) == [.space, .identifier])
    }

    @Test func invalidUTF8BecomesUnknown() {
        let bytes: [UInt8] = Array("let x = ".utf8) + [0xFF, 0xFE, 0xC3] + Array(" y".utf8)
        let tokens = Tokenizer.tokenize(bytes).filter { !$0.kind.isTrivia }
        #expect(tokens.map(\.kind) == [.keyword, .identifier, .operator, .unknown, .identifier])
        assertLossless(bytes)
    }
}
