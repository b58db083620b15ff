/// Checks one edit against the bytes of its file before anything is applied: an edit that
/// falls outside the file, splits a UTF-8 sequence or a CRLF pair, touches the byte-order mark
/// or would merge two line breaks is refused, so a bad fix can never corrupt a file.
enum EditBoundaries {
    /// Why `edit` (its replacement already in the file's line endings) cannot be applied to
    /// `bytes`, or nil when it can.
    static func rejection(of range: Range<Int>, replacement: [UInt8], in bytes: [UInt8]) -> FixRejection? {
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

    /// A UTF-8 continuation byte (10xxxxxx) at `offset` means a sequence started before it.
    static func splitsUTF8(at offset: Int, _ bytes: [UInt8]) -> Bool {
        offset < bytes.count && bytes[offset] & 0xC0 == 0x80
    }

    static func splitsCRLF(at offset: Int, _ bytes: [UInt8]) -> Bool {
        offset > 0 && offset < bytes.count && bytes[offset - 1] == 0x0D && bytes[offset] == 0x0A
    }
}
