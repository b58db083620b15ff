import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

@Suite struct StructureModifierCallTests {
    static func calls(_ source: String) -> [(name: String, hasClosure: Bool, perform: String?)] {
        let file = SourceFile(path: "V.swift", text: source)
        let structure = FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes))
        return structure.modifierCalls.map { call in
            (call.name, call.closure != nil, call.performMethodToken.map { structure.code.string($0) })
        }
    }

    @Test func recognisesActionModifiersInEverySpelling() {
        let found = Self.calls("""
        struct V: View {
            var body: some View {
                Text("x")
                    .onAppear { a() }
                    .onAppear(perform: load)
                    .onDisappear(perform: self.unload)
                    .task(id: query) { await b() }
                    .task(priority: .high) { await c() }
                    .onFirstAppear { d() }
                    .onChange(of: x) { _, _ in }
                    .map { $0 }
                    .online { }
                    .taskGroup { }
                    .padding()
            }
        }
        """)
        #expect(found.map(\.name) == ["onAppear", "onAppear", "onDisappear", "task", "task", "onFirstAppear", "onChange"])
        #expect(found.map(\.perform) == [nil, "load", "unload", nil, nil, nil, nil])
        #expect(found.map(\.hasClosure) == [true, false, false, true, true, true, true])
    }

    /// `DeclarationScanner.run` skips most `.` before any call: the scopes it passes while
    /// skipping must still close, and a `.` as the last token or before a keyword is no call.
    @Test func skippedPeriodsKeepScopesAndEdges() {
        let source = """
        struct A { func f() { x.y.z } }
        struct B { var body: some View { Text("").padding().onAppear { } } }
        let v = a.self.init.onDisappear { }
        z.
        """
        let file = SourceFile(path: "V.swift", text: source)
        let structure = FileStructure(file: file, tokens: Tokenizer.tokenize(file.bytes))
        #expect(structure.modifierCalls.map(\.name) == ["onAppear", "onDisappear"])
        #expect(structure.modifierCalls.map { $0.enclosingType.map { structure.name(of: $0) } ?? "-" } == ["B", "-"])
    }
}
