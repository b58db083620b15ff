import StateLintSyntax
import StateLintRules
import StateLintEngine

/// Comma-separated values per RFC 4180: a header row, CRLF line ends, and fields quoted
/// when they contain a comma, quote, CR or LF (quotes doubled inside).
public struct CSVFormatter: OutputFormatter {
    public static let name = "csv"
    public static let summary = "CSV (RFC 4180), for spreadsheets"
    public static let header = ["severity", "rule", "file", "line", "column", "end_line", "end_column", "message"]

    public init() {}

    public func format(_ findings: [Finding], context: ReportContext) -> String {
        var out = Self.row(Self.header)
        for finding in findings {
            out += Self.row([
                finding.severity.rawValue, finding.ruleID, finding.path,
                String(finding.start.line), String(finding.start.column),
                String(finding.end.line), String(finding.end.column), finding.message,
            ])
        }
        return out
    }

    package static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    package static func field(_ value: String) -> String {
        let needsQuotes = value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard needsQuotes else { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            if scalar == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "\""
    }
}
