/// Strict UTF-8 validation that reports *where* the input goes wrong, so an error can point at it.
public enum UTF8Validation {
    /// The offset of the first byte that is not part of a well-formed UTF-8 sequence
    /// (rejecting overlong forms, surrogates and code points above U+10FFFF), or `nil`.
    public static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            var index = 0
            let count = buffer.count
            guard let base = UnsafeRawPointer(buffer.baseAddress) else { return nil }
            let highBits: UInt64 = 0x8080_8080_8080_8080
            while index < count {
                // Source is mostly ASCII: skip 64, then 8 bytes at a time while no byte has its
                // high bit (the 64-byte test compiles to four 16-byte vector loads).
                // Wrapping offsets (`index + 64 <= count` bounds them): checked ones cost a
                // compare and branch each.
                while index + 64 <= count {
                    let block = base + index
                    let low = littleEndianWord(block, 0) | littleEndianWord(block, 8)
                        | littleEndianWord(block, 16) | littleEndianWord(block, 24)
                    let high = littleEndianWord(block, 32) | littleEndianWord(block, 40)
                        | littleEndianWord(block, 48) | littleEndianWord(block, 56)
                    guard (low | high) & highBits == 0 else { break }
                    index &+= 64
                }
                while index + 8 <= count {
                    let high = littleEndianWord(base, index) & highBits
                    // Straight to the first byte with its high bit: the ASCII bytes before it are fine.
                    if high != 0 { index += high.trailingZeroBitCount / 8; break }
                    index += 8
                }
                if index >= count { break }
                let lead = buffer[index]
                if lead < 0x80 { index += 1; continue }
                let length: Int
                var lowerBound: UInt8 = 0x80
                var upperBound: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; lowerBound = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; upperBound = 0x9F // excludes UTF-16 surrogates
                case 0xF0: length = 4; lowerBound = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; upperBound = 0x8F // nothing above U+10FFFF
                default: return index
                }
                guard index + length <= count else { return index }
                let second = buffer[index + 1]
                guard second >= lowerBound, second <= upperBound else { return index }
                for offset in 2..<max(2, length) where buffer[index + offset] & 0xC0 != 0x80 {
                    return index
                }
                index += length
            }
            return nil
        }
    }
}
