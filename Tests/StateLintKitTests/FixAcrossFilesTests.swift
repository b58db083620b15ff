import Foundation
import Testing
@testable import StateLintSyntax
@testable import StateLintModel
@testable import StateLintRules

/// A view whose extensions sit in other files (`FeedView+Logic.swift`): those files declare
/// none of its properties, so their code is not scanned for them, only filtered for the names
/// it may write (`NameFilter`). A fix changes a property only where no such part may name it.
@Suite struct FixAcrossFilesTests {
    static let model = """
        import SwiftUI
        @Observable final class FeedModel { var title = ""; func load() {} }

        """

    static func view(_ property: String) -> String {
        model + """
        struct FeedView: View {
            \(property)
            var body: some View {
                Text(model.title)
            }
        }
        """
    }

    /// Lints and fixes the view with its extension file, and type-checks before and after.
    static func fixed(_ files: [String: String], rule: String, xcode27: Bool = false) throws -> (fixed: [String: String], findings: [Finding]) {
        let before = try TypeCheck.typeCheck(files: files)
        #expect(before.isEmpty, "before: \(before)")
        let findings = RuleHarness.findings(files.map { ($0.key, $0.value) }, rules: [rule], xcode27: xcode27)
        let outcome = FixHarness.fix(files.mapValues { Array($0.utf8) }, rules: FixHarness.registryRules([rule]), xcode27: xcode27)
        let fixed = files.merging(outcome.fixed.mapValues(\.text)) { $1 }
        let after = try TypeCheck.typeCheck(files: fixed)
        #expect(after.isEmpty, "after: \(after)\n\(fixed)")
        return (fixed, findings)
    }

    @Test func anExtensionThatNeverNamesThePropertyLeavesTheFixOn() throws {
        let files = ["FeedView.swift": Self.view("@State private var model = FeedModel()"),
                     "FeedView+Logic.swift": "extension FeedView {\n    func describe() -> String { \"feed\" }\n}\n"]
        let result = try Self.fixed(files, rule: StateInlineClassInitRule.description.id)
        #expect(result.findings.count == 1 && result.findings[0].fix != nil, "\(result.findings.map(\.message))")
        #expect(result.fixed["FeedView.swift"]!.contains("@State private var model: FeedModel?"))
        #expect(result.fixed["FeedView+Logic.swift"] == files["FeedView+Logic.swift"])
    }

    @Test(arguments: ["model.load()", "self.model.load()", "_ = $model", "_ = _model"])
    func anExtensionThatNamesThePropertyKeepsIt(_ use: String) throws {
        let files = ["FeedView.swift": Self.view("@State private var model = FeedModel()"),
                     "FeedView+Logic.swift": "extension FeedView {\n    func refresh() {\n        \(use)\n    }\n}\n"]
        let findings = RuleHarness.findings(files.map { ($0.key, $0.value) }, rules: [StateInlineClassInitRule.description.id])
        #expect(findings.count == 1)
        #expect(findings.allSatisfy { $0.fix == nil && $0.message.contains("a part of the view in another file may use it") })
    }

    /// `other.model` in the extension is another value's property, not this view's.
    @Test func aMemberOfAnotherValueIsNotAUse() throws {
        let files = ["FeedView.swift": Self.view("@State private var model = FeedModel()"),
                     "FeedView+Logic.swift": "extension FeedView {\n    func title(of other: FeedModel) -> String { other.title }\n}\n"]
        let result = try Self.fixed(files, rule: StateInlineClassInitRule.description.id)
        #expect(result.findings.count == 1 && result.findings[0].fix != nil)
    }

    /// On Xcode 27 a plain property becomes `@State`; it stays reachable from the extension in
    /// the other file (no `private`, which would shut it out).
    @Test func ownedStateStaysVisibleToTheViewsOtherFiles() throws {
        let files = ["FeedView.swift": Self.view("let model = FeedModel()"),
                     "FeedView+Logic.swift": "extension FeedView {\n    var heading: String { model.title }\n}\n"]
        let result = try Self.fixed(files, rule: ObservableInlineInitRule.description.id, xcode27: true)
        #expect(result.fixed["FeedView.swift"]!.contains("@State var model = FeedModel()"), "\(result.fixed)")
        let alone = try Self.fixed(["FeedView.swift": files["FeedView.swift"]!], rule: ObservableInlineInitRule.description.id, xcode27: true)
        #expect(alone.fixed["FeedView.swift"]!.contains("@State private var model = FeedModel()"))
    }

    @Test func theFilterAnswersNoOnlyForNamesNeverWritten() {
        let source = "extension V {\n    func f(other: M) {\n        model.load(); self.count += 1; _ = $binding; _ = _storage; other.hidden = 1\n    }\n}\n"
        let file = SourceFile(path: "E.swift", bytes: Array(source.utf8))
        let code = CodeTokens(file: file, allTokens: Tokenizer.tokenize(file.bytes))
        let open = (0..<code.count).first { code.kind($0) == .leftBrace }!
        let filter = NameFilter(code: code, range: open...code.partner(of: open)!)
        for name in ["model", "count", "binding", "storage", "f", "other"] { #expect(filter.mayUse(name), "\(name)") }
        // A Bloom filter may answer "maybe" for a name never written; its unkeyed hash gives
        // these the same "no" on every run.
        #expect(!filter.mayUse("hidden"))
        #expect(!filter.mayUse("feed"))
    }
}
