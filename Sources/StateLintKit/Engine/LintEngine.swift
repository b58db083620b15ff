import Foundation

/// Runs StateLint over a set of files:
///   1. on the worker threads, read, tokenize and analyse every file of the index scope once:
///      its type declarations go into the shared index, and a linted file's rule violations
///      are kept with the class conditions they depend on;
///   2. once the index is complete, decide those conditions and apply directives and
///      severities, again per file on the workers.
/// Only small per-file results are kept, so peak memory follows the largest file, not the project.
public struct LintEngine: Sendable {
    public struct Options: Sendable {
        public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
        public var knownClasses: [String] = []
        public var knownValueTypes: [String] = []
        /// Dependency files larger than this are skipped: generated tables, not model types.
        public var maximumDependencyFileSize = 8 << 20
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
        /// The part of `unresolvedTypeNames` whose violations were dropped for it (not those
        /// `report_unknown_types` reported anyway): possible findings nobody could check.
        public var uncheckedTypeNames: [String: Int] = [:]
        /// Dependency files whose declarations were indexed, and those skipped (unreadable,
        /// binary, not UTF-8 or too large), which never fail the run.
        public var dependencyFileCount = 0
        public var skippedDependencyFiles: [FileReadError] = []
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
    /// Per run, not per file: each rule's severity, and every rule id directives may name.
    private let severities: [String: Severity]
    private let ranRuleIDs: Set<String>
    private let knownRuleIDs: [String]
    /// The id of each of `rules`: reading it from the rule's type copies its whole description.
    private let ruleIDs: [String]

    public init(rules: [ConfiguredRule], directiveSeverity: Severity?, options: Options = Options()) {
        self.rules = rules
        self.directiveSeverity = directiveSeverity
        self.options = options
        severities = Dictionary(rules.map { ($0.id, $0.severity) }, uniquingKeysWith: { first, _ in first })
        ranRuleIDs = Set(severities.keys)
        knownRuleIDs = RuleRegistry.descriptions.map(\.id)
        ruleIDs = rules.map(\.id)
    }

    /// The two phases, for progress reports.
    public enum Phase: Sendable { case indexing, linting }

    /// Called (from worker threads) each time a file of `phase` is done, with the phase's file count.
    public typealias ProgressHandler = @Sendable (_ phase: Phase, _ total: Int) -> Void

    /// Lints `files`, resolving types against the declarations in `indexFiles` and `files`,
    /// then (for names those do not declare) in `dependencyFiles`, which are only indexed.
    /// `sources` overrides reading a path (for `--stdin-path`).
    ///
    /// Every file is read, tokenized and analysed once: rules state which of their violations
    /// depend on a type being a class, and those conditions are decided once the project
    /// index is complete. Only small per-file results are kept, so memory does not grow with
    /// the project's size.
    public func run(files: [String], indexFiles: [String], dependencyFiles: [String] = [],
                    sources: [String: [UInt8]] = [:], progress: ProgressHandler? = nil) -> Result {
        var result = Result()
        // Usually the index is the same file list (one walk): no set of paths to hash then.
        let indexOnly: [String]
        if indexFiles == files {
            indexOnly = []
        } else {
            var seen = Set(files)
            indexOnly = indexFiles.filter { seen.insert($0).inserted }
        }
        // `work` is `files`, then index-only files, then dependency files.
        let work = files + indexOnly + dependencyFiles
        let firstDependency = files.count + indexOnly.count
        // Each file's declarations go into the index as soon as it is analysed, on the worker
        // threads, so building the index is not a sequential step after them. Dependencies
        // get an index of their own: the project's declarations take precedence over theirs.
        // Files declare a few types each (5 on average in generated SwiftUI code).
        let index = SharedIndexBuilder(reservingCapacity: 4 * firstDependency)
        let dependencyIndex = SharedIndexBuilder(reservingCapacity: 4 * dependencyFiles.count)
        let directory = WorkingDirectory.current()
        let analyses = parallelMap(Array(work.indices), jobs: options.jobs) { position -> FileAnalysis in
            let isLinted = position < files.count
            let isDependency = position >= firstDependency
            var (analysis, summary) = analyse(work[position], isLinted: isLinted, isDependency: isDependency,
                                              sources: sources, directory: directory)
            Self.measure(&analysis.timings.index) { (isDependency ? dependencyIndex : index).add(summary, position: position) }
            progress?(isLinted ? .linting : .indexing, isLinted ? files.count : work.count - files.count)
            return analysis
        }
        result.indexedFileCount = work.count
        let dependencies = dependencyIndex.build()
        let project = index.build(aliasFallback: dependencies)
        let resolver = TypeResolver(project: project, dependencies: dependencies,
                                    knownClasses: options.knownClasses, knownValueTypes: options.knownValueTypes)
        // Deciding each file's class conditions is independent per file: on the workers too.
        let perFile = parallelMap(analyses, jobs: options.jobs) { analysis -> FileFindings? in
            guard analysis.isLinted, case .success(let linted) = analysis.outcome else { return nil }
            // Most files: no violation and no directive, so nothing to decide.
            guard let pending = linted.pending else { return nil }
            var unresolved: [String] = []
            var unchecked: [String] = []
            var seconds = 0.0
            let found = Self.measure(&seconds) {
                findings(path: analysis.path, candidates: pending.candidates, filter: pending.filter,
                         types: resolver, unresolved: &unresolved, unchecked: &unchecked)
            }
            return FileFindings(findings: found, unresolved: unresolved, unchecked: unchecked, seconds: seconds)
        }
        for (position, (analysis, fileFindings)) in zip(analyses, perFile).enumerated() {
            result.timings.add(analysis.timings)
            if position >= firstDependency, case .failure(let error) = analysis.outcome {
                result.skippedDependencyFiles.append(error)
            }
            guard analysis.isLinted else { continue }
            switch analysis.outcome {
            case .failure(let error):
                result.errors.append(error)
            case .success(let linted):
                result.lintedFiles.append(analysis.path)
                result.byteCount += linted.byteCount
                guard let fileFindings else { continue }
                result.findings += fileFindings.findings
                for name in fileFindings.unresolved { result.unresolvedTypeNames[name, default: 0] += 1 }
                for name in fileFindings.unchecked { result.uncheckedTypeNames[name, default: 0] += 1 }
                result.timings.rules += fileFindings.seconds
            }
        }
        result.dependencyFileCount = dependencyFiles.count - result.skippedDependencyFiles.count
        result.findings.sort(by: Finding.isOrderedBefore)
        return result
    }

    /// The findings of one linted file, the type names it could not resolve (and those of
    /// them that dropped a violation), and the time taken.
    struct FileFindings: Sendable {
        let findings: [Finding]
        let unresolved: [String]
        let unchecked: [String]
        let seconds: Double
    }

    /// What one file contributes besides its type declarations: if it is linted, its candidates.
    struct FileAnalysis: Sendable {
        let path: String
        let isLinted: Bool
        let outcome: Swift.Result<LintedFile, FileReadError>
        var timings: Timings
    }

    struct LintedFile: Sendable {
        /// Nil when the file has no candidate and no directive, as most have. One reference,
        /// so that the copies of a file's analysis retain and release one object, not five
        /// arrays.
        let pending: Pending?
        let byteCount: Int

        init(candidates: [Candidate], filter: DirectiveFilter, byteCount: Int) {
            pending = candidates.isEmpty && filter.isEmpty ? nil : Pending(candidates: candidates, filter: filter)
            self.byteCount = byteCount
        }
    }

    /// A linted file's candidates and directives, kept until the project index is complete.
    final class Pending: Sendable {
        let candidates: [Candidate]
        let filter: DirectiveFilter

        init(candidates: [Candidate], filter: DirectiveFilter) {
            self.candidates = candidates
            self.filter = filter
        }
    }

    /// Reads and analyses one file. A dependency's file is checked like a linted one (text,
    /// and a smaller size limit), so a stray binary or generated table is skipped, not indexed.
    private func analyse(_ path: String, isLinted: Bool, isDependency: Bool, sources: [String: [UInt8]],
                         directory: WorkingDirectory?) -> (FileAnalysis, TypeDeclarationSummary) {
        var timings = Timings()
        do throws(FileReadError) {
            let bytes = try Self.load(path, sources: sources, below: directory, timings: &timings,
                                      maximumSize: isDependency ? options.maximumDependencyFileSize : SourceReader.maximumFileSize)
            if isLinted || isDependency { try SourceReader.validateText(bytes, path: path) }
            let file = SourceFile(path: path, bytes: bytes)
            // One clock reading per phase boundary, and no closures: a closure's captures are
            // copies, and each copy of the structure retains and releases every array in it.
            var clock = PhaseClock()
            let scan = Tokenizer.scanCode(file.bytes)
            clock.lap(&timings.tokenize)
            let comments = scan.comments
            let structure = FileStructure(code: CodeTokens(file: file, scan: consume scan))
            clock.lap(&timings.structure)
            let summary = TypeDeclarationSummary(structure)
            clock.lap(&timings.index)
            guard isLinted else {
                return (FileAnalysis(path: path, isLinted: false, outcome: .success(LintedFile(candidates: [], filter: DirectiveFilter(file: file, tokens: []), byteCount: bytes.count)), timings: timings), summary)
            }
            let (candidates, filter) = self.candidates(LintContext(structure: consume structure), tokens: comments)
            clock.lap(&timings.rules)
            return (FileAnalysis(path: path, isLinted: true,
                                 outcome: .success(LintedFile(candidates: candidates, filter: filter, byteCount: bytes.count)), timings: timings), summary)
        } catch {
            return (FileAnalysis(path: path, isLinted: isLinted, outcome: .failure(error), timings: timings), TypeDeclarationSummary())
        }
    }

    /// Runs every rule on one file: located violations, not yet checked against the index or
    /// the directives. `tokens` are the file's tokens, or just its comments (for directives).
    func candidates(_ context: LintContext, tokens: [Token]) -> ([Candidate], DirectiveFilter) {
        let file = context.structure.file
        var found: [(ruleID: String, violation: RuleViolation)] = []
        for position in rules.indices {
            let id = ruleIDs[position]
            for violation in rules[position].rule.check(context) { found.append((id, violation)) }
        }
        // All positions in one pass over the file (most files never need its line table).
        var offsets: [Int] = []
        offsets.reserveCapacity(2 * found.count)
        for (_, violation) in found {
            offsets.append(violation.start)
            offsets.append(violation.end)
        }
        let locations = file.locations(ofOffsets: offsets)
        let candidates = found.indices.map { index in
            Candidate(ruleID: found[index].ruleID, violation: found[index].violation,
                      start: locations[2 * index], end: locations[2 * index + 1])
        }
        return (candidates, DirectiveFilter(file: file, tokens: tokens))
    }

    /// The findings of one file: candidates whose class conditions hold, less what its
    /// directives suppress, plus problems with the directives.
    func findings(path: String, candidates: [Candidate], filter: DirectiveFilter, types: TypeResolver,
                  unresolved: inout [String], unchecked: inout [String]) -> [Finding] {
        let standing = candidates.filter { candidate in
            guard let condition = candidate.violation.requiresClass else { return true }
            let known = unresolved.count
            let holds = condition.holds(in: types, unresolved: &unresolved)
            if !holds && unresolved.count > known { unchecked.append(condition.typeName) }
            return holds
        }
        let outcome = filter.apply(standing, ranRules: ranRuleIDs, knownRules: knownRuleIDs)
        var findings = outcome.kept.map { makeFinding(path, $0, severity: severities[$0.ruleID] ?? .warning) }
        if let directiveSeverity {
            findings += outcome.directiveProblems.map { makeFinding(path, $0, severity: directiveSeverity) }
        }
        return findings
    }

    /// Lints one file already in memory against a complete resolver (tests, editors).
    public func check(_ context: LintContext, tokens: [Token], types: TypeResolver) -> [Finding] {
        let (candidates, filter) = candidates(context, tokens: tokens)
        var unresolved: [String] = [], unchecked: [String] = []
        return findings(path: context.structure.file.path, candidates: candidates, filter: filter, types: types,
                        unresolved: &unresolved, unchecked: &unchecked)
    }

    private func makeFinding(_ path: String, _ candidate: Candidate, severity: Severity) -> Finding {
        Finding(ruleID: candidate.ruleID, severity: severity, message: candidate.violation.message, path: path,
                start: candidate.start, end: candidate.end, fix: candidate.violation.fix)
    }

    /// The bytes of `path`, from `sources` or read from disk; a path below the process's working
    /// `directory` is opened by its shorter relative path.
    static func load(_ path: String, sources: [String: [UInt8]], below directory: WorkingDirectory?,
                     timings: inout Timings, maximumSize: Int = SourceReader.maximumFileSize) throws(FileReadError) -> [UInt8] {
        if !sources.isEmpty, let bytes = sources[path] { return bytes }
        let start = DispatchTime.now().uptimeNanoseconds
        defer { timings.read += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        return try SourceReader.read(path, below: directory, maximumSize: maximumSize)
    }

    /// Times consecutive phases: each `lap` adds the time since the previous one (or since
    /// the clock was made) to a phase's total.
    struct PhaseClock {
        private var last = DispatchTime.now().uptimeNanoseconds

        mutating func lap(_ total: inout Double) {
            let now = DispatchTime.now().uptimeNanoseconds
            total += Double(now - last) / 1e9
            last = now
        }
    }

    static func measure<T>(_ total: inout Double, _ work: () -> T) -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = work()
        total += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return value
    }
}

/// The project index under construction, shared by the worker threads.
private final class SharedIndexBuilder: @unchecked Sendable {
    private let lock = NSLock()
    private var builder: ProjectIndex.Builder

    init(reservingCapacity typeCount: Int) {
        builder = ProjectIndex.Builder(reservingCapacity: typeCount)
    }

    func add(_ summary: TypeDeclarationSummary, position: Int) {
        lock.lock()
        defer { lock.unlock() }
        builder.add(summary, position: position)
    }

    func build(aliasFallback: ProjectIndex? = nil) -> ProjectIndex {
        lock.lock()
        defer { lock.unlock() }
        return builder.build(aliasFallback: aliasFallback)
    }
}
