import StateLintSyntax
import StateLintRules
import StateLintEngine

/// GitHub Actions workflow commands (`::warning file=…,line=…::message`), which the runner
/// turns into annotations on the pull request.
///
/// GitHub shows at most 10 warnings and 10 errors per step; `stepSummary` renders every
/// finding as Markdown for `$GITHUB_STEP_SUMMARY`.
public struct GitHubFormatter: OutputFormatter {
    public static let name = "github"
    public static let summary = "GitHub Actions annotations (workflow commands)"

    public init() {}

    public func format(_ findings: [Finding], context: ReportContext) -> String {
        let paths = ReportPaths.relativePaths(of: findings, to: ReportPaths.gitHubBase(context),
                                              workingDirectory: context.workingDirectory)
        var out = ""
        for finding in findings {
            let path = paths[finding.path] ?? finding.path
            let properties = [
                ("file", path),
                ("line", String(finding.start.line)),
                ("col", String(finding.start.column)),
                ("endLine", String(finding.end.line)),
                ("endColumn", String(finding.end.column)),
                ("title", TerminalText.visible(finding.ruleID, keepingLineBreaks: true)),
            ].map { $0.0 + "=" + Self.escapeProperty($0.1) }
            out += "::" + (finding.severity == .error ? "error" : "warning") + " "
                + properties.joined(separator: ",") + "::" + Self.escapeData(Self.displayed(Self.message(finding))) + "\n"
        }
        return out
    }

    /// The annotation's text: the message, and when the finding has a fix, that
    /// `statelint --fix` makes it and what it does.
    package static func message(_ finding: Finding) -> String {
        guard let fix = finding.fix else { return finding.message }
        return finding.message + " (fix available with `statelint --fix`: " + fix.summary + ")"
    }

    /// The message as shown: ESC, NUL and bidi controls become visible escapes (the log viewer
    /// would otherwise apply ANSI sequences or reorder text); line breaks are kept, since
    /// annotations may span lines. The file path stays exact so the annotation finds its file.
    public static func displayed(_ message: String) -> String {
        TerminalText.visible(message, keepingLineBreaks: true)
    }

    /// The message part, as `@actions/core` escapes it: the runner splits commands at line
    /// breaks and unescapes `%25`, `%0D`, `%0A`, so `%` itself must be escaped first.
    public static func escapeData(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == 0x0D || $0 == 0x0A }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value: additionally `:` and `,`, which would end the value or the property list.
    public static func escapeProperty(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ",") }) else { return escapeData(text) }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Markdown with every finding, for `$GITHUB_STEP_SUMMARY` (paths relative to the workspace).
    public static func stepSummary(_ findings: [Finding], context: ReportContext) -> String {
        let paths = ReportPaths.relativePaths(of: findings, to: ReportPaths.gitHubBase(context),
                                              workingDirectory: context.workingDirectory)
        let relativeFindings = findings.map { finding in
            var copy = finding
            copy.path = paths[finding.path] ?? finding.path
            return copy
        }
        return MarkdownFormatter().format(relativeFindings, context: context)
    }
}
