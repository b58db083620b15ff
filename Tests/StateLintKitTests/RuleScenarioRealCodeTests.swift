import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// Classes of code found in apps this team did not write, where StateLint once missed a bug or
/// raised a false alarm. Each test describes the class in its own words.
@Suite struct RuleScenarioRealCodeTests {
    static let inline = StateInlineClassInitRule.description.id
    static let nilCheck = AppearMissingNilCheckRule.description.id
    static let teardown = DisappearMissingTeardownRule.description.id

    /// Lints marked files together; `↓` marks where findings of `rules` start.
    static func expect(_ files: [(path: String, marked: String)], rules: [String],
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        var expected: [String] = []
        var sources: [(String, String)] = []
        for (path, marked) in files {
            let (source, offsets) = RuleHarness.removingMarkers(marked)
            let file = SourceFile(path: path, text: source)
            expected += offsets.map { "\(path):\(file.location(ofOffset: $0).line):\(file.location(ofOffset: $0).column)" }
            sources.append((path, source))
        }
        let actual = RuleHarness.findings(sources, rules: rules).map { "\($0.path):\($0.start.line):\($0.start.column)" }
        #expect(actual.sorted() == expected.sorted(), sourceLocation: sourceLocation)
    }

    static func expect(_ marked: String, rules: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        expect([("View.swift", marked)], rules: rules, sourceLocation: sourceLocation)
    }

    /// Generic types with two or more arguments are creations, also through a typealias.
    @Test func genericTypesWithSeveralArguments() {
        Self.expect("""
        import SwiftUI
        import Combine
        enum Event { case tap }
        typealias ImageCache = NSCache<NSString, NSData>
        struct GalleryView: View {
            ↓@State private var cache = NSCache<NSString, NSData>()
            ↓@State private var progress = CurrentValueSubject<Double, Never>(0)
            ↓@State private var events = PassthroughSubject<Event, Never>()
            ↓@State private var thumbnails = ImageCache()
            @State private var lookup = Dictionary<String, Int>()
            @State private var pairs = [String: Int](), count = 0
            var body: some View { Text("Gallery") }
        }
        """, rules: [Self.inline])
    }

    /// Immediately-invoked closures that configure the instance before returning it.
    @Test func configuringClosuresReturnTheirInstance() {
        Self.expect("""
        import SwiftUI
        @Observable final class PlayerModel { var volume = 0.5; func configure() {} }
        struct PlayerView: View {
            ↓@State private var model: PlayerModel = {
                let model = PlayerModel()
                model.volume = 1
                return model
            }()
            @State private var other: PlayerModel
            @State private var volume: Double = { let v = 0.4; return v * 2 }()
            init() {
                ↓_other = State(wrappedValue: { let m = PlayerModel(); m.configure(); return m }())
            }
            var body: some View { Text("Player") }
        }
        """, rules: [Self.inline])
    }

    /// `model = model ?? Model()` is guarded (no nil-check finding) but still a lazily created
    /// object that needs a teardown.
    @Test func coalescingCreationNeedsATeardown() {
        let source = """
        import SwiftUI
        @Observable final class ReaderModel {}
        struct ReaderView: View {
            @State private var model: ReaderModel?
            @State private var kept: ReaderModel?
            var body: some View {
                Text("Reader")
                    .onAppear {
                        ↓model = model ?? ReaderModel()
                        kept = self.kept ?? ReaderModel()
                    }
                    .onDisappear { kept = nil }
            }
        }
        """
        Self.expect(source, rules: [Self.teardown])
        Self.expect(RuleHarness.removingMarkers(source).source, rules: [Self.nilCheck])
    }

    /// A view split over files: the state in the struct, the handlers and the methods they call
    /// in extensions elsewhere.
    @Test(arguments: [RuleScenarioRealCodeTests.nilCheck, RuleScenarioRealCodeTests.teardown])
    func viewsSplitOverFiles(rule: String) {
        Self.expect([
            ("Inbox/InboxView.swift", """
            import SwiftUI
            @Observable final class InboxModel {}
            struct InboxView: View {
                @State private var model: InboxModel?
                @State private var drafts: InboxModel?
                var body: some View { content }
            }
            """),
            ("Inbox/InboxView+Content.swift", """
            import SwiftUI
            extension InboxView {
                var content: some View {
                    List { Text("Inbox") }
                        .onAppear(perform: prepare)
                        .task { if drafts == nil { drafts = InboxModel() } }
                }
            }
            """),
            ("Inbox/InboxView+Loading.swift", """
            extension InboxView {
                func prepare() {
                    ↓model = InboxModel()
                }
                func tearDown() { drafts = nil }
            }
            """),
            ("Inbox/InboxView+Lifecycle.swift", """
            import SwiftUI
            extension InboxView {
                var lifecycle: some View { Color.clear.onDisappear(perform: tearDown) }
            }
            """),
        ], rules: [rule])
    }

    /// The same view's teardown in another file is not a missing teardown.
    @Test func teardownInAnotherFileCounts() {
        Self.expect([
            ("A.swift", """
            import SwiftUI
            @Observable final class MapModel {}
            struct MapScreen: View {
                @State private var model: MapModel?
                var body: some View { Text("Map").onAppear { if model == nil { model = MapModel() } } }
            }
            """),
            ("B.swift", "import SwiftUI\nextension MapScreen { func stop() { model = nil } }\n"),
            ("C.swift", "import SwiftUI\nextension MapScreen { var chrome: some View { Text(\"\").onDisappear { stop() } } }\n"),
        ], rules: [Self.teardown])
    }

    /// Every spelling of nil is a teardown, in every form of the action.
    @Test func nilSpelledEveryWay() {
        Self.expect("""
        import SwiftUI
        @Observable final class Model {}
        struct NilView: View {
            @State private var a: Model?
            @State private var b: Model?
            @State private var c: Model?
            @State private var d: Model?
            @State private var e: Model?
            @State private var f: Optional<Model>
            var body: some View {
                Text("x")
                    .onAppear {
                        if a == nil { a = Model() }
                        if b == nil { b = Model() }
                        if c == nil { c = Model() }
                        if d == nil { d = Model() }
                        if e == nil { ↓e = Model() }
                        if f == nil { f = Model() }
                    }
                    .onDisappear(perform: { self.a = Optional.none })
                    .onDisappear {
                        b = Optional<Model>.none
                        self.c = .none
                        d = nil as Model?
                        e = Model()
                        f = nil
                    }
            }
        }
        """, rules: [Self.teardown])
    }

    /// `@State` means nothing outside SwiftUI types: a plain struct, a class, a model.
    @Test func stateOutsideViewsIsNotReported() {
        Self.expect("""
        import SwiftUI
        @Observable final class Model {}
        struct Settings { @State var model = Model() }
        final class Coordinator { @State var model = Model() }
        struct Row: Identifiable, Hashable {
            let id = UUID()
            @State var model = Model()
        }
        struct Screen: View {
            ↓@State private var model = Model()
            var body: some View { Text("x") }
        }
        struct Helper {
            @State private var model: Model?
            func start() -> some View { Text("x").onAppear { model = Model() } }
        }
        """, rules: [Self.inline, Self.nilCheck, Self.teardown])
    }

    /// A conformance written in an extension in another file makes the type a view.
    @Test func viewConformanceInAnotherFile() {
        Self.expect([
            ("Badge.swift", """
            import SwiftUI
            @Observable final class BadgeModel {}
            struct Badge {
                ↓@State private var model = BadgeModel()
            }
            """),
            ("Badge+View.swift", "import SwiftUI\nextension Badge: View { var body: some View { Text(\"\") } }\n"),
        ], rules: [Self.inline])
    }

    /// Assigning the property in an initializer runs on every view init, like `_m = State(…)`.
    @Test func initializerAssignmentsOfTheProperty() {
        Self.expect("""
        import SwiftUI
        @Observable final class Model {}
        struct ProfileView: View {
            @State private var model: Model
            @State private var other: Model
            @State private var passed: Model
            @State private var local: Model
            init(passed: Model) {
                ↓self.model = Model()
                ↓other = Model()
                self.passed = passed
                var local = Model()
                local = Model()
                _local = State(initialValue: local)
            }
            var body: some View { Text("x") }
        }
        """, rules: [Self.inline])
    }

    /// Calls are followed at any depth, and `while` and negated conditions are guards.
    @Test func deepCallsAndOtherGuards() {
        Self.expect("""
        import SwiftUI
        @Observable final class Model {}
        struct DeepView: View {
            @State private var a: Model?
            @State private var b: Model?
            @State private var c: Model?
            var body: some View { Text("x").onAppear { one() } }
            func one() { two() }
            func two() { three() }
            func three() { four() }
            func four() { five() }
            func five() {
                ↓a = Model()
                while b == nil { b = Model() }
                if !(c != nil) { c = Model() }
                five()
            }
        }
        """, rules: [Self.nilCheck])
    }
}

/// More classes from real apps: code that must stay silent.
@Suite struct RuleScenarioRealCodeSilenceTests {
    static let all = RuleRegistry.all.map { $0.description.id }

    /// `static` state (in a `PreviewProvider`) is made once.
    @Test func staticStateInPreviewProviders() {
        RuleScenarioRealCodeTests.expect("""
        import SwiftUI
        import Combine
        final class Config: ObservableObject { @Published var name = "" }
        struct SettingsView: View {
            @Binding var config: Config
            var body: some View { Text(config.name) }
        }
        struct SettingsView_Previews: PreviewProvider {
            @State static private var config = Config()
            @State static var other = Config()
            static var previews: some View { SettingsView(config: $config) }
        }
        """, rules: Self.all)
    }

    /// A handle stopped and replaced on purpose every time is no model to guard or release.
    @Test func stoppedAndReplacedHandles() {
        RuleScenarioRealCodeTests.expect("""
        import SwiftUI
        struct ToolbarView: View {
            @State private var idleItem: DispatchWorkItem?
            @State private var ticker: Timer?
            var body: some View {
                Color.clear
                    .onAppear { restartIdle() }
                    .onAppear {
                        ticker?.invalidate()
                        ticker = Timer(timeInterval: 1, repeats: true) { _ in }
                    }
            }
            private func restartIdle() {
                idleItem?.cancel()
                idleItem = DispatchWorkItem { print("idle") }
            }
        }
        """, rules: Self.all)
    }

    /// The same, stopped through an `if let` binding (`if let item = idleItem { item.cancel() }`);
    /// a binding of another value stops nothing of the property's.
    @Test func stoppedThroughAnIfLetBinding() {
        RuleScenarioRealCodeTests.expect("""
        import SwiftUI
        struct StatusBarView: View {
            @State private var idleItem: DispatchWorkItem?
            @State private var pollItem: DispatchWorkItem?
            let previous: DispatchWorkItem?
            var body: some View {
                Color.clear
                    .onAppear {
                        if let item = self.idleItem { item.cancel() }
                        idleItem = DispatchWorkItem { print("idle") }
                        if let item = previous, !item.isCancelled { item.cancel() }
                        ↓pollItem = DispatchWorkItem { print("poll") }
                    }
            }
        }
        """, rules: [AppearMissingNilCheckRule.description.id])
    }

    /// Creations after a guard on a sibling the same code creates run once per that sibling.
    @Test func siblingsCreatedUnderOneGuard() {
        RuleScenarioRealCodeTests.expect("""
        import SwiftUI
        @Observable final class Filters {}
        struct SearchView: View {
            @State private var communities: Filters?
            @State private var people: Filters?
            @State private var posts: Filters?
            @State private var tags: Filters?
            var body: some View {
                Text("Search")
                    .onAppear { makeFilters() }
                    .onAppear { if tags == nil { setUpTags() } }
                    .onDisappear { communities = nil; people = nil; posts = nil; tags = nil }
            }
            private func makeFilters() {
                guard communities == nil else { return }
                communities = Filters()
                people = Filters()
                posts = Filters()
            }
            private func setUpTags() { tags = Filters(); people = people ?? Filters() }
        }
        """, rules: Self.all)
    }

    /// An `ObservableObject` held in `@State` only to be handed on needs no observing there.
    @Test func observableObjectsHandedOn() {
        RuleScenarioRealCodeTests.expect("""
        import SwiftUI
        import Combine
        final class Session: ObservableObject { @Published var user = "" }
        struct RootView: View {
            @State private var session: Session?
            @State private var login: Session?
            var body: some View {
                ContentView()
                    .environmentObject(session ?? Session.shared)
                    .sheet(item: $login) { LoginView(session: $0) }
                    .onAppear { session = Session.current() }
            }
        }
        struct DriveMenu: View {
            ↓@State var config: Session
            var body: some View { Text(config.user) }
        }
        extension Session: Identifiable {
            static let shared = Session()
            static func current() -> Session { shared }
        }
        """, rules: [ObservableObjectInStateRule.description.id])
    }

    /// `let actor = actor` before a line starting `Task {` declares nothing.
    @Test func actorAsAName() {
        RuleScenarioRealCodeTests.expect([
            ("Worker.swift", """
            func forward(_ actor: Worker) {
                let actor = actor
                Task { await actor.run() }
            }
            """),
            ("View.swift", """
            import SwiftUI
            struct JobView: View {
                @State private var job: Task<Void, Never>?
                @State private var other = Task<Void, Never> { }
                var body: some View { Text("").onAppear { job = Task { }; job?.cancel() } }
            }
            """),
        ], rules: [StateInlineClassInitRule.description.id, AppearMissingNilCheckRule.description.id,
                   DisappearMissingTeardownRule.description.id])
    }

    /// Attributes in the inheritance clause keep the type a view.
    @Test func attributesInTheInheritanceClause() {
        RuleScenarioRealCodeTests.expect("""
        import SwiftUI
        @Observable final class Model {}
        struct A: @preconcurrency View {
            ↓@State private var model = Model()
            var body: some View { Text("") }
        }
        struct B: Equatable, @unchecked Sendable, View {
            ↓@State private var model = Model()
            var body: some View { Text("") }
            static func == (a: B, b: B) -> Bool { true }
        }
        """, rules: [StateInlineClassInitRule.description.id])
    }

    /// Two views with one name in different folders (targets) are reported once each.
    @Test func sameNamedViewsInTwoTargets() {
        RuleScenarioRealCodeTests.expect([
            ("App/Avatar.swift", """
            import SwiftUI
            @Observable final class Loader {}
            struct Avatar: View {
                @State private var loader: Loader
                init() { ↓self._loader = .init(wrappedValue: .init()) }
                var body: some View { Text("") }
            }
            """),
            ("Widget/Avatar.swift", """
            import SwiftUI
            struct Avatar: View {
                @State private var loader: Loader
                init() { ↓self._loader = .init(wrappedValue: .init()) }
                var body: some View { Text("") }
            }
            """),
        ], rules: [StateInlineClassInitRule.description.id])
    }
}

/// Immutable framework data is a cache, not a model: re-making it on appear loses no user state,
/// and keeping it after the view disappears is no leak. Making it on every view init still costs.
@Suite struct RuleScenarioImmutableDataTests {
    @Test(arguments: [AppearMissingNilCheckRule.description.id, DisappearMissingTeardownRule.description.id])
    func thumbnailsMadeOnAppear(rule: String) {
        let marked = """
        import SwiftUI
        import UIKit
        @Observable final class GalleryModel {}
        struct ThumbnailView: View {
            @State private var thumbnail: UIImage?
            @State private var color: UIColor?
            @State private var model: GalleryModel?
            var body: some View {
                Color.clear
                    .onAppear {
                        thumbnail = UIImage(named: "cover")
                        color = UIColor(white: 0.5, alpha: 1)
                        ↓model = GalleryModel()
                    }
            }
        }
        """
        RuleScenarioRealCodeTests.expect(marked, rules: [rule])
    }

    @Test func immutableDataInStateIsStillMadeOnEveryInit() {
        RuleScenarioRealCodeTests.expect("""
        import SwiftUI
        import UIKit
        struct CoverView: View {
            ↓@State private var image = UIImage(named: "cover")
            var body: some View { Text("") }
        }
        """, rules: [StateInlineClassInitRule.description.id])
    }
}
