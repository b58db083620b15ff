import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// `CodeScan.bracketsPair` is worked out while the brackets are matched: it must say exactly
/// whether every bracket token got a partner, for the scanner and for `CodeTokens(allTokens:)`.
@Suite struct TokenizerBracketsPairTests {
    private static let bracketKinds: Set<TokenKind> = [.leftParen, .rightParen, .leftBrace, .rightBrace,
                                                       .leftBracket, .rightBracket, .interpolationOpen, .interpolationClose]

    /// Every bracket token has a partner, read off the partner table.
    private func everyBracketPaired(_ tokens: [Token], _ partner: [Int32]) -> Bool {
        zip(tokens, partner).allSatisfy { !Self.bracketKinds.contains($0.kind) || $1 >= 0 }
    }

    @Test(arguments: [
        ("balanced", "struct A { func f() { g([1, 2]) } }", true),
        ("interpolation", #"let s = "a \(b(c)) d""#, true),
        ("nothing to pair", "let x = 1", true),
        ("an opener left open", "struct A { func f() {", false),
        ("a stray closer", "let x = 1 }", false),
        ("a closer that drops an opener", "f( [ )", false),
        ("deeper than the search", String(repeating: "(", count: 9) + "}" + String(repeating: ")", count: 9), false),
        ("nine levels, all closed", String(repeating: "{", count: 9) + String(repeating: "}", count: 9), true),
        ("unterminated string", #"let s = "abc"#, true),
        ("unterminated interpolation", #"let s = "a \(b"#, false),
    ])
    func bracketsPairSaysWhetherEveryBracketHasItsPartner(_ name: String, _ source: String, _ expected: Bool) {
        let bytes = Array(source.utf8)
        let scan = Tokenizer.scanCode(bytes)
        #expect(scan.bracketsPair == expected, "\(name)")
        #expect(scan.bracketsPair == everyBracketPaired(scan.tokens, scan.partner), "\(name)")
        let rebuilt = CodeTokens(file: SourceFile(path: "a.swift", bytes: bytes), allTokens: Tokenizer.tokenize(bytes))
        #expect(rebuilt.bracketsPair == expected, "\(name)")
    }
}
