import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// `Tokenizer.scanCode` writes into the result arrays' storage, sized from the file's length
/// (`CodeTokenBuffer.expectedCapacity`), and moves to storage of its own when a file has more
/// code tokens than that. Both ways must give what the lossless scan gives.
@Suite struct TokenizerCodeScanStorageTests {
    /// `count` one-byte code tokens (`(` and `)` alternately, all paired) after `padding` spaces.
    private func denseSource(tokens count: Int, padding: Int) -> [UInt8] {
        Array(repeating: UInt8(ascii: " "), count: padding) + (0..<count).map { $0 % 2 == 0 ? UInt8(ascii: "(") : UInt8(ascii: ")") }
    }

    @Test func filesAroundTheExpectedCapacityScanAlike() {
        // A file of `byteCount` bytes has room for `expectedCapacity` code tokens: put exactly
        // that many in it, one fewer and one more (the last spills into owned storage).
        for byteCount in [200, 1_000, 4_096] {
            let room = CodeTokenBuffer.expectedCapacity(forBytes: byteCount)
            for tokens in [room - 2, room, room + 2] {
                let padding = max(0, byteCount - tokens)
                let bytes = denseSource(tokens: tokens, padding: padding)
                let lossless = Tokenizer.tokenize(bytes)
                assertCodeScanAgrees(bytes, tokens: lossless)
                let scan = Tokenizer.scanCode(bytes)
                #expect(scan.tokens.count == tokens, "bytes \(bytes.count), tokens \(tokens)")
                // An odd count leaves the last `(` unpaired.
                let lastPartner: Int32 = tokens % 2 == 0 ? Int32(tokens - 2) : -1
                #expect(scan.partner.first == 1 && scan.partner.last == lastPartner, "bytes \(bytes.count), tokens \(tokens)")
            }
        }
    }

    @Test func aFileOfOnlyCodeTokensSpillsAndStaysWhole() {
        // One token per byte: five times the expected capacity, through several doublings.
        let bytes = Array(String(repeating: "a,", count: 5_000).utf8)
        let scan = Tokenizer.scanCode(bytes)
        #expect(scan.tokens.count == 10_000)
        #expect(scan.lineBreakBefore.count == 10_000 && scan.partner.count == 10_000)
        #expect(scan.tokens.last.map { $0.kind } == .comma)
        assertCodeScanAgrees(bytes, tokens: Tokenizer.tokenize(bytes))
    }

    @Test func emptyAndTinyFiles() {
        for source in ["", "x", "\n", "// only a comment"] {
            let bytes = Array(source.utf8)
            assertCodeScanAgrees(bytes, tokens: Tokenizer.tokenize(bytes))
        }
    }
}
