import StateLintSyntax
import StateLintIndex
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// `--fix`, `--diff` and `--stdin-path … --fix`: runs the fix rounds on the engine's findings,
/// then writes the fixed files, prints them as a diff, or prints the fixed buffer, and
/// reports on standard error. Works on the engine's (absolute) paths; the caller turns the
/// remaining findings into display paths.
struct FixCommand {
    let environment: Environment
    let options: CommandLineOptions
    let mode: CommandLineOptions.FixMode
    let engine: LintEngine
    let inputs: LintInputs
    let displayPath: DisplayPaths

    struct Outcome {
        /// The findings that remain, to report.
        var findings: [Finding]
        /// The text those findings refer to, for files where it is not what is on disk.
        var sources: [String: [UInt8]]
        /// A fixed file could not be written.
        var failed: Bool
    }

    func run(_ first: LintEngine.Result) -> Outcome {
        if mode == .write && options.stdinPath == nil {
            WritingFixes.prepare(besideFiles: inputs.files, environment: environment, quiet: options.quiet, displayPath: displayPath)
        }
        let linted = Set(first.lintedFiles)
        let rounds = FixRounds.run(lint(first, changed: [:], linted: linted)) { changed in
            let sources = inputs.sources.merging(changed) { $1 }
            let result = engine.run(files: inputs.files, indexFiles: inputs.indexFiles, dependencyFiles: inputs.dependencyFiles,
                                    sources: sources, targets: inputs.targets)
            return lint(result, changed: changed, linted: linted)
        }
        var remaining = rounds.findings.enumerated().map { index, finding in
            FixSummary.Remaining(finding: finding, rejection: finding.fix == nil ? nil : rounds.unfixed[index])
        }
        var sources = rounds.fixed
        var notWritten: [(path: String, reason: String)] = []
        let changed = rounds.fixed.keys.sorted { displayPath($0).utf8.lexicographicallyPrecedes(displayPath($1).utf8) }
        var fixedPaths = changed
        if options.stdinPath != nil {
            printBuffer(rounds)
        } else {
            fixedPaths = []
            for path in changed {
                do throws(FixedFileWriter.Failure) {
                    if mode == .diff {
                        // Only what --fix would write: not a link, a read-only file, ….
                        try FixedFileWriter.check(path)
                        environment.stdout.writeBytes(UnifiedDiff.render(path: displayPath(path), old: rounds.original[path] ?? [],
                                                                         new: rounds.fixed[path] ?? []))
                    } else {
                        try FixedFileWriter.write(rounds.fixed[path] ?? [], to: path, replacing: rounds.original[path] ?? [])
                    }
                    fixedPaths.append(path)
                } catch {
                    notWritten.append((TerminalText.visible(displayPath(path)), error.description))
                    // What remains in that file is what was there: its first findings.
                    sources[path] = rounds.original[path]
                    remaining.removeAll { $0.finding.path == path }
                    remaining += first.findings.filter { $0.path == path }.map {
                        FixSummary.Remaining(finding: $0, rejection: $0.fix == nil ? nil : .notWritten(error.description))
                    }
                }
            }
        }
        remaining.sort { Finding.isOrderedBefore($0.finding, $1.finding) }
        let summary = FixSummary(
            mode: options.stdinPath != nil && mode == .write ? .standardOutput : (mode == .diff ? .diff : .written),
            fixedCount: fixedPaths.reduce(0) { $0 + (rounds.appliedByFile[$1] ?? 0) }, fixedFileCount: fixedPaths.count,
            remaining: remaining.map { item in
                var shown = item.finding
                shown.path = displayPath(shown.path)
                return FixSummary.Remaining(finding: shown, rejection: item.rejection)
            },
            notWritten: notWritten, settled: rounds.settled)
        for line in summary.lines(quiet: options.quiet) { environment.stderr.write(line + "\n") }
        return Outcome(findings: remaining.map(\.finding), sources: sources, failed: !notWritten.isEmpty)
    }

    /// The editor's buffer, fixed (or as it came when nothing applied), or its diff.
    private func printBuffer(_ rounds: FixRounds.Outcome) {
        guard let path = inputs.files.first ?? options.stdinPath.map({ FileDiscovery.absolute($0, relativeTo: environment.workingDirectory) }) else { return }
        // An excluded buffer was never read, nor linted: it goes back as it came.
        let original = inputs.sources[path] ?? environment.readStandardInput()
        let fixed = rounds.fixed[path] ?? original
        if mode == .diff {
            environment.stdout.writeBytes(UnifiedDiff.render(path: displayPath(path), old: original, new: fixed))
        } else {
            environment.stdout.writeBytes(fixed)
        }
    }

    /// One lint for the rounds: the findings, and the bytes of every linted file a fix edits
    /// (the changed bytes where a file changed, else those the engine read).
    private func lint(_ result: LintEngine.Result, changed: [String: [UInt8]], linted: Set<String>) -> FixRounds.Lint {
        var sources = result.sourcesWithFixes
        for finding in result.findings {
            for edit in finding.fix?.edits ?? [] where sources[edit.path] == nil && linted.contains(edit.path) {
                sources[edit.path] = changed[edit.path] ?? inputs.sources[edit.path] ?? (try? SourceReader.read(edit.path))
            }
        }
        return FixRounds.Lint(findings: result.findings, sources: sources)
    }
}
