import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The rules' messages, and several views, an App and initializers in one file.
@Suite struct RuleViolationMessageTests {
    @Test func reportedMessagesNameThePropertyAndTheType() {
        let source = """
        import SwiftUI
        final class Model {}
        struct FirstView: View {
            @State private var model = Model()
            var body: some View { Text("x") }
        }
        struct SecondView: View {
            @State private var store: Model
            init() { _store = State(initialValue: Model()) }
            var body: some View { Text("x") }
        }
        """
        let findings = RuleHarness.findings([("View.swift", source)], rules: [StateInlineClassInitRule.description.id])
        func expected(_ property: String) -> String {
            "`@State` property `\(property)` is initialised with a new `Model`, a class: the initial value is evaluated every time the view is initialised, so each parent re-render allocates a `Model` (running its init) that SwiftUI throws away. Keep an optional (`@State private var \(property): Model?`), create it in `.onAppear` only `if \(property) == nil` and set it to nil in `.onDisappear` — or build with Xcode 27+, whose `State()` macro evaluates the initial value once."
        }
        // Both are fixed; the one made in `init` says that Xcode 27 does not help it.
        #expect(findings.map(\.message) == [expected("model"), StateInlineClassInitRule.initializerMessage(property: "store", type: "Model")])
        #expect(findings.first?.message.contains("Xcode 27+") == true && findings.last?.message.contains("on any Xcode") == true)
        #expect(findings.map { $0.fix != nil } == [true, true])
    }

    /// The teardown rule locates all its properties' declarations in one scan: the lines must
    /// still match each message when the assignments come in another order than the declarations.
    @Test func teardownMessagesNameEachDeclarationsLine() {
        let source = """
        import SwiftUI
        final class Model {}
        struct FirstView: View {
            @State private var later: Model?
            @State private var earlier: Model?
            var body: some View {
                Text("x").onAppear {
                    if earlier == nil { earlier = Model() }
                    if later == nil { later = Model() }
                }
            }
        }
        struct SecondView: View {
            @State private var third: Model?
            var body: some View { Text("x").task { if third == nil { third = Model() } } }
        }
        """
        let findings = RuleHarness.findings([("View.swift", source)], rules: [DisappearMissingTeardownRule.description.id])
        // Each message names its property first, then "(declared at line N)".
        let named = findings.map { finding -> String in
            let name = finding.message.split(separator: "`").first.map(String.init) ?? ""
            let line = finding.message.split(separator: "(declared at line ").dropFirst().first?.prefix { $0.isNumber } ?? ""
            return "\(name):\(line)"
        }
        #expect(named == ["earlier:5", "later:4", "third:14"])
    }

    /// An App's `@State` is skipped; views before and after it, and an extension of one, keep
    /// their own properties and methods (each view's tables are found by its group number).
    static func severalViews(init initMark: String, appear appearMark: String) -> String {
        """
        import SwiftUI
        final class Model {}
        struct FirstView: View {
            \(initMark)@State private var first = Model()
            @State private var shared: Model?
            var body: some View { Text("x").onAppear(perform: load) }
        }
        @main struct MyApp: App {
            @State private var model = Model()
            init() { _model = State(initialValue: Model()) }
            var body: some Scene { WindowGroup { FirstView() } }
        }
        struct SecondView: View {
            @State private var second: Model
            @State private var shared: Model?
            init() { \(initMark)_second = State(initialValue: Model()) }
            var body: some View { Text("x").onAppear { load() } }
        }
        extension FirstView {
            func load() { \(appearMark)shared = Model() }
        }
        extension SecondView {
            func load() { \(appearMark)shared = Model() }
        }
        """
    }

    @Test func appTypesAndSeveralViewsInOneFile() {
        for rule in [StateInlineClassInitRule.self, AppearMissingNilCheckRule.self] as [any Rule.Type] {
            let id = rule.description.id
            let marked = Self.severalViews(init: rule == StateInlineClassInitRule.self ? "↓" : "",
                                           appear: rule == AppearMissingNilCheckRule.self ? "↓" : "")
            let (expected, actual) = RuleHarness.check(marked: marked, rule: id, knownClasses: ["Model"])
            #expect(actual == expected, "\(id)")
            #expect(expected.count == 2)
        }
    }
}
