import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// Runs StateLint over a set of files, in two phases:
///   1. on the worker threads, read, tokenize and analyse every file of the index scope once:
///      its type declarations go into the shared project index, and its view facts
///      (`FileFacts`: wrapped properties, handlers, what methods do) and directives are kept;
///   2. once the index is complete, merge the facts of each type across files into views
///      (`ProjectViews`), run every rule on every view (again on the workers), and turn the
///      violations in linted files into findings, with directives and severities applied.
/// Only small per-file results are kept between the phases, never a file's tokens.
public struct LintEngine: Sendable {
    public struct Options: Sendable {
        public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
        public var knownClasses: [String] = []
        public var knownValueTypes: [String] = []
        /// Dependency files larger than this are skipped: generated tables, not model types.
        public var maximumDependencyFileSize = 8 << 20
        /// Keep the analyses until the process exits rather than freeing them (see
        /// `ProcessLifetime`): for a command that exits after one run.
        public var keepsAnalysesUntilExit = false
        /// Keep the bytes of the linted files that findings' fixes edit (`Result.sourcesWithFixes`),
        /// for `--fix`: fixes apply to exactly the bytes that were linted. Until the rules have
        /// run that is not known, so every linted file with facts or directives is kept meanwhile.
        public var keepsSourcesWithFixes = false
        /// The project builds with Xcode 27 or later, whose `State()` macro evaluates a `@State`
        /// initial value once: what an owned-state fix writes.
        public var stateMakesInitialValueOnce = false
        /// Analyses to reuse for files unchanged since a run that used the same cache.
        package var analysisCache: AnalysisCache?
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
        package var id: String { type(of: rule).description.id }
    }

    public struct Result: Sendable {
        public var findings: [Finding] = []
        public var lintedFiles: [String] = []
        public var errors: [FileReadError] = []
        /// Type names the rules asked about that nothing resolved, with how often.
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
        /// With `Options.keepsSourcesWithFixes`: the linted bytes of each file a fix edits.
        public var sourcesWithFixes: [String: [UInt8]] = [:]
    }

    /// Seconds spent in each phase, summed over threads.
    public struct Timings: Sendable {
        public var read = 0.0, tokenize = 0.0, structure = 0.0, index = 0.0, model = 0.0, rules = 0.0
        package mutating func add(_ other: Timings) {
            read += other.read; tokenize += other.tokenize; structure += other.structure
            index += other.index; model += other.model; rules += other.rules
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

    public init(rules: [ConfiguredRule], directiveSeverity: Severity?, options: Options = Options()) {
        self.rules = rules
        self.directiveSeverity = directiveSeverity
        self.options = options
        severities = Dictionary(rules.map { ($0.id, $0.severity) }, uniquingKeysWith: { first, _ in first })
        ranRuleIDs = Set(severities.keys)
        knownRuleIDs = RuleRegistry.descriptions.map(\.id)
    }

    /// The two phases, for progress reports.
    public enum Phase: Sendable { case indexing, linting }

    /// Called (from worker threads) each time a file of `phase` is done, with the phase's file count.
    public typealias ProgressHandler = @Sendable (_ phase: Phase, _ total: Int) -> Void

    /// Lints `files`, resolving types against the declarations in `indexFiles` and `files`
    /// (and merging views across them), then, for names those do not declare, in
    /// `dependencyFiles`, which are only indexed. `sources` overrides reading a path (`--stdin-path`).
    /// `targets` says which target each file belongs to (see `ProjectTargets`): views merge
    /// their parts, and names resolve first, within a target.
    public func run(files: [String], indexFiles: [String], dependencyFiles: [String] = [],
                    sources: [String: [UInt8]] = [:], targets: ProjectTargets? = nil, progress: ProgressHandler? = nil) -> Result {
        run(files: files, indexFiles: indexFiles, dependencyFiles: dependencyFiles, sources: sources,
            targets: targets, progress: progress, validatingText: true)
    }

    /// `validatingText: false` lints bytes that are not UTF-8 text too (the fuzzers).
    package func run(files: [String], indexFiles: [String], dependencyFiles: [String] = [], sources: [String: [UInt8]],
             targets: ProjectTargets? = nil, progress: ProgressHandler?, validatingText: Bool) -> Result {
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
        // threads, so building the index is not a sequential step after them. Dependencies get an
        // index of their own: the project's declarations take precedence over theirs.
        let indexes = IndexBuild(projectFiles: firstDependency, dependencyFiles: dependencyFiles.count,
                                 keepsSummaries: targets != nil)
        let directory = WorkingDirectory.current()
        // The project files' targets, worked out per folder of the sorted list (not per file).
        let fileTargets = targets.map { $0.targets(ofFiles: Array(work[..<firstDependency])) }
        let analyses = parallelMap(Array(work.indices), jobs: options.jobs) { position -> FileAnalysis in
            let role: FileRole = position < files.count ? .linted : position < firstDependency ? .indexed : .dependency
            var (analysis, summary) = analyse(work[position], file: FileID(position), role: role, sources: sources,
                                              directory: directory, validatingText: validatingText)
            Self.measure(&analysis.timings.index) {
                if role == .dependency {
                    indexes.addDependency(summary, position: position)
                } else {
                    indexes.add(summary, position: position)
                    if let fileTargets, case .success(let analysed) = analysis.outcome, fileTargets[position] != TargetID.restOnly {
                        analysed.facts.targets = fileTargets[position]
                    }
                }
            }
            progress?(role == .linted ? .linting : .indexing, role == .linted ? files.count : work.count - files.count)
            return analysis
        }
        result.indexedFileCount = work.count
        // By position: a copy of each analysis retained all it holds. One pass (each pass over
        // every analysis reads memory long out of the cache).
        var projectFacts: [FileFacts?] = []
        projectFacts.reserveCapacity(firstDependency)
        for position in analyses.indices {
            result.timings.add(analyses[position].timings)
            let analysed: Analysed?
            switch analyses[position].outcome {
            case .failure(let error):
                analysed = nil
                if position >= firstDependency { result.skippedDependencyFiles.append(error) }
                if analyses[position].isLinted { result.errors.append(error) }
            case .success(let success):
                analysed = success
                if analyses[position].isLinted {
                    result.lintedFiles.append(analyses[position].path)
                    result.byteCount += success.byteCount
                }
            }
            if position < firstDependency { projectFacts.append(analysed?.facts) }
        }
        result.dependencyFileCount = dependencyFiles.count - result.skippedDependencyFiles.count
        let facts = projectFacts
        let projectPaths = Array(work[..<firstDependency])
        let startTargets = targets ?? ProjectTargets(root: "/")
        let scopes = Self.measure(&result.timings.index) { () -> TypeScopes in
            indexes.finish(jobs: options.jobs) {
                var targets = startTargets
                let byTarget = TargetAssignment.finish(paths: projectPaths, facts: facts, targets: &targets)
                return (byTarget, targets)
            }.scopes
        }
        let checked = findings(of: analyses, scopes: scopes, timings: &result.timings) { path in
            var timings = Timings()
            return try? Self.load(path, sources: sources, below: directory, timings: &timings)
        }
        result.findings = checked.findings
        result.unresolvedTypeNames = checked.unresolved
        result.uncheckedTypeNames = checked.unchecked
        if options.keepsSourcesWithFixes { result.sourcesWithFixes = Self.sourcesEdited(by: result.findings, in: analyses) }
        // What the run built is freed by the process's exit, faster than piece by piece here.
        if options.keepsAnalysesUntilExit { ProcessLifetime.keep((analyses, indexes, scopes, facts, fileTargets)) }
        return result
    }

    /// Lints files held in memory (tests, editors): each is linted and indexed.
    public func lint(_ files: [(path: String, bytes: [UInt8])]) -> Result {
        lint(files, validatingText: true)
    }

    package func lint(_ files: [(path: String, bytes: [UInt8])], validatingText: Bool) -> Result {
        let paths = files.map(\.path)
        let sources = Dictionary(files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { $1 })
        return run(files: paths, indexFiles: paths, sources: sources, progress: nil, validatingText: validatingText)
    }

    // MARK: Phase 1

    /// What a file is to a run: linted, only indexed, or a dependency's (indexed below the project).
    package enum FileRole: Sendable { case linted, indexed, dependency }

    /// What the first phase keeps of one file.
    public struct FileAnalysis: Sendable {
        public let path: String
        public let isLinted: Bool
        package let outcome: Swift.Result<Analysed, FileReadError>
        package var timings: Timings
    }

    /// A class: the steps between the phases go over every file's analysis several times, and
    /// a copy of a reference is one retain where this struct's fields were several.
    package final class Analysed: Sendable {
        package let facts: FileFacts
        /// Nil for an index-only file.
        package let directives: DirectiveFilter?
        package let byteCount: Int
        /// Kept only for `keepsSourcesWithFixes`, for a linted file a fix may edit.
        package let bytes: [UInt8]?

        package init(facts: FileFacts, directives: DirectiveFilter?, byteCount: Int, bytes: [UInt8]? = nil) {
            self.facts = facts
            self.directives = directives
            self.byteCount = byteCount
            self.bytes = bytes
        }
    }

    /// Phase 1 for one file's bytes, the one function every caller runs (a run over files, the
    /// language server's documents and indexed files, views completed in phase 2): tokens,
    /// structure, the declarations for the index, the view facts (a dependency's are never
    /// needed) and, for a linted file, its directives. `keepsBytes`: keep the bytes when a fix
    /// may edit them. Checking that the bytes are text is the caller's.
    package static func analyse(_ bytes: [UInt8], path: String, file fileID: FileID, role: FileRole, bodies: FactExtractor.BodyReading,
                        keepsBytes: Bool, timings: inout Timings) -> (Analysed, TypeDeclarationSummary) {
        let file = SourceFile(path: path, bytes: bytes)
        // One clock reading per phase boundary, and no closures: a closure's captures are
        // copies, and each copy of the structure retains and releases every array in it.
        var clock = PhaseClock()
        let scan = Tokenizer.scanCode(file.bytes)
        clock.lap(&timings.tokenize)
        let comments = scan.comments
        let structure = FileStructure(code: CodeTokens(file: file, scan: consume scan))
        clock.lap(&timings.structure)
        return analyse(structure, comments: comments, path: path, file: fileID, role: role, bodies: bodies,
                       keepsBytes: keepsBytes, timings: &timings)
    }

    /// The same, from a file's structure and comments made before (`AnalysisCache.seed`).
    package static func analyse(_ structure: FileStructure, comments: [Token], path: String, file fileID: FileID, role: FileRole,
                                bodies: FactExtractor.BodyReading, keepsBytes: Bool, timings: inout Timings) -> (Analysed, TypeDeclarationSummary) {
        let file = structure.code.file
        let bytes = file.bytes
        var clock = PhaseClock()
        let summary = TypeDeclarationSummary(structure)
        clock.lap(&timings.index)
        let facts = role == .dependency ? FileFacts(path: path, file: fileID)
            : FactExtractor(structure: structure, file: fileID, bodies: bodies, summary: summary).facts()
        clock.lap(&timings.model)
        let directives = role == .linted ? DirectiveFilter(file: file, id: fileID, tokens: comments) : nil
        clock.lap(&timings.rules)
        let mayBeFixed = keepsBytes && (!facts.isEmpty || !(directives?.isEmpty ?? true))
        return (Analysed(facts: facts, directives: directives, byteCount: bytes.count, bytes: mayBeFixed ? bytes : nil), summary)
    }

    /// Reads and analyses one file. A dependency's file is only summarised for the index, and is
    /// checked like a linted one (text, and a smaller size limit), so a stray binary or generated
    /// table is skipped, not indexed.
    private func analyse(_ path: String, file fileID: FileID, role: FileRole, sources: [String: [UInt8]],
                         directory: WorkingDirectory?, validatingText: Bool) -> (FileAnalysis, TypeDeclarationSummary) {
        var timings = Timings()
        let isLinted = role == .linted
        do throws(FileReadError) {
            let bytes = try Self.load(path, sources: sources, below: directory, timings: &timings,
                                      maximumSize: role == .dependency ? options.maximumDependencyFileSize : SourceReader.maximumFileSize)
            if (isLinted && validatingText) || role == .dependency { try SourceReader.validateText(bytes, path: path) }
            let keepsBytes = options.keepsSourcesWithFixes && isLinted
            if let cache = options.analysisCache, !keepsBytes,
               let (analysed, summary) = cache.analysis(of: path, bytes: bytes, file: fileID, role: role) {
                return (FileAnalysis(path: path, isLinted: isLinted, outcome: .success(analysed), timings: timings), summary)
            }
            let seeded = keepsBytes ? nil : options.analysisCache?.seededStructure(of: path, bytes: bytes)
            let (analysed, summary) = seeded.map {
                Self.analyse($0.structure, comments: $0.comments, path: path, file: fileID, role: role, bodies: .ofLikelyViews,
                             keepsBytes: keepsBytes, timings: &timings)
            } ?? Self.analyse(bytes, path: path, file: fileID, role: role, bodies: .ofLikelyViews,
                              keepsBytes: keepsBytes, timings: &timings)
            if !keepsBytes { options.analysisCache?.store(analysed, summary: summary, of: path, bytes: bytes, file: fileID, role: role) }
            return (FileAnalysis(path: path, isLinted: isLinted, outcome: .success(analysed), timings: timings), summary)
        } catch {
            return (FileAnalysis(path: path, isLinted: isLinted, outcome: .failure(error), timings: timings), TypeDeclarationSummary())
        }
    }

    // MARK: Phase 2

    /// The findings of the linted files among `analyses`, with every rule run on every view the
    /// analyses make up, and the type names the rules could not resolve. `bytes` reads a file
    /// again, for the views whose bodies phase 1 left unread.
    package func findings(of analyses: [FileAnalysis], scopes: TypeScopes,
                  timings: inout Timings, bytes: (String) -> [UInt8]? = { _ in nil })
        -> (findings: [Finding], unresolved: [String: Int], unchecked: [String: Int]) {
        var facts: [FileFacts] = []
        facts.reserveCapacity(analyses.count)
        var files = ProjectFiles(reservingCapacity: analyses.count)
        var directives: [(file: FileID, path: String, filter: DirectiveFilter)] = []
        for position in analyses.indices {
            guard case .success(let analysed) = analyses[position].outcome else { continue }
            facts.append(analysed.facts)
            files.add(analysed.facts)
            if analyses[position].isLinted, let filter = analysed.directives {
                directives.append((analysed.facts.file, analyses[position].path, filter))
            }
        }
        var seconds = 0.0
        let views = Self.measure(&seconds) { () -> [SwiftUIView] in
            var views = ProjectViews(files: facts, scopes: scopes, jobs: options.jobs)
            guard !views.filesToComplete.isEmpty else { return views.views }
            let completed = completedFacts(of: views.filesToComplete, in: analyses, bytes: bytes)
            for file in completed { files.add(file) }
            views.complete(with: completed)
            return views.views
        }
        timings.model += seconds
        let base = TypeResolver(project: scopes.project, dependencies: scopes.dependencies,
                                knownClasses: options.knownClasses, knownValueTypes: options.knownValueTypes)
        let resolvers = scopes.resolvers(from: base, count: Int(views.map(\.target.index).max() ?? 0) + 1)
        let enabled = ranRuleIDs
        let projectFiles = files
        // Each view's rules on all cores, each violation made a candidate (its positions, its
        // fix placed) there too.
        let perView = parallelMap(views, jobs: options.jobs) { view -> ViewViolations in
            var seconds = 0.0
            let context = RuleContext(types: resolvers[Int(view.target.index)], enabledRuleIDs: enabled, files: projectFiles,
                                      stateMakesInitialValueOnce: options.stateMakesInitialValueOnce)
            var found: [(ruleID: String, violation: RuleViolation)] = []
            Self.measure(&seconds) {
                for configured in rules {
                    for violation in configured.rule.check(view, context) { found.append((configured.id, violation)) }
                }
            }
            var otherFiles: [String: FileID?] = [:]
            let candidates = found.compactMap { Self.candidate($0.ruleID, $0.violation, files: projectFiles, otherFiles: &otherFiles) }
            return ViewViolations(candidates: candidates,
                                  unresolved: context.unresolvedTypeNames, unchecked: context.uncheckedTypeNames, seconds: seconds)
        }
        var byFile: [FileID: [Candidate]] = [:]
        var unresolved: [String: Int] = [:]
        var unchecked: [String: Int] = [:]
        for result in perView {
            timings.rules += result.seconds
            for name in result.unresolved { unresolved[name, default: 0] += 1 }
            for name in result.unchecked { unchecked[name, default: 0] += 1 }
            for candidate in result.candidates { byFile[candidate.violation.span.file, default: []].append(candidate) }
        }
        // Each file's directives applied to its candidates, on all cores.
        let candidatesByFile = byFile
        let perFile = parallelMap(directives, jobs: options.jobs) { file, path, filter -> [Finding] in
            // Candidates in source order, each violation once: a file in two targets is in two
            // views of each type it has parts of, which may find the same violation.
            let candidates = Self.unique((candidatesByFile[file] ?? []).sorted {
                ($0.violation.span.range.lowerBound, $0.ruleID, $0.violation.message) < ($1.violation.span.range.lowerBound, $1.ruleID, $1.violation.message)
            })
            guard !candidates.isEmpty || !filter.isEmpty else { return [] }
            let outcome = filter.apply(candidates, ranRules: ranRuleIDs, knownRules: knownRuleIDs)
            var findings = outcome.kept.map { makeFinding(path, $0, severity: severities[$0.ruleID] ?? .warning) }
            if let directiveSeverity {
                findings += outcome.directiveProblems.map { makeFinding(path, $0, severity: directiveSeverity) }
            }
            return findings
        }
        var findings = Array(perFile.joined())
        findings.sort(by: Finding.isOrderedBefore)
        if options.keepsAnalysesUntilExit { ProcessLifetime.keep((views, facts, files, resolvers, perView, byFile)) }
        return (findings, unresolved, unchecked)
    }

    /// Sorted candidates without repeats of the same violation (rule and span).
    package static func unique(_ sorted: [Candidate]) -> [Candidate] {
        guard sorted.count > 1 else { return sorted }
        var kept: [Candidate] = [sorted[0]]
        // Where the same rule reports the same span twice (a type declared twice, one inside the
        // other's body, read as two views), one finding stands: the one without a fix, when the
        // views disagree, as a fix one reading refuses is not proven safe.
        struct Place: Hashable { let ruleID: String; let span: SourceSpan }
        var byPlace: [Place: Int] = [Place(ruleID: sorted[0].ruleID, span: sorted[0].violation.span): 0]
        for candidate in sorted.dropFirst() {
            let last = kept[kept.count - 1]
            if last.ruleID == candidate.ruleID && last.violation.span == candidate.violation.span
                && last.violation.message == candidate.violation.message { continue }
            let place = Place(ruleID: candidate.ruleID, span: candidate.violation.span)
            if let index = byPlace[place] {
                if kept[index].violation.fix != nil && candidate.violation.fix == nil { kept[index] = candidate }
                continue
            }
            byPlace[place] = kept.count
            kept.append(candidate)
        }
        return kept
    }

    /// The facts of `wanted`'s files made again with every body read, from the bytes phase 1 kept
    /// or read again (unless they changed size since: then the facts stay as they were).
    private func completedFacts(of wanted: Set<FileID>, in analyses: [FileAnalysis],
                                bytes: (String) -> [UInt8]?) -> [FileFacts] {
        func analysed(at position: Int) -> Analysed? {
            if case .success(let analysed) = analyses[position].outcome { return analysed }
            return nil
        }
        // In a run over files a file's id is its position: then only the wanted few are looked
        // at (a pass over every analysis touched each one's memory again).
        let byPosition = wanted.allSatisfy { file in
            Int(file.index) < analyses.count && analysed(at: Int(file.index))?.facts.file == file
        }
        let positions = byPosition ? wanted.map { Int($0.index) }.sorted() : Array(analyses.indices)
        var sources: [(path: String, file: FileID, bytes: [UInt8])] = []
        for position in positions {
            guard let analysed = analysed(at: position), wanted.contains(analysed.facts.file),
                  let source = analysed.bytes ?? bytes(analyses[position].path), source.count == analysed.byteCount else { continue }
            sources.append((analyses[position].path, analysed.facts.file, source))
        }
        return parallelMap(sources, jobs: options.jobs) { source in
            Self.analyseIndexed(path: source.path, file: source.file, bytes: source.bytes).facts
        }
    }

    /// The violation as a candidate finding: its start and end as lines and columns, and its
    /// fix's edits placed (given their positions and the file's line endings); nil for a
    /// violation in a file without a line table. A fix that edits a file whose brackets do not
    /// pair is dropped.
    /// `otherFiles`: the files found by path so far.
    private static func candidate(_ ruleID: String, _ violation: RuleViolation, files: ProjectFiles,
                                  otherFiles: inout [String: FileID?]) -> Candidate? {
        var violation = violation
        let span = violation.span
        guard let index = files.lineIndex(of: span.file) else { return nil }
        if let fix = violation.fix {
            // Nearly every edit is in its finding's own file; the few others (a teardown into
            // the view's file) are looked up in the file list, once each.
            func fileID(_ path: String) -> FileID? {
                if path == files.path(of: span.file) { return span.file }
                if let known = otherFiles[path] { return known }
                let found = files.file(atPath: path)
                otherFiles[path] = found
                return found
            }
            if fix.edits.allSatisfy({ fileID($0.path).map(files.bracketsPair(in:)) ?? true }) {
                violation.fix?.edits = FixPlacement.place(fix.edits) { path in
                    guard let id = fileID(path), let lines = files.lineIndex(of: id) else { return nil }
                    return FixPlacement.Layout(lines: lines, lineEnding: files.style(of: id)?.lineEnding ?? .lf)
                }
            } else {
                violation.fix = nil
            }
        }
        return Candidate(ruleID: ruleID, violation: violation,
                         start: index.location(ofOffset: span.range.lowerBound), end: index.location(ofOffset: span.range.upperBound))
    }

    /// What one view's rules found, as candidates; the type names they could not resolve; the time taken.
    package struct ViewViolations: Sendable {
        package let candidates: [Candidate]
        package let unresolved: [String]
        package let unchecked: [String]
        package let seconds: Double
    }

    /// The kept bytes of each file the findings' fixes edit.
    package static func sourcesEdited(by findings: [Finding], in analyses: [FileAnalysis]) -> [String: [UInt8]] {
        var edited = Set<String>()
        for finding in findings { for edit in finding.fix?.edits ?? [] { edited.insert(edit.path) } }
        guard !edited.isEmpty else { return [:] }
        var sources: [String: [UInt8]] = [:]
        for analysis in analyses where edited.contains(analysis.path) {
            if case .success(let analysed) = analysis.outcome, let bytes = analysed.bytes { sources[analysis.path] = bytes }
        }
        return sources
    }

    private func makeFinding(_ path: String, _ candidate: Candidate, severity: Severity) -> Finding {
        Finding(ruleID: candidate.ruleID, severity: severity, message: candidate.violation.message, path: path,
                start: candidate.start, end: candidate.end, fix: candidate.violation.fix)
    }

    /// The bytes of `path`, from `sources` or read from disk; a path below the process's working
    /// `directory` is opened by its shorter relative path.
    package static func load(_ path: String, sources: [String: [UInt8]], below directory: WorkingDirectory?,
                     timings: inout Timings, maximumSize: Int = SourceReader.maximumFileSize) throws(FileReadError) -> [UInt8] {
        if !sources.isEmpty, let bytes = sources[path] { return bytes }
        let start = DispatchTime.now().uptimeNanoseconds
        defer { timings.read += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        return try SourceReader.read(path, below: directory, maximumSize: maximumSize)
    }

    /// Times consecutive phases: each `lap` adds the time since the previous one (or since
    /// the clock was made) to a phase's total.
    package struct PhaseClock {
        private var last = DispatchTime.now().uptimeNanoseconds

        package mutating func lap(_ total: inout Double) {
            let now = DispatchTime.now().uptimeNanoseconds
            total += Double(now - last) / 1e9
            last = now
        }
    }

    @discardableResult
    package static func measure<T>(_ total: inout Double, _ work: () -> T) -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = work()
        total += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return value
    }
}
