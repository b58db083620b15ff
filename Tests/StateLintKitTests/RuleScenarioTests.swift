import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// `state_inline_class_init` on realistic SwiftUI code. Each scenario is a marked source
/// (`↓` where a finding must start); unmarked scenarios must find nothing.
@Suite struct RuleScenarioTests {
    static let rule = StateInlineClassInitRule.description.id

    static func expectMarked(_ marked: String, knownClasses: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let (expected, actual) = RuleHarness.check(marked: marked, rule: rule, knownClasses: knownClasses)
        #expect(actual == expected, sourceLocation: sourceLocation)
    }

    @Test func moduleQualifiedStateAttribute() {
        // Written `@SwiftUI.State` where a module declares its own `State`; with no modifier
        // between it and `var`, the declaration was once missed.
        Self.expectMarked("""
        import SwiftUI
        @Observable final class PlayerModel {}
        struct State {}
        struct PlayerView: View {
            ↓@SwiftUI.State var model = PlayerModel()
            ↓@SwiftUI.State private var backup = PlayerModel()
            @SwiftUI.State var volume = 0.5
            var body: some View { Text("x") }
        }
        """)
    }

    @Test func tabRootsNavigationStacksSheetsAndForms() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class InboxModel { var count = 0 }
        @Observable final class EditorModel {}
        struct RootTabView: View {
            ↓@State private var inbox = InboxModel()
            @State private var selection = 0
            var body: some View {
                TabView(selection: $selection) {
                    NavigationStack {
                        InboxView(model: inbox)
                            .navigationDestination(for: Int.self) { id in Text("\\(id)") }
                    }
                    .tabItem { Label("Inbox", systemImage: "tray") }
                }
            }
        }
        struct InboxView: View {
            let model: InboxModel
            @State private var showEditor = false
            var body: some View {
                List { Text("\\(model.count)") }
                    .sheet(isPresented: $showEditor) { EditorSheet() }
            }
        }
        struct EditorSheet: View {
            ↓@State var editor = EditorModel()
            @State private var name = ""
            var body: some View {
                Form { TextField("Name", text: $name) }
            }
        }
        """)
    }

    @Test func appStructsPreviewsAndPassedDownModelsAreFine() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        @main struct MyApp: App {
            @State private var model = Model()
            var body: some Scene { WindowGroup { ChildView(model: model) } }
        }
        struct ChildView: View {
            let model: Model
            var body: some View { GrandChild(model: model) }
        }
        struct GrandChild: View {
            @Bindable var model: Model
            var body: some View { Text("x") }
        }
        #Preview {
            @Previewable @State var model = Model()
            ChildView(model: model)
        }
        """)
    }

    @Test func modelsDeclaredInOtherFilesAreResolvedThroughTheProjectIndex() {
        let view = """
        import SwiftUI
        struct ProfileView: View {
            @State private var model = ProfileModel()
            @State private var settings = SettingsState()
            var body: some View { Text("x") }
        }
        """
        let models = """
        import Observation
        @Observable final class ProfileModel {}
        struct SettingsState {}
        """
        let findings = RuleHarness.findings([("Views/ProfileView.swift", view), ("Models/Models.swift", models)], rules: [Self.rule])
        #expect(findings.map(RuleHarness.hit) == [RuleHarness.Hit(path: "Views/ProfileView.swift", ruleID: Self.rule, line: 3, column: 5)])
    }

    @Test func typesFromOtherModulesNeedKnownClasses() {
        let source = """
        import SwiftUI
        import AnalyticsKit
        struct TrackedView: View {
            ↓@State private var tracker = Tracker()
            ↓@State private var qualified = AnalyticsKit.Tracker()
            @State private var session = Session()
            var body: some View { Text("x") }
        }
        """
        let (clean, _) = RuleHarness.removingMarkers(source)
        #expect(RuleHarness.hits(clean, rules: [Self.rule]) == [], "unknown types are not reported by default")
        Self.expectMarked(source, knownClasses: ["Tracker"])
        let unknown = RuleHarness.hits(clean, rules: [Self.rule], options: [Self.rule: ["report_unknown_types": .bool(true)]])
        #expect(unknown.map(\.line) == [4, 5, 6], "report_unknown_types reports every capitalised unknown type")
    }

    /// "Capitalised" is `Character.isUppercase`: decided on the byte for ASCII, by Unicode
    /// properties otherwise.
    @Test func unknownTypesAreCapitalisedByUnicodeRules() {
        let source = """
        struct V: View {
            @State private var a = model()
            @State private var b = Ésprit()
            @State private var c = été()
            @State private var d = _Model()
            @State private var e = ΔModel()
            @State private var f = Zed()
            @State private var g = aZ()
        }
        """
        let unknown = RuleHarness.hits(source, rules: [Self.rule], options: [Self.rule: ["report_unknown_types": .bool(true)]])
        #expect(unknown.map(\.line) == [3, 6, 7])
        #expect(startsUppercase("Model") && startsUppercase("Élan"))
        #expect(!startsUppercase("") && !startsUppercase("@Model"))
        #expect(!startsUppercase("[Model]") && !startsUppercase("ßeta"))
    }

    @Test func observableObjectsBesideObservableClasses() {
        Self.expectMarked("""
        import SwiftUI
        import Combine
        final class LegacyViewModel: ObservableObject { @Published var n = 0 }
        @Observable final class NewModel {}
        final class Conformed {}
        extension Conformed: ObservableObject {}
        struct MixedView: View {
            @StateObject private var legacy = LegacyViewModel()
            @ObservedObject var observed: LegacyViewModel
            ↓@State private var wrong = LegacyViewModel()
            ↓@State private var conformed = Conformed()
            ↓@State private var model = NewModel()
            var body: some View { Text("x") }
        }
        """)
    }

    @Test func valueTypesLiteralsAndFactoriesAreFine() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {
            static let shared = Model()
            static func make() -> Model { Model() }
        }
        struct Item: Identifiable { let id = UUID() }
        enum Mode { case a, b }
        struct ValuesView: View {
            @State private var date = Date()
            @State private var id = UUID()
            @State private var point = CGPoint()
            @State private var item = Item()
            @State private var mode = Mode.a
            @State private var items = [Item]()
            @State private var dict: [String: Int] = [:]
            @State private var count = 0
            @State private var ratio = 0.5
            @State private var name = "x"
            @State private var flag = false
            @State private var shared = Model.shared
            @State private var made = Model.make()
            @State private var optional: Model? = nil
            @State private var color = Color.red
            var body: some View { Text("x") }
        }
        """)
    }

    @Test func creationSpellings() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        @Observable final class Store<Feature> {}
        enum Feature {}
        struct Outer { @Observable final class Inner {} }
        typealias AppStore = Store<Feature>
        actor Cache {}
        @Observable class Box<T> { var value: T? }
        struct SpellingsView: View {
            ↓@State private var a: Model = .init()
            ↓@State private var b = Store<Feature>()
            ↓@State private var c = Outer.Inner()
            ↓@State private var d = MyApp.Model()
            ↓@State private var e = { Model() }()
            ↓@State private var f = AppStore()
            ↓@State private var g = Cache()
            ↓@State private var h = Box<Int>()
            ↓@State(initialValue: Model()) private var i: Model
            ↓@State private var j = Model.init()
            ↓@State private var k = try! Model()
            @State private var l: Model
            @State private var m: Model
            @State private var n: Model
            init(model: Model) {
                ↓_l = State(initialValue: Model())
                ↓_m = .init(wrappedValue: .init())
                _n = State(initialValue: model)
            }
            var body: some View { Text("x") }
        }
        """)
    }

    @Test func storageAssignmentsMatchTheirPropertyByName() {
        // `_name` is matched against the `@State` names without building strings for ASCII
        // names; non-ASCII names compare as Swift strings do (precomposed `è` equals `e` + U+0300).
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        struct StorageView: View {
            @State private var model: Model
            @State private var modèle: Model
            @State private var other: Model
            var body: some View { Text("x") }
        }
        extension StorageView {
            init(model: Model) {
                ↓_model = State(initialValue: Model())
                ↓_mode\u{300}le = State(initialValue: Model())
                _modelX = State(initialValue: Model())
                _othe = State(initialValue: Model())
                _other = State(initialValue: model)
            }
        }
        """)
    }

    @Test func storageAssignmentsFindOnlyTheirOwnViewsProperties() {
        // The `@State` declarations of all views are kept as one list grouped by view: a view
        // whose declarations are interleaved with a nested view's must find only its own, and
        // an App's are never looked at.
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        struct Outer: View {
            @State private var a: Model
            struct Inner: View {
                @State private var b: Model
                @State private var a: Model
                var body: some View { Text("i") }
                init() {
                    ↓_a = State(initialValue: Model())
                    ↓_b = State(initialValue: Model())
                    _c = State(initialValue: Model())
                }
            }
            @State private var c: Model
            var body: some View { Text("o") }
            init() {
                ↓_a = State(initialValue: Model())
                _b = State(initialValue: Model())
                ↓_c = State(initialValue: Model())
            }
        }
        @main struct Main: App {
            @State private var a: Model
            init() { _a = State(initialValue: Model()) }
            var body: some Scene { WindowGroup { Outer() } }
        }
        struct Last: View {
            @State private var b: Model
            var body: some View { Text("l") }
        }
        extension Last {
            init(x: Int) { ↓_b = State(initialValue: Model()) }
        }
        """)
    }

    @Test func nestedTypesResolveInTheirScopeFirst() {
        // `Model` alone is ambiguous project-wide (a class here, a struct in `Row`), but inside
        // `FeatureView` it means `FeatureView.Model`.
        Self.expectMarked("""
        import SwiftUI
        struct FeatureView: View {
            @Observable final class Model {}
            ↓@State private var model = Model()
            var body: some View { Text("x") }
        }
        struct Row: View {
            struct Model {}
            @State private var model = Model()
            var body: some View { Text("x") }
        }
        """)
    }

    @Test func aTopLevelClassIsNotHiddenByANestedStructOfTheSameName() {
        let view = """
        import SwiftUI
        struct HomeView: View {
            @State private var model = Model()
            var body: some View { Text("x") }
        }
        """
        let others = """
        @Observable final class Model {}
        enum Settings { struct Model {} }
        """
        let findings = RuleHarness.findings([("Home.swift", view), ("Others.swift", others)], rules: [Self.rule])
        #expect(findings.map { $0.start.line } == [3])
    }

    @Test func ifConfigBranchesCount() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        struct DebugView: View {
            #if DEBUG
            ↓@State private var model = Model()
            #else
            ↓@State private var model = Model()
            #endif
            var body: some View { Text("x") }
        }
        """)
    }

    @Test func commentsAndStringsNeverTrigger() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        struct DocView: View {
            // @State private var model = Model()
            /* @State private var model = Model() */
            /// ```
            /// @State private var model = Model()
            /// ```
            let text = "@State private var model = Model()"
            let raw = #\"\"\"
            @State private var model = Model()
            \"\"\"#
            var body: some View { Text("@State var m = Model()") }
        }
        """)
    }

    @Test func severalBindingsInOneDeclaration() {
        Self.expectMarked("""
        import SwiftUI
        @Observable final class Model {}
        struct MultiView: View {
            ↓@State private var a = Model(), b = 0
            var body: some View { Text("x") }
        }
        """)
    }
}
