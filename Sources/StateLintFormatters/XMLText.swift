import StateLintSyntax
import StateLintRules
import StateLintEngine

/// Escaping for the XML reports (checkstyle, JUnit).
public enum XMLText {
    /// For attribute values: besides the five markup characters, tab/LF/CR are written as
    /// character references because a parser would otherwise normalise them to spaces.
    public static func attribute(_ text: String) -> String {
        escape(text, inAttribute: true)
    }

    /// For element content: a lone CR is kept as `&#13;` so it is not turned into LF.
    public static func content(_ text: String) -> String {
        escape(text, inAttribute: false)
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        // Fast path: most paths and messages contain nothing to escape. 0xEF leads U+FFFE/U+FFFF.
        let needsWork = text.utf8.contains { byte in
            byte < 0x20 || byte == 0xEF || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<")
                || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        }
        guard needsWork else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r": out += "&#13;"
            case "\n": out += inAttribute ? "&#10;" : "\n"
            case "\t": out += inAttribute ? "&#9;" : "\t"
            case _ where isForbiddenInXML10(scalar): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// XML 1.0 `Char` excludes most C0 controls and U+FFFE/U+FFFF, even as references,
    /// so they cannot be represented at all; they become U+FFFD.
    package static func isForbiddenInXML10(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }
}
