import Foundation

/// Runs StateLint over a set of files in two phases:
///   1. tokenize and index every file of the index scope (in parallel) into one `ProjectIndex`;
///   2. lint every file with the merged index (in parallel), apply directives and severities.
/// Files are re-read and re-tokenized in phase 2 rather than kept in memory, so peak memory
/// stays proportional to the largest file, not the project.
public struct LintEngine: Sendable {
    public struct Options: Sendable {
        public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
        public var knownClasses: [String] = []
        public var knownValueTypes: [String] = []
        public init() {}
    }

    /// An enabled rule with its configured severity.
    public struct ConfiguredRule: Sendable {
        public let rule: any Rule
        public let severity: Severity
        public init(rule: any Rule, severity: Severity) {
            self.rule = rule
            self.severity = severity
        }
        var id: String { type(of: rule).description.id }
    }

    public struct Result: Sendable {
        public var findings: [Finding] = []
        public var lintedFiles: [String] = []
        public var errors: [FileReadError] = []
        /// Type names created in `@State` that nothing resolved, with how often they occurred.
        public var unresolvedTypeNames: [String: Int] = [:]
        public var timings = Timings()
        public var indexedFileCount = 0
        public var byteCount = 0
    }

    /// Seconds spent in each phase, summed over threads.
    public struct Timings: Sendable {
        public var read = 0.0, tokenize = 0.0, structure = 0.0, index = 0.0, rules = 0.0
        mutating func add(_ other: Timings) {
            read += other.read; tokenize += other.tokenize; structure += other.structure
            index += other.index; rules += other.rules
        }
    }

    public let rules: [ConfiguredRule]
    /// The severity of directive problems, or nil when `superfluous_disable_command` is off.
    public let directiveSeverity: Severity?
    public let options: Options

    public init(rules: [ConfiguredRule], directiveSeverity: Severity?, options: Options = Options()) {
        self.rules = rules
        self.directiveSeverity = directiveSeverity
        self.options = options
    }

    /// The two phases, for progress reports.
    public enum Phase: Sendable { case indexing, linting }

    /// Called (from worker threads) each time a file of `phase` is done, with the phase's file count.
    public typealias ProgressHandler = @Sendable (_ phase: Phase, _ total: Int) -> Void

    /// Lints `files`, resolving types against the declarations in `indexFiles` (the lint
    /// files are always indexed too). `sources` overrides reading a path (for `--stdin-path`).
    public func run(files: [String], indexFiles: [String], sources: [String: [UInt8]] = [:],
                    progress: ProgressHandler? = nil) -> Result {
        var result = Result()
        // Phase 1: the project index.
        var indexSet = Set(indexFiles)
        let toIndex = indexFiles + files.filter { indexSet.insert($0).inserted }
        let summaries = parallelMap(toIndex, jobs: options.jobs) { path -> (TypeDeclarationSummary, Timings) in
            var timings = Timings()
            guard let bytes = try? Self.load(path, sources: sources, timings: &timings) else {
                progress?(.indexing, toIndex.count)
                return (TypeDeclarationSummary(), timings)
            }
            let file = SourceFile(path: path, bytes: bytes)
            let tokens = Self.measure(&timings.tokenize) { Tokenizer.tokenize(file.bytes) }
            let structure = Self.measure(&timings.structure) { FileStructure(file: file, tokens: tokens) }
            let summary = Self.measure(&timings.index) { TypeDeclarationSummary(structure) }
            progress?(.indexing, toIndex.count)
            return (summary, timings)
        }
        for (_, timings) in summaries { result.timings.add(timings) }
        result.indexedFileCount = toIndex.count
        let project = ProjectIndex(summaries: summaries.map(\.0))
        let resolver = TypeResolver(project: project, knownClasses: options.knownClasses, knownValueTypes: options.knownValueTypes)

        // Phase 2: the rules.
        let perFile = parallelMap(files, jobs: options.jobs) { path in
            let outcome = lintFile(path, sources: sources, resolver: resolver)
            progress?(.linting, files.count)
            return outcome
        }
        for outcome in perFile {
            result.timings.add(outcome.timings)
            switch outcome.result {
            case .failure(let error):
                result.errors.append(error)
            case .success(let fileResult):
                result.lintedFiles.append(outcome.path)
                result.findings += fileResult.findings
                result.byteCount += fileResult.byteCount
                for name in fileResult.unresolved { result.unresolvedTypeNames[name, default: 0] += 1 }
            }
        }
        result.findings.sort(by: Finding.isOrderedBefore)
        return result
    }

    struct FileResult: Sendable {
        var findings: [Finding]
        var unresolved: [String]
        var byteCount: Int
    }

    struct FileOutcome: Sendable {
        let path: String
        let result: Swift.Result<FileResult, FileReadError>
        let timings: Timings
    }

    private func lintFile(_ path: String, sources: [String: [UInt8]], resolver: TypeResolver) -> FileOutcome {
        var timings = Timings()
        do throws(FileReadError) {
            let bytes = try Self.load(path, sources: sources, timings: &timings)
            try SourceReader.validateText(bytes, path: path)
            let file = SourceFile(path: path, bytes: bytes)
            let tokens = Self.measure(&timings.tokenize) { Tokenizer.tokenize(file.bytes) }
            let structure = Self.measure(&timings.structure) { FileStructure(file: file, tokens: tokens) }
            let (findings, unresolved) = Self.measure(&timings.rules) { () -> ([Finding], [String]) in
                let context = LintContext(structure: structure, types: resolver)
                let findings = check(context, tokens: tokens)
                return (findings, context.unresolvedTypeNames)
            }
            return FileOutcome(path: path, result: .success(FileResult(findings: findings, unresolved: unresolved, byteCount: bytes.count)), timings: timings)
        } catch {
            return FileOutcome(path: path, result: .failure(error), timings: timings)
        }
    }

    /// Runs every rule on one file and applies its directives.
    func check(_ context: LintContext, tokens: [Token]) -> [Finding] {
        let file = context.structure.file
        var violations: [(ruleID: String, violation: RuleViolation)] = []
        var severities: [String: Severity] = [:]
        for configured in rules {
            severities[configured.id] = configured.severity
            for violation in configured.rule.check(context) { violations.append((configured.id, violation)) }
        }
        let (directives, malformed) = Directive.parse(file, tokens: tokens)
        var kept = violations
        var directiveProblems: [RuleViolation] = []
        if !directives.isEmpty || !malformed.isEmpty {
            let outcome = DirectiveFilter(file: file, directives: directives, malformed: malformed)
                .apply(violations, ranRules: Set(severities.keys), knownRules: RuleRegistry.descriptions.map(\.id))
            kept = outcome.kept
            directiveProblems = outcome.directiveProblems
        }
        var findings = kept.map { item in
            makeFinding(file, ruleID: item.ruleID, severity: severities[item.ruleID] ?? .warning, item.violation)
        }
        if let directiveSeverity {
            findings += directiveProblems.map {
                makeFinding(file, ruleID: SuperfluousDisableCommand.description.id, severity: directiveSeverity, $0)
            }
        }
        return findings
    }

    private func makeFinding(_ file: SourceFile, ruleID: String, severity: Severity, _ violation: RuleViolation) -> Finding {
        Finding(ruleID: ruleID, severity: severity, message: violation.message, path: file.path,
                start: file.location(ofOffset: violation.start), end: file.location(ofOffset: violation.end))
    }

    static func load(_ path: String, sources: [String: [UInt8]], timings: inout Timings) throws(FileReadError) -> [UInt8] {
        if let bytes = sources[path] { return bytes }
        let start = DispatchTime.now().uptimeNanoseconds
        defer { timings.read += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        return try SourceReader.read(path)
    }

    static func measure<T>(_ total: inout Double, _ work: () -> T) -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = work()
        total += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return value
    }
}
