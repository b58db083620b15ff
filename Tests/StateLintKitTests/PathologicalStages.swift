import Foundation
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// One check per pipeline stage, for the per-stage libFuzzer targets (`Scripts/fuzz.sh`,
/// `STATELINT_FUZZ_TARGET`) and for the regression tests that replay
/// `Fixtures/Crashes/<target>-*`. Each returns the broken invariants; empty means all held.
/// The full pipeline (`source`) and the YAML target (`config`) are in `PathologicalPipeline`.
extension PathologicalPipeline {
    /// The targets, by the name `STATELINT_FUZZ_TARGET` and the crash fixtures' prefix use.
    static let stageChecks: [(name: String, check: @Sendable ([UInt8]) -> [String])] = [
        ("tokenizer", { checkTokenizer($0) }),
        ("structure", { checkStructure($0) }),
        ("index", { checkIndex($0) }),
        ("rules", { checkRules($0) }),
        ("formatters", { checkFormatters($0) }),
        ("config", { checkConfiguration($0) }),
        ("source", { checkSource($0) }),
        ("autofix", { checkAutofix($0) }),
    ]

    static func check(target: String, _ bytes: [UInt8]) -> [String]? {
        stageChecks.first { $0.name == target }.map { $0.check(bytes) }
    }

    // MARK: tokenizer

    /// Tokens cover the input losslessly (contiguous, non-empty, in bounds, ending at the end),
    /// tokenizing is deterministic, the code-only scan agrees with the lossless one less its
    /// trivia, and re-tokenizing any prefix ending at a token boundary before the last token
    /// gives the same tokens up to where they can differ (never past the input).
    static func checkTokenizer(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let tokens = Tokenizer.tokenize(bytes)
        if let problem = losslessProblem(tokens, byteCount: bytes.count) { problems.append(problem) }
        if Tokenizer.tokenize(bytes) != tokens { problems.append("tokenize is not deterministic") }
        for token in tokens where token.start < 0 || token.end > bytes.count || token.start >= token.end {
            problems.append("token \(token.kind) \(token.start)..<\(token.end) outside 0..<\(bytes.count)")
            break
        }
        let file = SourceFile(path: sourcePath, bytes: bytes)
        let structure = FileStructure(file: file, tokens: tokens)
        if let problem = codeScanProblem(Tokenizer.scanCode(bytes), reference: structure.code, allTokens: tokens) {
            problems.append(problem)
        }
        // Code tokens are the non-trivia tokens in order, with offsets in bounds.
        var previousEnd = 0
        for index in 0..<structure.code.count {
            let token = structure.code.tokens[index]
            if token.start < previousEnd || token.end > bytes.count {
                problems.append("code token \(index) at \(token.start)..<\(token.end) after \(previousEnd) or past \(bytes.count)")
                break
            }
            previousEnd = token.end
        }
        // A prefix cut at a token boundary tokenizes losslessly too.
        if tokens.count > 1 {
            let cut = tokens[tokens.count / 2].start
            let prefix = Array(bytes[..<cut])
            if let problem = losslessProblem(Tokenizer.tokenize(prefix), byteCount: prefix.count) {
                problems.append("prefix of \(cut) bytes: " + problem)
            }
        }
        return problems
    }

    // MARK: structure

    /// Declarations, modifier calls and preview bodies point at code tokens that exist, in the
    /// order the scanner promises; parents come first; bracket partners point back; names read
    /// without trapping.
    static func checkStructure(_ bytes: [UInt8]) -> [String] {
        let tokens = Tokenizer.tokenize(bytes)
        let file = SourceFile(path: sourcePath, bytes: bytes)
        let structure = FileStructure(file: file, tokens: tokens)
        var problems = structureProblems(structure, byteCount: bytes.count)
        let count = structure.code.count
        func inCode(_ index: Int) -> Bool { index >= 0 && index < count }
        for (index, declaration) in structure.declarations.enumerated() {
            let where_ = "declaration \(index) (\(declaration.kind))"
            guard inCode(declaration.keywordToken), inCode(declaration.startToken),
                  declaration.startToken <= declaration.keywordToken else {
                problems.append("\(where_): start \(declaration.startToken) / keyword \(declaration.keywordToken) outside 0..<\(count)")
                continue
            }
            if declaration.nameToken >= 0 {
                if !inCode(declaration.nameToken) || declaration.nameEndToken < declaration.nameToken || !inCode(declaration.nameEndToken) {
                    problems.append("\(where_): name tokens \(declaration.nameToken)...\(declaration.nameEndToken) outside 0..<\(count)")
                    continue
                }
            }
            if let body = declaration.body {
                if !inCode(body.lowerBound) || !inCode(body.upperBound) {
                    problems.append("\(where_): body \(body) outside 0..<\(count)")
                } else if structure.code.partner(of: body.lowerBound) != body.upperBound && body.lowerBound != body.upperBound {
                    // An unclosed body runs to the end of the file; a closed one ends at its partner.
                    if structure.code.partner(of: body.lowerBound) != nil {
                        problems.append("\(where_): body \(body) does not end at the partner of its brace")
                    }
                }
            }
            for range in [declaration.typeAnnotation, declaration.initializer].compactMap({ $0 })
            where range.lowerBound < 0 || range.upperBound > count || range.lowerBound > range.upperBound {
                problems.append("\(where_): token range \(range) outside 0..<\(count)")
            }
            // Not checked: that a declaration's keyword lies inside its parent's `body`. The
            // fuzzers found declarations whose parent's body ends before them (real code and
            // mutated fixtures); the scanner's scope stack and `findBody` disagree there.
            // Open: see docs/robustness.md.
            _ = structure.name(of: index)
            _ = structure.qualifiedName(of: index)
            _ = structure.attributes(of: index).map(structure.attributeName)
            _ = structure.modifiers(of: index)
            _ = structure.inheritance(of: index)
        }
        for (index, call) in structure.modifierCalls.enumerated() {
            if !inCode(call.nameToken) {
                problems.append("modifier call \(index) names code token \(call.nameToken) outside 0..<\(count)")
            }
        }
        for body in structure.previewBodies where !inCode(body.lowerBound) || !inCode(body.upperBound) {
            problems.append("preview body \(body) outside 0..<\(count)")
        }
        for index in structure.stateVariables where index < 0 || index >= structure.declarations.count {
            problems.append("state variable \(index) outside 0..<\(structure.declarations.count)")
        }
        let children = structure.children
        if children.reduce(0, { $0 + $1.count }) != structure.declarations.filter({ $0.parent != nil }).count {
            problems.append("children do not list every declaration with a parent exactly once")
        }
        return problems
    }

    // MARK: index

    /// The project index built from the file: every type it registers is declared under its
    /// qualified name; the byte tables (ASCII names) and the `String` tables (forced by a
    /// second file that declares a non-ASCII type) answer every lookup alike; the resolver's
    /// questions do not trap.
    static func checkIndex(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let file = SourceFile(path: sourcePath, bytes: bytes)
        let structure = FileStructure(file: file, tokens: Tokenizer.tokenize(bytes))
        let summary = TypeDeclarationSummary(structure)
        let project = ProjectIndex(summaries: [summary])
        let unicodeFile = SourceFile(path: "Sources/Fuzz/Ünïcode.swift", text: "struct Ünïcode統一 {}\n")
        let unicodeSummary = TypeDeclarationSummary(FileStructure(file: unicodeFile, tokens: Tokenizer.tokenize(unicodeFile.bytes)))
        let widened = ProjectIndex(summaries: [summary, unicodeSummary])
        if widened.lookup("Ünïcode統一") != .valueType && !project.declares("Ünïcode統一") {
            problems.append("index: the non-ASCII struct of the second file does not resolve")
        }
        var names = Set(summary.entries.map { summary.qualifiedName(of: $0) })
        var scopes: [String] = []
        for index in structure.declarations.indices where structure.declarations[index].kind.isTypeLike {
            let name = structure.qualifiedName(of: index)
            scopes.append(name)
            names.insert(structure.name(of: index))
        }
        for entry in summary.entries {
            let name = summary.qualifiedName(of: entry)
            if !project.declares(name) { problems.append("index: \(name.debugDescription) is an entry but not declared") }
            // Every dotted suffix is known too.
            var parts = name.split(separator: ".", omittingEmptySubsequences: false)
            while parts.count > 1 {
                parts.removeFirst()
                let suffix = parts.joined(separator: ".")
                names.insert(suffix)
                if !suffix.isEmpty, !project.declares(suffix) {
                    problems.append("index: suffix \(suffix.debugDescription) of \(name.debugDescription) not declared")
                }
            }
        }
        for alias in summary.aliases { names.insert(alias.qualifiedName); names.insert(alias.target) }
        // Identifiers in the code, as rules would ask about them.
        for index in 0..<min(structure.code.count, 400) where structure.code.tokens[index].kind == .identifier {
            names.insert(structure.code.string(index))
        }
        let resolver = TypeResolver(project: project)
        for name in names.sorted() {
            if project.lookup(name) != widened.lookup(name) && name != "Ünïcode統一" {
                problems.append("index: lookup(\(name.debugDescription)) is \(String(describing: project.lookup(name))) with byte tables, \(String(describing: widened.lookup(name))) with String tables")
            }
            if project.declares(name) != widened.declares(name) {
                problems.append("index: declares(\(name.debugDescription)) differs between byte and String tables")
            }
            for scope in scopes.prefix(8) where project.lookup(name, inScope: scope) != widened.lookup(name, inScope: scope) {
                problems.append("index: lookup(\(name.debugDescription), inScope: \(scope.debugDescription)) differs between byte and String tables")
            }
            _ = resolver.kind(of: name)
            _ = resolver.traits(of: name, inScope: scopes.first)
            _ = resolver.mayBeLegacyObservableObject(name)
            if problems.count > 10 { break }
        }
        let facts = FactExtractor(structure: structure, file: FileID(0)).facts()
        _ = ProjectViews(files: [facts], index: project).views
        return problems
    }

    // MARK: rules

    /// Each rule on its own (only it enabled), on every view of the file, with default and
    /// non-default options: spans inside the file, fixes whose edits name the file, stay in
    /// bounds, do not overlap each other and pass `EditBoundaries`; checking twice gives the
    /// same violations (rules are pure).
    static func checkRules(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let file = SourceFile(path: sourcePath, bytes: bytes)
        let structure = FileStructure(file: file, tokens: Tokenizer.tokenize(bytes))
        let facts = FactExtractor(structure: structure, file: FileID(0)).facts()
        let project = ProjectIndex(summaries: [TypeDeclarationSummary(structure)])
        let views = ProjectViews(files: [facts], index: project).views
        var files = ProjectFiles()
        files.add(facts)
        for extraOptions in [false, true] {
            for configured in configuredRules(extraOptions: extraOptions) {
                for view in views {
                    let context = RuleContext(types: TypeResolver(project: project), enabledRuleIDs: [configured.id], files: files)
                    let violations = configured.rule.check(view, context)
                    let again = configured.rule.check(view, RuleContext(types: TypeResolver(project: project), enabledRuleIDs: [configured.id], files: files))
                    if violations != again { problems.append("\(configured.id): two checks of one view differ") }
                    for violation in violations {
                        let range = violation.span.range
                        if violation.span.file != facts.file || range.lowerBound < 0 || range.upperBound > bytes.count || range.lowerBound > range.upperBound {
                            problems.append("\(configured.id): violation \(range) outside 0..<\(bytes.count)")
                        }
                        guard let fix = violation.fix else { continue }
                        if fix.edits.isEmpty { problems.append("\(configured.id): a fix without edits") }
                        var taken = AcceptedEdits()
                        for edit in fix.edits {
                            if edit.path != sourcePath { problems.append("\(configured.id): edit of \(edit.path)"); continue }
                            let replacement = SourceStyle.normalizingLineBreaks(Array(edit.replacement.utf8), to: SourceStyle.lineEnding(of: bytes))
                            if let rejection = EditBoundaries.rejection(of: edit.range, replacement: replacement, in: bytes) {
                                problems.append("\(configured.id): edit \(edit.range) rejected: \(rejection)")
                            }
                            if taken.conflicts(with: edit.range) { problems.append("\(configured.id): edits of one fix overlap at \(edit.range)") }
                            taken.insert(edit.range)
                        }
                    }
                }
            }
        }
        return problems
    }

    // MARK: formatters

    /// Findings made from the input itself, so paths, messages, rule ids, source lines and fix
    /// replacements carry arbitrary text into every formatter: the first line is the path, the
    /// rest is the file; the file's own findings (the engine's) come first, then one finding per
    /// further line whose message and fix replacement are that line. Every formatter's output
    /// must parse (JSON, SARIF, GitLab), be well-formed (Checkstyle, JUnit), or be escaped
    /// line by line (GitHub, Xcode).
    static func checkFormatters(_ bytes: [UInt8]) -> [String] {
        let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
        var path = String(decoding: bytes[..<newline], as: UTF8.self)
        if path.isEmpty { path = sourcePath }
        let body = newline < bytes.count ? Array(bytes[(newline + 1)...]) : []
        let file = SourceFile(path: path, bytes: body)
        let engine = LintEngine(rules: configuredRules(extraOptions: false), directiveSeverity: .warning)
        var findings = engine.lint([(path, body)], validatingText: false).findings
        var line = 1
        for range in file.lineStarts.indices.prefix(64).map({ file.lineRange($0 + 1) }) {
            let text = String(decoding: body[range], as: UTF8.self)
            let end = SourceLocation(line: line, column: range.count + 1)
            findings.append(Finding(ruleID: line.isMultiple(of: 3) ? text : RuleRegistry.all[line % RuleRegistry.all.count].description.id,
                                    severity: line.isMultiple(of: 2) ? .error : .warning, message: text, path: path,
                                    start: SourceLocation(line: line, column: 1), end: end,
                                    fix: line.isMultiple(of: 2) ? Fix(summary: text, edits: [TextEdit(path: path, range: range, replacement: text)]) : nil))
            line += 1
        }
        findings.sort(by: Finding.isOrderedBefore)
        return reportProblems(findings, files: [file])
    }

    // MARK: autofix

    /// `--fix` in memory: lint, apply every fix, lint the result, repeat until nothing changes
    /// (as `FixRounds` does, which must agree). Each round: the fixed findings are gone
    /// (no finding of the same rule and message where the fixed one was), the bytes outside the
    /// applied edits are unchanged (checked against an independent back-to-front splice),
    /// valid UTF-8 stays valid, the fixed text tokenizes losslessly; in the end a further fix
    /// pass changes nothing (a fixed point) and no remaining finding has a fix that applies.
    static func checkAutofix(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let path = sourcePath
        let engine = LintEngine(rules: configuredRules(extraOptions: false), directiveSeverity: .warning)
        // As `--fix` lints: a file that is not text (a NUL byte, invalid UTF-8) is skipped, never
        // fixed. (Fixing such bytes, which nothing does, can leave a teardown unseen: the fuzzers
        // found two inputs with NULs where it did.)
        func lint(_ text: [UInt8]) -> [Finding] {
            engine.lint([(path, text)], validatingText: true).findings.sorted(by: Finding.isOrderedBefore)
        }
        func key(_ finding: Finding) -> String { finding.ruleID + "\u{0}" + finding.message }
        let wasValid = UTF8Validation.firstInvalidOffset(in: bytes) == nil
        var current = bytes
        var findings = lint(bytes)
        let first = findings
        var rounds = 0
        while true {
            let application = FixApplier.apply(findings.map(\.fix), to: [path: current])
            guard let fixed = application.changedFiles[path] else { break }
            if rounds == FixRounds.maximumRounds {
                problems.append("autofix: still changing after \(rounds) rounds (no fixed point)")
                break
            }
            rounds += 1
            // The edits of the applied fixes, distinct, applied back to front by hand.
            var edits: [TextEdit] = []
            for (finding, outcome) in zip(findings, application.outcomes) where outcome == .applied {
                for edit in finding.fix!.edits where !edits.contains(edit) { edits.append(edit) }
            }
            let ending = SourceStyle.lineEnding(of: current)
            var expected = current
            for edit in edits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) > ($1.range.lowerBound, $1.range.upperBound) }) {
                expected.replaceSubrange(edit.range, with: SourceStyle.normalizingLineBreaks(Array(edit.replacement.utf8), to: ending))
            }
            if expected != fixed { problems.append("autofix round \(rounds): the applied bytes differ from the edits applied one by one") }
            // Lossless outside the edits: the bytes before the first and after the last edit.
            if let low = edits.map(\.range.lowerBound).min(), let high = edits.map(\.range.upperBound).max() {
                if !fixed.starts(with: current[..<low]) || !fixed.reversed().starts(with: current[high...].reversed()) {
                    problems.append("autofix round \(rounds): bytes outside the edited ranges changed")
                }
            }
            if wasValid, let bad = UTF8Validation.firstInvalidOffset(in: fixed) {
                problems.append("autofix round \(rounds): fixing valid UTF-8 made it invalid at byte \(bad)")
            }
            if let problem = losslessProblem(Tokenizer.tokenize(fixed), byteCount: fixed.count) {
                problems.append("autofix round \(rounds): fixed text: " + problem)
            }
            let after = lint(fixed)
            // A fixed finding is gone: no finding of the same rule and message starts where its
            // start went (inside the edit that replaced it, or moved by the edits before it).
            // Another finding with the same text elsewhere (a second declaration of one name,
            // reported once the first is fixed) is not the fixed one.
            let before = SourceFile(path: path, bytes: current), now = SourceFile(path: path, bytes: fixed)
            func offset(_ location: SourceLocation, in file: SourceFile) -> Int {
                file.lineStarts[location.line - 1] + location.column - 1
            }
            let sortedEdits = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
            func moved(_ start: Int) -> ClosedRange<Int> {
                var shift = 0
                for edit in sortedEdits {
                    let length = SourceStyle.normalizingLineBreaks(Array(edit.replacement.utf8), to: ending).count
                    if edit.range.upperBound <= start && !(edit.range.isEmpty && edit.range.lowerBound == start) {
                        shift += length - edit.range.count
                    } else if edit.range.lowerBound <= start {
                        return (edit.range.lowerBound + shift)...(edit.range.lowerBound + shift + length)
                    } else {
                        break
                    }
                }
                return (start + shift)...(start + shift)
            }
            let remaining = after.map { (key($0), offset($0.start, in: now)) }
            for (finding, outcome) in zip(findings, application.outcomes) where outcome == .applied {
                let place = moved(offset(finding.start, in: before))
                if remaining.contains(where: { $0.0 == key(finding) && place.contains($0.1) }) {
                    problems.append("autofix round \(rounds): a fixed finding is still reported: \(key(finding).debugDescription) at \(finding.start)")
                }
            }
            current = fixed
            findings = after
            if !problems.isEmpty { return problems }
        }
        // Nothing left that applies: a second `--fix` changes nothing.
        let again = FixApplier.apply(findings.map(\.fix), to: [path: current])
        if again.changedFiles[path] != nil && rounds < FixRounds.maximumRounds {
            problems.append("autofix: a further fix pass changes the file")
        }
        // FixRounds, as `--fix` runs it, reaches the same bytes.
        let outcome = FixRounds.run(FixRounds.Lint(findings: first, sources: [path: bytes])) { changed in
            FixRounds.Lint(findings: lint(changed[path] ?? bytes), sources: [path: changed[path] ?? bytes])
        }
        let viaRounds = outcome.fixed[path] ?? bytes
        if viaRounds != current && outcome.settled {
            problems.append("autofix: FixRounds gives other bytes than fixing round by round")
        }
        if rounds < FixRounds.maximumRounds && !outcome.settled { problems.append("autofix: FixRounds did not settle") }
        return problems
    }
}
