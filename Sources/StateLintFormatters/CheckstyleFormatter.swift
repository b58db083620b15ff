import StateLintSyntax
import StateLintRules
import StateLintEngine

/// Checkstyle XML, read by Jenkins (Warnings NG), Danger and many review tools.
/// Every linted file gets a `<file>` element, clean files included.
public struct CheckstyleFormatter: OutputFormatter {
    public static let name = "checkstyle"
    public static let summary = "Checkstyle XML (Jenkins, Danger)"

    public init() {}

    public func format(_ findings: [Finding], context: ReportContext) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for file in ReportFiles.grouped(findings, lintedFiles: context.lintedFiles) {
            let name = XMLText.attribute(file.path)
            guard !file.findings.isEmpty else {
                out += "  <file name=\"\(name)\"/>\n"
                continue
            }
            out += "  <file name=\"\(name)\">\n"
            for finding in file.findings {
                out += "    <error line=\"\(finding.start.line)\" column=\"\(finding.start.column)\""
                    + " severity=\"\(finding.severity.rawValue)\""
                    + " message=\"\(XMLText.attribute(finding.message))\""
                    + " source=\"statelint.\(XMLText.attribute(finding.ruleID))\"/>\n"
            }
            out += "  </file>\n"
        }
        return out + "</checkstyle>\n"
    }
}
