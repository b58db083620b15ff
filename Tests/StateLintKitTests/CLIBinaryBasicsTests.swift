import Foundation
import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The built `statelint` executable: subcommands, exit codes, usage errors, and what goes to
/// standard output versus standard error.
@Suite("CLI binary: subcommands and exit codes")
struct CLIBinaryBasicsTests {
    @Test func informationalSubcommandsPrintToStdoutAndExitZero() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("A.swift", CLISamples.inlineClass)

        let help = try StateLintBinary.run(["help"], in: tree.root)
        #expect(help.status == 0 && help.stdout.contains("USAGE: statelint") && help.stderr.isEmpty)
        #expect(try StateLintBinary.run(["--help"], in: tree.root).stdout == help.stdout)
        #expect(try StateLintBinary.run(["-h"], in: tree.root).stdout == help.stdout)
        // Every flag the parser knows is documented in the help text.
        for flag in CommandLineOptions.flagsWithValues + CommandLineOptions.booleanFlags {
            #expect(help.stdout.contains(flag), "help does not mention \(flag)")
        }

        let version = try StateLintBinary.run(["version"], in: tree.root)
        #expect(version.status == 0 && version.stdout == StateLintVersion.current + "\n" && version.stderr.isEmpty)
        #expect(try StateLintBinary.run(["--version"], in: tree.root).stdout == version.stdout)

        let reporters = try StateLintBinary.run(["reporters"], in: tree.root)
        #expect(reporters.status == 0)
        #expect(reporters.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) } == OutputFormatterRegistry.names)

        let rules = try StateLintBinary.run(["rules"], in: tree.root)
        #expect(rules.status == 0)
        for id in RuleRegistry.descriptions.map(\.id) { #expect(rules.stdout.contains(id)) }

        let rule = try StateLintBinary.run(["rules", "appear_missing_nil_check"], in: tree.root)
        #expect(rule.status == 0 && rule.stdout.contains("appear_missing_nil_check") && rule.stdout.count > 200)

        let config = try StateLintBinary.run(["config"], in: tree.root)
        #expect(config.status == 0 && config.stdout.contains("state_inline_class_init") && config.stderr.isEmpty)

        let tokens = try StateLintBinary.run(["tokens", "A.swift"], in: tree.root)
        #expect(tokens.status == 0 && tokens.stdout.contains("CounterModel"))
        let stdinTokens = try StateLintBinary.run(["tokens", "-"], in: tree.root, stdin: Array(CLISamples.inlineClass.utf8))
        #expect(stdinTokens.stdout.replacingOccurrences(of: "-", with: "A.swift") == tokens.stdout.replacingOccurrences(of: "-", with: "A.swift"))
        #expect(try StateLintBinary.run(["tokens"], in: tree.root).status == 2)
        #expect(try StateLintBinary.run(["tokens", "Missing.swift"], in: tree.root).status == 2)
    }

    @Test func exitCodesFollowSeverityAndStrictness() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("clean/Plain.swift", CLISamples.clean)
        try tree.write("warn/Counter.swift", CLISamples.inlineClass)

        #expect(try StateLintBinary.run(["clean"], in: tree.root).status == 0)
        let warned = try StateLintBinary.run(["lint", "warn"], in: tree.root)
        #expect(warned.status == 0)
        #expect(warned.stdout.hasPrefix("warn/Counter.swift:8:5: warning:"))
        #expect(warned.stdout.contains("[state_inline_class_init]"))
        #expect(try StateLintBinary.run(["warn", "--strict"], in: tree.root).status == 1)
        #expect(try StateLintBinary.run(["clean", "--strict"], in: tree.root).status == 0)

        // strict and severities from the configuration.
        try tree.write(".linter.yml", "strict: true\n")
        #expect(try StateLintBinary.run(["warn"], in: tree.root).status == 1)
        try tree.write(".linter.yml", "state_inline_class_init: error\n")
        let errored = try StateLintBinary.run(["warn"], in: tree.root)
        #expect(errored.status == 1 && errored.stdout.contains(": error: "))
        #expect(try StateLintBinary.run(["clean"], in: tree.root).status == 0)

        // Configuration and I/O problems are exit 2.
        try tree.write(".linter.yml", "no_such_key: 1\n")
        let badConfig = try StateLintBinary.run(["clean"], in: tree.root)
        #expect(badConfig.status == 2 && badConfig.stderr.contains(".linter.yml") && badConfig.stdout.isEmpty)
        #expect(try StateLintBinary.run(["--config", "missing.yml", "clean"], in: tree.root).status == 2)
        try tree.write("other.yml", "strict: true\n")
        #expect(try StateLintBinary.run(["--config", "other.yml", "warn"], in: tree.root).status == 1)
        #expect(try StateLintBinary.run(["--config=other.yml", "clean"], in: tree.root).status == 0)
        let missing = try StateLintBinary.run(["--config", "other.yml", "nowhere"], in: tree.root)
        #expect(missing.status == 2 && missing.stderr.contains("nowhere: error: no such file or directory"))
    }

    @Test(arguments: [
        (["--stirct"], "unknown option `--stirct`", "did you mean `--strict`?"),
        (["--frobnicate"], "unknown option `--frobnicate`", "see `statelint help`"),
        (["--only-rule", "state_inline_class_int"], "unknown rule `state_inline_class_int`", "did you mean `state_inline_class_init`?"),
        (["rules", "nope_rule"], "unknown rule `nope_rule`", "`statelint rules` lists the rules."),
        (["--reporter", "jsn"], "unknown reporter `jsn`", "json"),
        (["--jobs", "0"], "--jobs expects a whole number", nil),
        (["--jobs"], "--jobs needs a value", "usage:"),
        (["--output", "x.json"], "--output must follow the --reporter", "e.g."),
        (["--reporter", "sarif:"], "empty output path", "--reporter NAME:PATH"),
        (["--stdin-path", "A.swift", "B.swift"], "--stdin-path cannot be combined", "pipe"),
        // An empty path would be the working directory, never what was meant.
        (["--stdin-path", ""], "--stdin-path needs a path, and was given an empty one", "usage:"),
        (["--stdin-path="], "--stdin-path needs a path", nil),
        (["--config", ""], "--config needs a path", nil),
        (["--write-baseline="], "--write-baseline needs a path", nil),
        (["--dependencies", ""], "--dependencies needs a path", nil),
        (["--reporter", "json", "--output", ""], "--output needs a path", nil),
    ] as [([String], String, String?)])
    func usageErrorsAreOneLinePlusHintAndExitTwo(arguments: [String], message: String, hint: String?) throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("A.swift", CLISamples.inlineClass)
        let run = try StateLintBinary.run(arguments, in: tree.root)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty, "nothing but reports belongs on stdout")
        #expect(run.stderrLines.count <= 2, "expected one error line and at most one hint: \(run.stderr)")
        #expect(run.stderrLines.first?.contains(message) == true, "\(run.stderr)")
        if let hint { #expect(run.stderr.contains(hint), "\(run.stderr)") }
        #expect(!run.stderr.contains("Linting"), "no lint ran")
    }

    @Test func statusLinesGoToStderrAndReportsToStdout() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Counter.swift", CLISamples.inlineClass)
        let run = try StateLintBinary.run(["--reporter", "json"], in: tree.root)
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any]
        #expect((object?["findings"] as? [Any])?.count == 1)
        #expect(run.stderrLines.first == "Linting 1 file…")
        #expect(run.stderrLines.last?.hasPrefix("Done: 1 warning, 0 errors in 1 file") == true)
        #expect(!run.stderr.contains("\u{1B}"), "no colour when stderr is not a terminal")

        let quiet = try StateLintBinary.run(["--quiet", "--reporter", "json"], in: tree.root)
        #expect(quiet.stderr.isEmpty && quiet.stdout == run.stdout)
        let short = try StateLintBinary.run(["-q", "--format=json"], in: tree.root)
        #expect(short.stderr.isEmpty && short.stdout == run.stdout)

        let timed = try StateLintBinary.run(["--timings", "--show-unresolved", "-q"], in: tree.root)
        #expect(timed.stdout.contains("[state_inline_class_init]") && !timed.stdout.contains("timings"))
        #expect(timed.stderr.contains("timings (CPU seconds") && timed.stderr.contains("1 files linted"))
        #expect(timed.stderr.contains("timings (main thread): discover ") && timed.stderr.contains(" format "))
        #expect(timed.stderr.contains("Every type created in @State was resolved."))
    }

    @Test func onlyRuleNarrowsTheRules() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Counter.swift", CLISamples.inlineClass)
        let other = try StateLintBinary.run(["--only-rule", "appear_missing_nil_check", "--strict"], in: tree.root)
        #expect(other.status == 0 && other.stdout.isEmpty)
        let same = try StateLintBinary.run(["--only-rule", "appear_missing_nil_check", "--only-rule=state_inline_class_init", "--strict"], in: tree.root)
        #expect(same.status == 1 && same.stdout.contains("[state_inline_class_init]"))
    }
}
