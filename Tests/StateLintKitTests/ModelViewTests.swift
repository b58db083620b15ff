import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// `ProjectViews`: which types are views, merged across files, and what their handlers reach.
@Suite struct ModelViewTests {
    @Test func rolesFromConformancesAnywhere() {
        let views = ModelHarness.views([
            ("A.swift", """
            import SwiftUI
            struct Plain: View { var body: some View { Text("") } }
            struct Split { @State private var count = 0 }
            @main struct Main: App { var body: some Scene { WindowGroup { Plain() } } }
            struct Card: ViewModifier { func body(content: Content) -> some View { content } }
            struct Bodied { var body: some View { Text("") } }
            struct Wrapper: DynamicProperty { @State private var value = 0 }
            protocol FeatureView: View {}
            struct Feature: FeatureView { var title = "" }
            struct Previews: PreviewProvider { static var previews: some View { Plain() } }
            struct Model: Identifiable { let id = 1 }
            final class Store { @State var x = 0 }
            enum Route: Hashable { case home }
            #Preview { Plain() }
            """),
            ("B.swift", "extension Split: View { var body: some View { Text(\"\") } }\nextension Model: Equatable {}\n"),
        ])
        let roles = Dictionary(views.map { ($0.name, $0.role) }, uniquingKeysWith: { first, _ in first })
        #expect(roles == ["Plain": .view, "Split": .view, "Main": .app, "Card": .viewModifier, "Bodied": .view,
                          "Wrapper": .dynamicProperty, "Feature": .view, "Previews": .previewProvider, "#Preview": .preview])
    }

    /// `>?` is one operator token: the optional after generic arguments must still be read.
    @Test func declaredTypesAfterGenericArgumentsKeepTheirOptional() throws {
        let view = try #require(ModelHarness.view("V", in: [("V.swift", """
            import SwiftUI
            struct V: View {
                @State private var a: Task<Void, Never>?
                @State private var b: Task<Void, Never>
                @State private var c: Optional<Store<Feature>>
                @State private var d: Store<Feature>!
                @State private var e: Store<Other<Feature>>?
                var body: some View { Text("") }
            }
            """)]))
        let types = view.properties.map { "\($0.name): \($0.declaredType.map { "\($0.name) \($0.isOptional)" } ?? "none")" }
        #expect(types == ["a: Task true", "b: Task false", "c: Store true", "d: Store true", "e: Store true"])
    }

    @Test func swiftUIProtocolsAreNamedWithOrWithoutTheirModule() {
        for protocolCase in SwiftUIProtocol.allCases {
            #expect(SwiftUIProtocol(named: protocolCase.rawValue) == protocolCase)
            #expect(SwiftUIProtocol(named: "SwiftUI." + protocolCase.rawValue) == protocolCase)
        }
        for other in ["view", "MyKit.View", "SwiftUI.", "Views", "ObservableObject", ""] {
            #expect(SwiftUIProtocol(named: other) == nil, "\(other)")
        }
    }

    @Test func aViewSplitOverFilesIsOneView() throws {
        let view = try #require(ModelHarness.view("Feature.Row", in: [
            ("Row.swift", """
            enum Feature {
                struct Row: View {
                    @State private var model: Model?
                    @ObservedObject var store: Store
                    var body: some View { Text("").onAppear(perform: load) }
                }
            }
            """),
            ("Row+Load.swift", """
            extension Feature.Row {
                func load() { helper() }
                func helper() { model = Model() }
            }
            """),
            ("Row+Teardown.swift", "extension Feature.Row { var gone: some View { Text(\"\").onDisappear { model = nil } } }\n"),
        ]))
        #expect(view.properties.map(\.name) == ["model", "store"])
        #expect(view.properties.map(\.wrapper) == [.state, .observedObject])
        #expect(view.handlers.map(\.modifier).sorted() == ["onAppear", "onDisappear"])
        let appear = try #require(view.handlers.first { $0.modifier == "onAppear" })
        #expect(appear.assignments.map(\.facts.target) == ["model"])
        #expect(appear.assignments.first?.via == ["load", "helper"])
        #expect(appear.assignments.first?.facts.span.file == FileID(1), "in Row+Load.swift")
    }

    /// A method reached from a handler is guarded for a name only if every path to it guards it.
    @Test func guardsAtCallSitesCountWhenEveryPathHasOne() throws {
        func assignments(_ body: String) throws -> [(String, Bool)] {
            let view = try #require(ModelHarness.view("V", in: [("V.swift", """
            struct V: View {
                @State private var model: Model?
                @State private var other: Model?
                var body: some View { Text("").onAppear { \(body) } }
                func load() { model = Model(); reload() }
                func reload() { other = Model(); load() }
            }
            """)]))
            return view.handlers[0].assignments.map { ($0.facts.target, $0.isNilGuarded) }
        }
        #expect(try assignments("if model == nil { load() }").map(\.1) == [true, false])
        #expect(try assignments("if model == nil, other == nil { load() }").map(\.1) == [true, true])
        #expect(try assignments("if model == nil { load() }; reload()").map(\.1) == [false, false])
        #expect(try assignments("guard model == nil else { return }; load()").map(\.1) == [true, false])
        #expect(try assignments("while model == nil { load() }").map(\.1) == [true, false])
    }

    @Test func previewsHoldTheirPreviewableState() throws {
        let preview = try #require(ModelHarness.view("#Preview", in: [("P.swift", """
        #Preview("Filled") {
            @Previewable @State var model = Model()
            @Previewable @State var text: String? = nil
            Editor(model: model)
        }
        """)]))
        #expect(preview.properties.map(\.name) == ["model", "text"])
        #expect(preview.properties.allSatisfy { $0.wrapper == .state && $0.isPreviewable })
        #expect(preview.properties.first?.initialValue?.creation?.writtenType == "Model")
    }

    @Test func initialValuesComeFromDeclarationsAndInitializers() throws {
        let view = try #require(ModelHarness.view("V", in: [("V.swift", """
        struct V: View {
            @State private var a = Model()
            @State(initialValue: Model()) private var b: Model
            @State private var c: Model
            @State private var d: Model
            @State private var e: Model
            @State private var f: Model
            init(shared: Model) {
                _c = State(wrappedValue: Model())
                self.d = Model()
                e = { let m = Model(); return m }()
                _f = StateObject(wrappedValue: Model())
            }
            var body: some View { Text("") }
        }
        """)]))
        let values = view.initialValues(wrappedIn: .state)
        #expect(values.map(\.property.name) == ["a", "b", "c", "d", "e"])
        #expect(values.map(\.isInInitializer) == [false, false, true, true, true])
        #expect(values.allSatisfy { $0.createdTypeName == "Model" })
    }
}
