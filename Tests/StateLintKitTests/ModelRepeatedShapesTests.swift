import Testing
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The shapes that once made the view model quadratic (a view declared thousands of times in
/// one file, thousands of properties in one view, deeply nested tasks and blocks) now take a
/// pass each; these tests check that the passes answer what the old per-item work answered.
/// How long they take is measured by `Benchmarks/hostile.py` (docs/robustness.md), not here.
@Suite struct ModelRepeatedShapesTests {
    // MARK: A view declared many times

    static let copy = """
    struct Twice: View {
        @State private var model: Model?
        @ObservedObject var store = Store()
        var body: some View { Text("\\(store.count)").onAppear { load() }.onDisappear { store.stop() } }
        func load() { model = Model() }
    }

    """

    @Test func eachDeclarationOfARepeatedViewIsScannedForItsOwnUses() {
        let facts = ModelHarness.facts(String(repeating: Self.copy, count: 3))
        let parts = facts.types.filter { $0.name == "Twice" }
        #expect(parts.count == 3)
        for part in parts {
            #expect(part.uses["store"]?.readsMembers == true)
            #expect(part.uses["model"]?.assignments == 1, "its own assignment, not every copy's")
        }
    }

    @Test func handlersThatCallAlikeShareWhatTheyReach() throws {
        let view = try #require(ModelHarness.view("Twice", in: [("T.swift", String(repeating: Self.copy, count: 4))]))
        let appears = view.handlers.filter { $0.modifier == "onAppear" }
        #expect(appears.count == 4)
        #expect(Set(appears.map(\.reached.id)).count == 1, "one object for the four handlers")
        // Overloads share a name: each handler reaches the four `load` bodies.
        #expect(appears.allSatisfy { $0.assignments.count == 4 && $0.assignments.allSatisfy { $0.via == ["load"] } })
        #expect(view.assignments(ofHandlersIn: ["onAppear"]).count == 4, "the shared assignments once")
        #expect(view.cancelledNames(ofHandlersIn: ["onDisappear"]).isEmpty)
        #expect(view.uses(of: "model").assignments == 4)
        #expect(view.isFullyScanned)
    }

    @Test func aRepeatedViewGetsOneFindingPerCopy() {
        let source = "import SwiftUI\nfinal class Model {}\nfinal class Store: ObservableObject { var count = 0; func stop() {} }\n"
            + String(repeating: Self.copy, count: 5)
        let hits = RuleHarness.hits(source)
        #expect(hits.filter { $0.ruleID == "appear_missing_nil_check" }.count == 5)
        #expect(hits.filter { $0.ruleID == "disappear_missing_teardown" }.count == 5)
        #expect(hits.filter { $0.ruleID == "observed_object_inline_init" }.count == 5)
    }

    @Test func handlersWithDifferentGuardsDoNotShare() throws {
        let view = try #require(ModelHarness.view("V", in: [("V.swift", """
        struct V: View {
            @State private var model: Model?
            var body: some View {
                Text("").onAppear { if model == nil { load() } }.onAppear { load() }.task { load() }
            }
            func load() { model = Model() }
        }
        """)]))
        #expect(view.handlers[0].reached.id != view.handlers[1].reached.id)
        #expect(view.handlers[1].reached.id == view.handlers[2].reached.id)
        #expect(view.handlers.map { $0.assignments.map(\.isNilGuarded) } == [[true], [false], [false]])
    }

    // MARK: Many properties

    @Test func manyPropertiesAreFoundByName() throws {
        var lines = ["struct Wide: View {"]
        lines += (0..<40).map { "    @State var m\($0) = Model()" }
        lines += ["    @ObservedObject var m7 = Store()",  // declared twice: the last one counts
                  "    var body: some View { Text(\"\\(m3.title) \\($m5) \\(_m9)\").onAppear { m11 = Model() } }", "}"]
        let view = try #require(ModelHarness.view("Wide", in: [("W.swift", lines.joined(separator: "\n"))]))
        #expect(view.property(named: "m7")?.wrapper == .observedObject)
        #expect(view.property(named: "m39")?.name == "m39")
        #expect(view.property(named: "m40") == nil)
        #expect(view.uses(of: "m3").readsMembers)
        #expect(view.uses(of: "m5").usesWholeProjection)
        #expect(view.uses(of: "m9").readsStorage)
        #expect(view.uses(of: "m11").assignments == 1)
        #expect(view.creations(assignedTo: "m11").map(\.writtenType) == ["Model"])
        #expect(view.creations(assignedTo: "m12").isEmpty)
    }

    /// More names than `UseScanner` compares one by one: found by their bytes, the same answers.
    @Test func theUseScannerAnswersAlikeForFewAndManyNames() {
        let source = "struct S { var body: some View { n1 = x; $n2; _n3; n4.title; n5.load(); _odd = y; $odd; odd.size } }"
        let code = ModelHarness.structure(source).code
        let body = 0...(code.count - 1)
        func uses(_ names: [String]) -> [String: PropertyUses] { UseScanner(code: code, names: names).uses(in: body) }
        let names = (0..<(UseScanner.maximumSearchedNames * 3)).map { "n\($0)" }
        let together = uses(names)
        for name in names { #expect(together[name] == uses([name])[name], "\(name)") }
        #expect(together["n1"]?.assignments == 1)
        #expect(together["n4"]?.readsMembers == true)
        // `_odd` is both a name and `odd`'s storage: the name listed first takes it, either way.
        let few = uses(["_odd", "odd"])
        let many = uses(["_odd", "odd"] + names)
        #expect(few["_odd"] == many["_odd"] && few["odd"] == many["odd"])
        #expect(many["_odd"]?.assignments == 1 && many["odd"]?.usesWholeProjection == true)
    }

    // MARK: Deep nesting

    /// Nested tasks: each one's errors and returns as if read on its own.
    @Test func nestedTasksEachKeepTheirOwnOperation() throws {
        let depth = 300
        let body = String(repeating: "Task { await step()\n", count: depth) + "try await last()\n"
            + String(repeating: "}\n", count: depth)
        let facts = ModelHarness.facts("struct V: View { var body: some View { Text(\"\").onAppear {\n\(body)} } }")
        let tasks = try #require(facts.types.first?.handlers.first?.action.taskStarts)
        #expect(tasks.count == depth)
        #expect(tasks.last?.mayThrow == true, "the innermost task's `try`")
        let outerMayThrow = tasks.dropLast().contains { $0.mayThrow }
        #expect(!outerMayThrow, "an inner task keeps its errors")
        #expect(tasks.allSatisfy { $0.mayNoticeCancellation })
    }

    @Test func errorsAndReturnsStopWhereTheyDid() throws {
        func task(_ inside: String) throws -> TaskStartFacts {
            let facts = ModelHarness.facts("struct V: View { var body: some View { Text(\"\").onAppear { Task {\n\(inside)\n} } } }")
            return try #require(facts.types.first?.handlers.first?.action.taskStarts.first)
        }
        // Nested blocks: the mark goes out through them; a `do` that catches everything stops it.
        #expect(try task("if a { while b { if c { try x() } } }").mayThrow)
        #expect(try !task("do { if a { if b { try x() } } } catch { }").mayThrow)
        #expect(try task("do { if a { try x() } } catch is E { }\nif b { if c { try y() } }").mayThrow)
        // A closure inside: its `return value` is not the task's; one in nested blocks is.
        #expect(try !task("items.map { item in if a { return item } ; return item }").returnsValue)
        #expect(try task("if a { if b { return 1 } }\nitems.forEach { _ in }").returnsValue)
        #expect(try !task("await step()\nlet f = { return 2 }").returnsValue)
    }

    @Test func whatABlockTellsEndsWithTheBlock() throws {
        let view = try #require(ModelHarness.view("V", in: [("V.swift", """
        struct V: View {
            @State private var a: Model?
            @State private var b: Model?
            var body: some View {
                Text("").onAppear {
                    if a == nil {
                        if b == nil { b = Model() }
                        a = Model()
                        Task { b = Model() }
                    }
                    b = Model()
                    guard a == nil else { return }
                    if true { if true { a = Model(); load() } }
                }
            }
            func load() {}
        }
        """)]))
        let assignments = view.handlers[0].assignments
        #expect(assignments.map(\.facts.target) == ["b", "a", "b", "b", "a"])
        // The task's `b` is made where `a` is nil and `a` is made in the same action: guarded by its sibling.
        #expect(assignments.map(\.isNilGuarded) == [true, true, true, false, true])
        let call = try #require(view.handlers[0].facts.action.calls.first)
        #expect(call.nilNames == ["a"])
    }

    @Test func deeplyNestedBlocksKeepEveryOuterGuard() throws {
        let depth = 2_000
        var source = "struct V: View {\n    @State private var m: Model?\n    var body: some View { Text(\"\").onAppear {\n"
        source += "guard m == nil else { return }\n"
        source += String(repeating: "if ready { m = Model(); load()\n", count: depth)
        source += String(repeating: "}\n", count: depth)
        source += "} }\n    func load() {}\n}\n"
        let action = try #require(ModelHarness.facts(source).types.first?.handlers.first?.action)
        #expect(action.assignments.count == depth)
        #expect(action.assignments.allSatisfy { $0.isNilGuarded })
        #expect(action.calls.count == depth && action.calls.allSatisfy { $0.nilNames == ["m"] })
    }

    // MARK: Long chains

    @Test func aLongChainFindsItsTeardownOnce() throws {
        let count = 200
        let chain = (0..<count).map { "            .onAppear { if m\($0) == nil { m\($0) = Model() } }" }.joined(separator: "\n")
        var lines = ["import SwiftUI", "final class Model {}", "struct Long: View {"]
        lines += (0..<count).map { "    @State private var m\($0): Model?" }
        lines += ["    var body: some View {", "        Text(\"\")", chain, "            .onDisappear { m0 = nil }", "    }", "}"]
        let findings = RuleHarness.findings([("L.swift", lines.joined(separator: "\n"))], rules: ["disappear_missing_teardown"])
        #expect(findings.count == count - 1, "m0 is released")
        // One fix for the one destination, the same for every finding: the `.onDisappear` at the end.
        let fixes = Set(findings.compactMap { $0.fix?.edits.first?.replacement })
        #expect(fixes.count == 1)
        #expect(fixes.first?.contains("self.m199 = nil") == true)
    }
}
