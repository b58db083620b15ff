/// StateLint's own JSON report, schema version 1. Keys always appear in this order:
///
/// ```json
/// {
///   "version": 1,
///   "tool": { "name": "statelint", "version": "0.1.0" },
///   "findings": [
///     {
///       "rule": "rule_id",
///       "severity": "warning",          // or "error"
///       "message": "text",
///       "file": "path as given",        // relative to the working directory, or absolute
///       "line": 3, "column": 5,         // 1-based; column counts UTF-8 bytes
///       "endLine": 3, "endColumn": 12   // end of the flagged range (exclusive column)
///     }
///   ],
///   "summary": {
///     "filesLinted": 10, "filesWithFindings": 1,
///     "findings": 1, "errors": 0, "warnings": 1
///   }
/// }
/// ```
///
/// Findings keep the canonical order (path, position, rule). A change that removes or
/// renames a key bumps `version`; new keys may be added without a bump.
public struct JSONFormatter: OutputFormatter {
    public static let name = "json"
    public static let summary = "StateLint JSON (schema version 1), for scripts"
    public static let schemaVersion = 1

    public init() {}

    public func format(_ findings: [Finding], context: ReportContext) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        let document: JSONValue = .object([
            ("version", .int(Self.schemaVersion)),
            ("tool", .object([("name", .string("statelint")), ("version", .string(context.toolVersion))])),
            ("findings", .array(findings.map(Self.json(for:)))),
            ("summary", .object([
                ("filesLinted", .int(context.lintedFiles.count)),
                ("filesWithFindings", .int(Set(findings.map(\.path)).count)),
                ("findings", .int(findings.count)),
                ("errors", .int(errors)),
                ("warnings", .int(findings.count - errors)),
            ])),
        ])
        return document.rendered()
    }

    static func json(for finding: Finding) -> JSONValue {
        .object([
            ("rule", .string(finding.ruleID)),
            ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)),
            ("file", .string(finding.path)),
            ("line", .int(finding.start.line)),
            ("column", .int(finding.start.column)),
            ("endLine", .int(finding.end.line)),
            ("endColumn", .int(finding.end.column)),
        ])
    }
}
