import Foundation
import Testing
@testable import StateLintSyntax
@testable import StateLintEngine
@testable import StateLintCLI

/// `statelint migrate` through the command: writing, `--diff`, `--type`, `--xcode-version`, `--json`.
@Suite struct MigrateCLITests {
    static func makeTree(crlf: Bool = false, xcode: String? = nil) throws -> TemporaryTree {
        let tree = try TemporaryTree()
        for (path, text) in MigrationFixtures.app {
            var bytes = Array((crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text).utf8)
            if crlf && path == "Model/Store.swift" { bytes = [0xEF, 0xBB, 0xBF] + bytes }
            try tree.write("Sources/App/" + path, bytes: bytes)
        }
        try tree.write("Sources/App/Feed.swift", """
        import Combine

        final class Feed: ObservableObject {
            @Published var items: [String] = []
            init() { $items.sink { print($0) }.cancel() }
        }

        """)
        if let xcode { try tree.write(".linter.yml", "xcode_version: \(xcode)\n") }
        return tree
    }

    @Test func writesTheMigrationAndReportsEachClass() throws {
        let tree = try Self.makeTree(xcode: "27")
        defer { tree.remove() }
        let run = InProcess.run(["migrate"], in: tree.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
        migrated Store: Sources/App/Model/Store.swift, Sources/App/Views/Detail.swift, Sources/App/Views/Editor.swift, Sources/App/Views/Screen.swift
        kept Feed: its publisher `$items` is used at Sources/App/Feed.swift:5
        migrated 1 of 2 classes

        """)
        #expect(tree.read("Sources/App/Views/Screen.swift")?.contains("@State private var store = Store()") == true)
        #expect(tree.read("Sources/App/Model/Store.swift")?.contains("@Observable\n@MainActor\nfinal class Store: Identifiable {") == true)
        // A fixed point: a second run changes nothing.
        let snapshot = tree.snapshot()
        #expect(InProcess.run(["migrate"], in: tree.root).status == 0)
        #expect(tree.snapshot() == snapshot)
    }

    /// As `--fix`: a read-only file is not written, and `--diff` leaves it out and says so.
    @Test func aReadOnlyFileIsNotWrittenNorDiffed() throws {
        let tree = try Self.makeTree(xcode: "27")
        defer { tree.remove() }
        let screen = tree.path("Sources/App/Views/Screen.swift")
        chmod(screen, 0o444)
        let before = tree.read("Sources/App/Views/Screen.swift")
        let diff = InProcess.run(["migrate", "--diff"], in: tree.root)
        #expect(diff.status == 2)
        #expect(diff.stderr.contains("statelint: error: Sources/App/Views/Screen.swift is left out of the diff: it is read-only (mode 0444)"), "\(diff.stderr)")
        #expect(!diff.stdout.contains("Screen.swift") && diff.stdout.contains("+++ b/Sources/App/Model/Store.swift"))
        let run = InProcess.run(["migrate"], in: tree.root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("Sources/App/Views/Screen.swift was not written: it is read-only (mode 0444)"), "\(run.stderr)")
        #expect(tree.read("Sources/App/Views/Screen.swift") == before)
    }

    @Test func keepsLineEndingsAndTheByteOrderMark() throws {
        let tree = try Self.makeTree(crlf: true, xcode: "27")
        defer { tree.remove() }
        #expect(InProcess.run(["migrate", "--quiet"], in: tree.root).status == 0)
        let store = try #require(FileManager.default.contents(atPath: tree.path("Sources/App/Model/Store.swift")))
        let text = String(decoding: store, as: UTF8.self)
        #expect(Array(store.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(text.contains("import Combine\r\nimport Observation\r\n"))
        #expect(text.contains("@Observable\r\n@MainActor\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func jsonTypeAndXcodeVersion() throws {
        let tree = try Self.makeTree(xcode: "26")
        defer { tree.remove() }
        let snapshot = tree.snapshot()
        let feedOnly = InProcess.run(["migrate", "--json", "--diff", "--type", "Feed"], in: tree.root)
        #expect(feedOnly.status == 2)
        let json = InProcess.run(["migrate", "--json", "--type", "Feed", "Sources"], in: tree.root)
        #expect(json.status == 0, "\(json.stderr)")
        // No Package.swift or .xcodeproj: the deployment target is unknown, said once under "notes".
        #expect(json.stdout == #"{"migrated":[],"refused":[{"type":"Feed","reasons":["its publisher `$items` is used at Sources/App/Feed.swift:5"]}],"blockers":[],"summary":"migrated 0 of 1 class","notes":["# + JSONValue.string(Migration.unknownDeploymentTarget).renderedCompact() + "]}\n")
        #expect(tree.snapshot() == snapshot)
        // Xcode 26 from the configuration: the owner takes the lazily owned rewrite; --xcode-version 27 overrides it.
        let old = InProcess.run(["migrate", "--diff", "--type", "Store"], in: tree.root)
        #expect(old.stdout.contains("+    @State private var store: Store?"), "\(old.stdout)")
        let new = InProcess.run(["migrate", "--diff", "--type", "Store", "--xcode-version", "27"], in: tree.root)
        #expect(new.stdout.contains("+    @State private var store = Store()"), "\(new.stdout)")
        #expect(tree.snapshot() == snapshot)
    }

    @Test func usageErrors() {
        for arguments in [["lint", "--json"], ["migrate", "--fix"], ["--type", "X"], ["migrate", "--xcode-version", "abc"]] {
            let run = InProcess.run(arguments, in: "/tmp")
            #expect(run.status == 2, "\(arguments)")
        }
    }

    @Test(.enabled(if: RuleDocumentationFiles.executableOnPath("patch") != nil, "patch is not installed"))
    func theDiffAppliedWithPatchGivesExactlyWhatMigrateWrites() throws {
        for crlf in [false, true] {
            let tree = try Self.makeTree(crlf: crlf)
            defer { tree.remove() }
            let diff = InProcess.run(["migrate", "--diff", "--quiet"], in: tree.root)
            #expect(diff.status == 0 && !diff.stdout.isEmpty)
            try tree.write("migrate.diff", bytes: diff.stdoutBytes)
            let patch = Process()
            patch.executableURL = RuleDocumentationFiles.executableOnPath("patch")
            patch.arguments = ["-p1", "--batch", "--silent", "-i", "migrate.diff"]
            patch.currentDirectoryURL = URL(fileURLWithPath: tree.root)
            try patch.run()
            patch.waitUntilExit()
            #expect(patch.terminationStatus == 0)
            var patched = tree.snapshot()
            patched["migrate.diff"] = nil
            let written = try Self.makeTree(crlf: crlf)
            defer { written.remove() }
            #expect(InProcess.run(["migrate", "--quiet"], in: written.root).status == 0)
            #expect(written.snapshot() == patched)
        }
    }
}
