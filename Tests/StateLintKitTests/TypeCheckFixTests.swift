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

/// The fixes, proven by the compiler: every fixture a fix is tested on type-checks before the
/// fix and after it (against the SwiftUI and Combine stand-ins, see `TypeCheck`). A fix that
/// parses but changes a type the code relies on fails here.
@Suite struct TypeCheckFixTests {
    /// The rules `statelint --fix` runs with no configuration, and its directive fixes.
    static let defaultRules = FixHarness.registryRules(RuleRegistry.descriptions.filter(\.enabledByDefault).map(\.id))

    /// The Swift files under `folder` (relative path → bytes).
    static func swiftFiles(under folder: URL) throws -> [String: [UInt8]] {
        let paths = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }
        var files: [String: [UInt8]] = [:]
        for path in paths { files[path] = Array(try Data(contentsOf: folder.appendingPathComponent(path))) }
        return files
    }

    static func texts(_ files: [String: [UInt8]]) -> [String: String] {
        files.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    static func expectTypeChecks(_ files: [String: String], _ what: String,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let errors = try TypeCheck.typeCheck(files: files)
        #expect(errors.isEmpty, "\(what) does not type-check:\n\(errors.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    // MARK: Golden files of the rules' fixes (Fixtures/RuleFixes)

    @Test(arguments: try RuleFixTests.goldenNames())
    func goldenFixBeforeAndAfter(_ name: String) throws {
        let before = try RuleFixTests.before(name)
        let after = try RuleFixTests.read("\(name).after.swift")
        try Self.expectTypeChecks(["View.swift": before.text], "\(name).before.swift")
        try Self.expectTypeChecks(["View.swift": after.text], "\(name).after.swift")
        // What the fix makes of the file now (RuleFixTests holds it to the .after file).
        let (rules, xcode27) = RuleFixTests.rules(forGolden: name)
        let fixed = try #require(FixHarness.fix(["View.swift": before], rules: rules, xcode27: xcode27).fixed["View.swift"], "\(name): nothing fixed")
        if fixed != after {
            try Self.expectTypeChecks(["View.swift": fixed.text], "\(name).before.swift fixed")
        }
    }

    // MARK: The --fix fixture project (Fixtures/Fixes): directives, LF, CRLF, a byte-order mark

    @Test func fixFixtureProjectBeforeAndAfter() throws {
        let folder = RuleDocumentationFiles.repositoryRoot.appendingPathComponent("Tests/StateLintKitTests/Fixtures/Fixes")
        let files = try Self.swiftFiles(under: folder)
        #expect(files.count >= 5)
        try Self.expectTypeChecks(Self.texts(files), "Fixtures/Fixes")
        let outcome = FixHarness.fix(files, rules: Self.defaultRules, directives: true)
        #expect(outcome.fixed.count == 3, "the fixture's fixes change 3 files (as IntegrationFixCheckTests expects)")
        try Self.expectTypeChecks(Self.texts(files.merging(outcome.fixed) { $1 }), "Fixtures/Fixes fixed")
    }

    // MARK: The demo app (Examples/DemoApp), as the README fixes it

    @Test func demoAppBeforeAndAfter() throws {
        let folder = RuleDocumentationFiles.repositoryRoot.appendingPathComponent("Examples/DemoApp")
        let files = try Self.swiftFiles(under: folder)
        #expect(files.count >= 5)
        try Self.expectTypeChecks(Self.texts(files), "Examples/DemoApp")
        let outcome = FixHarness.fix(files, rules: Self.defaultRules, directives: true)
        // CI checks `statelint --fix` on a copy of all of Examples, which adds the two integration
        // samples' views ("Fixed 11 findings in 8 files").
        #expect(outcome.appliedCount == 9 && outcome.fixed.count == 6,
                "\(outcome.appliedCount) fixes in \(outcome.fixed.keys.sorted())")
        try Self.expectTypeChecks(Self.texts(files.merging(outcome.fixed) { $1 }), "Examples/DemoApp fixed")
    }

    // MARK: The rule pages' Before:/After: examples (Rules/*.md ## Fix)

    @Test(arguments: try RuleDocumentationFixTests.allFixExamples())
    func rulePageFixExample(_ example: RuleDocumentationFixTests.Example) throws {
        try Self.expectTypeChecks(["View.swift": example.before], "\(example) Before:")
        try Self.expectTypeChecks(["View.swift": example.after], "\(example) After:")
        let ids = RuleDocumentationTests.rules(for: RuleDocumentationFiles.Example(ruleID: example.ruleID, triggering: true, line: 0, code: ""))
        let fixed = FixHarness.fixed(example.before, rules: ids, xcode27: example.xcode27)
        if fixed != example.after {
            try Self.expectTypeChecks(["View.swift": fixed], "\(example) Before: fixed")
        }
    }
}

/// Fixes the harness once caught writing code that does not compile, and what the rules do
/// there now: each view type-checks before `--fix` and after it, and the finding stays; where
/// no fix could compile, none is offered and the message says why.
@Suite struct TypeCheckFixFormerBugTests {
    struct Case: CustomStringConvertible {
        let name: String
        let rule: String
        /// What the rule does now: fixes the view, or reports it without a fix.
        let isFixed: Bool
        /// A phrase the finding's message must contain.
        let says: String
        let source: String
        var description: String { name }
    }

    static let cases: [Case] = [
        // An extension in the view's file whose only code uses the property (Spawn's
        // `activitySubtitleView`): its part was dropped as empty, and the lazily owned rewrite
        // left `model.label()` on an optional.
        Case(name: "extension member that only uses the property", rule: StateInlineClassInitRule.description.id, isFixed: true,
             says: "initialised with a new `CardModel`", source: """
            import SwiftUI
            @Observable final class CardModel { func label() -> String { "" } }
            struct CardView: View {
                @State private var model = CardModel()
                var body: some View {
                    VStack { subtitle }
                }
            }
            extension CardView {
                var subtitle: some View {
                    Text("By ") + Text(" • \\(model.label())")
                }
            }
            """),
        Case(name: "extension member of a plain property", rule: ObservableInlineInitRule.description.id, isFixed: true,
             says: "a property without a wrapper", source: """
            import SwiftUI
            @Observable final class CardModel { func label() -> String { "" } }
            struct CardView: View {
                let model = CardModel()
                var body: some View {
                    VStack { subtitle }
                }
            }
            extension CardView {
                var subtitle: some View {
                    Text(model.label())
                }
            }
            """),
        // `.task`'s action cannot throw: the body of a `Task<Void, Error>`, whose error nothing
        // read, goes in `do { … } catch {}`, which drops it the same way.
        Case(name: "throwing task", rule: AppearUnstructuredTaskRule.description.id, isFixed: true,
             says: "Use `.task { … }`", source: """
            import SwiftUI
            @Observable final class FeedModel { func load() async throws {} }
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View {
                    Text("Feed")
                        .onAppear {
                            Task {
                                try await model.load()
                            }
                        }
                }
            }
            """),
        // `Task { @MainActor in … }` keeps its isolation: `.task { @MainActor in do { … } catch {} }`.
        Case(name: "throwing task on the main actor", rule: AppearUnstructuredTaskRule.description.id, isFixed: true,
             says: "Use `.task { … }`", source: """
            import SwiftUI
            @Observable final class ToastModel { var shown = true; func wait() async throws {} }
            struct ToastView: View {
                @State private var model = ToastModel()
                var body: some View {
                    Text("Saved")
                        .onAppear {
                            Task { @MainActor in
                                try await model.wait()
                                model.shown = false
                            }
                        }
                }
            }
            """),
        Case(name: "task throwing from a catch that does not catch everything", rule: AppearUnstructuredTaskRule.description.id,
             isFixed: true, says: "Use `.task { … }`", source: """
            import SwiftUI
            @Observable final class FeedModel { func load() async throws {} }
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View {
                    Text("Feed")
                        .onAppear {
                            Task {
                                do {
                                    try await model.load()
                                } catch is CancellationError {
                                    return
                                }
                            }
                        }
                }
            }
            """),
        // Errors handled inside the body: `.task` takes it as it is.
        Case(name: "task handling its errors", rule: AppearUnstructuredTaskRule.description.id, isFixed: true,
             says: "Use `.task { … }`", source: """
            import SwiftUI
            @Observable final class FeedModel { func load() async throws {}; var failed = false }
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View {
                    Text("Feed")
                        .onAppear {
                            Task {
                                do {
                                    try await model.load()
                                } catch let error as CancellationError {
                                    print(error)
                                } catch {
                                    model.failed = true
                                }
                                try? await model.load()
                            }
                        }
                }
            }
            """),
        // `.task`'s action returns Void.
        Case(name: "task returning a value", rule: AppearUnstructuredTaskRule.description.id, isFixed: false,
             says: "Its code returns a value", source: """
            import SwiftUI
            @Observable final class FeedModel { func count() async -> Int { 0 } }
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View {
                    Text("Feed")
                        .onAppear {
                            Task {
                                let count = await model.count()
                                return count
                            }
                        }
                }
            }
            """),
        // Beside another statement: the task moves to a `.task` after the action, its code in
        // `do { … } catch {}`, the statement stays first.
        Case(name: "throwing task beside a statement", rule: AppearUnstructuredTaskRule.description.id, isFixed: true,
             says: "Use `.task { … }`", source: """
            import SwiftUI
            @Observable final class NoteModel { var composing = false; func settle() async throws {} }
            struct NoteView: View {
                @State private var model = NoteModel()
                let focus: Bool
                var body: some View {
                    Text("Note")
                        .onAppear {
                            Task { @MainActor in
                                try await model.settle()
                                if focus {
                                    model.composing = true
                                }
                            }
                            print("shown")
                        }
                }
            }
            """),
        // With a capture list: `.task { [model] in do { … } catch {} }`, the list kept.
        Case(name: "throwing task with a capture list", rule: AppearUnstructuredTaskRule.description.id, isFixed: true,
             says: "Use `.task { … }`", source: """
            import SwiftUI
            @Observable final class FeedModel { func load() async throws {} }
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View {
                    Text("Feed")
                        .onAppear {
                            Task { [model] in
                                try await model.load()
                            }
                        }
                }
            }
            """),
        Case(name: "task returning early without a value", rule: AppearUnstructuredTaskRule.description.id, isFixed: true,
             says: "Use `.task { … }`", source: """
            import SwiftUI
            @Observable final class FeedModel { func count() async -> Int { 0 }; var total = 0 }
            struct FeedView: View {
                @State private var model = FeedModel()
                var body: some View {
                    Text("Feed")
                        .onAppear {
                            Task {
                                let count = await model.count()
                                guard count > 0 else { return }
                                model.total = count
                            }
                        }
                }
            }
            """),
        // `StateObject` has `init(wrappedValue:)` only.
        Case(name: "ObservedObject(initialValue:)", rule: ObservedObjectInlineInitRule.description.id, isFixed: true,
             says: "is given a new `DraftModel`", source: """
            import SwiftUI
            final class DraftModel: ObservableObject { @Published var title = "" }
            struct EditorView: View {
                @ObservedObject private var draft: DraftModel
                init() {
                    _draft = ObservedObject(initialValue: DraftModel())
                }
                var body: some View { TextField("Title", text: $draft.title) }
            }
            """),
        // `@StateObject` has no setter: its storage is initialised instead.
        Case(name: "self.m = M() in init", rule: ObservedObjectInlineInitRule.description.id, isFixed: true,
             says: "is given a new `DraftModel`", source: """
            import SwiftUI
            final class DraftModel: ObservableObject { @Published var title = "" }
            struct EditorView: View {
                @ObservedObject private var draft: DraftModel
                let title: String
                init(title: String) {
                    self.title = title
                    self.draft = .init()
                }
                var body: some View { TextField(title, text: $draft.title) }
            }
            """),
        Case(name: ".init(initialValue:)", rule: ObservedObjectInlineInitRule.description.id, isFixed: true,
             says: "is given a new `DraftModel`", source: """
            import SwiftUI
            final class DraftModel: ObservableObject { @Published var title = "" }
            struct EditorView: View {
                @ObservedObject private var draft: DraftModel
                init() {
                    _draft = .init(initialValue: DraftModel())
                }
                var body: some View { TextField("Title", text: $draft.title) }
            }
            """),
    ]

    @Test(arguments: cases)
    func fixedViewTypeChecks(_ bug: Case) throws {
        let before = try TypeCheck.typeCheck(files: ["View.swift": bug.source])
        #expect(before.isEmpty, "\(bug.name): the view should type-check before the fix:\n\(before.joined(separator: "\n"))")
        let findings = RuleHarness.findings([("View.swift", bug.source)], rules: [bug.rule])
        #expect(findings.count == 1, "\(bug.name): \(findings.map(\.message))")
        #expect(findings.allSatisfy { $0.message.contains(bug.says) }, "\(bug.name): \(findings.map(\.message))")
        #expect(findings.allSatisfy { ($0.fix != nil) == bug.isFixed }, "\(bug.name): fix offered: \(findings.map { $0.fix != nil })")
        let fixed = FixHarness.fixed(bug.source, rules: [bug.rule])
        #expect((fixed != bug.source) == bug.isFixed)
        let after = try TypeCheck.typeCheck(files: ["View.swift": fixed])
        #expect(after.isEmpty, "\(bug.name), fixed:\n\(fixed)\n\(after.joined(separator: "\n"))")
    }
}
