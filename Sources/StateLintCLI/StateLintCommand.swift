import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// The `statelint` command: parses arguments, runs the subcommand, returns the exit code.
///
/// Exit codes: 0 no error-severity findings; 1 error-severity findings (or any finding with
/// `--strict`); 2 usage, configuration or I/O error.
public struct StateLintCommand {
    public let environment: Environment
    /// Runs the language server (`statelint lsp`) with a thread limit: the executable hands it
    /// in, so the command line and the language server stay apart.
    public let languageServer: (@Sendable (_ jobs: Int?) -> Int32)?

    public init(environment: Environment, languageServer: (@Sendable (_ jobs: Int?) -> Int32)? = nil) {
        self.environment = environment
        self.languageServer = languageServer
    }

    public static let schema = ConfigurationSchema.standard

    public func run(_ arguments: [String]) -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments)
        } catch {
            environment.stderr.write("statelint: \(error)\n")
            return 2
        }
        switch options.command {
        case .help:
            environment.stdout.write(Self.helpText)
            return 0
        case .version:
            environment.stdout.write("\(StateLintVersion.current)\n")
            return 0
        case .reporters:
            let width = OutputFormatterRegistry.all.map { $0.name.count }.max() ?? 0
            for formatter in OutputFormatterRegistry.all {
                environment.stdout.write(formatter.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + formatter.summary + "\n")
            }
            return 0
        case .tokens:
            return tokens(options)
        case .rules:
            return rules(options)
        case .config:
            guard let configuration = loadConfiguration(options) else { return 2 }
            environment.stdout.write(ConfigurationPrinter.render(configuration, schema: Self.schema))
            let root = ProjectRoot.find(from: configuration.rootDirectory)
            let jobs = options.jobs ?? LintEngine.Options().jobs
            var targets = TargetDiscovery.targets(root: configuration.rootDirectory, excluded: configuration.excluded, jobs: jobs)
            targets.addAppFolders(AppFolderScan.appFolders(of: targets, excluded: configuration.excluded, jobs: jobs))
            environment.stdout.write(ProjectPrinter.render(root: ProjectRoot(path: configuration.rootDirectory, marker: root.marker),
                                                           targets: targets))
            return 0
        case .lint:
            return LintCommand(environment: environment, options: options).run()
        case .migrate:
            return MigrateCommand(environment: environment, options: options).run()
        case .lsp:
            return languageServer(options)
        }
    }

    /// `statelint lsp`: paths and lint options mean nothing there; silently ignoring them would mislead.
    private func languageServer(_ options: CommandLineOptions) -> Int32 {
        var accepted = CommandLineOptions()
        accepted.command = .lsp
        accepted.jobs = options.jobs
        guard options == accepted else {
            return fail("`statelint lsp` takes no paths and no options but --stdio and --jobs",
                        hint: "the editor sends the files; .linter.yml is found for each of them")
        }
        guard let languageServer else { return fail("this build of statelint has no language server") }
        return languageServer(options.jobs)
    }

    func fail(_ message: String, hint: String? = nil) -> Int32 {
        environment.stderr.write("statelint: error: \(message)\n" + (hint.map { "\($0)\n" } ?? ""))
        return 2
    }

    /// The configuration with command-line overrides, or nil after printing the error.
    func loadConfiguration(_ options: CommandLineOptions) -> Configuration? {
        for request in options.reporters where OutputFormatterRegistry.named(request.name) == nil {
            let suggestion = EditDistance.closestMatch(to: request.name, in: OutputFormatterRegistry.names)
            _ = fail("unknown reporter `\(request.name)`" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
                     hint: "valid reporters: " + OutputFormatterRegistry.names.joined(separator: ", "))
            return nil
        }
        // The project is found from what is linted, not from where the command runs.
        let linted = options.stdinPath.map { [$0] } ?? (options.command == .lint || options.command == .config || options.command == .migrate ? options.arguments : [])
        let start = ProjectRoot.startFolder(for: linted.map { FileDiscovery.absolute($0, relativeTo: environment.workingDirectory) },
                                            workingDirectory: environment.workingDirectory)
        do {
            var configuration = try ConfigurationLoader(schema: Self.schema)
                .load(explicitPath: options.configPath, startDirectory: start, workingDirectory: environment.workingDirectory)
            if options.strict { configuration.overrideStrict(true, flag: "--strict") }
            if !options.reporters.isEmpty {
                try configuration.overrideReporters(options.reporters.map(\.name), flag: "--reporter", schema: Self.schema)
            }
            try configuration.addDependencies(options.dependencies, flag: "--dependencies", workingDirectory: environment.workingDirectory)
            for folder in options.derivedData {
                try configuration.addDerivedData(folder, workingDirectory: environment.workingDirectory)
            }
            return configuration
        } catch {
            environment.stderr.write("\(error)\n")
            return nil
        }
    }

    private func tokens(_ options: CommandLineOptions) -> Int32 {
        guard options.arguments.count == 1, let path = options.arguments.first else {
            return fail("`statelint tokens` takes one file", hint: "usage: statelint tokens FILE")
        }
        do {
            let bytes = path == "-" ? environment.readStandardInput()
                : try SourceReader.read(FileDiscovery.absolute(path, relativeTo: environment.workingDirectory))
            let file = SourceFile(path: path, bytes: bytes)
            let dump = TokenDump.render(file, tokens: Tokenizer.tokenize(file.bytes))
            // Written as bytes: the dump of a file with invalid UTF-8 keeps those bytes.
            environment.stdout.writeBytes(dump)
            return 0
        } catch {
            environment.stderr.write("statelint: \(error)\n")
            return 2
        }
    }

    private func rules(_ options: CommandLineOptions) -> Int32 {
        let descriptions = RuleRegistry.descriptions
        if let id = options.arguments.first {
            guard let description = descriptions.first(where: { $0.id == id }) else {
                let suggestion = EditDistance.closestMatch(to: id, in: descriptions.map(\.id))
                return fail("unknown rule `\(id)`", hint: suggestion.map { "did you mean `\($0)`? `statelint rules` lists them." } ?? "`statelint rules` lists the rules.")
            }
            environment.stdout.write(RuleDocumentation.page(for: description.id) ?? "# \(description.id)\n\n\(description.summary)\n\n\(description.rationale)\n")
            return 0
        }
        let configuration = loadConfiguration(options)
        let enabled = Set(configuration.map { LintEngine.enabledRuleIDs($0, onlyRules: options.onlyRules) } ?? [])
        let idWidth = descriptions.map(\.id.count).max() ?? 0
        environment.stdout.write("id".padding(toLength: idWidth + 2, withPad: " ", startingAt: 0) + "severity  enabled  fix  summary\n")
        for description in descriptions {
            let severity = configuration?.rule(description.id)?.severity ?? description.defaultSeverity
            environment.stdout.write(description.id.padding(toLength: idWidth + 2, withPad: " ", startingAt: 0)
                + severity.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                + (enabled.contains(description.id) ? "yes" : "no").padding(toLength: 9, withPad: " ", startingAt: 0)
                + (RuleDocumentation.canFix(description.id) ? "yes" : "no").padding(toLength: 5, withPad: " ", startingAt: 0)
                + description.summary + "\n")
        }
        return configuration == nil ? 2 : 0
    }

    static let helpText = """
    OVERVIEW: StateLint \(StateLintVersion.current) — finds SwiftUI state-lifecycle mistakes.

    USAGE: statelint [lint] [options] [PATH …]      lint .swift files (default: the configured `included` paths, else .)
           statelint migrate [PATH …]              move ObservableObject classes (declared under PATH) to @Observable, with every use
           statelint rules [RULE_ID]               list the rules, or show one rule's documentation
           statelint reporters                     list the output formats
           statelint config                        print the effective configuration and where each value came from
           statelint tokens FILE                   dump the tokenizer's tokens (line, column, kind, text)
           statelint lsp [--stdio]                 run the language server (LSP 3.17) on standard input and output
           statelint version                       print the version

    OPTIONS:
      --config PATH                 use this .linter.yml instead of searching the current folder and its parents
      --reporter NAME[:PATH]        output format (repeatable; `statelint reporters` lists them); `:PATH` writes to a file
      --format NAME[:PATH]          same as --reporter
      --output PATH                 write the preceding --reporter to PATH
      --strict                      warnings also fail the run (exit 1)
      --only-rule RULE_ID           run only this rule (repeatable)
      --stdin-path PATH             lint source read from standard input as if it were PATH
      --use-script-input-files      lint Xcode's SCRIPT_INPUT_FILE_0… build phase inputs
      --force-exclude               apply `excluded` even to files named on the command line
      --baseline FILE               report only findings not recorded in FILE
      --write-baseline FILE         record the current findings in FILE
      --fix                         apply the fixes of fixable findings (atomically), then report what remains
      --diff                        print the fixes as a unified diff (for patch -p1); write nothing
      --dry-run                     with --fix: the same as --diff
      --type NAME                   migrate: only this class (repeatable)
      --xcode-version N             migrate: the Xcode the project builds with (default: the configured `xcode_version`)
      --json                        migrate: print the report as JSON on standard output
      --jobs N, -j N                threads to use (default: all cores)
      --ignore-unreadable           unreadable or non-UTF-8 files do not make the run fail
      --show-unresolved             list type names created in @State that StateLint could not classify
      --dependencies DIR            also read type declarations from the package checkouts in DIR (repeatable)
      --derived-data DIR            also read them from this project's SourcePackages/checkouts in Xcode's DerivedData DIR
      --timings                     print how long each phase took (to standard error)
      --quiet, -q                   no status lines on standard error
      --no-color                    no colour (also when NO_COLOR is set)
      --help, -h                    show this help
      --version                     print the version

    EXIT CODES: 0 no errors · 1 error-severity findings (or any finding with --strict) · 2 usage, configuration or I/O error

    """
}
