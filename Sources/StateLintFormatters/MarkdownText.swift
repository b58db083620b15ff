import StateLintSyntax
import StateLintRules
import StateLintEngine

/// Escaping for text placed in a GitHub-flavoured Markdown table cell.
public enum MarkdownText {
    /// One table cell: `|` cannot end the cell, newlines become `<br>`, markup characters
    /// are backslash-escaped and `<&>` become entities so a message cannot inject HTML.
    public static func cell(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x80 ? asciiNeedingEscape.contains($0) : TerminalText.needsEscape($0) })
        else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\n": if !previousWasCR { out += "<br>" }
            case "\r": out += "<br>"
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case _ where markdownPunctuation.contains(scalar): out += "\\" + String(scalar)
            case _ where TerminalText.needsEscape(scalar):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Characters that would end the cell or start Markdown formatting.
    private static let markdownPunctuation: Set<Unicode.Scalar> = ["|", "\\", "`", "*", "_", "[", "]", "~", "#", "!"]
    private static let asciiNeedingEscape: Set<Unicode.Scalar> = markdownPunctuation.union(["&", "<", ">"])
        .union((0..<0x20).compactMap(Unicode.Scalar.init)).union(["\u{7F}"])
}
