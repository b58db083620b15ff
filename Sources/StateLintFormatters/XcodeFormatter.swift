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
        // Written in place, each finding read where it is (a copy of each, and of each line,
        // was most of the time of a report with 100,000 findings).
        var path = "", shownPath = ""
        for index in findings.indices {
            if findings[index].path != path {
                path = findings[index].path
                shownPath = TerminalText.visible(path)
            }
            Self.append(findings[index], shownPath: shownPath, to: &out)
            out += "\n"
        }
        return out
    }

    /// One diagnostic line; paths and messages are escaped so no control character can fake
    /// another line or restyle the terminal.
    public static func line(for finding: Finding) -> String {
        var line = ""
        append(finding, shownPath: TerminalText.visible(finding.path), to: &line)
        return line
    }

    private static func append(_ finding: Finding, shownPath: String, to out: inout String) {
        out += shownPath
        out += ":\(finding.start.line):\(finding.start.column): "
        out += finding.severity.rawValue
        out += ": "
        out += TerminalText.visible(finding.message)
        out += " ["
        out += TerminalText.visible(finding.ruleID)
        out += "]"
    }
}
