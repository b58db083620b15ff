import Foundation
import Testing
@testable import StateLintKit

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
        let before = try RuleFixTests.read("\(name).before.swift")
        let after = try RuleFixTests.read("\(name).after.swift")
        try Self.expectTypeChecks(["View.swift": before.text], "\(name).before.swift")
        try Self.expectTypeChecks(["View.swift": after.text], "\(name).after.swift")
        // What the fix makes of the file now (RuleFixTests holds it to the .after file).
        let rules = FixHarness.registryRules(RuleRegistry.all.map { $0.description.id })
        let fixed = try #require(FixHarness.fix(["View.swift": before], rules: rules).fixed["View.swift"], "\(name): nothing fixed")
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
        // CI checks the same numbers on `statelint --fix` of a copy ("Fixed 4 findings in 3 files").
        #expect(outcome.appliedCount == 4 && outcome.fixed.count == 3,
                "\(outcome.appliedCount) fixes in \(outcome.fixed.keys.sorted())")
        try Self.expectTypeChecks(Self.texts(files.merging(outcome.fixed) { $1 }), "Examples/DemoApp fixed")
    }

    // MARK: The rule pages' Before:/After: examples (Rules/*.md ## Fix)

    @Test(arguments: try RuleDocumentationFixTests.allFixExamples())
    func rulePageFixExample(_ example: RuleDocumentationFixTests.Example) throws {
        try Self.expectTypeChecks(["View.swift": example.before], "\(example) Before:")
        try Self.expectTypeChecks(["View.swift": example.after], "\(example) After:")
        let ids = RuleDocumentationTests.rules(for: RuleDocumentationFiles.Example(ruleID: example.ruleID, triggering: true, line: 0, code: ""))
        let fixed = FixHarness.fixed(example.before, rules: ids)
        if fixed != example.after {
            try Self.expectTypeChecks(["View.swift": fixed], "\(example) Before: fixed")
        }
    }
}

/// Fixes that `statelint --fix` applies today and whose result does not type-check (found with
/// the harness). Each view type-checks before the fix; the fixed view is a known issue until
/// the rule withholds the fix (or makes a correct one), and then this test fails to say so.
@Suite struct TypeCheckFixBugTests {
    struct Case: CustomStringConvertible {
        let name: String
        let rule: String
        let why: String
        let source: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "throwing task", rule: AppearUnstructuredTaskRule.description.id,
             why: "`.task`'s action cannot throw: `Task { try await … }` is a Task<Void, Error>, its body has no `.task` twin", source: """
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
        Case(name: "task returning a value", rule: AppearUnstructuredTaskRule.description.id,
             why: "`.task`'s action returns Void: a Task body that returns a value cannot become it", source: """
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
        Case(name: "ObservedObject(initialValue:)", rule: ObservedObjectInlineInitRule.description.id,
             why: "StateObject has init(wrappedValue:) only: `_model = ObservedObject(initialValue: …)` becomes `StateObject(initialValue: …)`", source: """
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
    ]

    @Test(arguments: cases)
    func fixedViewDoesNotTypeCheck(_ bug: Case) throws {
        let before = try TypeCheck.typeCheck(files: ["View.swift": bug.source])
        #expect(before.isEmpty, "\(bug.name): the view should type-check before the fix:\n\(before.joined(separator: "\n"))")
        let fixed = FixHarness.fixed(bug.source, rules: [bug.rule])
        let after = try TypeCheck.typeCheck(files: ["View.swift": fixed])
        withKnownIssue("\(bug.rule): \(bug.why)") {
            #expect(after.isEmpty, "\(bug.name), fixed:\n\(fixed)\n\(after.joined(separator: "\n"))")
        }
    }
}
