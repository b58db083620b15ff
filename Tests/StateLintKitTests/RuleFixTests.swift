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

/// The rules' fixes on realistic views: golden before/after files (LF, CRLF with tabs), a
/// fixed point, and the cases where a fix would not compile the same and none is offered.
@Suite struct RuleFixTests {
    static let folder = RuleDocumentationFiles.repositoryRoot.appendingPathComponent("Tests/StateLintKitTests/Fixtures/RuleFixes")

    static func goldenNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".after.swift") }.map { String($0.dropLast(".after.swift".count)) }.sorted()
    }

    /// `name.before.swift`; a `-xcode27` golden without one of its own fixes the same file as the
    /// golden it is named after (`ObservableInline-xcode27` → `ObservableInline.before.swift`).
    static func before(_ name: String) throws -> [UInt8] {
        let own = folder.appendingPathComponent("\(name).before.swift")
        if name.hasSuffix("-xcode27"), !FileManager.default.fileExists(atPath: own.path) {
            return try read("\(name.dropLast("-xcode27".count)).before.swift")
        }
        return try read("\(name).before.swift")
    }

    static func read(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test(arguments: try goldenNames())
    func goldenFiles(_ name: String) throws {
        let before = try Self.before(name)
        let after = try Self.read("\(name).after.swift")
        let (rules, xcode27) = Self.rules(forGolden: name)
        let outcome = FixHarness.fix(["View.swift": before], rules: rules, xcode27: xcode27)
        #expect(outcome.fixed["View.swift"] == after, "\(name): fixing the .before file gives the .after file")
        let again = FixHarness.fix(["View.swift": after], rules: rules, xcode27: xcode27)
        #expect(again.fixed.isEmpty, "\(name): a second fix changes nothing")
    }

    /// Every rule, as a project of unknown toolchain runs them; a name ending `-xcode27` is a
    /// project on Xcode 27 or later, without `state_inline_class_init` (as the configuration has it).
    static func rules(forGolden name: String) -> (rules: [any Rule], xcode27: Bool) {
        let xcode27 = name.hasSuffix("-xcode27")
        let ids = RuleRegistry.all.map { $0.description.id }.filter { !xcode27 || $0 != StateInlineClassInitRule.description.id }
        return (FixHarness.registryRules(ids), xcode27)
    }

    static func fixed(_ source: String, rule: any Rule.Type) -> String {
        FixHarness.fixed(source, rules: [rule.description.id])
    }

    static func fixes(_ source: String, rule: any Rule.Type) -> [Fix?] {
        RuleHarness.findings([("View.swift", source)], rules: [rule.description.id]).map(\.fix)
    }

    @Test func nilGuardOnlyForOptionals() {
        let source = """
        import SwiftUI
        @Observable final class Model {}
        struct V: View {
            @State private var kept = Model()
            @State private var lazy: Model?
            var body: some View { Text("").onAppear { kept = Model(); lazy = Model() }.onDisappear { lazy = nil } }
        }
        """
        #expect(Self.fixes(source, rule: AppearMissingNilCheckRule.self).map { $0 != nil } == [false, true])
        #expect(Self.fixed(source, rule: AppearMissingNilCheckRule.self)
                == source.replacingOccurrences(of: "lazy = Model() }", with: "if lazy == nil { lazy = Model() } }"))
        let messages = RuleHarness.findings([("View.swift", source)], rules: [AppearMissingNilCheckRule.description.id]).map(\.message)
        #expect(messages.map(Self.refusal) == ["`kept` is not optional, so `kept == nil` would never be true: declare it optional first", nil])
    }

    /// `let m = Model(); m.start(); model = m`: a guard around the last line alone would still
    /// make and start a model on every appear.
    @Test func noNilGuardAroundAnAssignmentOfALocal() {
        let source = """
        import SwiftUI
        @Observable final class Model { func start() {} }
        struct V: View {
            @State private var model: Model?
            var body: some View { Text("").onAppear { let m = Model(); m.start(); model = m }.onDisappear { model = nil } }
        }
        """
        let findings = RuleHarness.findings([("View.swift", source)], rules: [AppearMissingNilCheckRule.description.id])
        #expect(findings.map { $0.fix == nil } == [true])
        #expect(findings.map { Self.refusal($0.message) } == ["the object is made in a local first, and the guard belongs around all the code that makes and prepares it"])
    }

    /// A throwing task on the main actor, the whole action: the isolation moves to `.task`'s
    /// closure, the code into `do { … } catch {}`; a capture list stays the closure's too.
    @Test func throwingMainActorTaskKeepsItsIsolation() throws {
        let source = """
        import SwiftUI
        struct ToastView: View {
            @State private var shown = true
            var body: some View {
                Text("Saved")
                    .onAppear {
                        Task { @MainActor in
                            try await Task.sleep(nanoseconds: 1)
                            shown = false
                        }
                    }
            }
        }
        """
        let fixed = Self.fixed(source, rule: AppearUnstructuredTaskRule.self)
        #expect(fixed.contains("            .task { @MainActor in\n                do {\n                    try await Task.sleep(nanoseconds: 1)\n"), "\(fixed)")
        #expect(fixed.contains("                } catch {}\n            }\n"), "\(fixed)")
        let captured = source.replacingOccurrences(of: "Task { @MainActor in", with: "Task { [shown] in")
        let fixedCapture = Self.fixed(captured, rule: AppearUnstructuredTaskRule.self)
        #expect(fixedCapture.contains("            .task { [shown] in\n                do {\n"), "\(fixedCapture)")
    }

    /// A throwing task beside another statement (nos's note view): the statement stays in
    /// `.onAppear`, the task's code goes to a `.task` after it, in `do { … } catch {}` one unit
    /// deeper; a task on one line is not laid out for that and keeps its finding.
    @Test func throwingTaskBesideAStatementMoves() throws {
        let source = """
        import SwiftUI
        struct NoteView: View {
            @State private var composing = false
            var body: some View {
                Text("Note")
                    .onAppear {
                        Task {
                            try await Task.sleep(nanoseconds: 1)
                            composing = true
                        }
                        print("shown")
                    }
            }
        }
        """
        let fixed = Self.fixed(source, rule: AppearUnstructuredTaskRule.self)
        #expect(fixed.contains("""
                    .onAppear {
                        print("shown")
                    }
                    .task {
                        do {
                            try await Task.sleep(nanoseconds: 1)
                            composing = true
                        } catch {}
                    }
        """), "\(fixed)")
        let oneLine = source.replacingOccurrences(of: "Task {\n                    try await Task.sleep(nanoseconds: 1)\n                    composing = true\n                }",
                                                  with: "Task { try await Task.sleep(nanoseconds: 1); composing = true }")
        #expect(oneLine != source)
        #expect(Self.fixes(oneLine, rule: AppearUnstructuredTaskRule.self).map { $0 == nil } == [true])
    }

    /// `if flag { // why\n Task { @MainActor in … } }` (Spawn's search bar): the comment stays and
    /// `@MainActor in` does not become the `if`'s (that was a syntax error and a lost comment).
    @Test func taskInAnIfWithACommentAndMainActorSignature() throws {
        let source = """
        import SwiftUI
        struct SearchBar: View {
            let autofocus: Bool
            @State private var focused = false
            var body: some View {
                Text("")
                    .onAppear {
                        if autofocus {
                            // Wait for the view to settle
                            Task { @MainActor in
                                try? await Task.sleep(for: .seconds(0.1))
                                focused = true
                            }
                        }
                    }
            }
        }
        """
        let fixed = Self.fixed(source, rule: AppearUnstructuredTaskRule.self)
        #expect(fixed.contains("// Wait for the view to settle"), "\(fixed)")
        #expect(!fixed.contains("if autofocus { @MainActor in"), "\(fixed)")
        #expect(fixed.contains(".task {") && !fixed.contains("Task { @MainActor"), "\(fixed)")
        #expect(try TypeCheck.typeCheck(files: ["View.swift": fixed]).isEmpty, "\(fixed)")
    }

    /// A fix finds its place from the brackets: where they do not pair up (code being typed),
    /// the finding stays and its fix is not offered. The fuzzer found teardowns inserted again
    /// on every round in such files, where the rule could not see them.
    @Test func noFixWhereBracketsDoNotPair() {
        let balanced = """
        import SwiftUI
        @Observable final class Model {}
        struct V: View {
            @State private var model: Model?
            var body: some View {
                Text("").onAppear { model = Model() }
            }
        }
        """
        let typing = balanced.replacingOccurrences(of: "Text(\"\").onAppear", with: "Text(\"\").padding({).onAppear")
        for rule in [AppearMissingNilCheckRule.self, DisappearMissingTeardownRule.self] as [any Rule.Type] {
            #expect(Self.fixes(balanced, rule: rule).map { $0 != nil } == [true])
            #expect(Self.fixes(typing, rule: rule).map { $0 != nil } == [false])
        }
    }

    @Test func teardownGoesIntoTheChainsOnDisappearOnly() {
        let source = """
        import SwiftUI
        @Observable final class Model {}
        struct V: View {
            @State private var a: Model?
            @State private var b: Model?
            @State private var c: Model?
            var body: some View {
                VStack {
                    Text("a").onAppear { if a == nil { a = Model() } }.onDisappear {}
                    Text("b").onAppear { if b == nil { b = Model() } }.padding().onDisappear { print("b") }
                    Text("c").onAppear { if c == nil { c = Model() } }
                        .onChange(of: 1) { }
                        .onDisappear { print("c") }
                }
            }
        }
        """
        let fixed = Self.fixed(source, rule: DisappearMissingTeardownRule.self)
        #expect(fixed.contains(".onDisappear { self.a = nil }"), "into the empty `.onDisappear {}` right after")
        #expect(fixed.contains("b = Model() } }\n                .onDisappear { b = nil }.padding()"),
                "a new one: `.padding()` stands between it and the existing one")
        #expect(fixed.contains(".onDisappear { print(\"c\"); self.c = nil }"), "through other action modifiers of the chain")
        #expect(Self.fixed(fixed, rule: DisappearMissingTeardownRule.self) == fixed)
    }

    @Test func teardownInAMultiLineActionIsAStatementOfItsOwn() {
        let source = "import SwiftUI\n@Observable final class Model {}\nstruct V: View {\n\t@State private var m: Model?\n\tvar body: some View {\n\t\tText(\"\")\n\t\t\t.task {\n\t\t\t\tif m == nil { m = Model() }\n\t\t\t}\n\t\t\t.onDisappear {\n\t\t\t\tprint(\"gone\")\n\t\t\t}\n\t}\n}\n"
        let expected = source.replacingOccurrences(of: "print(\"gone\")\n", with: "print(\"gone\")\n\t\t\t\tself.m = nil\n")
        #expect(Self.fixed(source, rule: DisappearMissingTeardownRule.self) == expected)
    }

    /// A `}` after code on its line: the teardown goes after that code, never before it, where
    /// it would cut a statement that continues there (`total = a` / `+ b }`).
    @Test func teardownBeforeAClosingBraceThatEndsAStatement() {
        let source = """
        import SwiftUI
        @Observable final class Model {}
        struct V: View {
            @State private var model: Model?
            @State private var total = 0
            var body: some View {
                Text("")
                    .onAppear { if model == nil { model = Model() } }
                    .onDisappear {
                        total = 1
                            + 2 }
            }
        }
        """
        let fixed = Self.fixed(source, rule: DisappearMissingTeardownRule.self)
        #expect(fixed.contains("total = 1\n                    + 2 \n                    self.model = nil\n                    }"))
        #expect(Self.fixes(fixed, rule: DisappearMissingTeardownRule.self).isEmpty)
    }


    /// An `.onDisappear` whose code stops mid-expression (a dangling `.`, `,`, binary operator
    /// or keyword such as `let` before its `}`) takes no statement, on a line of its own or
    /// not: the statement would continue that expression (`.self.model = nil`), never count as
    /// a release, and every `--fix` round would add it again (found by the `autofix` fuzzer).
    /// Nor does one that ends with `return`, after which the statement would never run. A new
    /// `.onDisappear` after the appear modifier releases the model instead.
    @Test(arguments: ["print(\"gone\") .", "let a = 1,", "total = 1 +", "total = 1 ? 2 :", "print(\"gone\"); let", "total = try",
                      "print(\"gone\"); return"])
    func teardownNotIntoAnActionThatEndsMidExpression(_ broken: String) {
        let source = """
        import SwiftUI
        @Observable final class Model {}
        struct V: View {
            @State private var model: Model?
            @State private var total = 0
            var body: some View {
                Text("")
                    .onAppear { if model == nil { model = Model() } }
                    .onDisappear {
                        \(broken)
                    }
                    .onDisappear { \(broken) }
            }
        }
        """
        let fixed = Self.fixed(source, rule: DisappearMissingTeardownRule.self)
        #expect(fixed == source.replacingOccurrences(of: "Model() } }\n", with: "Model() } }\n            .onDisappear { model = nil }\n"))
        #expect(Self.fixes(fixed, rule: DisappearMissingTeardownRule.self).isEmpty)
    }

    /// A postfix operator ends its expression: the teardown goes after it.
    @Test func teardownIntoAnActionThatEndsWithAPostfixOperator() {
        let source = """
        import SwiftUI
        @Observable final class Model {}
        struct V: View {
            @State private var model: Model?
            @State private var other: Model?
            var body: some View {
                Text("")
                    .onAppear { if model == nil { model = Model() } }
                    .onDisappear { _ = other! }
            }
        }
        """
        #expect(Self.fixed(source, rule: DisappearMissingTeardownRule.self).contains(".onDisappear { _ = other!; self.model = nil }"))
    }
    /// Into an existing action the teardown is `self.m = nil`: a local of the same name there
    /// would take a plain `m = nil`, the rule would not count it, and every `--fix` round would
    /// add it again (found by `statelint --fix` on such a view).
    @Test func teardownIntoAnActionWithALocalOfTheSameName() {
        let source = """
        import SwiftUI
        @Observable final class Model {}
        struct V: View {
            @State private var model: Model?
            var body: some View {
                Text("")
                    .onAppear { if model == nil { model = Model() } }
                    .onDisappear {
                        var model: Model? = Model()
                        print(model as Any)
                    }
            }
        }
        """
        let fixed = Self.fixed(source, rule: DisappearMissingTeardownRule.self)
        #expect(fixed.contains("print(model as Any)\n                self.model = nil\n"))
        #expect(Self.fixes(fixed, rule: DisappearMissingTeardownRule.self).isEmpty)
    }

    @Test func wrapperFixesOnlyWhereTheyCompileTheSame() {
        let source = """
        import SwiftUI
        import Combine
        final class Model: ObservableObject { @Published var n = 0 }
        struct V: View {
            @ObservedObject var assignedLater = Model()
            @ObservedObject var owned = Model()
            @ObservedObject var byInit: Model
            @ObservedObject(wrappedValue: Model()) var withArguments
            @State private var bound = Model()
            @State private var storage = Model()
            @State private var fine = Model()
            init() {
                self.byInit = Model()
            }
            var body: some View {
                Editor(model: $bound)
                    .onTapGesture { assignedLater = Model(); print(_storage) }
            }
        }
        struct Editor: View { @Binding var model: Model; var body: some View { Text("") } }
        """
        let observed = RuleHarness.findings([("View.swift", source)], rules: [ObservedObjectInlineInitRule.description.id])
        // `self.byInit = Model()` in `init` becomes `_byInit = StateObject(wrappedValue: Model())`.
        #expect(observed.map { "\($0.start.line) \($0.fix != nil)" } == ["5 false", "6 true", "8 false", "13 true"])
        #expect(observed.map { Self.refusal($0.message) } == ["the view assigns it, and `@StateObject` has no setter", nil,
                                                              "its wrapper takes arguments, which `@StateObject` has no twin for", nil])
        let inState = RuleHarness.findings([("View.swift", source)], rules: [ObservableObjectInStateRule.description.id])
        #expect(inState.map { "\($0.start.line) \($0.fix != nil)" } == ["9 false", "10 false", "11 true"])
        #expect(inState.map { Self.refusal($0.message) } == [
            "the view uses `$bound` as a whole, a `Binding` that would become an `ObservedObject.Wrapper`",
            "the view reads its storage `_storage`, whose type would change", nil])
    }

    /// The reason a finding's message gives for having no fix.
    static func refusal(_ message: String) -> String? {
        guard let range = message.range(of: " No automatic fix: ") else { return nil }
        return String(message[range.upperBound...].dropLast())
    }

    @Test func anObservedObjectMadeInInitIsOwnedUnlessItReadsInitsValues() {
        let source = """
        import SwiftUI
        import Combine
        final class Model: ObservableObject { init(id: Int = 0) {} }
        struct V: View {
            @ObservedObject var fixed: Model
            @ObservedObject var fromParameter: Model
            init(id: Int) {
                self.fixed = Model()
                self.fromParameter = Model(id: id)
            }
            var body: some View { Text("") }
        }
        """
        let findings = RuleHarness.findings([("View.swift", source)], rules: [ObservedObjectInlineInitRule.description.id])
        #expect(findings.map { "\($0.start.line) \($0.fix?.edits.map(\.replacement) ?? [])" } == [
            "8 [\"@StateObject\", \"_fixed = StateObject(wrappedValue: Model())\"]", "9 []"])
        #expect(Self.refusal(findings.last?.message ?? "")?.hasPrefix("its creation in `init` reads `id`: an owned object would keep the first value") == true)
    }

    @Test func wrapperFixesNeedTheWholeViewRead() {
        let view = """
        import SwiftUI
        import Combine
        final class Model: ObservableObject { @Published var n = 0 }
        struct V: View {
            @ObservedObject var model = Model()
            var body: some View { Text("") }
        }
        """
        let elsewhere = "import SwiftUI\nextension V {\n    func reset() { model = Model() }\n}\n"
        let findings = RuleHarness.findings([("V.swift", view), ("V+Reset.swift", elsewhere)],
                                            rules: [ObservedObjectInlineInitRule.description.id])
        #expect(findings.count == 1 && findings.first?.fix == nil)
    }

    /// The whole action (a capture list and a priority kept), a statement among others, a
    /// detached task (kept detached), the last work after a comment (the action becomes `.task`,
    /// the comment kept); not a task `.task` runs as its only statement.
    @Test func taskConversionOnlyForWhatCanMove() {
        let source = """
        import SwiftUI
        @Observable final class Model { func load() async {} }
        struct V: View {
            @State private var model = Model()
            var body: some View {
                Text("")
                    .onAppear { Task { await model.load() } }
                    .onAppear { Task.detached { await Model().load() } }
                    .onAppear { Task { [model] in await model.load() } }
                    .onAppear { print("x"); Task { await model.load() } }
                    .onAppear { Task(priority: .low) { await model.load() } }
                    .onAppear { // start
                        Task { await model.load() }
                    }
                    .task { Task { await model.load() } }
            }
        }
        """
        let findings = RuleHarness.findings([("View.swift", source)], rules: [AppearUnstructuredTaskRule.description.id])
        #expect(findings.map { "\($0.start.line) \($0.fix != nil)" }
                == ["7 true", "8 true", "9 true", "10 true", "11 true", "13 true", "15 false"])
        // Every finding without a fix says why.
        for finding in findings where finding.fix == nil {
            #expect(finding.message.contains("no automatic fix is offered"), "\(finding.message)")
        }
        let fixed = Self.fixed(source, rule: AppearUnstructuredTaskRule.self)
        #expect(fixed.contains("            .task { await model.load() }\n            .task {\n                let detachedTask = Task.detached { await Model().load() }\n"), "\(fixed)")
        #expect(fixed.contains("            .onAppear { print(\"x\") }\n            .task { await model.load() }\n"), "\(fixed)")
    }

    /// A task after code that may leave the action early (a `guard`, a `return`, an `#if`) does not
    /// move to a `.task` of its own, where it would run every time; as the action's last work, the
    /// whole action becomes `.task`, early exits and all.
    @Test func noTaskMovesPastAnEarlyExit() {
        let source = """
        import SwiftUI
        @Observable final class Model { var ready = false; func load() async {} }
        struct V: View {
            let model: Model
            var body: some View {
                Text("")
                    .onAppear {
                        guard model.ready else { return }
                        Task { await model.load() }
                        print("shown")
                    }
                    .onAppear {
                        #if DEBUG
                        guard model.ready else { return }
                        #endif
                        print("shown")
                        Task {
                            await model.load()
                        }
                    }
            }
        }
        """
        let findings = RuleHarness.findings([("View.swift", source)], rules: [AppearUnstructuredTaskRule.description.id])
        #expect(findings.map { "\($0.start.line) \($0.fix != nil)" } == ["9 false", "17 true"])
        let fixed = Self.fixed(source, rule: AppearUnstructuredTaskRule.self)
        #expect(fixed.contains("""
                    .task {
                        #if DEBUG
                        guard model.ready else { return }
                        #endif
                        print("shown")
                        await model.load()
                    }
        """), "\(fixed)")
    }

    /// A method that starts the task becomes `async` only where every call keeps its order: the
    /// action's last work (not followed by more, not in a closure), and other calls wrapped in
    /// `Task { await … }` only when the method did nothing but start the task.
    @Test func asyncMethodFixOnlyWhereOrderIsKept() {
        /// "fix", or why not.
        func outcome(_ action: String, method: String = "Task { await model.load() }", other: String = "") -> String? {
            let source = """
            import SwiftUI
            @Observable final class Model { var busy = false; func load() async {} }
            struct V: View {
                let model: Model
                @State private var ready = false
                var body: some View {
                    Text("")
                        .onAppear {
                            \(action)
                        }\(other)
                }
                private func start() {
                    \(method)
                }
            }
            """
            let findings = RuleHarness.findings([("View.swift", source)], rules: [AppearUnstructuredTaskRule.description.id])
            guard findings.count == 1 else { return nil }
            return findings[0].fix != nil ? "fix" : findings[0].message.components(separatedBy: "offered, as ").last
        }
        #expect(outcome("start()") == "fix")
        #expect(outcome("if !ready { start() }") == "fix")
        #expect(outcome("if !ready { start() } else { ready = false }") == "fix")
        // Awaiting it would hold back what the action does after it.
        #expect(outcome("if !ready { start() }\n            ready = true") == "the action does more after calling it, which awaiting it would hold back.")
        #expect(outcome("DispatchQueue.main.async { start() }")?.hasPrefix("the action does more") == true)
        #expect(outcome("for _ in 0..<2 { start() }")?.hasPrefix("the action does more") == true)
        // After a possible early exit, the call cannot leave the action for a `.task` of its own.
        #expect(outcome("guard !ready else { return }\n            start()\n            ready = true")?.hasPrefix("the action does more") == true)
        #expect(outcome("guard !ready else { return }\n            ready = true\n            start()") == "fix")
        // Another caller: `Task { await start() }` runs the same only if `start` only started a task.
        let button = "\n            .onTapGesture { start() }"
        #expect(outcome("start()", other: button) == "fix")
        #expect(outcome("start()", method: "model.busy = true\n        Task {\n            await model.load()\n        }", other: button)?.hasPrefix("other code calls it too") == true)
        #expect(outcome("start()", method: "model.busy = true\n        Task {\n            await model.load()\n        }") == "fix")
        // A task last in `if`/`do` blocks of the method is its last work too.
        #expect(outcome("start()", method: "if !model.busy {\n            Task {\n                await model.load()\n            }\n        }") == "fix")
        #expect(outcome("start()", method: "for _ in 0..<2 {\n            Task {\n                await model.load()\n            }\n        }")?.hasPrefix("it does more after the task") == true)
    }

    /// A handler on a view that is shown only while a condition holds, which the action itself
    /// changes (the "load more" row: `if !reachedEnd { ProgressView().onAppear { reachedEnd = true
    /// … } }`), runs as its view goes away: `.task` there, or a cancel in its `.onDisappear`, would
    /// stop the work at once. No fix, and the finding says why; where the action leaves the
    /// condition alone, the fix stands.
    @Test func noTaskFixWhereTheActionHidesItsOwnView() {
        /// "fix", or the refusal's name.
        func outcome(_ content: String, methods: String = "") -> String? {
            let source = """
            import SwiftUI
            struct V: View {
                @State private var reachedEnd = false
                @State private var isLoading = false
                @State private var showFooter = true
                @State private var loading: Task<Void, Never>?
                var body: some View {
                    List {
                        \(content)
                    }
                }
                private func load() async {}
            \(methods)
            }
            """
            let findings = RuleHarness.findings([("View.swift", source)], rules: [AppearUnstructuredTaskRule.description.id])
            guard findings.count == 1 else { return nil }
            if findings[0].fix != nil { return "fix" }
            let message = findings[0].message
            guard let range = message.range(of: "The action sets `") else { return message }
            return String(message[range.upperBound...].prefix { $0 != "`" })
        }
        let row = "ProgressView().onAppear {\n                reachedEnd = true\n                Task { await load() }\n            }"
        #expect(outcome("if !reachedEnd {\n            \(row)\n        }") == "reachedEnd")
        #expect(outcome("if isLoading {\n            Text(\"\")\n        } else if !reachedEnd {\n            \(row)\n        }") == "reachedEnd")
        #expect(outcome("if isLoading {\n            Text(\"\")\n        } else {\n            ProgressView().onAppear {\n                isLoading = true\n                Task { await load() }\n            }\n        }") == "isLoading")
        #expect(outcome("if !reachedEnd {\n            ProgressView().onAppear {\n                reachedEnd = true\n                loading = Task { await load() }\n            }\n        }") == "reachedEnd")
        #expect(outcome("if !reachedEnd {\n            ProgressView().onAppear { loadMore() }\n        }",
                        methods: "    private func loadMore() {\n        reachedEnd = true\n        Task { await load() }\n    }") == "reachedEnd")
        // The condition is left alone, or there is none.
        #expect(outcome("if showFooter {\n            \(row)\n        }") == "fix")
        #expect(outcome(row) == "fix")
    }

    /// A method that becomes `async` breaks a call another type makes of it on a view value
    /// (`screen.start()`), so it is made `async` only where no other type may call it: it is
    /// `private` in the view, or no code names a member of its name through a value with no
    /// arguments (`proxy.start(at: 1)` and `timer.start { … }` call something else). A member of
    /// a `private extension`, like a `fileprivate` one, the file's other types can call.
    @Test func asyncMethodFixOnlyWhereNoOtherTypeMayCallIt() {
        /// "fix", or why not.
        func outcome(_ view: String, sameFile: String = "", otherFile: String = "") -> String? {
            let source = """
            import SwiftUI
            @Observable final class Model { func load() async {} }
            struct V: View {
                let model: Model
                var body: some View {
                    Text("").onAppear { start() }
                }
            \(view)
            }
            \(sameFile)
            """
            var files = [("View.swift", source)]
            if !otherFile.isEmpty { files.append(("Other.swift", otherFile)) }
            let findings = RuleHarness.findings(files, rules: [AppearUnstructuredTaskRule.description.id])
            guard findings.count == 1 else { return nil }
            return findings[0].fix != nil ? "fix" : findings[0].message.components(separatedBy: "offered, as ").last
        }
        let method = "func start() {\n        Task { await model.load() }\n    }"
        let inExtension = "}\nprivate extension V {\n    " + method
        let callsIt = "struct Caller { let screen: V; func go() { screen.start() } }"
        let callsAnother = "struct Clock { let timer: Timer; func go() { timer.start(at: 1); timer.start { } } }\nfinal class Timer { func start(at: Int) {}; func start(_ tick: () -> Void) {} }"
        #expect(outcome("    " + method, otherFile: callsIt) == "other types may call it.")
        #expect(outcome("    " + method, otherFile: callsAnother) == "fix")
        #expect(outcome("    " + method) == "fix")
        #expect(outcome(inExtension) == "fix")
        #expect(outcome(inExtension, sameFile: callsIt) == "other types may call it.")
        #expect(outcome("    fileprivate " + method, sameFile: callsIt) == "other types may call it.")
        // `private` in the view: `screen.start()` elsewhere is another type's member.
        #expect(outcome("    private " + method, sameFile: callsIt.replacingOccurrences(of: "let screen: V", with: "let screen: Clock")) == "fix")
    }
}
