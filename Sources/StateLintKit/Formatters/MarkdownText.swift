/// Escaping for text placed in a GitHub-flavoured Markdown table cell.
public enum MarkdownText {
    /// One table cell: `|` cannot end the cell, newlines become `<br>`, markup characters
    /// are backslash-escaped and `<&>` become entities so a message cannot inject HTML.
    public static func cell(_ text: String) -> String {
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
            case "|", "\\", "`", "*", "_", "[", "]", "~", "#", "!": out += "\\" + String(scalar)
            case _ where TerminalText.needsEscape(scalar):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
