import Foundation
import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine

/// `environment_object_inline_init`: where it reports (marked `↓`), where it stays silent, and its
/// fix, type-checked before and after against the SwiftUI stand-ins.
@Suite struct EnvironmentObjectInlineInitTests {
    static let rule = EnvironmentObjectInlineInitRule.description.id

    static let models = """
    import SwiftUI
    import Combine

    final class CartModel: ObservableObject {
        @Published var items: [String] = []
        init() {}
        init(limit: Int, label: String = "") {}
    }

    @Observable final class Session {
        var user = ""
    }

    struct Basket {
        var items: [String] = []
    }

    struct CartList: View {
        @EnvironmentObject var cart: CartModel
        var body: some View { Text("\\(cart.items.count)") }
    }

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

    static let scenarios: [Scenario] = [
        Scenario("a multi-line chain and a trailing closure", """
        struct Checkout: View {
            var body: some View {
                NavigationStack {
                    CartList()
                        .padding()
                        .environmentObject(
                            ↓CartModel(limit: 3,
                                      label: "cart")
                        )
                }
            }
        }
        """),
        Scenario("both branches of #if and of an if", """
        struct Checkout: View {
            let compact: Bool
            var body: some View {
                #if os(iOS)
                CartList().environmentObject(↓CartModel())
                #else
                CartList().environment(↓Session())
                #endif
                if compact {
                    CartList().environmentObject(↓CartModel())
                } else {
                    Text("wide")
                }
            }
        }
        """),
        Scenario("a sheet's content and a @ViewBuilder method", """
        struct Checkout: View {
            @State private var shows = false
            var body: some View {
                Button("Open") { shows = true }
                    .sheet(isPresented: $shows) { CartList().environmentObject(↓CartModel()) }
                footer
                summary()
            }
            private var footer: some View { CartList().environmentObject(↓CartModel()) }
            @ViewBuilder func summary() -> some View { CartList().environmentObject(↓CartModel()) }
        }
        """),
        Scenario("an App's scene and a view modifier", """
        @main
        struct ShopApp: App {
            var body: some Scene {
                WindowGroup { CartList() }
                    .environmentObject(↓CartModel())
            }
        }

        struct WithCart: ViewModifier {
            func body(content: Content) -> some View {
                content.environmentObject(↓CartModel())
            }
        }
        """),
        Scenario("silent: existing objects, key paths, values, actions, statics, previews", """
        struct Checkout: View {
            @StateObject private var cart = CartModel()
            @State private var session = Session()
            let passed: CartModel
            var body: some View {
                VStack {
                    CartList().environmentObject(cart)
                    CartList().environmentObject(passed)
                    CartList().environment(session)
                    CartList().environment(\\.locale, Locale(identifier: "de"))
                }
                .onAppear { _ = CartList().environmentObject(CartModel()) }
                .task { _ = CartList().environment(Session()) }
            }
            func make() -> CartModel { CartModel() }
            static var sample: some View { CartList().environmentObject(CartModel()) }
        }

        struct Checkout_Previews: PreviewProvider {
            static var previews: some View {
                Checkout(passed: CartModel()).environmentObject(CartModel())
            }
        }
        """),
    ]

    @Test(arguments: scenarios)
    func reportsExactlyAtTheMarkers(_ scenario: Scenario) throws {
        let (source, offsets) = RuleHarness.removingMarkers(scenario.marked)
        let full = Self.models + source
        let shifted = offsets.map { $0 + Self.models.utf8.count }
        let errors = try TypeCheck.typeCheck(files: ["View.swift": full])
        #expect(errors.isEmpty, "\(scenario) does not type-check:\n\(errors.joined(separator: "\n"))")
        let actual = RuleHarness.hits(full, rules: [Self.rule]).sorted()
        #expect(actual == RuleHarness.expectedHits(full, offsets: shifted, ruleID: Self.rule), "\(scenario)")
    }

    /// A `#Preview` (the stand-ins have no macros: not type-checked).
    @Test func silentInAPreviewMacro() {
        let source = Self.models + "#Preview {\n    CartList().environmentObject(CartModel())\n}\n"
        #expect(RuleHarness.hits(source, rules: [Self.rule]).isEmpty)
    }

    /// A name the project declares as a value type is not an object, even unresolved elsewhere.
    @Test func silentForAKnownValueType() {
        let source = """
        import SwiftUI
        struct Theme {}
        struct V: View {
            var body: some View { Text("x").environment(Theme()) }
        }
        """
        #expect(RuleHarness.hits(source, rules: [Self.rule]).isEmpty)
    }

    @Test func messageSaysWhatResetsAndWhatToWrite() throws {
        let findings = RuleHarness.findings([("View.swift", Self.models + """
        struct Checkout: View {
            var body: some View { CartList().environmentObject(CartModel(limit: 2)) }
        }
        """)], rules: [Self.rule])
        let message = try #require(findings.first?.message)
        #expect(findings.count == 1)
        #expect(message.contains("`.environmentObject` in `body` gets a new `CartModel`"))
        #expect(message.contains("loses its state"))
        #expect(message.contains("`@StateObject private var cartModel = CartModel(limit: 2)`"))
    }

    // MARK: The fix

    /// The fixed text of `files` after `--fix`'s rounds with `rules`, type-checked before and after.
    static func fixAndTypeCheck(_ files: [String: String], rules: [String]) throws -> [String: String] {
        let before = try TypeCheck.typeCheck(files: files)
        #expect(before.isEmpty, "before: \(before)")
        let outcome = FixHarness.fix(files.mapValues { Array($0.utf8) }, rules: FixHarness.registryRules(rules))
        let fixed = files.merging(outcome.fixed.mapValues(\.text)) { $1 }
        let after = try TypeCheck.typeCheck(files: fixed)
        #expect(after.isEmpty, "after:\n\(after.joined(separator: "\n"))\n\(fixed["View.swift"] ?? "")")
        return fixed
    }

    /// The view keeps being created by its callers in other files through its memberwise
    /// initializer: the new private property has a value, so it is not a parameter.
    @Test func hoistsIntoAStateObjectAndCallersStillCompile() throws {
        let view = Self.models + """
        struct Checkout: View {
            let title: String

            var body: some View {
                CartList()
                    .environmentObject(CartModel(limit: 3, label: .init()))
                    .navigationTitle(title)
            }
        }
        """
        let caller = "import SwiftUI\nstruct Root: View {\n    var body: some View { Checkout(title: \"Cart\") }\n}\n"
        let fixed = try Self.fixAndTypeCheck(["View.swift": view, "Root.swift": caller], rules: [Self.rule])
        let text = try #require(fixed["View.swift"])
        #expect(text.contains("""
        struct Checkout: View {
            @StateObject private var cartModel = CartModel(limit: 3, label: .init())
            let title: String
        """))
        #expect(text.contains(".environmentObject(cartModel)"))
        #expect(RuleHarness.hits(text, rules: [Self.rule]).isEmpty)
    }

    /// `.environment(Session())` becomes `@State`; on Xcode 26 and earlier
    /// `state_inline_class_init` takes it from there (the next round), into the lazily owned
    /// state, whose `if let` keeps the views below from reading a missing object.
    @Test func anObservableClassEndsLazilyOwnedWithTheOtherRule() throws {
        let view = Self.models + """
        struct Account: View {
            var body: some View {
                CartList()
                    .environment(Session())
            }
        }
        """
        let both = [Self.rule, StateInlineClassInitRule.description.id]
        let fixed = try #require(try Self.fixAndTypeCheck(["View.swift": view], rules: both)["View.swift"])
        #expect(fixed.contains("@State private var session: Session?"))
        #expect(fixed.contains("if let session {"))
        #expect(fixed.contains(".environment(session)"))
        #expect(fixed.contains("if session == nil { session = Session() }"))
        #expect(RuleHarness.hits(fixed, rules: both).isEmpty)
        // Alone (Xcode 27 and later, where the other rule is off): plain `@State`.
        let alone = try #require(try Self.fixAndTypeCheck(["View.swift": view], rules: [Self.rule])["View.swift"])
        #expect(alone.contains("@State private var session = Session()\n"))
    }

    /// Where the lazily owned rewrite cannot take the view (a `body` of several views), hoisting
    /// into `@State` would leave a `state_inline_class_init` finding of its own on Xcode 26 and
    /// earlier: no fix there, and the finding says why; on Xcode 27 (that rule off) the hoist.
    @Test func noHoistIntoStateThatTheOtherRuleCouldNotTake() throws {
        let view = Self.models + """
        struct Account: View {
            var body: some View {
                Group {
                    Text("Cart")
                    CartList()
                        .environment(Session())
                }
            }
        }
        """
        let both = [Self.rule, StateInlineClassInitRule.description.id]
        let findings = RuleHarness.findings([("View.swift", view)], rules: both)
        #expect(findings.map(\.ruleID) == [Self.rule])
        #expect(findings.first?.fix == nil)
        #expect(findings.first?.message.hasSuffix("No automatic fix: `@State` would make it on every view init (Xcode 26 and earlier) unless made lazily, and `body` is a `Group` of several views, which a wrapper would merge.") == true,
                "\(findings.first?.message ?? "")")
        let alone = try #require(try Self.fixAndTypeCheck(["View.swift": view], rules: [Self.rule])["View.swift"])
        #expect(alone.contains("@State private var session = Session()\n"))
    }

    @Test func theAppKeepsItsObjectInAStateObject() throws {
        let app = Self.models + """
        @main
        struct ShopApp: App {
            var body: some Scene {
                WindowGroup {
                    CartList().environmentObject(CartModel())
                }
            }
        }
        """
        let fixed = try #require(try Self.fixAndTypeCheck(["App.swift": app], rules: [Self.rule])["App.swift"])
        #expect(fixed.contains("struct ShopApp: App {\n    @StateObject private var cartModel = CartModel()\n"))
    }

    struct Refusal: CustomStringConvertible, Sendable {
        let name: String
        let reason: String
        let files: [String: String]
        var description: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "arguments read the view", reason: "its arguments read `limit`, which a stored property's initial value cannot",
                files: ["View.swift": models + """
                struct Checkout: View {
                    let limit: Int
                    var body: some View { CartList().environmentObject(CartModel(limit: limit)) }
                }
                """]),
        Refusal(name: "in an extension", reason: "it is in an extension, which cannot hold the stored property to keep it in",
                files: ["View.swift": models + """
                struct Checkout: View {
                    var body: some View { list }
                }

                extension Checkout {
                    var list: some View { CartList().environmentObject(CartModel()) }
                }
                """]),
        Refusal(name: "a member of that name", reason: "the view already has a member named `cartModel`",
                files: ["View.swift": models + """
                struct Checkout: View {
                    @State private var cartModel = Basket()
                    var body: some View { CartList().environmentObject(CartModel()) }
                }
                """]),
        Refusal(name: "a type on one line", reason: "the type's `{` is followed by code on its line",
                files: ["View.swift": models + """
                struct Checkout: View { var body: some View { CartList().environmentObject(CartModel()) } }
                """]),
    ]

    @Test(arguments: refusals)
    func noFixAndTheFindingSaysWhy(_ refusal: Refusal) throws {
        let errors = try TypeCheck.typeCheck(files: refusal.files)
        #expect(errors.isEmpty, "\(refusal): \(errors)")
        let findings = RuleHarness.findings(refusal.files.map { ($0.key, $0.value) }, rules: [Self.rule])
        #expect(findings.count == 1, "\(refusal): \(findings.count)")
        for finding in findings {
            #expect(finding.fix == nil, "\(refusal)")
            #expect(finding.message.hasSuffix(" No automatic fix: \(refusal.reason)."), "\(refusal): \(finding.message)")
        }
    }

    @Test(arguments: [("SettingsModel", "settingsModel"), ("URLCache", "urlCache"), ("NSCache", "nsCache"),
                      ("Outer.Inner", "inner"), ("ID", "id"), ("store", "store")])
    func propertyNames(_ type: String, _ expected: String) {
        #expect(EnvironmentHoistFix.propertyName(for: type) == expected)
    }
}
