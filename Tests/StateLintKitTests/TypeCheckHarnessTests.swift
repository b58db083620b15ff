import Foundation
import Testing

/// The type-check harness itself: well-typed SwiftUI code passes, and the mistakes a rewrite of
/// state could make are reported, each at its line. Without these, a harness that passed
/// everything (a stand-in too lenient, errors not read) would prove nothing.
@Suite struct TypeCheckHarnessTests {
    /// An app that uses what the stand-ins declare, across two files.
    static let wellTypedApp: [String: String] = [
        "Models.swift": """
            import Foundation
            import Combine
            import Observation

            @Observable final class Note {
                var title = ""
                func save() {}
                func load() async {}
            }

            final class Search: ObservableObject {
                @Published var query = ""
                @Published var results: [String] = []
                private var bag = Set<AnyCancellable>()
                let events = PassthroughSubject<String, Never>()

                init() {
                    $query
                        .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
                        .removeDuplicates()
                        .sink { [weak self] query in self?.results = [query] }
                        .store(in: &bag)
                    events.map { [$0] }.assign(to: &$results)
                    Just("x").receive(on: DispatchQueue.main).assign(to: \\.query, on: self).store(in: &bag)
                }
            }

            struct Item: Identifiable {
                let id: Int
                var done = false
            }
            """,
        "Views.swift": """
            import SwiftUI

            struct EditorView: View {
                @State private var note: Note?
                @State private var items: [Item] = []
                @State private var showing = false
                @Environment(Note.self) private var shared
                @Environment(Note.self) private var maybe: Note?
                @Environment(\\.dismiss) private var dismiss
                @EnvironmentObject var search: Search
                @StateObject private var owned = Search()
                @ObservedObject var passed: Search
                let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

                var body: some View {
                    NavigationStack {
                        VStack(alignment: .leading, spacing: 8) {
                            if let note {
                                @Bindable var note = note
                                TextField("Title", text: $note.title)
                                Text(note.title).font(.headline)
                            } else {
                                ProgressView()
                            }
                            ForEach($items) { $item in Toggle("Done", isOn: $item.done) }
                            List(search.results, id: \\.self) { Text($0) }
                            TextField("Query", text: $search.query)
                            TextField("Query", text: $owned.query)
                            TextField("Query", text: $passed.query)
                            TextField("Shared", text: Bindable(shared).title)
                            Button("Close") { dismiss() }
                            Group {
                                Image(systemName: "star")
                                Text("\\(items.count) items")
                            }
                        }
                        .padding()
                        .navigationTitle("Editor")
                        .toolbar { Button("Save") { note?.save() } }
                        .sheet(isPresented: $showing) { Text("Sheet") }
                        .onAppear { if note == nil { note = Note() } }
                        .onDisappear { note = nil }
                        .task { await note?.load() }
                        .task(id: showing) { note?.save() }
                        .onChange(of: showing) { old, new in print(old, new) }
                        .onChange(of: showing) { print("changed") }
                        .onReceive(timer) { _ in note?.save() }
                        .onReceive(search.objectWillChange) { print("will change") }
                        .refreshable { await Task.yield() }
                    }
                }
            }

            struct Bordered: ViewModifier {
                func body(content: Content) -> some View { content.padding(4) }
            }

            struct EditorView_Previews: PreviewProvider {
                static var previews: some View {
                    EditorView(passed: Search()).modifier(Bordered()).environment(Note()).environmentObject(Search())
                }
            }

            @main
            struct NotesApp: App {
                @State private var note = Note()
                @StateObject private var search = Search()

                var body: some Scene {
                    WindowGroup {
                        EditorView(passed: search).environment(note).environmentObject(search)
                    }
                }
            }
            """,
    ]

    @Test func aWellTypedAppPasses() throws {
        let errors = try TypeCheck.typeCheck(files: Self.wellTypedApp)
        #expect(errors.isEmpty, "\(errors.joined(separator: "\n"))")
    }

    /// A mistake, the line it is on (1-based, in its own file) and words of the error.
    struct Mistake: CustomStringConvertible {
        let name: String
        let source: String
        let line: Int
        let message: String
        var description: String { name }
    }

    /// Each in a file of its own, all type-checked in one module (one compiler run).
    static let mistakes: [Mistake] = [
        Mistake(name: "OptionalMember", source: """
            import SwiftUI
            @Observable final class OptionalMemberModel { func save() {} }
            struct OptionalMemberView: View {
                @State private var model: OptionalMemberModel?
                var body: some View { Text("").onAppear { model.save() } }
            }
            """, line: 5, message: "must be unwrapped"),
        Mistake(name: "StateObjectOfAPlainClass", source: """
            import SwiftUI
            final class PlainModel {}
            struct PlainModelView: View {
                @StateObject private var model = PlainModel()
                var body: some View { Text("") }
            }
            """, line: 4, message: "'PlainModel' conform to 'ObservableObject'"),
        Mistake(name: "EnvironmentOfANonObservableClass", source: """
            import SwiftUI
            final class Settings {}
            struct SettingsReader: View {
                @Environment(Settings.self) private var settings
                var body: some View { Text("") }
            }
            """, line: 4, message: "error:"),
        Mistake(name: "StateObjectHasNoSetter", source: """
            import SwiftUI
            final class Cart: ObservableObject { @Published var items: [String] = [] }
            struct CartView: View {
                @StateObject private var cart = Cart()
                var body: some View { Text("") }
                mutating func reset() { cart = Cart() }
            }
            """, line: 6, message: "get-only"),
        Mistake(name: "ObservedObjectAssignedInAClosure", source: """
            import SwiftUI
            final class Draft: ObservableObject { @Published var title = "" }
            struct DraftView: View {
                @ObservedObject var draft = Draft()
                var body: some View { Text("").onTapGesture { draft = Draft() } }
            }
            """, line: 5, message: "'self' is immutable"),
        Mistake(name: "BindingThroughAnOptional", source: """
            import SwiftUI
            @Observable final class Profile { var name = "" }
            struct ProfileView: View {
                @State private var profile: Profile?
                var body: some View { TextField("Name", text: $profile.name) }
            }
            """, line: 5, message: "must be unwrapped"),
        Mistake(name: "PublishedOutsideAClass", source: """
            import Combine
            struct Counter {
                @Published var count = 0
            }
            """, line: 3, message: "only available on properties of classes"),
        Mistake(name: "BindableOfAPlainClass", source: """
            import SwiftUI
            final class Form2 { var text = "" }
            struct Form2View: View {
                let form: Form2
                var body: some View { TextField("", text: Bindable(form).text) }
            }
            """, line: 5, message: "error:"),
        Mistake(name: "EnvironmentObjectOfAnObservableClass", source: """
            import SwiftUI
            @Observable final class Theme { var dark = false }
            struct ThemedView: View {
                let theme = Theme()
                var body: some View { Text("").environmentObject(theme) }
            }
            """, line: 5, message: "'Theme' conform to 'ObservableObject'"),
    ]

    @Test func mistakesAreReportedAtTheirLines() throws {
        let files = Dictionary(uniqueKeysWithValues: Self.mistakes.map { ("\($0.name).swift", $0.source) })
        let errors = try TypeCheck.typeCheck(files: files)
        for mistake in Self.mistakes {
            let prefix = "\(mistake.name).swift:\(mistake.line):"
            #expect(errors.contains { $0.hasPrefix(prefix) && $0.contains(mistake.message) },
                    "\(mistake.name): no error at line \(mistake.line) mentioning \(mistake.message); got:\n\(errors.joined(separator: "\n"))")
            #expect(!errors.contains { $0.hasPrefix("\(mistake.name).swift:") && !$0.hasPrefix(prefix) },
                    "\(mistake.name): errors on other lines:\n\(errors.joined(separator: "\n"))")
        }
    }

    /// The same file without the mistake passes: the error above is the mistake's, not the
    /// stand-ins'.
    @Test func theMistakesFixedPass() throws {
        let fixed: [String: String] = [
            "OptionalMember.swift": Self.mistakes[0].source.replacingOccurrences(of: "model.save()", with: "model?.save()"),
            "StateObjectOfAPlainClass.swift": Self.mistakes[1].source
                .replacingOccurrences(of: "final class PlainModel {}", with: "final class PlainModel: ObservableObject {}"),
            "EnvironmentOfANonObservableClass.swift": Self.mistakes[2].source
                .replacingOccurrences(of: "final class Settings {}", with: "@Observable final class Settings {}"),
            "ObservedObjectAssignedInAClosure.swift": Self.mistakes[4].source
                .replacingOccurrences(of: ".onTapGesture { draft = Draft() }", with: ".onTapGesture { draft.title = \"\" }"),
            "BindingThroughAnOptional.swift": Self.mistakes[5].source
                .replacingOccurrences(of: "@State private var profile: Profile?", with: "@State private var profile = Profile()"),
        ]
        let errors = try TypeCheck.typeCheck(files: fixed)
        #expect(errors.isEmpty, "\(errors.joined(separator: "\n"))")
    }

    @Test func withoutACompilerTheLookupFindsNone() {
        #expect(TypeCheck.locateCompiler(searchPath: "/nonexistent/bin", loadedLibraries: []) == nil)
        #expect(TypeCheck.locateCompiler(searchPath: "", loadedLibraries: ["/nonexistent/usr/lib/swift/linux/libswiftCore.so"]) == nil)
        // On this machine the compiler is found, one way or the other.
        #expect(throws: Never.self) { try TypeCheck.compiler.get() }
    }

    #if os(Linux)
    @Test func theToolchainOfTheTestProcessHasACompiler() throws {
        // Linux: the Swift runtime this process loaded sits in the toolchain that has swiftc.
        let libraries = TypeCheck.loadedLibraries()
        try #require(libraries.contains { $0.hasSuffix("/libswiftCore.so") }, "the Swift runtime is not loaded from a toolchain")
        #expect(TypeCheck.locateCompiler(searchPath: "", loadedLibraries: libraries) != nil)
    }
    #endif
}
