import StateLintSyntax
import StateLintRules
import StateLintEngine

/// The files a per-file report lists: every linted file plus any file that only appears in
/// findings, in the canonical path order, each with its findings.
package enum ReportFiles {
    package static func grouped(_ findings: [Finding], lintedFiles: [String]) -> [(path: String, findings: [Finding])] {
        var byPath: [String: [Finding]] = [:]
        for path in lintedFiles { byPath[path] = byPath[path] ?? [] }
        for finding in findings { byPath[finding.path, default: []].append(finding) }
        return byPath.keys
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { ($0, byPath[$0] ?? []) }
    }
}
