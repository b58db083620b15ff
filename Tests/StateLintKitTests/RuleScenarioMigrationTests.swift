import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The migration rules (`observed_object_inline_init`, `observable_object_in_state`,
/// `appear_unstructured_task`) on views the way apps write them.
@Suite struct RuleScenarioMigrationTests {
    static let observed = ObservedObjectInlineInitRule.description.id
    static let inState = ObservableObjectInStateRule.description.id
    static let task = AppearUnstructuredTaskRule.description.id
    static let inline = StateInlineClassInitRule.description.id

    static func expect(_ marked: String, rule: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let (expected, actual) = RuleHarness.check(marked: marked, rule: rule)
        #expect(actual == expected, sourceLocation: sourceLocation)
    }

    static let models = """
    import SwiftUI
    import Combine
    class BaseViewModel: ObservableObject { @Published var isLoading = false }
    final class FeedViewModel: BaseViewModel {}
    protocol ScreenModel: ObservableObject {}
    final class SettingsViewModel: ScreenModel {}
    @Observable final class ProfileModel {}
    struct Draft {}

    """

    @Test func observedObjectsAViewCreatesInAScreenWithManyWrappers() {
        Self.expect(Self.models + """
        struct FeedScreen: View {
            @Environment(\\.dismiss) private var dismiss
            @EnvironmentObject var session: SettingsViewModel
            @AppStorage("compact") private var compact = false
            @State private var draft = Draft()
            @Binding var selection: Int
            ↓@ObservedObject var feed = FeedViewModel()
            #if os(iOS)
            ↓@ObservedObject private var settings: SettingsViewModel = .init()
            #else
            @StateObject private var settings = SettingsViewModel()
            #endif
            @ObservedObject var shared: SettingsViewModel
            @StateObject private var owned = FeedViewModel()
            var body: some View { Text("Feed") }
        }
        extension FeedScreen {
            init(shared: SettingsViewModel, selection: Binding<Int>) {
                self.shared = shared
                _selection = selection
            }
        }
        @main struct FeedApp: App {
            @ObservedObject var settings = SettingsViewModel()
            var body: some Scene { WindowGroup { Text("app") } }
        }
        #Preview {
            FeedScreen(shared: SettingsViewModel(), selection: .constant(0))
        }
        """, rule: Self.observed)
    }

    @Test func observableObjectsInStateThroughSubclassesProtocolsAndExtensions() {
        Self.expect(Self.models + """
        final class LegacyCart {}
        extension LegacyCart: ObservableObject {}
        struct CartScreen: View {
            ↓@State private var feed = FeedViewModel()
            ↓@State private var settings: SettingsViewModel?
            ↓@State private var cart = LegacyCart()
            @State private var profile = ProfileModel()
            @State private var draft = Draft()
            @StateObject private var owned = FeedViewModel()
            var body: some View {
                Text("Cart")
                    .onAppear { if settings == nil { settings = SettingsViewModel() } }
                    .onDisappear { settings = nil }
            }
        }
        @main struct CartApp: App {
            ↓@State private var model = FeedViewModel()
            var body: some Scene { WindowGroup { CartScreen() } }
        }
        """, rule: Self.inState)
    }

    /// One finding per declaration: the `ObservableObject` in `@State` is not also reported as an
    /// inline class init, unless `observable_object_in_state` is off.
    @Test func anObservableObjectInStateIsReportedOnce() {
        let source = Self.models + """
        struct V: View {
            @State private var feed = FeedViewModel()
            @State private var profile = ProfileModel()
            var body: some View { Text("") }
        }
        """
        let both = RuleHarness.hits(source, rules: [Self.inline, Self.inState])
        #expect(both.map { "\($0.line) \($0.ruleID)" } == ["10 \(Self.inState)", "11 \(Self.inline)"])
        let inlineOnly = RuleHarness.hits(source, rules: [Self.inline])
        #expect(inlineOnly.map { "\($0.line) \($0.ruleID)" } == ["10 \(Self.inline)", "11 \(Self.inline)"])
    }

    @Test func tasksStartedOnAppearAcrossMethodsAndExtensions() {
        Self.expect("""
        import SwiftUI
        @Observable final class StreamModel {
            func listen() async {}
            func load() async {}
        }
        struct StreamView: View {
            @State private var model = StreamModel()
            @State private var listener: Task<Void, Never>?
            @State private var poller: Task<Void, Never>?
            var body: some View {
                List { Text("Live") }
                    .onAppear {
                        listener = Task { await model.listen() }
                        poller = ↓Task { await model.load() }
                        start()
                    }
                    .onDisappear { stopListening() }
                    .onChange(of: 1) { Task { await model.load() } }
                    .task { await model.load() }
            }
        }
        extension StreamView {
            func start() {
                #if DEBUG
                ↓Task { await model.load() }
                #endif
                _ = ↓Task.detached(priority: .utility) { await StreamModel().load() }
            }
            func stopListening() { listener?.cancel() }
        }
        """, rule: Self.task)
    }

    @Test func tasksWhoseHandlesAreKeptAndCancelled() {
        Self.expect("""
        import SwiftUI
        @Observable final class StreamModel { func listen() async {} }
        struct StreamView: View {
            @State private var model = StreamModel()
            @State private var tasks: [Task<Void, Never>] = []
            @State private var listener: Task<Void, Never>?
            var body: some View {
                Text("Live")
                    .onAppear {
                        let task = Task { await model.listen() }
                        tasks.append(task)
                        self.listener = Task { await model.listen() }
                    }
                    .onDisappear {
                        tasks.forEach { $0.cancel() }
                        self.listener?.cancel()
                    }
            }
        }
        struct Other: View {
            var body: some View {
                Button("Go") { Task { print("tap") } }
            }
        }
        """, rule: Self.task)
    }
}
