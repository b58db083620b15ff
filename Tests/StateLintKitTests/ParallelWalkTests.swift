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

/// The folder walk on several threads finds what the serial walk finds, in the same order.
@Suite struct ParallelWalkTests {
    @Test(arguments: [2, 3, 8])
    func manyFoldersAndPatterns(jobs: Int) throws {
        var files = ["Top.swift", "Sources/App/Fixtures/F.swift", "Tests/Unit/Fixtures/G.swift", ".hidden/H.swift",
                     "Pods/P/P.swift", "notes.txt"]
        for a in 0..<12 { for b in 0..<6 { files.append("Sources/M\(a)/V\(b)/File\(a)_\(b).swift") } }
        // Deeper than the walk keeps folders open: the rest are opened by path.
        files.append((0..<(FileDiscovery.maximumOpenFolders + 6)).map { "d\($0)" }.joined(separator: "/") + "/Deep.swift")
        let root = try ConfigTestSupport.makeTree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/Sources/loop", withDestinationPath: "..")
        for discovery in [FileDiscovery(rootDirectory: root),
                          FileDiscovery(rootDirectory: root, included: [try GlobPattern("Sources"), try GlobPattern("d0")],
                                        excluded: [try GlobPattern("**/Fixtures"), try GlobPattern("Sources/M3")])] {
            let serial = discovery.files(under: [root])
            let parallel = discovery.files(under: [root], jobs: jobs)
            #expect(parallel.files == serial.files)
            #expect(parallel.errors == serial.errors)
            #expect(serial.files.count > 40)
        }
    }

    /// A folder that cannot be listed is an error, in both walks alike.
    @Test func missingRootIsReportedOnce() throws {
        let root = try ConfigTestSupport.makeTree(["a/A.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let discovery = FileDiscovery(rootDirectory: root)
        #expect(discovery.files(under: [root + "/gone"], jobs: 4).errors.count == 1)
        #expect(discovery.files(under: [root + "/a"], jobs: 4).files == [root + "/a/A.swift"])
        #expect(discovery.files(under: [root], jobs: 4).files == [root + "/a/A.swift"])
    }
}
