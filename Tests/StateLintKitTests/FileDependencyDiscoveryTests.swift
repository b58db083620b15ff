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

/// Which files of a dependency checkout are indexed, and how `--derived-data` finds the
/// project's checkouts in Xcode's DerivedData.
@Suite struct FileDependencyDiscoveryTests {
    @Test func sourcesAreIndexedTestsExamplesAndDocsAreNot() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let kept = ["Pkg/Sources/Pkg/Model.swift", "Pkg/Sources/PkgTestSupport/Mock.swift", "Pkg/Source/Legacy.swift",
                    "Pkg/Lib/Other.swift", "Kit/Kit/Core.swift"]
        let skipped = ["Pkg/Tests/PkgTests/ModelTests.swift", "Pkg/Sources/PkgUITests/UI.swift", "Pkg/Test/T.swift",
                       "Pkg/Examples/App/AppModel.swift", "Pkg/Example/E.swift", "Pkg/Demo/D.swift", "Pkg/Demos/D.swift",
                       "Pkg/Samples/S.swift", "Pkg/Sample/S.swift", "Pkg/Benchmarks/B.swift", "Pkg/Snippets/S.swift",
                       "Pkg/Sources/Pkg/Documentation.docc/Tutorials/Step1.swift", "Pkg/Package.swift",
                       "Pkg/Package@swift-5.9.swift", "Pkg/.build/checkouts/Nested/N.swift", "Pkg/.git/x.swift"]
        for path in kept + skipped { try tree.write("checkouts/" + path, "final class X {}\n") }
        for jobs in [1, 2] {
            let found = DependencyDiscovery.files(in: [tree.path("checkouts")], jobs: jobs)
            #expect(found.files == kept.map { tree.path("checkouts/" + $0) }.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }))
            #expect(found.errors.isEmpty)
        }
        #expect(DependencyDiscovery.skippedPatterns.count == 14, "every pattern parses")
        // One package named directly works the same; overlapping folders give each file once.
        let one = DependencyDiscovery.files(in: [tree.path("checkouts/Pkg"), tree.path("checkouts")])
        #expect(one.files.count == kept.count)
        #expect(Set(one.files).count == one.files.count)
    }

    @Test func linkLoopsInACheckoutEndAndUnlistableFoldersAreReported() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("checkouts/Pkg/Sources/Pkg/Model.swift", "final class Model {}\n")
        try FileManager.default.createSymbolicLink(atPath: tree.path("checkouts/Pkg/Sources/loop"), withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: tree.path("checkouts/Linked"), withDestinationPath: tree.path("checkouts/Pkg"))
        let found = DependencyDiscovery.files(in: [tree.path("checkouts")])
        #expect(found.files == [tree.path("checkouts/Pkg/Sources/Pkg/Model.swift")])
        if permissionsAreEnforced {
            try tree.write("checkouts/Locked/Sources/L.swift", "final class L {}\n")
            chmod(tree.path("checkouts/Locked"), 0)
            let locked = DependencyDiscovery.files(in: [tree.path("checkouts")])
            #expect(locked.errors.map(\.path) == [tree.path("checkouts/Locked")])
            #expect(locked.files == found.files)
        }
    }

    static func infoPlist(workspace: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>LastAccessedDate</key>
        \t<date>2026-05-01T10:00:00Z</date>
        \t<key>WorkspacePath</key>
        \t<string>\(workspace)</string>
        </dict>
        </plist>

        """
    }

    @Test func derivedDataFoldersAreMatchedByTheirWorkspacePath() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        let root = tree.path("src/App")
        try tree.write("src/App/App.xcodeproj/project.pbxproj", "")
        let derived = "DerivedData"
        // This project, a workspace in a subfolder of it, another project, a folder without
        // info.plist, a broken info.plist, and this project's folder before packages resolved.
        try tree.write("\(derived)/App-aaa/info.plist", Self.infoPlist(workspace: root + "/App.xcodeproj"))
        try tree.write("\(derived)/App-aaa/SourcePackages/checkouts/Pkg/Sources/M.swift", "final class M {}\n")
        try tree.write("\(derived)/Tool-bbb/info.plist", Self.infoPlist(workspace: root + "/Tools/Tool.xcworkspace"))
        try tree.write("\(derived)/Tool-bbb/SourcePackages/checkouts/T/T.swift", "")
        try tree.write("\(derived)/Other-ccc/info.plist", Self.infoPlist(workspace: tree.path("src/Other/Other.xcodeproj")))
        try tree.write("\(derived)/Other-ccc/SourcePackages/checkouts/O/O.swift", "")
        try tree.write("\(derived)/AppSibling-ddd/info.plist", Self.infoPlist(workspace: tree.path("src/AppSibling/A.xcodeproj")))
        try tree.write("\(derived)/AppSibling-ddd/SourcePackages/checkouts/S/S.swift", "")
        try tree.write("\(derived)/ModuleCache.noindex/x", "")
        try tree.write("\(derived)/Broken-eee/info.plist", "<plist><dict><key>WorkspacePath")
        let lookup = XcodeDerivedData.checkouts(in: tree.path(derived), projectRoot: root)
        #expect(lookup == .found([tree.path("\(derived)/App-aaa/SourcePackages/checkouts"),
                                  tree.path("\(derived)/Tool-bbb/SourcePackages/checkouts")]))
        // Linted from a subfolder with its own .linter.yml: the workspace above it still counts.
        #expect(XcodeDerivedData.checkouts(in: tree.path(derived), projectRoot: root + "/Sources")
                    == .found([tree.path("\(derived)/App-aaa/SourcePackages/checkouts")]))
        // Not built yet: no folder names it.
        #expect(XcodeDerivedData.checkouts(in: tree.path(derived), projectRoot: tree.path("src/New")) == .noProject(examined: 4))
        // One project's own DerivedData folder, as `$BUILD_ROOT/../..` names it in a build
        // phase: named, so taken as it is, and without packages it has no checkouts.
        #expect(XcodeDerivedData.checkouts(in: tree.path("\(derived)/Other-ccc"), projectRoot: root)
                    == .found([tree.path("\(derived)/Other-ccc/SourcePackages/checkouts")]))
        try tree.write("\(derived)/NoPackages-fff/Build/Products/Debug/x", "")
        #expect(XcodeDerivedData.checkouts(in: tree.path("\(derived)/NoPackages-fff"), projectRoot: root) == .found([]))
        // Matched, but no packages resolved: nothing to add, and not an error.
        try FileManager.default.removeItem(atPath: tree.path("\(derived)/Tool-bbb/SourcePackages"))
        try FileManager.default.removeItem(atPath: tree.path("\(derived)/App-aaa/SourcePackages"))
        #expect(XcodeDerivedData.checkouts(in: tree.path(derived), projectRoot: root) == .found([]))
    }

    @Test func binaryPropertyListsAndLinkedPathsMatchToo() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try FileManager.default.createDirectory(atPath: tree.path("real/App"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tree.path("link"), withDestinationPath: tree.path("real"))
        let data = try PropertyListSerialization.data(fromPropertyList: ["WorkspacePath": tree.path("link/App/App.xcodeproj")],
                                                      format: .binary, options: 0)
        try tree.write("DD/App-x/info.plist", bytes: [UInt8](data))
        try tree.write("DD/App-x/SourcePackages/checkouts/P/P.swift", "")
        #expect(XcodeDerivedData.checkouts(in: tree.path("DD"), projectRoot: tree.path("real/App"))
                    == .found([tree.path("DD/App-x/SourcePackages/checkouts")]))
    }
}
