import StateLintSyntax
import StateLintRules
import StateLintEngine

/// GitLab Code Quality report (a subset of the Code Climate issue format): a JSON array with
/// one issue per finding. Paths are relative to `CI_PROJECT_DIR` (else the working directory),
/// and `fingerprint` is the same stable hash SARIF uses, unique within the report.
public struct GitLabFormatter: OutputFormatter {
    public static let name = "gitlab"
    public static let summary = "GitLab Code Quality JSON (merge request widget)"

    public init() {}

    public func format(_ findings: [Finding], context: ReportContext) -> String {
        let base = ReportPaths.gitLabBase(context)
        let paths = ReportPaths.relativePaths(of: findings, to: base, workingDirectory: context.workingDirectory)
        let fingerprints = FindingFingerprints.compute(findings, context: context, relativePaths: paths)
        let issues: [JSONValue] = zip(findings, fingerprints).map { finding, fingerprint in
            let path = paths[finding.path] ?? finding.path
            let begin = max(1, finding.start.line)
            return .object([
                ("type", .string("issue")),
                ("description", .string(finding.message)),
                ("check_name", .string(finding.ruleID)),
                ("fingerprint", .string(fingerprint)),
                ("severity", .string(Self.severity(finding.severity))),
                ("location", .object([
                    ("path", .string(path)),
                    ("lines", .object([("begin", .int(begin)), ("end", .int(max(begin, finding.end.line)))])),
                ])),
            ])
        }
        return JSONValue.array(issues).rendered()
    }

    /// GitLab's scale is info, minor, major, critical, blocker.
    package static func severity(_ severity: Severity) -> String {
        switch severity {
        case .warning: return "minor"
        case .error: return "major"
        }
    }
}
