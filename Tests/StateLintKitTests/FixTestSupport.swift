import Foundation
@testable import StateLintKit

/// A rule for engine-level fix tests (never in `RuleRegistry`): flags identifiers that
/// `rewrite` has a fix for, and attaches it. The fix may edit anything; most tests rename.
struct TestFixRule: Rule {
    static let description = RuleDescription(id: "test_fix_rule", name: "Test rule with a fix",
                                             summary: "Flags identifiers the test picks, with a fix.",
                                             rationale: "Tests the fix machinery without the real rules.")
    static let options: [RuleOptionSpec] = []
    /// The fix for the identifier at code token `index` (its text is `name`), or nil.
    let rewrite: @Sendable (_ context: LintContext, _ index: Int, _ name: String) -> Fix?

    init(configuration: RuleConfiguration?) { rewrite = { _, _, _ in nil } }

    init(_ rewrite: @escaping @Sendable (_ context: LintContext, _ index: Int, _ name: String) -> Fix?) {
        self.rewrite = rewrite
    }

    /// Renames every identifier found in `names` to its value.
    static func renaming(_ names: [String: String]) -> TestFixRule {
        TestFixRule { context, index, name in
            guard let new = names[name] else { return nil }
            return Fix(summary: "Rename `\(name)` to `\(new)`",
                       edits: [TextEdit(path: context.structure.file.path, range: context.code[index].range, replacement: new)])
        }
    }

    func check(_ context: LintContext) -> [RuleViolation] {
        var violations: [RuleViolation] = []
        for index in 0..<context.code.count where context.code.kind(index) == .identifier {
            let name = context.code.string(index)
            guard let fix = rewrite(context, index, name) else { continue }
            var violation = context.violation(from: index, to: index, "identifier `\(name)`")
            violation.fix = fix
            violations.append(violation)
        }
        return violations
    }
}

/// Lints and fixes in-memory files the way `statelint --fix` does, with any rules.
enum FixHarness {
    /// One lint of `files` (path → bytes): findings sorted, and every file's bytes.
    static func lint(_ files: [String: [UInt8]], rules: [any Rule], directives: Bool = false) -> FixRounds.Lint {
        let parsed = files.keys.sorted().map { path -> (SourceFile, [Token], FileStructure) in
            let source = SourceFile(path: path, bytes: files[path]!)
            let tokens = Tokenizer.tokenize(source.bytes)
            return (source, tokens, FileStructure(file: source, tokens: tokens))
        }
        let resolver = TypeResolver(project: ProjectIndex(summaries: parsed.map { TypeDeclarationSummary($0.2) }),
                                    knownClasses: [], knownValueTypes: [])
        let engine = LintEngine(rules: rules.map { LintEngine.ConfiguredRule(rule: $0, severity: .warning) },
                                directiveSeverity: directives ? .warning : nil)
        let findings = parsed.flatMap { _, tokens, structure in
            engine.check(LintContext(structure: structure), tokens: tokens, types: resolver)
        }.sorted(by: Finding.isOrderedBefore)
        return FixRounds.Lint(findings: findings, sources: files)
    }

    /// The fix rounds over `files`.
    static func fix(_ files: [String: [UInt8]], rules: [any Rule], directives: Bool = false,
                    maximumRounds: Int = FixRounds.maximumRounds) -> FixRounds.Outcome {
        FixRounds.run(lint(files, rules: rules, directives: directives), maximumRounds: maximumRounds) { changed in
            lint(files.merging(changed) { $1 }, rules: rules, directives: directives)
        }
    }

    /// The registry's rules by id, as `statelint` configures them by default.
    static func registryRules(_ ids: [String]) -> [any Rule] {
        RuleRegistry.all.filter { ids.contains($0.description.id) }.map { $0.init(configuration: nil) }
    }

    /// Fixes one source with the registry's rules (and directive problems) and returns the text.
    static func fixed(_ source: String, rules ids: [String] = RuleRegistry.descriptions.map(\.id)) -> String {
        let outcome = fix(["View.swift": Array(source.utf8)], rules: registryRules(ids),
                          directives: ids.contains(SuperfluousDisableCommand.description.id))
        return String(decoding: outcome.fixed["View.swift"] ?? Array(source.utf8), as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    var text: String { String(decoding: self, as: UTF8.self) }
}
