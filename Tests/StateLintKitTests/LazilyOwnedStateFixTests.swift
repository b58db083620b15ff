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

/// `state_inline_class_init`'s fix, the lazily owned state rewrite (`LazilyOwnedStateFix`), where
/// it is not offered: each view below type-checks as it is, is reported, gets no fix, and the
/// finding says why. What it does where it is offered is in the golden files
/// (`Fixtures/RuleFixes/LazyState*.swift`), type-checked before and after by `TypeCheckFixTests`.
@Suite struct LazilyOwnedStateFixTests {
    struct Refusal: CustomStringConvertible, Sendable {
        let name: String
        /// What the message must say after "No automatic fix: ".
        let reason: String
        /// The files: `View.swift` holds the view.
        let files: [String: String]
        var description: String { name }

        init(_ name: String, _ reason: String, _ source: String, extra: [String: String] = [:]) {
            self.name = name
            self.reason = reason
            files = extra.merging(["View.swift": Self.models + source]) { $1 }
        }

        static let models = """
        import SwiftUI

        @Observable final class Model {
            var name = ""
            var items: [String] = []
            init(name: String = "") { self.name = name }
            func save() {}
        }

        final class Plain {
            var name = ""
        }

        @Observable final class Box<Value> {
            init(_ value: Value) {}
        }

        struct Editor: View {
            @Binding var model: Model
            var body: some View { Text(model.name) }
        }

        struct Row: View {
            let model: Model
            var body: some View { Text(model.name) }
        }


        """
    }

    static let refusals: [Refusal] = [
        // Two views: the body's parent lays them out; a wrapper would stack them.
        Refusal("body of two views", "`body` is neither one view expression nor declarations and one view, each on lines of their own, to wrap", """
        struct V: View {
            @State private var model = Model()
            var body: some View {
                Text(model.name)
                Text("second")
            }
        }
        """),
        // After `let` and `var` only, the `return` goes inside the wrapper (LazyStateReturns).
        Refusal("body with a return after a statement", "`body` is neither one view expression nor declarations and one view, each on lines of their own, to wrap", """
        struct V: View {
            @State private var model = Model()
            var body: some View {
                print(model.name)
                return Text(model.name)
            }
        }
        """),
        Refusal("body of several views", "`body` is a `ForEach` of several views, which a wrapper would merge", """
        struct V: View {
            @State private var model = Model()
            var body: some View {
                ForEach(model.items, id: \\.self) { Text($0) }
            }
        }
        """),
        // A modifier's `body(content:)` takes the wrapper as a view's `body` does
        // (`LazyStateModifier` golden), when it is one view.
        Refusal("a view modifier making two views", "`body` is neither one view expression nor declarations and one view, each on lines of their own, to wrap", """
        struct Badged: ViewModifier {
            @State private var model = Model()
            func body(content: Content) -> some View {
                content
                Text(model.name)
            }
        }
        """),
        // A shadow inside the `if let` keeps its meaning (`LazyStateShadows` golden), unless an
        // edit of the property's uses would reach it: `self.` going, or `$model` getting a `@Bindable`.
        Refusal("a parameter of the same name beside self.", "`controls()` has a parameter `model` and uses `self.model` too", """
        struct V: View {
            @State private var model = Model()
            var body: some View { controls(model: model) }
            private func controls(model: Model) -> some View { Text(model.name + self.model.name) }
        }
        """),
        Refusal("a local beside a projection", "`body` declares a `model` of its own, which hides the property", """
        struct V: View {
            @State private var model = Model()
            var body: some View {
                VStack {
                    TextField("Name", text: $model.name)
                    let model = Model()
                    Text(model.name)
                }
            }
        }
        """),
        Refusal("a closure parameter beside self.", "`body` declares a `model` of its own, which hides the property", """
        struct V: View {
            @State private var model = Model()
            let models: [Model] = []
            var body: some View {
                List(models, id: \\.name) { model in Text(model.name + self.model.name) }
                    .navigationTitle(model.name)
            }
        }
        """),
        Refusal("a local in a method beside the property's own uses", "`save()` declares a `model` of its own, which hides the property", """
        struct V: View {
            @State private var model = Model()
            var body: some View { Button("Save") { save() } }
            private func save() {
                model.name = "saved"
                do {
                    let model = Model()
                    model.name = "new"
                }
            }
        }
        """),
        Refusal("wrapper arguments", "it is written `@State(initialValue:)`", """
        struct V: View {
            @State(initialValue: Model()) private var model: Model
            var body: some View { Text(model.name) }
        }
        """),
        Refusal("created in init from a property of the view", "its creation in `init` reads `name`, which the view's own closure cannot capture there", """
        struct V: View {
            @State private var model: Model
            let name: String
            init(title: String) {
                self.name = title
                _model = State(initialValue: Model(name: name))
            }
            var body: some View { Text(model.name) }
        }
        """),
        Refusal("created in init in a condition", "an `init` sets it inside a condition or closure", """
        struct V: View {
            @State private var model: Model
            init(empty: Bool) {
                if empty { _model = State(initialValue: Model()) } else { _model = State(initialValue: Model(name: "x")) }
            }
            var body: some View { Text(model.name) }
        }
        """),
        Refusal("created in init and handed in by another", "an `init` sets it other than once with a new object", """
        struct V: View {
            @State private var model: Model
            init() { _model = State(initialValue: Model()) }
            init(model: Model) { _model = State(initialValue: model) }
            var body: some View { Text(model.name) }
        }
        """),
        Refusal("init reads it", "an `init` of the view uses it", """
        struct V: View {
            @State private var model = Model()
            init(name: String) { model.name = name }
            var body: some View { Text(model.name) }
        }
        """),
        Refusal("storage", "the view uses `_model`", """
        struct V: View {
            @State private var model = Model()
            var body: some View { Text(model.name).onAppear { print(_model) } }
        }
        """),
        Refusal("computed property", "`title` returns a value made from it, which would be optional", """
        struct V: View {
            @State private var model = Model()
            private var title: String { model.name }
            var body: some View { Text(title) }
        }
        """),
        Refusal("function returning a member", "`title()` returns a value made from it, which would be optional", """
        struct V: View {
            @State private var model = Model()
            var body: some View { Text(title()) }
            private func title() -> String {
                model.name
            }
        }
        """),
        Refusal("closure returning a member", "`titles` returns a value made from it, which would be optional", """
        struct V: View {
            @State private var model = Model()
            var body: some View { Text(titles.joined()) }
            private var titles: [String] {
                let items = [1, 2]
                return items.map { _ in
                    model.name
                }
            }
        }
        """),
        // After `let` and `var` only, the `return` goes inside the `if let` (LazyStateReturns).
        Refusal("view member with a return after a statement", "`row()` uses it and returns its view with `return` after code other than `let` and `var` declarations, which no `if let` can take", """
        struct V: View {
            @State private var model = Model()
            var body: some View { row() }
            private func row() -> some View {
                print(model.name)
                return Text(model.name)
            }
        }
        """),
        Refusal("view member with two returns", "`row()` uses it and returns its view with `return` after code other than `let` and `var` declarations, which no `if let` can take", """
        struct V: View {
            @State private var model = Model()
            var body: some View { row() }
            private func row() -> some View {
                let name = model.name
                if name.isEmpty { return Text("None") }
                return Text(name)
            }
        }
        """),
        Refusal("body assigns it", "`body` assigns it", """
        struct V: View {
            @State private var model = Model()
            var body: some View {
                Button(model.name) { model = Model() }
            }
        }
        """),
        // `self.model.name` loses its `self.` (LazyStateSelf); a comparison with nil would change.
        Refusal("self in body", "`body` uses `self.model`, which would be the optional", """
        struct V: View {
            @State private var model = Model()
            var body: some View { Text(self.model == nil ? "" : "x") }
        }
        """),
        // `$model` alone becomes a binding of its own (LazyStateWholeBinding), but not where a
        // local of the same name could be what the edit reaches.
        Refusal("whole binding beside a shadow", "`body` declares a `model` of its own, which hides the property", """
        struct V: View {
            @State private var model = Model()
            var body: some View {
                VStack {
                    Editor(model: $model)
                    Button("New") {
                        let model = Model()
                        print(model.name)
                    }
                }
            }
        }
        """),
        Refusal("binding to a class that is not @Observable", "`$model` would need `@Bindable`, which takes only an `@Observable` class", """
        struct V: View {
            @State private var model = Plain()
            var body: some View { TextField("Name", text: $model.name) }
        }
        """),
        Refusal("observers", "it has `didSet` or `willSet`", """
        struct V: View {
            @State private var model = Model() { didSet { print("replaced") } }
            var body: some View { Text(model.name) }
        }
        """),
        Refusal("inferred generic arguments", "the generic arguments of `Box` are inferred, not written", """
        struct V: View {
            @State private var box = Box(1)
            var body: some View { Text("\\(box)") }
        }
        """),
        Refusal("closure without a written type", "the type it creates is not written out", """
        struct V: View {
            @State private var model = { Model() }()
            var body: some View { Text(model.name) }
        }
        """),
        Refusal("a part in another file", "a part of the view in another file may use it", """
        struct V: View {
            @State var model = Model()
            var body: some View { Text(model.name) }
        }
        """, extra: ["V+Save.swift": "import SwiftUI\nextension V {\n    func save() { model.save() }\n}\n"]),
        // A parent keeps the view and calls a method that sets the object: while the object is
        // nil (until the view appears) `model?.name = s` would drop the call.
        Refusal("method called on a view value", "`setName()` uses it and may be called on a view value (`.setName` at Parent.swift:5), before the view appears, when the object is still nil", """
        struct V: View {
            @State private var model = Model()
            var body: some View { Text(model.name) }
            func setName(_ name: String) { model.name = name }
        }
        """, extra: ["Parent.swift": "import SwiftUI\nstruct Parent: View {\n    let child = V()\n    var body: some View {\n        child.onAppear { child.setName(\"camera-1\") }\n    }\n}\n"]),
        Refusal("too many", "the view makes more than 16 objects this way, too many to rewrite at once", """
        struct V: View {
        """ + (0...16).map { "    @State private var m\($0) = Model()\n" }.joined() + """
            var body: some View { Text(m0.name) }
        }
        """),
    ]

    @Test(arguments: refusals)
    func noFixAndTheMessageSaysWhy(_ refusal: Refusal) throws {
        let errors = try TypeCheck.typeCheck(files: refusal.files)
        #expect(errors.isEmpty, "\(refusal) does not type-check:\n\(errors.joined(separator: "\n"))")
        let findings = RuleHarness.findings(refusal.files.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                                            rules: [StateInlineClassInitRule.description.id])
        #expect(!findings.isEmpty, "\(refusal): not reported")
        for finding in findings {
            #expect(finding.fix == nil, "\(refusal): \(finding.fix?.summary ?? "")")
            #expect(finding.message.hasSuffix(" No automatic fix: \(refusal.reason)."), "\(refusal): \(finding.message)")
        }
    }

    /// A type StateLint reports only with `report_unknown_types`: what it creates is unknown, so
    /// is whether `Tracker?` names it whole.
    @Test func noFixForATypeNothingKnows() {
        let source = """
        import SwiftUI
        import AnalyticsKit
        struct V: View {
            @State private var tracker = Tracker()
            var body: some View { Text("x") }
        }
        """
        let findings = RuleHarness.findings([("View.swift", source)], rules: [StateInlineClassInitRule.description.id],
                                            options: [StateInlineClassInitRule.description.id: ["report_unknown_types": .bool(true)]])
        #expect(findings.count == 1 && findings.first?.fix == nil)
        #expect(findings.first?.message.hasSuffix(" No automatic fix: StateLint does not know the type it creates.") == true)
    }

    /// The rewrite for `@StateObject` (what `statelint migrate` will ask of it): the same, with
    /// the wrapper renamed.
    @Test func replacesAStateObjectToo() throws {
        let source = """
        import SwiftUI

        @Observable final class Model {
            var name = ""
        }

        struct V: View {
            @StateObject private var model = Model()

            var body: some View {
                TextField("Name", text: $model.name)
            }
        }
        """
        let expected = """
        import SwiftUI

        @Observable final class Model {
            var name = ""
        }

        struct V: View {
            @State private var model: Model?

            var body: some View {
                ZStack {
                    if let model {
                        @Bindable var model = model
                        TextField("Name", text: $model.name)
                    }
                }
                .onAppear {
                    if model == nil { model = Model() }
                }
                .onDisappear { model = nil }
            }
        }
        """
        let fixed = Self.rewrite(source, wrapper: .stateObject)
        #expect(fixed == expected)
        let errors = try TypeCheck.typeCheck(files: ["View.swift": expected])
        #expect(errors.isEmpty, "\(errors)")
    }

    /// `source` with `LazilyOwnedStateFix` applied to every property wrapped in `wrapper` that
    /// creates its value, as one fix.
    static func rewrite(_ source: String, wrapper: PropertyWrapper) -> String {
        let rule = LazyRewriteRule(wrapper: wrapper)
        let outcome = FixHarness.fix(["View.swift": Array(source.utf8)], rules: [rule])
        return String(decoding: outcome.fixed["View.swift"] ?? Array(source.utf8), as: UTF8.self)
    }
}

/// Reports every property wrapped in `wrapper` that creates its value, with the lazily owned
/// state rewrite as its fix: the transformation alone, for any wrapper.
struct LazyRewriteRule: Rule {
    static let description = RuleDescription(id: "test_lazy_rewrite", name: "Test lazy rewrite",
                                             summary: "Applies LazilyOwnedStateFix.", rationale: "Tests the rewrite alone.")
    static let options: [RuleOptionSpec] = []
    let wrapper: PropertyWrapper

    init(configuration: RuleConfiguration?) { wrapper = .state }
    init(wrapper: PropertyWrapper) { self.wrapper = wrapper }

    func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        let properties = view.properties(wrappedIn: wrapper).filter { $0.writtenCreation != nil }
        guard !properties.isEmpty else { return [] }
        let plan = LazilyOwnedStateFix.plan(properties, replacing: wrapper, in: view, context)
        return properties.map { RuleViolation(at: $0.nameSpan, "lazy", fix: plan.refusals[$0.name] == nil ? plan.fix : nil) }
    }
}
