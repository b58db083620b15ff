import Foundation
import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine

/// `observable_inline_init`: where it reports (marked `↓`), where it stays silent, and where its
/// fix is refused (the fix itself: golden files `ObservableInline*` in Fixtures/RuleFixes,
/// type-checked before and after by `TypeCheckFixTests`).
@Suite struct ObservableInlineInitTests {
    static let rule = ObservableInlineInitRule.description.id

    static let models = """
    import SwiftUI
    import Combine
    import SwiftData

    @Observable final class Draft {
        static let shared = Draft()
        var title = ""
        var child = Draft.shared
        init() {}
        init(title: String) { self.title = title }
    }

    final class Counter {}
    extension Counter: Observable {}

    @Perceptible final class Legacy {}
    @Model final class Note { var text = "" }

    final class Store: ObservableObject { @Published var items: [String] = [] }
    final class Cache {}
    let globalDraft = Draft()

    """

    struct Scenario: CustomStringConvertible, Sendable {
        let name: String
        let marked: String
        var description: String { name }
        init(_ name: String, _ marked: String) {
            self.name = name
            self.marked = marked
        }
    }

    static let reporting: [Scenario] = [
        Scenario("a let and a private var, each with a new object", """
        struct Editor: View {
            let draft = ↓Draft()
            private var other = ↓Draft(title: "x")
            var body: some View { Text(draft.title + other.title) }
        }
        """),
        Scenario("`.init()` with a written type, `Draft.init()`, a closure that returns one", """
        struct Editor: View {
            let a: Draft = ↓.init()
            let b = ↓Draft.init()
            let c: Draft = { let d = Draft(); return d }()
            var body: some View { Text(a.title + b.title) }
        }
        """),
        Scenario("a new object assigned in the view's own init", """
        struct Editor: View {
            let draft: Draft
            let title: String
            init(title: String) {
                self.title = title
                self.draft = ↓Draft(title: title)
            }
            var body: some View { Text(draft.title) }
        }
        """),
        Scenario("Observable by an extension, Perceptible, a SwiftData model", """
        struct Editor: View {
            let counter = ↓Counter()
            let legacy = ↓Legacy()
            let note = ↓Note()
            var body: some View { Text(note.text) }
        }
        """),
        Scenario("a view modifier, a view made one in an extension, a representable", """
        struct Highlight: ViewModifier {
            let draft = ↓Draft()
            func body(content: Content) -> some View { content.overlay(Text(draft.title)) }
        }
        struct Later {
            let draft = ↓Draft()
        }
        extension Later: View {
            var body: some View { Text(draft.title) }
        }
        struct Map: UIViewRepresentable {
            let draft = ↓Draft()
            func makeUIView(context: Context) -> UIView { UIView() }
            func updateUIView(_ view: UIView, context: Context) {}
        }
        """),
        Scenario("a view through a protocol of the project that refines View", """
        protocol Screen: View {}
        struct Home: Screen {
            let draft = ↓Draft()
            var body: some View { Text(draft.title) }
        }
        """),
    ]

    @Test(arguments: reporting)
    func reports(_ scenario: Scenario) {
        let (expected, actual) = RuleHarness.check(marked: Self.models + scenario.marked, rule: Self.rule)
        #expect(actual == expected, "\(scenario)")
    }

    static let silent: [Scenario] = [
        Scenario("previews", """
        #Preview { let draft = Draft(); Text(draft.title) }
        struct Editor_Previews: PreviewProvider {
            static let draft = Draft()
            static var previews: some View { Text(draft.title) }
        }
        """),
        Scenario("views declared for previews: in a #Preview body, in a PreviewProvider", """
        #Preview {
            struct Wrapper: View {
                let draft = Draft()
                var body: some View { Text(draft.title) }
            }
            return Wrapper()
        }
        struct Editor_Previews: PreviewProvider {
            struct Host: View {
                let draft = Draft()
                var body: some View { Text(draft.title) }
            }
            static var previews: some View { Host() }
        }
        """),
        Scenario("an app and a scene, made once", """
        @main struct NotesApp: App {
            let draft = Draft()
            var body: some Scene { WindowGroup { Text(draft.title) } }
        }
        struct NotesScene: Scene {
            let draft = Draft()
            var body: some Scene { WindowGroup { Text(draft.title) } }
        }
        """),
        Scenario("static properties, computed ones, wrapped ones", """
        struct Editor: View {
            static let template = Draft()
            var scratch: Draft { Draft() }
            @State private var owned = Draft()
            @Bindable var bound: Draft
            @Environment(Draft.self) private var shared
            var body: some View { Text(owned.title) }
        }
        """),
        Scenario("values handed in: a parameter, a property set from one", """
        struct Editor: View {
            let draft: Draft
            let other: Draft
            init(draft: Draft, other: Draft) {
                self.draft = draft
                self.other = other
            }
            var body: some View { Text(draft.title) }
        }
        struct Row: View {
            let draft: Draft
            var body: some View { Text(draft.title) }
        }
        """),
        Scenario("existing instances: shared, a global, another object's property", """
        struct Editor: View {
            let shared = Draft.shared
            let global = globalDraft
            let child = Draft.shared.child
            var body: some View { Text(shared.title) }
        }
        """),
        Scenario("classes that are not Observable: a plain class, an ObservableObject", """
        struct Editor: View {
            let cache = Cache()
            let store = Store()
            var body: some View { Text("\\(store.items.count)") }
        }
        """),
        Scenario("a struct that is not a view", """
        struct Coordinator {
            let draft = Draft()
        }
        """),
    ]

    @Test(arguments: silent)
    func staysSilent(_ scenario: Scenario) {
        let findings = RuleHarness.findings([("View.swift", Self.models + scenario.marked)], rules: [Self.rule])
        #expect(findings.isEmpty, "\(scenario): \(findings.map(\.message))")
    }

    /// Reported on every toolchain: the `State()` macro of Xcode 27 does not help a property
    /// without `@State`.
    @Test func reportsOnXcode27Too() {
        let source = Self.models + "struct Editor: View {\n    let draft = Draft()\n    var body: some View { Text(draft.title) }\n}\n"
        #expect(RuleHarness.findings([("View.swift", source)], rules: [Self.rule], xcode27: true).count == 1)
        #expect(RuleHarness.findings([("View.swift", source)], rules: [Self.rule], xcode27: false).count == 1)
    }

    /// The state is `private`, unless an access level is written or code elsewhere may read it.
    @Test func theFixMakesStatePrivateOnlyWhereNothingElseReadsIt() {
        let view = """
        struct Editor: View {
            let draft = Draft()
            internal let note = Note()
            let legacy = Legacy()
            var body: some View { Text(draft.title + note.text) }
        }
        func peek(_ editor: Editor) -> Legacy { editor.legacy }
        """
        let fixed = FixHarness.fixed(Self.models + view, rules: [Self.rule], xcode27: true)
        #expect(fixed.contains("    @State private var draft = Draft()\n"), "\(fixed)")
        #expect(fixed.contains("    @State internal var note = Note()\n"), "\(fixed)")
        #expect(fixed.contains("    @State var legacy = Legacy()\n"), "\(fixed)")
    }

    // MARK: Refused fixes, with their reasons

    static func refusal(_ view: String, xcode27: Bool) -> String? {
        let findings = RuleHarness.findings([("View.swift", Self.models + view)], rules: [Self.rule], xcode27: xcode27)
        guard let finding = findings.first else { return "no finding" }
        guard finding.fix == nil else { return nil }
        return finding.message.components(separatedBy: "No automatic fix: ").last
    }

    @Test func aVarTheMemberwiseInitializerTakesIsNotFixed() {
        let view = "struct Editor: View {\n    var draft = Draft()\n    var body: some View { Text(draft.title) }\n}\n"
        for xcode27 in [false, true] {
            #expect(Self.refusal(view, xcode27: xcode27)?.contains("memberwise initializer") == true)
        }
        // Private, it is not the caller's to hand in.
        let hidden = view.replacingOccurrences(of: "var draft", with: "private var draft")
        #expect(Self.refusal(hidden, xcode27: true) == nil)
        #expect(Self.refusal(hidden, xcode27: false) == nil)
    }

    /// Made from each init's values, an owned object would keep the first ones: no fix on any
    /// toolchain (Spawn's info rows showed a stale time after their activity changed).
    @Test func aCreationReadingInitIsNotFixed() {
        let view = """
        struct Editor: View {
            let draft: Draft
            init(title: String) {
                self.draft = Draft(title: title)
            }
            var body: some View { Text(draft.title) }
        }
        """
        for xcode27 in [false, true] {
            #expect(Self.refusal(view, xcode27: xcode27)?.contains("reads `title`: owned state would keep the first object") == true, "xcode27: \(xcode27)")
        }
    }

    @Test func anInitThatUsesTheObjectKeepsIt() {
        let view = """
        struct Editor: View {
            let draft: Draft
            init() {
                self.draft = Draft()
                draft.title = "new"
            }
            var body: some View { Text(draft.title) }
        }
        """
        for xcode27 in [false, true] {
            #expect(Self.refusal(view, xcode27: xcode27)?.contains("`init` of the view uses it") == true, "xcode27: \(xcode27)")
        }
    }

    @Test func anInitThatSetsItFromAParameterKeepsIt() {
        let view = """
        struct Editor: View {
            let draft: Draft
            init() {
                self.draft = Draft()
            }
            init(draft: Draft) {
                self.draft = draft
            }
            var body: some View { Text(draft.title) }
        }
        """
        for xcode27 in [false, true] {
            let reason = Self.refusal(view, xcode27: xcode27)
            #expect(reason != nil && reason != "no finding", "xcode27: \(xcode27): \(reason ?? "fixed")")
        }
    }

    @Test func aConditionalCreationKeepsIt() {
        let view = """
        struct Editor: View {
            let draft: Draft
            init(fresh: Bool) {
                if fresh { self.draft = Draft() } else { self.draft = Draft.shared }
            }
            var body: some View { Text(draft.title) }
        }
        """
        for xcode27 in [false, true] {
            let reason = Self.refusal(view, xcode27: xcode27)
            #expect(reason?.contains("condition") == true || reason?.contains("other than once") == true, "xcode27: \(xcode27): \(reason ?? "fixed")")
        }
    }

    @Test func severalPropertiesInOneDeclarationKeepThem() {
        let view = "struct Editor: View {\n    let a = Draft(), b = Draft()\n    var body: some View { Text(a.title + b.title) }\n}\n"
        for xcode27 in [false, true] {
            #expect(Self.refusal(view, xcode27: xcode27)?.contains("several properties") == true, "xcode27: \(xcode27)")
        }
    }
}
