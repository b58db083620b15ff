import StateLintSyntax
import StateLintIndex
import StateLintRules
import StateLintEngine
import StateLintFormatters

/// The parsed command line. Parsing never exits: errors come back as `UsageError` so the
/// runner can print one clear line with a hint and exit 2.
public struct CommandLineOptions: Sendable, Equatable {
    public enum Command: String, Sendable, Equatable, CaseIterable {
        case lint, rules, reporters, config, tokens, lsp, version, help, migrate
    }

    /// A `--reporter NAME[:PATH]`: where one report goes (nil path: standard output).
    public struct ReporterRequest: Sendable, Equatable {
        public var name: String
        public var outputPath: String?
    }

    public var command: Command = .lint
    /// Paths to lint, or the subcommand's argument (`rules ID`, `tokens FILE`).
    public var arguments: [String] = []
    public var configPath: String?
    public var reporters: [ReporterRequest] = []
    public var strict = false
    public var quiet = false
    public var onlyRules: [String] = []
    public var noColor = false
    public var stdinPath: String?
    public var useScriptInputFiles = false
    public var forceExclude = false
    public var ignoreUnreadable = false
    public var jobs: Int?
    public var baselinePath: String?
    public var writeBaselinePath: String?
    public var timings = false
    public var showUnresolved = false
    public var fix = false
    public var diff = false
    public var dryRun = false
    /// `--dependencies DIR` and `--derived-data DIR`, as given (relative to the working directory).
    public var dependencies: [String] = []
    public var derivedData: [String] = []
    /// `statelint migrate`: `--type NAME` (repeatable), `--xcode-version N`, `--json`.
    public var types: [String] = []
    public var xcodeVersion: String?
    public var json = false

    public init() {}

    /// What `--fix`, `--diff` and `--dry-run` ask for: write the fixes, or print them as a diff.
    public enum FixMode: Sendable, Equatable { case write, diff }

    public var fixMode: FixMode? {
        if diff || (fix && dryRun) { return .diff }
        return fix ? .write : nil
    }

    /// Whether standard output carries the diff or the fixed buffer, so no report may go there.
    public var fixUsesStandardOutput: Bool {
        fixMode == .diff || (fixMode == .write && stdinPath != nil)
    }

    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public let message: String
        public let hint: String?
        public var description: String { "error: \(message)" + (hint.map { "\n\($0)" } ?? "") }
    }

    static let flagsWithValues = ["--config", "--reporter", "--format", "--output", "--only-rule", "--stdin-path",
                                  "--jobs", "--baseline", "--write-baseline", "--dependencies", "--derived-data",
                                  "--type", "--xcode-version"]
    static let booleanFlags = ["--strict", "--quiet", "--no-color", "--use-script-input-files", "--force-exclude",
                               "--ignore-unreadable", "--timings", "--show-unresolved", "--fix", "--diff", "--dry-run",
                               "--help", "--version", "--stdio", "--json"]

    public static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var index = 0
        var sawCommand = false
        var onlyPositionals = false
        func value(for flag: String, _ inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else {
                throw UsageError(message: "\(flag) needs a value", hint: "usage: statelint \(flag) VALUE …; see `statelint help`")
            }
            return arguments[index]
        }
        /// A path: an empty one would mean the working directory (`--stdin-path ''` linted the
        /// buffer as if it were that folder), never what was meant.
        func path(for flag: String, _ inline: String?) throws(UsageError) -> String {
            let text = try value(for: flag, inline)
            guard !text.isEmpty else {
                throw UsageError(message: "\(flag) needs a path, and was given an empty one", hint: "usage: statelint \(flag) PATH …; see `statelint help`")
            }
            return text
        }
        while index < arguments.count {
            let argument = arguments[index]
            defer { index += 1 }
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                if !sawCommand && options.arguments.isEmpty, let command = Command(rawValue: argument) {
                    options.command = command
                    sawCommand = true
                } else {
                    options.arguments.append(argument)
                }
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            // `--flag=value` as well as `--flag value`.
            var flag = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            switch flag {
            case "--config": options.configPath = try path(for: flag, inline)
            case "--reporter", "--format":
                let text = try value(for: flag, inline)
                // `sarif:build/out.sarif`: rule and reporter names never contain a colon.
                if let colon = text.firstIndex(of: ":") {
                    let path = String(text[text.index(after: colon)...])
                    guard !path.isEmpty else { throw UsageError(message: "`\(text)` has an empty output path", hint: "use --reporter NAME:PATH, e.g. --reporter sarif:build/statelint.sarif") }
                    options.reporters.append(ReporterRequest(name: String(text[..<colon]), outputPath: path))
                } else {
                    options.reporters.append(ReporterRequest(name: text, outputPath: nil))
                }
            case "--output":
                let path = try path(for: flag, inline)
                guard !options.reporters.isEmpty else {
                    throw UsageError(message: "--output must follow the --reporter it applies to", hint: "e.g. --reporter sarif --output build/statelint.sarif")
                }
                options.reporters[options.reporters.count - 1].outputPath = path
            case "--only-rule": options.onlyRules.append(try value(for: flag, inline))
            case "--stdin-path": options.stdinPath = try path(for: flag, inline)
            case "--baseline": options.baselinePath = try path(for: flag, inline)
            case "--write-baseline": options.writeBaselinePath = try path(for: flag, inline)
            case "--dependencies": options.dependencies.append(try path(for: flag, inline))
            case "--derived-data": options.derivedData.append(try path(for: flag, inline))
            case "--type": options.types.append(try value(for: flag, inline))
            case "--xcode-version":
                let text = try value(for: flag, inline)
                guard case .success = XcodeVersion.parseRelease(text) else {
                    throw UsageError(message: "--xcode-version expects a version like `26` or `26.4`, found `\(text)`", hint: nil)
                }
                options.xcodeVersion = text
            case "--json": options.json = true
            case "--jobs", "-j":
                let text = try value(for: flag, inline)
                guard let jobs = Int(text), jobs >= 1, jobs <= 1024 else {
                    throw UsageError(message: "--jobs expects a whole number from 1 to 1024, found `\(text)`", hint: nil)
                }
                options.jobs = jobs
            case "--strict": options.strict = true
            case "--quiet", "-q": options.quiet = true
            case "--no-color": options.noColor = true
            case "--use-script-input-files": options.useScriptInputFiles = true
            case "--force-exclude": options.forceExclude = true
            case "--ignore-unreadable": options.ignoreUnreadable = true
            case "--timings": options.timings = true
            case "--show-unresolved": options.showUnresolved = true
            case "--fix": options.fix = true
            case "--diff": options.diff = true
            case "--dry-run": options.dryRun = true
            case "--stdio":
                // What editors' LSP clients pass to say "talk over standard input and output".
                guard options.command == .lsp else {
                    throw UsageError(message: "--stdio is an option of `statelint lsp`", hint: "run the language server with `statelint lsp`")
                }
            case "--help", "-h": options.command = .help
            case "--version": options.command = .version
            default:
                let known = flagsWithValues + booleanFlags
                let suggestion = EditDistance.closestMatch(to: flag, in: known)
                throw UsageError(message: "unknown option `\(flag)`",
                                 hint: suggestion.map { "did you mean `\($0)`? See `statelint help`." } ?? "see `statelint help` for the options")
            }
        }
        if inlineFlagMisuse(options) { throw UsageError(message: "--stdin-path cannot be combined with paths to lint", hint: "pipe one file's source and name it with --stdin-path PATH") }
        try checkMigrateFlags(options)
        try checkFixFlags(options)
        return options
    }

    /// `--type`, `--xcode-version` and `--json` belong to `statelint migrate`, which writes or,
    /// with `--diff`, prints a diff, and takes no `--fix`.
    private static func checkMigrateFlags(_ options: CommandLineOptions) throws(UsageError) {
        guard options.command == .migrate else {
            for (flag, given) in [("--type", !options.types.isEmpty), ("--xcode-version", options.xcodeVersion != nil), ("--json", options.json)] where given {
                throw UsageError(message: "\(flag) applies only to `statelint migrate`", hint: "usage: statelint migrate [--diff] [--type NAME] [--xcode-version N] [--json] [PATH …]")
            }
            return
        }
        if options.fix || options.dryRun {
            throw UsageError(message: "`statelint migrate` writes its changes without --fix", hint: "use --diff to print them instead")
        }
        if options.diff && options.json {
            throw UsageError(message: "--diff prints the diff on standard output, so --json cannot go there too", hint: "run once with --diff, once with --json")
        }
        if options.stdinPath != nil || !options.reporters.isEmpty || options.baselinePath != nil || options.writeBaselinePath != nil {
            throw UsageError(message: "`statelint migrate` takes no --stdin-path, --reporter or baseline", hint: "usage: statelint migrate [--diff] [--type NAME] [--xcode-version N] [--json] [PATH …]")
        }
    }

    /// The combinations of `--fix`, `--diff` and `--dry-run` that cannot mean anything clear.
    private static func checkFixFlags(_ options: CommandLineOptions) throws(UsageError) {
        if options.dryRun && !options.fix {
            throw UsageError(message: "--dry-run only applies to --fix", hint: "--fix --dry-run (or --diff) prints the fixes as a diff and writes nothing")
        }
        if options.fix && options.diff && !options.dryRun {
            throw UsageError(message: "--diff writes nothing, but --fix writes the fixes: choose one",
                             hint: "--diff (or --fix --dry-run) prints the fixes as a diff; --fix applies them")
        }
        guard let mode = options.fixMode, options.command != .migrate else { return }
        let flag = mode == .diff ? (options.diff ? "--diff" : "--fix --dry-run") : "--fix"
        if options.command != .lint {
            throw UsageError(message: "\(flag) applies only to `statelint lint`", hint: "usage: statelint lint \(flag) [PATH …]")
        }
        if options.baselinePath != nil || options.writeBaselinePath != nil {
            throw UsageError(message: "\(flag) cannot be combined with \(options.baselinePath != nil ? "--baseline" : "--write-baseline")",
                             hint: "fixes change the lines a baseline matches findings by: fix first, then record a new baseline with --write-baseline")
        }
        if options.fixUsesStandardOutput, let request = options.reporters.first(where: { $0.outputPath == nil }) {
            let what = mode == .diff ? "the diff" : "the fixed source"
            throw UsageError(message: "\(flag) prints \(what) on standard output, so --reporter \(request.name) cannot go there too",
                             hint: "write reports to files: --reporter \(request.name):PATH")
        }
    }

    private static func inlineFlagMisuse(_ options: CommandLineOptions) -> Bool {
        options.stdinPath != nil && options.command == .lint && !options.arguments.isEmpty
    }
}
