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

/// The built `statelint` executable: reporters and report files, CI surroundings, baseline,
/// standard input, Xcode script inputs, determinism across thread counts.
@Suite("CLI binary: reports and inputs")
struct CLIBinaryReportsTests {
    @Test func severalReportersInOneRun() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Counter.swift", CLISamples.inlineClass)
        let run = try StateLintBinary.run(["--reporter", "xcode", "--reporter", "sarif:out.sarif", "--reporter", "junit:out.xml",
                                           "--reporter", "json", "--output", "out.json"], in: tree.root)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("Counter.swift:8:5: warning:") && run.stdout.split(separator: "\n").count == 1)
        let sarif = try JSONSerialization.jsonObject(with: Data((tree.read("out.sarif") ?? "").utf8)) as? [String: Any]
        #expect(sarif?["version"] as? String == "2.1.0")
        #expect(tree.read("out.xml")?.contains("<testsuites") == true)
        #expect(tree.read("out.json")?.contains("\"state_inline_class_init\"") == true)
    }

    @Test func githubActionsDefaultsToAnnotationsAndAppendsTheStepSummary() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Counter.swift", CLISamples.inlineClass)
        try tree.write("summary.md", "# Earlier step\n")
        let variables = ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": tree.path("summary.md"), "GITHUB_WORKSPACE": tree.root]
        let run = try StateLintBinary.run([], in: tree.root, environment: variables)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("::warning file=Counter.swift,line=8,col=5"), "\(run.stdout)")
        let summary = tree.read("summary.md") ?? ""
        #expect(summary.hasPrefix("# Earlier step\n") && summary.count > "# Earlier step\n".count)
        #expect(summary.contains("CounterModel"))
        // A reporter chosen explicitly wins; the configuration's `reporter` wins too.
        let explicit = try StateLintBinary.run(["--reporter", "xcode"], in: tree.root, environment: variables)
        #expect(explicit.stdout.hasPrefix("Counter.swift:8:5: warning:"))
        try tree.write(".linter.yml", "reporter: csv\n")
        let configured = try StateLintBinary.run([], in: tree.root, environment: variables)
        #expect(!configured.stdout.hasPrefix("::"))
        // A summary file that does not exist yet is created.
        try tree.write(".linter.yml", "reporter: github\n")
        let fresh = try StateLintBinary.run([], in: tree.root, environment: ["GITHUB_STEP_SUMMARY": tree.path("new.md")])
        #expect(fresh.status == 0 && tree.read("new.md")?.contains("CounterModel") == true)
    }

    @Test func failedReportWritesLeaveNoPartialFile() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Counter.swift", CLISamples.inlineClass)
        try tree.write("out/old.json", "previous report\n")
        try tree.write("blocker", "a file where a folder is expected\n")
        let intoFile = try StateLintBinary.run(["--reporter", "json:blocker/report.json"], in: tree.root)
        #expect(intoFile.status == 2 && intoFile.stderr.contains("cannot write json report to blocker/report.json"))
        let missingFolder = try StateLintBinary.run(["--reporter", "json:nowhere/report.json"], in: tree.root)
        #expect(missingFolder.status == 2 && !tree.exists("nowhere"))
        let ontoFolder = try StateLintBinary.run(["--reporter", "json:out"], in: tree.root)
        #expect(ontoFolder.status == 2 && ontoFolder.stderr.contains("is a directory"))
        #expect(tree.read("out/old.json") == "previous report\n")
        if permissionsAreEnforced {
            chmod(tree.path("out"), 0o555)
            let denied = try StateLintBinary.run(["--reporter", "json:out/old.json"], in: tree.root)
            chmod(tree.path("out"), 0o755)
            #expect(denied.status == 2)
            #expect(tree.read("out/old.json") == "previous report\n")
        }
        // A successful write replaces the old file whole and leaves no temporary behind.
        let written = try StateLintBinary.run(["--reporter", "json:out/old.json"], in: tree.root)
        #expect(written.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path("out")) == ["old.json"])
        #expect(tree.read("out/old.json")?.hasPrefix("{") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.root).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func outputIsByteIdenticalForOneAndTwoJobs() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        for index in 0..<40 {
            let name = "View\(index)"
            try tree.write("Module\(index % 3)/\(name).swift", index % 4 == 0 ? CLISamples.clean : CLISamples.inlineClass(named: name))
        }
        try tree.write("Module1/Bad.swift", bytes: [0x66, 0xFF, 0x0A])
        for reporter in ["xcode", "json", "sarif", "csv", "summary"] {
            let one = try StateLintBinary.run(["--jobs", "1", "--reporter", reporter, "-q"], in: tree.root)
            let two = try StateLintBinary.run(["-j", "2", "--reporter", reporter, "-q"], in: tree.root)
            #expect(one.status == 2 && two.status == 2)
            #expect(one.stdoutBytes == two.stdoutBytes, "\(reporter) output differs between --jobs 1 and 2")
            #expect(one.stderr == two.stderr)
            #expect(!one.stdoutBytes.isEmpty)
        }
    }

    @Test func baselineKeepsOldFindingsSuppressedWhenLinesMove() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Counter.swift", CLISamples.inlineClass)
        let recorded = try StateLintBinary.run(["--write-baseline", "baseline.json"], in: tree.root)
        #expect(recorded.status == 0 && recorded.stdout.contains("Counter.swift:8:5"))
        #expect(tree.read("baseline.json")?.contains("@State private var model = CounterModel()") == true)

        let suppressed = try StateLintBinary.run(["--baseline", "baseline.json", "--strict"], in: tree.root)
        #expect(suppressed.status == 0 && suppressed.stdout.isEmpty)

        // Unrelated edits move the old finding down; a new finding appears.
        let edited = "// A comment\n// and another\n" + CLISamples.inlineClass + """

        final class OtherModel {}

        struct OtherView: View {
            @State private var other = OtherModel()
            var body: some View { Text("o") }
        }

        """
        try tree.write("Counter.swift", edited)
        let after = try StateLintBinary.run(["--baseline", "baseline.json", "--strict"], in: tree.root)
        #expect(after.status == 1)
        let lines = after.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("Counter.swift:17:5: warning: `@State` property `other`") == true, "\(after.stdout)")

        let broken = try tree.write("broken.json", "{\"version\": 2}")
        let bad = try StateLintBinary.run(["--baseline", broken], in: tree.root)
        #expect(bad.status == 2 && bad.stderr.contains("not a StateLint baseline"))
        let missing = try StateLintBinary.run(["--baseline", "none.json"], in: tree.root)
        #expect(missing.status == 2 && missing.stderr.contains("none.json: error: cannot read baseline file"))
    }

    @Test func stdinPathUsesTheConfigurationOfItsFolderAndExclusions() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write(".linter.yml", "excluded: [Generated]\n")
        try tree.write("Feature/.linter.yml", "state_inline_class_init: error\n")
        try FileManager.default.createDirectory(atPath: tree.path("Generated"), withIntermediateDirectories: true)
        let source = Array(CLISamples.inlineClass.utf8)

        let root = try StateLintBinary.run(["--stdin-path", "Root.swift"], in: tree.root, stdin: source)
        #expect(root.status == 0 && root.stdout.hasPrefix("Root.swift:8:5: warning:"))
        // The folder's own configuration applies (found from the stdin path, not the working directory).
        let feature = try StateLintBinary.run(["--stdin-path", "Feature/New.swift"], in: tree.root, stdin: source)
        #expect(feature.status == 1 && feature.stdout.hasPrefix("Feature/New.swift:8:5: error:"), "\(feature.stdout)\(feature.stderr)")
        // Standard input is linted, not the file on disk.
        try tree.write("Feature/New.swift", CLISamples.clean)
        #expect(try StateLintBinary.run(["--stdin-path", "Feature/New.swift"], in: tree.root, stdin: source).status == 1)

        let excluded = try StateLintBinary.run(["--stdin-path", "Generated/G.swift"], in: tree.root, stdin: source)
        #expect(excluded.stdout.contains("Generated/G.swift:8:5"))
        let forced = try StateLintBinary.run(["--stdin-path", "Generated/G.swift", "--force-exclude", "--strict"], in: tree.root, stdin: source)
        #expect(forced.status == 0 && forced.stdout.isEmpty)
    }

    @Test func xcodeScriptInputFiles() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("A.swift", CLISamples.inlineClass(named: "A"))
        try tree.write("B.swift", CLISamples.inlineClass(named: "B"))
        try tree.write("C.swift", CLISamples.inlineClass(named: "C"))
        try tree.write("inputs.xcfilelist", tree.path("C.swift") + "\n\n" + tree.path("Info.plist") + "\n")
        let variables = ["SCRIPT_INPUT_FILE_COUNT": "3", "SCRIPT_INPUT_FILE_0": tree.path("A.swift"),
                         "SCRIPT_INPUT_FILE_1": tree.path("Assets.xcassets"), "SCRIPT_INPUT_FILE_2": tree.path("B.swift"),
                         "SCRIPT_INPUT_FILE_LIST_COUNT": "1", "SCRIPT_INPUT_FILE_LIST_0": tree.path("inputs.xcfilelist")]
        let run = try StateLintBinary.run(["--use-script-input-files", "-q"], in: tree.root, environment: variables)
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").map { String($0.split(separator: ":")[0]) } == ["A.swift", "B.swift", "C.swift"])

        let none = try StateLintBinary.run(["--use-script-input-files", "--strict"], in: tree.root, environment: ["SCRIPT_INPUT_FILE_COUNT": "0"])
        #expect(none.status == 0 && none.stdout.isEmpty, "no inputs means nothing to lint, not the whole tree")
        let unset = try StateLintBinary.run(["--use-script-input-files"], in: tree.root)
        #expect(unset.status == 2 && unset.stderr.contains("SCRIPT_INPUT_FILE_COUNT"))
    }
}
