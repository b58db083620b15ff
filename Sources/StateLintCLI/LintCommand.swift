import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// `statelint lint`: configuration, file discovery, the engine, baseline, reports, exit code.
struct LintCommand {
    let environment: Environment
    let options: CommandLineOptions

    func run() -> Int32 {
        let started = DispatchTime.now().uptimeNanoseconds
        let parallelBefore = ParallelSections.seconds
        let cpuBefore = Self.processCPUSeconds()
        // Parse the built-in type catalog on another core while configuration loading,
        // discovery and tokenizing go on: it is the largest fixed start-up cost.
        DispatchQueue.global(qos: .userInitiated).async { _ = FrameworkCatalog.builtIn.moduleNames.count }
        let command = StateLintCommand(environment: environment)
        guard let configuration = command.loadConfiguration(options) else { return 2 }
        let knownIDs = RuleRegistry.descriptions.map(\.id)
        for id in options.onlyRules where !knownIDs.contains(id) {
            let suggestion = EditDistance.closestMatch(to: id, in: knownIDs)
            return command.fail("unknown rule `\(id)` in --only-rule", hint: suggestion.map { "did you mean `\($0)`? `statelint rules` lists them." } ?? "`statelint rules` lists the rules.")
        }
        let reporters = reporterRequests(configuration)
        for request in reporters where OutputFormatterRegistry.named(request.name) == nil {
            return command.fail("unknown reporter `\(request.name)`", hint: "valid reporters: " + OutputFormatterRegistry.names.joined(separator: ", "))
        }

        let inputs: LintInputs
        let discoveryStarted = DispatchTime.now().uptimeNanoseconds
        do {
            inputs = try LintInputs.gather(options: options, configuration: configuration, environment: environment)
        } catch {
            return command.fail(error.message, hint: error.hint)
        }
        let discoverySeconds = Self.seconds(since: discoveryStarted)

        var engineOptions = LintEngine.Options()
        if let jobs = options.jobs { engineOptions.jobs = jobs }
        // One run, then the process exits: the OS frees the analyses faster than we would.
        // Not with --fix: it lints again for each round of fixes, and its analyses hold bytes.
        engineOptions.keepsAnalysesUntilExit = options.fixMode == nil
        engineOptions.keepsSourcesWithFixes = options.fixMode != nil
        let engine = LintEngine(configuration: configuration, onlyRules: options.onlyRules, options: engineOptions)

        // A terminal gets a live progress line instead of the `Linting N files…` line.
        let status = StatusLine(environment: environment, quiet: options.quiet, color: useColor)
        let showsProgress = environment.stderrIsTerminal && !options.quiet
        let fileCount = inputs.files.count
        if !showsProgress { status.print("Linting \(fileCount) file\(fileCount == 1 ? "" : "s")…") }
        let progress = showsProgress ? ProgressLine(sink: environment.stderr) : nil
        var onProgress: LintEngine.ProgressHandler?
        if let progress {
            onProgress = { phase, total in progress.fileFinished(phase, total: total) }
        }
        var result = engine.run(files: inputs.files, indexFiles: inputs.indexFiles, dependencyFiles: inputs.dependencyFiles,
                                sources: inputs.sources, targets: inputs.targets, progress: onProgress)
        progress?.finish()

        // --fix and --diff: what remains after the fixes is what gets reported.
        var fixedSources: [String: [UInt8]] = [:]
        var fixFailed = false
        if let mode = options.fixMode {
            let fixed = FixCommand(environment: environment, options: options, mode: mode, engine: engine, inputs: inputs,
                                   displayPath: DisplayPaths(workingDirectory: environment.workingDirectory)).run(result)
            result.findings = fixed.findings
            fixedSources = fixed.sources
            fixFailed = fixed.failed
        }

        // From here on paths are shown as the user sees them: relative to the working directory.
        let displayPath = DisplayPaths(workingDirectory: environment.workingDirectory)
        // Source lines are read only for findings: their files are the ones to map back.
        var readablePaths: [String: String] = [:]
        let errors = (inputs.errors + result.errors).map { FileReadError(path: displayPath($0.path), reason: $0.reason) }
        // In place, each path worked out once: findings come many to a file.
        var shownPaths: [String: String] = [:]
        func shown(_ path: String) -> String {
            if let known = shownPaths[path] { return known }
            let display = displayPath(path)
            shownPaths[path] = display
            readablePaths[display] = path
            return display
        }
        for index in result.findings.indices {
            result.findings[index].path = shown(result.findings[index].path)
            guard let edits = result.findings[index].fix?.edits else { continue }
            for edit in edits.indices { result.findings[index].fix?.edits[edit].path = shown(edits[edit].path) }
        }
        result.lintedFiles = result.lintedFiles.map { displayPath($0) }
        for error in errors { environment.stderr.write("\(error)\n") }
        let paths = readablePaths
        let lineLookup = CachedSourceLines(sources: inputs.sources.merging(fixedSources) { $1 }, resolvePath: { paths[$0] ?? $0 })

        // Baseline.
        if let path = options.writeBaselinePath {
            do {
                try ReportFileWriter.write(Baseline(findings: result.findings, lines: lineLookup).serialized(), to: absolute(path))
            } catch {
                return command.fail("cannot write baseline \(path): \(error)")
            }
        }
        if let path = options.baselinePath {
            do {
                let baseline = try Baseline.load(absolute(path), displayPath: path)
                result.findings = baseline.newFindings(result.findings, lines: lineLookup)
            } catch {
                environment.stderr.write("\(error)\n")  // already `path: error: …`
                return 2
            }
        }

        // Reports.
        let formatStarted = DispatchTime.now().uptimeNanoseconds
        let context = ReportContext(rules: RuleRegistry.descriptions, workingDirectory: environment.workingDirectory,
                                    environment: environment.variables, lintedFiles: result.lintedFiles,
                                    sourceLines: SourceLineLookup { path, line in lineLookup.line(path, line) },
                                    timestamp: Date())
        for request in reporters {
            guard let formatter = OutputFormatterRegistry.named(request.name) else { continue }
            let report = formatter.format(result.findings, context: context)
            if let path = request.outputPath {
                do { try ReportFileWriter.write(report, to: absolute(path)) } catch {
                    return command.fail("cannot write \(request.name) report to \(path): \(error)")
                }
            } else if options.fixUsesStandardOutput {
                continue  // standard output carries the diff or the fixed source
            } else {
                environment.stdout.write(report)
            }
            if request.name == "github", let summaryPath = environment.variables["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
                do {
                    try ReportFileWriter.append(GitHubFormatter.stepSummary(result.findings, context: context), to: absolute(summaryPath))
                } catch {
                    environment.stderr.write("statelint: warning: cannot append to GITHUB_STEP_SUMMARY file \(summaryPath): \(error)\n")
                }
            }
        }

        let skippedDependencyFiles = (inputs.dependencyErrors + result.skippedDependencyFiles)
            .map { FileReadError(path: displayPath($0.path), reason: $0.reason) }
        if options.showUnresolved {
            printUnresolved(result.unresolvedTypeNames)
            printDependencies(configuration, fileCount: result.dependencyFileCount, skipped: skippedDependencyFiles)
        } else if !options.quiet, let note = UncheckedTypesNote.line(result.uncheckedTypeNames,
                                                                  suggestResolve: Self.lacksCheckouts(configuration)) {
            environment.stderr.write(note + "\n")
        }
        if !options.quiet, let note = Self.skippedLinksNote(inputs.skippedLinks.map { displayPath($0) }) {
            environment.stderr.write(note + "\n")
        }
        let formatSeconds = Self.seconds(since: formatStarted)
        if options.timings {
            printTimings(result, discover: discoverySeconds, format: formatSeconds, wall: started,
                         parallel: ParallelSections.seconds - parallelBefore, cpu: Self.processCPUSeconds() - cpuBefore)
        }
        let errorCount = result.findings.filter { $0.severity == .error }.count
        let warningCount = result.findings.count - errorCount
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let filesWithFindings = Set(result.findings.map(\.path)).count
        status.print("Done: \(warningCount) warning\(warningCount == 1 ? "" : "s"), \(errorCount) error\(errorCount == 1 ? "" : "s") in \(filesWithFindings) file\(filesWithFindings == 1 ? "" : "s") (\(String(format: "%.2f", seconds)) s)")

        if fixFailed || (!errors.isEmpty && !options.ignoreUnreadable) { return 2 }
        if errorCount > 0 || (configuration.strict && warningCount > 0) { return 1 }
        return 0
    }

    /// `--reporter` flags, else the configuration's `reporter`, else `github` on GitHub
    /// Actions, else `xcode`.
    private func reporterRequests(_ configuration: Configuration) -> [CommandLineOptions.ReporterRequest] {
        if !options.reporters.isEmpty { return options.reporters }
        if configuration.origin(of: "reporter") == .builtInDefault && environment.variables["GITHUB_ACTIONS"] == "true" {
            return [.init(name: "github", outputPath: nil)]
        }
        return configuration.reporters.map { .init(name: $0, outputPath: nil) }
    }

    private var useColor: Bool {
        !options.noColor && environment.stderrIsTerminal && (environment.variables["NO_COLOR"] ?? "").isEmpty
    }

    private func absolute(_ path: String) -> String {
        FileDiscovery.absolute(path, relativeTo: environment.workingDirectory)
    }

    private func printUnresolved(_ names: [String: Int]) {
        if names.isEmpty {
            environment.stderr.write("Every type created in @State was resolved.\n")
            return
        }
        environment.stderr.write("Types created in @State that StateLint could not classify (add them to known_classes or known_value_types):\n")
        for (name, count) in names.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
            environment.stderr.write("  \(TerminalText.visible(name)) (\(count)×)\n")
        }
    }

    /// For `--show-unresolved`: which dependency folders were indexed, and the files skipped there.
    private func printDependencies(_ configuration: Configuration, fileCount: Int, skipped: [FileReadError]) {
        guard !configuration.dependencies.isEmpty else {
            environment.stderr.write("No dependency sources were indexed: pass --dependencies DIR or --derived-data DIR, or run `swift package resolve` beside Package.swift.\n")
            return
        }
        let displayPath = DisplayPaths(workingDirectory: environment.workingDirectory)
        let folders = configuration.dependencies.map { TerminalText.visible(displayPath($0.path)) }
        environment.stderr.write("Dependency sources indexed for types: \(fileCount) Swift file\(fileCount == 1 ? "" : "s") in \(folders.joined(separator: ", "))\n")
        guard !skipped.isEmpty else { return }
        environment.stderr.write("Dependency files skipped (unreadable, binary, not UTF-8 or too large): \(skipped.count)\n")
        for file in skipped.prefix(Self.maximumListedSkippedFiles) {
            environment.stderr.write("  \(TerminalText.visible(file.path)): \(file.reason)\n")
        }
        if skipped.count > Self.maximumListedSkippedFiles {
            environment.stderr.write("  … and \(skipped.count - Self.maximumListedSkippedFiles) more\n")
        }
    }

    static let maximumListedSkippedFiles = 20

    /// Whether the project is a package whose checkouts are not there yet (`swift package resolve`
    /// makes them) and would be read by default (no `dependencies` key replaces them).
    static func lacksCheckouts(_ configuration: Configuration) -> Bool {
        let root = configuration.rootDirectory
        return configuration.origin(of: ConfigurationKey.dependencies.rawValue) == .builtInDefault
            && FileManager.default.fileExists(atPath: root + "/Package.swift")
            && !FileManager.default.fileExists(atPath: root + "/" + Configuration.swiftPMCheckouts)
    }

    private static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Per-file phases are CPU seconds summed over the worker threads; finding the files and
    /// writing the reports run once, on the main thread.
    /// `parallel`: the run's wall time in parallel sections; `cpu`: the process's CPU time.
    private func printTimings(_ result: LintEngine.Result, discover: Double, format: Double, wall started: UInt64,
                              parallel: Double, cpu: Double) {
        let t = result.timings
        let wall = Self.seconds(since: started)
        let megabytes = Double(result.byteCount) / 1e6
        environment.stderr.write(String(format: "timings (CPU seconds summed over threads): read %.3f  tokenize %.3f  structure %.3f  index %.3f  model %.3f  rules %.3f\n", t.read, t.tokenize, t.structure, t.index, t.model, t.rules))
        environment.stderr.write(String(format: "timings (main thread): discover %.3f  format %.3f\n", discover, format))
        environment.stderr.write(String(format: "wall %.3f s, %d files linted (%d indexed), %.2f MB, %.1f MB/s\n", wall, result.lintedFiles.count, result.indexedFileCount, megabytes, wall > 0 ? megabytes / wall : 0))
        // The serial part: main-thread time outside the work spread over threads, which no
        // number of cores shortens, against the CPU time of the whole run.
        let serial = max(0, wall - parallel)
        environment.stderr.write(String(format: "serial %.3f s of %.3f s CPU (%.1f%%)\n", serial, cpu, cpu > 0 ? 100 * serial / cpu : 0))
    }

    /// User and system CPU seconds of the process so far.
    static func processCPUSeconds() -> Double {
        let usage = processResourceUsage()
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// What a walk passed over: links in folders are not followed (a loop could trap it), so
    /// code reached only through them is linted when the link is named on the command line.
    static func skippedLinksNote(_ links: [String]) -> String? {
        guard let first = links.first else { return nil }
        let shown = links.prefix(3).map { "`\(TerminalText.visible($0))`" }.joined(separator: ", ") + (links.count > 3 ? ", …" : "")
        return "statelint: note: skipped \(links.count) symbolic link\(links.count == 1 ? "" : "s") to Swift code (\(shown)): "
            + "links inside folders are not followed; to lint what \(links.count == 1 ? "it points" : "they point") to, name \(links.count == 1 ? "it" : "them") on the command line (`statelint lint \(TerminalText.visible(first))`) or in `included` of .linter.yml."
    }
}
