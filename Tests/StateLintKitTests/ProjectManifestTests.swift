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

/// Reading targets from `Package.swift` and `project.pbxproj`.
@Suite struct ProjectManifestTests {
    @Test func packageTargetsPathsAndDependencies() {
        let manifest = SwiftPackageManifest(bytes: Array("""
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "Shop",
            platforms: [.iOS(.v17)],
            products: [.library(name: "ShopKit", targets: ["Catalog"])],
            dependencies: [.package(url: "https://example.com/charts.git", from: "1.0.0")],
            targets: [
                .target(name: "Core"),
                .target(
                    name: "Catalog",
                    dependencies: ["Core", .product(name: "Charts", package: "charts"), .target(name: "Design")],
                    path: "Modules/Catalog",
                    exclude: ["Resources"]
                ),
                .target(name: "Design", dependencies: [.byName(name: "Core")]),
                .executableTarget(name: "ShopApp", dependencies: ["Catalog"]),
                .testTarget(name: "CatalogTests", dependencies: ["Catalog"]),
                .binaryTarget(name: "Analytics", path: "Analytics.xcframework"),
            ]
        )
        """.utf8))
        #expect(manifest.targets.map(\.name) == ["Core", "Catalog", "Design", "ShopApp", "CatalogTests"])
        #expect(manifest.targets[1].path == "Modules/Catalog")
        #expect(manifest.targets[1].dependencies == ["Core", "Design"])
        #expect(manifest.targets[2].dependencies == ["Core"])
        #expect(manifest.targets[0].path == nil)
        #expect(manifest.targets[4].kind == "testTarget")
    }

    @Test func packageNamesThatAreNotLiteralsAreLeftOut() {
        let manifest = SwiftPackageManifest(bytes: Array("""
        let name = "Dynamic"
        let package = Package(name: "P", targets: [.target(name: name), .target(name: "Fixed", path: "\\(name)/x")])
        """.utf8))
        #expect(manifest.targets.map(\.name) == ["Fixed"])
        #expect(manifest.targets[0].path == nil, "an interpolated path is not read as written")
    }

    /// A minimal project: `Phone` from a synchronized folder (less one file), `Watch` from a
    /// classic group and its Sources phase, depending on `Phone`.
    static let pbxproj = """
    // !$*UTF8*$!
    {
        archiveVersion = 1;
        objectVersion = 77;
        objects = {
            P1 = { isa = PBXProject; mainGroup = G0; targets = (T1, T2); projectDirPath = ""; };
            G0 = { isa = PBXGroup; children = (S1, G1); sourceTree = "<group>"; };
            S1 = { isa = PBXFileSystemSynchronizedRootGroup; path = Phone; sourceTree = "<group>"; exceptions = (E1); };
            E1 = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Legacy.swift, "Old/Gone.swift"); target = T1; };
            G1 = { isa = PBXGroup; children = (F1, F2, F3); path = Watch; sourceTree = "<group>"; };
            F1 = { isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ContentView.swift; sourceTree = "<group>"; };
            F2 = { isa = PBXFileReference; path = "Watch App.swift"; sourceTree = "<group>"; };
            F3 = { isa = PBXFileReference; path = Assets.xcassets; sourceTree = "<group>"; };
            B1 = { isa = PBXBuildFile; fileRef = F1; };
            B2 = { isa = PBXBuildFile; fileRef = F2; };
            B3 = { isa = PBXBuildFile; fileRef = F3; };
            SP = { isa = PBXSourcesBuildPhase; files = (B1, B2); };
            RP = { isa = PBXResourcesBuildPhase; files = (B3); };
            T1 = { isa = PBXNativeTarget; name = Phone; buildPhases = (); fileSystemSynchronizedGroups = (S1); dependencies = (); };
            D1 = { isa = PBXTargetDependency; target = T1; };
            T2 = { isa = PBXNativeTarget; name = Watch; buildPhases = (SP, RP); dependencies = (D1); };
        };
        rootObject = P1;
    }
    """

    @Test func xcodeTargetsFromSynchronizedAndClassicGroups() throws {
        let project = try XcodeProjectFile.parse(Array(Self.pbxproj.utf8), projectFolder: "/r/Shop").get()
        #expect(project.targets.map(\.name) == ["Phone", "Watch"])
        #expect(project.targets[0].folders == ["/r/Shop/Phone"])
        #expect(project.targets[0].excludedFiles == ["/r/Shop/Phone/Legacy.swift", "/r/Shop/Phone/Old/Gone.swift"])
        #expect(project.targets[1].files == ["/r/Shop/Watch/ContentView.swift", "/r/Shop/Watch/Watch App.swift"])
        #expect(project.targets[1].dependencies == ["Phone"])
    }

    @Test func brokenProjectFilesAreReportedNotFatal() {
        #expect(XcodeProjectFile.parse(Array("{ objects = ".utf8), projectFolder: "/r") == .failure(.notAProject("not a property list")))
        #expect(XcodeProjectFile.parse(Array("{ a = b; }".utf8), projectFolder: "/r") == .failure(.notAProject("no `objects` or `rootObject`")))
    }

    @Test func filesBelongToTheDeepestTargetFolderUnlessListed() throws {
        let targets = ProjectTargets(root: "/r", targets: [
            ProjectTarget(name: "App", kind: .xcode, folders: ["/r/App"], excludedFiles: ["/r/App/Old.swift"]),
            ProjectTarget(name: "Kit", kind: .swiftPackage, folders: ["/r/App/Packages/Kit/Sources/Kit"]),
            ProjectTarget(name: "Widget", kind: .xcode, files: ["/r/App/Shared/Model.swift"]),
            ProjectTarget(name: "Widget2", kind: .xcode, folders: ["/r/App"]),
        ])
        let app = TargetID(1), kit = TargetID(2), widget = TargetID(3), widget2 = TargetID(4)
        #expect(targets.targets(ofFile: "/r/App/Views/A.swift") == [app, widget2])
        #expect(targets.targets(ofFile: "/r/App/Packages/Kit/Sources/Kit/K.swift") == [kit])
        #expect(targets.targets(ofFile: "/r/App/Shared/Model.swift") == [widget])
        #expect(targets.targets(ofFile: "/r/App/Old.swift") == [widget2], "an exception leaves the file to the other target")
        #expect(targets.targets(ofFile: "/r/Scripts/x.swift") == [.rest])
        #expect(targets.targets(ofFile: "/elsewhere/x.swift") == [.rest])
    }

    @Test func dependenciesAreFollowedWithinTheirManifest() {
        let targets = ProjectTargets(root: "/r", targets: [
            ProjectTarget(name: "A", kind: .swiftPackage, manifest: "/r/Package.swift", dependencies: ["B"]),
            ProjectTarget(name: "B", kind: .swiftPackage, manifest: "/r/Package.swift", dependencies: ["C", "A"]),
            ProjectTarget(name: "C", kind: .swiftPackage, manifest: "/r/Package.swift"),
            ProjectTarget(name: "C", kind: .swiftPackage, manifest: "/r/Other/Package.swift"),
        ])
        #expect(targets.dependencies(of: TargetID(1)) == [TargetID(2), TargetID(3)], "a cycle ends; another manifest's C is not this one's")
        #expect(targets.dependencies(of: TargetID(3)) == [])
    }

    @Test func appFoldersSplitWhereTheyHoldSeveralApps() {
        let folders = ProjectTargets.appFolders(holding: [
            "/r/Shop/ShopApp.swift", "/r/Mac/Tools/ToolsApp.swift", "/r/Mac/Viewer/Sources/ViewerApp.swift", "/r/RootApp.swift",
        ], root: "/r")
        #expect(folders == ["/r/Mac/Tools", "/r/Mac/Viewer", "/r/Shop"])
    }
}
