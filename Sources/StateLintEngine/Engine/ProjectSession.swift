import Foundation
import StateLintSyntax
import StateLintIndex
import StateLintModel
import StateLintRules

/// One project's analysis, kept alive between lints: what the language server lints open
/// documents against. It runs the same steps as a run over files — `LintEngine.analyse` for
/// every file, `IndexBuild` for the indexes, `TargetAssignment`, `LintEngine.findings(of:scopes:)`
/// — keeping each file's analysis until the file changes.
///
/// Thread-safe: indexing (`index`) commits its files in batches, so a lint meanwhile answers
/// with what is indexed so far.
public final class ProjectSession: @unchecked Sendable {
    public let project: Project
    package let engine: LintEngine
    private let jobs: Int
    private let lock = NSLock()

    /// One file's analysis: from disk (with the stamp it had when read) or from an open buffer.
    package struct Record {
        package var summary: TypeDeclarationSummary
        package var facts: FileFacts
        package var directives: DirectiveFilter?
        /// Last components of the names of the types it has parts of.
        package var typeNames: Set<String>
        package var textHash: Int
        package var stamp: FileStamp?
        package var isOpen: Bool
    }

    private var records: [String: Record] = [:]
    private var byTypeName: [String: Set<String>] = [:]
    private var dependencySummaries: [String: TypeDeclarationSummary] = [:]
    private var fileIDs: [String: FileID] = [:]
    /// Built from the records when a lint needs them; nil after any declaration changed.
    private var scopes: TypeScopes?
    /// The manifests' targets (read from the files the indexing walk meets), and the same with
    /// the app folders the records make.
    private var manifestTargets: ProjectTargets
    private var targets: ProjectTargets
    /// Folders holding indexed files, with their stamps: a file added or removed changes one.
    private var folderStamps: [String: FileStamp] = [:]
    private var lastDiskCheck = DispatchTime(uptimeNanoseconds: 0)
    private var lastDiskCheckCost: UInt64 = 0
    public private(set) var isIndexed = false

    /// `reusing` a session of the same root made before a configuration change: its files'
    /// analyses stand (they do not depend on the configuration) until the project is indexed
    /// again, so lints meanwhile know the project's types.
    public init(project: Project, engine: LintEngine, jobs: Int, reusing previous: ProjectSession? = nil) {
        self.project = project
        self.engine = engine
        self.jobs = max(1, jobs)
        manifestTargets = project.targets
        targets = project.targets
        if let previous, previous.project.configuration.rootDirectory == project.configuration.rootDirectory {
            previous.lock.lock()
            defer { previous.lock.unlock() }
            records = previous.records
            byTypeName = previous.byTypeName
            dependencySummaries = previous.dependencySummaries
            fileIDs = previous.fileIDs
            folderStamps = previous.folderStamps
            manifestTargets = previous.manifestTargets
            targets = previous.targets
            isIndexed = previous.isIndexed
        }
    }

    // MARK: Indexing

    public struct IndexReport: Sendable, Equatable {
        public var fileCount = 0
        public var dependencyFileCount = 0
        public var problems: [String] = []
    }

    /// Reads every file of the project's index scope and of its dependency folders, in batches
    /// that become visible to lints as they are done. `progress(done, total)` is called from
    /// worker threads.
    public func index(batchSize: Int = 512, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) -> IndexReport {
        var report = IndexReport()
        let found = project.indexDiscovery.files(under: [project.configuration.rootDirectory], jobs: jobs)
        report.problems += found.errors.map(\.description)
        // The manifests are among the files walked: the targets come with the index.
        let discovered = TargetDiscovery.targets(root: project.configuration.rootDirectory, walked: found, jobs: jobs)
        report.problems += discovered.problems
        lock.lock()
        manifestTargets = discovered
        targets = discovered
        scopes = nil
        for (path, record) in records { record.facts.targets = discovered.targets(ofFile: path) }
        lock.unlock()
        let dependencies = DependencyDiscovery.files(in: project.configuration.dependencies.map(\.path), jobs: jobs)
        report.fileCount = found.files.count
        let total = found.files.count + dependencies.files.count
        let counter = ProgressCounter(total: total, report: progress)
        for start in stride(from: 0, to: found.files.count, by: batchSize) {
            let batch = Array(found.files[start..<min(start + batchSize, found.files.count)])
            let read = readFromDisk(batch, role: .indexed, counter: counter)
            lock.lock()
            for (path, record) in zip(batch, read) where records[path]?.isOpen != true {
                replace(path, with: record)
            }
            lock.unlock()
        }
        for start in stride(from: 0, to: dependencies.files.count, by: batchSize) {
            let batch = Array(dependencies.files[start..<min(start + batchSize, dependencies.files.count)])
            let read = readFromDisk(batch, role: .dependency, counter: counter)
            lock.lock()
            for (path, record) in zip(batch, read) { dependencySummaries[path] = record?.summary }
            scopes = nil
            lock.unlock()
            report.dependencyFileCount += read.count { $0 != nil }
        }
        lock.lock()
        folderStamps = Self.folderStamps(of: found.files, root: project.configuration.rootDirectory)
        isIndexed = true
        lock.unlock()
        return report
    }

    /// The analyses of `paths` read from disk (nil for a file that cannot be read), on all cores.
    private func readFromDisk(_ paths: [String], role: LintEngine.FileRole, counter: ProgressCounter? = nil) -> [Record?] {
        let ids = paths.map(fileID)
        let maximumSize = role == .dependency ? engine.options.maximumDependencyFileSize : SourceReader.maximumFileSize
        return parallelMap(Array(paths.indices), jobs: jobs) { position -> Record? in
            defer { counter?.advance() }
            let path = paths[position]
            let stamp = FileStamp(path)
            guard let bytes = try? SourceReader.read(path, below: nil, maximumSize: maximumSize),
                  role != .dependency || (try? SourceReader.validateText(bytes, path: path)) != nil else { return nil }
            var timings = LintEngine.Timings()
            let (analysed, summary) = LintEngine.analyse(bytes, path: path, file: ids[position], role: role, bodies: .all,
                                                         keepsBytes: false, timings: &timings)
            return Record(analysed, summary: summary, text: bytes, stamp: stamp, isOpen: false)
        }
    }

    // MARK: Open documents

    public struct LintOutcome: Sendable {
        public var findings: [Finding] = []
        /// The declarations the project knows changed: other open documents may lint differently.
        public var typesChanged = false
        public var problem: String?
    }

    /// Lints the text of an open document and makes its declarations the ones the project
    /// knows for `path`.
    public func lint(_ path: String, text: [UInt8]) -> LintOutcome {
        do throws(FileReadError) {
            try SourceReader.validateText(text, path: path)
        } catch {
            return LintOutcome(problem: error.reason)
        }
        let id = fileIDLocked(path)
        var timings = LintEngine.Timings()
        let (analysed, summary) = LintEngine.analyse(text, path: path, file: id, role: .linted, bodies: .all,
                                                     keepsBytes: false, timings: &timings)
        let record = Record(analysed, summary: summary, text: text, stamp: nil, isOpen: true)
        lock.lock()
        defer { lock.unlock() }
        let previous = records[path]
        // New text may change views this document shares with other open ones (a teardown added
        // in an extension), even with the same declarations; the same text cannot.
        let textChanged = previous?.textHash != record.textHash
        let touched = record.typeNames.union(previous?.typeNames ?? [])
        let typesChanged = replace(path, with: record)
        let sharesViews = textChanged && records.contains { other, entry in
            other != path && entry.isOpen && !entry.typeNames.isDisjoint(with: touched)
        }
        return LintOutcome(findings: findings(of: path, record: record), typesChanged: typesChanged || sharesViews)
    }

    /// `path` is no longer open: what is on disk counts again (nothing, outside the index scope).
    /// Returns whether the declarations changed.
    public func close(_ path: String) -> Bool {
        let read = project.isIndexed(path) ? readFromDisk([path], role: .indexed)[0] : nil
        lock.lock()
        defer { lock.unlock() }
        guard records[path] != nil else { return false }
        return replace(path, with: read)
    }

    /// `path` changed on disk (a watching client said so). Returns whether declarations changed.
    public func fileChangedOnDisk(_ path: String) -> Bool {
        lock.lock()
        let open = records[path]?.isOpen == true
        lock.unlock()
        guard !open else { return false }  // the buffer wins
        let read = project.isIndexed(path) ? readFromDisk([path], role: .indexed)[0] : nil
        lock.lock()
        defer { lock.unlock() }
        guard records[path]?.isOpen != true else { return false }
        return replace(path, with: read)
    }

    /// Looks for files changed, added or removed on disk since they were read, for clients that
    /// do not watch files: a `stat` per indexed file and folder, skipped while the last check is
    /// recent compared with what it cost (at most 1/20 of the time goes here). Returns whether
    /// declarations changed.
    public func refreshFromDisk(force: Bool = false) -> Bool {
        lock.lock()
        let now = DispatchTime.now().uptimeNanoseconds
        let due = force || now - lastDiskCheck.uptimeNanoseconds >= 20 * lastDiskCheckCost
        guard isIndexed, due else {
            lock.unlock()
            return false
        }
        let known = records.filter { !$0.value.isOpen && $0.value.stamp != nil }.mapValues { $0.stamp! }
        let folders = folderStamps
        lock.unlock()
        let started = DispatchTime.now().uptimeNanoseconds
        var changed = known.filter { FileStamp($0.key) != $0.value }.map(\.key)
        var listed: [String]?
        if folders.contains(where: { FileStamp($0.key) != $0.value }) {
            let files = project.indexDiscovery.files(under: [project.configuration.rootDirectory], jobs: jobs).files
            changed += files.filter { known[$0] == nil }
            listed = files
        }
        changed.sort()
        let read = readFromDisk(changed, role: .indexed)
        lock.lock()
        defer { lock.unlock() }
        var typesChanged = false
        for (path, record) in zip(changed, read) where records[path]?.isOpen != true {
            if replace(path, with: record) { typesChanged = true }
        }
        if let listed {
            folderStamps = Self.folderStamps(of: listed, root: project.configuration.rootDirectory)
        }
        lastDiskCheck = DispatchTime.now()
        lastDiskCheckCost = lastDiskCheck.uptimeNanoseconds - started
        return typesChanged
    }

    // MARK: The engine's pieces (under the lock)

    /// Sets what `path` contributes (nil: nothing); returns whether the project's declarations
    /// differ from before (then the indexes are built again before the next lint).
    @discardableResult
    private func replace(_ path: String, with new: Record?) -> Bool {
        let old = records[path]
        if let old { for name in old.typeNames { byTypeName[name]?.remove(path) } }
        records[path] = new
        if let new {
            new.facts.targets = targets.targets(ofFile: path)
            for name in new.typeNames { byTypeName[name, default: []].insert(path) }
        }
        let oldSummary = old.flatMap { $0.summary.isEmpty ? nil : $0.summary }
        let newSummary = new.flatMap { $0.summary.isEmpty ? nil : $0.summary }
        let sameApps = (old?.facts.declaresApp ?? false) == (new?.facts.declaresApp ?? false)
        switch (oldSummary, newSummary) {
        case (nil, nil) where sameApps: return false
        case let (old?, new?) where sameApps && old.declaresSameTypes(as: new): return false
        default:
            scopes = nil
            return true
        }
    }

    /// The findings of the open document at `path`, its views merged with the parts in other
    /// files of its targets.
    private func findings(of path: String, record: Record) -> [Finding] {
        let scopes = currentScopes()
        var related: Set<String> = []
        for name in record.typeNames { related.formUnion(byTypeName[name] ?? []) }
        related.remove(path)
        let linted = LintEngine.FileAnalysis(path: path, isLinted: true, outcome: .success(LintEngine.Analysed(
            facts: record.facts, directives: record.directives, byteCount: 0)), timings: LintEngine.Timings())
        let others = related.sorted().compactMap { other -> LintEngine.FileAnalysis? in
            guard let entry = records[other] else { return nil }
            return LintEngine.FileAnalysis(path: other, isLinted: false, outcome: .success(LintEngine.Analysed(
                facts: entry.facts, directives: nil, byteCount: 0)), timings: LintEngine.Timings())
        }
        var timings = LintEngine.Timings()
        return engine.findings(of: [linted] + others, scopes: scopes, timings: &timings).findings.sorted(by: Finding.isOrderedBefore)
    }

    /// The indexes of the records as they are, built again when a declaration changed.
    private func currentScopes() -> TypeScopes {
        if let scopes { return scopes }
        let paths = FileDiscovery.sortedByBytes(Array(records.keys))
        let manifestTargets = self.manifestTargets
        let facts = paths.map { path -> FileFacts? in
            let facts = records[path]!.facts
            facts.targets = manifestTargets.targets(ofFile: path)
            return facts
        }
        let build = IndexBuild(projectFiles: paths.count, dependencyFiles: dependencySummaries.count, keepsSummaries: true)
        for (position, path) in paths.enumerated() { build.add(records[path]!.summary, position: position) }
        for (position, path) in FileDiscovery.sortedByBytes(Array(dependencySummaries.keys)).enumerated() {
            build.addDependency(dependencySummaries[path]!, position: position)
        }
        let (built, targets) = build.finish(jobs: jobs) {
            var targets = manifestTargets
            return (TargetAssignment.finish(paths: paths, facts: facts, targets: &targets), targets)
        }
        self.targets = targets
        scopes = built
        return built
    }

    private func fileIDLocked(_ path: String) -> FileID {
        lock.lock()
        defer { lock.unlock() }
        return fileID(path)
    }

    /// A number for every file ever analysed, as the engine's spans name files.
    private func fileID(_ path: String) -> FileID {
        if let id = fileIDs[path] { return id }
        let id = FileID(fileIDs.count)
        fileIDs[path] = id
        return id
    }

    /// The folders holding `files`, up to the root, with their stamps.
    private static func folderStamps(of files: [String], root: String) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        if let stamp = FileStamp(root) { stamps[root] = stamp }
        for file in files {
            var folder = (file as NSString).deletingLastPathComponent
            while folder.count > root.count, stamps[folder] == nil {
                if let stamp = FileStamp(folder) { stamps[folder] = stamp }
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        return stamps
    }
}

extension ProjectSession.Record {
    fileprivate init(_ analysed: LintEngine.Analysed, summary: TypeDeclarationSummary, text: [UInt8], stamp: FileStamp?, isOpen: Bool) {
        var hasher = Hasher()
        hasher.combine(text)
        self.init(summary: summary, facts: analysed.facts, directives: analysed.directives,
                  typeNames: Set(analysed.facts.types.map { lastComponent($0.name) }), textHash: hasher.finalize(),
                  stamp: stamp, isOpen: isOpen)
    }
}

/// Counts files done across threads for progress reports.
package final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let report: @Sendable (Int, Int) -> Void

    package init(total: Int, report: @escaping @Sendable (Int, Int) -> Void) {
        self.total = total
        self.report = report
    }

    package func advance() {
        lock.lock()
        done += 1
        let now = done
        lock.unlock()
        report(now, total)
    }
}

extension TypeDeclarationSummary {
    /// Whether both declare the same types the same way (what the index is built from).
    package func declaresSameTypes(as other: TypeDeclarationSummary) -> Bool {
        entries == other.entries && aliases == other.aliases && names == other.names && headers == other.headers
    }
}
