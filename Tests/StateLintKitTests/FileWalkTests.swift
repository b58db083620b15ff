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

/// The walk's fast paths: folders listed with `getdents64` and opened relative to their
/// parent, and files opened relative to the working directory. Each is checked against the
/// portable way it replaces, and where it must fall back.
@Suite struct FileWalkTests {
    private func sortedEntries(_ path: String, usesGetEntries: Bool) throws -> [String] {
        let entries = try #require(DirectoryEntries(path))
        defer { entries.closeFolder() }
        let buffer = DirectoryBuffer(usesGetEntries: usesGetEntries)
        defer { buffer.deallocate() }
        let listed = try #require(entries.list(buffer: buffer))
        return listed.map { "\($0.name):\($0.kind)" }.sorted()
    }

    /// `getdents64` and `readdir` see the same entries; links are `.link` and other files
    /// `.other` or skipped, never followed; a FIFO named like a Swift file is `.special` (reported, not read).
    @Test func bothWaysOfListingAFolderAgree() throws {
        let root = try ConfigTestSupport.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try ConfigTestSupport.write("struct A {}\n", to: root + "/A.swift")
        try ConfigTestSupport.write("notes\n", to: root + "/notes.txt")
        try ConfigTestSupport.write("struct B {}\n", to: root + "/Sub/B.swift")
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: "Sub")
        try FileManager.default.createSymbolicLink(atPath: root + "/Link.swift", withDestinationPath: "A.swift")
        #expect(mkfifo(root + "/pipe.swift", 0o600) == 0)
        #expect(mkfifo(root + "/pipe", 0o600) == 0)
        let expected = ["A.swift:swiftFile", "Link.swift:link", "Sub:directory", "link:link", "pipe.swift:special", "pipe:other"]
        #expect(try sortedEntries(root, usesGetEntries: true) == expected)
        #expect(try sortedEntries(root, usesGetEntries: false) == expected)
    }

    /// A folder with more entries than one 32 KiB `getdents64` read holds is listed in full.
    @Test func largeFoldersTakeSeveralReads() throws {
        let root = try ConfigTestSupport.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let names = (0..<1500).map { "File\($0)_with_a_fairly_long_name_to_fill_the_buffer.swift" }
        for name in names { try ConfigTestSupport.write("", to: root + "/" + name) }
        #expect(try sortedEntries(root, usesGetEntries: true) == names.map { "\($0):swiftFile" }.sorted())
    }

    /// Below `maximumOpenFolders` levels the walk stops keeping folders open and opens them by
    /// path; files there are still found, and their order is the same.
    @Test func deepTreesFallBackToOpeningByPath() throws {
        let root = try ConfigTestSupport.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let depth = FileDiscovery.maximumOpenFolders + 8
        var folder = ""
        var expected: [String] = []
        for level in 0..<depth {
            folder += "d\(level)/"
            if level % 4 == 0 || level >= depth - 3 {
                try ConfigTestSupport.write("", to: root + "/" + folder + "F.swift")
                try ConfigTestSupport.write("", to: root + "/" + folder + "side/G.swift")
                expected += [folder + "F.swift", folder + "side/G.swift"]
            }
        }
        let found = FileDiscovery(rootDirectory: root).files(under: [root]).files.map { String($0.dropFirst(root.count + 1)) }
        #expect(found == FileDiscovery.sortedByBytes(expected))
    }

    /// A file is opened by its path below the working directory only when it lies below it.
    @Test func filesBelowTheWorkingDirectoryAreOpenedByTheirRelativePath() throws {
        let directory = try #require(WorkingDirectory("/work/project"))
        func skipped(_ path: String) -> Int { path.withCString { directory.prefixLength(of: $0) } }
        #expect(skipped("/work/project/Sources/A.swift") == "/work/project/".utf8.count)
        #expect(skipped("/work/project") == 0)
        #expect(skipped("/work/project/") == 0)
        #expect(skipped("/work/projectX/A.swift") == 0)
        #expect(skipped("/work/proj") == 0)
        #expect(skipped("/other/A.swift") == 0)
        #expect(try #require(WorkingDirectory("/")).prefixLength(of: "/A.swift") == 1)
        #expect(WorkingDirectory("relative") == nil)
    }

    /// Reading through the relative path gives the same bytes as through the absolute one.
    @Test func readingBelowTheWorkingDirectoryGivesTheSameBytes() throws {
        let current = try #require(WorkingDirectory.current())
        let path = FileManager.default.currentDirectoryPath + "/Package.swift"
        guard FileManager.default.fileExists(atPath: path) else { return }  // run from elsewhere
        #expect(path.withCString { current.prefixLength(of: $0) } > 0)
        #expect(try SourceReader.read(path, below: current) == SourceReader.read(path))
    }
}
