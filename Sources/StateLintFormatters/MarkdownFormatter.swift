import StateLintSyntax
import StateLintRules
import StateLintEngine

/// A Markdown report for pull-request comments and `$GITHUB_STEP_SUMMARY`: a headline
/// with counts and one table row per finding. Cell text is escaped so a message cannot
/// break the table or inject HTML.
public struct MarkdownFormatter: OutputFormatter {
    public static let name = "markdown"
    public static let summary = "Markdown table of all findings (PR comments, step summaries)"

    public init() {}

    public func format(_ findings: [Finding], context: ReportContext) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        var out = "### StateLint\n\n"
        guard !findings.isEmpty else {
            return out + "No findings in \(Self.plural(context.lintedFiles.count, "file")).\n"
        }
        out += "\(Self.plural(findings.count, "finding")) (\(Self.plural(errors, "error")), "
            + "\(Self.plural(findings.count - errors, "warning"))) in \(Self.plural(Set(findings.map(\.path)).count, "file")).\n\n"
        out += "| Severity | File | Line | Rule | Message |\n"
        out += "| --- | --- | ---: | --- | --- |\n"
        for finding in findings {
            let severity = finding.severity == .error ? "🛑 error" : "⚠️ warning"
            out += "| \(severity) | \(MarkdownText.cell(finding.path)) | \(finding.start.line):\(finding.start.column)"
                + " | \(MarkdownText.cell(finding.ruleID)) | \(MarkdownText.cell(finding.message)) |\n"
        }
        return out
    }

    package static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)" + (count == 1 ? "" : "s")
    }
}
