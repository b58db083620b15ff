import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

@Suite struct UTF8ValidationTests {
    /// The 64- and 8-byte ASCII skips must still report the exact offset, wherever the bad
    /// byte falls (in the first block, past one or two 64-byte blocks, in the 8-byte tail).
    @Test func reportsTheExactOffsetAfterASCIIRuns() {
        for prefix in 0..<160 {
            for bad: [UInt8] in [[0xFF], [0x80], [0xC0, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80]] {
                let bytes = Array(repeating: UInt8(ascii: "a"), count: prefix) + bad + Array("tail text".utf8)
                #expect(UTF8Validation.firstInvalidOffset(in: bytes) == prefix)
            }
            let valid = Array(String(repeating: "x", count: prefix).utf8) + Array("é€😀 ok".utf8)
            #expect(UTF8Validation.firstInvalidOffset(in: valid) == nil)
        }
        #expect(UTF8Validation.firstInvalidOffset(in: []) == nil)
    }

    /// Mostly ASCII with scattered high bytes, valid or not: the verdict agrees with the
    /// standard library's decoder, and the reported offset is where a valid prefix ends.
    @Test func agreesWithTheStandardLibraryOnMixedInput() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0xFF], [0xC3], [0x80], [0xED, 0xA0, 0x80]]
        for _ in 0..<500 {
            var bytes: [UInt8] = []
            while bytes.count < 300 {
                if Int.random(in: 0..<40, using: &generator) == 0 {
                    bytes += pieces.randomElement(using: &generator)!
                } else {
                    bytes += Array(repeating: UInt8(ascii: "a"), count: Int.random(in: 0..<90, using: &generator))
                }
            }
            let isValid = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
            let offset = UTF8Validation.firstInvalidOffset(in: bytes)
            #expect((offset == nil) == isValid)
            if let offset {
                let prefix = Array(bytes[..<offset])
                #expect(Array(String(decoding: prefix, as: UTF8.self).utf8) == prefix)
            }
        }
    }
}
