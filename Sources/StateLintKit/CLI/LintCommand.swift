import Foundation

/// `statelint lint`: configuration, file discovery, the engine, baseline, reports, exit code.
struct LintCommand {
    let environment: Environment
    let options: CommandLineOptions

    static let inlineClassInitID = StateInlineClassInitRule.description.id

    /// The rules that run: the configuration's, narrowed by `--only-rule`. On Xcode 27 or
    /// later `state_inline_class_init` is off (its `State()` macro evaluates the initial value
    /// once) unless the configuration or command line asks for it by name.
    static func enabledRuleIDs(_ configuration: Configuration, onlyRules: [String]) -> [String] {
        var ids = configuration.enabledRuleIDs
        if !onlyRules.isEmpty { ids = onlyRules }
        if let xcode = configuration.xcodeVersion, xcode.major >= 27 {
            let askedFor = onlyRules.contains(inlineClassInitID) || configuration.optInRules.contains(inlineClassInitID)
                || (configuration.onlyRules ?? []).contains(inlineClassInitID)
            if !askedFor { ids.removeAll { $0 == inlineClassInitID } }
        }
        return ids
    }

    func run() -> Int32 {
        let started = DispatchTime.now().uptimeNanoseconds
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

        // What to lint and what to index.
        let discovery = FileDiscovery(rootDirectory: configuration.rootDirectory, included: configuration.included, excluded: configuration.excluded)
        var sources: [String: [UInt8]] = [:]
        var files: [String]
        var errors: [FileReadError] = []
        if let stdinPath = options.stdinPath {
            if options.forceExclude && discovery.isExcluded(stdinPath) {
                files = []
            } else {
                files = [stdinPath]
                sources[stdinPath] = environment.readStandardInput()
            }
        } else {
            var paths = options.arguments
            if options.useScriptInputFiles {
                guard let scriptInputs = scriptInputFiles() else {
                    return command.fail("--use-script-input-files: SCRIPT_INPUT_FILE_COUNT is not set or not a number", hint: "Xcode sets it in a Run Script build phase with input files")
                }
                paths += scriptInputs
            }
            let explicit = !paths.isEmpty
            if !explicit { paths = [configuration.rootDirectory] }
            let found = discovery.files(under: paths, forceExclude: options.forceExclude)
            files = found.files.map { displayPath($0) }
            errors += found.errors
            if !explicit { files = files.filter { !$0.isEmpty } }
        }
        let indexDiscovery = FileDiscovery(rootDirectory: configuration.rootDirectory, included: configuration.index, excluded: configuration.excluded)
        let indexFiles = indexDiscovery.files(under: [configuration.rootDirectory]).files.map { displayPath($0) }

        // Rules.
        let enabled = Self.enabledRuleIDs(configuration, onlyRules: options.onlyRules)
        let rules: [LintEngine.ConfiguredRule] = RuleRegistry.all.compactMap { type in
            let id = type.description.id
            guard enabled.contains(id) else { return nil }
            let ruleConfiguration = configuration.rule(id)
            return LintEngine.ConfiguredRule(rule: type.init(configuration: ruleConfiguration),
                                             severity: ruleConfiguration?.severity ?? type.description.defaultSeverity)
        }
        let directiveID = SuperfluousDisableCommand.description.id
        let directiveSeverity = enabled.contains(directiveID) ? (configuration.rule(directiveID)?.severity ?? .warning) : nil
        var engineOptions = LintEngine.Options()
        if let jobs = options.jobs { engineOptions.jobs = jobs }
        engineOptions.knownClasses = configuration.knownClasses
        engineOptions.knownValueTypes = configuration.knownValueTypes

        let status = StatusLine(environment: environment, quiet: options.quiet, color: useColor)
        status.print("Linting \(files.count) file\(files.count == 1 ? "" : "s")…")
        var result = LintEngine(rules: rules, directiveSeverity: directiveSeverity, options: engineOptions)
            .run(files: files, indexFiles: indexFiles, sources: sources)
        errors += result.errors
        for error in errors { environment.stderr.write("\(error)\n") }

        // Baseline.
        let lineLookup = CachedSourceLines(sources: sources)
        if let path = options.writeBaselinePath {
            do {
                try writeAtomically(Baseline(findings: result.findings, lines: lineLookup).serialized(), to: path)
            } catch {
                return command.fail("cannot write baseline \(path): \(error.localizedDescription)")
            }
        }
        if let path = options.baselinePath {
            do {
                let baseline = try Baseline.load(path)
                result.findings = baseline.newFindings(result.findings, lines: lineLookup)
            } catch {
                return command.fail("\(error)")
            }
        }

        // Reports.
        let context = ReportContext(rules: RuleRegistry.descriptions, workingDirectory: environment.workingDirectory,
                                    environment: environment.variables, lintedFiles: result.lintedFiles,
                                    sourceLines: SourceLineLookup { path, line in lineLookup.line(path, line) },
                                    timestamp: Date())
        for request in reporters {
            guard let formatter = OutputFormatterRegistry.named(request.name) else { continue }
            let report = formatter.format(result.findings, context: context)
            if let path = request.outputPath {
                do { try writeAtomically(report, to: path) } catch {
                    return command.fail("cannot write \(request.name) report to \(path): \(error.localizedDescription)")
                }
            } else {
                environment.stdout.write(report)
            }
            if request.name == "github", let summaryPath = environment.variables["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
                appendStepSummary(GitHubFormatter.stepSummary(result.findings, context: context), to: summaryPath)
            }
        }

        if options.showUnresolved { printUnresolved(result.unresolvedTypeNames) }
        if options.timings { printTimings(result, wall: started) }
        let errorCount = result.findings.filter { $0.severity == .error }.count
        let warningCount = result.findings.count - errorCount
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let filesWithFindings = Set(result.findings.map(\.path)).count
        status.print("Done: \(warningCount) warning\(warningCount == 1 ? "" : "s"), \(errorCount) error\(errorCount == 1 ? "" : "s") in \(filesWithFindings) file\(filesWithFindings == 1 ? "" : "s") (\(String(format: "%.2f", seconds)) s)")

        if !errors.isEmpty && !options.ignoreUnreadable { return 2 }
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

    /// Paths are shown relative to the working directory when they lie inside it.
    private func displayPath(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path.hasPrefix("./") ? String(path.dropFirst(2)) : path }
        let prefix = environment.workingDirectory.hasSuffix("/") ? environment.workingDirectory : environment.workingDirectory + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private func scriptInputFiles() -> [String]? {
        guard let countText = environment.variables["SCRIPT_INPUT_FILE_COUNT"], let count = Int(countText), count >= 0 else { return nil }
        return (0..<count).compactMap { environment.variables["SCRIPT_INPUT_FILE_\($0)"] }.filter { $0.hasSuffix(".swift") }
    }

    private func appendStepSummary(_ text: String, to path: String) {
        guard let handle = FileHandle(forWritingAtPath: path) else {
            environment.stderr.write("statelint: warning: cannot open GITHUB_STEP_SUMMARY file \(path)\n")
            return
        }
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        handle.closeFile()
    }

    private func printUnresolved(_ names: [String: Int]) {
        if names.isEmpty {
            environment.stderr.write("Every type created in @State was resolved.\n")
            return
        }
        environment.stderr.write("Types created in @State that StateLint could not classify (add them to known_classes or known_value_types):\n")
        for (name, count) in names.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }) {
            environment.stderr.write("  \(name) (\(count)×)\n")
        }
    }

    private func printTimings(_ result: LintEngine.Result, wall started: UInt64) {
        let t = result.timings
        let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let megabytes = Double(result.byteCount) / 1e6
        environment.stderr.write(String(format: "timings (CPU seconds summed over threads): read %.3f  tokenize %.3f  structure %.3f  index %.3f  rules %.3f\n", t.read, t.tokenize, t.structure, t.index, t.rules))
        environment.stderr.write(String(format: "wall %.3f s, %d files linted (%d indexed), %.2f MB, %.1f MB/s\n", wall, result.lintedFiles.count, result.indexedFileCount, megabytes, wall > 0 ? megabytes / wall : 0))
    }
}

/// `Linting…` / `Done…` lines on standard error.
struct StatusLine {
    let environment: Environment
    let quiet: Bool
    let color: Bool
    func print(_ text: String) {
        guard !quiet else { return }
        environment.stderr.write(color ? "\u{1B}[2m\(text)\u{1B}[0m\n" : "\(text)\n")
    }
}
