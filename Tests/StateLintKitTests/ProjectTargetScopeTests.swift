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

/// Two apps in one repository, each with its own `ContentView` and `Model`, and a shared
/// package: each app is linted as its own target, whichever folder the command runs from.
@Suite struct ProjectTargetScopeTests {
    /// App A: its `ContentView` creates its model without a teardown, and its `Model` is a class.
    static let appA: [String: String] = [
        "AppA/AppAApp.swift": """
        import SwiftUI
        @main struct AppAApp: App {
            var body: some Scene { WindowGroup { ContentView() } }
        }
        """,
        "AppA/ContentView.swift": """
        import SwiftUI
        import SharedKit

        struct ContentView: View {
            @State private var model: Model?
            @State private var draft = Model()
            @State private var session = SessionStore()
            var body: some View {
                Text("A").task { if model == nil { model = Model() } }
            }
        }
        """,
        "AppA/Model.swift": """
        import Observation
        @Observable final class Model {}
        """,
    ]

    /// App B: the same names, but its `ContentView` tears its model down and its `Model` is a struct.
    static let appB: [String: String] = [
        "AppB/AppBApp.swift": """
        import SwiftUI
        @main struct AppBApp: App {
            var body: some Scene { WindowGroup { ContentView() } }
        }
        """,
        "AppB/ContentView.swift": """
        import SwiftUI

        struct ContentView: View {
            @State private var model: Model?
            @State private var draft = Model()
            var body: some View {
                Text("B")
            }
        }

        extension ContentView {
            var teardown: some View { Text("").onDisappear { model = nil } }
        }
        """,
        "AppB/Model.swift": """
        struct Model {}
        """,
    ]

    static let shared: [String: String] = [
        "Shared/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Shared", targets: [.target(name: "SharedKit")])
        """,
        "Shared/Sources/SharedKit/SessionStore.swift": """
        import Combine
        public final class SessionStore: ObservableObject {
            @Published public var user = ""
            public init() {}
        }
        """,
    ]

    static func makeRepository(_ parts: [[String: String]]) throws -> TemporaryTree {
        let tree = try TemporaryTree()
        for files in parts { for (path, text) in files { try tree.write(path, text) } }
        return tree
    }

    /// Findings as `absolute-path:line:column rule`, from the default (Xcode) reporter.
    static func findings(_ arguments: [String], in directory: String) -> Set<String> {
        let run = InProcess.run(["lint", "--quiet"] + arguments, in: directory)
        var found: Set<String> = []
        for line in run.stdout.split(separator: "\n") {
            guard let rule = line.split(separator: "[").last?.dropLast(), line.hasSuffix("]") else { continue }
            let parts = line.split(separator: ":", maxSplits: 3)
            guard parts.count == 4 else { continue }
            let path = FileDiscovery.absolute(String(parts[0]), relativeTo: directory)
            found.insert("\(path):\(parts[1]):\(parts[2]) \(rule)")
        }
        return found
    }

    @Test func eachAppIsItsOwnTarget() throws {
        let tree = try Self.makeRepository([Self.appA, Self.appB, Self.shared])
        defer { tree.remove() }
        let all = Self.findings([], in: tree.root)
        let a = tree.path("AppA/ContentView.swift")
        #expect(all == [
            "\(a):9:44 disappear_missing_teardown",  // B's teardown is B's
            "\(a):6:5 state_inline_class_init",  // A's Model is a class; B's struct does not make it ambiguous
            "\(a):7:5 observable_object_in_state",  // the shared package's class, found anywhere in the project
        ], "\(all.sorted())")
    }

    @Test func sameFindingsFromAnyFolder() throws {
        let tree = try Self.makeRepository([Self.appA, Self.appB, Self.shared])
        defer { tree.remove() }
        let whole = Self.findings([], in: tree.root).filter { $0.hasPrefix(tree.path("AppA/")) }
        #expect(!whole.isEmpty)
        #expect(Self.findings(["AppA"], in: tree.root) == whole, "from the root, with the app's folder")
        #expect(Self.findings(["."], in: tree.path("AppA")) == whole, "from the app's folder")
        #expect(Self.findings([], in: tree.path("AppA")).filter { $0.hasPrefix(tree.path("AppA/")) } == whole, "from the app's folder, no path")
        #expect(Self.findings([tree.path("AppA")], in: NSTemporaryDirectory()) == whole, "from elsewhere, with an absolute path")
        #expect(Self.findings([tree.path("AppA/ContentView.swift")], in: NSTemporaryDirectory()) == whole, "one file from elsewhere")
    }

    @Test func fixGivesTheSameBytesWhateverSitsBeside() throws {
        let alone = try Self.makeRepository([Self.appA, Self.shared])
        defer { alone.remove() }
        // Beside it: a copy of app A that is already fixed (its ContentView releases the model).
        var fixedCopy: [String: String] = [:]
        for (path, text) in Self.appA {
            fixedCopy["AppACopy/" + path.dropFirst("AppA/".count)] = text
                .replacingOccurrences(of: "AppAApp", with: "AppACopyApp")
                .replacingOccurrences(of: "Text(\"A\")", with: "Text(\"A\").onDisappear { model = nil }")
        }
        let beside = try Self.makeRepository([Self.appA, Self.shared, fixedCopy])
        defer { beside.remove() }
        for tree in [alone, beside] {
            let run = InProcess.run(["lint", "--quiet", "--fix", "AppA"], in: tree.root)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let fixed = try #require(alone.read("AppA/ContentView.swift"))
        // (`state_inline_class_init`'s fix releases `draft` there too.)
        #expect(fixed.contains("model = nil }"), "the teardown was added")
        #expect(beside.read("AppA/ContentView.swift") == fixed)
    }

    @Test func withoutTargetsBothAppsWouldMerge() throws {
        // The same two apps as one target (a configuration naming no targets is not enough:
        // the folders hold App types). Put both in one folder: then they are one target.
        let tree = try TemporaryTree()
        defer { tree.remove() }
        for (path, text) in Self.appA where !path.hasSuffix("Model.swift") { try tree.write("One/" + path, text) }
        try tree.write("One/AppB/ContentView.swift", Self.appB["AppB/ContentView.swift"]!)
        try tree.write("One/AppA/Model.swift", Self.appA["AppA/Model.swift"]!)
        let found = Self.findings([], in: tree.root)
        #expect(!found.contains { $0.hasSuffix("disappear_missing_teardown") }, "one target: B's extension is A's view's: \(found.sorted())")
    }
}

/// Targets from manifests: SwiftPM targets with dependencies, and an Xcode project's targets.
@Suite struct ProjectManifestTargetScopeTests {
    @Test func swiftPMTargetsResolveOwnThenDependencies() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Shop", targets: [
            .target(name: "Core"),
            .target(name: "Catalog", dependencies: ["Core"], path: "Modules/Catalog"),
            .target(name: "Checkout"),
        ])
        """)
        try tree.write("Sources/Core/CartModel.swift", "import Combine\npublic final class CartModel: ObservableObject {}\n")
        try tree.write("Modules/Catalog/CatalogView.swift", """
        import SwiftUI
        struct CatalogView: View {
            @State private var cart = CartModel()
            var body: some View { Text("") }
        }
        """)
        // Checkout has a value type of the same name: its own, and no finding.
        try tree.write("Sources/Checkout/CartModel.swift", "struct CartModel {}\n")
        try tree.write("Sources/Checkout/CheckoutView.swift", """
        import SwiftUI
        struct CheckoutView: View {
            @State private var cart = CartModel()
            var body: some View { Text("") }
        }
        """)
        let found = ProjectTargetScopeTests.findings([], in: tree.root)
        let catalog = tree.path("Modules/Catalog/CatalogView.swift")
        #expect(found == ["\(catalog):3:5 observable_object_in_state"], "\(found.sorted())")
    }

    @Test func conformancesFollowBaseClassesInOtherTargets() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        // The app's Xcode target does not list the package among its dependencies (Xcode keeps
        // package products elsewhere): its classes still inherit the package's conformances.
        try tree.write("Kit/Package.swift", "let package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n")
        try tree.write("Kit/Sources/Kit/Searchable.swift", "import Combine\nopen class Searchable: ObservableObject { public init() {} }\n")
        try tree.write("Shop/ShopApp.swift", "import SwiftUI\n@main struct ShopApp: App { var body: some Scene { WindowGroup { SearchView() } } }\n")
        try tree.write("Shop/SearchView.swift", """
        import SwiftUI
        import Kit
        final class ProductSearch: Searchable {}
        struct SearchView: View {
            @State private var search = ProductSearch()
            var body: some View { Text("") }
        }
        """)
        let found = ProjectTargetScopeTests.findings([], in: tree.root)
        #expect(found == ["\(tree.path("Shop/SearchView.swift")):5:5 observable_object_in_state"], "\(found.sorted())")
    }

    @Test func xcodeTargetsKeepSameNamedViewsApart() throws {
        let tree = try TemporaryTree()
        defer { tree.remove() }
        try tree.write("Shop.xcodeproj/project.pbxproj", ProjectManifestTests.pbxproj)
        let view = { (teardown: String) in """
        import SwiftUI
        @Observable final class Feed {}
        struct ContentView: View {
            @State private var feed: Feed?
            var body: some View { Text("").onAppear { if feed == nil { feed = Feed() } }\(teardown) }
        }
        """ }
        try tree.write("Phone/ContentView.swift", view(""))
        try tree.write("Watch/ContentView.swift", view(".onDisappear { feed = nil }"))
        // Not in the Phone target (an exception), so its teardown is nobody's.
        try tree.write("Phone/Legacy.swift", "extension ContentView { func legacy() { feed = nil } }\n")
        let found = ProjectTargetScopeTests.findings([], in: tree.root)
        #expect(found == ["\(tree.path("Phone/ContentView.swift")):5:64 disappear_missing_teardown"], "\(found.sorted())")
    }
}
