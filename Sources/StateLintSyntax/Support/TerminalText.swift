
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
        let kept: (Unicode.Scalar) -> Bool = { keepingLineBreaks && ($0 == "\n" || $0 == "\r" || $0 == "\t") }
        guard text.unicodeScalars.contains(where: { needsEscape($0) && !kept($0) }) else { return text }
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
