import Foundation
@testable import StateLintSyntax
@testable import StateLintIndex
@testable import StateLintModel
@testable import StateLintRules
@testable import StateLintEngine
@testable import StateLintFormatters
@testable import StateLintLSP
@testable import StateLintCLI

/// The whole in-memory pipeline the fuzzers drive, with its invariants, shared by the libFuzzer
/// targets in `Fuzz/` (compiled together with the library sources) and by the tests that replay
/// the saved crash inputs. Returns the broken invariants; an empty list means all held.
enum PathologicalPipeline {
    static let sourcePath = "Sources/Fuzz/Input.swift"
    static let configurationPath = ".linter.yml"
    /// A fixed clock and directory, so reports are a pure function of the input.
    static let workingDirectory = "/fuzz"
    static let timestamp = Date(timeIntervalSince1970: 1_700_000_000)

    /// Every rule with its default options, plus a second set with the non-default options
    /// switched on, so option-dependent paths are reached as well.
    static func configuredRules(extraOptions: Bool) -> [LintEngine.ConfiguredRule] {
        RuleRegistry.all.map { type in
            var configuration: RuleConfiguration?
            if extraOptions {
                let options: [String: RuleOptionValue] = [
                    "report_unknown_types": .bool(true),
                    "handlers": .stringList(["onAppear", "task", "onChange"]),
                ]
                configuration = RuleConfiguration(id: type.description.id, severity: .error, isEnabled: true, options: options)
            }
            return LintEngine.ConfiguredRule(rule: type.init(configuration: configuration), severity: extraOptions ? .error : .warning)
        }
    }

    /// The lint path's code-only scan must agree with the lossless scan less its trivia.
    static func codeScanProblem(_ scan: CodeScan, reference: CodeTokens, allTokens: [Token]) -> String? {
        if scan.tokens != reference.tokens { return "scanCode: code tokens differ from the lossless scan" }
        if scan.lineBreakBefore != reference.lineBreakBefore { return "scanCode: line breaks differ" }
        if scan.partner != reference.partner { return "scanCode: bracket partners differ" }
        if scan.comments != allTokens.filter({ $0.kind.isComment || $0.kind == .shebang }) {
            return "scanCode: comments differ"
        }
        return nil
    }

    /// Bytes → tokens → structure → index → every rule → directives → every formatter.
    static func checkSource(_ bytes: [UInt8], path: String = sourcePath) -> [String] {
        var problems: [String] = []
        let tokens = Tokenizer.tokenize(bytes)
        if let problem = losslessProblem(tokens, byteCount: bytes.count) { problems.append(problem) }

        let file = SourceFile(path: path, bytes: bytes)
        let structure = FileStructure(file: file, tokens: tokens)
        problems += structureProblems(structure, byteCount: bytes.count)
        if let problem = codeScanProblem(Tokenizer.scanCode(bytes), reference: structure.code, allTokens: tokens) {
            problems.append(problem)
        }
        let facts = FactExtractor(structure: structure, file: FileID(0)).facts()
        let project = ProjectIndex(summaries: [TypeDeclarationSummary(structure)])
        let views = ProjectViews(files: [facts], index: project).views

        var findings: [Finding] = []
        for extraOptions in [false, true] {
            let rules = configuredRules(extraOptions: extraOptions)
            var files = ProjectFiles()
            files.add(facts)
            let context = RuleContext(types: TypeResolver(project: project), enabledRuleIDs: Set(rules.map(\.id)), files: files)
            // Each rule on each view: violation spans must lie inside the file.
            for view in views {
                for configured in rules {
                    for violation in configured.rule.check(view, context) {
                        let range = violation.span.range
                        if violation.span.file != facts.file || range.lowerBound < 0 || range.upperBound > bytes.count {
                            problems.append("\(configured.id): violation \(range) in file \(violation.span.file.index) outside 0..<\(bytes.count)")
                        }
                    }
                }
            }
            // Then through the engine, which adds directives and turns offsets into positions
            // (every input, valid UTF-8 or not).
            let engine = LintEngine(rules: rules, directiveSeverity: .warning)
            findings += engine.lint([(path, bytes)], validatingText: false).findings
        }
        for finding in findings {
            if let problem = locationProblem(finding, in: file) { problems.append(problem) }
        }
        findings.sort(by: Finding.isOrderedBefore)
        problems += fixProblems(findings, bytes: bytes, path: path)
        problems += reportProblems(findings, files: [file])
        return problems
    }

    /// Every fix the engine built applies, or overlaps another: never one that reaches outside
    /// the file, splits a sequence or a CRLF pair. Fixing valid UTF-8 keeps it valid.
    static func fixProblems(_ findings: [Finding], bytes: [UInt8], path: String) -> [String] {
        var problems: [String] = []
        let application = FixApplier.apply(findings.map(\.fix), to: [path: bytes])
        for (finding, outcome) in zip(findings, application.outcomes) {
            if case .rejected(let rejection)? = outcome, rejection != .overlapsAnotherFix {
                problems.append("\(finding.ruleID): its fix was rejected: \(rejection)")
            }
        }
        if let fixed = application.changedFiles[path], UTF8Validation.firstInvalidOffset(in: bytes) == nil,
           let bad = UTF8Validation.firstInvalidOffset(in: fixed) {
            problems.append("fixing valid UTF-8 made it invalid at byte \(bad)")
        }
        return problems
    }

    /// Tokens cover the input exactly: non-empty, contiguous, in order, from 0 to the end.
    static func losslessProblem(_ tokens: [Token], byteCount: Int) -> String? {
        var offset = 0
        for (index, token) in tokens.enumerated() {
            if token.start != offset { return "token \(index) (\(token.kind)) starts at \(token.start), expected \(offset)" }
            if token.length <= 0 { return "token \(index) (\(token.kind)) is empty" }
            offset = token.end
        }
        return offset == byteCount ? nil : "tokens end at \(offset), file has \(byteCount) bytes"
    }

    static func structureProblems(_ structure: FileStructure, byteCount: Int) -> [String] {
        var problems: [String] = []
        let codeCount = structure.code.count
        for (index, declaration) in structure.declarations.enumerated() {
            if let parent = declaration.parent, parent < 0 || parent >= index {
                problems.append("declaration \(index) has parent \(parent)")
            }
        }
        // Bracket partners point at each other.
        for index in 0..<codeCount {
            if let partner = structure.code.partner(of: index) {
                if partner < 0 || partner >= codeCount || structure.code.partner(of: partner) != index {
                    problems.append("code token \(index) has partner \(partner) that does not point back")
                    break
                }
            }
        }
        return problems
    }

    /// A finding's positions name a real place in the file: a line that exists and a column
    /// at most one past its last byte (an end position may sit just after the text).
    static func locationProblem(_ finding: Finding, in file: SourceFile) -> String? {
        for location in [finding.start, finding.end] {
            guard location.line >= 1, location.line <= file.lineCount else {
                return "\(finding.ruleID): line \(location.line) outside 1...\(file.lineCount)"
            }
            let lineStart = file.lineStarts[location.line - 1]
            let nextStart = location.line < file.lineCount ? file.lineStarts[location.line] : file.bytes.count
            guard location.column >= 1, location.column <= nextStart - lineStart + 1 else {
                return "\(finding.ruleID): column \(location.column) outside line \(location.line) (\(nextStart - lineStart) bytes)"
            }
        }
        return finding.start <= finding.end ? nil : "\(finding.ruleID): start \(finding.start) after end \(finding.end)"
    }

    static func reportContext(files: [SourceFile]) -> ReportContext {
        ReportContext(rules: RuleRegistry.descriptions, workingDirectory: workingDirectory,
                      lintedFiles: files.map(\.path), sourceLines: SourceLineLookup(files: files), timestamp: timestamp)
    }

    /// Every registered formatter, with the format-specific checks.
    static func reportProblems(_ findings: [Finding], files: [SourceFile]) -> [String] {
        let context = reportContext(files: files)
        var problems: [String] = []
        for type in OutputFormatterRegistry.all {
            let text = type.init().format(findings, context: context)
            let problem: String?
            switch type.name {
            case "json", "sarif", "gitlab": problem = PathologicalOutputChecks.json(text, name: type.name)
            case "checkstyle", "junit": problem = PathologicalOutputChecks.xml(text, name: type.name)
            case "github": problem = PathologicalOutputChecks.gitHub(text, findingCount: findings.count)
            case "xcode": problem = PathologicalOutputChecks.xcode(text, findingCount: findings.count)
            default: problem = nil
            }
            if let problem { problems.append(problem) }
        }
        return problems
    }

    /// `.linter.yml` bytes → parser → decoder → rules built from the result. Errors must point
    /// inside the input.
    static func checkConfiguration(_ bytes: [UInt8]) -> [String] {
        let file = SourceFile(path: configurationPath, bytes: bytes)
        let document: YAMLNode?
        do {
            document = try YAMLParser.parse(bytes, path: configurationPath)
        } catch {
            return diagnosticProblems(error, in: file)
        }
        var problems: [String] = []
        if let document { problems += nodeProblems(document, in: file) }
        var decoder = ConfigurationDecoder(schema: StateLintCommand.schema, path: configurationPath,
                                           rootDirectory: workingDirectory, fileSystem: EmptyFileSystem())
        do {
            let configuration = try decoder.decode(document)
            // Build every enabled rule from the decoded options, as `lint` does, and run it.
            let sample = SourceFile(path: sourcePath, text: "struct V: View {\n  @State var m = Model()\n  var body: some View { Text(\"\").onAppear { m = Model() } }\n}\nfinal class Model {}\n")
            let rules = RuleRegistry.all.compactMap { type -> LintEngine.ConfiguredRule? in
                guard let ruleConfiguration = configuration.rule(type.description.id) else { return nil }
                return LintEngine.ConfiguredRule(rule: type.init(configuration: ruleConfiguration), severity: ruleConfiguration.severity)
            }
            var options = LintEngine.Options()
            options.knownClasses = configuration.knownClasses
            options.knownValueTypes = configuration.knownValueTypes
            let findings = LintEngine(rules: rules, directiveSeverity: nil, options: options)
                .lint([(sample.path, sample.bytes)]).findings
            for finding in findings {
                if let problem = locationProblem(finding, in: sample) { problems.append(problem) }
            }
            _ = ConfigurationPrinter.render(configuration, schema: StateLintCommand.schema)
        } catch {
            problems += diagnosticProblems(error, in: file)
        }
        return problems
    }

    static func nodeProblems(_ root: YAMLNode, in file: SourceFile) -> [String] {
        var problems: [String] = []
        var pending = [root]
        while let node = pending.popLast() {
            if let problem = positionProblem(node.location, in: file) { problems.append("node: " + problem) }
            if let items = node.sequence { pending += items }
            if let entries = node.mapping {
                for entry in entries {
                    if let problem = positionProblem(entry.keyLocation, in: file) { problems.append("key: " + problem) }
                    pending.append(entry.value)
                }
            }
        }
        return problems
    }

    static func diagnosticProblems(_ error: ConfigurationError, in file: SourceFile) -> [String] {
        if error.diagnostics.isEmpty { return ["configuration error without diagnostics"] }
        return error.diagnostics.compactMap { diagnostic in
            guard let location = diagnostic.location else { return nil }
            return positionProblem(location, in: file).map { "\($0): \(diagnostic.message)" }
        }
    }

    /// A line that exists and a column at most one past the end of its text.
    static func positionProblem(_ location: SourceLocation, in file: SourceFile) -> String? {
        guard location.line >= 1, location.line <= file.lineCount else {
            return "line \(location.line) outside 1...\(file.lineCount)"
        }
        let length = file.lineRange(location.line).count
        guard location.column >= 1, location.column <= length + 1 else {
            return "column \(location.column) outside line \(location.line) of \(length) bytes"
        }
        return nil
    }
}

/// A file system with nothing in it, so decoding never touches the disk.
struct EmptyFileSystem: ConfigurationFileSystem {
    func itemExists(atPath path: String) -> Bool { false }
    func itemNames(inDirectory path: String) -> [String] { [] }
}
