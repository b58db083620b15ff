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

/// The `dependencies` key, its default (`.build/checkouts` beside `Package.swift`), the
/// `--dependencies`/`--derived-data` flags, and how `statelint config` shows them.
@Suite struct ConfigDependenciesTests {
    static let fileSystem = FakeFileSystem(paths: ["/project/Vendor", "/project/Vendor/checkouts", "/project/Package.swift",
                                                   "/shared/checkouts", "/project/.build"])

    @Test func pathsAreRelativeToTheRootAndKeepTheirLines() throws {
        let configuration = try ConfigTestSupport.decode("""
        strict: false
        dependencies:
          - Vendor/checkouts
          - /shared/checkouts
          - ./Vendor/../Vendor
        """, fileSystem: Self.fileSystem)
        #expect(configuration.dependencies.map(\.path) == ["/project/Vendor/checkouts", "/shared/checkouts", "/project/Vendor"])
        #expect(configuration.dependencies.map(\.origin.description) == [".linter.yml:3", ".linter.yml:4", ".linter.yml:5"])
        #expect(configuration.origin(of: "dependencies").description == ".linter.yml:2")
        #expect(try ConfigTestSupport.decode("dependencies: []\n").dependencies.isEmpty)
    }

    @Test func missingFoldersAreErrorsWithLocationsAndSuggestions() {
        let errors = ConfigTestSupport.decodeErrors("""
        dependencies: [Vendor/checkout, Package.swift, .build/checkouts, Vendor/checkouts]
        """, fileSystem: FakeFileSystem(paths: ["/project/Vendor/checkouts", "/project/Package.swift"]))
        #expect(errors == [
            ".linter.yml:1:16: error: `dependencies` folder `Vendor/checkout` does not exist; did you mean `checkouts`?",
            // The fake file system cannot tell files from folders: a real one says "is not a folder" (see the CLI tests).
            ".linter.yml:1:48: error: `dependencies` folder `.build/checkouts` does not exist; run `swift package resolve` to check the packages out",
        ])
        #expect(ConfigTestSupport.decodeErrors("dependencies: Vendor\n")
                    == [".linter.yml:1:15: error: `dependencies` expects a list of folders, found `Vendor`; write `dependencies: [Vendor]`"])
        #expect(ConfigTestSupport.decodeErrors("dependencies: [Vendor, Vendor]\n")
                    == [".linter.yml:1:24: error: `Vendor` is listed twice in `dependencies` (first on line 1)"])
        #expect(ConfigTestSupport.decodeErrors("dependencies: [[a]]\n").first?.contains("expects folders") == true)
    }

    @Test func aFileIsNotAFolder() throws {
        let root = try ConfigTestSupport.makeTree(["Package.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        var decoder = ConfigurationDecoder(schema: ConfigTestSupport.schema, path: ".linter.yml", rootDirectory: root,
                                           fileSystem: LocalFileSystem())
        #expect(throws: ConfigurationError(path: ".linter.yml", location: SourceLocation(line: 1, column: 16),
                                           message: "`dependencies` folder `Package.swift` is not a folder")) {
            try decoder.decode(try YAMLParser.parse("dependencies: [Package.swift]\n", path: ".linter.yml"))
        }
    }

    @Test func swiftPMCheckoutsBesidePackageSwiftAreTheDefault() throws {
        let loader = ConfigurationLoader(schema: ConfigTestSupport.schema)
        let root = try ConfigTestSupport.makeTree(["Package.swift", ".build/checkouts/Pkg/Sources/Pkg/Model.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        let defaults = try loader.load(explicitPath: nil, startDirectory: root, workingDirectory: root)
        #expect(defaults.dependencies == [DependencyFolder(path: root + "/.build/checkouts", origin: .builtInDefault)])
        // Set in the file (even empty), the key replaces the default.
        try ConfigTestSupport.write("dependencies: []\n", to: root + "/.linter.yml")
        #expect(try loader.load(explicitPath: nil, startDirectory: root, workingDirectory: root).dependencies.isEmpty)
        try ConfigTestSupport.write("strict: true\n", to: root + "/.linter.yml")
        #expect(try loader.load(explicitPath: nil, startDirectory: root, workingDirectory: root).dependencies == defaults.dependencies)
        // Without a manifest, or before `swift package resolve`, there is no default.
        try FileManager.default.removeItem(atPath: root + "/Package.swift")
        #expect(try loader.load(explicitPath: nil, startDirectory: root, workingDirectory: root).dependencies.isEmpty)
        try ConfigTestSupport.write("", to: root + "/Package.swift")
        try FileManager.default.removeItem(atPath: root + "/.build/checkouts")
        #expect(try loader.load(explicitPath: nil, startDirectory: root, workingDirectory: root).dependencies.isEmpty)
    }

    @Test func theCommandLineAddsFoldersAndChecksThem() throws {
        var configuration = try ConfigTestSupport.decode("dependencies: [Vendor/checkouts]\n", fileSystem: Self.fileSystem)
        try configuration.addDependencies(["../shared/checkouts", "Vendor/checkouts"], flag: "--dependencies",
                                          workingDirectory: "/project", fileSystem: Self.fileSystem)
        #expect(configuration.dependencies.map(\.path) == ["/project/Vendor/checkouts", "/shared/checkouts"])
        #expect(configuration.dependencies.map(\.origin.description) == [".linter.yml:1", "command line --dependencies"])
        #expect(throws: ConfigurationError(path: "--dependencies", location: nil,
                                           message: "`Vendor/chekouts` does not exist; did you mean `checkouts`?")) {
            try configuration.addDependencies(["Vendor/chekouts"], flag: "--dependencies", workingDirectory: "/project",
                                              fileSystem: Self.fileSystem)
        }
        #expect(configuration.dependencies.count == 2, "a failed flag adds nothing")
    }

    @Test func derivedDataThatNamesNoFolderOfThisProjectIsAnError() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("DD/Other-x/info.plist", FileDependencyDiscoveryTests.infoPlist(workspace: "/elsewhere/Other.xcodeproj"))
        var configuration = Configuration(defaultsFor: ConfigTestSupport.schema, rootDirectory: tree.path("App"))
        #expect(throws: ConfigurationError.self) {
            try configuration.addDerivedData("DD", workingDirectory: tree.root)
        }
        #expect(throws: ConfigurationError(path: "--derived-data", location: nil, message: "`Nowhere` does not exist")) {
            try configuration.addDerivedData("Nowhere", workingDirectory: tree.root)
        }
        try tree.write("DD/App-y/info.plist", FileDependencyDiscoveryTests.infoPlist(workspace: tree.path("App/App.xcodeproj")))
        try tree.write("DD/App-y/SourcePackages/checkouts/P/P.swift", "")
        try configuration.addDerivedData("DD", workingDirectory: tree.root)
        #expect(configuration.dependencies == [DependencyFolder(path: tree.path("DD/App-y/SourcePackages/checkouts"),
                                                                origin: .commandLine(flag: "--derived-data"))])
    }

    @Test func printoutListsEachFolderWithItsOriginAndReadsBack() throws {
        var configuration = try ConfigTestSupport.decode("dependencies: [Vendor/checkouts]\n", fileSystem: Self.fileSystem)
        try configuration.addDependencies(["/shared/checkouts"], flag: "--dependencies", workingDirectory: "/",
                                          fileSystem: Self.fileSystem)
        let text = ConfigurationPrinter.render(configuration, schema: ConfigTestSupport.schema)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("dependencies: ") && $0.hasSuffix("# .linter.yml:1") })
        #expect(lines.contains { $0.hasPrefix("  - Vendor/checkouts ") && $0.hasSuffix("# .linter.yml:1") })
        #expect(lines.contains { $0.hasPrefix("  - /shared/checkouts ") && $0.hasSuffix("# command line --dependencies") })
        let reread = try ConfigTestSupport.decode(text, fileSystem: Self.fileSystem)
        #expect(reread.dependencies.map(\.path) == configuration.dependencies.map(\.path))

        var defaults = Configuration(defaultsFor: ConfigTestSupport.schema, rootDirectory: "/project")
        #expect(ConfigurationPrinter.render(defaults, schema: ConfigTestSupport.schema).contains(
            "dependencies: []                             # default: no .build/checkouts beside a Package.swift"))
        defaults.applyDefaultDependencies(fileSystem: FakeFileSystem(paths: ["/project/Package.swift", "/project/.build/checkouts"]))
        let defaultLines = ConfigurationPrinter.render(defaults, schema: ConfigTestSupport.schema).split(separator: "\n")
        #expect(defaultLines.contains { $0.hasPrefix("  - .build/checkouts ") && $0.hasSuffix("# default: beside Package.swift") })
        #expect(defaultLines.contains("dependencies:"), "no origin on the key itself when only items are set")
    }
}
