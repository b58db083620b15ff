import StateLintSyntax
import StateLintRules
import StateLintEngine

/// reviewdog's Diagnostic Format: `rdjson`, one `DiagnosticResult` document, and `rdjsonl`, one
/// `Diagnostic` per line. reviewdog turns them into review comments, and a diagnostic's
/// `suggestions` into GitHub's "suggested changes" (`reviewdog -f=rdjson -reporter=github-pr-review`).
///
/// Each diagnostic has the finding's message, its file and range (1-based lines and UTF-8 byte
/// columns, the end exclusive, as the format counts them), its severity (`ERROR`, `WARNING`),
/// the rule id as `code` with the rule page's URL, and StateLint as `source`. A fix becomes
/// `suggestions`, one per edit, when all its edits are in the finding's file (a suggestion names
/// no file) and their positions are known.
public struct RDJSONFormatter: OutputFormatter {
    public static let name = "rdjson"
    public static let summary = "reviewdog Diagnostic Format (one document), with fixes as suggestions"

    public init() {}

    public func format(_ findings: [Finding], context: ReportContext) -> String {
        JSONValue.object([
            ("source", Self.source),
            ("diagnostics", .array(findings.map(Self.diagnostic))),
        ]).rendered()
    }

    static let source = JSONValue.object([("name", .string("statelint")),
                                          ("url", .string("https://github.com/statelint/statelint"))])

    /// One finding as a `Diagnostic`.
    static func diagnostic(_ finding: Finding) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("message", .string(finding.message)),
            ("location", .object([
                ("path", .string(finding.path)),
                ("range", range(finding.start, finding.end)),
            ])),
            ("severity", .string(finding.severity == .error ? "ERROR" : "WARNING")),
            ("source", source),
            ("code", .object([("value", .string(finding.ruleID)), ("url", .string(RuleDocumentation.url(for: finding.ruleID)))])),
        ]
        if let suggestions = suggestions(finding) { members.append(("suggestions", .array(suggestions))) }
        return .object(members)
    }

    /// The fix's edits as suggestions, or nil when it has none that the format can carry.
    static func suggestions(_ finding: Finding) -> [JSONValue]? {
        guard let fix = finding.fix, !fix.edits.isEmpty else { return nil }
        var suggestions: [JSONValue] = []
        for edit in fix.edits {
            guard edit.path == finding.path, let start = edit.start, let end = edit.end else { return nil }
            suggestions.append(.object([("range", range(start, end)), ("text", .string(edit.replacement))]))
        }
        return suggestions
    }

    static func range(_ start: SourceLocation, _ end: SourceLocation) -> JSONValue {
        .object([
            ("start", .object([("line", .int(start.line)), ("column", .int(start.column))])),
            ("end", .object([("line", .int(end.line)), ("column", .int(end.column))])),
        ])
    }
}

/// `rdjsonl`: the same diagnostics as `rdjson`, one compact JSON object per line.
public struct RDJSONLinesFormatter: OutputFormatter {
    public static let name = "rdjsonl"
    public static let summary = "reviewdog Diagnostic Format as JSON Lines (one diagnostic per line)"

    public init() {}

    public func format(_ findings: [Finding], context: ReportContext) -> String {
        findings.map { RDJSONFormatter.diagnostic($0).renderedCompact() + "\n" }.joined()
    }
}
