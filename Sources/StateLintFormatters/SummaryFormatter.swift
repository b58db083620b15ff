import StateLintSyntax
import StateLintRules
import StateLintEngine

/// Counts per rule and per file as aligned plain text, for a quick overview in a terminal.
public struct SummaryFormatter: OutputFormatter {
    public static let name = "summary"
    public static let summary = "Counts per rule and per file (aligned text)"

    public init() {}

    public func format(_ findings: [Finding], context: ReportContext) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        var out = "\(findings.count) findings (\(errors) errors, \(findings.count - errors) warnings)"
            + " in \(context.lintedFiles.count) linted files\n"
        guard !findings.isEmpty else { return out }
        out += "\n" + table(title: "Rule", counts: counts(findings, key: \.ruleID))
        out += "\n" + table(title: "File", counts: counts(findings, key: \.path))
        return out
    }

    private struct Row {
        package var name: String
        package var warnings = 0
        package var errors = 0
    }

    /// Rows sorted by total count (descending), then by name, so the worst offenders come first.
    private func counts(_ findings: [Finding], key: KeyPath<Finding, String>) -> [Row] {
        var rows: [String: Row] = [:]
        for finding in findings {
            let name = finding[keyPath: key]
            var row = rows[name] ?? Row(name: name)
            if finding.severity == .error { row.errors += 1 } else { row.warnings += 1 }
            rows[name] = row
        }
        return rows.values.sorted { a, b in
            let (totalA, totalB) = (a.warnings + a.errors, b.warnings + b.errors)
            if totalA != totalB { return totalA > totalB }
            return a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
        }
    }

    /// Name column left-aligned, numbers right-aligned; widths count Characters, which is
    /// what a terminal shows for the escaped text (wide CJK/emoji may still be off by one).
    private func table(title: String, counts rows: [Row]) -> String {
        let names = rows.map { TerminalText.visible($0.name) }
        let nameWidth = max(title.count, names.map(\.count).max() ?? 0)
        let header = [title.padding(nameWidth), "Total".leftPadding(7), "Errors".leftPadding(7), "Warnings".leftPadding(9)]
        var out = header.joined(separator: "  ") + "\n"
        for (row, name) in zip(rows, names) {
            out += [name.padding(nameWidth), String(row.errors + row.warnings).leftPadding(7),
                    String(row.errors).leftPadding(7), String(row.warnings).leftPadding(9)].joined(separator: "  ")
            out += "\n"
        }
        return out
    }
}

private extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func leftPadding(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
