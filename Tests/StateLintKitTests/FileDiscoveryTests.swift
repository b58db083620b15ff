import Foundation
import Testing
@testable import StateLintKit

@Suite struct FileDiscoveryTests {
    private func tree(_ files: [String]) throws -> String {
        let root = try ConfigTestSupport.makeTemporaryDirectory()
        for file in files { try ConfigTestSupport.write("struct A {}\n", to: root + "/" + file) }
        return root
    }

    private func relative(_ found: [String], _ root: String) -> [String] {
        found.map { String($0.dropFirst(root.count + 1)) }
    }

    /// Byte order of whole paths: `a.swift` (0x2E) before `a/…` (0x2F), capitals before lower case.
    @Test func filesComeInByteOrder() throws {
        let root = try tree(["a/b.swift", "a.swift", "B.swift", "a-b/c.swift", "é.swift", "z/y/x.swift", "notes.txt"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let found = FileDiscovery(rootDirectory: root).files(under: [root]).files
        #expect(relative(found, root) == ["B.swift", "a-b/c.swift", "a.swift", "a/b.swift", "z/y/x.swift", "é.swift"])
    }

    @Test func includedAndExcludedPatternsApplyBelowTheRoot() throws {
        let root = try tree(["Sources/App/A.swift", "Sources/App/Fixtures/F.swift", "Sources/Other.swift",
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
        let root = try tree(["a/b.swift", "a/c/d.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let found = FileDiscovery(rootDirectory: root).files(under: [root + "/a/c", root, root + "/a/b.swift"]).files
        #expect(relative(found, root) == ["a/b.swift", "a/c/d.swift"])
    }
}
