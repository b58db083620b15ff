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

/// `statelint --fix`, `--diff`, `--fix --dry-run` and `--stdin-path … --fix`, in process and
/// through the binary.
@Suite("CLI: --fix and --diff")
struct FixCLITests {
    /// Two fixable directive findings (lines 6 and 8) and one finding without a fix (line 7: a
    /// property with observers is not rewritten into a lazily created optional).
    static let fixable = """
    import SwiftUI

    final class CounterModel {}

    struct CounterView: View {
        // statelint:disable:next appear_missing_nil_check
        @State private var model = CounterModel() { didSet {} }
        var body: some View { Text("x") } // statelint:disable:this state_inline_class_int
    }

    """

    static let fixed = """
    import SwiftUI

    final class CounterModel {}

    struct CounterView: View {
        @State private var model = CounterModel() { didSet {} }
        var body: some View { Text("x") }
    }

    """

    /// A CRLF file with a byte-order mark and tabs, whose one directive is superfluous.
    static let crlf = "\u{FEFF}struct Plain {\r\n\t// statelint:disable:next appear_missing_nil_check\r\n\tlet a = 1\r\n}\r\n"

    static func makeTree() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.write("Sources/Counter.swift", fixable)
        try tree.write("Sources/Plain.swift", crlf)
        try tree.write("Sources/Clean.swift", CLISamples.clean)
        return tree
    }

    static func modificationTime(_ path: String) -> (Int, Int, UInt) {
        var info = stat()
        stat(path, &info)
        let modified = info.modificationTime
        return (modified.tv_sec, modified.tv_nsec, UInt(info.st_ino))
    }

    @Test func fixWritesTheFixesReportsWhatRemainsAndLeavesOtherFilesAlone() throws {
        let tree = try Self.makeTree()
        defer { tree.remove() }
        let clean = Self.modificationTime(tree.path("Sources/Clean.swift"))
        usleep(20_000)  // a rewrite would show in the modification time
        let run = InProcess.run(["--fix", "--no-color"], in: tree.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(tree.read("Sources/Counter.swift") == Self.fixed)
        #expect(tree.read("Sources/Plain.swift") == "\u{FEFF}struct Plain {\r\n\tlet a = 1\r\n}\r\n")
        #expect(Self.modificationTime(tree.path("Sources/Clean.swift")) == clean)
        // The report is of the fixed text: the finding without a fix moved up to line 6.
        #expect(run.stdout.hasPrefix("Sources/Counter.swift:6:5: warning:") && run.stdout.split(separator: "\n").count == 1)
        #expect(run.stderr.contains("Fixed 3 findings in 2 files.\n"))
        #expect(run.stderr.contains("1 finding remains:\n  Sources/Counter.swift:6:5: [state_inline_class_init] no fix available\n"))
        #expect(InProcess.run(["--fix", "--strict"], in: tree.root).status == 1)  // what remains still counts

        let snapshot = tree.snapshot()
        let again = InProcess.run(["lint", "--fix"], in: tree.root)
        #expect(again.status == 0 && again.stderr.contains("Nothing to fix."))
        #expect(tree.snapshot() == snapshot)
    }

    @Test func diffAndDryRunPrintTheFixesAndChangeNothing() throws {
        let tree = try Self.makeTree()
        defer { tree.remove() }
        let snapshot = tree.snapshot()
        let diff = InProcess.run(["--diff", "--reporter", "json:report.json"], in: tree.root)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.hasPrefix("--- a/Sources/Counter.swift\n+++ b/Sources/Counter.swift\n@@ -3,7 +3,6 @@\n"))
        #expect(diff.stdout.contains("--- a/Sources/Plain.swift\n+++ b/Sources/Plain.swift\n@@ -1,4 +1,3 @@\n"))
        #expect(diff.stdout.contains("-    var body: some View { Text(\"x\") } // statelint:disable:this state_inline_class_int\n+    var body: some View { Text(\"x\") }\n"))
        #expect(diff.stderr.contains("Would fix 3 findings in 2 files (nothing written)."))
        var expected = snapshot
        expected["report.json"] = tree.snapshot()["report.json"]
        #expect(tree.snapshot() == expected)
        // The report file lists what would remain.
        #expect(tree.read("report.json")?.contains("\"rule\": \"state_inline_class_init\"") == true)
        #expect(tree.read("report.json")?.contains("superfluous") == false)
        let dryRun = InProcess.run(["lint", "--fix", "--dry-run"], in: tree.root)
        #expect(dryRun.stdout == diff.stdout)
        #expect(InProcess.run(["--diff", "Sources/Clean.swift"], in: tree.root).stdout.isEmpty)
    }

    @Test(.enabled(if: RuleDocumentationFiles.executableOnPath("patch") != nil, "patch is not installed"))
    func theDiffAppliedWithPatchGivesExactlyWhatFixWrites() throws {
        let tree = try Self.makeTree()
        defer { tree.remove() }
        let diff = try StateLintBinary.run(["--diff", "--quiet"], in: tree.root)
        #expect(diff.status == 0 && !diff.stdout.isEmpty)
        try tree.write("fix.diff", bytes: diff.stdoutBytes)
        let patch = Process()
        patch.executableURL = RuleDocumentationFiles.executableOnPath("patch")
        patch.arguments = ["-p1", "--batch", "--silent", "-i", "fix.diff"]
        patch.currentDirectoryURL = URL(fileURLWithPath: tree.root)
        try patch.run()
        patch.waitUntilExit()
        #expect(patch.terminationStatus == 0)
        var patched = tree.snapshot()
        patched["fix.diff"] = nil
        let restored = try Self.makeTree()
        defer { restored.remove() }
        #expect(try StateLintBinary.run(["--fix", "--quiet"], in: restored.root).status == 0)
        #expect(restored.snapshot() == patched)
    }

    @Test func stdinPathWithFixPrintsTheFixedBufferAndWritesNothing() throws {
        let tree = try Self.makeTree()
        defer { tree.remove() }
        let snapshot = tree.snapshot()
        let run = InProcess.run(["--stdin-path", "Sources/Counter.swift", "--fix"], in: tree.root, stdin: Array(Self.fixable.utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.fixed)
        #expect(run.stderr.contains("Fixed 2 findings; the fixed source is on standard output (nothing written)."))
        #expect(tree.snapshot() == snapshot)
        // A buffer with nothing to fix comes back as it was; so does an excluded one.
        let clean = InProcess.run(["--stdin-path", "New.swift", "--fix"], in: tree.root, stdin: Array(CLISamples.clean.utf8))
        #expect(clean.stdout == CLISamples.clean)
        try tree.write(".linter.yml", "excluded: [Sources]\n")
        let excluded = InProcess.run(["--stdin-path", "Sources/Counter.swift", "--fix", "--force-exclude"], in: tree.root,
                                     stdin: Array(Self.fixable.utf8))
        #expect(excluded.stdout == Self.fixable)
        let diff = InProcess.run(["--stdin-path", "Counter.swift", "--diff"], in: tree.path("Sources"), stdin: Array(Self.fixable.utf8))
        #expect(diff.stdout.hasPrefix("--- a/Counter.swift\n+++ b/Counter.swift\n"))
    }

    @Test func onlyRuleLimitsTheFixes() throws {
        let tree = try Self.makeTree()
        defer { tree.remove() }
        let snapshot = tree.snapshot()
        let run = InProcess.run(["--fix", "--only-rule", "state_inline_class_init"], in: tree.root)
        #expect(run.status == 0 && tree.snapshot() == snapshot && run.stderr.contains("Nothing to fix."))
        // A directive for a rule that does not run is not superfluous: that rule must run too.
        let alone = InProcess.run(["--fix", "--only-rule", "superfluous_disable_command", "Sources/Plain.swift"], in: tree.root)
        #expect(alone.status == 0 && tree.snapshot() == snapshot)
        let directives = InProcess.run(["--fix", "--only-rule", "superfluous_disable_command", "--only-rule", "appear_missing_nil_check",
                                        "Sources/Plain.swift"], in: tree.root)
        #expect(directives.status == 0 && tree.read("Sources/Plain.swift") == "\u{FEFF}struct Plain {\r\n\tlet a = 1\r\n}\r\n")
    }

    @Test func aFileThatCannotBeWrittenIsReportedWithItsFindingsAndFailsTheRun() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let target = try tree.write("Real.swift", Self.fixable)
        try FileManager.default.createSymbolicLink(atPath: tree.path("Link.swift"), withDestinationPath: target)
        let run = InProcess.run(["--fix", "Link.swift"], in: tree.root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("statelint: error: Link.swift: not fixed, it is a symbolic link"))
        #expect(tree.read("Real.swift") == Self.fixable)
        // What remains is what is there: the original findings, the directives' included.
        #expect(run.stdout.split(separator: "\n").count == 3)
        #expect(run.stderr.contains("Link.swift:6:5: [superfluous_disable_command] not fixed: file not written: it is a symbolic link"))
    }

    /// `--diff` holds exactly what `--fix` writes: a file `--fix` refuses is named, left out of
    /// the patch, and fails the run alike.
    @Test(arguments: ["link", "read-only"])
    func whatFixRefusesDiffLeavesOut(kind: String) throws {
        let tree = try Self.makeTree()
        defer { tree.remove() }
        let name = "Sources/Refused.swift"
        let reason: String
        if kind == "link" {
            let target = try tree.write("Elsewhere/Real.swift", Self.fixable)
            try FileManager.default.createSymbolicLink(atPath: tree.path(name), withDestinationPath: target)
            reason = "it is a symbolic link"
        } else {
            try tree.write(name, Self.fixable)
            chmod(tree.path(name), 0o444)
            reason = "it is read-only (mode 0444)"
        }
        let before = tree.snapshot()
        // Named: a walk passes links over.
        let diff = InProcess.run(["--diff", "Sources", name], in: tree.root)
        #expect(diff.status == 2)
        #expect(diff.stderr.contains("statelint: error: \(name): not fixed, \(reason)"), "\(diff.stderr)")
        #expect(!diff.stdout.contains("Refused.swift") && diff.stdout.contains("+++ b/Sources/Counter.swift"))
        #expect(diff.stderr.contains("Would fix 3 findings in 2 files (nothing written)."), "\(diff.stderr)")
        #expect(tree.snapshot() == before)
        let fix = InProcess.run(["--fix", "Sources", name], in: tree.root)
        #expect(fix.status == 2)
        #expect(fix.stderr.contains("statelint: error: \(name): not fixed, \(reason)"))
        #expect(fix.stderr.contains("Refused.swift:6:5: [superfluous_disable_command] not fixed: file not written: \(reason)"))
        #expect(tree.read(name) == Self.fixable && tree.read("Sources/Counter.swift") == Self.fixed)
    }

    @Test(arguments: [
        (["--dry-run"], "--dry-run only applies to --fix"),
        (["--fix", "--diff"], "--diff writes nothing, but --fix writes the fixes: choose one"),
        (["--fix", "--baseline", "b.json"], "--fix cannot be combined with --baseline"),
        (["--diff", "--write-baseline", "b.json"], "--diff cannot be combined with --write-baseline"),
        (["rules", "--fix"], "--fix applies only to `statelint lint`"),
        (["--diff", "--reporter", "json"], "--diff prints the diff on standard output, so --reporter json cannot go there too"),
        (["--fix", "--dry-run", "--format", "sarif"], "--fix --dry-run prints the diff on standard output"),
        (["--stdin-path", "A.swift", "--fix", "--reporter", "xcode"], "--fix prints the fixed source on standard output"),
    ])
    func badCombinationsAreUsageErrors(arguments: [String], message: String) throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let run = InProcess.run(arguments, in: tree.root)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("statelint: error: " + message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func goodCombinationsParse() throws {
        let fix = try CommandLineOptions.parse(["lint", "--fix", "--reporter", "json"])
        #expect(fix.fixMode == .write && !fix.fixUsesStandardOutput)
        #expect(try CommandLineOptions.parse(["--fix", "--dry-run"]).fixMode == .diff)
        #expect(try CommandLineOptions.parse(["--diff", "--reporter", "sarif:out.sarif"]).fixMode == .diff)
        #expect(try CommandLineOptions.parse(["--stdin-path", "A.swift", "--fix", "--reporter", "json", "--output", "x.json"]).fixMode == .write)
        #expect(try CommandLineOptions.parse(["--stdin-path", "A.swift", "--fix"]).fixUsesStandardOutput)
        #expect(try CommandLineOptions.parse([]).fixMode == nil)
    }
}
