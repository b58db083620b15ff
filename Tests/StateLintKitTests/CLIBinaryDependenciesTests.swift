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

/// The built `statelint` executable on a package whose model class is declared in a
/// dependency: found through `.build/checkouts`, `--dependencies` or `--derived-data`, and a
/// note on standard error when it cannot be.
@Suite("CLI binary: dependencies")
struct CLIBinaryDependenciesTests {
    static let view = """
    import SwiftUI
    import Pkg

    struct LibraryView: View {
        @State private var model = Model()
        var body: some View { Text("x") }
    }

    """

    static let packageModel = """
    import Observation

    @Observable
    public final class Model {
        public init() {}
    }

    """

    /// A package that uses `Pkg`, not yet resolved.
    static func makePackage() throws -> TemporaryTree {
        let tree = try TemporaryTree()
        try tree.write("Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\")\n")
        try tree.write("Sources/App/LibraryView.swift", view)
        return tree
    }

    static func findings(_ run: CLIRun) -> [String] {
        run.stdout.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    }

    @Test func aClassFromBuildCheckoutsIsFound() throws {
        let tree = try Self.makePackage()
        defer { tree.remove() }
        let before = try StateLintBinary.run([], in: tree.root)
        #expect(before.status == 0 && before.stdout.isEmpty)
        let note = try #require(before.stderrLines.first { $0.hasPrefix("statelint: note: ") })
        #expect(note.contains("1 possible finding was not checked") && note.contains(": Model. "))
        #expect(note.contains("run `swift package resolve` so .build/checkouts exists"))
        #expect(before.stderrLines.last?.hasPrefix("Done: ") == true, "the note comes before the Done line")

        try tree.write(".build/checkouts/Pkg/Sources/Pkg/Model.swift", Self.packageModel)
        // The package's tests and example app are not read, nor linted.
        try tree.write(".build/checkouts/Pkg/Tests/PkgTests/Fake.swift", "struct Model {}\n")
        try tree.write(".build/checkouts/Pkg/Examples/Demo/DemoView.swift", Self.view)
        let after = try StateLintBinary.run([], in: tree.root)
        #expect(after.status == 0)
        #expect(Self.findings(after) == ["Sources/App/LibraryView.swift:5:5:"])
        #expect(after.stdout.contains("[state_inline_class_init]"))
        #expect(!after.stderr.contains("note:"), "\(after.stderr)")

        let config = try StateLintBinary.run(["config"], in: tree.root)
        #expect(config.stdout.split(separator: "\n").contains { $0.hasPrefix("  - .build/checkouts ") && $0.hasSuffix("# default: beside Package.swift") })
        let shown = try StateLintBinary.run(["--show-unresolved", "-q"], in: tree.root)
        #expect(shown.stderr.contains("Dependency sources indexed for types: 1 Swift file in .build/checkouts\n"), "\(shown.stderr)")
    }

    @Test func theNoteIsNeverInReportsAndQuietDropsIt() throws {
        let tree = try Self.makePackage()
        defer { tree.remove() }
        let json = try StateLintBinary.run(["--reporter", "json"], in: tree.root)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        #expect((object["findings"] as? [Any])?.isEmpty == true)
        #expect(!json.stdout.contains("note") && json.stderr.contains("statelint: note: "))
        let quiet = try StateLintBinary.run(["--quiet"], in: tree.root)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty)
        // `--show-unresolved` gives the full list instead of the note.
        let full = try StateLintBinary.run(["--show-unresolved"], in: tree.root)
        #expect(!full.stderr.contains("statelint: note: ") && full.stderr.contains("  Model (1×)\n"))
        #expect(full.stderr.contains("No dependency sources were indexed"))
        // With the key set, resolving would not help: no such advice.
        try tree.write(".linter.yml", "dependencies: []\n")
        let configured = try StateLintBinary.run([], in: tree.root)
        #expect(configured.stderr.contains("statelint: note: ") && !configured.stderr.contains("swift package resolve"))
        try FileManager.default.removeItem(atPath: tree.path(".linter.yml"))
        // A type nothing can know but a lower-case call gets no note.
        try tree.write("Sources/App/LibraryView.swift", Self.view.replacingOccurrences(of: "Model()", with: "makeModel()"))
        let call = try StateLintBinary.run([], in: tree.root)
        #expect(!call.stderr.contains("note:"))
    }

    @Test func dependenciesFlagAddsFoldersAndMissingOnesFail() throws {
        let tree = try Self.makePackage()
        defer { tree.remove() }
        try tree.write("../\((tree.root as NSString).lastPathComponent)-vendor/checkouts/Pkg/Sources/Pkg/Model.swift", Self.packageModel)
        let vendor = tree.root + "-vendor/checkouts"
        defer { try? FileManager.default.removeItem(atPath: tree.root + "-vendor") }
        let run = try StateLintBinary.run(["--dependencies", vendor], in: tree.root)
        #expect(Self.findings(run) == ["Sources/App/LibraryView.swift:5:5:"], "\(run.stderr)")
        #expect(try StateLintBinary.run(["--dependencies=" + vendor, "-q"], in: tree.root).stdout == run.stdout)

        let missing = try StateLintBinary.run(["--dependencies", vendor.replacingOccurrences(of: "checkouts", with: "checkout")], in: tree.root)
        #expect(missing.status == 2 && missing.stdout.isEmpty)
        #expect(missing.stderr.contains("--dependencies: error: `\(tree.root)-vendor/checkout` does not exist; did you mean `checkouts`?"), "\(missing.stderr)")
        let file = try StateLintBinary.run(["--dependencies", "Package.swift"], in: tree.root)
        #expect(file.status == 2 && file.stderr.contains("--dependencies: error: `Package.swift` is not a folder"))
        let unresolved = try StateLintBinary.run(["--dependencies", ".build/checkouts"], in: tree.root)
        #expect(unresolved.status == 2 && unresolved.stderr.contains("run `swift package resolve` to check the packages out"))
        let config = try StateLintBinary.run(["config", "--dependencies", vendor], in: tree.root)
        #expect(config.stdout.contains("  - \(vendor) ") && config.stdout.contains("# command line --dependencies"))
    }

    @Test func configuredFolderInsideTheProjectIsIndexedNotLinted() throws {
        let tree = try Self.makePackage()
        defer { tree.remove() }
        try tree.write("Vendor/checkouts/Pkg/Sources/Pkg/Model.swift", Self.packageModel + "struct PkgView { @State var m = Model() }\n")
        try tree.write(".linter.yml", "dependencies:\n  - Vendor/checkout\n")
        let typo = try StateLintBinary.run([], in: tree.root)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains(".linter.yml:2:5: error: `dependencies` folder `Vendor/checkout` does not exist; did you mean `checkouts`?"), "\(typo.stderr)")
        try tree.write(".linter.yml", "dependencies:\n  - Vendor/checkouts\n")
        let run = try StateLintBinary.run([], in: tree.root)
        #expect(run.status == 0)
        #expect(Self.findings(run) == ["Sources/App/LibraryView.swift:5:5:"], "\(run.stdout)")
        #expect(run.stderrLines.first == "Linting 2 files…", "Package.swift and the view; not the vendored package")
    }

    @Test func unreadableAndBinaryDependencyFilesDoNotFailTheRun() throws {
        let tree = try Self.makePackage()
        defer { tree.remove() }
        try tree.write(".build/checkouts/Pkg/Sources/Pkg/Model.swift", Self.packageModel)
        try tree.write(".build/checkouts/Pkg/Sources/Pkg/Blob.swift", bytes: [0x63, 0x00, 0xFF])
        try tree.write(".build/checkouts/Pkg/Sources/Pkg/Latin1.swift", bytes: Array("// caf".utf8) + [0xE9, 0x0A])
        try FileManager.default.createSymbolicLink(atPath: tree.path(".build/checkouts/Pkg/Sources/loop"), withDestinationPath: "..")
        let run = try StateLintBinary.run([], in: tree.root, timeout: 60)
        #expect(run.status == 0 && Self.findings(run) == ["Sources/App/LibraryView.swift:5:5:"])
        #expect(!run.stderr.contains(": error:"), "\(run.stderr)")
        let shown = try StateLintBinary.run(["--show-unresolved", "-q"], in: tree.root, timeout: 60)
        #expect(shown.stderr.contains("Dependency sources indexed for types: 1 Swift file in .build/checkouts\n"), "\(shown.stderr)")
        #expect(shown.stderr.contains("Dependency files skipped (unreadable, binary, not UTF-8 or too large): 2\n"))
        #expect(shown.stderr.contains("  .build/checkouts/Pkg/Sources/Pkg/Blob.swift: binary file (NUL byte at 1:2); skipped\n"))
        #expect(shown.stderr.contains("  .build/checkouts/Pkg/Sources/Pkg/Latin1.swift: not valid UTF-8"))
    }

    @Test func derivedDataFindsTheXcodeProjectsCheckouts() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("App/App.xcodeproj/project.pbxproj", "")
        try tree.write("App/App/LibraryView.swift", Self.view)
        try tree.write("DerivedData/App-abc/info.plist", FileDependencyDiscoveryTests.infoPlist(workspace: tree.path("App/App.xcodeproj")))
        try tree.write("DerivedData/App-abc/SourcePackages/checkouts/Pkg/Sources/Pkg/Model.swift", Self.packageModel)
        let app = tree.path("App")
        let before = try StateLintBinary.run([], in: app)
        #expect(before.stdout.isEmpty && before.stderr.contains("--derived-data DIR"))
        #expect(!before.stderr.contains("swift package resolve"), "not a package")
        let run = try StateLintBinary.run(["--derived-data", "../DerivedData"], in: app)
        #expect(Self.findings(run) == ["App/LibraryView.swift:5:5:"], "\(run.stderr)")
        // Another repository's project was not built from this DerivedData.
        let other = try TemporaryTree()
        defer { other.remove() }
        let elsewhere = try StateLintBinary.run(["--derived-data", tree.path("DerivedData")], in: other.root)
        #expect(elsewhere.status == 2 && elsewhere.stderr.contains("--derived-data: error: none of the 1 project folder in `\(tree.path("DerivedData"))` was built from"), "\(elsewhere.stderr)")
    }
}
