import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// False alarms and misses found by reading the rules' findings on real apps, each as a class of
/// code written here in our own words, with the side where the rule must still fire.
@Suite struct RuleScenarioTrustTests {
    static let inline = StateInlineClassInitRule.description.id
    static let nilCheck = AppearMissingNilCheckRule.description.id
    static let teardown = DisappearMissingTeardownRule.description.id
    static let inState = ObservableObjectInStateRule.description.id
    static let observedInline = ObservedObjectInlineInitRule.description.id
    static let unstructured = AppearUnstructuredTaskRule.description.id

    /// Lints marked files together; `↓` marks where findings start, `rule:` before it is not
    /// needed: every finding of `rules` must be marked, and every mark found.
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

    // MARK: B1 — an ObservableObject that is also Observable

    /// A class bridged to Observation by a conformance of its own (an extension, often behind
    /// an availability check or `#if canImport`, or swift-perception's `Perceptible`) is seen by
    /// `@State`; only the creation in the declaration is still worth reporting.
    @Test func observableObjectsThatAreAlsoObservableAreSeenByState() {
        let models = """
        import Combine
        import Observation
        final class CartStore: ObservableObject { @Published var items: [String] = [] }
        @available(iOS 17, *)
        extension CartStore: Observable {}

        final class SearchStore: ObservableObject { @Published var query = "" }
        #if canImport(Observation)
        extension SearchStore: Observation.Observable {}
        #endif

        final class LegacyStore: ObservableObject, Perceptible { @Published var count = 0 }

        @Perceptible
        final class PerceivedStore: ObservableObject { var count = 0 }

        protocol FeatureStore: Observable, ObservableObject {}
        final class ProfileStore: FeatureStore {}

        @Observable class BaseStore: ObservableObject {}
        final class InboxStore: BaseStore {}
        """
        let view = """
        import SwiftUI
        struct ShopView: View {
            ↓@State private var cart = CartStore()
            ↓@State private var search = SearchStore()
            ↓@State private var legacy = LegacyStore()
            ↓@State private var perceived = PerceivedStore()
            ↓@State private var profile = ProfileStore()
            ↓@State private var inbox = InboxStore()
            @State private var later: CartStore?
            var body: some View {
                Text(cart.items.first ?? search.query)
                    .task { if later == nil { later = CartStore() } }
                    .onDisappear { later = nil }
            }
        }
        """
        // `state_inline_class_init` still reports every creation; the in-state rule none.
        Self.expect([("Models.swift", models), ("ShopView.swift", view)], rules: [Self.inState, Self.inline])
        let inState = RuleHarness.findings([("Models.swift", models), ("ShopView.swift", RuleHarness.removingMarkers(view).source)],
                                           rules: [Self.inState])
        #expect(inState.isEmpty, "\(inState.map(\.message))")
    }

    /// SwiftData's `@Model` makes a class observable, also one that says `ObservableObject` too.
    @Test func swiftDataModelsAreObservable() {
        Self.expect("""
        import SwiftUI
        import SwiftData
        import Combine
        @Model final class Recipe: ObservableObject { var title = "" }
        @SwiftData.Model final class Ingredient { var name = "" }
        final class Pantry: ObservableObject { @Published var count = 0 }
        struct RecipeEditor: View {
            @State private var recipe: Recipe?
            @State private var ingredient: Ingredient?
            ↓@State private var pantry: Pantry?
            var body: some View {
                Text(recipe?.title ?? ingredient?.name ?? "\\(pantry?.count ?? 0)")
            }
        }
        """, rules: [Self.inState])
    }

    /// The conformances that do not bridge: another protocol in an extension, and a project's
    /// own protocol that happens to be called `Observable`.
    @Test func otherConformancesDoNotBridgeToObservation() {
        Self.expect("""
        import SwiftUI
        import Combine
        protocol Observable { func notify() }
        final class Ticker: ObservableObject { @Published var value = 0 }
        extension Ticker: Observable { func notify() {} }
        final class Clock: ObservableObject { @Published var now = 0 }
        extension Clock: Equatable { static func == (a: Clock, b: Clock) -> Bool { a === b } }
        struct TickerView: View {
            ↓@State private var ticker = Ticker()
            ↓@State private var clock = Clock()
            var body: some View { Text("\\(ticker.value) \\(clock.now)") }
        }
        """, rules: [Self.inState])
    }

    // MARK: B2 — a view that exists only while the property is nil

    /// The placeholder shown while the model is nil makes it: the view builder's `if`, `else`
    /// or `case nil:` is the nil check, and a teardown there would release the model as soon as
    /// it is made (the placeholder disappears then). Neither rule reports.
    @Test func aPlaceholderShownWhileTheModelIsNilMakesIt() {
        Self.expect("""
        import SwiftUI
        @Observable final class AlbumModel {}
        struct AlbumScreen: View {
            @State private var album: AlbumModel?
            @State private var tracks: AlbumModel?
            @State private var credits: AlbumModel?
            @State private var notes: AlbumModel?
            @State private var artwork: AlbumModel?
            @State private var lyrics: AlbumModel?
            var body: some View {
                VStack {
                    if let album {
                        Text("\\(album)")
                    } else {
                        ProgressView().task { album = AlbumModel() }
                    }
                    if tracks == nil {
                        ProgressView().onAppear { self.tracks = AlbumModel() }
                    }
                    switch credits {
                    case .some(let credits):
                        Text("\\(credits)")
                    case nil:
                        ProgressView()
                            .onAppear(perform: makeCredits)
                    }
                    if let notes = notes {
                        Text("\\(notes)")
                    } else if lyrics == nil {
                        Color.clear.task { notes = AlbumModel(); loadLyrics() }
                    }
                    switch self.artwork {
                    case .none:
                        Group { ProgressView() }.task { artwork = AlbumModel() }
                    default:
                        EmptyView()
                    }
                }
            }
            private func makeCredits() { credits = AlbumModel() }
            private func loadLyrics() { lyrics = AlbumModel() }
        }
        """, rules: [Self.nilCheck, Self.teardown])
    }

    /// Where the view outlives the nil: the handler outside the `if`, in the branch where the
    /// model exists, under a condition that holds with a model (`||`), under `default:` or a
    /// `.some` case, or under a check of another property. Both rules report.
    @Test func aViewThatOutlivesTheNilStillNeedsTheCheckAndTheTeardown() {
        let marked = """
        import SwiftUI
        @Observable final class AlbumModel {}
        struct AlbumScreen: View {
            @State private var album: AlbumModel?
            @State private var tracks: AlbumModel?
            @State private var credits: AlbumModel?
            @State private var notes: AlbumModel?
            @State private var artwork: AlbumModel?
            @State private var isRefreshing = false
            var body: some View {
                VStack {
                    Group {
                        if let album { Text("\\(album)") } else { ProgressView() }
                    }
                    .task { ↓album = AlbumModel() }
                    if let tracks {
                        Text("\\(tracks)").onAppear { ↓self.tracks = AlbumModel() }
                    }
                    if credits == nil || isRefreshing {
                        ProgressView().onAppear { ↓credits = AlbumModel() }
                    }
                    switch notes {
                    case .some:
                        Text("notes").task { ↓notes = AlbumModel() }
                    default:
                        ProgressView().task { if case let model? = artwork { print(model) } }
                    }
                    if album == nil {
                        ProgressView().task { ↓artwork = AlbumModel() }
                    }
                }
            }
        }
        """
        Self.expect(marked, rules: [Self.nilCheck])
        Self.expect(marked, rules: [Self.teardown])
    }

    // MARK: B2b — a view that presents a full-screen cover or makes a navigation container

    /// On iOS a `fullScreenCover` going up calls the presenting view's `.onDisappear`: a release
    /// there would take the model from the cover. A view that makes a `NavigationStack` or a
    /// `TabView` would lose its path or selected tab when a release made them again. Those views
    /// keep their models, and so does a view modifier, whose `content` (its caller's view) a release
    /// would make again; one that presents a sheet (no `.onDisappear`), even a sheet that makes a
    /// `NavigationStack` of its own, is still reported, and so is one that only names a navigation
    /// type (`NavigationPath`, `.navigationTitle`).
    @Test func aViewThatPresentsAFullScreenCoverOrMakesNavigationKeepsItsModel() {
        Self.expect("""
        import SwiftUI
        @Observable final class EditorModel { var isPreviewing = false }
        struct CoverScreen: View {
            @State private var editor: EditorModel?
            @State private var isPreviewing = false
            var body: some View {
                Text("Editor")
                    .onAppear { if editor == nil { editor = EditorModel() } }
                    .fullScreenCover(isPresented: $isPreviewing) { Text("Preview") }
            }
        }
        struct SheetScreen: View {
            @State private var editor: EditorModel?
            @State private var isPreviewing = false
            var body: some View {
                Text("Editor")
                    .onAppear { if editor == nil { ↓editor = EditorModel() } }
                    .sheet(isPresented: $isPreviewing) { NavigationStack { Text("Preview") } }
            }
        }
        struct StackScreen: View {
            @State private var editor: EditorModel?
            var body: some View {
                NavigationStack {
                    Text("Editor")
                }
                .onAppear { if editor == nil { editor = EditorModel() } }
            }
        }
        struct TabsScreen: View {
            @State private var editor: EditorModel?
            var body: some View {
                TabView { Text("Editor") }
                    .onAppear { if editor == nil { editor = EditorModel() } }
            }
        }
        struct Highlight: ViewModifier {
            @State private var editor: EditorModel?
            func body(content: Content) -> some View {
                content.onAppear { if editor == nil { editor = EditorModel() } }
            }
        }
        struct TitledScreen: View {
            @State private var editor: EditorModel?
            @State private var path = NavigationPath()
            var body: some View {
                Text("Editor")
                    .navigationTitle("Editor")
                    .onAppear { if editor == nil { ↓editor = EditorModel() } }
            }
        }
        """, rules: [Self.teardown])
    }

    // MARK: B3 — the App's state lives as long as the app

    /// An `App` or `Scene` that makes its store on appear keeps it for the app's life: no
    /// teardown is expected there. A view doing the same still needs one; and the nil check
    /// still matters in the App (each new window's content appears).
    @Test func appAndSceneStateNeedsNoTeardown() {
        let marked = """
        import SwiftUI
        @Observable final class LibraryStore {}
        @main
        struct LibraryApp: App {
            @State private var store: LibraryStore?
            @State private var catalog: LibraryStore?
            var body: some Scene {
                WindowGroup {
                    Text("Library")
                        .task { if store == nil { store = LibraryStore() } }
                        .onAppear { ↓catalog = LibraryStore() }
                }
                ReaderScene()
            }
        }
        struct ReaderScene: Scene {
            @State private var reader: LibraryStore?
            var body: some Scene {
                WindowGroup("Reader") {
                    Text("Reader").onAppear { if reader == nil { reader = LibraryStore() } }
                }
            }
        }
        struct ShelfView: View {
            @State private var shelf: LibraryStore?
            var body: some View {
                Text("Shelf").onAppear { if shelf == nil { ⇣shelf = LibraryStore() } }
            }
        }
        """
        Self.expect(marked.replacingOccurrences(of: "⇣", with: ""), rules: [Self.nilCheck])
        Self.expect(marked.replacingOccurrences(of: "↓", with: "").replacingOccurrences(of: "⇣", with: "↓"), rules: [Self.teardown])
    }

    // MARK: B4 — a preview that only hands its object on

    /// A preview that makes a legacy `ObservableObject` only to hand it to the previewed view
    /// (`.environmentObject`, an initializer) needs no observing itself: the view it is handed
    /// to observes it. One that shows the object's properties itself does.
    @Test func previewsThatOnlyHandTheirObjectOn() {
        Self.expect("""
        import SwiftUI
        import Combine
        final class BasketModel: ObservableObject { @Published var count = 0; func add() { count += 1 } }
        struct BasketView: View {
            @EnvironmentObject var basket: BasketModel
            var body: some View { Text("\\(basket.count)") }
        }
        struct BasketRow: View {
            @ObservedObject var basket: BasketModel
            var body: some View { Text("\\(basket.count)") }
        }
        #Preview("handed on") {
            @Previewable @State var basket = BasketModel()
            @Previewable @State var other = BasketModel()
            VStack {
                BasketView().environmentObject(basket)
                BasketRow(basket: other)
                Button("Add") { other.add() }
            }
        }
        #Preview("shown") {
            @Previewable ↓@State var basket = BasketModel()
            Text("\\(basket.count)")
        }
        struct BasketView_Previews: PreviewProvider {
            struct Host: View {
                @State private var basket = BasketModel()
                var body: some View { BasketView().environmentObject(basket) }
            }
            struct Counter: View {
                ↓@State private var basket = BasketModel()
                var body: some View { Text("\\(basket.count)") }
            }
            static var previews: some View { Host() }
        }
        struct BasketScreen: View {
            ↓@State private var basket = BasketModel()
            var body: some View { BasketView().environmentObject(basket) }
        }
        """, rules: [Self.inState])
    }

    // MARK: B5 — background work spun off from async code

    /// An async method reached from an appear handler that starts a task at a background
    /// priority (`.background`, `.utility`, `.low`) could have awaited the work and chose not
    /// to: cache warming meant to finish on its own. Not reported. A task without such a
    /// priority, one started from a method that is not async (where `Task { … }` is the only way
    /// to await), or one written in the handler's own action (which `.task` would otherwise have
    /// tied to the view), is.
    @Test func backgroundWorkSpunOffFromAsyncCode() {
        Self.expect("""
        import SwiftUI
        @Observable final class PhotoLibrary {
            func fetch() async -> [String] { [] }
            func warmThumbnails(_ ids: [String]) async {}
            func watchChanges() async {}
        }
        struct PhotoGrid: View {
            @State private var library = PhotoLibrary()
            @State private var ids: [String] = []
            var body: some View {
                Text("Photos")
                    .task { await load() }
                    .onAppear { ↓Task { await prefetch() } }
                    .task {
                        ↓Task(priority: .low) { await library.warmThumbnails(ids) }
                        ↓Task(priority: .high) { await library.watchChanges() }
                    }
                    .onAppear(perform: subscribe)
            }
            private func load() async {
                ids = await library.fetch()
                Task(priority: .background) { await library.warmThumbnails(ids) }
                ↓Task { await library.watchChanges() }
            }
            private func prefetch() async {
                Task.detached(priority: .utility) { await PhotoLibrary().warmThumbnails([]) }
            }
            private func subscribe() {
                ↓Task(priority: .background) { await library.watchChanges() }
            }
        }
        """, rules: [Self.unstructured])
    }

    // MARK: C6 — representables are views

    /// `UIViewRepresentable` and its kin refine `View`: their wrapped properties are checked
    /// like any view's (declared with the conformance or in an extension). An object passed in
    /// is fine, and so is a coordinator class's own code.
    @Test func representablesAreViews() {
        let marked = """
        import SwiftUI
        import UIKit
        import AppKit
        import Combine
        final class RouteTracker: ObservableObject { @Published var distance = 0.0 }
        final class TileCache {}
        struct RouteMap: UIViewRepresentable {
            ↓@ObservedObject var tracker = RouteTracker()
            @ObservedObject var shared: RouteTracker
            func makeUIView(context: Context) -> UIView { UIView() }
            func updateUIView(_ view: UIView, context: Context) {}
            final class Coordinator: NSObject {
                var cache = TileCache()
            }
        }
        struct CameraScreen {
            ⇣@State private var cache = TileCache()
        }
        extension CameraScreen: UIViewControllerRepresentable {
            func makeUIViewController(context: Context) -> UIViewController { UIViewController() }
            func updateUIViewController(_ controller: UIViewController, context: Context) {}
        }
        struct DesktopMap: SwiftUI.NSViewRepresentable {
            ↓@ObservedObject var tracker = RouteTracker()
            func makeNSView(context: Context) -> NSView { NSView() }
            func updateNSView(_ view: NSView, context: Context) {}
        }
        struct Inspector: NSViewControllerRepresentable {
            ⇣@State private var cache = TileCache()
            func makeNSViewController(context: Context) -> NSViewController { NSViewController() }
            func updateNSViewController(_ controller: NSViewController, context: Context) {}
        }
        """
        Self.expect(marked.replacingOccurrences(of: "⇣", with: ""), rules: [Self.observedInline])
        Self.expect(marked.replacingOccurrences(of: "↓", with: "").replacingOccurrences(of: "⇣", with: "↓"), rules: [Self.inline])
    }

    // MARK: C8 — views whose protocol StateLint cannot see

    /// A struct conforming to a protocol from a package that is not on disk, with SwiftUI state,
    /// is checked as a view whatever its body (a view modifier with `body(content:)`).
    @Test func structsWithStateAndABodyConformingToAnUnseenProtocolAreViews() {
        Self.expect("""
        import SwiftUI
        import RouterKit
        final class CheckoutModel {}
        struct CheckoutScreen: RoutableScreen {
            ↓@State private var model = CheckoutModel()
            var body: AnyView { AnyView(Text("Checkout")) }
        }
        struct ReceiptScreen: RouterKit.RoutableScreen, Equatable {
            ↓@State private var model = CheckoutModel()
            var body: some RoutableScreen { Text("Receipt") }
            static func == (a: Self, b: Self) -> Bool { true }
        }
        struct CardStyle: RouterKit.Styling {
            ↓@State private var model = CheckoutModel()
            func body(content: Content) -> some View { content }
        }
        struct PaymentScreen {
            ↓@State private var model = CheckoutModel()
        }
        extension PaymentScreen: RoutableScreen {
            var body: Body { Text("Pay") }
        }
        struct MoviesList: ConnectedView {
            ↓@State private var search = CheckoutModel()
            @Environment(\\.dismiss) private var dismiss
            func body(props: Int) -> some View { Text("\\(props)") }
        }
        struct Toolbar: StoreKitUI.Connected {
            ↓@State private var model = CheckoutModel()
        }
        """, rules: [Self.inline])
    }

    /// Not views: the wrappers without an unseen protocol (no conformance, only the standard
    /// library's or the project's own), and a `body` without the wrappers (a request type).
    @Test func structsThatAreNotViewsStayOut() {
        let source = """
        import SwiftUI
        import NetworkKit
        final class CheckoutModel {}
        protocol Endpoint { var path: String { get } }
        struct Draft {
            @State var model = CheckoutModel()
            var body: String { "" }
        }
        struct Payload: Codable, Hashable {
            @State var model = CheckoutModel()
            var body = ""
        }
        struct OrdersEndpoint: Endpoint {
            @State var model = CheckoutModel()
            var path: String { "/orders" }
            var body: Data? { nil }
        }
        struct UploadRequest: NetworkKit.Request {
            var body: Data?
            var headers: [String: String] = [:]
        }
        struct Settings: Endpoint {
            @ObservedObject var model = CheckoutModel()
            var path: String { "/settings" }
        }
        struct Cached: NetworkKit.Request {
            @Published var model = CheckoutModel()
        }
        """
        #expect(RuleHarness.hits(source, rules: [Self.inline, Self.observedInline]).isEmpty)
        let views = ModelHarness.views([("Types.swift", source)]).map(\.name)
        #expect(views.isEmpty, "\(views)")
        // With an unseen protocol, state and a body, the same code is a view.
        let view = ModelHarness.view("Draft", in: [("Types.swift", source.replacingOccurrences(of: "struct Draft {", with: "struct Draft: NetworkKit.Screen {"))])
        #expect(view?.role == .view)
    }

    // MARK: C7 — a creation through a local

    /// `let recorder = Recorder(…); recorder.prepare(); self.recorder = recorder` creates a
    /// `Recorder` for the property just as `self.recorder = Recorder(…)` does.
    @Test func creationsThroughALocalAreCreations() {
        let marked = """
        import SwiftUI
        @Observable final class Recorder {
            init(quality: Int) {}
            func prepare() {}
            static let shared = Recorder(quality: 0)
        }
        struct StudioView: View {
            @State private var recorder: Recorder?
            @State private var monitor: Recorder?
            @State private var backup: Recorder?
            @State private var guarded: Recorder?
            @State private var shared: Recorder?
            @State private var startedAt: Date?
            var body: some View {
                Text("Studio")
                    .onAppear {
                        let recorder = Recorder(quality: 2)
                        recorder.prepare()
                        ↓self.recorder = recorder
                        let shared = Recorder.shared
                        self.shared = shared
                        let now = Date()
                        startedAt = now
                    }
                    .task { makeMonitor() }
                    .task {
                        guard guarded == nil else { return }
                        let made = Recorder(quality: 1)
                        ⇣guarded = made
                    }
            }
            private func makeMonitor() {
                var made: Recorder = .init(quality: 1)
                made.prepare()
                ↓monitor = made
                if let existing = backup { existing.prepare() } else {
                    let fresh = Recorder(quality: 0)
                    ⇣backup = fresh
                }
            }
        }
        """
        Self.expect(marked.replacingOccurrences(of: "⇣", with: ""), rules: [Self.nilCheck])
        Self.expect(marked.replacingOccurrences(of: "⇣", with: "↓"), rules: [Self.teardown])
        // No nil-guard fix: the local would still be made and prepared on every appear.
        let source = RuleHarness.removingMarkers(marked.replacingOccurrences(of: "⇣", with: "")).source
        let findings = RuleHarness.findings([("View.swift", source)], rules: [Self.nilCheck])
        #expect(findings.count == 2 && findings.allSatisfy { $0.fix == nil })
    }
}
