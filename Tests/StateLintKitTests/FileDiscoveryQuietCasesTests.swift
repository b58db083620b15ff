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

/// What file discovery used to pass over without a word: a FIFO found in a folder, and an
/// `included` entry reached through a symbolic link.
@Suite struct FileDiscoveryQuietCasesTests {
    private func relative(_ found: [String], _ root: String) -> [String] {
        found.map { String($0.dropFirst(root.count + 1)) }
    }

    @Test(arguments: [1, 2])
    func aFIFOInAFolderIsReportedNotRead(jobs: Int) throws {
        let root = try ConfigTestSupport.makeTree(["A.swift", "Sub/B.swift", "Generated/C.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(mkfifo(root + "/Sub/Pipe.swift", 0o600) == 0)
        #expect(mkfifo(root + "/Generated/Pipe.swift", 0o600) == 0)  // excluded: not reported
        #expect(mkfifo(root + "/Sub/pipe.txt", 0o600) == 0)  // not a Swift name: not reported
        let found = FileDiscovery(rootDirectory: root, excluded: [try GlobPattern("Generated")]).files(under: [root], jobs: jobs)
        #expect(relative(found.files, root) == ["A.swift", "Sub/B.swift"])
        #expect(found.errors == [FileReadError(path: root + "/Sub/Pipe.swift", reason: "not a regular file (a FIFO, socket or device); skipped")])
    }

    /// A folder outside the project, linked in and named in `included`: its files are linted
    /// under the link's path, `excluded` applies inside, and links inside it are not followed.
    @Test(arguments: [1, 2])
    func anIncludedLinkToAFolderIsFollowed(jobs: Int) throws {
        let outside = try ConfigTestSupport.makeTree(["Shared/A.swift", "Shared/Fixtures/F.swift", "Shared/Deep/B.swift", "Loose.swift"])
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let root = try ConfigTestSupport.makeTree(["App/Main.swift", "Other/O.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/Shared", withDestinationPath: outside + "/Shared")
        try FileManager.default.createSymbolicLink(atPath: root + "/Loose.swift", withDestinationPath: outside + "/Loose.swift")
        try FileManager.default.createSymbolicLink(atPath: outside + "/Shared/Back", withDestinationPath: root)
        let discovery = FileDiscovery(rootDirectory: root,
                                      included: [try GlobPattern("App"), try GlobPattern("Shared"), try GlobPattern("Shared/Deep"),
                                                 try GlobPattern("Loose.swift")],
                                      excluded: [try GlobPattern("**/Fixtures")])
        let found = discovery.files(under: [root], jobs: jobs)
        #expect(relative(found.files, root) == ["App/Main.swift", "Loose.swift", "Shared/A.swift", "Shared/Deep/B.swift"])
        #expect(found.errors.isEmpty)
        // Not named: the walk still passes the links over.
        let everything = FileDiscovery(rootDirectory: root).files(under: [root], jobs: jobs)
        #expect(relative(everything.files, root) == ["App/Main.swift", "Other/O.swift"])
        // Excluded, it stays out.
        let excluded = FileDiscovery(rootDirectory: root, included: [try GlobPattern("Shared")], excluded: [try GlobPattern("Shared")])
        #expect(excluded.files(under: [root], jobs: jobs).files.isEmpty)
    }

    /// `Linked/Sources`, where `Linked` is the link: the entry is reached through it.
    @Test func anIncludedEntryBehindALinkedFolderIsFollowed() throws {
        let outside = try ConfigTestSupport.makeTree(["Sources/A.swift", "Tests/T.swift"])
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let root = try ConfigTestSupport.makeTree(["Main.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/Linked", withDestinationPath: outside)
        let found = FileDiscovery(rootDirectory: root, included: [try GlobPattern("Linked/Sources")]).files(under: [root])
        #expect(relative(found.files, root) == ["Linked/Sources/A.swift"])
    }

    @Test func theCommandLintsAnIncludedLinkedFolder() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let outside = try TemporaryTree()
        defer { outside.remove() }
        try outside.write("Kit/Counter.swift", CLISamples.inlineClass)
        try tree.write("App/Plain.swift", CLISamples.clean)
        try FileManager.default.createSymbolicLink(atPath: tree.path("Kit"), withDestinationPath: outside.path("Kit"))
        try tree.write(".linter.yml", "included: [App, Kit]\n")
        let run = try StateLintBinary.run([], in: tree.root)
        #expect(run.status == 0 && run.stderrLines.first == "Linting 2 files…", "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Kit/Counter.swift:8:5: warning:"), "\(run.stdout)")
    }

    /// A folder of linked checkouts linted 0 files without a word: the links to Swift code a
    /// walk passes over are named (not a link to other files, not a hidden one).
    @Test(arguments: [1, 2])
    func linksToSwiftCodeInAFolderAreNamed(jobs: Int) throws {
        let outside = try ConfigTestSupport.makeTree(["Kit/A.swift", "Loose.swift", "notes.txt"])
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let root = try ConfigTestSupport.makeTree(["Main.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (link, target) in [("Kit", "Kit"), ("Loose.swift", "Loose.swift"), ("notes.txt", "notes.txt"), (".hidden", "Kit")] {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + link, withDestinationPath: outside + "/" + target)
        }
        let found = FileDiscovery(rootDirectory: root).files(under: [root], jobs: jobs)
        #expect(relative(found.files, root) == ["Main.swift"])
        #expect(relative(found.skippedLinks, root) == ["Kit", "Loose.swift"])
    }

    /// A file reached through a named link and directly (or through two links) was linted twice,
    /// and the project then saw its view declared twice. It is linted once, under the spelling met
    /// first; a link also named on the command line is not reported as skipped.
    @Test(arguments: [1, 2])
    func aFileReachedThroughALinkAndDirectlyIsFoundOnce(jobs: Int) throws {
        let outside = try ConfigTestSupport.makeTree(["Kit/A.swift", "Kit/Deep/B.swift"])
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let root = try ConfigTestSupport.makeTree(["Main.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/Kit", withDestinationPath: outside + "/Kit")
        try FileManager.default.createSymbolicLink(atPath: root + "/Again", withDestinationPath: outside + "/Kit")
        let discovery = FileDiscovery(rootDirectory: root)
        let found = discovery.files(under: [root + "/Kit", outside + "/Kit/A.swift", root + "/Again", root], jobs: jobs)
        #expect(relative(found.files, root) == ["Kit/A.swift", "Kit/Deep/B.swift", "Main.swift"])
        #expect(found.skippedLinks.isEmpty, "both links are named: \(found.skippedLinks)")
        // Each once, named directly: nothing is dropped.
        let direct = discovery.files(under: [outside + "/Kit/A.swift", outside + "/Kit"], jobs: jobs)
        #expect(direct.files.map { String($0.dropFirst(outside.count + 1)) } == ["Kit/A.swift", "Kit/Deep/B.swift"])
    }

    @Test func theCommandSaysWhichLinksItDidNotFollow() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let outside = try TemporaryTree()
        defer { outside.remove() }
        try outside.write("Kit/Counter.swift", CLISamples.inlineClass)
        try FileManager.default.createSymbolicLink(atPath: tree.path("Kit"), withDestinationPath: outside.path("Kit"))
        let run = try StateLintBinary.run(["lint", "."], in: tree.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("statelint: note: skipped 1 symbolic link to Swift code (`Kit`)"), "\(run.stderr)")
        #expect(run.stderr.contains("`statelint lint Kit`"), "\(run.stderr)")
        let quiet = try StateLintBinary.run(["lint", "--quiet", "."], in: tree.root)
        #expect(!quiet.stderr.contains("symbolic link"), "\(quiet.stderr)")
        let named = try StateLintBinary.run(["lint", "Kit"], in: tree.root)
        #expect(named.stdout.hasPrefix("Kit/Counter.swift:"), "\(named.stdout)")
    }
}
