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

/// A small deterministic generator, so failures reproduce.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

@Suite struct TokenizerRobustnessTests {
    /// Fragments that stress the scanner's modes when glued together at random.
    static let fragments: [String] = [
        "\"", "\"\"\"", "#", "#\"", "\"#", "\\(", "\\#(", ")", "(", "/", "/*", "*/", "//", "\n", "\r",
        "\r\n", " ", "\t", "x", "@State", "#if", "0x1p", "1.", "e", "`", "$", "'", "[", "]", "{", "}",
        "#/", "/#", "é", "😀", "\u{00A0}", "<#", "#>", "\\", "?", "!", ".", "..<",
    ]

    @Test func randomFragmentSoupIsLossless() {
        var random = SplitMix64(state: 42)
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<random.below(40) { text += Self.fragments[random.below(Self.fragments.count)] }
            assertLossless(Array(text.utf8))
        }
    }

    @Test func randomBytesAreLossless() {
        var random = SplitMix64(state: 7)
        for _ in 0..<2000 {
            let bytes = (0..<random.below(64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            assertLossless(bytes)
        }
    }

    @Test func deepNestingDoesNotOverflowTheStack() {
        let parens = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        assertLossless(Array(parens.utf8))
        // 50k interpolations, each holding a string that holds the next.
        let opening = String(repeating: "\"\\(", count: 50_000)
        let closing = String(repeating: ")\"", count: 50_000)
        let nested = Array((opening + "x" + closing).utf8)
        let tokens = Tokenizer.tokenize(nested)
        #expect(tokens.filter { $0.kind == .interpolationOpen }.count == 50_000)
        #expect(tokens.filter { $0.kind == .interpolationClose }.count == 50_000)
        assertLossless(nested)
    }

    @Test func unterminatedStartOfLargeFile() {
        let body = String(repeating: "let value = compute(1, 2) + other\n", count: 20_000)
        for prefix in ["\"", "/*", "#\"", "\"\"\"", "#/"] {
            assertLossless(Array((prefix + body).utf8))
        }
        // An unterminated single-line string ends at its line: the rest is code again.
        let tokens = Tokenizer.tokenize(Array(("\"" + body).utf8))
        #expect(tokens.filter { $0.kind == .keyword }.count == 19_999)
    }

    @Test func degenerateFiles() {
        assertLossless([UInt8](repeating: UInt8(ascii: "/"), count: 10_000))
        assertLossless([UInt8](repeating: 0, count: 10_000))
        assertLossless([UInt8](repeating: 0xFF, count: 10_000))
        assertLossless([UInt8](repeating: 0x0D, count: 10_000))
        #expect(Tokenizer.tokenize([UInt8](repeating: 0, count: 10_000)).count == 1)
    }
}

@Suite struct TokenizerGoldenTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Tokenizer")

    static var fixtureNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted()
    }

    @Test func fixturesExist() {
        #expect(Self.fixtureNames.count >= 10)
    }

    /// Each torture file's dump equals its golden `.tokens` file (checked against the Swift
    /// compiler's own tokens with shared/tools/oracle when it was recorded).
    /// `STATELINT_UPDATE_GOLDEN=1` rewrites the golden files.
    @Test(arguments: fixtureNames)
    func dumpMatchesGolden(name: String) throws {
        let source = Self.fixtures.appendingPathComponent(name)
        let golden = source.deletingPathExtension().appendingPathExtension("tokens")
        let file = SourceFile(path: name, bytes: [UInt8](try Data(contentsOf: source)))
        let dump = TokenDump.render(file, tokens: Tokenizer.tokenize(file.bytes))
        assertLossless(file.bytes)
        if ProcessInfo.processInfo.environment["STATELINT_UPDATE_GOLDEN"] == "1" {
            try Data(dump).write(to: golden)
        }
        let expected = [UInt8](try Data(contentsOf: golden))
        #expect(dump == expected, "\(name): token dump differs from \(golden.lastPathComponent)")
    }
}
