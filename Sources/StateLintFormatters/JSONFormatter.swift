import StateLintSyntax
import StateLintRules
import StateLintEngine

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
///       "endLine": 3, "endColumn": 12,  // end of the flagged range (exclusive column)
///       "fix": {                         // only when `statelint --fix` can fix the finding
///         "summary": "Remove the directive",
///         "edits": [
///           { "file": "path", "offset": 120, "length": 52, "replacement": "",
///             "line": 7, "column": 1, "endLine": 8, "endColumn": 1 }
///         ]
///       }
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
/// renames a key bumps `version`; new keys may be added without a bump (`fix` was).
/// An edit's `offset` and `length` count UTF-8 bytes of the file as linted; its positions
/// are those of `offset` and `offset + length`, and are left out when not known.
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

    package static func json(for finding: Finding) -> JSONValue {
        .object([
            ("rule", .string(finding.ruleID)),
            ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)),
            ("file", .string(finding.path)),
            ("line", .int(finding.start.line)),
            ("column", .int(finding.start.column)),
            ("endLine", .int(finding.end.line)),
            ("endColumn", .int(finding.end.column)),
        ] + (finding.fix.map { [("fix", json(for: $0))] } ?? []))
    }

    package static func json(for fix: Fix) -> JSONValue {
        .object([
            ("summary", .string(fix.summary)),
            ("edits", .array(fix.edits.map { edit in
                var members: [(key: String, value: JSONValue)] = [
                    ("file", .string(edit.path)),
                    ("offset", .int(edit.range.lowerBound)),
                    ("length", .int(edit.range.count)),
                    ("replacement", .string(edit.replacement)),
                ]
                if let start = edit.start, let end = edit.end {
                    members += [("line", .int(start.line)), ("column", .int(start.column)),
                                ("endLine", .int(end.line)), ("endColumn", .int(end.column))]
                }
                return .object(members)
            })),
        ])
    }
}
