import StateLintSyntax
import StateLintRules
import StateLintEngine

/// `path:line:column: warning: message [rule_id]`, one finding per line, the format Xcode,
/// most editors and terminals turn into clickable diagnostics.
public struct XcodeFormatter: OutputFormatter {
    public static let name = "xcode"
    public static let summary = "path:line:column: severity: message [rule] (Xcode, editors, terminals)"

    public init() {}

    public func format(_ findings: [Finding], context: ReportContext) -> String {
        var out = ""
        for finding in findings {
            out += Self.line(for: finding) + "\n"
        }
        return out
    }

    /// One diagnostic line; paths and messages are escaped so no control character can fake
    /// another line or restyle the terminal.
    public static func line(for finding: Finding) -> String {
        TerminalText.visible(finding.path) + ":\(finding.start.line):\(finding.start.column): "
            + finding.severity.rawValue + ": " + TerminalText.visible(finding.message)
            + " [" + TerminalText.visible(finding.ruleID) + "]"
    }
}
