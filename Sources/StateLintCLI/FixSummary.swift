import StateLintSyntax
import StateLintIndex
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// What `--fix` and `--diff` tell the user on standard error: how many findings were fixed in
/// how many files, every finding that remains and why it was not fixed, and the files that
/// could not be written. Paths are display paths.
struct FixSummary {
    enum Mode { case written, diff, standardOutput }

    struct Remaining {
        let finding: Finding
        /// Nil when the finding has no fix at all.
        let rejection: FixRejection?
    }

    var mode: Mode
    var fixedCount: Int
    var fixedFileCount: Int
    var remaining: [Remaining]
    var notWritten: [(path: String, reason: String)]
    /// False when the rounds stopped at their bound with fixes still to apply.
    var settled: Bool

    /// Errors and warnings always; the counts and the remaining findings unless `quiet`.
    func lines(quiet: Bool) -> [String] {
        var lines: [String] = []
        for (path, reason) in notWritten { lines.append("statelint: error: \(path): not fixed, \(reason)") }
        if !settled {
            lines.append("statelint: warning: the fixes did not settle after \(FixRounds.maximumRounds) rounds; run statelint --fix again")
        }
        guard !quiet else { return lines }
        lines.append(headline)
        if !remaining.isEmpty {
            lines.append("\(remaining.count) finding\(remaining.count == 1 ? "" : "s") remain\(remaining.count == 1 ? "s" : ""):")
            for item in remaining {
                let finding = item.finding
                let why = item.rejection.map { "not fixed: \($0)" } ?? "no fix available"
                lines.append("  \(TerminalText.visible(finding.path, keepingLineBreaks: false)):\(finding.start.line):\(finding.start.column): [\(finding.ruleID)] \(why)")
            }
        }
        return lines
    }

    private var headline: String {
        let findings = "\(fixedCount) finding\(fixedCount == 1 ? "" : "s")"
        let files = "\(fixedFileCount) file\(fixedFileCount == 1 ? "" : "s")"
        switch mode {
        case .written: return fixedCount == 0 ? "Nothing to fix." : "Fixed \(findings) in \(files)."
        case .diff: return fixedCount == 0 ? "Nothing to fix." : "Would fix \(findings) in \(files) (nothing written)."
        case .standardOutput: return "Fixed \(findings); the fixed source is on standard output (nothing written)."
        }
    }
}
