import Foundation
import Testing
@testable import StateLintSyntax
@testable import StateLintEngine
@testable import StateLintCLI

/// `statelint migrate` and the deployment target: read from `Package.swift` `platforms:` and
/// `project.pbxproj` build settings, or `deployment_target` in `.linter.yml`; below iOS 17 /
/// macOS 14 / tvOS 17 / watchOS 10 / visionOS 1 every class is kept; unknown: a note, and it migrates.
@Suite struct MigrationDeploymentTests {
    static let manifest = """
    // swift-tools-version:5.9
    import PackageDescription

    let package = Package(
        name: "App",
        platforms: [
            .iOS(.v16), .macOS(.v13), .iOS("16.4"), .macOS(.v10_15),
            .tvOS("17.0.1"), .watchOS(.v10), .visionOS(.v1), .macCatalyst(.v13),
        ],
        targets: [.target(name: "App", path: "Sources/App")]
    )

    """

    static let pbxproj = """
    // !$*UTF8*$!
    {
        archiveVersion = 1;
        objectVersion = 77;
        objects = {
            C1 = { isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 17.2; MACOSX_DEPLOYMENT_TARGET = 14.0; SDKROOT = iphoneos; }; name = Debug; };
            C2 = { isa = XCBuildConfiguration; buildSettings = { IPHONEOS_DEPLOYMENT_TARGET = 16.0; XROS_DEPLOYMENT_TARGET = 1.0; }; name = Release; };
            C3 = { isa = XCBuildConfiguration; buildSettings = { TVOS_DEPLOYMENT_TARGET = "$(RECOMMENDED_TVOS_DEPLOYMENT_TARGET)"; WATCHOS_DEPLOYMENT_TARGET = "10.2"; }; name = Release; };
            L1 = { isa = XCConfigurationList; buildConfigurations = (C1, C2, C3); };
            P1 = { isa = PBXProject; buildConfigurationList = L1; targets = (); };
        };
        rootObject = P1;
    }

    """

    // MARK: Reading

    @Test func packageManifestPlatforms() {
        let read = DeploymentTargets.packageManifest(Array(Self.manifest.utf8))
        #expect(read == [.iOS: OSVersion(major: 16), .macOS: OSVersion(major: 10, minor: 15),
                         .tvOS: OSVersion(major: 17, minor: 0, patch: 1), .watchOS: OSVersion(major: 10),
                         .visionOS: OSVersion(major: 1)])
        // Forms StateLint cannot read are left out; no `platforms:` is nothing known.
        #expect(DeploymentTargets.packageManifest(Array("let p = Package(name: \"A\", platforms: [.iOS(minimum), .macOS(\"14.0\")])".utf8))
                == [.macOS: OSVersion(major: 14)])
        #expect(DeploymentTargets.packageManifest(Array("let p = Package(name: \"A\", targets: [])".utf8)).isEmpty)
        // `platforms` in a comment or string is not read.
        #expect(DeploymentTargets.packageManifest(Array("// platforms: [.iOS(.v12)]\nlet s = \"platforms: [.iOS(.v12)]\"".utf8)).isEmpty)
    }

    @Test func xcodeProjectDeploymentTargetsTakeTheLowestConfiguration() {
        let read = DeploymentTargets.xcodeProject(Array(Self.pbxproj.utf8))
        #expect(read == [.iOS: OSVersion(major: 16), .macOS: OSVersion(major: 14), .watchOS: OSVersion(major: 10, minor: 2),
                         .visionOS: OSVersion(major: 1)])
        #expect(DeploymentTargets.xcodeProject(Array("not a plist {".utf8)).isEmpty)
    }

    @Test func readCombinesManifestsKeepingTheLowestAndItsSource() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Package.swift", "let package = Package(name: \"A\", platforms: [.iOS(.v17), .macOS(.v13)])\n")
        try tree.write("App.xcodeproj/project.pbxproj", Self.pbxproj)
        let targets = DeploymentTargets.read(manifests: [tree.path("Package.swift"), tree.path("App.xcodeproj")],
                                             displayPath: { String($0.dropFirst(tree.root.count + 1)) })
        #expect(targets.minimums[.iOS] == .init(version: OSVersion(major: 16), source: "App.xcodeproj"))
        #expect(targets.minimums[.macOS] == .init(version: OSVersion(major: 13), source: "Package.swift"))
        #expect(targets.observationRefusal == "the deployment target iOS 16.0 is below iOS 17, where @Observable begins (from App.xcodeproj)")
        #expect(DeploymentTargets.read(manifests: [tree.path("Missing/Package.swift")]).isUnknown)
    }

    @Test func refusalNamesTheFirstPlatformBelowObservation() {
        var targets = DeploymentTargets()
        targets.add([.iOS: OSVersion(major: 17), .macOS: OSVersion(major: 14), .tvOS: OSVersion(major: 17),
                     .watchOS: OSVersion(major: 10), .visionOS: OSVersion(major: 1)], source: "Package.swift")
        #expect(targets.observationRefusal == nil)
        targets.add(.watchOS, OSVersion(major: 9, minor: 4), source: "W.xcodeproj")
        targets.add(.macOS, OSVersion(major: 10, minor: 15), source: "Package.swift")
        #expect(targets.observationRefusal == "the deployment target macOS 10.15 is below macOS 14, where @Observable begins (from Package.swift)")
        // A higher version never replaces a lower one.
        targets.add(.macOS, OSVersion(major: 15), source: "Other")
        #expect(targets.minimums[.macOS]?.source == "Package.swift")
    }

    // MARK: Configuration

    @Test func deploymentTargetKeyInFlowAndBlockForm() throws {
        let flow = try ConfigTestSupport.decode("deployment_target: {iOS: 17, macOS: 14.2}\n")
        #expect(flow.deploymentTarget == [.iOS: OSVersion(major: 17), .macOS: OSVersion(major: 14, minor: 2)])
        #expect(flow.origin(of: "deployment_target") == .configurationFile(path: ".linter.yml", line: 1))
        let block = try ConfigTestSupport.decode("strict: true\ndeployment_target:\n  visionOS: 1\n  watchOS: \"10.0\"\n")
        #expect(block.deploymentTarget == [.visionOS: OSVersion(major: 1), .watchOS: OSVersion(major: 10)])
        #expect(try ConfigTestSupport.decode("strict: true\n").deploymentTarget == nil)
        // `statelint config` prints it, and the printout reads back the same.
        let text = ConfigurationPrinter.render(flow, schema: ConfigTestSupport.schema)
        #expect(text.contains("deployment_target: {iOS: 17.0, macOS: 14.2}"), "\(text)")
        #expect(try ConfigTestSupport.decode(text).deploymentTarget == flow.deploymentTarget)
        let unset = ConfigurationPrinter.render(block, schema: ConfigTestSupport.schema)
        #expect(unset.contains("deployment_target: {watchOS: 10.0, visionOS: 1.0}"))
        #expect(ConfigurationPrinter.render(try ConfigTestSupport.decode(""), schema: ConfigTestSupport.schema)
            .contains("# deployment_target: not set (read from Package.swift and .xcodeproj)"))
    }

    @Test func deploymentTargetMistakesAreErrorsWithPositions() {
        let platform = ConfigTestSupport.decodeErrors("deployment_target: {ios: 17}\n")
        #expect(platform.count == 1)
        #expect(platform.first?.contains(".linter.yml:1:21") == true, "\(platform)")
        #expect(platform.first?.contains("unknown platform `ios` in `deployment_target`") == true, "\(platform)")
        #expect(platform.first?.contains("iOS, macOS, tvOS, watchOS, visionOS") == true, "\(platform)")
        let version = ConfigTestSupport.decodeErrors("deployment_target:\n  iOS: seventeen\n")
        #expect(version.first?.contains(".linter.yml:2:8") == true, "\(version)")
        #expect(version.first?.contains("`deployment_target.iOS` expects a version like `17` or `16.4`") == true, "\(version)")
        let scalar = ConfigTestSupport.decodeErrors("deployment_target: 17\n")
        #expect(scalar.first?.contains("expects a mapping of platforms to versions") == true, "\(scalar)")
        // Unknown keys still say where and suggest the key.
        let unknown = ConfigTestSupport.decodeErrors("deployment_targets: {iOS: 17}\n")
        #expect(unknown.first?.contains(".linter.yml:1:1") == true, "\(unknown)")
        #expect(unknown.first?.contains("unknown key `deployment_targets`; did you mean `deployment_target`?") == true, "\(unknown)")
    }

    // MARK: The engine

    static func run(_ targets: DeploymentTargets?) -> Migration.Outcome {
        var request = Migration.Request(files: MigrationFixtures.app.keys.sorted().map { ("/p/" + $0, Array(MigrationFixtures.app[$0]!.utf8)) })
        request.xcodeMajor = 27
        request.displayPath = { String($0.dropFirst(3)) }
        request.deploymentTargets = targets
        return Migration.run(request)
    }

    @Test func belowTheObservationMinimumEveryClassIsKept() {
        var targets = DeploymentTargets()
        targets.add(DeploymentTargets.packageManifest(Array(Self.manifest.utf8)), source: "Package.swift")
        let outcome = Self.run(targets)
        #expect(outcome.changed.isEmpty)
        #expect(outcome.report.migrated.isEmpty)
        #expect(outcome.report.refused == [.init(type: "Store", reasons: [
            "the deployment target iOS 16.0 is below iOS 17, where @Observable begins (from Package.swift)"])])
        #expect(outcome.report.notes.isEmpty)
        #expect(outcome.report.lines == ["kept Store: the deployment target iOS 16.0 is below iOS 17, where @Observable begins (from Package.swift)",
                                         "migrated 0 of 1 class"])
    }

    @Test func atTheMinimumOrUnknownItMigrates() {
        var targets = DeploymentTargets()
        targets.add([.iOS: OSVersion(major: 17), .macOS: OSVersion(major: 14)], source: "Package.swift")
        let known = Self.run(targets)
        #expect(known.report.migrated.map(\.type) == ["Store"])
        #expect(known.report.notes.isEmpty)
        let unknown = Self.run(DeploymentTargets())
        #expect(unknown.report.migrated.map(\.type) == ["Store"])
        #expect(unknown.changed.keys.sorted() == known.changed.keys.sorted())
        #expect(unknown.report.notes == [Migration.unknownDeploymentTarget])
        #expect(unknown.report.json.renderedCompact().contains(#""notes":["the deployment target is unknown"#))
        // Not checked at all (nil): no note.
        #expect(Self.run(nil).report.notes.isEmpty)
    }

    // MARK: The command

    @Test func packageSwiftBelowIOS17KeepsEveryClassAndJSONSaysWhy() throws {
        let tree = try MigrateCLITests.makeTree(xcode: "27")
        defer { tree.remove() }
        try tree.write("Package.swift", Self.manifest)
        let snapshot = tree.snapshot()
        let json = InProcess.run(["migrate", "--json"], in: tree.root)
        #expect(json.status == 0, "\(json.stderr)")
        let reason = "the deployment target iOS 16.0 is below iOS 17, where @Observable begins (from Package.swift)"
        #expect(json.stdout == #"{"migrated":[],"refused":[{"type":"Feed","reasons":[""# + reason
                + #"","its publisher `$items` is used at Sources/App/Feed.swift:5"]},{"type":"Store","reasons":[""# + reason
                + #""]}],"blockers":[],"summary":"migrated 0 of 2 classes"}"# + "\n")
        #expect(tree.snapshot() == snapshot)
        let text = InProcess.run(["migrate"], in: tree.root)
        #expect(text.stdout.contains("kept Store: " + reason + "\n"), "\(text.stdout)")
        #expect(!text.stderr.contains("deployment target is unknown"))
        #expect(tree.snapshot() == snapshot)
    }

    @Test func xcodeProjectBelowIOS17KeepsEveryClass() throws {
        let tree = try MigrateCLITests.makeTree(xcode: "27")
        defer { tree.remove() }
        try tree.write("App.xcodeproj/project.pbxproj", Self.pbxproj)
        let snapshot = tree.snapshot()
        let run = InProcess.run(["migrate", "--type", "Store"], in: tree.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "kept Store: the deployment target iOS 16.0 is below iOS 17, where @Observable begins (from App.xcodeproj)\nmigrated 0 of 1 class\n")
        #expect(tree.snapshot() == snapshot)
    }

    @Test func linterYMLOverridesTheManifests() throws {
        let tree = try MigrateCLITests.makeTree()
        defer { tree.remove() }
        try tree.write("Package.swift", Self.manifest)
        try tree.write(".linter.yml", "xcode_version: 27\ndeployment_target: {iOS: 17, macOS: 14, tvOS: 17, watchOS: 10, visionOS: 1}\n")
        let raised = InProcess.run(["migrate", "--type", "Store"], in: tree.root)
        #expect(raised.status == 0, "\(raised.stderr)")
        #expect(raised.stdout.hasPrefix("migrated Store: Sources/App/Model/Store.swift"), "\(raised.stdout)")
        #expect(tree.read("Sources/App/Model/Store.swift")?.contains("@Observable") == true)

        let lowered = try MigrateCLITests.makeTree()
        defer { lowered.remove() }
        try lowered.write(".linter.yml", "xcode_version: 27\ndeployment_target:\n  macOS: 13.5\n")
        let run = InProcess.run(["migrate", "--json", "--type", "Store"], in: lowered.root)
        #expect(run.stdout == #"{"migrated":[],"refused":[{"type":"Store","reasons":["the deployment target macOS 13.5 is below macOS 14, where @Observable begins (from .linter.yml:2)"]}],"blockers":[],"summary":"migrated 0 of 1 class"}"# + "\n")
        #expect(lowered.read("Sources/App/Model/Store.swift")?.contains("@Observable") == false)
        let config = InProcess.run(["config"], in: lowered.root)
        #expect(config.stdout.contains("deployment_target: {macOS: 13.5}"), "\(config.stdout)")
    }

    @Test func unknownDeploymentTargetMigratesWithANote() throws {
        let tree = try MigrateCLITests.makeTree(xcode: "27")
        defer { tree.remove() }
        let run = InProcess.run(["migrate", "--type", "Store"], in: tree.root)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("migrated Store: "), "\(run.stdout)")
        #expect(run.stderr == "note: " + Migration.unknownDeploymentTarget + "\n")
        let quiet = try MigrateCLITests.makeTree(xcode: "27")
        defer { quiet.remove() }
        #expect(InProcess.run(["migrate", "--quiet"], in: quiet.root).stderr.isEmpty)
    }
}
