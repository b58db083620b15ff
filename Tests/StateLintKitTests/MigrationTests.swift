import Foundation
import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine

/// Runs `Migration` on in-memory projects (`/p/…` paths, shown without `/p/`).
enum MigrationHarness {
    struct Run {
        var report: Migration.Report
        /// Every file after the migration (relative path → text).
        var files: [String: String]
        var changed: Set<String>
    }

    static func migrate(_ files: [String: String], xcode: Int?, types: [String] = [], under: String? = nil) -> Run {
        var request = Migration.Request(files: files.keys.sorted().map { ("/p/" + $0, Array(files[$0]!.utf8)) })
        request.xcodeMajor = xcode
        request.types = types
        request.displayPath = { $0.hasPrefix("/p/") ? String($0.dropFirst(3)) : $0 }
        if let under { request.requested = { $0.hasPrefix("/p/" + under) } }
        let outcome = Migration.run(request)
        var after = files
        for (path, bytes) in outcome.changed { after[String(path.dropFirst(3))] = String(decoding: bytes, as: UTF8.self) }
        return Run(report: outcome.report, files: after, changed: Set(outcome.changed.keys.map { String($0.dropFirst(3)) }))
    }

    /// The rule ids StateLint reports per file, with every rule on (but `state_inline_class_init`
    /// on Xcode 27, as `statelint lint` runs them).
    static func findings(_ files: [String: String], xcode: Int?) -> [String: [String]] {
        let rules = RuleRegistry.all.filter { (xcode ?? 0) < 27 || $0.description.id != LintEngine.inlineClassInitID }
        let engine = LintEngine(rules: rules.map { LintEngine.ConfiguredRule(rule: $0.init(configuration: nil), severity: .warning) },
                                directiveSeverity: nil)
        let result = engine.lint(files.keys.sorted().map { ("/p/" + $0, Array(files[$0]!.utf8)) })
        var byFile: [String: [String]] = [:]
        for finding in result.findings { byFile[String(finding.path.dropFirst(3)), default: []].append(finding.ruleID) }
        return byFile.mapValues { $0.sorted() }
    }

    /// Migrates, and checks what every migration must give: both sides type-check, a second
    /// run changes nothing, and no touched file has a finding it did not have. `packages`: code
    /// type-checked with the project's but not read by the migration (a package's).
    static func checkedMigration(_ files: [String: String], xcode: Int?, types: [String] = [], packages: [String: String] = [:],
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Run {
        let before = try TypeCheck.typeCheck(files: files.merging(packages) { a, _ in a })
        #expect(before.isEmpty, "before: \(before)", sourceLocation: sourceLocation)
        let run = migrate(files, xcode: xcode, types: types)
        let after = try TypeCheck.typeCheck(files: run.files.merging(packages) { a, _ in a })
        #expect(after.isEmpty, "after: \(after)\n\(run.files.filter { run.changed.contains($0.key) }.map { "// \($0.key)\n\($0.value)" }.joined(separator: "\n"))",
                sourceLocation: sourceLocation)
        let again = migrate(run.files, xcode: xcode, types: types)
        #expect(again.changed.isEmpty, "a second run changed \(again.changed.sorted())", sourceLocation: sourceLocation)
        let findingsBefore = findings(files, xcode: xcode), findingsAfter = findings(run.files, xcode: xcode)
        for path in run.changed {
            for rule in Set(findingsAfter[path] ?? []) {
                #expect((findingsAfter[path] ?? []).filter { $0 == rule }.count <= (findingsBefore[path] ?? []).filter { $0 == rule }.count,
                        "new \(rule) finding in \(path): \(findingsAfter[path] ?? [])", sourceLocation: sourceLocation)
            }
        }
        return run
    }
}

/// A small app: a model in its own file (no SwiftUI import), a screen that owns it, a child
/// that observes it with bindings, a detail reading it from the environment.
enum MigrationFixtures {
    static let model = """
    import Foundation
    import Combine

    /// The session's store.
    @MainActor
    final class Store: ObservableObject, Identifiable {
        @Published var title = ""   // shown in the header
        @Published private(set) var count: Int = 0 {
            didSet { print(count) }
        }
        let id = UUID()

        func increment() { count += 1 }
    }

    """

    static let screen = """
    import SwiftUI

    struct Screen: View {
        @StateObject private var store = Store()

        var body: some View {
            VStack {
                Editor(store: store)
                Detail()
            }
            .environmentObject(store)
        }
    }

    """

    static let editor = """
    import SwiftUI

    struct Editor: View {
        @ObservedObject var store: Store

        var body: some View {
            TextField("Title", text: $store.title)
        }
    }

    struct Counter: View {
        @ObservedObject var store: Store

        var body: some View {
            Button("\\(store.count)") { store.increment() }
        }
    }

    """

    static let detail = """
    import SwiftUI

    struct Detail: View {
        @EnvironmentObject private var store: Store

        var body: some View {
            Text(store.title)
        }
    }

    """

    static var app: [String: String] {
        ["Model/Store.swift": model, "Views/Screen.swift": screen, "Views/Editor.swift": editor, "Views/Detail.swift": detail]
    }
}

@Suite struct MigrationTests {
    @Test func migratesAClassAndEveryUseOnXcode27() throws {
        let run = try MigrationHarness.checkedMigration(MigrationFixtures.app, xcode: 27)
        #expect(run.report.migrated == [Migration.Report.Migrated(type: "Store", files: ["Model/Store.swift", "Views/Detail.swift", "Views/Editor.swift", "Views/Screen.swift"])])
        #expect(run.report.refused.isEmpty)
        #expect(run.files["Model/Store.swift"] == """
        import Foundation
        import Combine
        import Observation

        /// The session's store.
        @Observable
        @MainActor
        final class Store: Identifiable {
            var title = ""   // shown in the header
            private(set) var count: Int = 0 {
                didSet { print(count) }
            }
            let id = UUID()

            func increment() { count += 1 }
        }

        """)
        #expect(run.files["Views/Screen.swift"]!.contains("    @State private var store = Store()\n"))
        #expect(run.files["Views/Screen.swift"]!.contains(".environment(store)"))
        #expect(run.files["Views/Editor.swift"]!.contains("    @Bindable var store: Store\n"))
        #expect(run.files["Views/Editor.swift"]!.contains("struct Counter: View {\n    var store: Store\n"))
        #expect(run.files["Views/Detail.swift"]!.contains("    @Environment(Store.self) private var store\n"))
    }

    /// `@ObservedObject private var feed = Feed()` re-made its object on every init: migrated, the
    /// view owns it (`@State`, lazily owned on Xcode 26). Static properties are typed through the
    /// project's declarations (`Stores.feed`, `Feed.shared`), so their `.environmentObject` follows.
    @Test func anObservedObjectTheViewCreatesBecomesOwnedStateAndStaticsAreTyped() throws {
        let files = [
            "Model/Feed.swift": """
            import Combine

            @MainActor
            final class Feed: ObservableObject {
                static let shared = Feed()
                @Published var items: [String] = []
            }

            @MainActor
            enum Stores {
                static let feed = Feed()
            }

            """,
            "Views/FeedView.swift": """
            import SwiftUI

            struct FeedView: View {
                @ObservedObject private var feed = Feed()

                var body: some View {
                    VStack {
                        Text("\\(feed.items.count)")
                        Reader().environmentObject(Stores.feed)
                        Reader().environmentObject(Feed.shared)
                    }
                }
            }

            struct Reader: View {
                @EnvironmentObject var feed: Feed
                var body: some View { Text("\\(feed.items.count)") }
            }

            """,
        ]
        let modern = try MigrationHarness.checkedMigration(files, xcode: 27)
        #expect(modern.report.migrated.map(\.type) == ["Feed"], "\(modern.report)")
        let view = try #require(modern.files["Views/FeedView.swift"])
        #expect(view.contains("    @State private var feed = Feed()\n"), "\(view)")
        #expect(view.contains("Reader().environment(Stores.feed)") && view.contains("Reader().environment(Feed.shared)"), "\(view)")
        let older = try MigrationHarness.checkedMigration(files, xcode: 26)
        let lazy = try #require(older.files["Views/FeedView.swift"])
        #expect(lazy.contains("@State private var feed: Feed?") && lazy.contains("if feed == nil { feed = Feed() }"), "\(lazy)")
    }

    /// `.environmentObject(Permissions.shared)` where the project declares no `Permissions` (a
    /// package's type): its value is no class of the project, so it keeps none; a value nothing
    /// types (`make()` of a package) still keeps the classes read from the environment.
    @Test func aStaticPropertyOfAPackagesTypeKeepsNoClass() throws {
        let files = [
            "Model/Models.swift": """
            import Combine

            final class Library: ObservableObject { @Published var books: [String] = [] }
            final class Settings: ObservableObject { @Published var dark = false }

            """,
            "Views/Root.swift": """
            import SwiftUI

            struct Root: View {
                @StateObject private var library = Library()
                var body: some View {
                    Shelf()
                        .environmentObject(library)
                        .environmentObject(Permissions.shared)
                }
            }

            struct Shelf: View {
                @EnvironmentObject var library: Library
                var body: some View { Text("\\(library.books.count)") }
            }

            """,
        ]
        let package = ["Packages/Permissions.swift": "import Combine\n@MainActor public final class Permissions: ObservableObject { public static let shared = Permissions() }\n"]
        let run = try MigrationHarness.checkedMigration(files, xcode: 27, packages: package)
        #expect(run.report.migrated.map(\.type) == ["Library", "Settings"], "\(run.report)")
        let root = try #require(run.files["Views/Root.swift"])
        #expect(root.contains(".environment(library)") && root.contains(".environmentObject(Permissions.shared)"), "\(root)")

        var untyped = files
        untyped["Views/Root.swift"] = files["Views/Root.swift"]!.replacingOccurrences(of: "Permissions.shared", with: "Permissions.make()")
        let kept = MigrationHarness.migrate(untyped, xcode: 27)
        #expect(kept.report.migrated.map(\.type) == ["Settings"], "\(kept.report)")
        #expect(kept.report.refused.first { $0.type == "Library" }?.reasons.joined().contains("cannot type") == true, "\(kept.report)")
    }

    @Test func onXcode26TheOwnerTakesTheLazilyOwnedRewrite() throws {
        for xcode in [26, nil] as [Int?] {
            let run = try MigrationHarness.checkedMigration(MigrationFixtures.app, xcode: xcode)
            #expect(run.report.migrated.map { $0.type } == ["Store"], "\(run.report)")
            let screen = run.files["Views/Screen.swift"]!
            #expect(screen.contains("@State private var store: Store?"), "\(screen)")
            #expect(screen.contains("if store == nil { store = Store() }"), "\(screen)")
            #expect(!screen.contains("StateObject"))
        }
    }
}

/// Each reason that keeps a class: nothing changes for it, in any file, and the report says why.
@Suite struct MigrationRefusalTests {
    static let view = """
    import SwiftUI

    struct StoreView: View {
        @ObservedObject var store: Store
        var body: some View { Text(store.title) }
    }

    """

    /// Migrates `files` (plus `StoreView`) on Xcode 27 and expects `Store` kept with a reason containing `reason`.
    func expectKept(_ files: [String: String], _ reason: String, xcode: Int? = 27,
                    sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        var project = files
        project["Views/StoreView.swift"] = project["Views/StoreView.swift"] ?? Self.view
        let errors = try TypeCheck.typeCheck(files: project)
        #expect(errors.isEmpty, "\(errors)", sourceLocation: sourceLocation)
        let run = MigrationHarness.migrate(project, xcode: xcode)
        let kept = run.report.refused.first { $0.type == "Store" }
        #expect(kept != nil && kept!.reasons.contains { $0.contains(reason) }, "\(run.report)", sourceLocation: sourceLocation)
        #expect(!run.report.migrated.contains { $0.type == "Store" }, sourceLocation: sourceLocation)
        #expect(run.changed.isEmpty, "changed \(run.changed)", sourceLocation: sourceLocation)
    }

    @Test func publisherUsedInAPipeline() throws {
        try expectKept(["Store.swift": """
        import Combine

        final class Store: ObservableObject {
            @Published var title = ""
            @Published var query = ""
            private var bag: [AnyCancellable] = []

            init() {
                $query.map { $0.uppercased() }.assign(to: &$title)
            }
        }

        """], "its publisher `$query` is used at Store.swift:9")
    }

    /// `onChange(of:)` needs an `Equatable` value: a publisher of another type keeps the class.
    @Test func publisherOfAValueThatIsNotEquatableUsedInOnReceive() throws {
        try expectKept(["Store.swift": """
        import Combine

        struct Entry {
            var text = ""
        }

        final class Store: ObservableObject {
            @Published var title = ""
            @Published var entries: [Entry] = []
        }

        """, "Views/Watcher.swift": """
        import SwiftUI

        struct Watcher: View {
            @ObservedObject var store: Store
            @State private var seen = 0
            var body: some View {
                Text("\\(seen)").onReceive(store.$entries) { seen = $0.count }
            }
        }

        """], "its publisher `$entries` is used at Views/Watcher.swift:7")
    }

    @Test func objectWillChangeUsed() throws {
        try expectKept(["Store.swift": """
        import Combine

        final class Store: ObservableObject {
            @Published var title = ""
            var hidden = 0 {
                willSet { objectWillChange.send() }
            }
        }

        """], "its `objectWillChange` is used at Store.swift:6")
    }

    @Test func subclassed() throws {
        try expectKept(["Store.swift": """
        import Combine

        class Store: ObservableObject {
            @Published var title = ""
        }

        final class SpecialStore: Store {}

        """], "it has subclasses (`SpecialStore`)")
    }

    @Test func observableObjectSuperclass() throws {
        try expectKept(["Store.swift": """
        import Combine

        class BaseStore: ObservableObject {
            @Published var loading = false
        }

        final class Store: BaseStore {
            @Published var title = ""
        }

        """], "its superclass `BaseStore` is an `ObservableObject`")
    }

    @Test func genericConstraintAndExistential() throws {
        try expectKept(["Store.swift": """
        import Combine

        final class Store: ObservableObject {
            @Published var title = ""
        }

        func keep<T: ObservableObject>(_ object: T) -> [any ObservableObject] { [object] }

        """], "`ObservableObject` is used as a type at Store.swift:7 (an existential or a `where` clause)")
    }

    /// One level of refinement migrates as a group (`MigrationProtocolGroupTests`); two do not.
    @Test func protocolRefiningThroughAnother() throws {
        try expectKept(["Store.swift": """
        import Combine

        protocol Loading: ObservableObject {}
        protocol StoreProtocol: Loading {}

        final class Store: StoreProtocol {
            @Published var title = ""
        }

        """], "it conforms to `ObservableObject` through `StoreProtocol`, a protocol that refines it through another protocol")
    }

    @Test func environmentObjectWhoseProjectionIsUsed() throws {
        try expectKept(["Store.swift": """
        import Combine

        final class Store: ObservableObject {
            @Published var title = ""
        }

        """, "Views/Editor.swift": """
        import SwiftUI

        struct Editor: View {
            @EnvironmentObject var store: Store
            var body: some View { TextField("Title", text: $store.title) }
        }

        """], "`$store` of `@EnvironmentObject var store` is used at Views/Editor.swift:5")
    }

    /// Made in `init` from a property of the view: the closure the lazily owned rewrite would
    /// store cannot read it there, so the class is kept (on any Xcode).
    @Test func stateObjectCreatedInInitFromAPropertyOfTheView() throws {
        try expectKept(["Store.swift": """
        import Combine

        final class Store: ObservableObject {
            @Published var title = ""
            init(title: String) { self.title = title }
        }

        """, "Views/Owner.swift": """
        import SwiftUI

        struct Owner: View {
            @StateObject private var store: Store
            private let heading: String
            init(title: String) {
                heading = title
                _store = StateObject(wrappedValue: Store(title: heading))
            }
            var body: some View { StoreView(store: store) }
        }

        """], "its creation in `init` reads `heading`", xcode: 27)
    }

    @Test func lazilyOwnedRewriteRefusedOnXcode26() throws {
        try expectKept(["Store.swift": """
        import Combine

        final class Store: ObservableObject {
            @Published var title = ""
        }

        """, "Views/Owner.swift": """
        import SwiftUI

        struct Owner: View {
            @StateObject private var store = Store()
            var body: some View {
                Group {
                    StoreView(store: store)
                    Text("b")
                }
            }
        }

        """], "cannot become a lazily owned `@State` (made once, on appear)", xcode: 26)
    }

    @Test func onlyTheRefusedClassIsKept() throws {
        let files = [
            "Store.swift": """
            import Combine

            class Store: ObservableObject {
                @Published var title = ""
            }

            final class SpecialStore: Store {}

            final class Settings: ObservableObject {
                @Published var dark = false
            }

            """,
            "Views/StoreView.swift": Self.view,
            "Views/SettingsView.swift": """
            import SwiftUI

            struct SettingsView: View {
                @StateObject private var settings = Settings()
                var body: some View { Toggle("Dark", isOn: $settings.dark) }
            }

            """,
        ]
        let run = try MigrationHarness.checkedMigration(files, xcode: 27)
        #expect(run.report.migrated.map { $0.type } == ["Settings"])
        #expect(run.report.refused.map { $0.type } == ["SpecialStore", "Store"])
        #expect(run.files["Views/StoreView.swift"] == Self.view)
        #expect(run.files["Store.swift"]!.contains("class Store: ObservableObject {\n    @Published var title"))
        #expect(run.files["Views/SettingsView.swift"]!.contains("@State private var settings = Settings()"))
    }
}

@Suite struct MigrationUseTests {
    /// `.onReceive(model.$x) { … }` of an `Equatable` property becomes
    /// `.onChange(of: model.x, initial: true) { _, … }`: a closure parameter, `$0`, or `perform:`.
    @Test func onReceiveOfAnEquatablePropertyBecomesOnChange() throws {
        let files = [
            "Store.swift": """
            import Combine

            enum Mode {
                case list, grid
            }

            final class Store: ObservableObject {
                @Published var title = ""
                @Published var mode: Mode = .list
                @Published var count: Int? = nil
            }

            """,
            "Views/Watcher.swift": """
            import SwiftUI

            struct Watcher: View {
                @ObservedObject var store: Store
                @State private var seen = ""
                @State private var grid = false
                @State private var counted = 0

                var body: some View {
                    Text(seen)
                        .onReceive(store.$title) { title in
                            seen = title
                        }
                        .onReceive(store.$mode) { grid = $0 == .grid }
                        .onReceive(store.$count, perform: record)
                }

                private func record(_ count: Int?) { counted = count ?? 0 }
            }

            """,
        ]
        let run = try MigrationHarness.checkedMigration(files, xcode: 27)
        #expect(run.report.migrated.map(\.type) == ["Store"], "\(run.report)")
        let watcher = try #require(run.files["Views/Watcher.swift"])
        #expect(watcher.contains(".onChange(of: store.title, initial: true) { _, title in\n"), "\(watcher)")
        #expect(watcher.contains(".onChange(of: store.mode, initial: true) { _, newValue in grid = newValue == .grid }"), "\(watcher)")
        #expect(watcher.contains(".onChange(of: store.count, initial: true, { _, newValue in record(newValue) })"), "\(watcher)")
    }

    /// A `lazy var` or another property wrapper was never published: `@ObservationIgnored` keeps
    /// it unobserved, and lets `@Observable` compile.
    @Test func lazyVarAndOtherPropertyWrappersAreIgnoredByObservation() throws {
        let files = [
            "Store.swift": """
            import Combine

            @propertyWrapper struct Clamped {
                var wrappedValue: Int
            }

            @MainActor
            final class Store: ObservableObject {
                @Published var title = ""
                private(set) lazy var fields: [String] = [title]
                @Clamped var level = 3
                static let shared = Store()
            }

            """,
            "Views/StoreView.swift": MigrationRefusalTests.view,
        ]
        let run = try MigrationHarness.checkedMigration(files, xcode: 27)
        #expect(run.report.migrated.map(\.type) == ["Store"], "\(run.report)")
        let store = try #require(run.files["Store.swift"])
        #expect(store.contains("    @ObservationIgnored private(set) lazy var fields: [String] = [title]\n"), "\(store)")
        #expect(store.contains("    @ObservationIgnored @Clamped var level = 3\n"), "\(store)")
        #expect(store.contains("    static let shared = Store()\n"), "\(store)")
    }

    /// A SwiftData `@Model` class is `Observable` already: it only loses `ObservableObject`.
    /// (SwiftData is not on Linux: the text is checked, not compiled.)
    @Test func swiftDataModelOnlyDropsObservableObject() {
        let files = [
            "Vault.swift": """
            import SwiftData

            @Model
            final class Vault: ObservableObject, Codable {
                @Attribute(.unique) var name: String
                @Relationship(deleteRule: .cascade) var coins: [String] = []
                init(name: String) { self.name = name }
            }

            """,
            "VaultView.swift": """
            import SwiftUI

            struct VaultView: View {
                @ObservedObject var vault: Vault
                var body: some View { Text(vault.name) }
            }

            """,
        ]
        let run = MigrationHarness.migrate(files, xcode: 27)
        #expect(run.report.migrated.map(\.type) == ["Vault"], "\(run.report)")
        #expect(run.files["Vault.swift"] == files["Vault.swift"]!.replacingOccurrences(of: "Vault: ObservableObject, Codable", with: "Vault: Codable"))
        #expect(run.files["VaultView.swift"]!.contains("    var vault: Vault\n"))
    }

    /// An object handed to `init` and kept as `@StateObject` stays the first one handed in:
    /// `State(initialValue:)` keeps the first value as `StateObject(wrappedValue:)` did, on any
    /// Xcode; an `@ObservedObject` handed in becomes a plain property.
    @Test func objectsHandedToInit() throws {
        let files = [
            "Store.swift": """
            import Foundation
            import Combine

            final class Store: ObservableObject {
                @Published var title: String
                init(title: String) { self.title = title }
            }

            extension Store {
                var shout: String { title.uppercased() }
            }

            """,
            "Views/Owner.swift": """
            import SwiftUI

            struct Owner: View {
                @StateObject private var store: Store
                init(store: Store) {
                    _store = StateObject(wrappedValue: store)
                }
                var body: some View { Shown(store: store) }
            }

            struct Shown: View {
                @ObservedObject private var store: Store
                init(store: Store) {
                    _store = ObservedObject(wrappedValue: store)
                }
                var body: some View { Text(store.shout) }
            }

            """,
        ]
        for xcode in [26, 27] {
            let run = try MigrationHarness.checkedMigration(files, xcode: xcode)
            #expect(run.report.migrated.map { $0.type } == ["Store"], "\(run.report)")
            let owner = run.files["Views/Owner.swift"]!
            #expect(owner.contains("@State private var store: Store\n"))
            #expect(owner.contains("_store = State(initialValue: store)"))
            #expect(owner.contains("    private var store: Store\n"))
            #expect(owner.contains("self.store = store\n"))
        }
    }

    /// An object the view makes in `init` becomes lazily owned on every Xcode (`State(initialValue:
    /// Store(…))` would make a `Store` on every init, on Xcode 27 too): the creation moves into a
    /// closure `init` stores, called on appear.
    @Test func objectCreatedInInitBecomesLazilyOwnedOnEveryXcode() throws {
        let files = [
            "Store.swift": "import Combine\n\nfinal class Store: ObservableObject {\n    @Published var title = \"\"\n    init(title: String) { self.title = title }\n}\n",
            "Views/Owner.swift": """
            import SwiftUI

            struct Owner: View {
                @StateObject private var store: Store
                init(title: String) {
                    _store = StateObject(wrappedValue: Store(title: title))
                }
                var body: some View { Text(store.title) }
            }

            """,
        ]
        for xcode in [26, 27] {
            let run = try MigrationHarness.checkedMigration(files, xcode: xcode)
            #expect(run.report.migrated.map(\.type) == ["Store"], "\(run.report)")
            let owner = try #require(run.files["Views/Owner.swift"])
            #expect(owner.contains("@State private var store: Store?\n    private let makeStore: () -> Store\n"), "\(owner)")
            #expect(owner.contains("makeStore = { Store(title: title) }"), "\(owner)")
            #expect(owner.contains("if store == nil { store = makeStore() }"), "\(owner)")
        }
    }

    /// What a blind converter leaves (`observable_inline_init`), migrate does not: an
    /// `@ObservedObject` the view sets in `init`, and a property that never had a wrapper, become
    /// state the view owns in the toolchain's form.
    @Test func objectsInPropertiesWithoutAWrapperBecomeOwnedState() throws {
        let files = [
            "Store.swift": "import Combine\n\nfinal class Store: ObservableObject {\n    @Published var title = \"\"\n    init() {}\n}\n",
            "Views/Owner.swift": """
            import SwiftUI

            struct Owner: View {
                @ObservedObject var store: Store
                let title: String
                init(title: String) {
                    self.title = title
                    self.store = Store()
                }
                var body: some View { Text(title + store.title) }
            }

            struct Unwrapped: View {
                private let store = Store()
                var body: some View { Text(store.title) }
            }

            """,
        ]
        let modern = try MigrationHarness.checkedMigration(files, xcode: 27)
        #expect(modern.report.migrated.map(\.type) == ["Store"], "\(modern.report)")
        let owner = try #require(modern.files["Views/Owner.swift"])
        #expect(owner.contains("    @State private var store: Store = Store()\n"), "\(owner)")
        #expect(!owner.contains("self.store = Store()"), "\(owner)")
        #expect(owner.contains("    @State private var store = Store()\n"), "\(owner)")
        let older = try MigrationHarness.checkedMigration(files, xcode: 26)
        #expect(older.report.migrated.map(\.type) == ["Store"], "\(older.report)")
        let lazy = try #require(older.files["Views/Owner.swift"])
        #expect(lazy.contains("    @State private var store: Store?\n    let title: String\n"), "\(lazy)")
        #expect(lazy.contains("if store == nil { store = Store() }") && !lazy.contains("self.store = Store()"), "\(lazy)")
        #expect(lazy.contains("    @State private var store: Store?\n"), "\(lazy)")
        for run in [modern, older] {
            let left = MigrationHarness.findings(run.files, xcode: 27)["Views/Owner.swift"] ?? []
            #expect(!left.contains(ObservableInlineInitRule.description.id), "\(left)")
        }
    }

    /// `@State private var sizer = Sizer()` of an `ObservableObject` (winston): once the class is
    /// `@Observable`, `@State` makes one on every view init on Xcode 26 and earlier, so migrate
    /// owns it lazily there; on Xcode 27 it stays as written.
    @Test func stateThatAlreadyHeldTheObjectBecomesLazilyOwnedOnXcode26() throws {
        let files = [
            "Sizer.swift": "import Combine\n\nfinal class Sizer: ObservableObject {\n    @Published var width = 0.0\n}\n",
            "Views/Row.swift": """
            import SwiftUI

            struct Row: View {
                @State private var sizer = Sizer()
                var body: some View { Text("\\(sizer.width)") }
            }

            """,
        ]
        let older = try MigrationHarness.checkedMigration(files, xcode: 26)
        #expect(older.report.migrated.map(\.type) == ["Sizer"], "\(older.report)")
        let row = try #require(older.files["Views/Row.swift"])
        #expect(row.contains("@State private var sizer: Sizer?") && row.contains("if sizer == nil { sizer = Sizer() }"), "\(row)")
        let modern = try MigrationHarness.checkedMigration(files, xcode: 27)
        #expect(modern.files["Views/Row.swift"]?.contains("@State private var sizer = Sizer()\n") == true)
    }

    /// Where that rewrite is refused, the class is kept and the report says why, rather than
    /// leaving a property that makes a new object on every init.
    @Test func aPropertyWithoutAWrapperThatCannotBecomeOwnedKeepsTheClass() throws {
        let files = [
            "Store.swift": "import Combine\n\nfinal class Store: ObservableObject {\n    @Published var title = \"\"\n    init(title: String) { self.title = title }\n}\n",
            "Views/Owner.swift": """
            import SwiftUI

            struct Owner: View {
                @ObservedObject var store: Store
                init(title: String) {
                    self.store = Store(title: title)
                    store.title += "!"
                }
                var body: some View { Text(store.title) }
            }

            """,
        ]
        #expect(try TypeCheck.typeCheck(files: files).isEmpty)
        for xcode in [26, 27] {
            let run = MigrationHarness.migrate(files, xcode: xcode)
            let kept = run.report.refused.first { $0.type == "Store" }
            #expect(kept?.reasons.contains { $0.contains("`store` in Views/Owner.swift") && $0.contains("cannot become state the view owns") } == true,
                    "\(run.report)")
            #expect(run.changed.isEmpty, "\(run.changed)")
        }
    }

    @Test func conformanceInAnExtensionAndAnApp() throws {
        let files = [
            "Store.swift": """
            import Combine

            final class Store {
                @Published var title = ""
            }

            """,
            "Store+Observable.swift": """
            import Combine

            extension Store: ObservableObject {}

            """,
            "App.swift": """
            import SwiftUI

            struct StoreApp: App {
                @StateObject private var store = Store()
                var body: some Scene {
                    WindowGroup { Reader() }
                        .environmentObject(store)
                }
            }

            struct Reader: View {
                @EnvironmentObject var store: Store
                var body: some View { Text(store.title) }
            }

            """,
        ]
        for xcode in [26, 27] {
            let run = try MigrationHarness.checkedMigration(files, xcode: xcode)
            #expect(run.report.migrated.map { $0.type } == ["Store"], "\(run.report)")
            #expect(run.files["Store+Observable.swift"] == "import Combine\n\nextension Store {}\n")
            #expect(run.files["App.swift"]!.contains("@State private var store = Store()"))
            #expect(run.files["App.swift"]!.contains(".environment(store)"))
            #expect(run.files["App.swift"]!.contains("@Environment(Store.self) var store\n"))
        }
    }

    @Test func typeFilterAndPaths() {
        let files = [
            "A/Store.swift": "import Combine\n\nfinal class Store: ObservableObject {\n    @Published var a = 0\n}\n",
            "B/Other.swift": "import Combine\n\nfinal class Other: ObservableObject {\n    @Published var b = 0\n}\n",
        ]
        let byType = MigrationHarness.migrate(files, xcode: 27, types: ["Other", "Missing"])
        #expect(byType.report.migrated.map { $0.type } == ["Other"])
        #expect(byType.report.refused.map { $0.type } == ["Missing"])
        #expect(byType.changed == ["B/Other.swift"])
        let byPath = MigrationHarness.migrate(files, xcode: 27, under: "A/")
        #expect(byPath.report.migrated.map { $0.type } == ["Store"])
        #expect(byPath.changed == ["A/Store.swift"])
        #expect(byPath.files["A/Store.swift"] == "import Combine\nimport Observation\n\n@Observable\nfinal class Store {\n    var a = 0\n}\n")
    }
}

/// Classes that conform to `ObservableObject` through a protocol of the project that refines it
/// migrate together, the protocol with them (`AnyObject, Observable`), and the generic views
/// whose parameter it constrains change their wrappers; while one of them is kept, all are.
@Suite struct MigrationProtocolGroupTests {
    static let files = [
        "Model/Menu.swift": """
        import Combine

        @MainActor
        protocol MenuModel: ObservableObject {
            var title: String { get }
            var items: [String] { get }
        }

        extension MenuModel {
            var count: Int { items.count }
        }

        @MainActor
        final class SizeMenu: MenuModel {
            let title = "Size"
            @Published private(set) var items: [String] = ["S", "M"]
        }

        @MainActor
        final class SortMenu: MenuModel {
            let title = "Sort"
            @Published var items: [String] = []
            func add(_ item: String) { items.append(item) }
        }

        """,
        "Views/MenuView.swift": """
        import SwiftUI

        struct MenuView<Model: MenuModel>: View {
            @StateObject private var model: Model

            init(model: Model) {
                _model = StateObject(wrappedValue: model)
            }

            var body: some View {
                VStack {
                    Text(model.title)
                    ForEach(model.items, id: \\.self) { Text($0) }
                }
            }
        }

        struct MenuRow<Model: MenuModel>: View {
            @ObservedObject var model: Model
            var body: some View { Text("\\(model.count)") }
        }

        @MainActor
        enum Menus {
            static func size() -> some View { MenuView(model: SizeMenu()) }
            static func sort(_ menu: SortMenu) -> some View { MenuRow(model: menu) }
        }

        """,
    ]

    @Test(arguments: [27, 26])
    func theGroupMigratesWithItsProtocolAndGenericViews(xcode: Int) throws {
        let run = try MigrationHarness.checkedMigration(Self.files, xcode: xcode)
        #expect(run.report.migrated.map(\.type) == ["SizeMenu", "SortMenu"], "\(run.report)")
        let model = try #require(run.files["Model/Menu.swift"])
        #expect(model.contains("protocol MenuModel: AnyObject, Observable {"), "\(model)")
        #expect(model.contains("import Observation"), "\(model)")
        let view = try #require(run.files["Views/MenuView.swift"])
        #expect(view.contains("    @State private var model: Model\n") && view.contains("_model = State(initialValue: model)"), "\(view)")
        #expect(view.contains("    var model: Model\n"), "\(view)")
        #expect(!view.contains("ObservedObject") && !view.contains("StateObject"), "\(view)")
    }

    /// One class of the group is kept (its publisher is used): the others stay with it, and the
    /// protocol and the views are untouched.
    @Test func oneKeptClassKeepsTheGroup() throws {
        var files = Self.files
        files["Views/Watch.swift"] = """
        import SwiftUI

        struct Watch: View {
            @StateObject private var menu = SortMenu()
            var body: some View {
                Text(menu.title).onReceive(menu.$items.removeDuplicates()) { print($0) }
            }
        }

        """
        let run = try MigrationHarness.checkedMigration(files, xcode: 27)
        #expect(run.report.migrated.isEmpty, "\(run.report)")
        let kept = run.report.refused.first { $0.type == "SizeMenu" }?.reasons ?? []
        #expect(kept == ["it conforms to `ObservableObject` through `MenuModel`, whose classes migrate together, and `SortMenu` is kept"], "\(kept)")
        #expect(run.changed.isEmpty, "\(run.changed)")
    }
}
