import StateLintSyntax
import StateLintRules
import StateLintEngine

/// JUnit XML (the Apache Ant schema) for CI systems that show test results.
///
/// One `<testsuite>` per linted file; each finding is a `<testcase>` with a `<failure>`,
/// and a clean file gets one passing test case, so the file shows up as checked.
/// The output validates against the Ant JUnit XSD: that schema requires `properties`,
/// `system-out`, `system-err`, a zone-less timestamp and `package`/`id` on every suite.
public struct JUnitFormatter: OutputFormatter {
    public static let name = "junit"
    public static let summary = "JUnit XML, one test suite per file (CI test reports)"

    public init() {}

    public func format(_ findings: [Finding], context: ReportContext) -> String {
        let timestamp = UTCTimestamp.string(from: context.timestamp)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        for (index, file) in ReportFiles.grouped(findings, lintedFiles: context.lintedFiles).enumerated() {
            let name = XMLText.attribute(Self.nonBlankToken(file.path))
            let failures = file.findings.count
            out += "  <testsuite name=\"\(name)\" package=\"statelint\" id=\"\(index)\""
                + " timestamp=\"\(timestamp)\" hostname=\"localhost\""
                + " tests=\"\(max(1, failures))\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
            out += "    <properties/>\n"
            if file.findings.isEmpty {
                out += "    <testcase name=\"statelint\" classname=\"\(name)\" time=\"0\"/>\n"
            }
            for finding in file.findings {
                let caseName = "\(finding.ruleID) at \(finding.start.line):\(finding.start.column)"
                out += "    <testcase name=\"\(XMLText.attribute(caseName))\" classname=\"\(name)\" time=\"0\">\n"
                out += "      <failure message=\"\(XMLText.attribute(finding.message))\""
                    + " type=\"\(XMLText.attribute(finding.ruleID))\">"
                    + XMLText.content("\(finding.severity.rawValue): \(finding.path):\(finding.start.line):\(finding.start.column): \(finding.message)")
                    + "</failure>\n"
                out += "    </testcase>\n"
            }
            out += "    <system-out/>\n    <system-err/>\n  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// The XSD's `name` is an `xs:token` of length >= 1, so a blank path gets a placeholder.
    package static func nonBlankToken(_ text: String) -> String {
        text.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) ? "(unnamed)" : text
    }
}
