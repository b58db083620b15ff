import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// How the `character` of an LSP position counts: UTF-16 code units (the protocol's default)
/// or UTF-8 bytes, which StateLint uses inside and offers when the client can take them.
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"

    /// UTF-8 when the client offers it (`general.positionEncodings`), else UTF-16.
    static func negotiate(offered: [String]) -> PositionEncoding {
        offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }

    /// The units of this encoding in `bytes[range]`, which starts on a character boundary. A
    /// byte that does not start a well-formed sequence counts as one unit (one U+FFFD).
    func units(in bytes: [UInt8], _ range: Range<Int>) -> Int {
        if self == .utf8 { return range.count }
        var units = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let (length, width) = Self.scalar(at: index, in: bytes, end: range.upperBound)
            units += width
            index += length
        }
        return units
    }

    /// The offset in `bytes[range]` where `count` units have passed, never splitting a
    /// character: a count that falls inside one stops at its start, and a count past the end
    /// stops at the end (as the protocol says for characters beyond the line).
    func offset(afterUnits count: Int, in bytes: [UInt8], _ range: Range<Int>) -> Int {
        var index = range.lowerBound
        var units = 0
        while index < range.upperBound && units < count {
            let (length, width) = Self.scalar(at: index, in: bytes, end: range.upperBound)
            let unitWidth = self == .utf8 ? length : width
            if units + unitWidth > count { break }
            units += unitWidth
            index += length
        }
        return index
    }

    /// The byte length of the character at `index` and its UTF-16 width.
    private static func scalar(at index: Int, in bytes: [UInt8], end: Int) -> (length: Int, utf16Width: Int) {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (1, 1)
        }
        guard index + length <= end else { return (1, 1) }
        for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { return (1, 1) }
        return (length, length == 4 ? 2 : 1)
    }
}
