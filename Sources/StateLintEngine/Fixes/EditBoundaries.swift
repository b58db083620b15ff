import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Checks one edit against the bytes of its file before anything is applied: an edit that
/// falls outside the file, splits a UTF-8 sequence or a CRLF pair, touches the byte-order mark
/// or would merge two line breaks is refused, so a bad fix can never corrupt a file.
package enum EditBoundaries {
    /// Why `edit` (its replacement already in the file's line endings) cannot be applied to
    /// `bytes`, or nil when it can.
    package static func rejection(of range: Range<Int>, replacement: [UInt8], in bytes: [UInt8]) -> FixRejection? {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return .outsideFile }
        if SourceStyle.hasByteOrderMark(bytes) && range.lowerBound < 3 { return .touchesByteOrderMark }
        for offset in [range.lowerBound, range.upperBound] {
            if splitsUTF8(at: offset, bytes) { return .splitsUTF8Sequence }
            if splitsCRLF(at: offset, bytes) { return .splitsCRLF }
        }
        let before = range.lowerBound > 0 ? bytes[range.lowerBound - 1] : nil
        let after = range.upperBound < bytes.count ? bytes[range.upperBound] : nil
        let first = replacement.first, last = replacement.last
        let cr: UInt8 = 0x0D, lf: UInt8 = 0x0A
        if replacement.isEmpty ? (before == cr && after == lf) : ((before == cr && first == lf) || (last == cr && after == lf)) {
            return .joinsLineBreaks
        }
        return nil
    }

    /// Whether `offset` falls inside a UTF-8 sequence: after a lead byte whose sequence runs
    /// past it. A stray continuation byte (text that is not UTF-8) belongs to no sequence, so
    /// an edit may end or start next to it.
    package static func splitsUTF8(at offset: Int, _ bytes: [UInt8]) -> Bool {
        guard offset < bytes.count, bytes[offset] & 0xC0 == 0x80 else { return false }
        var lead = offset - 1
        while lead >= 0 && offset - lead <= 3 && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        guard lead >= 0 else { return false }
        let byte = bytes[lead]
        let length = byte & 0xE0 == 0xC0 ? 2 : byte & 0xF0 == 0xE0 ? 3 : byte & 0xF8 == 0xF0 ? 4 : 0
        return lead + length > offset
    }

    package static func splitsCRLF(at offset: Int, _ bytes: [UInt8]) -> Bool {
        offset > 0 && offset < bytes.count && bytes[offset - 1] == 0x0D && bytes[offset] == 0x0A
    }
}
