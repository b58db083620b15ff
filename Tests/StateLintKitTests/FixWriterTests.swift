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

/// `FixedFileWriter` in temporary folders: atomic, permissions kept, and nothing written
/// over a file that changed, a link, or a file with several names.
@Suite struct FixWriterTests {
    static func info(_ path: String) -> stat {
        var info = stat()
        lstat(path, &info)
        return info
    }

    /// Only the files given remain in the folder: no temporary file is left behind.
    static func names(_ tree: TemporaryTree) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: tree.root)) ?? []).filter { $0 != ".git" }.sorted()
    }

    @Test func theNewBytesReplaceTheFileWithItsPermissions() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let path = try tree.write("A.swift", "old\r\n")
        chmod(path, 0o751)
        let before = Self.info(path)
        try FixedFileWriter.write(Array("\u{FEFF}new\r\n".utf8), to: path, replacing: Array("old\r\n".utf8))
        #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == Array("\u{FEFF}new\r\n".utf8))
        let after = Self.info(path)
        #expect(after.st_mode & 0o7777 == 0o751)
        #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid)
        #expect(after.st_ino != before.st_ino)  // a new file renamed into place, not rewritten
        #expect(Self.names(tree) == ["A.swift"])
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another owner"))
    func theOwnerIsKeptWhereTheProcessMaySetIt() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let path = try tree.write("A.swift", "old\n")
        chown(path, 4321, 8765)
        try FixedFileWriter.write(Array("new\n".utf8), to: path, replacing: Array("old\n".utf8))
        #expect(Self.info(path).st_uid == 4321 && Self.info(path).st_gid == 8765)
    }

    @Test func aFileThatChangedOnDiskIsNotWritten() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let path = try tree.write("A.swift", "saved by an editor\n")
        #expect(throws: FixedFileWriter.Failure.changedOnDisk) {
            try FixedFileWriter.write(Array("fixed\n".utf8), to: path, replacing: Array("as linted\n".utf8))
        }
        // Same size, other bytes.
        try tree.write("B.swift", "abcd\n")
        #expect(throws: FixedFileWriter.Failure.changedOnDisk) {
            try FixedFileWriter.write(Array("fixed\n".utf8), to: tree.path("B.swift"), replacing: Array("abce\n".utf8))
        }
        #expect(tree.read("A.swift") == "saved by an editor\n" && tree.read("B.swift") == "abcd\n")
        #expect(Self.names(tree) == ["A.swift", "B.swift"])
    }

    @Test func aSymbolicLinkIsNotWrittenThroughNorReplaced() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let target = try tree.write("Target.swift", "old\n")
        try FileManager.default.createSymbolicLink(atPath: tree.path("Link.swift"), withDestinationPath: target)
        #expect(throws: FixedFileWriter.Failure.symbolicLink) {
            try FixedFileWriter.write(Array("new\n".utf8), to: tree.path("Link.swift"), replacing: Array("old\n".utf8))
        }
        #expect(Self.info(tree.path("Link.swift")).st_mode & S_IFMT == S_IFLNK)
        #expect(tree.read("Target.swift") == "old\n")
    }

    /// Read-only for everyone (root included: the owner said no), or for this process.
    @Test func aReadOnlyFileIsNotWritten() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let path = try tree.write("A.swift", "old\n")
        chmod(path, 0o444)
        #expect(throws: FixedFileWriter.Failure.readOnly(mode: 0o444)) { try FixedFileWriter.check(path) }
        #expect(throws: FixedFileWriter.Failure.readOnly(mode: 0o444)) {
            try FixedFileWriter.write(Array("new\n".utf8), to: path, replacing: Array("old\n".utf8))
        }
        #expect(FixedFileWriter.Failure.readOnly(mode: 0o444).description.hasPrefix("it is read-only (mode 0444)"))
        #expect(tree.read("A.swift") == "old\n" && Self.names(tree) == ["A.swift"])
        chmod(path, 0o644)
        try FixedFileWriter.check(path)
        if permissionsAreEnforced {
            chmod(path, 0o466)  // others may write, not its owner
            #expect(throws: FixedFileWriter.Failure.readOnly(mode: 0o466)) { try FixedFileWriter.check(path) }
        }
    }

    @Test func aFileWithSeveralHardLinksIsNotSplit() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let path = try tree.write("A.swift", "old\n")
        link(path, tree.path("B.swift"))
        #expect(throws: FixedFileWriter.Failure.hardLinks(2)) {
            try FixedFileWriter.write(Array("new\n".utf8), to: path, replacing: Array("old\n".utf8))
        }
        #expect(tree.read("A.swift") == "old\n" && tree.read("B.swift") == "old\n")
    }

    @Test func whatIsNotARegularFileOrIsMissingIsAnError() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try FileManager.default.createDirectory(atPath: tree.path("Folder.swift"), withIntermediateDirectories: true)
        #expect(throws: FixedFileWriter.Failure.notRegularFile) {
            try FixedFileWriter.write([], to: tree.path("Folder.swift"), replacing: [])
        }
        mkfifo(tree.path("Pipe.swift"), 0o644)
        #expect(throws: FixedFileWriter.Failure.notRegularFile) {
            try FixedFileWriter.write([], to: tree.path("Pipe.swift"), replacing: [])
        }
        #expect(throws: (any Error).self) { try FixedFileWriter.write([], to: tree.path("Missing.swift"), replacing: []) }
    }

    @Test(.enabled(if: permissionsAreEnforced, "root may write anywhere"))
    func aFolderThatCannotBeWrittenLeavesTheFileAlone() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let path = try tree.write("Locked/A.swift", "old\n")
        chmod(tree.path("Locked"), 0o555)
        do {
            try FixedFileWriter.write(Array("new\n".utf8), to: path, replacing: Array("old\n".utf8))
            Issue.record("wrote into a read-only folder")
        } catch {
            #expect(error.description.contains("temporary file"))
        }
        #expect(tree.read("Locked/A.swift") == "old\n")
    }
}
