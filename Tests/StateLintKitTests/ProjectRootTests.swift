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

/// Where a project starts, found from the linted path: `.linter.yml`, then `Package.swift`, then
/// an Xcode project, then the repository, never above the repository.
@Suite struct ProjectRootTests {
    @Test func preferenceOrderNearestFirst() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Package.swift", "// swift-tools-version:5.9")
        try tree.write("Apps/Shop/Shop.xcodeproj/project.pbxproj", "{}")
        try tree.write("Apps/Shop/Sources/Views/Cart.swift", "")
        // No configuration: the nearest Package.swift wins over a nearer Xcode project.
        #expect(ProjectRoot.find(from: tree.path("Apps/Shop/Sources/Views")) == ProjectRoot(path: tree.root, marker: .packageManifest))
        // A configuration anywhere up to the repository wins over both.
        try tree.write(".linter.yml", "strict: false\n")
        #expect(ProjectRoot.find(from: tree.path("Apps/Shop/Sources/Views")).marker == .configurationFile)
        try tree.write("Apps/.linter.yml", "strict: false\n")
        #expect(ProjectRoot.find(from: tree.path("Apps/Shop/Sources")) == ProjectRoot(path: tree.path("Apps"), marker: .configurationFile))
    }

    @Test func xcodeProjectThenRepository() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Shop/Shop.xcodeproj/project.pbxproj", "{}")
        try tree.write("Shop/Views/Cart.swift", "")
        try tree.write("Tools/lint.swift", "")
        #expect(ProjectRoot.find(from: tree.path("Shop/Views")) == ProjectRoot(path: tree.path("Shop"), marker: .xcodeProject))
        #expect(ProjectRoot.find(from: tree.path("Tools")) == ProjectRoot(path: tree.root, marker: .repository))
    }

    @Test func neverAboveTheRepository() throws {
        let outer = try TemporaryTree()
        defer { outer.remove() }
        try outer.write("Package.swift", "")
        try outer.write("inner/.git/HEAD", "ref: main\n")
        try outer.write("inner/Views/A.swift", "")
        #expect(ProjectRoot.find(from: outer.path("inner/Views")) == ProjectRoot(path: outer.path("inner"), marker: .repository))
    }

    /// Paths are taken as written: a linked folder (`loop -> ..`) is not resolved, so the search
    /// never leaves the tree (Foundation's `standardizingPath` resolves links on Linux, and once
    /// made the root `/tmp`, and the index the whole of it).
    @Test func linkedFoldersAreNotResolved() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Sources/A.swift", "struct A {}\n")
        try FileManager.default.createSymbolicLink(atPath: tree.path("Sources/loop"), withDestinationPath: "..")
        let configuration = try ConfigurationLoader(schema: .standard)
            .load(explicitPath: nil, startDirectory: tree.path("Sources/loop"), workingDirectory: tree.root)
        #expect(configuration.rootDirectory.hasPrefix(tree.root), "\(configuration.rootDirectory)")
        #expect(ProjectRoot.find(from: tree.path("Sources/loop")).path.hasPrefix(tree.root))
    }

    @Test func startFolderOfSeveralPaths() {
        let fileSystem = FakeFolders(["/r/App/Views", "/r/App/Models", "/r/Other"])
        #expect(ProjectRoot.startFolder(for: ["/r/App/Views/A.swift"], workingDirectory: "/tmp", fileSystem: fileSystem) == "/r/App/Views")
        #expect(ProjectRoot.startFolder(for: ["/r/App/Views", "/r/App/Models/M.swift"], workingDirectory: "/tmp", fileSystem: fileSystem) == "/r/App")
        #expect(ProjectRoot.startFolder(for: ["/r/App/Views", "/r/Other"], workingDirectory: "/tmp", fileSystem: fileSystem) == "/r")
        #expect(ProjectRoot.startFolder(for: [], workingDirectory: "/tmp", fileSystem: fileSystem) == "/tmp")
    }
}

/// A file system that knows only which folders exist.
struct FakeFolders: ConfigurationFileSystem {
    let folders: Set<String>
    init(_ folders: Set<String>) { self.folders = folders }
    func itemExists(atPath path: String) -> Bool { folders.contains(path) }
    func itemNames(inDirectory path: String) -> [String] { [] }
    func folderExists(atPath path: String) -> Bool { folders.contains(path) }
}
