import Testing
@testable import StateLintKit

@Suite struct UTF8ValidationTests {
    /// The 8-byte ASCII skip must still report the exact offset, wherever the bad byte falls.
    @Test func reportsTheExactOffsetAfterASCIIRuns() {
        for prefix in 0..<40 {
            for bad: [UInt8] in [[0xFF], [0x80], [0xC0, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80]] {
                let bytes = Array(repeating: UInt8(ascii: "a"), count: prefix) + bad + Array("tail text".utf8)
                #expect(UTF8Validation.firstInvalidOffset(in: bytes) == prefix)
            }
            let valid = Array(String(repeating: "x", count: prefix).utf8) + Array("é€😀 ok".utf8)
            #expect(UTF8Validation.firstInvalidOffset(in: valid) == nil)
        }
        #expect(UTF8Validation.firstInvalidOffset(in: []) == nil)
    }
}
