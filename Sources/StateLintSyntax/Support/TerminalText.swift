
/// Makes text safe to print on a terminal line: what the user sees is what the data holds.
///
/// A newline in a file name must not start a fake diagnostic line, ESC must not recolour
/// or move the cursor, and bidi overrides (U+202E…) must not reorder what is shown.
/// Such scalars are written as Swift-style escapes: `\n`, `\r`, `\t`, `\u{1B}`, `\u{202E}`.
public enum TerminalText {
    ///
    /// With `keepingLineBreaks`, LF, CR and tab pass through unchanged, for outputs that
    /// encode line breaks themselves (GitHub workflow commands).
    public static func visible(_ text: String, keepingLineBreaks: Bool = false) -> String {
        // Most text needs no escape: decided on its UTF-8 bytes (every finding's path and
        // message pass here; a scan of its scalars cost a tenth of a run with many findings).
        let kept: (Unicode.Scalar) -> Bool = { keepingLineBreaks && ($0 == "\n" || $0 == "\r" || $0 == "\t") }
        let escapes = text.utf8.withContiguousStorageIfAvailable { hasEscapedScalar($0, keepingLineBreaks: keepingLineBreaks) }
            ?? text.unicodeScalars.contains { needsEscape($0) && !kept($0) }
        guard escapes else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case _ where kept(scalar): result.unicodeScalars.append(scalar)
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where needsEscape(scalar):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether valid UTF-8 `bytes` hold a scalar `needsEscape` names (other than kept line
    /// breaks): C0 bytes and DEL, C1 (`C2 80`–`C2 9F`), U+061C (`D8 9C`), U+200E–U+200F and
    /// U+2028–U+202E (`E2 80 8E`–`8F`, `A8`–`AE`), U+2066–U+2069 (`E2 81 A6`–`A9`).
    package static func hasEscapedScalar(_ bytes: UnsafeBufferPointer<UInt8>, keepingLineBreaks: Bool) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            index += 1
            if byte < 0x20 || byte == 0x7F {
                if keepingLineBreaks && (byte == 0x0A || byte == 0x0D || byte == 0x09) { continue }
                return true
            }
            guard byte == 0xC2 || byte == 0xD8 || byte == 0xE2, index < count else { continue }
            let second = bytes[index]
            switch byte {
            case 0xC2: if second >= 0x80 && second <= 0x9F { return true }
            case 0xD8: if second == 0x9C { return true }
            default:
                guard index + 1 < count else { continue }
                let third = bytes[index + 1]
                if second == 0x80 && (third == 0x8E || third == 0x8F || (third >= 0xA8 && third <= 0xAE)) { return true }
                if second == 0x81 && third >= 0xA6 && third <= 0xA9 { return true }
            }
        }
        return false
    }

    /// Control characters (C0, DEL, C1), line/paragraph separators and bidi controls.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
