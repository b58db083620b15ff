import Foundation
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// A rule for engine-level fix tests (never in `RuleRegistry`): flags the wrapped properties
/// of views that `rewrite` has a fix for, at their names, and attaches the fix.
struct TestFixRule: Rule {
    static let description = RuleDescription(id: "test_fix_rule", name: "Test rule with a fix",
                                             summary: "Flags properties the test picks, with a fix.",
                                             rationale: "Tests the fix machinery without the real rules.")
    static let options: [RuleOptionSpec] = []
    /// The fix for `property` of a view, or nil.
    let rewrite: @Sendable (_ property: PropertyFacts, _ context: RuleContext) -> Fix?

    init(configuration: RuleConfiguration?) { rewrite = { _, _ in nil } }

    init(_ rewrite: @escaping @Sendable (_ property: PropertyFacts, _ context: RuleContext) -> Fix?) {
        self.rewrite = rewrite
    }

    /// Renames every property found in `names` to its value (at the declaration only).
    static func renaming(_ names: [String: String]) -> TestFixRule {
        TestFixRule { property, context in
            guard let new = names[property.name] else { return nil }
            return Fix(summary: "Rename `\(property.name)` to `\(new)`", edits: [context.edit(property.nameSpan, new)])
        }
    }

    func check(_ view: SwiftUIView, _ context: RuleContext) -> [RuleViolation] {
        view.properties.compactMap { property in
            rewrite(property, context).map { RuleViolation(at: property.nameSpan, "property `\(property.name)`", fix: $0) }
        }
    }
}

/// Lints and fixes in-memory files the way `statelint --fix` does, with any rules.
enum FixHarness {
    /// One lint of `files` (path → bytes): the findings, and the bytes of the files fixes edit.
    /// `xcode27`: the project builds with Xcode 27 or later (`State()` makes its value once).
    static func lint(_ files: [String: [UInt8]], rules: [any Rule], directives: Bool = false, xcode27: Bool = false) -> FixRounds.Lint {
        var options = LintEngine.Options()
        options.keepsSourcesWithFixes = true
        options.stateMakesInitialValueOnce = xcode27
        let engine = LintEngine(rules: rules.map { LintEngine.ConfiguredRule(rule: $0, severity: .warning) },
                                directiveSeverity: directives ? .warning : nil, options: options)
        let result = engine.lint(files.keys.sorted().map { ($0, files[$0]!) })
        return FixRounds.Lint(findings: result.findings, sources: result.sourcesWithFixes)
    }

    /// The fix rounds over `files`.
    static func fix(_ files: [String: [UInt8]], rules: [any Rule], directives: Bool = false, xcode27: Bool = false,
                    maximumRounds: Int = FixRounds.maximumRounds) -> FixRounds.Outcome {
        FixRounds.run(lint(files, rules: rules, directives: directives, xcode27: xcode27), maximumRounds: maximumRounds) { changed in
            lint(files.merging(changed) { $1 }, rules: rules, directives: directives, xcode27: xcode27)
        }
    }

    /// The registry's rules by id, as `statelint` configures them by default.
    static func registryRules(_ ids: [String]) -> [any Rule] {
        RuleRegistry.all.filter { ids.contains($0.description.id) }.map { $0.init(configuration: nil) }
    }

    /// Fixes one source with the registry's rules (and directive problems) and returns the text.
    static func fixed(_ source: String, rules ids: [String] = RuleRegistry.descriptions.map(\.id), xcode27: Bool = false) -> String {
        let outcome = fix(["View.swift": Array(source.utf8)], rules: registryRules(ids),
                          directives: ids.contains(SuperfluousDisableCommand.description.id), xcode27: xcode27)
        return String(decoding: outcome.fixed["View.swift"] ?? Array(source.utf8), as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    var text: String { String(decoding: self, as: UTF8.self) }
}
