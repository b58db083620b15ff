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

@Suite struct FileDiscoveryTests {
    private func relative(_ found: [String], _ root: String) -> [String] {
        found.map { String($0.dropFirst(root.count + 1)) }
    }

    /// Byte order of whole paths: `a.swift` (0x2E) before `a/…` (0x2F), capitals before lower case.
    @Test func filesComeInByteOrder() throws {
        let root = try ConfigTestSupport.makeTree(["a/b.swift", "a.swift", "B.swift", "a-b/c.swift", "é.swift", "z/y/x.swift", "notes.txt"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let found = FileDiscovery(rootDirectory: root).files(under: [root]).files
        #expect(relative(found, root) == ["B.swift", "a-b/c.swift", "a.swift", "a/b.swift", "z/y/x.swift", "é.swift"])
    }

    /// The walk notes the Xcode projects it meets (for the project's targets) and does not walk
    /// into them; both walks, with one thread and with several, and not in excluded folders.
    @Test func xcodeProjectsAreNotedNotWalked() throws {
        let root = try ConfigTestSupport.makeTree(["Shop.xcodeproj/project.pbxproj", "Shop.xcodeproj/Stray.swift", "Shop/A.swift",
                                                   "Apps/Watch/Watch.xcodeproj/project.pbxproj", "Old/Old.xcodeproj/project.pbxproj"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        for jobs in [1, 2] {
            let found = FileDiscovery(rootDirectory: root, excluded: [try GlobPattern("Old")]).files(under: [root], jobs: jobs)
            #expect(relative(found.files, root) == ["Shop/A.swift"], "jobs \(jobs)")
            #expect(relative(found.xcodeProjects, root) == ["Apps/Watch/Watch.xcodeproj", "Shop.xcodeproj"], "jobs \(jobs)")
        }
    }

    /// The sort copies each path's contiguous UTF-8 into one buffer: it must order by bytes
    /// whatever the paths' lengths, shared prefixes and non-ASCII names.
    @Test func sortingIsByUTF8Bytes() {
        let paths = ["b/é.swift", "b/e.swift", "a", "ab", "a/b", "a-b", "", "Z", "b/z.swift",
                     String("x/long/prefix/name.swift".dropFirst(2)), "a/b"]
        #expect(FileDiscovery.sortedByBytes(paths) == paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test func includedAndExcludedPatternsApplyBelowTheRoot() throws {
        let root = try ConfigTestSupport.makeTree(["Sources/App/A.swift", "Sources/App/Fixtures/F.swift", "Sources/Other.swift",
                             "Tests/T.swift", "Tests/Unit/Fixtures/G.swift", "Tests/Unit/U.swift", "Top.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let discovery = FileDiscovery(rootDirectory: root, included: [try GlobPattern("Sources/App"), try GlobPattern("Tests")],
                                      excluded: [try GlobPattern("**/Fixtures"), try GlobPattern("Tests/T.swift")])
        #expect(relative(discovery.files(under: [root]).files, root) == ["Sources/App/A.swift", "Tests/Unit/U.swift"])
        // A folder named explicitly below the root still honours `excluded`.
        let below = FileDiscovery(rootDirectory: root, excluded: [try GlobPattern("Tests/**/Fixtures")])
        #expect(relative(below.files(under: [root + "/Tests/Unit/Fixtures"]).files, root).isEmpty)
        #expect(relative(below.files(under: [root + "/Tests"]).files, root) == ["Tests/T.swift", "Tests/Unit/U.swift"])
    }

    @Test func overlappingPathsListEachFileOnce() throws {
        let root = try ConfigTestSupport.makeTree(["a/b.swift", "a/c/d.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let found = FileDiscovery(rootDirectory: root).files(under: [root + "/a/c", root, root + "/a/b.swift"]).files
        #expect(relative(found, root) == ["a/b.swift", "a/c/d.swift"])
    }
}

/// `statelint lint .` in the folder holding `.linter.yml` walks the tree once for the lint
/// and the index; other paths or an `index` setting get their own index walk.
@Suite struct LintInputsIndexWalkTests {
    private func gather(_ arguments: [String], in tree: TemporaryTree, at folder: String = "") throws -> LintInputs {
        let directory = folder.isEmpty ? tree.root : tree.path(folder)
        let options = try CommandLineOptions.parse(arguments)
        let configuration = try ConfigurationLoader(schema: StateLintCommand.schema)
            .load(explicitPath: nil, startDirectory: directory, workingDirectory: directory)
        let environment = Environment(variables: [:], workingDirectory: directory, stdout: CapturedText(),
                                      stderr: CapturedText(), stderrIsTerminal: false, readStandardInput: { [] })
        return try LintInputs.gather(options: options, configuration: configuration, environment: environment)
    }

    private func project(config: String) throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.write(".linter.yml", config)
        try tree.write("App/Counter.swift", CLISamples.inlineClass)
        try tree.write("App/Views/Plain.swift", CLISamples.clean)
        try tree.write("Models/Store.swift", CLISamples.clean)
        try tree.write("Generated/Skip.swift", CLISamples.clean)
        return tree
    }

    @Test func projectFolderIsOneWalkForLintAndIndex() throws {
        let tree = try project(config: "excluded: [Generated]\n")
        defer { tree.remove() }
        for arguments in [["."], [tree.root], ["./"], []] {
            let inputs = try gather(arguments, in: tree)
            #expect(inputs.files.count == 3, "\(arguments)")
            #expect(inputs.indexFiles == inputs.files, "\(arguments)")
            #expect(!inputs.indexFiles.contains { $0.hasSuffix("Skip.swift") }, "\(arguments)")
        }
    }

    @Test func theWalkIsReusedOnlyWhenItIsTheIndexWalk() throws {
        let tree = try project(config: "excluded: [Generated]\n")
        defer { tree.remove() }
        let schema = StateLintCommand.schema
        let configuration = try ConfigurationLoader(schema: schema)
            .load(explicitPath: nil, startDirectory: tree.root, workingDirectory: tree.root)
        func reused(_ paths: [String]?) -> Bool {
            LintInputs.sameWalkAsIndex(explicitPaths: paths, configuration, workingDirectory: tree.root)
        }
        #expect(reused(nil))
        #expect(reused([tree.root]))
        #expect(!reused([tree.path("App")]))
        #expect(!reused([tree.root, tree.path("App")]))
        let indexed = try project(config: "index: [Models]\n")
        defer { indexed.remove() }
        let narrow = try ConfigurationLoader(schema: schema)
            .load(explicitPath: nil, startDirectory: indexed.root, workingDirectory: indexed.root)
        #expect(!LintInputs.sameWalkAsIndex(explicitPaths: [indexed.root], narrow, workingDirectory: indexed.root))
        #expect(!LintInputs.sameWalkAsIndex(explicitPaths: nil, narrow, workingDirectory: indexed.root))
    }

    @Test func otherPathsOrIndexSettingsGetTheirOwnIndexWalk() throws {
        let tree = try project(config: "excluded: [Generated]\n")
        defer { tree.remove() }
        // A subfolder: only it is linted, the whole project is indexed.
        let sub = try gather(["App"], in: tree)
        #expect(sub.files.count == 2)
        #expect(sub.indexFiles.count == 3)
        // Run from a subfolder: `.` there is not the project folder.
        let nested = try gather(["."], in: tree, at: "App")
        #expect(nested.files.count == 2)
        #expect(nested.indexFiles.count == 3)

        let indexed = try project(config: "index: [Models]\n")
        defer { indexed.remove() }
        let inputs = try gather(["."], in: indexed)
        #expect(inputs.files.count == 4)
        #expect(inputs.indexFiles.map { ($0 as NSString).lastPathComponent } == ["Store.swift"])
    }
}
